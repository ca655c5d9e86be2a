"""The static server for a built site: ``./serve`` and the browser tests
(127.0.0.1, any free port with port 0)."""

from __future__ import annotations

import http.server
import sys
import threading
from pathlib import Path

__all__ = ["MIME_TYPES", "SiteHandler", "make_server", "serve_in_thread"]

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".json": "application/json",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
}

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    verbose = False

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if self.verbose:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0, host: str = "127.0.0.1",
                verbose: bool = False) -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``directory`` (not started; port 0 = any free port)."""
    handler = type("Handler", (SiteHandler,), {"verbose": verbose})

    def factory(*args, **kwargs):
        return handler(*args, directory=str(directory), **kwargs)

    server = QuietServer((host, port), factory)
    server.daemon_threads = True
    return server


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that closes a connection early (a reload, a cancelled
    fetch) is normal for a static site: say nothing about it."""

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def serve_in_thread(directory: Path, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = make_server(directory, port)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, real_port = server.server_address[:2]
    return server, f"http://{host}:{real_port}/"
