"""The score sheet of CLEVER.md C2 as data, and the rules of each area
(C3.3–C3.7, C8.1–C8.3, C10).

Dice are numbered in the colour order of C1.1 (:data:`COLOURS`); areas are
numbered :data:`AREAS` (yellow … purple).  A :class:`Sheet` is one player's
marks, kept small for fast copies: yellow is a 16-bit mask (bit ``r*4+c``,
printed crosses set from the start), blue an 11-field mask (bit ``n`` for the
sum ``n``), green a count, orange and purple the numbers written.

A *mark* is ``(area, field)``: ``field`` is the yellow bit, the blue sum, or
``None`` for green, orange and purple (always the next free field).
Marking returns the *block* of bonuses the mark earns, in the order of C8.5:
the field's own bonus, then (yellow) row and diagonal, (blue) row and column.
"""

from __future__ import annotations

__all__ = [
    "COLOURS", "AREAS", "WHITE", "YELLOW", "BLUE", "GREEN", "ORANGE", "PURPLE",
    "YELLOW_GRID", "YELLOW_VALUE", "YELLOW_PRINTED", "YELLOW_ROW_BONUS", "YELLOW_COLUMN_POINTS",
    "YELLOW_DIAGONAL_BONUS", "BLUE_ROWS", "BLUE_COLUMNS", "BLUE_POINTS", "GREEN_THRESHOLDS",
    "GREEN_BONUS", "GREEN_POINTS", "ORANGE_MULTIPLIERS", "ORANGE_BONUS", "PURPLE_BONUS",
    "ROUND_BONUS", "TRACK_BOXES", "ROUNDS", "CHOICE_BONUSES", "Sheet", "yellow_bit",
    "yellow_cell",
]

#: C1.1 the colour order (dice indices 0..5)
COLOURS: tuple[str, ...] = ("white", "yellow", "blue", "green", "orange", "purple")
#: the five areas (area indices 0..4); area ``a`` takes the die ``a + 1`` (C3.1)
AREAS: tuple[str, ...] = ("yellow", "blue", "green", "orange", "purple")
WHITE = 0
YELLOW, BLUE, GREEN, ORANGE, PURPLE = range(5)

# -- C2.1 yellow ---------------------------------------------------------------
#: the printed numbers; None is a printed cross
YELLOW_GRID: tuple[tuple[int | None, ...], ...] = (
    (3, 6, 5, None),
    (2, 1, None, 5),
    (1, None, 2, 4),
    (None, 3, 4, 6),
)
#: value of each bit (0 for a printed cross)
YELLOW_VALUE: tuple[int, ...] = tuple(v or 0 for row in YELLOW_GRID for v in row)
YELLOW_PRINTED: int = sum(1 << (r * 4 + c) for r in range(4) for c in range(4) if YELLOW_GRID[r][c] is None)
YELLOW_ROW_BONUS: tuple[str, ...] = ("blue_x", "orange_4", "green_x", "fox")
YELLOW_COLUMN_POINTS: tuple[int, ...] = (10, 14, 16, 20)
YELLOW_DIAGONAL_BONUS = "extra"
_YROW = tuple(0xF << (4 * r) for r in range(4))
_YCOL = tuple(sum(1 << (4 * r + c) for r in range(4)) for c in range(4))
_YDIAG = (1 << 0) | (1 << 5) | (1 << 10) | (1 << 15)
#: value -> the bits showing it
_YELLOW_BITS: dict[int, tuple[int, ...]] = {
    v: tuple(i for i, x in enumerate(YELLOW_VALUE) if x == v) for v in range(1, 7)
}


def yellow_bit(row: int, column: int) -> int:
    return row * 4 + column


def yellow_cell(bit: int) -> tuple[int, int]:
    return divmod(bit, 4)


# -- C2.2 blue -------------------------------------------------------------------
#: (fields, bonus) per row and per column
BLUE_ROWS: tuple[tuple[tuple[int, ...], str], ...] = (
    ((2, 3, 4), "orange_5"), ((5, 6, 7, 8), "yellow_x"), ((9, 10, 11, 12), "fox"))
BLUE_COLUMNS: tuple[tuple[tuple[int, ...], str], ...] = (
    ((5, 9), "reroll"), ((2, 6, 10), "green_x"), ((3, 7, 11), "purple_6"), ((4, 8, 12), "extra"))
BLUE_POINTS: tuple[int, ...] = (0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56)
BLUE_ALL = sum(1 << n for n in range(2, 13))
_BROW = tuple(sum(1 << n for n in fs) for fs, _ in BLUE_ROWS)
_BCOL = tuple(sum(1 << n for n in fs) for fs, _ in BLUE_COLUMNS)
_BROW_OF = {n: i for i, (fs, _) in enumerate(BLUE_ROWS) for n in fs}
_BCOL_OF = {n: i for i, (fs, _) in enumerate(BLUE_COLUMNS) for n in fs}

