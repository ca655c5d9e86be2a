"""The way into a review of a finished game.  The review (the engine's
review, the learned networks, the review screen: the ``review`` packages)
is a bundle of its own (build.py), fetched the first time a review opens
(checked by boot.js like every runtime file, then kept by the service
worker) and unpacked into site-packages; its opener
(:mod:`diceland_web.review.opener`) then takes every way in: "Review this
game", a link's ``review`` value, a reload into a review (``STORE_KEY``).
A first visit fetches none of it: this module is all it holds."""

from __future__ import annotations

import asyncio
import importlib
import io
import sys
import zipfile
from pathlib import Path

import js

from diceland_site.share import REVIEW_KEY

from .dom import el, report, window

STORE_KEY = "diceland:review"
#: The review's modules, imported in this order once unpacked.
MODULES = ("diceland_core.core.review", "diceland_site.review.screen", "diceland_web.review.view",
           "diceland_web.review.opener")


def review(shell, name: str, *args) -> None:
    """Call the review's opener's ``name``, fetching the bundle first."""
    asyncio.ensure_future(_review(shell, name, args))


async def _review(shell, name: str, args) -> None:
    try:
        if shell.reviewer is None:
            path = next(k for k in map(str, js.Object.keys(window.DICELAND_FILES)) if k.startswith("review/"))
            # (boot.js checks its size and hash, and fetches it again or fails)
            data = js.Uint8Array.new(await (await window.fetch(path)).arrayBuffer()).to_bytes()
            zipfile.ZipFile(io.BytesIO(data)).extractall(Path(__file__).resolve().parent.parent)
            sys.path_importer_cache.clear()  # not importlib.invalidate_caches(): that imports importlib.metadata
            for module in MODULES:  # a task each, and the opening one more (the page stays alive)
                await asyncio.sleep(0)
                importlib.import_module(module)
            await asyncio.sleep(0)
            shell.reviewer = sys.modules[MODULES[-1]].Opener(shell)
        getattr(shell.reviewer, name)(*args)
    except Exception as exc:  # noqa: BLE001 — said in words; the game stays as it was
        report(shell.where + " review", exc)
        shell.notices.show_message(shell.t("review.failed", detail=str(exc) or type(exc).__name__), error=True)


def bind(shell) -> None:
    """The end screen's button; a link's review value or a reload's review."""
    shell.reviewer = None
    shell.on(el("btn-over-review"), "click", lambda evt: review(shell, "open_current"))
    try:
        kept = window.sessionStorage.getItem(STORE_KEY)
    except Exception:  # noqa: BLE001 — no session storage: no review kept
        kept = None
    shell.review_at_start = REVIEW_KEY in shell.query or bool(kept)
