"""An SVG picture of a board, with a player's crosses (RULES.md D1).

:func:`render_svg` draws: the title; pointy-top hexagons laid out per D1.3
(exactly one ``<polygon>`` per cell, nothing else is a polygon); a fill colour
and a shape per colour, so the colours can be told apart without seeing them;
a star on bonus cells; dark obstacles; the white start cell with a target;
thick lines between zones; an X on every crossed cell; and the info bar of
D1.7 (per colour: two star slots, filled when that bonus cell is crossed, and
the box for a completed colour).

Command line: ``python -m diceland_core render A --svg A.svg`` (a board id, a
board file, or a scenario file replayed to ``--step N`` and drawn for
``--seat P``).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Iterable
from xml.sax.saxutils import escape

from ...core.commands import add_command
from .board import Board, iter_bits, load_board
from .colours import STYLES, Colour, symbol_shape
from ...core.errors import BoardError, ScenarioError
from .geometry import SQRT3, board_pixel_size, cell_center, hex_corners, pixel_to_cell

__all__ = ["render_svg", "PALETTE", "register"]

#: Fill colours, from the game's one colour table (each colour has its own
#: symbol too: :func:`diceland_core.games.diceland.colours.symbol_shape`).
PALETTE: dict[Colour, str] = {c: STYLES[c].fill for c in STYLES}
OBSTACLE_FILL = "#2e2e33"
START_FILL = "#ffffff"
INK = "#1f1f24"


def _f(x: float) -> str:
    """A short, stable number for SVG attributes."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in points)


def _path_d(points: list[tuple[float, float]], close: bool = True) -> str:
    d = "M" + " L".join(f"{_f(x)} {_f(y)}" for x, y in points)
    return d + (" Z" if close else "")


def symbol(colour: Colour, x: float, y: float, r: float, fill: str | None = None,
           opacity: float = 0.8) -> str:
    """The symbol of ``colour`` centred at ``(x, y)``, about ``2r`` across
    (:func:`~diceland_core.games.diceland.colours.symbol_shape`, in the
    colour's ink unless ``fill`` is given)."""
    style = f'fill="{fill or STYLES[colour].ink}" fill-opacity="{opacity}"'
    shape = symbol_shape(colour, x, y, r)
    if shape[0] == "circle":
        _, cx, cy, radius = shape
        return f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(radius)}" {style}/>'
    return f'<path d="{_path_d(list(shape[1]))}" {style}/>'


def star_path(x: float, y: float, r: float, fill: str, stroke: str = INK, width: float = 1.2) -> str:
    """A five-pointed star centred at ``(x, y)`` with outer radius ``r``."""
    pts = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = math.radians(-90 + 36 * k)
        pts.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
    return (f'<path class="star" d="{_path_d(pts)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{_f(width)}" stroke-linejoin="round"/>')


def _crossed_mask(board: Board, crossed: int | Iterable[tuple[int, int]] | None) -> int:
    if crossed is None:
        return 0
    if isinstance(crossed, int):
        return crossed
    return board.mask_of((int(r), int(c)) for r, c in crossed)


def _region(board: Board, i: int) -> tuple[str, int]:
    """What a thick border separates: zones, and every non-zone cell on its own."""
    z = board.zone_of[i]
    return ("zone", z) if z >= 0 else ("cell", i)


