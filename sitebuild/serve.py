"""Serving dist/ on localhost the way GitHub Pages does (gzip, MIME types)."""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import io
from pathlib import Path
from typing import Any, BinaryIO

from sitebuild.common import DIST, MIME_TYPES
from sitebuild.site import build


#: Types sent gzip-compressed when the client accepts it, as GitHub Pages does; others (.zip, .whl, .png) go raw
GZIP_SUFFIXES = (".wasm", ".js", ".mjs", ".json", ".css", ".html", ".webmanifest", ".toml", ".py", ".svg", ".txt")
_gzip_cache: dict[tuple[str, int, int], bytes] = {}


def gzip_bytes(path: Path) -> bytes:
    """``path`` gzip-compressed (level 6, no timestamp), cached per path, size and modification time."""
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _gzip_cache:
        _gzip_cache[key] = gzip.compress(path.read_bytes(), 6, mtime=0)
    return _gzip_cache[key]


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files as GitHub Pages serves them: the site's MIME types, gzip for compressible types
    (``Content-Encoding``, honouring ``Accept-Encoding``), revalidated on every request (like a fresh deploy)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.suffix in GZIP_SUFFIXES and path.is_file()):
            return super().send_head()
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since:  # a revalidation (the service worker's "no-cache" precache fetch) of an unchanged file: no body
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= modified
            except (TypeError, ValueError, IndexError, OverflowError):
                unchanged = False
            if unchanged:
                self.send_response(304)
                self.send_header("Last-Modified", self.date_time_string(modified))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        body = gzip_bytes(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # quiet: errors only
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 8000, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``directory`` on ``host:port`` (port 0: any free port)."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(port: int) -> None:
    """Build, then serve dist/ until interrupted."""
    build()
    server = make_server(DIST, port)
    print(f"Serving the site on http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
