"""One player's Dice Wide Shut sheet (WIDESHUT.md W1.3, W4, W5, W6.1, W7)
as bit masks.

A half (red or blue) is a 25-bit mask of its marked number boxes: box
``(r, c)`` is bit ``5 r + c``.  Its 6-boxes are two 5-bit masks: ``six``
(marked, used ones included) and ``used`` (W5.3, always a subset of
``six``).  Nothing else is stored: a row is split exactly when it is full
(W5.1), so the crossed boxes are the marks of full rows, and every score is
a function of the mask (W7.2, W7.3, cached).

Half indices: ``RED = 0``, ``BLUE = 1``.  ``red[r][c]`` shows ``c + 1``,
``blue[r][c]`` shows ``r + 1`` (:data:`NUMBER_MASK`).
"""

from __future__ import annotations

from typing import Iterable

from ...core.kept import Kept

__all__ = [
    "RED", "BLUE", "HALVES", "ROWS", "COLS", "ROW_MASK", "COL_MASK", "NUMBER_MASK",
    "RUN_POINTS", "EMPTY_COLUMN", "COLUMN_SCORE", "Sheet", "bit", "number_of",
    "split_rows_mask", "valid_marks", "column_patterns", "half_score", "complete_columns",
    "iter_bits",
]

RED, BLUE = 0, 1
HALVES: tuple[str, str] = ("red", "blue")
ROWS = COLS = 5
_FULL = 0b11111
#: the five boxes of row r / column c of a half
ROW_MASK: tuple[int, ...] = tuple(_FULL << (5 * r) for r in range(ROWS))
COL_MASK: tuple[int, ...] = tuple(sum(1 << (5 * r + c) for r in range(ROWS)) for c in range(COLS))
#: W1.3: NUMBER_MASK[half][n] = the boxes of that half showing n (1..5)
NUMBER_MASK: tuple[tuple[int, ...], tuple[int, ...]] = (
    (0,) + COL_MASK,   # red: column n - 1
    (0,) + ROW_MASK,   # blue: row n - 1
)
#: W7.2: points of a run of 1..5 valid marks
RUN_POINTS: tuple[int, ...] = (0, 1, 3, 7, 10, 15)
#: W7.3
EMPTY_COLUMN = -5


def bit(r: int, c: int) -> int:
    return 1 << (5 * r + c)


def number_of(half: int, r: int, c: int) -> int:
    """W1.3: the number a box shows."""
    return c + 1 if half == RED else r + 1


def iter_bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _column_score(pattern: int) -> int:
    """W7.2, W7.3: the score of one column whose valid rows are the bits of
    ``pattern`` (bit r = row r)."""
    if not pattern:
        return EMPTY_COLUMN
    total = run = 0
    for r in range(ROWS + 1):
        if r < ROWS and pattern >> r & 1:
            run += 1
        else:
            total += RUN_POINTS[run]
            run = 0
    return total


#: the score of a column by its 5-bit pattern of valid rows
COLUMN_SCORE: tuple[int, ...] = tuple(_column_score(p) for p in range(32))

# _TRANSPOSE[r][v]: row r holding the 5-bit value v, as bit r of each of the
# five 5-bit column patterns packed into one int (column c in bits 5c..5c+4)
_TRANSPOSE = tuple(
    tuple(sum(1 << (5 * c + r) for c in range(COLS) if v >> c & 1) for v in range(32))
    for r in range(ROWS)
)
# full rows of a 25-bit mask, as a mask of their boxes (cached by mask)
_SPLIT_CACHE: dict[int, int] = {}


def split_rows_mask(mask: int) -> int:
    """W5.1: the boxes of the full (so split) rows of a half."""
    out = 0
    for rm in ROW_MASK:
        if mask & rm == rm:
            out |= rm
    return out


def valid_marks(mask: int) -> int:
    """W5.2, W7.2: the marked boxes that are not crossed."""
    return mask & ~split_rows_mask(mask)


def column_patterns(mask: int) -> tuple[int, ...]:
    """The five columns of ``mask`` as 5-bit row patterns (bit r = row r)."""
    t = 0
    for r in range(ROWS):
        t |= _TRANSPOSE[r][mask >> (5 * r) & _FULL]
    return tuple(t >> (5 * c) & _FULL for c in range(COLS))


_SCORE_CACHE = Kept(500_000)


def half_score(mask: int) -> int:
    """W7.1–W7.4: the score of a half with marks ``mask`` (cached)."""
    s = _SCORE_CACHE.get(mask)
    if s is None:
        s = _SCORE_CACHE.keep(mask, sum(COLUMN_SCORE[p] for p in column_patterns(valid_marks(mask))))
    return s