def render_svg(board: Board, crossed: int | Iterable[tuple[int, int]] | None = None, *,
               size: float = 26.0, title: str | None = None, subtitle: str | None = None,
               info_bar: bool = True) -> str:
    """The board as a standalone SVG document.

    ``crossed``: the cells to draw an X on, as ``(row, col)`` pairs or a cell
    mask (the start cell gets its own mark, not an X).  ``title`` defaults to
    "Board ID — Title"."""
    mask = _crossed_mask(board, crossed)
    margin = size * 0.6
    title_h = size * 1.6
    bw, bh = board_pixel_size(board.rows, board.cols, size)
    bar_h = size * 2.6 if info_bar else 0.0
    width = bw + 2 * margin
    height = title_h + bh + bar_h + 2 * margin
    ox, oy = margin, margin + title_h

    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(height)}" '
        f'viewBox="0 0 {_f(width)} {_f(height)}" font-family="Helvetica, Arial, sans-serif">',
        f'<rect class="background" x="0" y="0" width="{_f(width)}" height="{_f(height)}" fill="#fbfaf7"/>',
    ]
    heading = title if title is not None else f"Board {board.id} — {board.title}"
    out.append(f'<text class="title" x="{_f(margin)}" y="{_f(margin + size * 0.9)}" '
               f'font-size="{_f(size * 0.85)}" font-weight="bold" fill="{INK}">{escape(heading)}</text>')
    if subtitle:
        out.append(f'<text class="subtitle" x="{_f(width - margin)}" y="{_f(margin + size * 0.9)}" '
                   f'text-anchor="end" font-size="{_f(size * 0.55)}" fill="{INK}">{escape(subtitle)}</text>')

    cells, marks = _cells_and_marks(board, size, ox, oy)
    out += cells
    out.append(_zone_borders(board, size, ox, oy))
    out += marks
    out += _crosses(board, mask, size, ox, oy)
    if info_bar:
        out.append(_info_bar(board, mask, size, margin, oy + bh + size * 0.5, bw))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _cells_and_marks(board: Board, size: float, ox: float, oy: float) -> tuple[list[str], list[str]]:
    """The cells, one polygon each, and the marks inside them (start, stars, symbols)."""
    cells, marks = ['<g class="cells" stroke="#ffffff" stroke-width="1">'], ['<g class="marks">']
    for r in range(board.rows):
        for c in range(board.cols):
            i = r * board.cols + c
            x, y = _centre(r, c, size, ox, oy)
            tok = board.tokens[r][c]
            colour = board.colour_of[i]
            if tok == "#":
                fill, kind = OBSTACLE_FILL, "obstacle"
            elif tok == "@":
                fill, kind = START_FILL, "start"
            else:
                fill, kind = PALETTE[Colour(colour)], Colour(colour).key
            cells.append(f'<polygon class="cell {kind}" data-row="{r}" data-col="{c}" '
                         f'points="{_points(hex_corners(x, y, size * 0.98))}" fill="{fill}"/>')
            if kind == "start":
                marks.append(f'<circle class="start-mark" cx="{_f(x)}" cy="{_f(y)}" r="{_f(size * 0.42)}" '
                             f'fill="none" stroke="{INK}" stroke-width="{_f(size * 0.1)}"/>')
                marks.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(size * 0.16)}" fill="{INK}"/>')
            elif colour >= 0 and board.star_mask >> i & 1:
                marks.append(star_path(x, y, size * 0.62, "#ffffff"))
                marks.append(symbol(Colour(colour), x, y + size * 0.03, size * 0.17, opacity=0.8))
            elif colour >= 0:
                marks.append(symbol(Colour(colour), x, y, size * 0.3))
    cells.append("</g>")
    marks.append("</g>")
    return cells, marks


def _crosses(board: Board, mask: int, size: float, ox: float, oy: float) -> list[str]:
    """An X on every crossed cell but the start."""
    crosses = ['<g class="crosses">']
    for i in iter_bits(mask & ~(1 << board.start)):
        r, c = board.coords(i)
        x, y = _centre(r, c, size, ox, oy)
        d = size * 0.5
        crosses.append(f'<path class="cross" data-row="{r}" data-col="{c}" d="M{_f(x - d)} {_f(y - d)} L{_f(x + d)} {_f(y + d)} '
                       f'M{_f(x + d)} {_f(y - d)} L{_f(x - d)} {_f(y + d)}" stroke="{INK}" '
                       f'stroke-width="{_f(size * 0.16)}" stroke-linecap="round" fill="none"/>')
    crosses.append("</g>")
    return crosses


def _centre(r: int, c: int, size: float, ox: float, oy: float) -> tuple[float, float]:
    x, y = cell_center(r, c, size)
    return ox + x, oy + y


