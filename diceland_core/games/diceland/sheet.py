"""One player's board sheet and the placement rules of RULES.md D2.

A :class:`Sheet` holds the crossed cells of one player as a bit mask, plus the
mask of cells adjacent to them, and answers the questions the game, the bots
and the user interface ask:

* :meth:`Sheet.placements` — every legal placement of *n* cells of a colour;
* :meth:`Sheet.can_place` — does one exist (cheaper);
* :meth:`Sheet.check` — is this set of cells legal (raises with the rule id);
* :meth:`Sheet.next_cells` — which cells may be tapped next in a placement
  that is being built one cell at a time.
"""

from __future__ import annotations

from typing import Iterable

from .board import Board, iter_bits
from .colours import COLOURS, Colour
from ...core.errors import Cell, IllegalActionError

__all__ = ["Sheet", "GOAL_STARS"]

#: RULES.md D6.1: bonus cells needed to win (plus one complete colour).
GOAL_STARS = 9


class Sheet:
    """The crosses of one player on one board (mutable; :meth:`copy` is cheap)."""

    __slots__ = ("board", "crossed", "adj")

    def __init__(self, board: Board, crossed: int | None = None):
        self.board = board
        self.crossed = 0
        self.adj = 0
        self._add(1 << board.start if crossed is None else crossed | 1 << board.start)

    @classmethod
    def from_cells(cls, board: Board, cells: Iterable[tuple[int, int]]) -> "Sheet":
        return cls(board, board.mask_of(cells))

    def copy(self) -> "Sheet":
        new = Sheet.__new__(Sheet)
        new.board, new.crossed, new.adj = self.board, self.crossed, self.adj
        return new

    def _add(self, mask: int) -> None:
        nb = self.board.neighbours
        adj = self.adj
        for i in iter_bits(mask):
            adj |= nb[i]
        self.crossed |= mask
        self.adj = adj & ~self.crossed

    # -- read-only views ----------------------------------------------------
    def is_crossed(self, row: int, col: int) -> bool:
        return bool(self.crossed >> self.board.index(row, col) & 1)

    def crossed_cells(self) -> list[tuple[int, int]]:
        """Every crossed cell, the start included, sorted by row then column."""
        return self.board.cells_of(self.crossed)

    @property
    def stars(self) -> int:
        """Bonus cells crossed (RULES.md D1.7 info bar)."""
        return (self.crossed & self.board.star_mask).bit_count()

    def stars_by_colour(self) -> dict[Colour, int]:
        b = self.board
        return {c: (self.crossed & b.star_mask & b.colour_mask[c]).bit_count() for c in Colour}

    def is_complete(self, colour: Colour) -> bool:
        m = self.board.colour_mask[colour]
        return bool(m) and not m & ~self.crossed

    def completed_colours(self) -> list[Colour]:
        """Colours present on the board with every cell crossed, in canonical order."""
        return [c for c in COLOURS if self.is_complete(c)]

    def reached_goal(self) -> bool:
        """RULES.md D6.1: at least 9 bonus cells and one complete colour."""
        return self.stars >= GOAL_STARS and any(self.is_complete(c) for c in COLOURS)

    def open_zones(self, colour: Colour) -> list[int]:
        """Zones of ``colour`` with some but not all cells crossed (D2.2)."""
        b, crossed = self.board, self.crossed
        out = []
        for z in b.zones_by_colour[colour]:
            m = b.zones[z].mask & crossed
            if m and m != b.zones[z].mask:
                out.append(z)
        return out

    def usable_zones(self, colour: Colour) -> list[int]:
        """The zones a placement of ``colour`` may use (D2.2): the open one, or
        else every untouched zone of that colour."""
        opened = self.open_zones(colour)
        if opened:
            return opened
        b, crossed = self.board, self.crossed
        return [z for z in b.zones_by_colour[colour] if not b.zones[z].mask & crossed]

    # -- placements ---------------------------------------------------------
    def _zone_placements(self, z: int, n: int) -> tuple[int, ...]:
        b = self.board
        zmask = b.zones[z].mask
        key = (z, self.crossed & zmask, self.adj & zmask, n)
        cache = b._placement_cache  # type: ignore[attr-defined]
        found = cache.get(key)
        if found is not None:
            return found
        free = zmask & ~self.crossed
        nb = b.neighbours
        if n <= 0 or free.bit_count() < n:
            result: tuple[int, ...] = ()
        else:
            start = self.adj & free
            level = {1 << i for i in iter_bits(start)}
            for _ in range(n - 1):
                nxt = set()
                for s in level:
                    ext = start
                    for i in iter_bits(s):
                        ext |= nb[i]
                    ext &= free & ~s
                    for j in iter_bits(ext):
                        nxt.add(s | 1 << j)
                level = nxt
            result = tuple(sorted(level))
        return cache.keep(key, result)

    def placements(self, colour: Colour, n: int) -> tuple[int, ...]:
        """Every legal placement (a cell mask) of exactly ``n`` cells of
        ``colour`` (D2.1–D2.5).  They depend only on which cells of that
        colour are crossed or touch the crosses, so results are cached per
        board on exactly that."""
        b = self.board
        cmask = b.colour_mask[colour]
        key = (colour, n, self.crossed & cmask, self.adj & cmask)
        cache = b._colour_cache  # type: ignore[attr-defined]
        found = cache.get(key)
        if found is None:
            out: list[int] = []
            for z in self.usable_zones(colour):
                out.extend(self._zone_placements(z, n))
            found = cache.keep(key, tuple(out))
        return found

    def placement_cells(self, colour: Colour, n: int) -> list[list[tuple[int, int]]]:
        """:meth:`placements` as lists of ``(row, col)``."""
        return [self.board.cells_of(m) for m in self.placements(colour, n)]

    def _reachable_free(self, z: int) -> int:
        b = self.board
        free = b.zones[z].mask & ~self.crossed
        reach = front = self.adj & free
        nb = b.neighbours
        while front:
            ext = 0
            for i in iter_bits(front):
                ext |= nb[i]
            front = ext & free & ~reach
            reach |= front
        return reach

    def room(self, colour: Colour) -> dict[int, int]:
        """Per zone a placement of ``colour`` may use now (D2.2): how many of
        its free cells a placement could reach (the most dice it can take)."""
        return {z: self._reachable_free(z).bit_count() for z in self.usable_zones(colour)}

    def can_place(self, colour: Colour, n: int) -> bool:
        """Does a legal placement of ``n`` cells of ``colour`` exist?  (A zone
        whose reachable free cells number at least ``n`` has one: take them in
        breadth-first order.)"""
        if n <= 0:
            return False
        return any(self._reachable_free(z).bit_count() >= n for z in self.usable_zones(colour))

    def next_cells(self, colour: Colour, n: int, selected: int = 0) -> int:
        """Cells (mask) that may be crossed next while building a placement of
        ``n`` cells of ``colour`` of which ``selected`` are chosen already: those
        adjacent to the crosses or the selection that keep the selection part of
        some legal placement."""
        if selected.bit_count() >= n:
            return 0
        nb = self.board.neighbours
        touching = self.adj
        for i in iter_bits(selected):
            touching |= nb[i]
        out = 0
        for p in self.placements(colour, n):
            if p & selected == selected:
                out |= p
        return out & ~selected & touching

    def check(self, colour: Colour, n: int, mask: int, who: str = "the player") -> None:
        """Raise :class:`IllegalActionError` naming the rule if crossing
        ``mask`` with ``n`` dice of ``colour`` is not legal."""
        if n > 0 and mask in self.placements(colour, n):
            return
        b = self.board
        count = mask.bit_count()
        for i in iter_bits(mask):
            cell = Cell(*b.coords(i))
            if b.obstacle_mask >> i & 1:
                raise IllegalActionError("D2.6", "diceland.obstacle", cell=cell)
            if i == b.start:
                raise IllegalActionError("D2.6", "diceland.start", cell=cell)
            if self.crossed >> i & 1:
                raise IllegalActionError("D2.3", "diceland.crossed", cell=cell)
            if b.colour_of[i] != colour:
                raise IllegalActionError("D2.3", "diceland.wrong_colour", cell=cell,
                                         cell_colour=Colour(b.colour_of[i]).key, colour=colour.key)
        zones = {b.zone_of[i] for i in iter_bits(mask)}
        if len(zones) > 1:
            raise IllegalActionError("D2.3", "diceland.zones", zones=len(zones), colour=colour.key)
        usable = self.usable_zones(colour)
        if zones and zones.isdisjoint(usable):
            opened = self.open_zones(colour)
            if opened:
                raise IllegalActionError("D2.2", "diceland.open_zone", colour=colour.key,
                                         cell=Cell(*b.zones[opened[0]].cells[0]))
        if count != n:
            reason = self.overshoot_reason(colour, n)
            if reason is not None:
                raise IllegalActionError(reason.rule, reason.code, cells=count, **reason.params)
            raise IllegalActionError("D2.3", "diceland.count", dice=n, cells=count, colour=colour.key)
        (z,) = zones
        if mask not in self._zone_placements(z, n):
            # which cell cannot be reached cell by cell?
            reach = self._reachable_free(z)
            bad = mask & ~reach
            i = next(iter_bits(bad or mask))
            raise IllegalActionError("D2.1", "diceland.adjacency", cell=Cell(*b.coords(i)))

    def overshoot_reason(self, colour: Colour, n: int) -> IllegalActionError | None:
        """Why no placement of ``n`` ``colour`` cells exists, or None.

        D2.4 when the zone the player must use has fewer free cells than
        dice: the open zone, or, with none open, every zone they can reach
        now (all of them when none is reachable yet), or every zone of the
        colour is complete.  D2.5 when a zone
        within reach is big enough but cannot be completed cell by cell."""
        if self.can_place(colour, n):
            return None
        b = self.board
        opened = self.open_zones(colour)
        if opened:
            free = (b.zones[opened[0]].mask & ~self.crossed).bit_count()
            return IllegalActionError("D2.4", "diceland.overshoot_free", dice=n, free=free, colour=colour.key)
        usable = self.usable_zones(colour)
        if not usable:
            return IllegalActionError("D2.4", "diceland.overshoot_complete", dice=n, colour=colour.key)
        reachable = [z for z in usable if b.zones[z].mask & self.adj] or usable
        largest = max(b.zones[z].size for z in reachable)
        if largest < n:
            return IllegalActionError("D2.4", "diceland.overshoot_free", dice=n, free=largest,
                                      colour=colour.key)
        return IllegalActionError("D2.5", "diceland.reach", dice=n, colour=colour.key)

    # -- changing -------------------------------------------------------------
    def cross(self, mask: int) -> tuple[int, list[Colour]]:
        """Cross ``mask`` (already checked).  Returns the bonus cells crossed
        (mask) and the colours completed by it."""
        b = self.board
        touched = [c for c in COLOURS if mask & b.colour_mask[c] and not self.is_complete(c)]
        self._add(mask)
        return mask & b.star_mask, [c for c in touched if self.is_complete(c)]

    def __repr__(self) -> str:
        return f"Sheet({self.board.id}, {self.crossed.bit_count()} crossed, {self.stars} stars)"
