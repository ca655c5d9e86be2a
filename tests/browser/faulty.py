"""A server for the browser tests that answers like GitHub Pages
(``Cache-Control: max-age=600`` on every answer) and lets a test break any
answer the way a bad network does, once or for a while:

- ``drop``: the connection closes after a part of the body (the full length announced);
- ``stall``: a part of the body, then nothing until the fault is lifted (then closed);
- ``cut``: a complete 200 answer with only a part of the bytes (its length says so);
- ``scramble``: a complete 200 answer of the right length, its bytes mixed up;
- ``replace``: a 200 page of other HTML (a Wi-Fi login page, say).

    faults.add("pyodide/pyodide.asm.wasm", "cut")          # the next answer only
    faults.add("clever.html", "replace", times=None)       # every answer, until lifted
    faults.lift()                                          # all faults gone, stalls released
    faults.deploy(newer_dist)                              # another build served from now on

``faults.served`` lists (path, fault or "") of every GET, in order, and
``faults.broken`` (path, fault) of every broken answer once its part is sent
(a stalled answer then waits); ``faults.wait_until(lambda:
faults.count_broken(path) >= 1)`` waits for them (checked at each change)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urlsplit

from diceland_build.server import SiteHandler, make_server

__all__ = ["Fault", "Faults", "FaultyServer", "LOGIN_PAGE"]

KINDS = ("drop", "stall", "cut", "scramble", "replace")
#: What a captive portal answers for any page.
LOGIN_PAGE = (b"<!doctype html><html><head><title>Wi-Fi</title></head>"
              b"<body><h1>Please log in to the WiFi</h1></body></html>")
#: How long a stalled answer waits at most for the fault to be lifted.
STALL_LIMIT_S = 120


@dataclass
class Fault:
    kind: str
    times: int | None = 1      # answers left to break (None: until lifted)
    share: float = 0.5         # the part of the body sent (drop, stall, cut)
    body: bytes = LOGIN_PAGE   # replace's answer, and its type
    content_type: str = "text/html; charset=utf-8"


class Faults:
    """The faults of one server, by path (relative to the site, no query)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory  # the build served (deploy changes it)
        self._lock = threading.RLock()
        #: told at each change of ``served`` or ``broken`` (a check of them is asked again then)
        self._changed = threading.Condition(self._lock)
        self._faults: dict[str, Fault] = {}
        self.released = threading.Event()
        self.served: list[tuple[str, str]] = []
        self.broken: list[tuple[str, str]] = []

    def add(self, path: str, kind: str, times: int | None = 1, share: float = 0.5,
            body: bytes = LOGIN_PAGE, content_type: str = "text/html; charset=utf-8") -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown fault {kind!r} (one of {', '.join(KINDS)})")
        with self._lock:
            self.released.clear()
            self._faults[path] = Fault(kind, times, share, body, content_type)

    def lift(self) -> None:
        """No more faults; stalled answers are released (and closed)."""
        with self._lock:
            self._faults.clear()
            self.released.set()

    def deploy(self, directory: Path) -> None:
        """Serve another build from now on, as a new version put online."""
        self.directory = directory

    def take(self, path: str) -> Fault | None:
        """The fault for this answer of ``path`` (counted), and the log."""
        with self._lock:
            fault = self._faults.get(path)
            if fault is not None and fault.times is not None:
                fault.times -= 1
                if fault.times <= 0:
                    del self._faults[path]
            self.served.append((path, fault.kind if fault else ""))
            self._changed.notify_all()
            return fault

    def sent(self, path: str, kind: str) -> None:
        """The broken answer for ``path`` has gone out (a stall's part: it waits now)."""
        with self._lock:
            self.broken.append((path, kind))
            self._changed.notify_all()

    def count(self, path: str, kind: str | None = None) -> int:
        with self._lock:
            return sum(1 for p, k in self.served if p == path and (kind is None or k == kind))

    def count_broken(self, path: str, kind: str | None = None) -> int:
        with self._lock:
            return sum(1 for p, k in self.broken if p == path and (kind is None or k == kind))

    def wait_until(self, check: Callable[[], bool], timeout_s: float = 60) -> None:
        """Until ``check()`` (of :meth:`count` or :meth:`count_broken`) is
        true, asked again at each GET and each broken answer sent; after
        ``timeout_s`` the test fails."""
        with self._changed:
            if not self._changed.wait_for(check, timeout_s):
                raise AssertionError(f"the server did not answer as the test waits for in {timeout_s:g} s "
                                     f"(asked: {[path for path, _ in self.served][-10:]}, broken: {self.broken})")


def scrambled(data: bytes) -> bytes:
    """The same length, the bytes of each half swapped and flipped."""
    half = len(data) // 2
    return bytes(b ^ 0x5A for b in data[half:] + data[:half])


class FaultyHandler(SiteHandler):
    faults: Faults

    def __init__(self, *args, directory: str | None = None, **kwargs) -> None:
        super().__init__(*args, directory=str(self.faults.directory), **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        rel = unquote(urlsplit(self.path).path).lstrip("/") or "index.html"
        if rel.endswith("/"):
            rel += "index.html"
        fault = self.faults.take(rel)
        file = Path(self.directory) / rel
        if fault is None or not file.is_file():
            super().do_GET()
            return
        data = file.read_bytes()
        if fault.kind == "replace":
            self._answer(fault.body, fault.content_type)
        elif fault.kind == "scramble":
            self._answer(scrambled(data), self.guess_type(str(file)))
        elif fault.kind == "cut":
            self._answer(data[: int(len(data) * fault.share)], self.guess_type(str(file)))
        else:  # drop, stall: the length of the whole, a part of the bytes
            self._answer(data, self.guess_type(str(file)), int(len(data) * fault.share))
            self.close_connection = True
        self.faults.sent(rel, fault.kind)
        if fault.kind == "stall":
            self.faults.released.wait(STALL_LIMIT_S)

    def _answer(self, body: bytes, content_type: str, send: int | None = None) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(time.time() - 3600))
        self.end_headers()
        self.wfile.write(body if send is None else body[:send])
        self.wfile.flush()


class FaultyServer:
    """``directory`` on 127.0.0.1 at a free port, with :class:`Faults`."""

    def __init__(self, directory: Path):
        self.faults = Faults(directory)
        handler = type("Handler", (FaultyHandler,), {"faults": self.faults})
        self.httpd = make_server(directory, handler=handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        host, port = self.httpd.server_address[:2]
        self.url = f"http://{host}:{port}/"

    def stop(self) -> None:
        self.faults.lift()
        self.httpd.shutdown()
        self.httpd.server_close()
