"""Layout, hit testing and draw lists of diceland_site.games.diceland.draw."""

from __future__ import annotations

import math

import pytest

from diceland_core.games.diceland import Game
from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland.sheet import Sheet
from diceland_site.ops import FIELDS
from diceland_site.games.diceland.draw import (
    PALETTE, SYMBOLS, Layout, frame_ops, static_ops, symbol_svg,
)

SCREENS = [(360, 640), (1280, 800), (640, 360), (1024, 1366), (320, 480)]


@pytest.mark.parametrize("w, h", SCREENS)
@pytest.mark.parametrize("dpr", [1.0, 2.0, 3.0])
def test_layout_fits(w, h, dpr):
    layout = Layout(w, h, dpr, 9, 12)
    assert layout.fits()
    assert layout.canvas_width == round(w * dpr) and layout.canvas_height == round(h * dpr)
    assert layout.transform == (dpr, 0.0, 0.0, dpr, 0.0, 0.0)
    assert layout.content_height <= h + 1e-6


def test_phone_portrait_uses_the_whole_width():
    layout = Layout(360, 640, 3.0)
    x0, _, x1, _ = layout.bounds()
    assert x1 - x0 > 340
    assert layout.size > 15  # hexes about 28 px wide: still tappable


def test_desktop_is_capped_and_centred():
    layout = Layout(1280, 800, 1.0)
    assert layout.size == 40.0
    x0, _, x1, _ = layout.bounds()
    assert abs((x0 + x1) / 2 - 640) < 1e-6


@pytest.mark.parametrize("w, h", SCREENS)
def test_every_cell_centre_maps_back(w, h):
    layout = Layout(w, h, 1.0, 9, 12)
    for r in range(9):
        for c in range(12):
            x, y = layout.cell_center(r, c)
            assert layout.pixel_to_cell(x, y) == (r, c)
            # points well inside the hexagon too
            for k in range(6):
                a = math.radians(60 * k)
                px, py = x + 0.8 * layout.size * math.cos(a) * math.sqrt(3) / 2, y + 0.8 * layout.size * math.sin(a) * math.sqrt(3) / 2
                assert layout.pixel_to_cell(px, py) == (r, c)


def test_points_outside_give_none():
    layout = Layout(360, 640, 1.0)
    s = layout.size
    assert layout.pixel_to_cell(1, 1) is None
    assert layout.pixel_to_cell(layout.ox - 2, layout.cell_center(4, 0)[1]) is None
    # the notch left of an odd row and right of an even row
    x, y = layout.cell_center(1, 0)
    assert layout.pixel_to_cell(x - s * 0.95, y) is None
    x, y = layout.cell_center(0, 11)
    assert layout.pixel_to_cell(x + s * 0.95, y) is None
    # above the top row, below the bottom row, in the info bar
    x, y = layout.cell_center(0, 5)
    assert layout.pixel_to_cell(x, y - s * 1.01) is None
    x, y = layout.cell_center(8, 5)
    assert layout.pixel_to_cell(x, y + s * 1.01) is None
    bx, by, bw, bh = layout.bar_rect
    assert layout.pixel_to_cell(bx + bw / 2, by + bh / 2) is None


def test_between_two_cells_picks_the_nearer():
    layout = Layout(1280, 800)
    (x1, y1), (x2, y2) = layout.cell_center(3, 3), layout.cell_center(3, 4)
    assert layout.pixel_to_cell(x1 + (x2 - x1) * 0.45, y1) == (3, 3)
    assert layout.pixel_to_cell(x1 + (x2 - x1) * 0.55, y1) == (3, 4)


def test_info_bar_has_twelve_slots_two_per_colour():
    layout = Layout(360, 640)
    slots = layout.star_slots()
    assert len(slots) == 12
    assert [c for c, _, _ in slots] == [c for c in Colour for _ in range(2)]
    xs = [rect[0] for _, _, rect in slots]
    assert xs == sorted(xs)
    assert layout.complete_box[0] + layout.complete_box[2] <= xs[0]


def _check_ops(ops):
    for op in ops:
        assert isinstance(op, tuple) and op[0] in FIELDS, op
        assert len(op) == 1 + len(FIELDS[op[0]]), op
        if op[0] == "poly":
            assert len(op[1]) >= 3 and all(len(p) == 2 for p in op[1])
            assert all(isinstance(v, float) or isinstance(v, int) for p in op[1] for v in p)
            assert op[2] is not None or op[3] is not None
        elif op[0] == "line":
            assert all(isinstance(v, (int, float)) for v in op[1:5])
        elif op[0] == "circle":
            assert op[3] > 0
        elif op[0] == "text":
            assert isinstance(op[3], str) and op[6] in ("left", "center", "right")


