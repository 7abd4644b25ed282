"""A served copy of the site that records what was asked of it (test_compressed, test_lazy_sharing)."""

from __future__ import annotations

import functools
import http.server
import threading
import time
from pathlib import Path

import build


class RecordingServer:
    """The built site served as build.py serves it, remembering the path of every GET it answers."""

    def __init__(self, directory: Path) -> None:
        paths: list[str] = []
        lock = threading.Lock()
        self.delays: dict[str, float] = {}  #: path -> seconds its answer is held back (a slow network's last file)
        delays = self.delays

        class Handler(build.SiteHandler):
            def send_head(self):
                path = self.path.split("?", 1)[0]
                with lock:
                    paths.append(path)
                time.sleep(delays.get(path, 0))
                return super().send_head()

        self.paths = paths
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
