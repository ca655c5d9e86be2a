"""The greedy bot: the most points right now.

Every decision takes the legal action whose mark (with its whole bonus
chain, choices made the same way) raises the sheet's total score the most
(C10); ties go to the lower die for a pick (fewer dice leave the hand) and
then to the first in the legal order.  It never rerolls, and it uses a +1
action whenever one gains points.
"""

from __future__ import annotations

from typing import Any

from ..actions import EndTurn
from ..game import Game
from ..sheet import Sheet
from .base import DIE, BaseBot, choice_mark, try_action

__all__ = ["GreedyBot", "score_settle"]


def _best_field(s: Sheet, area: int) -> tuple[Any, int]:
    best = None
    for f in s.free_fields(area):
        t = s.copy()
        v = score_settle(t, t.mark(area, f, 0))
        if best is None or v > best[1]:
            best = (f, v)
    return best


def score_settle(s: Sheet, block: list) -> int:
    """Resolve ``block`` on ``s`` greedily and return the total score."""
    pending = list(block)
    s.resolve(pending)
    while pending:
        area = 0 if pending[0] == "yellow_x" else 1
        f, _ = _best_field(s, area)
        pending.pop(0)
        pending[0:0] = s.mark(area, f, 0)
        s.resolve(pending)
    return s.total()


class GreedyBot(BaseBot):
    kind = "greedy"

    def choose(self, state: Game, player: int) -> Any:
        actions = state.legal_actions(player)
        sheet = state.sheets[player]
        base = sheet.total()
        best, best_key = None, None
        for a in actions:
            t = a.type
            if t in ("pick", "take", "extra") and a.area is not None:
                gain = try_action(state, sheet, a, score_settle)[2] - base
                if t == "extra" and gain <= 0:
                    continue
                key = (gain, -state.faces[DIE[a.die]] if t == "pick" else 0)
            elif t in ("bonus", "round_bonus"):
                s = sheet.copy()
                area, f = choice_mark(a)
                key = (score_settle(s, s.mark(area, f, 6)) - base, 0)
            elif t == "pick":          # nothing usable (R1): keep the most dice
                key = (-1000, -state.faces[DIE[a.die]])
            elif t in ("pass", "end_turn"):
                key = (-0.5, 0)
            else:                      # reroll
                continue
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best if best is not None else EndTurn()
