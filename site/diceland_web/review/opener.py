"""Opening the review of a finished game (the page's
:class:`diceland_web.review_open.ReviewOpener` hands every way in here, once
the review's bundle is in): the review of the game on screen for a seat, a
link's ``review`` value, a reload back into the review on screen."""

from __future__ import annotations

import hashlib
import json

from diceland_core.core.record import record_json
from diceland_site.review.link import PARAM, ReviewError, review_param
from diceland_site.review.screen import ReviewStrings

from ..dom import document, el, report, window
from ..review_open import STORE_KEY
from .view import ReviewView

__all__ = ["Opener", "record_key"]


def record_key(state) -> str:
    """A name of a game's record: the same game, the same name."""
    return hashlib.sha256(record_json(state).encode()).hexdigest()[:16]


class Opener:
    """The ways into a review on one game page; :attr:`view` is the review
    on screen (None when there is none)."""

    def __init__(self, shell):
        self.shell = shell
        self.view = None
        self.strings = ReviewStrings(shell.lang)

    def own_seat(self, seats) -> int:
        """The first person's seat (0 when every seat is a bot's)."""
        return next((i for i, s in enumerate(seats) if getattr(s, "is_human", False)), 0)

    def open_current(self, seat: int | None = None, decision: int = 0, kept: dict | None = None) -> None:
        """The review of the game on screen (it must be over) for ``seat``
        (None: the first person's), at ``decision``."""
        shell = self.shell
        found = shell.page.current_game()
        if found is None or not found[0].over:
            shell.notices.show_message(self.strings.t("review.not_over"), error=True)
            return
        if el("game-over").open:
            el("game-over").close()
        state, seats = found
        seat = self.own_seat(seats) if seat is None else seat
        if self.view is not None:
            self.view.close()
        try:
            self.view = ReviewView(shell, self, state, seats, seat, record_key(state), decision, kept)
        except Exception as exc:  # noqa: BLE001 — said in words, the game stays as it was
            report(shell.where + " review", exc)
            self.undo_half_open()
            shell.notices.show_message(shell.t("review.failed", detail=str(exc) or type(exc).__name__), error=True)

    def language_changed(self) -> None:
        """The page's language changed: its words, and the review on screen
        reopened at the same decision (the engine's sentences are judged
        again in the new language)."""
        self.strings = ReviewStrings(self.shell.lang)
        view = self.view
        if view is not None and not view.closed:
            seat, decision = view.screen.seat, view.screen.cursor
            view.close()
            self.open_current(seat, decision)

    def undo_half_open(self) -> None:
        """A review that failed while opening leaves nothing on screen."""
        panel = el("review")
        if panel:
            panel.remove()
        document.body.classList.remove("reviewing")
        self.view = None
        self.shell.page.replay = None
        self.shell.page.render()

    def describe(self) -> str:
        """``window.diceland.review()``: the review on screen as JSON (tests
        read it): open, seat, decision, judged, total, finished, tried, and
        what the picture shows (``ReviewView.picture``)."""
        view = self.view
        if view is None or view.closed:
            return json.dumps({"open": False})
        screen, run = view.screen, view.run
        return json.dumps({"open": True, "seat": screen.seat, "decision": screen.cursor, "judged": screen.judged,
                           "total": run.total, "finished": run.finished, "cancelled": run.cancelled,
                           "tried": screen.tried, "mark": (screen.current or {}).get("mark"),
                           "opening_ms": round(view.opening_ms, 1), "longest_ms": round(view.longest_ms, 1),
                           "longest": view.longest_what, "picture": view.picture()})

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
        raw = self.shell.query.pop(PARAM, None)  # read once: a later link in this tab is an import
        found = self.shell.page.current_game()
        if raw is not None:
            window.history.replaceState(None, "", self.shell.page_url())
            if found is None:
                return
            try:
                seat, decision = review_param(raw, len(found[1]))
            except ReviewError as exc:
                self.shell.notices.show_message(exc.message(self.strings), error=True)
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
