"""Lab code of one game (see :mod:`lab`)."""
