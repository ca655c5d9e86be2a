"""The Dice Wide Shut sheet's layout and draw lists."""

from __future__ import annotations

from diceland_core.games.wideshut.sheet import Sheet
from diceland_site.paint import Painter
from diceland_site.games.wideshut.draw import HEIGHT, WIDTH, frame_ops, hit, layout_for, static_ops
from diceland_site.games.wideshut.options import make_seats
from diceland_site.games.wideshut.controller import Controller
from diceland_site.games.wideshut.strings import WideStrings
from support import CanvasRecorder
from diceland_core import get_game

EN = WideStrings("en")


def test_every_box_centre_hits_its_box_at_any_width():
    for width, limit in ((320, None), (480, 700), (900, None)):
        lay = layout_for(width, 2.0, limit)
        assert lay.css_width <= 560 and (limit is None or lay.css_height <= limit + 0.01)
        for half in ("red", "blue"):
            for row in range(5):
                for col in range(6):
                    assert hit(lay, *lay.box_center_css(half, row, col)) == (half, row, col)
        assert hit(lay, 1, 1) is None
        assert lay.canvas_width == round(WIDTH * lay.scale * 2)
        assert abs(lay.css_height - HEIGHT * lay.scale) < 1e-9


def test_split_rows_used_sixes_scores_and_lit_boxes_are_drawn():
    sheet = Sheet.from_strings(red=["xxxxx", "x....", "x....", "x....", "x...."], red6="u....")
    game = get_game("wideshut").new(players=2, seed=1, start_player=0, sheets={0: sheet},
                                    script=[[3, 5, 1, 2, 2, 2, 6]])
    play = Controller(game, make_seats(["human", "expert"], [], EN), "en")
    play.roll()
    play.tap_die(0)
    play.tap_die(1)
    ops = frame_ops(play.game.sheets[0], play.model(), EN)
    texts = [op[3] for op in ops if op[0] == "text"]
    assert "◆ Red half: \u221210" in texts        # W7: column 0 rows 2-5 = 10, four columns at -5
    assert "✓10" in texts                     # column 0 is complete (crossed boxes count)
    lines = [op for op in ops if op[0] == "line" and op[5] == "#1e2421" and op[6] == 3]
    assert len(lines) == 1                    # the split red row 1
    lit = [op for op in ops if op[0] == "poly" and op[2] is None]
    assert len(lit) >= 8                      # columns 3 and 5 of the red rows left
    rec = CanvasRecorder()
    Painter(rec).run(static_ops(EN) + ops)
    assert sum(1 for call in rec.calls if call[0] == "fillText") > 60
