"""The SVG render and the board geometry (RULES.md D1.3, D1.7)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from diceland_core.games.diceland.board import load_board
from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland.geometry import (
    board_pixel_size,
    cell_across,
    cell_center,
    hex_corners,
    hex_distance,
    pixel_to_cell,
)
from diceland_core.games.diceland.render import render_svg
from diceland_core.games.diceland.scenario import parse_scenario, replay_scenario
from diceland_core.games.diceland.sheet import Sheet

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


# -- geometry -----------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [10.0, 26.0, 33.3])
def test_D1_3_pixel_to_cell_finds_every_cell_centre(size):
    for r in range(9):
        for c in range(12):
            x, y = cell_center(r, c, size)
            assert pixel_to_cell(x, y, 9, 12, size) == (r, c)
            # and points well inside the hexagon, towards each corner
            for cx, cy in hex_corners(x, y, size):
                assert pixel_to_cell(x + 0.9 * (cx - x), y + 0.9 * (cy - y), 9, 12, size) == (r, c)


def test_D1_3_the_cell_across_an_edge_is_the_one_beyond_its_midpoint():
    """cell_across(k) is the hexagon that holds the cell's centre mirrored in
    the middle of edge k (corner k to corner k + 1), or None off the grid;
    each inner cell has six different neighbours, each a step away."""
    size = 20.0
    for rows, cols in ((9, 12), (4, 3), (1, 5)):
        for r in range(rows):
            for c in range(cols):
                x, y = cell_center(r, c, size)
                corners = hex_corners(x, y, size)
                across = [cell_across(r, c, k, rows, cols) for k in range(6)]
                for k, other in enumerate(across):
                    (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 6]
                    assert other == pixel_to_cell(x1 + x2 - x, y1 + y2 - y, rows, cols, size), (r, c, k)
                    assert other is None or hex_distance(other, (r, c)) == 1
                if 0 < r < rows - 1 and 0 < c < cols - 1:
                    assert len(set(across)) == 6 and None not in across


def test_D1_3_points_outside_the_grid_give_none():
    size = 20.0
    w, h = board_pixel_size(9, 12, size)
    for x, y in [(-1, -1), (w + 5, 10), (10, h + 5), (w / 2, -3), (-5, h / 2)]:
        assert pixel_to_cell(x, y, 9, 12, size) is None
    # the notch left of an odd row, and the top-left corner of the box
    x, y = cell_center(1, 0, size)
    assert pixel_to_cell(x - size * 1.0, y, 9, 12, size) is None
    assert pixel_to_cell(0.5, 0.5, 9, 12, size) is None


def test_D1_3_neighbouring_centres_are_one_step_apart():
    size = 10.0
    for r in range(9):
        for c in range(12):
            x, y = cell_center(r, c, size)
            for rr, cc in [(r, c + 1), (r + 1, c - (r % 2 == 0)), (r + 1, c + (r % 2 == 1))]:
                if 0 <= rr < 9 and 0 <= cc < 12:
                    x2, y2 = cell_center(rr, cc, size)
                    assert math.isclose(math.dist((x, y), (x2, y2)), math.sqrt(3) * size)
                    assert hex_distance((r, c), (rr, cc)) == 1


def test_board_pixel_size_bounds_every_corner():
    size = 12.0
    w, h = board_pixel_size(9, 12, size)
    xs, ys = [], []
    for r in range(9):
        for c in range(12):
            for x, y in hex_corners(*cell_center(r, c, size), size):
                xs.append(x)
                ys.append(y)
    assert math.isclose(min(xs), 0, abs_tol=1e-9) and math.isclose(max(xs), w)
    assert math.isclose(min(ys), 0, abs_tol=1e-9) and math.isclose(max(ys), h)


# -- render_svg -----------------------------------------------------------------------------------

@pytest.mark.parametrize("board_id", list("ABCDEFGH"))
def test_D1_3_svg_has_one_polygon_per_cell(board_id):
    board = load_board(board_id)
    root = parse(render_svg(board))
    polygons = list(root.iter(SVG + "polygon"))
    assert len(polygons) == board.rows * board.cols
    assert {(int(p.get("data-row")), int(p.get("data-col"))) for p in polygons} == {
        (r, c) for r in range(board.rows) for c in range(board.cols)}


def test_D1_svg_marks_obstacles_start_stars_and_colours():
    board = load_board("A")
    root = parse(render_svg(board))
    assert len(with_class(root, "obstacle")) == 11
    assert len(with_class(root, "start")) == 1
    assert len(with_class(root, "start-mark")) == 1
    assert len(with_class(root, "star")) == 12                 # D1.5 bonus cells
    for colour in Colour:
        assert len(with_class(root, colour.key)) == 16
    assert len(with_class(root, "zone-borders")) == 1
    titles = [t.text for t in with_class(root, "title")]
    assert titles == ["Board A — Meadow"]


def test_D1_7_info_bar_has_twelve_star_slots_and_six_colour_boxes():
    board = load_board("A")
    root = parse(render_svg(board))
    assert len(with_class(root, "star-slot")) == 12
    assert len(with_class(root, "colour-box")) == 6
    assert not with_class(root, "filled") and not with_class(root, "complete")


def test_D1_7_crossed_stars_and_complete_colours_fill_the_info_bar():
    board = load_board("A")
    red = board.colour_mask[Colour.RED]
    root = parse(render_svg(board, red))
    assert len(with_class(root, "filled")) == 2
    assert len(with_class(root, "complete")) == 1
    assert len(with_class(root, "cross")) == 16


def test_svg_draws_an_x_on_each_crossed_cell_but_not_the_start():
    board = load_board("C")
    cells = [board.start_cell] + board.cells_of(board.colour_mask[Colour.BLUE])[:5]
    root = parse(render_svg(board, cells))
    assert len(with_class(root, "cross")) == 5
    assert not list(root.iter(SVG + "polygon"))[0].get("class").endswith("cross")


# -- the render command ------------------------------------------------------------------------------

def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "diceland_core", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_cli_render_board_id_and_board_file(tmp_path):
    for source in ("A", str(ROOT / "boards" / "E.toml")):
        out = tmp_path / "out.svg"
        result = run("render", source, "--svg", str(out))
        assert result.returncode == 0, result.stderr
        assert len(list(parse(out.read_text(encoding="utf-8")).iter(SVG + "polygon"))) == 108


def test_cli_render_unknown_board_fails(tmp_path):
    result = run("render", "Z", "--svg", str(tmp_path / "z.svg"))
    assert result.returncode == 2
    assert "unknown board" in result.stderr
    assert not (tmp_path / "z.svg").exists()


def scenario_file(tmp_path: Path) -> tuple[Path, dict]:
    """A 2-player scenario on board A: player 1 starts with 3 crosses, player 0
    takes 2 green dice and places them."""
    board = load_board("A")
    sheet = Sheet(board)
    green = sheet.placement_cells(Colour.GREEN, 1)[0]
    pre = Sheet.from_cells(board, green)
    more = [list(c) for c in pre.placement_cells(Colour.GREEN, 1)[0]] + [list(green[0])]
    data = {
        "board": "A", "players": 2, "start_player": 0,
        "crossed": {"1": more},
        "dice": [["green", "green", "red", "blue", "yellow", "orange"]],
        "actions": [{"type": "choose", "colour": "green"}, {"type": "stop"}],
    }
    game, _ = replay_scenario(parse_scenario(json.loads(json.dumps(data))))
    cells = game.sheets[0].placement_cells(Colour.GREEN, 2)[0]
    data["actions"].append({"type": "place", "player": 0, "cells": [list(c) for c in cells]})
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, data


def render_cli(source: Path, out: Path, *options: str) -> ET.Element:
    result = run("render", str(source), "--svg", str(out), *options)
    assert result.returncode == 0, result.stderr
    return parse(out.read_text(encoding="utf-8"))


def crosses(root: ET.Element) -> set[tuple[int, int]]:
    return {(int(e.get("data-row")), int(e.get("data-col"))) for e in with_class(root, "cross")}


def test_cli_render_scenario_draws_the_seat_crosses(tmp_path):
    path, data = scenario_file(tmp_path)
    out = tmp_path / "s.svg"
    placed = {(r, c) for r, c in data["actions"][-1]["cells"]}
    assert crosses(render_cli(path, out, "--seat", "0")) == placed
    assert crosses(render_cli(path, out, "--seat", "1")) == {(r, c) for r, c in data["crossed"]["1"]}


def test_cli_render_scenario_step_stops_early_and_defaults_to_active_player(tmp_path):
    path, _ = scenario_file(tmp_path)
    root = render_cli(path, tmp_path / "s.svg", "--step", "2")
    assert crosses(root) == set()          # player 0, before placing
    assert "after 2 actions" in with_class(root, "subtitle")[0].text


def test_cli_render_scenario_bad_seat(tmp_path):
    path, _ = scenario_file(tmp_path)
    result = run("render", str(path), "--svg", str(tmp_path / "x.svg"), "--seat", "3")
    assert result.returncode == 2
    assert "no seat 3" in result.stderr


@pytest.mark.parametrize("board_id", list("ABCDEFGH"))
def test_docs_board_pictures_are_up_to_date(board_id):
    """docs/boards/*.svg are made by docs/make_board_pictures.py (the render command)."""
    picture = ROOT / "docs" / "boards" / f"{board_id}.svg"
    assert picture.read_text(encoding="utf-8") == render_svg(load_board(board_id))
