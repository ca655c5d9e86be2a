"""Boards: the hex grid, zones, bonus cells and the start (RULES.md D1).

A :class:`Board` is immutable and precomputes everything the placement rules
need (neighbour masks, zone membership), so a board is built once and shared by
every sheet and game that uses it.  Cells are numbered ``row * cols + col``;
sets of cells are Python ints used as bit masks.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator, Mapping

from .colours import Colour, colour_from_letter
from ...core.errors import BoardError
from ...core.kept import Kept

__all__ = [
    "Board",
    "Zone",
    "board_ids",
    "boards_dir",
    "load_board",
    "board_from_mapping",
    "parse_board_text",
    "hex_neighbours",
    "iter_bits",
]

STANDARD_ROWS = 9
STANDARD_COLS = 12
STANDARD_CELLS_PER_COLOUR = 16
STANDARD_ZONE_SIZES = (2, 6)
STANDARD_STARS = 12


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def hex_neighbours(row: int, col: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """Neighbours of ``(row, col)`` on a grid whose odd rows sit half a cell to
    the right (RULES.md D1.3)."""
    if row % 2 == 0:
        candidates = [(row, col - 1), (row, col + 1), (row - 1, col - 1), (row - 1, col),
                      (row + 1, col - 1), (row + 1, col)]
    else:
        candidates = [(row, col - 1), (row, col + 1), (row - 1, col), (row - 1, col + 1),
                      (row + 1, col), (row + 1, col + 1)]
    return [(r, c) for r, c in candidates if 0 <= r < rows and 0 <= c < cols]


@dataclass(frozen=True)
class Zone:
    """A maximal connected group of same-colour cells (RULES.md D1.4)."""

    index: int
    colour: Colour
    mask: int
    cells: tuple[tuple[int, int], ...]
    star: tuple[int, int] | None
    size: int


OBSTACLE = "#"
START = "@"


@dataclass(frozen=True, eq=False)
class Board:
    """One board side.  Build it with :func:`load_board` or
    :func:`board_from_mapping`; they validate it first."""

    id: str
    title: str
    rows: int
    cols: int
    tokens: tuple[tuple[str, ...], ...]
    test_board: bool = False
    extra: Mapping[str, object] = field(default_factory=dict)
    # derived tables, filled in __post_init__
    colour_of: tuple[int, ...] = field(init=False, repr=False)
    zone_of: tuple[int, ...] = field(init=False, repr=False)
    zones: tuple[Zone, ...] = field(init=False, repr=False)
    zones_by_colour: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    neighbours: tuple[int, ...] = field(init=False, repr=False)
    colour_mask: tuple[int, ...] = field(init=False, repr=False)
    star_mask: int = field(init=False, repr=False)
    obstacle_mask: int = field(init=False, repr=False)
    start: int = field(init=False, repr=False)
    all_mask: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        rows, cols = self.rows, self.cols
        n = rows * cols
        colour_of, star, obstacles, start = _read_tokens(self.tokens, cols)
        neighbours = _neighbour_masks(rows, cols, obstacles)
        zone_of, zones, by_colour = _find_zones(colour_of, star, neighbours, cols)
        colour_mask = [0] * 6
        for i, colour in enumerate(colour_of):
            if colour >= 0:
                colour_mask[colour] |= 1 << i
        put = object.__setattr__
        put(self, "colour_of", tuple(colour_of))
        put(self, "zone_of", tuple(zone_of))
        put(self, "zones", tuple(zones))
        put(self, "zones_by_colour", tuple(tuple(z) for z in by_colour))
        put(self, "neighbours", tuple(neighbours))
        put(self, "colour_mask", tuple(colour_mask))
        put(self, "star_mask", star)
        put(self, "obstacle_mask", obstacles)
        put(self, "start", start)
        put(self, "all_mask", (1 << n) - 1)
        put(self, "_placement_cache", Kept(200_000))
        put(self, "_cells_cache", Kept(100_000))
        put(self, "_colour_cache", Kept(200_000))

    # -- coordinates -------------------------------------------------------
    def index(self, row: int, col: int) -> int:
        """Cell index of ``(row, col)``; ``ValueError`` if off the board."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"cell [{row}, {col}] is not on the board")
        return row * self.cols + col

    def coords(self, index: int) -> tuple[int, int]:
        return divmod(index, self.cols)

    def cells_of(self, mask: int) -> list[tuple[int, int]]:
        """The ``(row, col)`` of every cell in ``mask``, sorted by row, column."""
        return [divmod(i, self.cols) for i in iter_bits(mask)]

    def cell_tuple(self, mask: int) -> tuple[tuple[int, int], ...]:
        """:meth:`cells_of` as a tuple, cached (placement masks recur a lot)."""
        cache = self._cells_cache  # type: ignore[attr-defined]
        found = cache.get(mask)
        if found is None:
            found = cache.keep(mask, tuple(divmod(i, self.cols) for i in iter_bits(mask)))
        return found

    def mask_of(self, cells: Iterable[tuple[int, int]]) -> int:
        m = 0
        for r, c in cells:
            m |= 1 << self.index(r, c)
        return m

    def token(self, row: int, col: int) -> str:
        return self.tokens[row][col]

    def colour_at(self, row: int, col: int) -> Colour | None:
        c = self.colour_of[self.index(row, col)]
        return None if c < 0 else Colour(c)

    def is_star(self, row: int, col: int) -> bool:
        return bool(self.star_mask >> self.index(row, col) & 1)

    @property
    def start_cell(self) -> tuple[int, int]:
        return self.coords(self.start)

    # -- text --------------------------------------------------------------
    def grid_text(self) -> str:
        """The grid in the board-file layout (odd rows indented)."""
        lines = []
        for r, row in enumerate(self.tokens):
            cells = "".join(f"{tok:<3}" for tok in row).rstrip()
            lines.append((" " if r % 2 else "") + cells)
        return "\n".join(lines) + "\n"

    def to_mapping(self) -> dict[str, object]:
        """The board as a board-file object (FORMATS.md), e.g. for records."""
        out: dict[str, object] = {"id": self.id, "title": self.title}
        if self.test_board:
            out["test_board"] = True
        out.update(self.extra)
        out["grid"] = self.grid_text()
        return out

    def to_toml(self) -> str:
        lines = [f"id = {_toml_str(self.id)}", f"title = {_toml_str(self.title)}"]
        for key, value in self.extra.items():
            if isinstance(value, str):
                lines.append(f"{key} = {_toml_str(value)}")
        if self.test_board:
            lines.append("test_board = true")
        lines.append('grid = """')
        lines.append(self.grid_text().rstrip("\n"))
        lines.append('"""')
        return "\n".join(lines) + "\n"

    def fingerprint(self) -> str:
        """A short hash of the layout (not the title)."""
        text = "\n".join(" ".join(row) for row in self.tokens)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def __repr__(self) -> str:
        return f"Board(id={self.id!r}, {self.rows}x{self.cols})"



