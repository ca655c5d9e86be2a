"""The canvas draw lists as SVG (site/diceland_site/svg.py): each op kind the
canvas painter runs, drawn with the painter's rules, text escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from diceland_site.svg import FONT, ops_to_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    return ET.fromstring(svg.encode("utf-8"))


def only(root: ET.Element, tag: str) -> ET.Element:
    found = root.findall(NS + tag)
    assert len(found) == 1, (tag, found)
    return found[0]


def test_the_document_is_the_sheet_scaled_to_its_css_width_in_the_canvas_font():
    root = parse(ops_to_svg([], 1000, 960, 480))
    assert root.tag == NS + "svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("480", "460.8", "0 0 1000 960")
    assert root.get("font-family") == FONT == "system-ui, sans-serif" and root.get("font-weight") == "bold"
    assert root.get("stroke-linejoin") == "round" and root.get("stroke-linecap") == "round"
    plain = parse(ops_to_svg([], 300, 200))
    assert (plain.get("width"), plain.get("height")) == ("300", "200")


def test_poly_fills_and_strokes_like_the_painter():
    root = parse(ops_to_svg([("poly", [(0, 0), (10.26, 0), (10.26, 5.04)], "#ff0000", "#000", 2.5),
                             ("poly", [(1, 1), (2, 1), (2, 2)], None, "#e6007e33", 5),
                             ("poly", [(1, 1), (2, 1), (2, 2)], "white", "#000", 0)], 20, 20))
    first, outline, flat = root.findall(NS + "path")
    assert first.get("d") == "M0 0L10.3 0L10.3 5Z"
    assert (first.get("fill"), first.get("stroke"), first.get("stroke-width")) == ("#ff0000", "#000", "2.5")
    assert outline.get("fill") == "none" and outline.get("stroke") == "#e6007e33"
    # no width: the painter does not stroke
    assert flat.get("fill") == "white" and flat.get("stroke") is None


def test_line_and_circle():
    root = parse(ops_to_svg([("line", 1, 2.04, 30, 40.96, "rgba(0,0,0,0.5)", 3),
                             ("line", 1, 2, 3, 4, "#000", 0),
                             ("circle", 50, 60, 11.5, None, "#123456", 1.5),
                             ("circle", 5, 6, 2, "#fff", None, 2)], 100, 100))
    line = only(root, "line")
    assert [line.get(k) for k in ("x1", "y1", "x2", "y2", "stroke", "stroke-width")] == \
        ["1", "2", "30", "41", "rgba(0,0,0,0.5)", "3"]
    outline, dot = root.findall(NS + "circle")
    assert [outline.get(k) for k in ("cx", "cy", "r", "fill", "stroke")] == ["50", "60", "11.5", "none", "#123456"]
    assert dot.get("fill") == "#fff" and dot.get("stroke") is None


@pytest.mark.parametrize("align, anchor", [("left", "start"), ("center", "middle"), ("right", "end")])
def test_text_is_centred_on_its_line_and_anchored_like_the_canvas(align, anchor):
    text = only(parse(ops_to_svg([("text", 12.34, 50, "Ronda", "#1b1b1b", 18, align)], 100, 100)), "text")
    assert [text.get(k) for k in ("x", "y", "font-size", "text-anchor", "dominant-baseline", "fill")] == \
        ["12.3", "50", "18", anchor, "central", "#1b1b1b"]
    assert text.text == "Ronda"


def test_text_and_title_are_escaped():
    hostile = '<script>alert("x")</script> & Ana\'s "sheet"'
    svg = ops_to_svg([("text", 1, 2, hostile, 'red" onload="x', 10, "left")], 10, 10, title=hostile)
    assert "<script>" not in svg and 'onload="x"' not in svg
    root = parse(svg)
    assert only(root, "text").text == hostile and only(root, "title").text == hostile
    assert only(root, "text").get("fill") == 'red" onload="x'


def test_an_op_the_canvas_does_not_know_is_named():
    with pytest.raises(ValueError, match="'arc'"):
        ops_to_svg([("arc", 1, 2)], 10, 10)
