"""paint.py: a draw list handed to a batch runner (the pages' paint.js) in
one call, as the JSON paint.js reads."""

from __future__ import annotations

import json
import math

import pytest

from diceland_site.games.clever.draw import static_ops
from diceland_site import ops
from diceland_site.ops import FIELDS, named
from diceland_site.paint import FONT, SCHEMA, Painter, ops_json


def test_painter_hands_the_list_to_a_batch_runner_in_one_call():
    ops = static_ops("en")
    seen = []
    Painter("ctx", batch=lambda ctx, text, schema: seen.append((ctx, text, schema))).run(ops)
    assert seen == [("ctx", ops_json(ops), SCHEMA)]


def test_the_schema_handed_over_places_every_field_of_every_op():
    # paint.js reads each field at the index the schema names: the op's array
    fields = json.loads(SCHEMA)
    assert set(fields) == set(FIELDS) == {"poly", "line", "circle", "text"}
    for kind, names in FIELDS.items():
        assert fields[kind] == {name: i + 1 for i, name in enumerate(names)}
    assert named(("circle", 1, 2, 3, "#000", None, 1.0)).r == 3
    assert named(ops.text(1, 2, "a", "#fff", 9)) == ("text", 1, 2, "a", "#fff", 9, "center")


@pytest.mark.parametrize("bad", [("blob", 1), ("line", 0, 0, 1), ()])
def test_an_op_of_no_known_kind_or_shape_is_refused_by_name(bad):
    with pytest.raises(ValueError):
        named(bad)


def test_the_json_is_the_ops_with_each_texts_size_as_its_font():
    ops = [("poly", ((0, 0), (1.5, 2)), None, "#123", 0), ("text", 3, 4.25, "Bandeja · ✓", "#fff", 14, "center"),
           ("circle", 1, 2, 3, "#000", None, 1.0), ("line", 0, 0, 1, 1, "#abc", 2)]
    assert json.loads(ops_json(ops)) == [
        ["poly", [[0, 0], [1.5, 2]], None, "#123", 0],
        ["text", 3, 4.25, "Bandeja · ✓", "#fff", FONT.format(px=14), "center"],
        ["circle", 1, 2, 3, "#000", None, 1.0],
        ["line", 0, 0, 1, 1, "#abc", 2],
    ]
    assert FONT.format(px=14) == "bold 14px system-ui, sans-serif"


@pytest.mark.parametrize("bad", [math.nan, math.inf])
def test_a_number_javascript_cannot_read_is_refused_in_python(bad):
    with pytest.raises(ValueError):
        ops_json([("line", 0, 0, bad, 1, "#abc", 2)])


@pytest.mark.parametrize("game", ["diceland", "clever", "wideshut"])
def test_every_games_draw_module_has_the_same_three_names(game):
    # the draw contract: static_ops, frame_ops, and hit(view, x, y) -> target
    import importlib
    import inspect

    draw = importlib.import_module(f"diceland_site.games.{game}.draw")
    for name in ("static_ops", "frame_ops", "hit"):
        assert callable(getattr(draw, name, None)), (game, name)
    assert list(inspect.signature(draw.hit).parameters)[1:3] == ["x", "y"], game
