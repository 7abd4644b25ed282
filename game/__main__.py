"""Entry point for ``python -m game``."""

import sys

from .cli import main

sys.exit(main())
