"""A seeded generator of standard boards (RULES.md D1.3–D1.6).

:func:`generate_board` builds a board in four steps, every random choice
drawn from one :class:`~diceland_core.core.rng.SplitMix64` stream, so a seed gives
the same board on every Python:

1. the start cell, inside the central region (rows 3–5, columns 4–7, D1.5a);
2. 11 obstacles, laid out by a *style* (spread out, on the edge, in walls, in
   clumps, in a ring), never next to the start, never cutting the board (D1.6);
3. the 96 other cells cut into connected pieces of 2–6 cells (D1.4), and a
   colour for every piece so that each colour has exactly 16 cells and pieces
   of one colour never touch (the D1.4 ruling);
4. 12 bonus cells, two per colour, at most one per zone (D1.5), away from
   the start.

A step that paints itself into a corner starts the attempt again with the same
stream; the number of attempts is bounded, and after that the generator falls
back to the plain style, which has never needed more than a few attempts.

The board styles (:data:`STYLES`) are named sets of :class:`Knobs`; the
shipped boards A–H record the seed and style that made them.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from ...core.commands import add_command
from .board import (
    STANDARD_CELLS_PER_COLOUR,
    STANDARD_COLS,
    STANDARD_ROWS,
    STANDARD_STARS,
    STANDARD_ZONE_SIZES,
    Board,
    board_from_mapping,
    hex_neighbours,
)
from .colours import Colour
from ...core.rng import SplitMix64
from ...core.errors import BoardError
from .geometry import AXIAL_DIRECTIONS, axial_to_offset, hex_distance, offset_to_axial

__all__ = [
    "Knobs",
    "STYLES",
    "generate_board",
    "canonical_forms",
    "layout_difference",
    "generated_comment",
    "register",
]

ROWS, COLS = STANDARD_ROWS, STANDARD_COLS
N_CELLS = ROWS * COLS
N_OBSTACLES = N_CELLS - 1 - 6 * STANDARD_CELLS_PER_COLOUR   # 11
MIN_ZONE, MAX_ZONE = STANDARD_ZONE_SIZES
#: The central region the start cell is drawn from (rows, columns).
START_ROWS, START_COLS = range(3, 6), range(4, 8)

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * COLS + c for r, c in hex_neighbours(i // COLS, i % COLS, ROWS, COLS))
    for i in range(N_CELLS)
)

MAX_ATTEMPTS = 400


@dataclass(frozen=True)
class Knobs:
    """How a board is laid out.

    ``obstacles``: ``spread`` (far apart), ``edge`` (on the rim), ``walls``
    (straight lines of ``wall_lengths``), ``clumps`` (compact groups of
    ``wall_lengths``), ``ring`` (a broken ring at ``ring_radius`` around the
    start).  ``zone_weights``: relative odds of zone sizes 2, 3, 4, 5, 6.
    ``zone_shape``: ``compact`` (round zones) or ``snake`` (thin, winding
    zones).  ``stars``: ``spread`` (far from each other), ``far`` (far from
    the start), ``near`` (close to the start); never closer to the start
    than ``star_min_distance`` steps.
    """

    obstacles: str = "spread"
    wall_lengths: tuple[int, ...] = (4, 4, 3)
    wall_directions: str = "any"
    ring_radius: int = 3
    zone_weights: tuple[int, int, int, int, int] = (2, 4, 5, 3, 2)
    zone_shape: str = "compact"
    stars: str = "spread"
    star_min_distance: int = 2


STYLES: dict[str, Knobs] = {
    "plain": Knobs(),
    "open": Knobs(obstacles="edge", zone_weights=(0, 1, 3, 5, 6)),
    "mazy": Knobs(obstacles="clumps", wall_lengths=(2, 2, 2, 2, 2, 1), zone_weights=(5, 5, 2, 1, 0),
                  zone_shape="snake"),
    "corridors": Knobs(obstacles="walls", wall_lengths=(6, 5), wall_directions="east",
                       zone_weights=(0, 1, 3, 4, 4), zone_shape="snake"),
    "far-stars": Knobs(stars="far", star_min_distance=4, zone_weights=(1, 3, 5, 4, 2)),
    "walls": Knobs(obstacles="walls", wall_lengths=(4, 4, 3), zone_weights=(1, 3, 5, 3, 1)),
    "rocks": Knobs(obstacles="clumps", wall_lengths=(4, 4, 3), zone_weights=(2, 3, 3, 3, 2),
                   stars="near", star_min_distance=2),
    "ring": Knobs(obstacles="ring", ring_radius=3, zone_weights=(1, 2, 4, 4, 2), stars="far",
                  star_min_distance=3),
}


class _Failed(Exception):
    """This attempt cannot be finished; start another."""


# -- small helpers -------------------------------------------------------------

def _pick(rng: SplitMix64, items: Sequence, weights: Sequence[float] | None = None):
    """One item, uniformly or by weight."""
    if not items:
        raise _Failed("nothing to choose from")
    if weights is None:
        return items[rng.below(len(items))]
    total = float(sum(weights))
    if total <= 0:
        return items[rng.below(len(items))]
    x = rng.random() * total
    for item, w in zip(items, weights):
        x -= w
        if x < 0:
            return item
    return items[-1]


def _shuffled(rng: SplitMix64, items: Sequence) -> list:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def _rc(i: int) -> tuple[int, int]:
    return divmod(i, COLS)


def _distances(start: int, blocked: set[int]) -> list[int]:
    """Steps from ``start`` to every cell avoiding ``blocked`` (-1: unreachable)."""
    dist = [-1] * N_CELLS
    dist[start] = 0
    queue = [start]
    for i in queue:
        for j in NEIGHBOURS[i]:
            if dist[j] < 0 and j not in blocked:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def _connected(start: int, blocked: set[int]) -> bool:
    """Every cell not in ``blocked`` reachable from ``start`` (D1.6)."""
    reached = sum(1 for d in _distances(start, blocked) if d >= 0)
    return reached == N_CELLS - len(blocked)


# -- step 1 and 2: start and obstacles ----------------------------------------------

def _spread_cell(rng: SplitMix64, candidates: list[int], placed: set[int], tries: int = 8) -> int:
    """Best of a few random candidates: the one farthest from ``placed``."""
    best, best_d = -1, -1
    for _ in range(tries):
        cell = _pick(rng, candidates)
        d = min((hex_distance(_rc(cell), _rc(p)) for p in placed), default=99)
        if d > best_d:
            best, best_d = cell, d
    return best


def _line(cell: int, direction: tuple[int, int], length: int) -> list[int] | None:
    q, r = offset_to_axial(*_rc(cell))
    out = []
    for k in range(length):
        row, col = axial_to_offset(q + direction[0] * k, r + direction[1] * k)
        if not (0 <= row < ROWS and 0 <= col < COLS):
            return None
        out.append(row * COLS + col)
    return out


def _clump(rng: SplitMix64, cell: int, length: int, forbidden: set[int]) -> list[int] | None:
    out = [cell]
    while len(out) < length:
        frontier = sorted({j for i in out for j in NEIGHBOURS[i] if j not in out and j not in forbidden})
        if not frontier:
            return None
        out.append(_pick(rng, frontier))
    return out


def _place_obstacles(rng: SplitMix64, start: int, knobs: Knobs) -> set[int]:
    near_start = {start, *NEIGHBOURS[start]}
    allowed = [i for i in range(N_CELLS) if i not in near_start]
    edge = [i for i in allowed if _rc(i)[0] in (0, ROWS - 1) or _rc(i)[1] in (0, COLS - 1)]
    inner = [i for i in allowed if i not in edge]
    placed: set[int] = set()
    pieces = list(knobs.wall_lengths)

    def piece() -> list[int] | None:
        style = knobs.obstacles
        if style == "spread":
            return [_spread_cell(rng, [i for i in allowed if i not in placed], placed)]
        if style == "edge":
            return [_spread_cell(rng, [i for i in edge if i not in placed], placed)]
        if style == "ring":
            ring = [i for i in allowed
                    if hex_distance(_rc(i), _rc(start)) == knobs.ring_radius and i not in placed]
            return [_pick(rng, ring)]
        length = pieces[0] if pieces else 1
        anchor = _spread_cell(rng, [i for i in inner if i not in placed], placed, tries=4)
        if style == "walls":
            if knobs.wall_directions == "east":
                direction = _pick(rng, AXIAL_DIRECTIONS[0:1] + AXIAL_DIRECTIONS[3:4])
            else:
                direction = _pick(rng, AXIAL_DIRECTIONS)
            return _line(anchor, direction, length)
        if style == "clumps":
            return _clump(rng, anchor, length, near_start | placed | set(edge))
        raise ValueError(f"unknown obstacle style {style!r}")

    for _ in range(200):
        if len(placed) == N_OBSTACLES:
            return placed
        cells = piece()
        if not cells or len(placed) + len(cells) > N_OBSTACLES:
            continue
        if any(c in near_start or c in placed for c in cells):
            continue
        if knobs.obstacles in ("walls", "clumps"):
            if set(cells) & set(edge):
                continue
            # pieces keep one free cell between them, so walls stay walls
            others = {j for p in placed for j in NEIGHBOURS[p]}
            if others & set(cells):
                continue
        if not _connected(start, placed | set(cells)):
            continue
        placed.update(cells)
        if pieces:
            pieces.pop(0)
    raise _Failed("could not place the obstacles")


# -- step 3: zones and colours ---------------------------------------------------------

def _partition(rng: SplitMix64, free: list[int], knobs: Knobs) -> list[list[int]]:
    """Cut ``free`` into connected pieces of MIN_ZONE..MAX_ZONE cells."""
    unassigned = set(free)
    zone_of: dict[int, int] = {}
    zones: list[list[int]] = []
    sizes = list(range(MIN_ZONE, MAX_ZONE + 1))
    while unassigned:
        def open_count(i: int) -> int:
            return sum(1 for j in NEIGHBOURS[i] if j in unassigned)

        cells = sorted(unassigned)
        least = min(open_count(i) for i in cells)
        seed = _pick(rng, [i for i in cells if open_count(i) == least])
        unassigned.discard(seed)
        if least == 0:
            # an orphan: join a neighbouring zone that has room
            options = sorted({zone_of[j] for j in NEIGHBOURS[seed] if j in zone_of
                              and len(zones[zone_of[j]]) < MAX_ZONE})
            z = _pick(rng, options)
            zones[z].append(seed)
            zone_of[seed] = z
            continue
        target = _pick(rng, sizes, knobs.zone_weights)
        zone = [seed]
        while len(zone) < target:
            frontier = sorted({j for i in zone for j in NEIGHBOURS[i] if j in unassigned})
            if not frontier:
                break
            touching = [sum(1 for j in NEIGHBOURS[f] if j in zone) for f in frontier]
            if knobs.zone_shape == "snake":
                weights = [4.0 if t == 1 else 0.3 for t in touching]
            else:
                weights = [float(t * t) for t in touching]
            cell = _pick(rng, frontier, weights)
            zone.append(cell)
            unassigned.discard(cell)
        for i in zone:
            zone_of[i] = len(zones)
        zones.append(zone)
    return zones


def _colour_zones(rng: SplitMix64, zones: list[list[int]], budget: int = 4000) -> list[int]:
    """A colour per zone: 16 cells per colour, touching zones differ."""
    n = len(zones)
    zone_of = {i: z for z, cells in enumerate(zones) for i in cells}
    adjacent = [sorted({zone_of[j] for i in cells for j in NEIGHBOURS[i]
                        if j in zone_of and zone_of[j] != z}) for z, cells in enumerate(zones)]
    sizes = [len(cells) for cells in zones]
    colour = [-1] * n
    room = [STANDARD_CELLS_PER_COLOUR] * 6
    # seen[z][c]: coloured neighbours of z with colour c; distinct[z]: colours seen
    seen = [[0] * 6 for _ in range(n)]
    distinct = [0] * n
    nodes = [0]

    def paint(z: int, c: int, step: int) -> None:
        for y in adjacent[z]:
            before = seen[y][c]
            seen[y][c] = before + step
            if (before == 0) != (before + step == 0):
                distinct[y] += step

    def solve(done: int) -> bool:
        if done == n:
            return True
        nodes[0] += 1
        if nodes[0] > budget:
            raise _Failed("colouring took too long")
        # the most constrained zone next, larger first
        z = max((z for z in range(n) if colour[z] < 0), key=lambda z: (distinct[z], sizes[z], -z))
        used = seen[z]
        for c in _shuffled(rng, range(6)):
            left = room[c] - sizes[z]
            if used[c] or left < 0 or 0 < left < MIN_ZONE:
                continue
            colour[z], room[c] = c, left
            paint(z, c, 1)
            if solve(done + 1):
                return True
            paint(z, c, -1)
            colour[z], room[c] = -1, room[c] + sizes[z]
        return False

    if not solve(0):
        raise _Failed("no colouring")
    return colour


# -- step 4: bonus cells -------------------------------------------------------------

def _place_stars(rng: SplitMix64, zones: list[list[int]], colour: list[int],
                 dist: list[int], knobs: Knobs) -> set[int]:
    stars: set[int] = set()
    per_colour = STANDARD_STARS // 6
    for c in _shuffled(rng, range(6)):
        zone_ids = [z for z in range(len(zones)) if colour[z] == c]
        for _ in range(per_colour):
            candidates = [i for z in zone_ids for i in zones[z]
                          if dist[i] >= knobs.star_min_distance and not any(s in zones[z] for s in stars)]
            if not candidates:
                raise _Failed("no room for a bonus cell")
            if knobs.stars == "far":
                weights = [float(dist[i]) ** 4 for i in candidates]
                stars.add(_pick(rng, candidates, weights))
            elif knobs.stars == "near":
                weights = [1.0 / dist[i] ** 2 for i in candidates]
                stars.add(_pick(rng, candidates, weights))
            else:
                stars.add(_spread_cell(rng, candidates, stars, tries=10))
    return stars


# -- the whole board -----------------------------------------------------------------

def _attempt(rng: SplitMix64, knobs: Knobs) -> list[list[str]]:
    start = _pick(rng, [r * COLS + c for r in START_ROWS for c in START_COLS])
    obstacles = _place_obstacles(rng, start, knobs)
    free = [i for i in range(N_CELLS) if i != start and i not in obstacles]
    zones = _partition(rng, free, knobs)
    colour = _colour_zones(rng, zones)
    stars = _place_stars(rng, zones, colour, _distances(start, obstacles), knobs)
    tokens = [["#"] * COLS for _ in range(ROWS)]
    tokens[start // COLS][start % COLS] = "@"
    for z, cells in enumerate(zones):
        for i in cells:
            tokens[i // COLS][i % COLS] = Colour(colour[z]).letter + ("*" if i in stars else "")
    return tokens


def generate_board(seed: int, board_id: str = "N", title: str | None = None,
                   style: str | Knobs = "plain", **extra: str) -> Board:
    """A valid standard board from ``seed`` and ``style`` (a name in
    :data:`STYLES` or :class:`Knobs`).  ``extra`` keys (``character=...``)
    are kept in the board file."""
    knobs = STYLES[style] if isinstance(style, str) else style
    rng = SplitMix64(seed)
    for attempt in range(MAX_ATTEMPTS * 2):
        if attempt == MAX_ATTEMPTS:
            knobs = replace(STYLES["plain"])
        try:
            tokens = _attempt(rng, knobs)
        except _Failed:
            continue
        data = {"id": board_id, "title": title or f"Board {board_id}", **extra,
                "grid": "\n".join(" ".join(row) for row in tokens)}
        try:
            return board_from_mapping(data, f"generated board {board_id!r}")
        except BoardError:      # not expected: every step keeps the rules
            continue
    raise RuntimeError(f"no board for seed {seed}")  # pragma: no cover


def generated_comment(seed: int, style: str) -> str:
    """The comment line a generated board file starts with."""
    return f"# generated: boards generate --seed {seed} --style {style}"


# -- symmetry --------------------------------------------------------------------------

Transform = Callable[[int, int], tuple[int, int]]


def _transforms(rows: int, cols: int) -> dict[str, Transform]:
    """Cell maps of the board's symmetries.  The top-bottom mirror is exact on
    the hex grid (9 rows keep their parity); the left-right mirror and the
    180° turn are exact up to the half-cell shift of the odd rows."""
    return {
        "identity": lambda r, c: (r, c),
        "top-bottom": lambda r, c: (rows - 1 - r, c),
        "left-right": lambda r, c: (r, cols - 1 - c),
        "rotate-180": lambda r, c: (rows - 1 - r, cols - 1 - c),
    }


def canonical_forms(board: Board) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The board's token grid under each symmetry (see :func:`_transforms`)."""
    out = {}
    for name, f in _transforms(board.rows, board.cols).items():
        grid = [[""] * board.cols for _ in range(board.rows)]
        for r in range(board.rows):
            for c in range(board.cols):
                rr, cc = f(r, c)
                grid[rr][cc] = board.tokens[r][c]
        out[name] = tuple(tuple(row) for row in grid)
    return out