# -- C2.3–C2.5 green, orange, purple -----------------------------------------------
GREEN_THRESHOLDS: tuple[int, ...] = (1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6)
GREEN_BONUS: dict[int, str] = {3: "extra", 5: "blue_x", 6: "fox", 8: "purple_6", 9: "reroll"}
GREEN_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66)
ORANGE_MULTIPLIERS: tuple[int, ...] = (1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3)
ORANGE_BONUS: dict[int, str] = {2: "reroll", 4: "yellow_x", 5: "extra", 7: "fox", 9: "purple_6"}
PURPLE_BONUS: dict[int, str] = {2: "reroll", 3: "blue_x", 4: "extra", 5: "yellow_x", 6: "fox",
                                7: "reroll", 8: "green_x", 9: "orange_6", 10: "extra"}
_FIELD_BONUS = (None, None, GREEN_BONUS, ORANGE_BONUS, PURPLE_BONUS)
#: fields of green, orange, purple
ROW_LENGTH = 11
#: the fox fields (C2.8: one fox per area)
GREEN_FOX, ORANGE_FOX, PURPLE_FOX = 6, 7, 6

# -- C2.6, C2.7, C1.3 ------------------------------------------------------------------
#: round -> bonus at its start ("black" is the round-4 choice, C8.7)
ROUND_BONUS: dict[int, str] = {1: "reroll", 2: "extra", 3: "reroll", 4: "black"}
TRACK_BOXES = 7
#: players -> rounds
ROUNDS: dict[int, int] = {1: 6, 2: 6, 3: 5, 4: 4}
#: bonuses that wait for a player's choice (C8.6)
CHOICE_BONUSES = ("yellow_x", "blue_x")


