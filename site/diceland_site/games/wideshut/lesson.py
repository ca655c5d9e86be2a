"""Dice Wide Shut in a lesson: the page's own :class:`~.controller.Controller`, view
model and draw lists behind the :class:`~diceland_site.lessons.Board`
surface of :mod:`diceland_site.lessons` (``embed.html?game=wideshut&…``).

The seat the reader plays is a person; the others never move.  Every action
goes through the session's ``check`` before the engine applies it, so a
wrong try is refused with the engine's own reason.
"""

from __future__ import annotations

import json
from typing import Callable, Sequence


from ...lessons import JudgedMoves, LessonBoard, Outcome
from .announce import box_text
from .draw import SheetLayout, frame_ops, hit, layout_for, static_ops
from .model import DIE_STYLE, position_of
from .controller import Controller, Result

__all__ = ["make_board", "LessonPlay", "WideBoard"]

class LessonPlay(JudgedMoves, Controller):
    """The page's controller, every action judged first by ``check``."""

    RESULT = Result

    def tap_die(self, index: int) -> Result:
        self.last_die = index
        return super().tap_die(index)


class WideBoard(LessonBoard):
    CONTROLLER = LessonPlay

    def start(self) -> None:
        if self.human is None:
            current = self.state.current_player
            self.ctrl.view_sheet(current if current is not None else 0)

    @property
    def state(self):
        return self.ctrl.game

    # -- what the page lists ------------------------------------------------------
    def dice(self) -> list[dict]:
        out = []
        for d in self.ctrl.model().dice:
            fill, ink, symbol = DIE_STYLE[d.colour]
            out.append({"id": str(d.index), "label": d.label, "text": f"{d.value} {symbol}", "fill": fill,
                        "ink": ink, "enabled": self.human is not None and d.enabled, "selected": d.chosen,
                        "dim": d.taken})
        return out

    def targets(self) -> list[dict]:
        return [{"id": json.dumps([t.half, t.row, t.col]),
                 "label": box_text(t.half, t.row, t.col, t.kind, self.strings)}
                for t in self.ctrl.model().targets]

    def buttons(self) -> list[dict]:
        m = self.ctrl.model()
        t = self.strings.t
        return [{"id": name, "label": t(f"button.{name}"), "enabled": m.button(name).enabled, "visible": True}
                for name in ("roll", "confirm", "clear")]

    def prompt(self) -> str:
        m = self.ctrl.model()
        return " ".join([m.prompt, *m.notes])

    def status(self) -> str:
        m = self.ctrl.model()
        return m.end_text or ("" if m.over else self.strings.t("status.round", round=m.round))

    def players(self) -> list[str]:
        return [self.strings.t("tab.text", name=s.name, total=s.total) for s in self.ctrl.model().seats]

    def shown_seat(self) -> int:
        return self.ctrl.model().shown

    def view(self, seat: int) -> None:
        self.ctrl.view_sheet(seat)

    def facts(self) -> dict:
        return {}

    def board_label(self) -> str:
        m = self.ctrl.model()
        seat = m.seats[m.shown]
        return self.strings.t("sheet.label", name=seat.name, total=seat.total)

    # -- the reader's inputs -------------------------------------------------------
    def tap_die(self, ident: str) -> Outcome:
        try:
            return self.outcome(self.ctrl.tap_die(int(ident)))
        except ValueError:
            return Outcome(False)

    def tap_target(self, ident: str) -> Outcome:
        try:
            half, row, col = json.loads(ident)
            return self.outcome(self.ctrl.tap_box(str(half), int(row), int(col)))
        except (ValueError, TypeError):
            return Outcome(False)

    def press(self, name: str) -> Outcome:
        if name == "clear":
            return self.outcome(self.ctrl.key("Escape"))
        if name in ("roll", "confirm"):
            return self.outcome(getattr(self.ctrl, name)())
        return Outcome(False)

    def key(self, key: str) -> Outcome | None:
        if key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape"):
            return self.outcome(self.ctrl.key(key))
        return None

    def answer_taps(self, action) -> list[tuple[str, str]]:
        """The inputs that make ``action``: ``("die", id)``, ``("target", id)``, ``("button", name)``."""
        if action.type == "roll":
            return [("button", "roll")]
        out = [("die", str(i)) for i in action.dice]
        for entry in action.marks:
            pos = position_of(action.colour, entry)
            if pos is not None:
                out.append(("target", json.dumps(list(pos))))
        return out + [("button", "confirm")]

    def touches(self, action) -> bool:
        """The reader's inputs so far are part of ``action`` (the dice they tapped are among its dice)."""
        dice = set(self.ctrl.chosen) | ({self.ctrl.last_die} if self.ctrl.last_die is not None else set())
        return action.type == "take" and bool(dice) and dice <= set(action.dice)

    # -- drawing -------------------------------------------------------------------
    def layout(self, css_width: float, dpr: float, max_height: float | None = None) -> SheetLayout:
        return layout_for(css_width, dpr, max_height)

    def static_ops(self) -> list[tuple]:
        return static_ops(self.strings)

    def frame_ops(self) -> list[tuple]:
        m = self.ctrl.model()
        return frame_ops(self.ctrl.game.sheets[m.shown], m, self.strings)

    def tap_point(self, layout: SheetLayout, css_x: float, css_y: float) -> Outcome | None:
        box = hit(layout, css_x, css_y)
        if box is None:
            return None
        self.ctrl.cursor = box
        return self.outcome(self.ctrl.tap_box(*box))

    def target_point(self, layout: SheetLayout, ident: str) -> tuple[float, float] | None:
        """Where a box (a target id) is drawn, in CSS pixels."""
        try:
            half, row, col = json.loads(ident)
        except (ValueError, TypeError):
            return None
        return layout.box_center_css(str(half), int(row), int(col))


def make_board(game, names: Sequence[str], lang: str, human: int | None, check: Callable | None) -> WideBoard:
    return WideBoard(game, names, lang, human, check)