def _read_tokens(tokens, cols: int) -> tuple[list[int], int, int, int]:
    """Each cell's colour (-1: none), and the star, obstacle and start cells."""
    colour_of = [-1] * (len(tokens) * cols)
    star = obstacles = 0
    start = -1
    for r, row in enumerate(tokens):
        for c, tok in enumerate(row):
            i = r * cols + c
            if tok == OBSTACLE:
                obstacles |= 1 << i
            elif tok == START:
                start = i
            else:
                colour = colour_from_letter(tok[0])
                assert colour is not None, tok
                colour_of[i] = int(colour)
                if tok.endswith("*"):
                    star |= 1 << i
    return colour_of, star, obstacles, start


def _neighbour_masks(rows: int, cols: int, obstacles: int) -> list[int]:
    """Each open cell's open neighbours, as a mask."""
    neighbours = [0] * (rows * cols)
    for i in range(rows * cols):
        if obstacles >> i & 1:
            continue
        r, c = divmod(i, cols)
        m = 0
        for rr, cc in hex_neighbours(r, c, rows, cols):
            j = rr * cols + cc
            if not obstacles >> j & 1:
                m |= 1 << j
        neighbours[i] = m
    return neighbours


def _find_zones(colour_of: list[int], star: int, neighbours: list[int],
                cols: int) -> tuple[list[int], list[Zone], list[list[int]]]:
    """The zones (connected cells of one colour): each cell's zone, the
    zones, and each colour's zones."""
    zone_of = [-1] * len(colour_of)
    zones: list[Zone] = []
    by_colour: list[list[int]] = [[] for _ in Colour]
    for i in range(len(colour_of)):
        if colour_of[i] < 0 or zone_of[i] >= 0:
            continue
        colour = colour_of[i]
        stack, members = [i], []
        zone_of[i] = len(zones)
        while stack:
            j = stack.pop()
            members.append(j)
            for k in iter_bits(neighbours[j]):
                if colour_of[k] == colour and zone_of[k] < 0:
                    zone_of[k] = len(zones)
                    stack.append(k)
        members.sort()
        stars = [j for j in members if star >> j & 1]
        zones.append(Zone(index=len(zones), colour=Colour(colour), mask=sum(1 << j for j in members),
                          cells=tuple(divmod(j, cols) for j in members),
                          star=divmod(stars[0], cols) if stars else None, size=len(members)))
        by_colour[colour].append(len(zones) - 1)
    return zone_of, zones, by_colour

