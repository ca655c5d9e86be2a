"""The clever sheet's draw lists and tap geometry (CLEVER.md C2)."""

from __future__ import annotations

from clever_page_support import tap_through

from diceland_core.games.clever.sheet import (
    GREEN_BONUS, GREEN_THRESHOLDS, ORANGE_BONUS, ORANGE_MULTIPLIERS, PURPLE_BONUS, YELLOW_COLUMN_POINTS, YELLOW_GRID,
)
from diceland_site.games.clever.controller import Controller
from diceland_site.games.clever.draw import die_rect, die_spot, frame_ops, static_ops
from diceland_site.games.clever.layout import GEOMETRY, HEIGHT, WIDTH, CanvasLayout
from diceland_site.paint import Painter
from diceland_site.seats import Seat
from support import CanvasRecorder


def texts(ops):
    return [op[3] for op in ops if op[0] == "text"]


def test_printed_sheet_has_numbers_thresholds_multipliers_and_tables():
    words = texts(static_ops("en"))
    for row in YELLOW_GRID:
        for v in row:
            if v is not None:
                assert str(v) in words
    for n in range(2, 13):
        assert str(n) in words
    for t in set(GREEN_THRESHOLDS):
        assert f"≥{t}" in words
    for m in set(ORANGE_MULTIPLIERS) - {1}:
        assert f"×{m}" in words
    for p in YELLOW_COLUMN_POINTS:
        assert str(p) in words
    assert any("56" in w for w in words) and any("66" in w for w in words)   # blue and green tables
    assert "Silver platter" in words and "Bandeja de plata" in texts(static_ops("es"))
    Painter(CanvasRecorder()).run(static_ops("it"))


def test_the_rows_carry_their_whole_names_large_clear_of_their_bonuses():
    """Green, orange and purple are named in full (not "Gre"/"Nar"), as
    large as the boxes' marks, under the row's first fields, ending before
    the first bonus printed under the row."""
    from diceland_site.games.clever.strings import CleverStrings
    for lang in ("en", "es", "it"):
        st = CleverStrings(lang)
        ops = [op for op in static_ops(lang) if op[0] == "text"]
        assert not any(op[3] in {st.area(a)[:3] for a in ("green", "orange", "purple")} for op in ops), lang
        for area, bonus in (("green", GREEN_BONUS), ("orange", ORANGE_BONUS), ("purple", PURPLE_BONUS)):
            name = next(op for op in ops if op[3] == st.area(area))
            _, x, y, _, _, px, align = name
            first = GEOMETRY.rows[area][0]
            assert align == "left" and px >= 24 and first.x <= x and first.y + first.h < y < first.y + 100
            free_until = GEOMETRY.row_bonus[area][min(bonus)].x
            assert x + 0.65 * px * len(name[3]) <= free_until, (lang, area)


def test_every_field_is_inside_the_sheet_and_hits_back():
    for spot, rect in GEOMETRY.mark_spots():
        assert 0 <= rect.x and rect.x + rect.w <= WIDTH and 0 <= rect.y and rect.y + rect.h <= HEIGHT
        assert GEOMETRY.hit_mark(rect.cx, rect.cy) == spot
    assert GEOMETRY.hit_mark(5, 5) is None


def test_frame_shows_marks_dice_scores_and_lit_fields():
    ctrl = Controller.new([Seat("Ana")], seed=7)
    ctrl.tap_die("white")
    m = ctrl.model()
    ops = frame_ops(m, ctrl.game)
    lit = [op for op in ops if op[0] == "poly" and op[3] == "#e6007e" and op[4] == 5]
    assert len(lit) == len(m.targets) > 3
    for d in m.dice:
        r = die_rect(d)
        assert die_spot(m, r.cx, r.cy) == d.colour
        assert str(d.value) in texts(ops)
    tap_through(ctrl, ctrl.hint_taps())
    ops = frame_ops(ctrl.model(), ctrl.game)
    assert ops != frame_ops(m, Controller.new([Seat("Ana")], seed=7).game)
    assert "Total 0" not in texts(ops) or ctrl.game.sheets[0].total() == 0


def test_canvas_layout_scales_the_sheet():
    lay = CanvasLayout(500.0, 2.0)
    assert lay.canvas_width == 1000 and lay.css_height == HEIGHT / 2
    assert lay.to_sheet(*lay.to_css(123.0, 456.0)) == (123.0, 456.0)