def layout_difference(a: Board, b: Board) -> float:
    """The smallest share of cells whose tokens differ between ``a`` and any
    mirror or turn of ``b`` (0.0: the same board up to symmetry)."""
    cells = a.rows * a.cols
    best = 1.0
    for grid in canonical_forms(b).values():
        differ = sum(1 for r in range(a.rows) for c in range(a.cols) if a.tokens[r][c] != grid[r][c])
        best = min(best, differ / cells)
    return best


# -- command line ------------------------------------------------------------------------

def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``boards generate`` to the command line."""
    boards = subparsers.add_parser("boards", help="board tools (generate)",
                                   description="Tools for board files.")
    sub = boards.add_subparsers(dest="boards_command", metavar="BOARDS_COMMAND", required=True)
    p = add_command(
        sub, "generate", cmd_generate,
        help="print a new standard board",
        description="Generate a valid standard board (RULES.md D1.3–D1.6) from a seed and print it "
                    "in the board-file format (FORMATS.md). The same seed and style always give "
                    "the same board.",
    )
    p.add_argument("--seed", type=int, required=True, help="the seed (any whole number)")
    p.add_argument("--id", default="N", help="board id (default N)")
    p.add_argument("--title", default=None, help="board title (default 'Board ID')")
    p.add_argument("--style", default="plain", choices=sorted(STYLES), help="layout style (default plain)")
    p.add_argument("--character", default=None, help="one sentence describing the board")


def cmd_generate(args: argparse.Namespace) -> int:
    extra = {"character": args.character} if args.character else {}
    board = generate_board(args.seed, args.id, args.title, args.style, **extra)
    sys.stdout.write(generated_comment(args.seed, args.style) + "\n" + board.to_toml())
    return 0