class Sheet:
    """One player's sheet: marks, the two action tracks (C7.1)."""

    __slots__ = ("y", "b", "g", "o", "p", "rr", "rr_used", "ex", "ex_used")

    def __init__(self) -> None:
        self.y = YELLOW_PRINTED
        self.b = 0
        self.g = 0
        self.o: list[int] = []
        self.p: list[int] = []
        #: circled and crossed boxes of the reroll and +1 tracks
        self.rr = self.rr_used = self.ex = self.ex_used = 0

    def copy(self) -> "Sheet":
        s = Sheet.__new__(Sheet)
        s.y, s.b, s.g, s.o, s.p = self.y, self.b, self.g, self.o[:], self.p[:]
        s.rr, s.rr_used, s.ex, s.ex_used = self.rr, self.rr_used, self.ex, self.ex_used
        return s

    def key(self) -> tuple:
        return (self.y, self.b, self.g, tuple(self.o), tuple(self.p),
                self.rr - self.rr_used, self.ex - self.ex_used)

    # -- what is free --------------------------------------------------------------
    @property
    def rerolls(self) -> int:
        return self.rr - self.rr_used

    @property
    def extras(self) -> int:
        return self.ex - self.ex_used

    def yellow_free(self) -> bool:
        return self.y != 0xFFFF

    def blue_free(self) -> bool:
        return self.b != BLUE_ALL

    def area_full(self, area: int) -> bool:
        if area == YELLOW:
            return self.y == 0xFFFF
        if area == BLUE:
            return self.b == BLUE_ALL
        if area == GREEN:
            return self.g >= ROW_LENGTH
        return len(self.o if area == ORANGE else self.p) >= ROW_LENGTH

    def free_fields(self, area: int) -> list:
        """The fields a free choice may cross (C8.3 yellow_x/blue_x, C8.7)."""
        if area == YELLOW:
            return [i for i in range(16) if not self.y >> i & 1]
        if area == BLUE:
            return [n for n in range(2, 13) if not self.b >> n & 1]
        return [] if self.area_full(area) else [None]

    # -- C3: marks a die value allows ------------------------------------------------
    def can_yellow(self, v: int) -> bool:
        y = self.y
        return any(not y >> i & 1 for i in _YELLOW_BITS[v])

    def can(self, area: int, v: int) -> bool:
        """Can a die of value ``v`` (the sum, for blue) be entered in ``area``?"""
        if area == YELLOW:
            return self.can_yellow(v)
        if area == BLUE:
            return not self.b >> v & 1
        if area == GREEN:
            return self.g < ROW_LENGTH and v >= GREEN_THRESHOLDS[self.g]
        if area == ORANGE:
            return len(self.o) < ROW_LENGTH
        p = self.p
        return len(p) < ROW_LENGTH and (not p or p[-1] == 6 or v > p[-1])

    def marks(self, area: int, v: int) -> list:
        """Every mark a value allows in one area (C3.3–C3.7)."""
        if area == YELLOW:
            y = self.y
            return [(YELLOW, i) for i in _YELLOW_BITS[v] if not y >> i & 1]
        if area == BLUE:
            return [] if self.b >> v & 1 else [(BLUE, v)]
        return [(area, None)] if self.can(area, v) else []

    def die_marks(self, die: int, faces) -> list:
        """Every mark die ``die`` allows with the faces ``faces`` (C3.1, C3.2)."""
        if die == WHITE:
            v = faces[0]
            out = self.marks(YELLOW, v)
            out += self.marks(BLUE, v + faces[2])
            for area in (GREEN, ORANGE, PURPLE):
                if self.can(area, v):
                    out.append((area, None))
            return out
        area = die - 1
        return self.marks(area, faces[0] + faces[2] if area == BLUE else faces[die])

    def usable(self, die: int, faces) -> bool:
        """C3.8: at least one mark is possible."""
        if die == WHITE:
            v = faces[0]
            return (self.can_yellow(v) or not self.b >> (v + faces[2]) & 1
                    or self.can(GREEN, v) or len(self.o) < ROW_LENGTH or self.can(PURPLE, v))
        if die == 2:
            return not self.b >> (faces[0] + faces[2]) & 1
        return self.can(die - 1, faces[die])

    # -- marking (no checks: callers check first) ---------------------------------------
    def mark(self, area: int, field, value: int) -> list[str]:
        """Make one mark and return the bonus block it earns (C8.1, C8.2, C8.5).
        ``field`` is the yellow bit or blue sum; ``value`` the number written
        (orange: before the multiplier) or, for green, ignored."""
        if area == YELLOW:
            self.y = y = self.y | (1 << field)
            out = []
            row = field >> 2
            if y & _YROW[row] == _YROW[row]:
                out.append(YELLOW_ROW_BONUS[row])
            if field % 5 == 0 and y & _YDIAG == _YDIAG:
                out.append(YELLOW_DIAGONAL_BONUS)
            return out
        if area == BLUE:
            self.b = b = self.b | (1 << field)
            out = []
            r, c = _BROW_OF[field], _BCOL_OF[field]
            if b & _BROW[r] == _BROW[r]:
                out.append(BLUE_ROWS[r][1])
            if b & _BCOL[c] == _BCOL[c]:
                out.append(BLUE_COLUMNS[c][1])
            return out
        if area == GREEN:
            i = self.g
            self.g = i + 1
        elif area == ORANGE:
            i = len(self.o)
            self.o.append(value * ORANGE_MULTIPLIERS[i])
        else:
            i = len(self.p)
            self.p.append(value)
        bonus = _FIELD_BONUS[area].get(i)
        return [bonus] if bonus else []

    def apply_bonus(self, bonus: str) -> list[str]:
        """Apply a bonus that needs no choice (C8.3); returns the block its
        mark earns.  A bonus that cannot be applied is lost (C8.4)."""
        if bonus == "reroll":
            if self.rr < TRACK_BOXES:
                self.rr += 1
            return []
        if bonus == "extra":
            if self.ex < TRACK_BOXES:
                self.ex += 1
            return []
        if bonus == "fox":
            return []            # foxes are counted from the sheet (fox_count)
        if bonus == "green_x":
            return [] if self.g >= ROW_LENGTH else self.mark(GREEN, None, 0)
        if bonus == "purple_6":
            return [] if len(self.p) >= ROW_LENGTH else self.mark(PURPLE, None, 6)
        if bonus.startswith("orange_"):
            return [] if len(self.o) >= ROW_LENGTH else self.mark(ORANGE, None, int(bonus[7:]))
        raise ValueError(f"not an automatic bonus: {bonus}")

    def resolve(self, pending: list[str]) -> None:
        """C8.5: resolve ``pending`` front first (chains before older
        bonuses) until it is empty or its first bonus is a choice with a free
        field (C8.6); a choice without a free field is lost."""
        while pending:
            first = pending[0]
            if first == "yellow_x":
                if self.y != 0xFFFF:
                    return
                pending.pop(0)
            elif first == "blue_x":
                if self.b != BLUE_ALL:
                    return
                pending.pop(0)
            else:
                pending.pop(0)
                block = self.apply_bonus(first)
                if block:
                    pending[0:0] = block

    # -- scoring (C10) ------------------------------------------------------------------
    def foxes(self) -> int:
        """C10.6: a fox is held exactly when its field is marked or its line
        complete (yellow row 3, blue row 9–12, green 7th, orange 8th, purple 7th)."""
        return ((self.y & _YROW[3] == _YROW[3]) + (self.b & _BROW[2] == _BROW[2])
                + (self.g > GREEN_FOX) + (len(self.o) > ORANGE_FOX) + (len(self.p) > PURPLE_FOX))

    def area_scores(self) -> dict[str, int]:
        y = self.y
        scores = {
            "yellow": sum(p for c, p in enumerate(YELLOW_COLUMN_POINTS) if y & _YCOL[c] == _YCOL[c]),
            "blue": BLUE_POINTS[bin(self.b).count("1")],
            "green": GREEN_POINTS[self.g],
            "orange": sum(self.o),
            "purple": sum(self.p),
        }
        scores["fox"] = self.foxes() * min(scores.values())
        return scores

    def score(self) -> dict[str, int]:
        """C10: the areas, fox points and the total."""
        s = self.area_scores()
        s["total"] = sum(s.values())
        return s

    def total(self) -> int:
        return sum(self.area_scores().values())

    # -- reporting ------------------------------------------------------------------------
    def yellow_cells(self) -> list[list[int]]:
        return [list(divmod(i, 4)) for i in range(16)
                if self.y >> i & 1 and not YELLOW_PRINTED >> i & 1]

    def blue_sums(self) -> list[int]:
        return [n for n in range(2, 13) if self.b >> n & 1]
