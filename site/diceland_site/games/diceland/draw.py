"""What to draw, as plain data: board layout, hit testing and draw lists.

Pure Python: nothing here touches a canvas.  The page executes each op
one-to-one on a 2D context after ``ctx.setTransform(*layout.transform)``, so
every coordinate is in CSS pixels relative to the canvas' top-left corner.

The ops are :mod:`diceland_site.ops`' (polygons, lines, circles, texts; a
colour ``None`` means "do not fill" / "do not stroke").

Draw :func:`static_ops` once to an offscreen canvas (hexes, colour
symbols, bonus stars, obstacles, start, zone borders, empty info bar), then per
frame blit it and draw :func:`frame_ops` (crosses, highlights, selection,
keyboard cursor, info bar state).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from diceland_core.games.diceland.board import Board
from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland.sheet import Sheet
from diceland_core.games.diceland.geometry import SQRT3, board_pixel_size, cell_across, cell_center, hex_corners, pixel_to_cell
from diceland_core.games.diceland.colours import STYLES, parse_colour, symbol_shape
from diceland_site.ops import circle as circle_op, line as line_op, poly as poly_op, text as text_op
from diceland_site.paint import CanvasPixels

__all__ = [
    "PALETTE", "SYMBOLS", "UI_COLOURS", "Layout", "static_ops", "frame_ops",
    "symbol_ops", "symbol_svg", "star_points", "hit", "SNAP_REACH",
]

#: Cell colours: ``fill`` for the hexagon, ``ink`` for its symbol, ``die`` for
#: a die face, ``text`` for labels on it; from the game's one colour table
#: (``diceland_core.games.diceland.colours.STYLES``, also used by the SVG render).
PALETTE: dict[str, dict[str, str]] = {
    c.key: {"fill": st.fill, "ink": st.ink, "die": st.die, "text": st.text} for c, st in STYLES.items()
}

#: The shape of each colour's symbol (colour-blind players), from the same table.
SYMBOLS: dict[str, str] = {c.key: st.symbol for c, st in STYLES.items()}

UI_COLOURS: dict[str, str] = {
    "background": "#f4f1ea",
    "grid": "#3b3b3b",
    "border": "#151515",
    "obstacle": "#262626",
    "obstacle_mark": "#5a5a5a",
    "start": "#ffffff",
    "cross": "#141414",
    "cross_halo": "#ffffff",
    "star": "#ffffff",
    "star_edge": "#1c1c1c",
    "legal_edge": "#ffffff",
    "legal_halo": "#111111",
    "room_edge": "#fffbe0",
    "selection_fill": "rgba(20,20,20,0.45)",
    "selection_edge": "#111111",
    "cursor": "#000000",
    "cursor_inner": "#ffffff",
    "hint": "#7b2ff7",
    "slot_edge": "#555555",
    "slot_empty": "#ffffff",
    "text": "#1b1b1b",
}

Point = tuple[float, float]


def _r(v: float) -> float:
    return round(v, 2)


def _pts(points: Iterable[Point]) -> tuple[Point, ...]:
    return tuple([(round(x, 2), round(y, 2)) for x, y in points])


# -- layout ---------------------------------------------------------------------

# Sizes in units of the hexagon's circumradius.
_BAR_GAP = 0.6        # between board and info bar
_SLOT = 1.3           # an info-bar box
_SLOT_GAP = 0.1       # between the two boxes of a colour
_PAIR_GAP = 0.3       # between colours
_BOX_GAP = 0.5        # after the colour-complete box
_BAR_W = _SLOT + _BOX_GAP + 6 * (2 * _SLOT + _SLOT_GAP) + 5 * _PAIR_GAP


@dataclass(frozen=True)
class Layout(CanvasPixels):
    """Where the board and its info bar go in a canvas of ``css_width`` ×
    ``css_height`` CSS pixels: the largest hexagon size (``size``, the
    circumradius, at most ``max_size``) at which everything fits inside
    ``margin``, centred horizontally and top-aligned."""

    css_width: float
    css_height: float
    dpr: float = 1.0
    rows: int = 9
    cols: int = 12
    margin: float = 6.0
    max_size: float = 40.0
    info_bar: bool = True
    size: float = field(init=False)
    ox: float = field(init=False)
    oy: float = field(init=False)

    def __post_init__(self) -> None:
        unit_w, unit_h = board_pixel_size(self.rows, self.cols, 1.0)
        content_w, content_h = unit_w, unit_h
        if self.info_bar:
            content_w = max(content_w, _BAR_W)
            content_h += _BAR_GAP + _SLOT
        avail_w = max(1.0, self.css_width - 2 * self.margin)
        avail_h = max(1.0, self.css_height - 2 * self.margin)
        size = min(avail_w / content_w, avail_h / content_h, self.max_size)
        object.__setattr__(self, "size", size)
        board_w, _ = board_pixel_size(self.rows, self.cols, size)
        total_w = max(board_w, _BAR_W * size if self.info_bar else 0.0)
        left = (self.css_width - total_w) / 2
        object.__setattr__(self, "ox", left + (total_w - board_w) / 2)
        object.__setattr__(self, "oy", float(self.margin))

    @classmethod
    def for_board(cls, board: Board, css_width: float, css_height: float, dpr: float = 1.0,
                  **kw: object) -> "Layout":
        return cls(css_width, css_height, dpr, board.rows, board.cols, **kw)  # type: ignore[arg-type]

    # -- canvas ----------------------------------------------------------------
    @property
    def transform(self) -> tuple[float, float, float, float, float, float]:
        """Arguments for ``ctx.setTransform`` so ops draw in CSS pixels."""
        return (self.dpr, 0.0, 0.0, self.dpr, 0.0, 0.0)

    @property
    def board_width(self) -> float:
        return board_pixel_size(self.rows, self.cols, self.size)[0]

    @property
    def board_height(self) -> float:
        return board_pixel_size(self.rows, self.cols, self.size)[1]

    @property
    def content_height(self) -> float:
        """Height used from the top of the canvas (board, info bar, margins)."""
        h = self.board_height + 2 * self.margin
        if self.info_bar:
            h += (_BAR_GAP + _SLOT) * self.size
        return h

    def fits(self) -> bool:
        """Everything lies inside the canvas."""
        x0, y0, x1, y1 = self.bounds()
        return x0 >= -1e-6 and y0 >= -1e-6 and x1 <= self.css_width + 1e-6 and y1 <= self.css_height + 1e-6

    def bounds(self) -> tuple[float, float, float, float]:
        """Bounding box of everything drawn (x0, y0, x1, y1)."""
        x0, y0 = self.ox, self.oy
        x1, y1 = self.ox + self.board_width, self.oy + self.board_height
        if self.info_bar:
            bx, by, bw, bh = self.bar_rect
            x0, x1, y1 = min(x0, bx), max(x1, bx + bw), by + bh
        return x0, y0, x1, y1

    # -- cells -----------------------------------------------------------------
    def cell_center(self, row: int, col: int) -> Point:
        x, y = cell_center(row, col, self.size)
        return self.ox + x, self.oy + y

    def cell_corners(self, row: int, col: int, inset: float = 0.0) -> list[Point]:
        """Corners of the hexagon of a cell, shrunk by ``inset`` (a fraction of
        the size)."""
        x, y = self.cell_center(row, col)
        return hex_corners(x, y, self.size * (1.0 - inset))

    def pixel_to_cell(self, x: float, y: float) -> tuple[int, int] | None:
        """The cell under the point (exact hexagon test), or None."""
        return pixel_to_cell(x - self.ox, y - self.oy, self.rows, self.cols, self.size)

    def distance_to(self, x: float, y: float, row: int, col: int) -> float:
        """From the point to the centre of a cell, in CSS pixels."""
        cx, cy = self.cell_center(row, col)
        return math.hypot(x - cx, y - cy)

    # -- info bar --------------------------------------------------------------
    @property
    def bar_rect(self) -> tuple[float, float, float, float]:
        s = self.size
        w = _BAR_W * s
        x = self.ox + (self.board_width - w) / 2
        y = self.oy + self.board_height + _BAR_GAP * s
        return x, y, w, _SLOT * s

    @property
    def complete_box(self) -> tuple[float, float, float, float]:
        """The "colour complete" box (x, y, w, h), left of the star slots."""
        x, y, _, h = self.bar_rect
        return x, y, _SLOT * self.size, h

    def star_slots(self) -> list[tuple[Colour, int, tuple[float, float, float, float]]]:
        """The 12 star slots: (colour, 0 or 1, (x, y, w, h)), two per colour."""
        s = self.size
        x, y, _, h = self.bar_rect
        x += (_SLOT + _BOX_GAP) * s
        out = []
        for colour in Colour:
            for k in range(2):
                out.append((colour, k, (x, y, _SLOT * s, h)))
                x += (_SLOT + _SLOT_GAP) * s
            x += (_PAIR_GAP - _SLOT_GAP) * s
        return out


# -- taps -----------------------------------------------------------------------

#: A tap this close to the centre of a playable cell (in hexagon sizes, the
#: circumradius) counts for it: a finger that lands just past the edge of a lit
#: cell (its edge is 0.87 away) still hits it, while a tap in the middle of a
#: neighbouring cell (1.73 away) stays on that cell.
SNAP_REACH = 1.3


def hit(layout: Layout, x: float, y: float, targets: Iterable[tuple[int, int]] = (),
        reach: float = SNAP_REACH) -> tuple[int, int] | None:
    """The cell a tap at (x, y) of the board (CSS pixels) means (every game's
    draw module has ``hit``): the cell under it when that one is a
    target (a playable or selected cell), else the nearest target whose centre
    lies within ``reach`` hexagon sizes, else the cell under it (its refusal
    says why), or None off the board."""
    under = layout.pixel_to_cell(x, y)
    wanted = {tuple(c) for c in targets}
    if under in wanted:
        return under
    limit = reach * layout.size
    near = [(layout.distance_to(x, y, r, c), (r, c)) for r, c in wanted]
    near = [item for item in near if item[0] <= limit]
    if near:
        return min(near)[1]
    return under


# -- shapes ---------------------------------------------------------------------

def star_points(x: float, y: float, r: float, points: int = 5) -> list[Point]:
    """A star polygon centred at (x, y) with outer radius ``r``."""
    out = []
    for k in range(2 * points):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.pi * k / points - math.pi / 2
        out.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    return out


def symbol_ops(colour: Colour | str, x: float, y: float, r: float, ink: str | None = None) -> list[tuple]:
    """Ops for the symbol of ``colour`` centred at (x, y), radius ``r``
    (the shape of :func:`diceland_core.games.diceland.colours.symbol_shape`)."""
    colour = colour if isinstance(colour, Colour) else parse_colour(colour)
    ink = ink or PALETTE[colour.key]["ink"]
    shape = symbol_shape(colour, x, y, r)
    if shape[0] == "circle":
        _, cx, cy, radius = shape
        return [circle_op(_r(cx), _r(cy), _r(radius), ink, None, 0)]
    return [poly_op(_pts(shape[1]), ink, None, 0)]


def symbol_svg(colour: Colour | str, px: int = 24, ink: str | None = None) -> str:
    """The symbol of ``colour`` as an inline SVG string (for the DOM dice)."""
    key = colour.key if isinstance(colour, Colour) else colour
    half = px / 2
    parts = []
    for op in symbol_ops(key, half, half, half * 0.8, ink):
        if op[0] == "circle":
            parts.append(f'<circle cx="{op[1]}" cy="{op[2]}" r="{op[3]}" fill="{op[4]}"/>')
        else:
            pts = " ".join(f"{x},{y}" for x, y in op[1])
            parts.append(f'<polygon points="{pts}" fill="{op[2]}"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{px}" height="{px}" '
            f'viewBox="0 0 {px} {px}" aria-hidden="true">{"".join(parts)}</svg>')


def _cross_points(x: float, y: float, r: float, t: float) -> list[Point]:
    """An X as one 12-corner polygon: arms of half-length ``r``, half-width ``t``."""
    d = t / math.sqrt(2)
    e = r / math.sqrt(2)
    return [
        (x, y - 2 * d), (x + e - d, y - e - d), (x + e + d, y - e + d),
        (x + 2 * d, y), (x + e + d, y + e - d), (x + e - d, y + e + d),
        (x, y + 2 * d), (x - e + d, y + e + d), (x - e - d, y + e - d),
        (x - 2 * d, y), (x - e - d, y - e + d), (x - e + d, y - e - d),
    ]


# -- static board ---------------------------------------------------------------

def _group(board: Board, row: int, col: int) -> object:
    """What a zone border separates: zones, obstacles (one group), the start."""
    i = board.index(row, col)
    if board.obstacle_mask >> i & 1:
        return "#"
    if i == board.start:
        return "@"
    return board.zone_of[i]


def static_ops(board: Board, layout: Layout) -> list[tuple]:
    """The board as it is printed: drawn once, under everything else."""
    s = layout.size
    ops: list[tuple] = []
    thin = max(0.6, s * 0.05)
    outlines = {}  # each cell's corners, for the zone borders too
    for r in range(board.rows):
        for c in range(board.cols):
            x, y = layout.cell_center(r, c)
            outline = outlines[r, c] = layout.cell_corners(r, c)
            corners = _pts(outline)
            colour = board.colour_at(r, c)
            i = board.index(r, c)
            if colour is None:
                if i == board.start:
                    ops.append(poly_op(corners, UI_COLOURS["start"], UI_COLOURS["grid"], thin))
                else:
                    ops.append(poly_op(corners, UI_COLOURS["obstacle"], UI_COLOURS["grid"], thin))
                    ops.append(circle_op(_r(x), _r(y), _r(s * 0.3), None, UI_COLOURS["obstacle_mark"], _r(s * 0.08)))
                continue
            ops.append(poly_op(corners, PALETTE[colour.key]["fill"], UI_COLOURS["grid"], thin))
            if board.star_mask >> i & 1:
                ops.append(poly_op(_pts(star_points(x, y, s * 0.72)), UI_COLOURS["star"],
                            UI_COLOURS["star_edge"], _r(max(0.8, s * 0.06))))
                ops.extend(symbol_ops(colour, x, y, s * 0.2))
            else:
                ops.extend(symbol_ops(colour, x, y, s * 0.3))
    ops.extend(_zone_border_ops(board, layout, outlines))
    if layout.info_bar:
        ops.extend(_info_bar_static_ops(layout))
    return ops


def _zone_border_ops(board: Board, layout: Layout, outlines: dict[tuple[int, int], list[Point]]) -> list[tuple]:
    """Thick lines on the edges between different zones and around the board
    (``outlines``: each cell's corners)."""
    width = _r(max(1.5, layout.size * 0.16))
    ink = UI_COLOURS["border"]
    ops = []
    for r, c, k in _zone_edges(board):
        corners = outlines[r, c]
        (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
        ops.append(line_op(round(x1, 2), round(y1, 2), round(x2, 2), round(y2, 2), ink, width))
    return ops


_ZONE_EDGES: dict[int, tuple[object, list[tuple[int, int, int]]]] = {}


def _zone_edges(board: Board) -> list[tuple[int, int, int]]:
    """The edges (row, column, edge 0-5) between different zones and around
    the board, each once; kept per board (a board never changes)."""
    kept = _ZONE_EDGES.get(id(board))
    if kept is not None and kept[0] is board:
        return kept[1]
    edges = []
    for r in range(board.rows):
        for c in range(board.cols):
            mine = _group(board, r, c)
            for k in range(6):
                other = cell_across(r, c, k, board.rows, board.cols)
                if other is not None and (other <= (r, c) or _group(board, *other) == mine):
                    continue  # drawn from the other side, or the same zone
                edges.append((r, c, k))
    if len(_ZONE_EDGES) >= 16:  # boards made on the fly (a lesson's) are not kept forever
        _ZONE_EDGES.clear()
    _ZONE_EDGES[id(board)] = (board, edges)
    return edges


def _info_bar_static_ops(layout: Layout) -> list[tuple]:
    s = layout.size
    ops: list[tuple] = []
    edge = _r(max(1.0, s * 0.08))
    x, y, w, h = layout.complete_box
    ops.append(poly_op(_pts([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]),
                UI_COLOURS["slot_empty"], UI_COLOURS["border"], _r(edge * 1.5)))
    for colour, _, (x, y, w, h) in layout.star_slots():
        ops.append(poly_op(_pts([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]),
                    PALETTE[colour.key]["fill"], UI_COLOURS["slot_edge"], edge))
        sx, sy, sr = _slot_star(x, y, w, h)
        ops.append(poly_op(_pts(star_points(sx, sy, sr)),
                    UI_COLOURS["slot_empty"], UI_COLOURS["slot_edge"], _r(edge * 0.6)))
        # the colour's symbol too, in the corner: the bar is readable without colours
        ops.extend(symbol_ops(colour, x + w * 0.2, y + h * 0.2, min(w, h) * 0.15))
    return ops


def _slot_star(x: float, y: float, w: float, h: float) -> tuple[float, float, float]:
    """Centre and radius of the star of a star slot (off centre: the colour
    symbol takes the top-left corner)."""
    return x + w * 0.56, y + h * 0.58, min(w, h) * 0.38


# -- per frame ------------------------------------------------------------------

def frame_ops(
    sheet: Sheet,
    layout: Layout,
    highlights: Iterable[tuple[int, int]] = (),
    selection: Sequence[tuple[int, int]] = (),
    cursor: tuple[int, int] | None = None,
    hint: Iterable[tuple[int, int]] = (),
    room: Iterable[tuple[int, int]] = (),
) -> list[tuple]:
    """Crosses, highlighted legal cells, the selection being built, a hint,
    the keyboard cursor and the info bar state of ``sheet``; ``room``: cells
    of the zones the set-aside dice could go to (lit while deciding)."""
    s = layout.size
    ops: list[tuple] = []
    # lit cells keep their full colour: a ring marks them, never a pale wash
    for r, c in room:
        ops.append(poly_op(_pts(layout.cell_corners(r, c, 0.3)), None, UI_COLOURS["room_edge"],
                    _r(max(1.0, s * 0.06))))
    for r, c in highlights:
        ring = _pts(layout.cell_corners(r, c, 0.2))
        ops.append(poly_op(ring, None, UI_COLOURS["legal_halo"], _r(max(4.5, s * 0.3))))
        ops.append(poly_op(ring, None, UI_COLOURS["legal_edge"], _r(max(2.5, s * 0.16))))
    for r, c in hint:
        ops.append(poly_op(_pts(layout.cell_corners(r, c, 0.1)), None, UI_COLOURS["hint"],
                    _r(max(2.0, s * 0.16))))
    for r, c in sheet.crossed_cells():
        x, y = layout.cell_center(r, c)
        ops.append(poly_op(_pts(_cross_points(x, y, s * 0.55, s * 0.11)), UI_COLOURS["cross"],
                    UI_COLOURS["cross_halo"], _r(max(0.8, s * 0.05))))
    for r, c in selection:
        x, y = layout.cell_center(r, c)
        ops.append(poly_op(_pts(layout.cell_corners(r, c, 0.08)), UI_COLOURS["selection_fill"],
                    UI_COLOURS["selection_edge"], _r(max(2.0, s * 0.14))))
        ops.append(poly_op(_pts(_cross_points(x, y, s * 0.5, s * 0.09)), UI_COLOURS["cross_halo"],
                    UI_COLOURS["cross"], _r(max(0.8, s * 0.05))))
    if cursor is not None:
        corners = _pts(layout.cell_corners(*cursor, 0.02))
        ops.append(poly_op(corners, None, UI_COLOURS["cursor"], _r(max(3.0, s * 0.22))))
        ops.append(poly_op(corners, None, UI_COLOURS["cursor_inner"], _r(max(1.0, s * 0.08))))
    if layout.info_bar:
        ops.extend(_info_bar_dynamic_ops(sheet, layout))
    return ops


def _info_bar_dynamic_ops(sheet: Sheet, layout: Layout) -> list[tuple]:
    s = layout.size
    ops: list[tuple] = []
    by_colour = sheet.stars_by_colour()
    for colour, k, (x, y, w, h) in layout.star_slots():
        if k < by_colour.get(colour, 0):
            sx, sy, sr = _slot_star(x, y, w, h)
            ops.append(poly_op(_pts(star_points(sx, sy, sr * 1.1)),
                        UI_COLOURS["star"], UI_COLOURS["star_edge"], _r(max(1.0, s * 0.08))))
            ops.append(poly_op(_pts(_cross_points(sx, sy, sr * 0.85, s * 0.08)),
                        UI_COLOURS["cross"], None, 0))
    completed = sheet.completed_colours()
    if completed:
        x, y, w, h = layout.complete_box
        ops.append(poly_op(_pts(_cross_points(x + w / 2, y + h / 2, min(w, h) * 0.42, s * 0.1)),
                    UI_COLOURS["cross"], None, 0))
        if len(completed) > 1:
            ops.append(text_op(_r(x + w * 0.85), _r(y + h * 0.8), str(len(completed)),
                        UI_COLOURS["text"], _r(h * 0.4), "center"))
    return ops
