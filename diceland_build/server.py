"""The static server for a built site: ``./serve`` and the browser tests
(127.0.0.1, any free port with port 0), or ``./serve --lan`` for the phones
of the local network (every address of this machine, :func:`site_urls`
lists the links to open)."""

from __future__ import annotations

import http.server
import socket
import sys
import threading
from pathlib import Path

__all__ = ["MIME_TYPES", "SiteHandler", "make_server", "serve_in_thread", "LAN_HOST", "lan_addresses", "site_urls"]

#: the host that listens on every network of this machine
LAN_HOST = "0.0.0.0"

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
                verbose: bool = False, handler: type[SiteHandler] = SiteHandler) -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``directory`` (not started; port 0 = any free port;
    ``handler``: a :class:`SiteHandler` of another kind)."""
    handler = type("Handler", (handler,), {"verbose": verbose})

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


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its local networks (no loopback):
    the one its default route leaves from (a UDP socket is "connected",
    which sends nothing) and those of its host name."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, nothing is sent
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        pass
    return [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith(("127.", "0."))]


def site_urls(host: str, port: int) -> list[str]:
    """The links a browser opens for a server on ``host``: this machine's
    own, then, listening on every network (:data:`LAN_HOST`), one per
    local address (what a phone on the same network opens)."""
    if host != LAN_HOST:
        return [f"http://{host}:{port}/"]
    return [f"http://127.0.0.1:{port}/", *(f"http://{a}:{port}/" for a in lan_addresses())]
