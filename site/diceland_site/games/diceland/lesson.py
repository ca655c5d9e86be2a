"""Diceland in a lesson: the page's own controller, view model and draw
lists behind the :class:`~diceland_site.lessons.Board` surface of
:mod:`diceland_site.lessons` (``embed.html?scenario=…`` and ``?s=…``), how
its lessons differ from the defaults (:data:`RULES`), and the game page's
"Share position" link (:func:`scenario_of_game`, :func:`share_link`).

The seat the reader plays is a person; the others never move.  Every action
goes through the session's ``check`` before the engine applies it, so a
wrong try is refused with the engine's own reason.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Sequence

from diceland_core.games.diceland import Game
from diceland_core.games.diceland.actions import Action, Pass, Place, action_to_json
from diceland_core.games.diceland.board import load_board
from diceland_core.core.errors import BoardError

from . import draw
from .controller import Controller, Result
from ...lessons import JudgedMoves, LessonBoard, LessonRules, Outcome
from ...teaching import embed_url, encode_scenario

__all__ = ["make_board", "RULES", "LessonController", "DicelandBoard", "scenario_of_game", "share_link"]

_GROUPS = {"held": "dice.held", "leftover": "dice.leftovers", "bonus": "dice.bonus"}
_BUTTONS = ("reroll", "stop", "confirm", "pass")


def actor(game: Game, action: Action) -> int:
    """Who makes ``action``: a placement's or a pass's player, else the one to move."""
    return action.player if isinstance(action, (Place, Pass)) else game.active


def _kind(game: Game, action: Action) -> tuple:
    """What ``"any_legal_of_kind"`` compares: type, player and, for a
    placement, the colour of its cells."""
    if isinstance(action, Place):
        board = game.boards[action.player]
        return ("place", action.player, board.colour_at(*action.cells[0]) if action.cells else None)
    if isinstance(action, Pass):
        return ("pass", action.player)
    return (action.type, game.active)


def same_kind(game: Game, action: Action, expected: Action) -> bool:
    return _kind(game, action) == _kind(game, expected)


def same_move(game: Game, action: Action, expected: Action) -> bool:
    """The expected action itself (a placement's cells in any order)."""
    if isinstance(action, Place) and isinstance(expected, Place):
        return action.player == expected.player and set(action.cells) == set(expected.cells)
    return action == expected


class LessonController(JudgedMoves, Controller):
    """The page's controller, every action judged first by ``check``."""

    RESULT = Result


class DicelandBoard(LessonBoard):
    CONTROLLER = LessonController
    #: the cell the reader tapped last (which of the lesson's wrong placements they are making)
    last_cell: tuple[int, int] | None = None
    _layout: draw.Layout | None = None

    def start(self) -> None:
        game = self.state
        if self.human is None:
            self.ctrl.view_sheet(game.bonus_player if game.bonus_player is not None else game.active)
        elif self.ctrl.needs_roll():
            self.ctrl.roll()

    @property
    def state(self) -> Game:
        return self.ctrl.game

    # -- what the page lists ------------------------------------------------------
    def dice(self) -> list[dict]:
        t = self.strings.t
        out = []
        for d in self.ctrl.model().dice:
            out.append({"id": str(d.index), "label": d.label, "text": "" if d.colour else "?",
                        "svg": draw.symbol_svg(d.colour, 22, d.text) if d.colour else "",
                        "fill": d.fill, "ink": d.text, "enabled": d.enabled, "selected": d.selected,
                        "dim": d.placeable is False, "group": d.group,
                        "group_label": t(_GROUPS[d.group]) if d.group in _GROUPS else "",
                        "classes": " ".join(c for c in (d.colour, "held" if d.group == "held" else "") if c)})
        return out

    def targets(self) -> list[dict]:
        return []

    def buttons(self) -> list[dict]:
        m = self.ctrl.model()
        return [{"id": b.id, "label": b.label, "enabled": b.enabled, "visible": b.visible}
                for b in m.buttons if b.id in _BUTTONS]

    def prompt(self) -> str:
        return self.ctrl.model().prompt

    def status(self) -> str:
        m = self.ctrl.model()
        return m.prompt if self.state.over else f"{m.turn_label} · {m.phase_label} · {m.status}"

    def players(self) -> list[dict]:
        return [{"text": f"{p.name} ★{p.stars}", "shown": p.shown, "active": p.active}
                for p in self.ctrl.model().seats]

    def shown_seat(self) -> int:
        return self.ctrl.shown_player()

    def view(self, seat: int) -> None:
        self.ctrl.view_sheet(seat)

    def board_label(self) -> str:
        m = self.ctrl.model()
        shown = m.shown
        return self.strings.t("board.label", name=self.ctrl.names[shown]) + " · " + m.seats[shown].stars_label

    def picture_title(self) -> str:
        """A lesson picture's title: the player's name (the same in every language)."""
        return self.ctrl.names[self.shown_seat()]

    def facts(self) -> dict[str, Any]:
        """The engine's view of the position (tests compare it with a replay)."""
        g, m = self.state, self.ctrl.model()
        return {"active": g.active, "phase": g.phase.value, "turn": g.turn,
                "crossed": [[list(c) for c in s.crossed_cells()] for s in g.sheets],
                "dice": [{"colour": d.colour, "group": d.group, "enabled": d.enabled} for d in m.dice],
                "highlights": [list(c) for c in m.highlights] if self.human is not None else [],
                "selection": [list(c) for c in m.selection]}

    # -- the reader's inputs -------------------------------------------------------
    def tap_die(self, ident: str) -> Outcome:
        self.last_cell = None
        try:
            return self.outcome(self.ctrl.press_die(int(ident)))
        except ValueError:
            return Outcome(False)

    def tap_cell(self, row: int, col: int) -> Outcome:
        self.ctrl.cursor = None
        self.last_cell = (row, col)
        return self.outcome(self.ctrl.tap(row, col))

    def tap_target(self, ident: str) -> Outcome:
        try:
            row, col = json.loads(ident)
            return self.tap_cell(int(row), int(col))
        except (ValueError, TypeError):
            return Outcome(False)

    def press(self, name: str) -> Outcome:
        self.last_cell = None
        ctrl = self.ctrl
        method = {"confirm": ctrl.confirm, "pass": ctrl.pass_, "reroll": ctrl.reroll, "stop": ctrl.stop}.get(name)
        return Outcome(False) if method is None else self.outcome(method())

    def key(self, key: str) -> Outcome | None:
        """A key on the board: a move it made (or the lesson refused) is an
        outcome; moving the cursor is not (the feedback stays)."""
        before = len(self.state.actions)
        self.ctrl.check_called = False
        if not self.ctrl.handle_key(key):
            return None
        return Outcome() if len(self.state.actions) != before or self.ctrl.check_called else None

    def answer_taps(self, action: Any) -> list[tuple[str, str]]:
        """The inputs that make ``action``: ``("die", id)``, ``("target", id)``, ``("button", name)``."""
        if isinstance(action, Place):
            return [("target", json.dumps(list(c))) for c in action.cells] + [("button", "confirm")]
        if action.type == "choose":
            dice = self.ctrl.model().dice
            return [("die", str(next(d.index for d in dice if d.colour == action.colour.key)))]
        return [("button", action.type)]

    def touches(self, action: Any) -> bool:
        """The reader's taps so far are cells of ``action`` (one of the lesson's wrong placements)."""
        if not isinstance(action, Place) or self.last_cell is None or action.player != self.ctrl.current_seat():
            return False
        return set(self.ctrl.selection) | {self.last_cell} <= {tuple(c) for c in action.cells}

    # -- drawing -------------------------------------------------------------------
    def layout(self, css_width: float, dpr: float, max_height: float | None = None) -> draw.Layout:
        board = self.ctrl.shown_board()
        probe = draw.Layout.for_board(board, css_width, 100000.0, dpr)
        self._layout = draw.Layout.for_board(board, css_width, probe.content_height, dpr)
        return self._layout

    def _current(self) -> draw.Layout:
        return self._layout or self.layout(480.0, 1.0)

    def static_ops(self) -> list[tuple]:
        return self.ctrl.static_ops(self._current())

    def frame_ops(self) -> list[tuple]:
        return self.ctrl.frame_ops(self._current())

    def tap_point(self, layout: draw.Layout, css_x: float, css_y: float) -> Outcome | None:
        cell = draw.hit(layout, css_x, css_y)
        return None if cell is None else self.tap_cell(*cell)

    def target_point(self, layout: draw.Layout, ident: str) -> tuple[float, float] | None:
        """Where a cell (a target id ``[row, col]``) is drawn, in CSS pixels."""
        try:
            row, col = json.loads(ident)
            return layout.cell_center(int(row), int(col))
        except (ValueError, TypeError):
            return None


def make_board(game: Game, names: Sequence[str], lang: str, human: int | None, check: Callable | None) -> DicelandBoard:
    return DicelandBoard(game, names, lang, human, check)


#: Diceland's lessons open at step 1; every step asks for the script's next
#: move; a placement of the right colour counts when the lesson says so
RULES = LessonRules(make_board, opens_at_first_step=True, next_move_tries=True, shows_try_player=True,
                    actor=actor, same_move=same_move, same_kind=same_kind, new_game={"board": "A"})


# -- sharing a game's position -------------------------------------------------------------

def _board_ref(board) -> str | dict[str, Any]:
    """A shipped board by id (when it is the same board), else inline."""
    try:
        if load_board(board.id).to_mapping() == board.to_mapping():
            return board.id
    except (BoardError, ValueError, TypeError, OSError):
        pass
    return board.to_mapping()


def scenario_of_game(game: Game, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The game so far as a FORMATS.md scenario (``boards`` extension when
    the players' boards differ): its rolls as ``dice``, its actions, names."""
    setup = game.setup
    refs = [_board_ref(b) for b in setup.boards]
    data: dict[str, Any] = {"players": setup.players}
    if all(r == refs[0] for r in refs) and isinstance(refs[0], str):
        data["board"] = refs[0]
    else:
        data["boards"] = refs
    data["start_player"] = setup.start_player
    crossed = {str(p): [list(c) for c in setup.boards[p].cells_of(m)] for p, m in enumerate(setup.crossed) if m}
    if crossed:
        data["crossed"] = crossed
    data["dice"] = [[c.key for c in roll] for roll in game.rolls]
    data["actions"] = [action_to_json(a) for a in game.actions]
    if names:
        data["names"] = [str(n) for n in names]
    return data


def share_link(game: Game, names: Sequence[str] | None, page_url: str) -> str:
    return embed_url(page_url) + "?s=" + encode_scenario(scenario_of_game(game, names))


