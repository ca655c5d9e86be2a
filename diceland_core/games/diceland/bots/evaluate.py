"""Position evaluation shared by the greedy and expert bots.

Everything here works on one player's crossed-cell bit mask (the start cell
included) on one board, never on a :class:`~diceland_core.games.diceland.game.Game`, so a bot
can look at "what if I crossed these cells" without copying anything.

:class:`Evaluator` holds per-board tables and caches keyed by the crossed
mask:

* :meth:`Evaluator.value` — how good a sheet is: bonus cells crossed and the
  distance to the nearest ones still needed (RULES.md D6.1 asks for 9), the
  work left to complete the best colour, and the size of the frontier;
* :meth:`Evaluator.options` — every legal placement of *n* cells of a colour
  from a mask (RULES.md D2), with the value after it;
* :meth:`Evaluator.bonus_value` — the expected gain of one bonus roll (D5.3:
  5 dice, pick one colour shown, place all dice of it or pass), exactly over
  the 252 possible rolls.

Probabilities of the dice (D1.1: each colour 1/6) are precomputed here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb, factorial

from ....core.kept import Kept
from ..board import Board, iter_bits
from ..colours import Colour
from ..sheet import GOAL_STARS, Sheet

__all__ = [
    "Weights", "Evaluator", "evaluator_for", "hit_probabilities", "BONUS_ROLLS", "WIN_VALUE",
]

#: The value of a sheet that has reached the goal (D6.1): more than anything else.
WIN_VALUE = 1000.0
#: the most entries each of an evaluator's caches keeps (core/kept.py)
_CACHE_LIMIT = 150_000


def hit_probabilities(k: int) -> tuple[float, ...]:
    """``P[j]``: the chance that exactly ``j`` of ``k`` rerolled dice show the
    chosen colour (D3.5; binomial with p = 1/6)."""
    return tuple(comb(k, j) * (1 / 6) ** j * (5 / 6) ** (k - j) for j in range(k + 1))


def _compositions(n: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(n,)]
    return [(i,) + rest for i in range(n + 1) for rest in _compositions(n - i, parts - 1)]


def _bonus_rolls() -> tuple[tuple[float, tuple[tuple[int, int], ...]], ...]:
    """Every 5-dice roll (D5.3) as (probability, ((colour, count), …))."""
    out = []
    for counts in _compositions(5, 6):
        p = factorial(5) / 6 ** 5
        for k in counts:
            p /= factorial(k)
        out.append((p, tuple((c, k) for c, k in enumerate(counts) if k)))
    return tuple(out)


#: The 252 distinct bonus rolls with their probabilities (they sum to 1).
BONUS_ROLLS = _bonus_rolls()


@dataclass(frozen=True)
class Weights:
    """The weights of :meth:`Evaluator.value`."""

    star: float = 8.0          # per bonus cell crossed (up to the 9 needed)
    star_distance: float = 1.0  # per step to each of the nearest bonus cells still needed
    colour_cell: float = 1.0   # per cell left in the best colour
    colour_zone: float = 1.5   # per unfinished zone of the best colour
    second_colour: float = 0.25  # the same, for the second-best colour
    cell: float = 0.3          # per cell crossed (general progress)
    frontier: float = 0.08     # per cell next to the crosses (open options)
    colours_reachable: float = 0.4  # per colour present next to the crosses


class _Grid:
    """Shift-based dilation on a board's bit masks (one step of hex adjacency
    for every cell of a mask at once, RULES.md D1.3), obstacles excluded."""

    def __init__(self, board: Board):
        cols, rows = board.cols, board.rows
        n = rows * cols
        col0 = colz = even = 0
        for i in range(n):
            r, c = divmod(i, cols)
            if c == 0:
                col0 |= 1 << i
            if c == cols - 1:
                colz |= 1 << i
            if r % 2 == 0:
                even |= 1 << i
        self.cols = cols
        self.not_first = board.all_mask & ~col0
        self.not_last = board.all_mask & ~colz
        self.even = even
        self.odd = board.all_mask & ~even
        self.passable = board.all_mask & ~board.obstacle_mask

    def dilate(self, m: int) -> int:
        """``m`` plus every passable cell adjacent to it."""
        w = self.cols
        left = m & self.not_first
        right = m & self.not_last
        e = left & self.even
        o = right & self.odd
        d = (m | left >> 1 | right << 1 | m >> w | m << w
             | e >> (w + 1) | e << (w - 1) | o >> (w - 1) | o << (w + 1))
        return d & self.passable


class Evaluator:
    """Evaluation tables and caches for one board (see the module docstring)."""

    def __init__(self, board: Board, weights: Weights = Weights()):
        self.board = board
        self.w = weights
        self.grid = _Grid(board)
        self.colour_masks = tuple(board.colour_mask[c] for c in Colour)
        self.zone_masks = tuple(
            tuple(board.zones[z].mask for z in board.zones_by_colour[c]) for c in Colour
        )
        self.present = tuple(c for c in Colour if board.colour_mask[c])
        self._values = Kept(_CACHE_LIMIT)
        self._works = Kept(_CACHE_LIMIT)
        self._options = Kept(_CACHE_LIMIT)
        self._bonus = Kept(_CACHE_LIMIT)
        self._gains = Kept(_CACHE_LIMIT)

    # -- masks ----------------------------------------------------------------
    def sheet(self, crossed: int) -> Sheet:
        """A :class:`Sheet` with exactly ``crossed`` (start included) crossed."""
        s = Sheet.__new__(Sheet)
        s.board = self.board
        s.crossed = crossed
        s.adj = self.grid.dilate(crossed) & ~crossed
        return s

    def reached_goal(self, crossed: int) -> bool:
        """D6.1 on a mask."""
        if (crossed & self.board.star_mask).bit_count() < GOAL_STARS:
            return False
        return any(m and not m & ~crossed for m in self.colour_masks)

    # -- the static value ---------------------------------------------------------
    def value(self, crossed: int) -> float:
        """How good a sheet with ``crossed`` is for its owner (higher is better)."""
        v = self._values.get(crossed)
        if v is None:
            v = self._values.keep(crossed, self._value(crossed))
        return v

    def _colour_work(self, colour: int, crossed_in_colour: int) -> float:
        """Work left to complete ``colour``: its cells and unfinished zones."""
        key = (colour, crossed_in_colour)
        work = self._works.get(key)
        if work is None:
            zones = sum(1 for zm in self.zone_masks[colour] if zm & ~crossed_in_colour)
            left = (self.colour_masks[colour] & ~crossed_in_colour).bit_count()
            work = self._works.keep(key, self.w.colour_cell * left + self.w.colour_zone * zones)
        return work

    def _value(self, crossed: int) -> float:
        w = self.w
        board = self.board
        stars = (crossed & board.star_mask).bit_count()
        # colour work (D6.1: every cell of one colour)
        works = self._works
        first = second = float("inf")
        for c in self.present:
            cm = self.colour_masks[c]
            x = works.get((c, crossed & cm))
            if x is None:
                x = self._colour_work(c, crossed & cm)
            if x < first:
                first, second = x, first
            elif x < second:
                second = x
        if stars >= GOAL_STARS and first == 0:
            return WIN_VALUE
        if second == float("inf"):
            second = 0.0
        need = GOAL_STARS - stars
        # distances to the nearest bonus cells still needed
        star_work = 0.0
        dilate = self.grid.dilate
        adj = dilate(crossed) & ~crossed
        if need > 0:
            todo = board.star_mask & ~crossed
            reach = crossed
            front = adj
            d = 1
            found = 0
            while todo and front and found < need:
                hit = front & todo
                if hit:
                    k = min(hit.bit_count(), need - found)
                    star_work += k * d
                    found += k
                    todo &= ~hit
                reach |= front
                front = dilate(front) & ~reach
                d += 1
        colours_near = 0
        for m in self.colour_masks:
            if m & adj:
                colours_near += 1
        return (w.star * min(stars, GOAL_STARS)
                - w.star_distance * star_work
                - first
                - w.second_colour * second
                + w.cell * crossed.bit_count()
                + w.frontier * adj.bit_count()
                + w.colours_reachable * colours_near)

    # -- placements -------------------------------------------------------------
    def options(self, crossed: int, colour: int, n: int) -> tuple[tuple[int, float, int], ...]:
        """Every legal placement of ``n`` cells of ``colour`` from ``crossed``
        (D2.1–D2.5) as ``(cells mask, value after, bonus cells crossed)``."""
        key = (crossed, colour, n)
        found = self._options.get(key)
        if found is None:
            star_mask = self.board.star_mask
            value = self.value
            found = self._options.keep(key, tuple(
                (m, value(crossed | m), (m & star_mask).bit_count())
                for m in self.sheet(crossed).placements(Colour(colour), n)
            ))
        return found

    def gains(self, crossed: int, chained: float) -> tuple[tuple[float, ...], ...]:
        """``g[c][n]``: the best gain in value from placing ``n`` (1–5) dice of
        colour ``c`` (0 if passing is better or nothing fits); a bonus cell
        crossed counts ``chained`` more (D5.4: it earns another bonus roll)."""
        found = self._gains.get(crossed)
        if found is not None:
            return found
        base = self.value(crossed)
        out = []
        for c in range(6):
            row = [0.0] * 6
            if self.colour_masks[c]:
                for n in range(1, 6):
                    best = 0.0
                    for _, v, s in self.options(crossed, c, n):
                        g = v + s * chained - base
                        if g > best:
                            best = g
                    row[n] = best
            out.append(tuple(row))
        return self._gains.keep(crossed, tuple(out))

    def bonus_value(self, crossed: int, chained: float = 4.0) -> float:
        """The expected gain of one bonus roll (D5.3) taken on ``crossed``,
        exactly over the 252 rolls of 5 dice.  A sheet that has reached the
        goal gains nothing more."""
        found = self._bonus.get(crossed)
        if found is not None:
            return found
        if self.value(crossed) >= WIN_VALUE:
            total = 0.0
        else:
            g = self.gains(crossed, chained)
            total = 0.0
            for p, roll in BONUS_ROLLS:
                best = 0.0
                for c, k in roll:
                    x = g[c][k]
                    if x > best:
                        best = x
                total += p * best
        return self._bonus.keep(crossed, total)


_EVALUATORS = Kept(64)


def evaluator_for(board: Board, weights: Weights = Weights()) -> Evaluator:
    """The shared :class:`Evaluator` of ``board`` (caches survive between
    decisions and games on the same board)."""
    key = (id(board), weights)
    ev = _EVALUATORS.get(key)
    if ev is None or ev.board is not board:
        ev = _EVALUATORS.keep(key, Evaluator(board, weights))
    return ev
