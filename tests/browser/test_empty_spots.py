"""Taps that find no control, and toasts that must go away, on every game
page: in this Pyodide a missing DOM element is JavaScript's null (falsy,
not None), and a handler that took it for an element broke the page."""

from __future__ import annotations

import pytest

PAGES = {
    "diceland.html": "?players=human,greedy&boards=A,B&seed=7&speed=0",
    "clever.html": "?players=human,greedy&seed=7&speed=0",
    "wideshut.html": "?players=human,greedy&seed=7&speed=0",
}
#: Boxes of controls with room between or beside them.
BOXES = ("#dice", "#seat-tabs", "#targets", "#mini-list", "#actions")


@pytest.mark.parametrize("path", sorted(PAGES))
def test_a_tap_beside_the_controls_does_nothing(site, path):
    page = site.page
    page.set_viewport_size({"width": 1280, "height": 900})
    site.open(PAGES[path], path=path)
    site.settled()
    before = site.page.evaluate("window.diceland.record()")
    tapped = 0
    for selector in BOXES:
        box = page.query_selector(selector)
        if box is None or not box.is_visible():
            continue
        rect = box.bounding_box()
        if not rect or rect["width"] < 8 or rect["height"] < 4:
            continue
        x, y = rect["x"] + rect["width"] - 2, rect["y"] + rect["height"] - 2
        hit = page.evaluate(f"document.elementFromPoint({x}, {y}).closest('button, input, select, a')")
        if hit is not None:
            continue  # a control there: not an empty spot
        page.mouse.click(x, y)
        tapped += 1
    assert tapped >= 1, "no empty spot beside the controls was found"
    site.settled()  # the taps handled, and nothing moves by itself
    assert site.state()["message"] == "", "a tap on an empty spot showed an error"
    assert page.evaluate("window.diceland.record()") == before


@pytest.mark.parametrize("path", sorted(PAGES))
def test_toasts_go_away(site, path):
    page = site.page
    site.open(PAGES[path], path=path)
    record = page.evaluate("window.diceland.record()")
    assert page.evaluate("(text) => window.diceland.importText(text)", record)
    assert page.evaluate("document.querySelectorAll('#toasts > *').length") >= 1
    # gone (TOAST_MS is 3.5 s; the bound leaves room for a loaded machine): a timeout here fails the test
    page.wait_for_function("() => document.querySelectorAll('#toasts > *').length === 0", timeout=15_000)
