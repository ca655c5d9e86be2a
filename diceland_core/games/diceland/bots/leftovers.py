"""What the leftover dice give the rival (D3.6, D4.2), for the learned
bot's phase-1 plan with two players.

A stop in phase 1 hands the rival the dice of the last roll that were not
set aside: the rival places all of one colour of them, or passes, once the
active player has placed.  So an end of phase 1 with ``h`` dice is worth,
to the active player ``p``, the margin left after the rival's best reply:
the rival's own margin (the network's value of the rival's afterstate,
both sheets placed, the rival the next active player, D6.4) turned round.
The rival replies as the learned bot does: by the network's value of
every legal placement of each colour and count, or a pass.  A player at
the goal after phase 2 wins, shared when both are (D6.2).

The dice left after a reroll that missed are ``k`` dice of the five other
colours, each 1/5: :func:`leftover_rolls` lists every such roll exactly.
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial

from ....core.kept import Kept
from ....core.network import Network
from ..game import Game
from .evaluate import _compositions, evaluator_for
from .network import final_margin, own_part, rival_part

__all__ = ["leftover_rolls", "Replies", "after_reply"]


@lru_cache(maxsize=None)
def leftover_rolls(k: int) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """Every way ``k`` leftover dice fall on the five colours other than
    the chosen one (a reroll that missed it, D3.5): ``(probability, counts
    over those five colours, in colour order)``."""
    out = []
    for counts in _compositions(k, 5):
        p = factorial(k) / 5 ** k
        for n in counts:
            p /= factorial(n)
        out.append((p, counts))
    return tuple(out)


class Replies:
    """The rival's best reply to any leftover dice, against the afterstates
    of the active player ``player`` of ``game`` (two players)."""

    def __init__(self, game: Game, player: int, net: Network):
        self.game, self.player, self.net = game, player, net
        self.rival = 1 - player
        board = game.boards[self.rival]
        self.crossed = game.sheets[self.rival].crossed
        self.star_mask = board.star_mask
        self.ev = evaluator_for(board)
        self._replies: dict[tuple[int, int], int | None] = {}
        self._tables: dict[tuple[int, int], dict] = {}

    def reply(self, colour: int, n: int) -> int | None:
        """The rival's placement of ``n`` dice of ``colour`` (a mask; None
        when none is legal): of every legal one, the one the network values
        most against the active player's sheet as it is (the rival does not
        see its placement, D4.3)."""
        key = (colour, n)
        if key not in self._replies:
            mine = self.game.sheets[self.player].crossed
            self._replies[key] = max((m for m, _, _ in self.ev.options(self.crossed, colour, n)),
                                     key=lambda m: self.rival_value(mine, 0, m), default=None)
        return self._replies[key]

    def rival_value(self, mine: int, rolls: int, mask: int) -> float:
        """The rival's margin once it crossed ``mask`` (0: a pass) and the
        active player's sheet is ``mine`` with ``rolls`` bonus rolls to take."""
        game, rival = self.game, self.rival
        theirs = self.crossed | mask
        at_goal = tuple(q for q, crossed in ((self.player, mine), (rival, theirs))
                        if evaluator_for(game.boards[q]).reached_goal(crossed))
        if at_goal:
            return final_margin(tuple(sorted(at_goal)), rival, game.players)
        stars = (mask & self.star_mask).bit_count()
        own = _part(self.net, game.boards[rival], theirs, stars, True)
        return self.net.joined(own, _part(self.net, game.boards[self.player], mine, rolls, False))

    def table(self, mine: int, rolls: int, colour: int, most: int) -> dict:
        """``{None: a pass, (c, n): the reply with n dice of c}``: the
        rival's margin, for every colour but ``colour`` and up to ``most``
        dice, against the active player's sheet ``mine`` with ``rolls``
        bonus rolls to take."""
        key = (mine, rolls)
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = {None: self.rival_value(mine, rolls, 0)}
        for c in range(6):
            for n in range(1, most + 1):
                if c != colour and (c, n) not in found:
                    m = self.reply(c, n)
                    found[(c, n)] = found[None] if m is None else self.rival_value(mine, rolls, m)
        return found


#: (about two games' worth, 64 sums each: a few MB)
_PARTS = Kept(4096)


def _part(net: Network, board, crossed: int, rolls: int, own: bool) -> list:
    """The network's hidden sums of one side of a rival's afterstate once
    both placed (:func:`own_part`, the rival the next active player, or
    :func:`rival_part`, the active player), kept between decisions."""
    key = (id(net), id(board), crossed, rolls, own)
    found = _PARTS.get(key)
    if found is not None and found[0] is net and found[1] is board:
        return found[2]
    side = (board, crossed, rolls, False)
    part = net.part(own_part(side, True) if own else rival_part(side))
    _PARTS.keep(key, (net, board, part))
    return part


def after_reply(table: dict, counts) -> float:
    """The active player's margin once the rival replied to the leftover
    dice ``counts`` (``(colour, n)`` pairs) by ``table`` (:meth:`Replies.table`)."""
    best = table[None]
    for key in counts:
        v = table[key]
        if v > best:
            best = v
    return -best
