"""What every bot of Ganz schön clever shares: trying a mark on a copy of a
sheet (with its bonus chain), and a driver that plays a whole game.

A bot's ``choose(state, player)`` returns one action of
``state.legal_actions(player)``; bots never change the state, and the same
seed gives the same choices on every Python.  In phase ``finish`` a bot may
be asked as a player who has no compulsory decision left: it answers with a
+1 action it wants, or ``EndTurn()`` meaning "nothing more from me"
(:func:`play_game` gives every player that chance before the turn ends).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ....core.bots import SeededBot
from ..actions import EndTurn
from ..game import Game
from ..sheet import AREAS, COLOURS, YELLOW, Sheet, yellow_bit

__all__ = ["BaseBot", "AREA", "DIE", "choice_mark", "mark_of", "try_action", "finish_order", "play_game"]

AREA = {a: i for i, a in enumerate(AREAS)}
DIE = {c: i for i, c in enumerate(COLOURS)}


def choice_mark(action: Any) -> tuple[int, Any]:
    """(area, internal field) of a ``bonus`` / ``round_bonus`` action."""
    area = AREA[action.area]
    f = action.field
    return area, (yellow_bit(*f) if area == YELLOW else f)


def mark_of(state: Game, action: Any) -> tuple[int, Any, int]:
    """(area, internal field, value) of a die action's mark (already legal)."""
    area = AREA[action.area]
    d = DIE[action.die]
    f = action.field
    if area == YELLOW:
        f = yellow_bit(*f)
    v = state.value(d, area)
    if area == 1:
        f = v
    return area, f, v


def try_action(state: Game, sheet: Sheet, action: Any,
               settle: Callable[[Sheet, list], float]) -> tuple[Sheet, list, float]:
    """The sheet after a die action's mark, its bonus block, and
    ``settle(sheet, block)`` (which resolves the block)."""
    s = sheet.copy()
    if action.type == "extra":
        s.ex_used += 1
    area, f, v = mark_of(state, action)
    block = s.mark(area, f, v)
    return s, block, settle(s, block)


class BaseBot(SeededBot):
    """Seeded (see :class:`SeededBot`); subclasses implement :meth:`choose`."""


def finish_order(state: Game) -> list[int]:
    """Who is asked about +1 actions before a turn ends (C7.4, R11):
    clockwise from the active player's left, the active player last."""
    n = state.players
    return [(state.active + i) % n for i in range(1, n + 1)] if n > 1 else [0]


def play_game(state: Game, bots: Sequence[Any], on_action: Callable | None = None) -> Game:
    """Play ``state`` to the end with one bot per player.  Before a turn
    ends, every player whose part is over is asked (clockwise from the
    active player's left, the active player last) whether to use +1 actions
    (C7.4, R11)."""
    while not state.over:
        waiting = state.waiting_for()
        if state.phase == "finish" and not state.compulsory() and state.pending_player is None:
            for p in finish_order(state):
                while not state.over and state.pending_player is None:
                    if not any(a.type == "extra" for a in state.legal_actions(p)):
                        break
                    action = bots[p].choose(state, p)
                    if action.type != "extra":
                        break
                    state.apply(action)
                    if on_action:
                        on_action(action)
                if state.pending_player is not None:
                    break
            if state.pending_player is not None:
                continue
            action = EndTurn()
        else:
            p = waiting[0]
            action = bots[p].choose(state, p)
        state.apply(action)
        if on_action:
            on_action(action)
    return state
