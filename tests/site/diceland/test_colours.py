"""One colour and symbol table: the SVG render (docs/boards.md) and the site
(board and dice) draw the same shape and fill for every colour."""

from __future__ import annotations

import re

import pytest

from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland import render
from diceland_core.games.diceland.colours import STYLES
from diceland_site.games.diceland import draw


def svg_geometry(svg: str) -> tuple:
    """A render.symbol() element as ("circle", x, y, r) or ("poly", points)."""
    circle = re.fullmatch(r'<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)" [^>]*/>', svg)
    if circle:
        return ("circle", *(round(float(v), 1) for v in circle.groups()))
    path = re.fullmatch(r'<path d="M([^"]+) Z" [^>]*/>', svg)
    assert path, svg
    points = [tuple(round(float(v), 1) for v in p.split()) for p in path.group(1).split(" L")]
    return ("poly", tuple(points))


def ops_geometry(ops: list[tuple]) -> tuple:
    """draw.symbol_ops() as the same ("circle", ...) / ("poly", ...)."""
    assert len(ops) == 1, ops
    op = ops[0]
    if op[0] == "circle":
        return ("circle", *(round(v, 1) for v in op[1:4]))
    return ("poly", tuple((round(x, 1), round(y, 1)) for x, y in op[1]))


@pytest.mark.parametrize("colour", list(Colour), ids=lambda c: c.key)
def test_render_and_site_draw_the_same_symbol(colour):
    x, y, r = 40.0, 30.0, 12.0
    drawn = svg_geometry(render.symbol(colour, x, y, r))
    painted = ops_geometry(draw.symbol_ops(colour, x, y, r))
    assert drawn == painted
    assert drawn[0] == ("circle" if STYLES[colour].symbol == "circle" else "poly")


@pytest.mark.parametrize("colour", list(Colour), ids=lambda c: c.key)
def test_render_and_site_fill_a_cell_alike(colour):
    assert render.PALETTE[colour] == draw.PALETTE[colour.key]["fill"] == STYLES[colour].fill
    assert draw.SYMBOLS[colour.key] == STYLES[colour].symbol


def test_every_colour_has_its_own_symbol():
    shapes = [draw.symbol_ops(c, 0, 0, 10) for c in Colour]
    assert len({repr(ops_geometry(s)) for s in shapes}) == len(Colour)


def test_board_picture_uses_the_table():
    from diceland_core.games.diceland.board import load_board
    svg = render.render_svg(load_board("A"))
    for colour in Colour:
        assert STYLES[colour].fill in svg
