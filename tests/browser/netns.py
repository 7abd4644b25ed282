"""Whether this machine can make a network namespace (unshare -n, loopback only), where the WebRTC tests run."""

from __future__ import annotations

import subprocess


def namespace_works() -> bool:
    try:
        return subprocess.run(["unshare", "-n", "sh", "-c", "ip link set lo up"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False
