"""What ``embed.html`` shows and does for a lesson or a shared position of
any game, as plain data: :class:`LessonSession`.

``watch`` mode steps through the script (nobody may act; Previous / Next /
Reset); ``try`` mode lets the reader play the seat the try of the step on
screen names, through the game plug-in's board, every move judged by
:func:`diceland_site.lessons.judge`; the right one steps on, and sets
``solved`` when it was the lesson's own try.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .i18n import Strings
from .lessons import BoardFactory, LessonScript, Outcome, judge
from .seats import MAX_NAME
from .teaching import TryVerdict, text_in, without_rule_ids

__all__ = ["LessonSession"]


class LessonSession:
    """The widget of one script in ``lang``, opened at ``step`` (default:
    :meth:`LessonScript.check_view`), showing ``seat``'s sheet while
    watching when given."""

    def __init__(self, script: LessonScript, lang: str = "en", step: int | None = None,
                 seat: int | None = None, make_board: BoardFactory | None = None):
        self.script = script
        self.lang = lang
        self.strings = Strings(lang)
        self.make_board = make_board or script.rules.make_board
        self.start_step = script.check_view(step, seat)
        self.seat = seat
        self.names = script.names(lang)
        self.solved = self.just_solved = False
        self.verdict: TryVerdict | None = None
        self.spec: Mapping[str, Any] | None = None
        self.say("")
        self.goto(self.start_step)
        if script.names_trimmed:
            self.say(self.strings.t("note.names_trimmed", max=MAX_NAME))

    # -- moving through the script --------------------------------------------------
    def goto(self, step: int) -> None:
        self.step = max(0, min(self.script.last, step))
        self.mode = "watch"
        self.spec = None
        self.board = self.make_board(self.script.game_at(self.step), self.names, self.lang, None, self.check)
        seat = self.watch_seat()
        if seat is not None:
            self.board.view(seat)

    def watch_seat(self) -> int | None:
        """Whose sheet to show while watching: the link's ``seat``, else
        (for a game that ``shows_try_player``) the one who makes the
        lesson's try at this step, else the board's own choice (None)."""
        if self.seat is not None:
            return self.seat
        spec = self.script.try_at(self.step)
        if self.script.rules.shows_try_player and spec is not None and spec.get("lesson"):
            return self.script.try_player(self.step)
        return None

    def say(self, text: str, kind: str = "info", details: str = "") -> None:
        self.feedback, self.feedback_kind = text, (kind if text else "")
        self.feedback_details = details if text else ""

    def can_try(self) -> bool:
        return self.mode == "watch" and self.script.try_at(self.step) is not None

    def start_try(self) -> bool:
        if not self.can_try():
            return False
        self.spec = self.script.try_at(self.step)
        self.board = self.make_board(self.script.game_at(self.step), self.names, self.lang,
                                     self.script.try_player(self.step), self.check)
        self.mode = "try"
        self.say("")
        return True

    def check(self, state, action) -> TryVerdict:
        """Called by the board before it applies ``action`` in try mode."""
        self.verdict = judge(self.script, state, action, self.lang, self.names, self.spec)
        return self.verdict

    def button(self, name: str) -> bool:
        """The widget's own ``prev``, ``next``, ``reset``, ``try``, ``watch``,
        or (try mode) one of the board's buttons."""
        own: dict[str, Callable[[], Any]] = {
            "prev": lambda: self.goto(self.step - 1), "next": lambda: self.goto(self.step + 1),
            "reset": lambda: self.goto(self.start_step), "watch": lambda: self.goto(self.step)}
        if name == "try":
            return self.start_try()
        if name in own:
            own[name]()
            self.say("")
            return True
        if self.mode != "try":
            return False
        return self._after(self.board.press(name))

    def tap_die(self, ident: str) -> bool:
        return self.mode == "try" and self._after(self.board.tap_die(str(ident)))

    def tap_target(self, ident: str) -> bool:
        return self.mode == "try" and self._after(self.board.tap_target(str(ident)))

    def tap_point(self, layout, x: float, y: float) -> bool:
        if self.mode != "try":
            return False
        result = self.board.tap_point(layout, x, y)
        return result is not None and self._after(result)

    def key(self, key: str) -> bool:
        if self.mode != "try":
            return False
        result = self.board.key(key)
        return result is not None and self._after(result)

    def _after(self, result: Outcome) -> bool:
        verdict, self.verdict = self.verdict, None
        if verdict is not None and verdict.accepted:
            lesson = bool(self.spec is None or self.spec.get("lesson", True))
            self.goto(self.step + 1)
            self.say(self.strings.t("embed.try.right"), "right")
            if lesson:
                self.solved = self.just_solved = True
            return True
        if not result.ok and result.reason:
            self.say(self._with_why(result.reason), "wrong", result.details)
        elif result.ok:
            self.say("")
        return result.ok

    def _with_why(self, reason: str) -> str:
        """A refusal, with the lesson's own explanation when the reader is
        making one of its wrong moves."""
        for action, why in self.script.wrong(self.spec):
            text = without_rule_ids(text_in(why, self.lang)) if why else ""
            if text and text not in reason and self.board.touches(action):
                return reason + " " + text
        return reason

    def take_solved(self) -> bool:
        """True once after the lesson's try was solved (the page tells its parent)."""
        out, self.just_solved = self.just_solved, False
        return out

    # -- what the page shows -----------------------------------------------------------
    def prompt(self) -> str:
        if self.mode == "try":
            own = text_in(self.spec.get("prompt"), self.lang) if self.spec else ""
            return (own + " " if own else "") + self.board.prompt()
        spec = self.script.try_at(self.step)
        if spec is None:
            return ""
        if spec.get("lesson"):
            return text_in(spec.get("prompt"), self.lang) + " " + self.strings.t("embed.try.available")
        player = self.script.try_player(self.step)
        return self.strings.t("embed.try.next", name=self.names[player]) if player is not None else ""

    def controls(self) -> list[dict]:
        t = self.strings.t
        trying = self.mode == "try"
        out = [
            {"id": "prev", "label": t("embed.button.prev"), "visible": not trying, "enabled": self.step > 0},
            {"id": "next", "label": t("embed.button.next"), "visible": not trying,
             "enabled": self.step < self.script.last},
            {"id": "try", "label": t("embed.button.try"), "visible": not trying, "enabled": self.can_try()},
            {"id": "watch", "label": t("embed.button.watch"), "visible": trying, "enabled": trying},
        ]
        out += [dict(b, visible=trying and b["visible"], enabled=trying and b["enabled"])
                for b in self.board.buttons()]
        out.append({"id": "reset", "label": t("embed.button.reset"), "visible": True, "enabled": True})
        return out

    def model(self) -> dict[str, Any]:
        t = self.strings.t
        trying = self.mode == "try"
        return {
            "game": self.script.game,
            "lang": self.lang,
            "title": self.script.title(self.lang),
            "explain": self.script.explain(self.lang),
            "caption": self.script.caption(self.step, self.lang),
            "step_label": t("embed.step", step=self.step, steps=self.script.last),
            "status": self.board.status(),
            "prompt": self.prompt(),
            "board_label": self.board.board_label(),
            "players": self.board.players(),
            "dice": self.board.dice(),
            "targets": self.board.targets() if trying else [],
            "controls": self.controls(),
            "feedback": self.feedback,
            "feedback_kind": self.feedback_kind,
            "feedback_details": self.feedback_details,
            "mode": self.mode,
        }

    def state(self) -> dict[str, Any]:
        """The position on screen as JSON-ready data (for tests and tools)."""
        return {
            "ok": True,
            "game": self.script.game,
            "lesson": self.script.lesson,
            "lang": self.lang,
            "mode": self.mode,
            "step": self.step,
            "steps": self.script.last,
            "seat": self.board.shown_seat(),
            "actions": len(self.board.state.actions),
            "summary": self.board.state.summary(),
            "can_try": self.can_try(),
            "prompt": self.prompt(),
            "targets": self.board.targets() if self.mode == "try" else [],
            "feedback": self.feedback,
            "feedback_kind": self.feedback_kind,
            "feedback_details": self.feedback_details,
            "solved": self.solved,
            "names": self.names,
            **self.board.facts(),
        }
