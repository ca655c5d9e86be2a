"""The other players' sheets, small (diceland_site.minis), and what the
Ganz schön clever and Dice Wide Shut view models give them: the home sheet
stays on screen while bots play, the small sheets list the others, their
marks as boxes for the outline of the marks just made."""

from __future__ import annotations

from diceland_core.games.wideshut.sheet import Sheet
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.clever.draw import mark_boxes as clever_boxes, sheet_ops as clever_sheet_ops
from diceland_site.games.wideshut.controller import Controller as WideController
from diceland_site.games.wideshut.draw import HEIGHT, WIDTH, mark_boxes as wide_boxes, sheet_ops as wide_sheet_ops
from diceland_site.games.wideshut.options import make_seats
from diceland_site.games.wideshut.strings import WideStrings
from diceland_site.minis import HIGHLIGHT, MiniLayout, fresh_marks, highlight_ops, home_seat, panel
from diceland_site.seats import Seat


def test_home_seat_is_the_person_deciding_else_the_last_one():
    assert home_seat(2, [0, 2], 0) == 2
    assert home_seat(1, [0, 2], 2) == 2          # a bot decides: the last person stays
    assert home_seat(1, [0, 2], None) == 0       # nobody decided yet: the first person
    assert home_seat(1, [], None) is None        # only bots


def test_panel_lists_everyone_but_home_with_the_shown_and_waiting_ones():
    names = ["Ana", "Bo", "Cy"]
    got = panel(names, 0, 2, (1,), lambda q: f"{names[q]} chip", lambda q: f"show {names[q]}", "Others")
    assert [m.player for m in got.sheets] == [1, 2]
    assert [m.shown for m in got.sheets] == [False, True]
    assert [m.waiting for m in got.sheets] == [True, False]
    assert got.sheets[0].chip == "Bo chip" and got.sheets[1].label == "show Cy" and got.title == "Others"
    assert [m.player for m in panel(names, None, 0, (), str, str, "").sheets] == [0, 1, 2]


def test_fresh_marks_are_the_new_keys_only_and_none_at_first():
    before = {"a": (0, 0, 1, 1)}
    now = {"a": (0, 0, 1, 1), "b": (5, 5, 2, 2)}
    assert fresh_marks(None, now) == []
    assert fresh_marks(before, now) == [(5, 5, 2, 2)]
    assert fresh_marks(now, now) == []


def test_highlight_is_about_three_css_pixels_wide_at_any_scale():
    for scale in (0.2, 1.0):
        (op,) = highlight_ops([(10, 20, 30, 40)], scale)
        assert op[0] == "poly" and op[3] == HIGHLIGHT
        assert abs(op[4] * scale - 3.0) < 0.05
        xs = [x for x, _ in op[1]]
        assert min(xs) < 10 and max(xs) > 40


def test_mini_layout_scales_the_whole_sheet_to_its_width():
    lay = MiniLayout((WIDTH, HEIGHT), 150.0, 2.0)
    assert lay.css_width == 150.0 and abs(lay.css_height - 150.0 * HEIGHT / WIDTH) < 1e-9
    assert lay.canvas_width == 300


def clever_game(kinds):
    seats = [Seat(name, kind) for name, kind in zip(("Ana", "Bo", "Cy", "Di"), kinds)]
    return CleverController.new(seats, seed=7)


def test_clever_keeps_the_persons_sheet_while_the_bots_play():
    ctrl = clever_game(["human", "greedy", "greedy"])
    seen_bot_turn = False
    for _ in range(200):
        m = ctrl.model()
        assert m.home == 0 and m.shown == 0
        assert [s.player for s in m.minis.sheets] == [1, 2]
        if m.bot_pending and ctrl.current_seat() is None:
            seen_bot_turn = True
            assert m.targets == ()
        if not ctrl.bot_step().ok:
            for tap in ctrl.hint_taps():
                ctrl.press(tap[1]) if tap[0] == "button" else ctrl.tap(tap)
        if ctrl.game.over:
            break
    assert seen_bot_turn
    ctrl.viewing = 2
    assert ctrl.model().shown == 2 and ctrl.model().minis.sheets[1].shown


def test_clever_hot_seat_follows_the_person_deciding():
    ctrl = clever_game(["human", "human"])
    homes = set()
    for _ in range(60):
        m = ctrl.model()
        assert m.shown == m.home == m.current or m.current is None
        homes.add(m.home)
        if m.handoff:
            ctrl.press("handoff")
            continue
        for tap in ctrl.hint_taps():
            ctrl.press(tap[1]) if tap[0] == "button" else ctrl.tap(tap)
    assert homes >= {0, 1}


def test_clever_mark_boxes_follow_the_sheet_and_the_sheet_ops_name_the_player():
    ctrl = clever_game(["human", "greedy"])
    assert clever_boxes(ctrl.game, 1) == {}
    while not ctrl.game.sheets[1].yellow_cells() and not ctrl.game.sheets[1].blue_sums() \
            and not ctrl.game.sheets[1].g and not ctrl.game.sheets[1].o and not ctrl.game.sheets[1].p:
        if not ctrl.bot_step().ok:
            for tap in ctrl.hint_taps():
                ctrl.press(tap[1]) if tap[0] == "button" else ctrl.tap(tap)
    boxes = clever_boxes(ctrl.game, 1)
    assert boxes and all(w > 0 and h > 0 for _, _, w, h in boxes.values())
    ops = clever_sheet_ops(ctrl.model(), ctrl.game, 1)
    assert ("text", 560, 39, "Bo", "#1b1b1b", 18, "left") in ops


def test_wideshut_mark_boxes_list_crosses_and_six_boxes():
    sheet = Sheet()
    assert wide_boxes(sheet) == {}
    sheet.marks[0] |= 1 << (5 * 2 + 3)      # red, row 3, column 4
    sheet.six[1] |= 1 << 4                   # blue 6-box of row 5
    assert set(wide_boxes(sheet)) == {("red", 2, 3), ("blue", 4, 5)}
    assert wide_sheet_ops(sheet, WideStrings("en"))


def test_wideshut_minis_list_the_others_and_keep_the_persons_sheet():
    play = WideController.new(make_seats(["human", "greedy", "greedy"], [], WideStrings("it")), 7, "it")
    m = play.model()
    assert m.home == 0 and [s.player for s in m.minis.sheets] == [1, 2]
    assert m.minis.title == "Fogli degli altri giocatori" and m.minis.sheets[0].label.startswith("Mostra il foglio")
    bot_turns = 0
    for _ in range(30):
        if play.bot_pending():
            bot_turns += 1
            m = play.model()
            assert m.shown == m.home == 0 and m.minis.sheets[m.current - 1].waiting
            play.bot_step()
        elif play.game.phase == "roll":
            assert play.roll().ok
        else:
            take = play.hint_move()
            for i in take["dice"]:
                play.tap_die(i)
            if not play.model().button("confirm").enabled:
                break
            assert play.confirm().ok
    assert bot_turns >= 2
