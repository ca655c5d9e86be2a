"""Pixel and hex geometry of a board (RULES.md D1.3).

Pointy-top hexagons; row 0 at the top; the odd rows sit half a cell to the
right.  ``size`` is the hexagon's circumradius (centre to corner) in pixels.
Pixel coordinates start at the top-left corner of the board's bounding box,
so these functions serve the SVG render as well as a canvas view.

Offset coordinates ``(row, col)`` convert to axial hex coordinates
``(q, r)`` (r = row) with :func:`offset_to_axial`, where distances and
directions are simple.
"""

from __future__ import annotations

import math

__all__ = [
    "SQRT3",
    "cell_center",
    "hex_corners",
    "cell_across",
    "board_pixel_size",
    "pixel_to_cell",
    "offset_to_axial",
    "axial_to_offset",
    "hex_distance",
    "AXIAL_DIRECTIONS",
]

SQRT3 = math.sqrt(3.0)

#: The six axial steps, clockwise from east: E, SE, SW, W, NW, NE.
AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
#: The axial step across edge ``k`` of a hexagon, the edge from corner ``k``
#: to corner ``k + 1`` of :func:`hex_corners`: NE, E, SE, SW, W, NW.
EDGE_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
#: cos and sin of the corners' angles (-90°, -30°, 30°, … clockwise from the top).
_CORNER_UNITS = tuple((math.cos(math.radians(60 * k - 90)), math.sin(math.radians(60 * k - 90))) for k in range(6))


def offset_to_axial(row: int, col: int) -> tuple[int, int]:
    """``(row, col)`` with odd rows shifted right → axial ``(q, r)``."""
    return col - (row - (row & 1)) // 2, row


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial ``(q, r)`` → ``(row, col)`` (odd rows shifted right)."""
    return r, q + (r - (r & 1)) // 2


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Steps between two cells ``(row, col)`` on an unobstructed hex grid."""
    q1, r1 = offset_to_axial(*a)
    q2, r2 = offset_to_axial(*b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def cell_center(row: int, col: int, size: float) -> tuple[float, float]:
    """Centre of cell ``(row, col)`` in pixels."""
    width = SQRT3 * size
    return width * (col + 0.5 + 0.5 * (row & 1)), size * (1.0 + 1.5 * row)


def hex_corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """The six corners of the pointy-top hexagon centred at ``(x, y)``,
    clockwise from the top corner."""
    return [(x + size * cos, y + size * sin) for cos, sin in _CORNER_UNITS]


def cell_across(row: int, col: int, edge: int, rows: int, cols: int) -> tuple[int, int] | None:
    """The cell on the other side of ``edge`` (0–5, as in
    :data:`EDGE_DIRECTIONS`) of cell ``(row, col)``, or ``None`` off the board."""
    q, r = offset_to_axial(row, col)
    dq, dr = EDGE_DIRECTIONS[edge]
    other = axial_to_offset(q + dq, r + dr)
    return other if 0 <= other[0] < rows and 0 <= other[1] < cols else None


def board_pixel_size(rows: int, cols: int, size: float) -> tuple[float, float]:
    """Width and height of the bounding box of a ``rows`` × ``cols`` board."""
    width = SQRT3 * size * (cols + (0.5 if rows > 1 else 0.0))
    height = size * (2.0 + 1.5 * (rows - 1)) if rows else 0.0
    return width, height


def pixel_to_cell(x: float, y: float, rows: int, cols: int, size: float) -> tuple[int, int] | None:
    """The cell whose hexagon contains the point ``(x, y)``, or ``None`` when
    the point lies outside every cell (exact hexagon hit test)."""
    # move the origin to the centre of cell (0, 0), then to fractional axial
    px = x - SQRT3 * size * 0.5
    py = y - size
    fq = (SQRT3 / 3.0 * px - py / 3.0) / size
    fr = (2.0 / 3.0 * py) / size
    q, r = _cube_round(fq, fr)
    row, col = axial_to_offset(q, r)
    if 0 <= row < rows and 0 <= col < cols:
        return row, col
    return None


def _cube_round(fq: float, fr: float) -> tuple[int, int]:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r