def _toml_str(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


# -- parsing and validation ------------------------------------------------

def parse_board_text(grid: str, where: str) -> tuple[list[list[str]], list[str]]:
    """Split a grid string into token rows and check every token.

    Returns ``(rows, problems)``; ``where`` prefixes every problem.
    """
    problems: list[str] = []
    rows = [line.split() for line in grid.splitlines() if line.strip()]
    if not rows:
        return rows, [f"{where}: the grid is empty"]
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            problems.append(
                f"{where}: row {r}: {len(row)} cells, but row 0 has {width} (ragged rows)"
            )
        for c, tok in enumerate(row):
            if tok in (OBSTACLE, START):
                continue
            if (len(tok) == 1 or (len(tok) == 2 and tok[1] == "*")) and colour_from_letter(tok[0]) is not None:
                continue
            problems.append(
                f"{where}: row {r}, column {c}: unknown token {tok!r} "
                "(expected R Y G B O S, optionally followed by *, or # or @)"
            )
    return rows, problems


def board_from_mapping(data: object, where: str = "board") -> Board:
    """Build and validate a board from a board-file object (FORMATS.md).

    Raises :class:`BoardError` listing every problem found."""
    if not isinstance(data, Mapping):
        raise BoardError(f"{where}: a board must be an object/table, not {type(data).__name__}")
    problems: list[str] = []
    board_id = data.get("id")
    if not isinstance(board_id, str) or not board_id.strip():
        problems.append(f"{where}: 'id' must be a non-empty string")
        board_id = "?"
    title = data.get("title", f"Board {board_id}")
    if not isinstance(title, str):
        problems.append(f"{where}: 'title' must be a string")
        title = str(board_id)
    test_board = data.get("test_board", False)
    if not isinstance(test_board, bool):
        problems.append(f"{where}: 'test_board' must be true or false")
        test_board = False
    grid = data.get("grid")
    if not isinstance(grid, str):
        problems.append(f"{where}: 'grid' must be a string of rows")
        raise BoardError(problems)
    rows, grid_problems = parse_board_text(grid, where)
    problems += grid_problems
    if grid_problems:
        raise BoardError(problems)
    extra = {k: v for k, v in data.items() if k not in ("id", "title", "test_board", "grid")}
    board = Board(
        id=board_id,
        title=title,
        rows=len(rows),
        cols=len(rows[0]),
        tokens=tuple(tuple(r) for r in rows),
        test_board=test_board,
        extra=extra,
    )
    problems += _check_board(board, where)
    if problems:
        raise BoardError(problems)
    return board


def _check_board(board: Board, where: str) -> list[str]:
    problems: list[str] = []
    starts = [(r, c) for r, row in enumerate(board.tokens) for c, t in enumerate(row) if t == START]
    if not starts:
        problems.append(f"{where}: no start cell '@' (RULES.md D1.3)")
    for r, c in starts[1:]:
        problems.append(
            f"{where}: row {r}, column {c}: a second start cell "
            f"(the first is at row {starts[0][0]}, column {starts[0][1]}; RULES.md D1.3)"
        )
    for zone in board.zones:
        stars = [board.coords(i) for i in iter_bits(zone.mask & board.star_mask)]
        for r, c in stars[1:]:
            problems.append(
                f"{where}: row {r}, column {c}: a second bonus cell in the {zone.colour.key} zone "
                f"that already has one at row {stars[0][0]}, column {stars[0][1]} (RULES.md D1.5)"
            )
    if starts:
        seen = 1 << board.start
        frontier = seen
        while frontier:
            nxt = 0
            for i in iter_bits(frontier):
                nxt |= board.neighbours[i]
            frontier = nxt & ~seen
            seen |= frontier
        open_cells = board.all_mask & ~board.obstacle_mask
        for i in iter_bits(open_cells & ~seen):
            r, c = board.coords(i)
            problems.append(
                f"{where}: row {r}, column {c}: cannot be reached from the start cell (RULES.md D1.6)"
            )
    if board.test_board:
        return problems
    return problems + _standard_problems(board, where)


def _standard_problems(board: Board, where: str) -> list[str]:
    """How ``board`` differs from a standard (printed) board's size, colours,
    zones and bonus cells."""
    problems: list[str] = []
    if (board.rows, board.cols) != (STANDARD_ROWS, STANDARD_COLS):
        problems.append(
            f"{where}: the grid is {board.rows}×{board.cols}; a standard board is "
            f"{STANDARD_ROWS}×{STANDARD_COLS} (RULES.md D1.3; set test_board = true for a small board)"
        )
    for colour in Colour:
        count = board.colour_mask[colour].bit_count()
        if count != STANDARD_CELLS_PER_COLOUR:
            problems.append(
                f"{where}: {colour.key} has {count} cells, a standard board has "
                f"{STANDARD_CELLS_PER_COLOUR} (RULES.md D1.5a)"
            )
    lo, hi = STANDARD_ZONE_SIZES
    for zone in board.zones:
        if not lo <= zone.size <= hi:
            r, c = zone.cells[0]
            problems.append(
                f"{where}: row {r}, column {c}: this {zone.colour.key} zone has {zone.size} cells, "
                f"zones have {lo} to {hi} (RULES.md D1.4)"
            )
    total = board.star_mask.bit_count()
    if total != STANDARD_STARS:
        problems.append(f"{where}: {total} bonus cells, a standard board has {STANDARD_STARS} (RULES.md D1.5)")
    for colour in Colour:
        count = (board.star_mask & board.colour_mask[colour]).bit_count()
        if count != 2:
            problems.append(f"{where}: {colour.key} has {count} bonus cells, expected 2 (RULES.md D1.5)")
    return problems


def load_board_file(path: str | Path) -> Board:
    """Load and validate one board file: TOML (FORMATS.md), or the same
    table as JSON (``.json``: how the site's wheel ships the boards, read
    without compiling ``tomllib`` when a page starts)."""
    path = Path(path)
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BoardError(f"{where}: cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise BoardError(f"{where}: not UTF-8 text") from None
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise BoardError(f"{where}: not valid JSON: {exc}") from None
    else:
        import tomllib  # only for TOML files

        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise BoardError(f"{where}: not valid TOML: {exc}") from None
    board = board_from_mapping(data, where)
    if path.parent == boards_dir() and board.id != path.stem:
        raise BoardError(f"{where}: id {board.id!r} does not match the file name {path.stem!r}")
    return board


def boards_dir() -> Path:
    """Where the shipped boards are: inside the package when installed from the
    wheel, beside it in a checkout."""
    package = Path(__file__).resolve().parents[2]  # diceland_core/
    packaged = package / "boards"
    if packaged.is_dir():
        return packaged
    return package.parent / "boards"


#: How a shipped board is stored: TOML, or JSON in the site's wheel.
BOARD_SUFFIXES = (".toml", ".json")


def _shipped_files() -> dict[str, Path]:
    """The shipped boards' files by id (a ``.toml`` before a ``.json``)."""
    folder = boards_dir()
    if not folder.is_dir():
        return {}
    paths = [p for p in folder.iterdir() if p.suffix in BOARD_SUFFIXES]
    found: dict[str, Path] = {}
    for path in sorted(paths, key=lambda p: BOARD_SUFFIXES.index(p.suffix)):
        found.setdefault(path.stem, path)
    return found


def board_ids() -> list[str]:
    """Ids of the shipped boards, sorted."""
    return sorted(_shipped_files())


_BOARD_CACHE: dict[str, Board] = {}


def load_board(ref: str | Path | Mapping[str, object]) -> Board:
    """A board by id (``"A"``), by file path, or from an inline board object.

    Shipped boards are cached, so repeated loads share the precomputed tables.
    """
    if isinstance(ref, Mapping):
        return board_from_mapping(ref, f"inline board {ref.get('id', '?')!r}")
    if isinstance(ref, Path) or (isinstance(ref, str) and ref.endswith(BOARD_SUFFIXES)):
        return load_board_file(ref)
    if not isinstance(ref, str):
        raise BoardError(f"a board must be an id, a file or a board object, not {type(ref).__name__}")
    cached = _BOARD_CACHE.get(ref)
    if cached is not None:
        return cached
    files = _shipped_files()
    if ref not in files:
        raise BoardError(
            f"unknown board {ref!r} (the boards are: {', '.join(sorted(files)) or 'none'})"
        )
    board = load_board_file(files[ref])
    _BOARD_CACHE[ref] = board
    return board
