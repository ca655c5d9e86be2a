"""Opening the review of a finished game: "Review this game" on the end
screen and in Saved games, a link's ``review`` parameter, and a reload into
the review on screen.  The review itself (the engine's review, the learned
networks, the review screen: ``diceland_web.review``) is a bundle of its own
(build.py), fetched the first time a review opens (checked like every
runtime file by boot.js, then kept by the service worker) and unpacked into
site-packages; nothing of it is in a first visit."""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import io
import json
import sys
import zipfile
from pathlib import Path

import js
from diceland_core.core.record import record_json
from diceland_site.review_link import PARAM, ReviewError, review_param

from .dom import document, el, report, window

__all__ = ["ReviewOpener", "load_bundle", "record_key"]

#: Where the review on screen is kept for a reload (session storage).
STORE_KEY = "diceland:review"


def record_key(state) -> str:
    """A name of a game's record: the same game, the same name."""
    return hashlib.sha256(record_json(state).encode()).hexdigest()[:16]


def _bundle_path() -> str:
    files = getattr(window, "DICELAND_FILES", None)
    names = [str(k) for k in js.Object.keys(files)] if files else []
    found = [n for n in names if n.startswith("review/")]
    if not found:
        raise OSError("this build names no review bundle")
    return found[0]


async def load_bundle() -> None:
    """The review's modules importable: fetched, unpacked into
    site-packages next to the site's wheels (once a visit)."""
    try:
        importlib.import_module("diceland_web.review.view")
        return
    except ImportError:
        pass
    path = _bundle_path()
    response = await window.fetch(path)
    if not response.ok:
        raise OSError(f"{path}: HTTP {response.status}")
    data = js.Uint8Array.new(await response.arrayBuffer()).to_bytes()
    import diceland_site
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        archive.extractall(Path(diceland_site.__file__).resolve().parent.parent)
    sys.path_importer_cache.clear()  # not importlib.invalidate_caches(): that imports importlib.metadata


class ReviewOpener:
    """The ways into a review on one game page; :attr:`view` is the review
    on screen (None when there is none)."""

    def __init__(self, shell):
        self.shell = shell
        self.view = None
        self.opening = False
        shell.on(el("btn-over-review"), "click", lambda evt: self.open_current())

    def own_seat(self, seats) -> int:
        """The first person's seat (0 when every seat is a bot's)."""
        return next((i for i, s in enumerate(seats) if getattr(s, "is_human", False)), 0)

    def open_current(self, seat: int | None = None, decision: int = 0, kept: dict | None = None) -> None:
        """The review of the game on screen (it must be over)."""
        found = self.shell.page.current_game()
        if found is None or not found[0].over:
            self.shell.notices.show_message(self.shell.t("review.not_over"), error=True)
            return
        el("game-over").close()
        if self.opening:
            return
        self.opening = True
        state, seats = found
        seat = self.own_seat(seats) if seat is None else seat
        asyncio.ensure_future(self._open(state, seats, seat, decision, kept))

    async def _open(self, state, seats, seat: int, decision: int, kept: dict | None) -> None:
        shell = self.shell
        try:
            shell.notices.toast(shell.t("review.loading"))
            await load_bundle()
            from .review.view import ReviewView
            if self.view is not None:
                self.view.close()
            self.view = ReviewView(shell, self, state, seats, seat, record_key(state), decision, kept)
        except Exception as exc:  # noqa: BLE001 — said in words, the game stays as it was
            report(shell.where + " review", exc)
            self.undo_half_open()
            shell.notices.show_message(shell.t("review.failed", detail=str(exc) or type(exc).__name__), error=True)
        finally:
            self.opening = False

    def undo_half_open(self) -> None:
        """A review that failed while opening leaves nothing on screen."""
        panel = el("review")
        if panel is not None:
            panel.remove()
        document.body.classList.remove("reviewing")
        self.view = None
        self.shell.page.replay = None
        self.shell.page.render()

    def describe(self) -> str:
        """``window.diceland.review()``: the review on screen as JSON (tests
        read it): open, seat, decision, judged, total, finished, tried."""
        view = self.view
        if view is None or view.closed:
            return json.dumps({"open": False, "opening": self.opening})
        screen, run = view.screen, view.run
        return json.dumps({"open": True, "seat": screen.seat, "decision": screen.cursor, "judged": screen.judged,
                           "total": run.total, "finished": run.finished, "cancelled": run.cancelled,
                           "tried": screen.tried, "mark": (screen.current or {}).get("mark")})

    def closed(self) -> None:
        """The review screen was closed: nothing to come back to on a reload."""
        self.view = None
        try:
            window.sessionStorage.removeItem(STORE_KEY)
        except Exception:  # noqa: BLE001 — no session storage: nothing kept
            pass

    def at_start(self) -> None:
        """Once the page has opened its game: a link's ``review`` value
        (refused in plain words when malformed), else the review a reload
        left on screen."""
        raw = self.shell.query.get(PARAM)
        found = self.shell.page.current_game()
        if raw is not None:
            window.history.replaceState(None, "", self.shell.page_url())
            if found is None:
                return
            try:
                seat, decision = review_param(raw, len(found[1]))
            except ReviewError as exc:
                self.shell.notices.show_message(exc.message(self.shell.strings), error=True)
                return
            self.open_current(seat, decision)
            return
        kept = self._kept()
        if found is not None and kept.get("game") == self.shell.game and kept.get("key") == record_key(found[0]):
            seat, decision = kept.get("seat"), kept.get("decision")
            if isinstance(seat, int) and 0 <= seat < len(found[1]) and isinstance(decision, int):
                self.open_current(seat, decision, kept)

    def _kept(self) -> dict:
        try:
            data = json.loads(str(window.sessionStorage.getItem(STORE_KEY) or "{}"))
        except Exception:  # noqa: BLE001 — damaged or no storage: no review to come back to
            return {}
        return data if isinstance(data, dict) else {}

    def keep(self, data: dict) -> None:
        try:
            window.sessionStorage.setItem(STORE_KEY, json.dumps(data))
        except Exception:  # noqa: BLE001 — full or no storage: a reload starts the review again
            pass
