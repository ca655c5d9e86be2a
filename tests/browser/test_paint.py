"""paint.js (the pages' draw-list runner) does what paint.py's Painter does:
the same calls on the canvas context, in the same order and with the same
values, and so the same pixels, for every kind of op (each game's sheet, texts
in three languages, a Diceland board with its info bar and crosses)."""

from __future__ import annotations

import pytest

from diceland_core.games.diceland import Game
from diceland_core.games.diceland.board import load_board
from diceland_site.games.clever.draw import static_ops as clever_ops
from diceland_site.games.diceland import draw
from diceland_site.paint import SCHEMA, Painter, ops_json
from diceland_site.games.wideshut.draw import static_ops as wideshut_ops
from diceland_site.games.wideshut.strings import WideStrings
from support import CanvasRecorder

#: Runs a draw list through paint.js on a context that records every call and
#: property set, then on a real canvas, and the same list replayed from
#: Python's record on a second canvas: the calls and both canvases' pixels.
COMPARE = """([json, schema, pythonCalls, width, height]) => {
  const calls = [];
  const recorder = new Proxy({}, {
    get: (_, name) => (...args) => { calls.push([name, ...args]); },
    set: (_, name, value) => { calls.push(["=" + name, value]); return true; },
  });
  window.dicelandPaint(recorder, json, schema);
  const canvas = () => Object.assign(document.createElement("canvas"), { width, height });
  const a = canvas(), b = canvas();
  window.dicelandPaint(a.getContext("2d"), json, schema);
  const ctx = b.getContext("2d");
  for (const [name, ...args] of pythonCalls) {
    if (name.startsWith("=")) ctx[name.slice(1)] = args[0];
    else ctx[name](...args);
  }
  const pa = a.getContext("2d").getImageData(0, 0, width, height).data;
  const pb = ctx.getImageData(0, 0, width, height).data;
  let differing = 0, inked = 0;
  for (let i = 0; i < pa.length; i += 4) {
    if (pa[i] !== pb[i] || pa[i + 1] !== pb[i + 1] || pa[i + 2] !== pb[i + 2] || pa[i + 3] !== pb[i + 3]) differing += 1;
    if (pa[i + 3] !== 0) inked += 1;
  }
  return { calls, differing, inked };
}"""


def numbers_as_floats(call: list) -> list:
    return [float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v for v in call]


def diceland_ops() -> list[tuple]:
    game = Game.new("A", players=2, seed=7)
    layout = draw.Layout.for_board(load_board("A"), 600, 700, 1.0, info_bar=True)
    return draw.static_ops(game.boards[0], layout) + draw.frame_ops(game.sheets[0], layout)


CASES = {
    "diceland": (diceland_ops, 600, 700),
    "clever-it": (lambda: clever_ops("it"), 900, 700),
    "wideshut-es": (lambda: wideshut_ops(WideStrings("es")), 900, 700),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_paint_js_makes_the_calls_and_pixels_of_the_python_painter(site, case):
    make, width, height = CASES[case]
    ops = make()
    kinds = {op[0] for op in ops}
    assert {"poly", "text"} <= kinds or case == "diceland", kinds
    expected = CanvasRecorder()
    Painter(expected).run(ops)
    site.page.goto(site.base_url + "embed.html?game=clever&scenario=extra")  # a page that loads paint.js
    site.page.wait_for_function("() => typeof window.dicelandPaint === 'function'")
    out = site.page.evaluate(COMPARE, [ops_json(ops), SCHEMA, expected.calls, width, height])
    # numbers come back from the page as JavaScript numbers (12.0 is 12)
    assert len(out["calls"]) == len(expected.calls) > 100
    for got, want in zip(out["calls"], expected.calls):
        assert numbers_as_floats(got) == numbers_as_floats(want)
    assert out["inked"] > width * height / 20
    assert out["differing"] == 0


#: Counts the calls a page makes to paint.js (installed before the page's
#: scripts: the counter wraps whatever paint.js defines).
COUNT_PAINTS = """
window.__paints = 0;
Object.defineProperty(window, "dicelandPaint", {
  configurable: true,
  set(run) { this.__paintRun = run; },
  get() { return this.__paintRun && ((...args) => { window.__paints += 1; return this.__paintRun(...args); }); },
});
"""


def test_a_game_page_draws_its_sheet_through_paint_js(site):
    site.page.add_init_script(COUNT_PAINTS)
    site.open("?players=human,expert&seed=7&speed=0", path="wideshut.html")
    assert site.page.evaluate("window.__paints") >= 2  # the printed sheet once, then the frame