def _zone_borders(board: Board, size: float, ox: float, oy: float) -> str:
    """One path with a thick line on every edge between two zones (or a zone
    and an obstacle or the start) and around the board."""
    segments = []
    for r in range(board.rows):
        for c in range(board.cols):
            i = r * board.cols + c
            x, y = cell_center(r, c, size)
            corners = hex_corners(x, y, size)
            for k in range(6):
                # the neighbour across the edge from corner k to corner k+1
                angle = math.radians(-60 + 60 * k)
                nx, ny = x + SQRT3 * size * math.cos(angle), y + SQRT3 * size * math.sin(angle)
                other = pixel_to_cell(nx, ny, board.rows, board.cols, size)
                if other is not None:
                    j = other[0] * board.cols + other[1]
                    if j < i or _region(board, i) == _region(board, j):
                        continue
                (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
                segments.append(f"M{_f(ox + x1)} {_f(oy + y1)} L{_f(ox + x2)} {_f(oy + y2)}")
    return (f'<path class="zone-borders" d="{" ".join(segments)}" fill="none" stroke="{INK}" '
            f'stroke-width="{_f(size * 0.12)}" stroke-linecap="round"/>')


def _info_bar(board: Board, mask: int, size: float, x0: float, y0: float, width: float) -> str:
    """D1.7: per colour two star slots and a completed-colour box."""
    out = [f'<g class="info-bar">',
           f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(width)}" height="{_f(size * 1.9)}" rx="{_f(size * 0.25)}" '
           f'fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>']
    slot_w = width / 6
    cy = y0 + size * 0.95
    for k, colour in enumerate(Colour):
        bx = x0 + slot_w * k + slot_w / 2
        stars = board.colour_mask[colour] & board.star_mask
        got = (stars & mask).bit_count()
        complete = bool(board.colour_mask[colour]) and not board.colour_mask[colour] & ~mask
        # the completed-colour box, in the colour with its shape
        s = size * 0.42
        out.append(f'<rect class="colour-box{" complete" if complete else ""}" x="{_f(bx - size * 1.2 - s)}" '
                   f'y="{_f(cy - s)}" width="{_f(2 * s)}" height="{_f(2 * s)}" rx="3" '
                   f'fill="{PALETTE[colour]}" stroke="{INK}" stroke-width="1.2"/>')
        out.append(symbol(colour, bx - size * 1.2, cy, s * 0.6))
        if complete:
            out.append(f'<path class="tick" d="M{_f(bx - size * 1.2 - s * 0.7)} {_f(cy)} '
                       f'L{_f(bx - size * 1.2 - s * 0.15)} {_f(cy + s * 0.6)} L{_f(bx - size * 1.2 + s * 0.8)} '
                       f'{_f(cy - s * 0.7)}" stroke="{INK}" stroke-width="3" fill="none"/>')
        for n in range(2):
            fill = PALETTE[colour] if n < got else "#ffffff"
            out.append(star_path(bx + size * (0.1 + 0.95 * n), cy, size * 0.42, fill).replace(
                'class="star"', f'class="star-slot{" filled" if n < got else ""}"'))
    out.append("</g>")
    return "\n".join(out)


# -- command line -------------------------------------------------------------------

def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``render`` to the command line."""
    p = add_command(
        subparsers, "render", cmd_render,
        help="draw a board (or a scenario position) as SVG",
        description="Draw a board as an SVG picture: a board id (A), a board file (.toml), or a "
                    "scenario file (.json) replayed to --step N and drawn for --seat P.",
    )
    p.add_argument("source", metavar="BOARD_OR_SCENARIO", help="board id, board .toml file or scenario .json file")
    p.add_argument("--svg", required=True, metavar="OUT.svg", help="where to write the picture")
    p.add_argument("--step", type=int, default=None, help="scenario: replay only the first N actions")
    p.add_argument("--seat", type=int, default=None, help="scenario: whose board (default the active player)")
    p.add_argument("--size", type=float, default=26.0, help="hexagon radius in pixels (default 26)")


def cmd_render(args: argparse.Namespace) -> int:
    from .scenario import load_scenario, replay_scenario

    source: str = args.source
    subtitle = None
    try:
        if source.endswith(".json"):
            game, result = replay_scenario(load_scenario(source), steps=args.step)
            seat = game.active if args.seat is None else args.seat
            if not 0 <= seat < game.players:
                print(f"{source}: there is no seat {seat} (players 0 to {game.players - 1})", file=sys.stderr)
                return 2
            board, crossed = game.boards[seat], game.sheets[seat].crossed
            subtitle = f"player {seat}" + ("" if args.step is None else f", after {args.step} actions")
            if not result["ok"]:
                print(f"{source}: stopped at action {result['error']['action_index']}: "
                      f"{result['error']['message']}", file=sys.stderr)
        else:
            board, crossed = load_board(source), None
    except (BoardError, ScenarioError) as exc:
        print(f"{source}: {exc}", file=sys.stderr)
        return 2
    Path(args.svg).write_text(render_svg(board, crossed, size=args.size, subtitle=subtitle), encoding="utf-8")
    return 0