def complete_columns(mask: int) -> list[int]:
    """W6.1: columns whose five boxes are marked (crossed ones included)."""
    return [c for c in range(COLS) if mask & COL_MASK[c] == COL_MASK[c]]


def complete_count(mask: int) -> int:
    n = 0
    for cm in COL_MASK:
        if mask & cm == cm:
            n += 1
    return n


class Sheet:
    """The marks of one player (mutable; :meth:`copy` is cheap).

    ``marks[h]`` the number boxes of half h, ``six[h]`` its marked 6-boxes
    (bit r = row r, used ones included), ``used[h]`` its used 6-boxes."""

    __slots__ = ("marks", "six", "used")

    def __init__(self, marks: Iterable[int] = (0, 0), six: Iterable[int] = (0, 0),
                 used: Iterable[int] = (0, 0)):
        self.marks = list(marks)
        self.six = list(six)
        self.used = list(used)

    def copy(self) -> "Sheet":
        new = Sheet.__new__(Sheet)
        new.marks = self.marks[:]
        new.six = self.six[:]
        new.used = self.used[:]
        return new

    def key(self) -> tuple[int, int, int, int, int, int]:
        """The sheet as one hashable value."""
        return (self.marks[0], self.marks[1], self.six[0], self.six[1], self.used[0], self.used[1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sheet) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Sheet({self.marks}, six={self.six}, used={self.used})"

    # -- preset strings (WIDESHUT.md scenario `sheets`) ---------------------
    @classmethod
    def from_strings(cls, red: Iterable[str] = (), blue: Iterable[str] = (),
                     red6: str = ".....", blue6: str = ".....") -> "Sheet":
        """A sheet from the preset format (already checked): rows of ``x``/``.``,
        6-box strings of ``.``/``x``/``u``."""
        marks = []
        for rows in (red, blue):
            m = 0
            for r, row in enumerate(rows):
                for c, ch in enumerate(row):
                    if ch == "x":
                        m |= bit(r, c)
            marks.append(m)
        six, used = [0, 0], [0, 0]
        for h, text in enumerate((red6, blue6)):
            for r, ch in enumerate(text):
                if ch in "xu":
                    six[h] |= 1 << r
                if ch == "u":
                    used[h] |= 1 << r
        return cls(marks, six, used)

    def rows_text(self, half: int) -> list[str]:
        m = self.marks[half]
        return ["".join("x" if m >> (5 * r + c) & 1 else "." for c in range(COLS)) for r in range(ROWS)]

    def sixes_text(self, half: int) -> str:
        six, used = self.six[half], self.used[half]
        return "".join("u" if used >> r & 1 else "x" if six >> r & 1 else "." for r in range(ROWS))

    def to_strings(self) -> dict[str, object]:
        """The preset format of this sheet (only the non-empty parts)."""
        out: dict[str, object] = {}
        for h, name in enumerate(HALVES):
            if self.marks[h]:
                out[name] = self.rows_text(h)
            if self.six[h]:
                out[name + "6"] = self.sixes_text(h)
        return out

    # -- questions ------------------------------------------------------------
    def split_rows(self, half: int) -> list[int]:
        m = self.marks[half]
        return [r for r in range(ROWS) if m & ROW_MASK[r] == ROW_MASK[r]]

    @property
    def splits(self) -> int:
        """W7.5: split rows in both halves."""
        return len(self.split_rows(RED)) + len(self.split_rows(BLUE))

    def all_sixes_marked(self) -> bool:
        return self.six[0] == _FULL and self.six[1] == _FULL

    def column_scores(self, half: int) -> list[int]:
        return [COLUMN_SCORE[p] for p in column_patterns(valid_marks(self.marks[half]))]

    def score(self, half: int) -> int:
        return half_score(self.marks[half])

    @property
    def total(self) -> int:
        return half_score(self.marks[0]) + half_score(self.marks[1])

    def empty_columns(self) -> int:
        return sum(1 for h in (RED, BLUE) for p in column_patterns(valid_marks(self.marks[h])) if not p)

    def triggers_end(self) -> bool:
        """W6.2: 3 or more complete columns in one half."""
        return complete_count(self.marks[0]) >= 3 or complete_count(self.marks[1]) >= 3

    def half_summary(self, half: int) -> dict[str, object]:
        """One half as the replay output shows it (WIDESHUT.md)."""
        m = self.marks[half]
        return {
            "rows": self.rows_text(half),
            "sixes": self.sixes_text(half),
            "split_rows": self.split_rows(half),
            "complete_columns": complete_columns(m),
            "column_scores": self.column_scores(half),
            "score": half_score(m),
        }
