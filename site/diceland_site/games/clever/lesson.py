"""Ganz schön clever in a lesson: the page's own controller, view model and
draw lists behind the :class:`~diceland_site.lessons.Board` surface of
:mod:`diceland_site.lessons` (``embed.html?game=clever&scenario=…``).

The seat the reader plays is a person; the others never move (nobody asks
them to).  Every action goes through the session's ``check`` before the
engine applies it, so a wrong try is refused with the engine's own reason.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Sequence


from ...i18n import error_details, error_text
from ...lessons import JudgedMoves, LessonBoard, Outcome
from .controller import Controller, Result
from .draw import COLOURS_CSS, die_rect, frame_ops, hit, static_ops
from .layout import GEOMETRY, CanvasLayout
from .model import build_model
from .strings import COLOUR_SYMBOLS

__all__ = ["make_board", "LessonController", "CleverBoard"]

class LessonController(JudgedMoves, Controller):
    """The page's controller, every action judged first by ``check``."""

    RESULT = Result

    def tap_die(self, colour: str) -> Result:
        """A die the page would not select: the engine says why, for the
        move it would most likely make (the die in its own area, else
        entering nothing)."""
        self.last_die = colour
        result = super().tap_die(colour)
        p = self.current()
        if result.ok or p is None or not self.seats[p].is_human:
            return result
        s = self.game
        areas = [colour] if colour != "white" else []
        for area in areas + [None]:
            fld = s.faces[0] + s.faces[2] if area == "blue" else None
            err = s.refusal(self.die_action(p, colour, area, fld))
            if err is not None:
                return Result(False, error_text(err, self.lang, self.names), error_details(err, self.lang))
        return result


class CleverBoard(LessonBoard):
    CONTROLLER = LessonController

    def start(self) -> None:
        state = self.state
        if self.human is not None:
            self.ctrl.viewing = None
        else:
            self.ctrl.viewing = state.pending_player if state.pending_player is not None else state.active

    @property
    def state(self):
        return self.ctrl.game

    def model(self):
        return build_model(self.ctrl)

    # -- what the page lists ------------------------------------------------------
    def dice(self) -> list[dict]:
        platter = self.strings.t("clever.sheet.platter")
        out = []
        for d in self.model().dice:
            out.append({"id": d.colour, "label": d.label + (f" ({platter})" if d.place == "platter" else ""),
                        "text": f"{d.value} {COLOUR_SYMBOLS[d.colour]}", "fill": COLOURS_CSS[d.colour],
                        "ink": "#1b1b1b", "enabled": self.human is not None,
                        "dim": self.human is not None and not d.usable,
                        "selected": d.selected})
        return out

    def targets(self) -> list[dict]:
        return [{"id": json.dumps([area, list(index) if isinstance(index, tuple) else index]),
                 "label": self.strings.target_label(area, index)} for area, index in self.model().targets]

    def buttons(self) -> list[dict]:
        return [{"id": b.id, "label": b.label, "enabled": b.enabled, "visible": b.visible}
                for b in self.model().buttons if b.id in ("reroll", "extra", "confirm", "pass", "done")]

    def prompt(self) -> str:
        return self.model().prompt

    def status(self) -> str:
        m = self.model()
        if m.over:
            return self.strings.t("clever.prompt.over")
        who = m.current if m.current is not None else m.active
        text = self.strings.t("clever.status", round=m.round, rounds=m.rounds, name=m.seats[who].name)
        return text + (" · " + self.strings.t("clever.status.passive") if m.solo_passive else "")

    def players(self) -> list[str]:
        m = self.model()
        return [f"{p.name} {p.scores['total']}" for p in m.seats]

    def shown_seat(self) -> int:
        return self.model().shown

    def view(self, seat: int) -> None:
        self.ctrl.viewing = seat

    def facts(self) -> dict[str, Any]:
        return {}

    def board_label(self) -> str:
        m = self.model()
        p = m.seats[m.shown]
        return self.strings.t("clever.scores", name=p.name, foxes=p.foxes, **p.scores)

    # -- the reader's inputs -------------------------------------------------------
    def tap_die(self, ident: str) -> Outcome:
        return self.outcome(self.ctrl.tap_die(ident))

    def tap_target(self, ident: str) -> Outcome:
        try:
            area, index = json.loads(ident)
        except (ValueError, TypeError):
            return Outcome(False)
        return self.outcome(self.ctrl.tap_mark(str(area), tuple(index) if isinstance(index, list) else index))

    def press(self, name: str) -> Outcome:
        return self.outcome(self.ctrl.press(name))

    def key(self, key: str) -> Outcome | None:
        if key == "Escape":
            self.ctrl.clear_selection()
            return Outcome()
        return None

    def answer_taps(self, action: Any) -> list[tuple[str, str]]:
        """The inputs that make ``action``: ``("die", id)``, ``("target", id)``, ``("button", name)``."""
        out = []
        for tap in self.ctrl.action_taps(action.player if hasattr(action, "player") else 0, action):
            if tap[0] == "mark":
                index = tap[2]
                out.append(("target", json.dumps([tap[1], list(index) if isinstance(index, tuple) else index])))
            else:
                out.append((tap[0], str(tap[1])))
        return out

    def touches(self, action: Any) -> bool:
        """The reader's inputs so far are part of ``action`` (the die they tapped is its die)."""
        die = self.ctrl.selection or self.ctrl.last_die
        return die is not None and getattr(action, "die", None) == die

    # -- drawing -------------------------------------------------------------------
    def layout(self, css_width: float, dpr: float, max_height: float | None = None) -> CanvasLayout:
        return CanvasLayout(max(280.0, css_width), dpr)

    def static_ops(self) -> list[tuple]:
        return static_ops(self.ctrl.lang)

    def frame_ops(self) -> list[tuple]:
        return frame_ops(self.model(), self.state)

    def tap_point(self, layout: CanvasLayout, css_x: float, css_y: float) -> Outcome | None:
        x, y = layout.to_sheet(css_x, css_y)
        spot = hit(self.model(), x, y)
        return None if spot is None else self.outcome(self.ctrl.tap(spot))

    def target_point(self, layout: CanvasLayout, ident: str) -> tuple[float, float] | None:
        """Where a die (``"blue"``) or a field (a target id) is drawn, in CSS pixels."""
        if not ident.startswith("["):
            d = next((d for d in self.model().dice if d.colour == ident), None)
            return None if d is None else layout.to_css(die_rect(d).cx, die_rect(d).cy)
        area, index = json.loads(ident)
        r = GEOMETRY.mark_rect(area, tuple(index) if isinstance(index, list) else index)
        return None if r is None else layout.to_css(r.cx, r.cy)


def make_board(state, names: Sequence[str], lang: str, human: int | None, check: Callable | None) -> CleverBoard:
    return CleverBoard(state, names, lang, human, check)
