"""The way into the review of a finished game: "Review this game" (the end
screen, Saved games), a link's ``review`` value and a reload into a review.
Everything else of the review (the engine's review, the learned networks,
the review screen: the ``review`` packages) is a bundle of its own
(build.py), fetched the first time a review opens (checked by boot.js like
every runtime file, then kept by the service worker) and unpacked into
site-packages; a first visit fetches none of it."""

from __future__ import annotations

import asyncio
import importlib
import io
import sys
import zipfile
from pathlib import Path

import js

from .dom import el, report, window

__all__ = ["ReviewOpener", "STORE_KEY"]

#: Where the review on screen is kept for a reload (session storage).
STORE_KEY = "diceland:review"


async def load_bundle():
    """The review's opener (:mod:`diceland_web.review.opener`), its bundle
    fetched and unpacked next to the site's wheels the first time."""
    name = "diceland_web.review.opener"
    if name not in sys.modules:
        path = next(k for k in map(str, js.Object.keys(window.DICELAND_FILES)) if k.startswith("review/"))
        response = await window.fetch(path)
        if not response.ok:
            raise OSError(f"{path}: HTTP {response.status}")
        data = js.Uint8Array.new(await response.arrayBuffer()).to_bytes()
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            archive.extractall(Path(__file__).resolve().parent.parent)
        sys.path_importer_cache.clear()  # not importlib.invalidate_caches(): that imports importlib.metadata
    return importlib.import_module(name)


class ReviewOpener:
    """Hands every way into a review to the bundle's opener (once fetched)."""

    def __init__(self, shell):
        self.shell = shell
        self.opener = None
        shell.on(el("btn-over-review"), "click", lambda evt: self.call("open_current"))

    def call(self, name: str, *args) -> None:
        asyncio.ensure_future(self._call(name, args))

    async def _call(self, name: str, args) -> None:
        shell = self.shell
        try:
            if self.opener is None:
                shell.notices.toast(shell.t("review.loading"))
                self.opener = (await load_bundle()).Opener(shell)
            getattr(self.opener, name)(*args)
        except Exception as exc:  # noqa: BLE001 — said in words; the game stays as it was
            report(shell.where + " review", exc)
            shell.notices.show_message(shell.t("review.failed", detail=str(exc) or type(exc).__name__), error=True)

    def open_current(self, seat: int | None = None) -> None:
        self.call("open_current", seat)

    def at_start(self) -> None:
        """A link's review value, or a review a reload left on screen."""
        try:
            kept = window.sessionStorage.getItem(STORE_KEY)
        except Exception:  # noqa: BLE001 — no session storage: no review kept
            kept = None
        if "review" in self.shell.query or kept:
            self.call("at_start")

    def describe(self) -> str:
        """``window.diceland.review()`` (tests read it)."""
        return self.opener.describe() if self.opener else '{"open": false}'
