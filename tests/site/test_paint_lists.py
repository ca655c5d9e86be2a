"""paint.py: a draw list handed to a batch runner (the pages' paint.js) in
one call, as the JSON paint.js reads."""

from __future__ import annotations

import json
import math

import pytest

from diceland_site.games.clever.draw import static_ops
from diceland_site.paint import FONT, Painter, ops_json


def test_painter_hands_the_list_to_a_batch_runner_in_one_call():
    ops = static_ops("en")
    seen = []
    Painter("ctx", batch=lambda ctx, text: seen.append((ctx, text))).run(ops)
    assert seen == [("ctx", ops_json(ops))]


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