def test_static_ops_are_well_formed(board):
    layout = Layout(360, 640, 2.0)
    ops = static_ops(board, layout)
    _check_ops(ops)
    assert len(ops) < 1000
    fills = {op[2] for op in ops if op[0] == "poly"}
    for key in PALETTE:
        assert PALETTE[key]["fill"] in fills
    # the zone borders: thick lines exist, the board outline among them
    assert sum(1 for op in ops if op[0] == "line") > 40


def test_dynamic_ops_are_few_and_well_formed(board):
    layout = Layout(1280, 800)
    game = Game.new([board, board], seed=2)
    sheet = Sheet(board, board.all_mask & ~board.obstacle_mask)  # everything crossed
    ops = frame_ops(sheet, layout, highlights=[(0, 1), (0, 2)], selection=[(1, 1)], cursor=(4, 4),
                      hint=[(2, 0)])
    _check_ops(ops)
    assert len(ops) < 300
    ops = frame_ops(game.sheets[0], layout)
    _check_ops(ops)
    assert len(ops) == 1  # only the start cell's cross


def test_palette_and_symbols_are_distinct():
    assert set(PALETTE) == set(SYMBOLS) == {c.key for c in Colour}
    assert len(set(SYMBOLS.values())) == 6
    assert len({p["fill"] for p in PALETTE.values()}) == 6
    for key in SYMBOLS:
        svg = symbol_svg(key, 20)
        assert svg.startswith("<svg") and svg.endswith("</svg>")


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_symbols_and_die_labels_have_contrast():
    for key, p in PALETTE.items():
        assert _contrast(p["fill"], p["ink"]) >= 3.0, key
        assert _contrast(p["die"], p["text"]) >= 2.5, key


# -- near-miss taps, lit cells, the star bar's symbols ----------------------------

def test_a_tap_just_past_a_lit_cell_counts_for_it():
    from diceland_site.games.diceland.draw import SNAP_REACH, hit
    layout = Layout(360, 640)
    (x1, y1), (x2, _) = layout.cell_center(3, 3), layout.cell_center(3, 4)
    # 10% into the neighbouring cell (3, 4), which is not playable
    x = x1 + (x2 - x1) * 0.6
    assert layout.pixel_to_cell(x, y1) == (3, 4)
    assert hit(layout, x, y1, [(3, 3)]) == (3, 3)
    # the middle of the neighbour is a tap on the neighbour (its refusal says why)
    assert hit(layout, x2, y1, [(3, 3)]) == (3, 4)
    # on a lit cell, the lit cell even when another one is nearer its centre
    assert hit(layout, x1 + (x2 - x1) * 0.45, y1, [(3, 3), (3, 4)]) == (3, 3)
    assert hit(layout, x1 + (x2 - x1) * 0.55, y1, [(3, 3), (3, 4)]) == (3, 4)
    # out of reach: nothing is snapped, off the board is None
    assert hit(layout, x1, y1 + SNAP_REACH * layout.size * 1.01 + 40, [(3, 3)]) != (3, 3)
    assert hit(layout, -50.0, -50.0, [(0, 0)]) is None


def test_a_near_miss_goes_to_the_nearest_of_two_lit_cells():
    from diceland_site.games.diceland.draw import hit
    layout = Layout(1280, 800)
    a, b = layout.cell_center(4, 4), layout.cell_center(4, 6)
    mid = layout.cell_center(4, 5)  # not lit: between the two lit cells
    assert hit(layout, mid[0] - layout.size * 0.8, mid[1], [(4, 4), (4, 6)]) == (4, 4)
    assert hit(layout, mid[0] + layout.size * 0.8, mid[1], [(4, 4), (4, 6)]) == (4, 6)
    assert a[0] < mid[0] < b[0]


def test_lit_cells_keep_their_colour_with_a_strong_ring(board):
    """Highlights draw rings only: no translucent wash over the cell's colour."""
    layout = Layout(1280, 800)
    game = Game.new([board, board], seed=2)
    ops = frame_ops(game.sheets[0], layout, highlights=[(0, 1)], room=[(2, 2)])
    rings = [op for op in ops if op[0] == "poly" and op[3] is not None and op[2] is None]
    assert len(rings) >= 3
    assert all(op[2] is None for op in ops[:3])  # nothing filled over a lit cell
    assert max(op[4] for op in rings) >= layout.size * 0.2


def test_star_bar_slots_carry_their_colour_symbol():
    from diceland_site.games.diceland.draw import symbol_ops
    layout = Layout(1280, 800)
    from diceland_site.games.diceland.draw import _info_bar_static_ops
    ops = _info_bar_static_ops(layout)
    for colour, k, (x, y, w, h) in layout.star_slots():
        symbol = symbol_ops(colour, x + w * 0.2, y + h * 0.2, min(w, h) * 0.15)
        assert all(op in ops for op in symbol), (colour, k)
        inside = [op for op in symbol if op[0] == "poly"]
        for op in inside:
            assert all(x <= px <= x + w and y <= py <= y + h for px, py in op[1])
