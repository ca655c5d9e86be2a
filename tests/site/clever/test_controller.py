"""The clever page's controller and view model: a whole game by taps, what
lights up, which buttons are enabled, plain error sentences, hot-seat and
bots (CLEVER.md C3, C5–C11)."""

from __future__ import annotations

import pytest
from clever_page_support import play_out, tap_through

from diceland_core.games.clever.actions import Extra, Pass, Pick, Reroll
from diceland_core.games.clever.messages import rating_code
from diceland_core.core.errors import render_message
from diceland_site.games.clever.controller import Controller
from diceland_site.seats import Seat


def check_model(ctrl: Controller) -> None:
    """Buttons enabled exactly when legal (C7.3, C7.4, C6.4); unusable dice
    dimmed; the lit fields are the engine's targets of the selection."""
    m = ctrl.model()
    s, p = ctrl.game, m.current
    legal = s.legal_actions(p)
    assert m.button("reroll").enabled == any(isinstance(a, Reroll) for a in legal)
    assert m.button("extra").enabled == any(isinstance(a, Extra) for a in legal)
    assert m.button("pass").enabled == any(isinstance(a, Pass) for a in legal)
    usable = set(s.usable_dice(p))
    for d in m.dice:
        if usable:
            assert d.usable == (d.colour in usable), d
    for colour in usable:
        ctrl.tap_die(colour)
        lit = set(ctrl.model().targets)
        want = {(a, ctrl.spot_index(p, a, f)) for a, f in s.targets(p, colour)}
        assert lit == want and lit
    ctrl.clear_selection()


def test_solo_game_by_taps_ends_with_breakdown_and_rating(solo):
    """C11: 6 active and 6 passive turns by taps; the end shows every area,
    the fox points, the total and the rulebook's phrase (C11.4, R10)."""
    moves = play_out(solo, check_model)
    assert moves > 30
    m = solo.model()
    assert m.over and m.winners == (0,)
    total = solo.game.sheets[0].total()
    assert dict(m.breakdown)["total"] == (total,)
    assert [k for k, _ in m.breakdown] == ["yellow", "blue", "green", "orange", "purple", "fox", "total"]
    assert m.rating == render_message(rating_code(total), {}, "en")
    for lang in ("es", "it"):
        solo.set_language(lang)
        assert solo.model().rating == render_message(rating_code(total), {}, lang) != m.rating


def test_white_lights_every_area_and_blue_the_sum():
    """C3.1, C3.2: white may go to any area; blue (and white in blue) is the sum."""
    ctrl = Controller.new([Seat("Ana")], seed=7)
    s = ctrl.game
    ctrl.tap_die("white")
    areas = {a for a, _ in ctrl.model().targets}
    assert areas == {"yellow", "blue", "green", "orange", "purple"} - (
        set() if s.sheets[0].can(0, s.faces[0]) else {"yellow"})
    total = s.faces[0] + s.faces[2]
    assert ("blue", total) in ctrl.model().targets
    ctrl.tap_die("blue")
    assert ctrl.model().targets == (("blue", total),)
    # the prompt says that blue counts the blue and the white die together
    says = ctrl.t("clever.prompt.blue_sum", blue=s.faces[2], white=s.faces[0], sum=total)
    assert ctrl.model().prompt.endswith(" " + says) and str(total) in says
    for colour in ("yellow", "green", "orange", "purple"):
        ctrl.clear_selection()
        ctrl.tap_die(colour)
        if ctrl.selection == colour:
            assert says not in ctrl.model().prompt


def test_illegal_tap_is_a_plain_sentence_with_the_rule_behind_details():
    ctrl = Controller.new([Seat("Ana")], seed=7)
    s = ctrl.game
    ctrl.tap_die("green")
    result = ctrl.tap_mark("orange", 0)     # a green die in orange: C3.1
    assert not result.ok
    assert "C3.1" not in result.reason and "clever." not in result.reason and result.reason[0].isupper()
    assert result.details.startswith("C3.1")
    assert len(s.actions) == 0


def test_tap_before_choosing_a_die_asks_for_one(solo):
    result = solo.tap_mark("green", 0)
    assert not result.ok and result.reason == solo.t("clever.tap.choose_die")


def test_pick_then_undo(solo):
    usable = solo.game.usable_dice(0)
    solo.tap_die(usable[0])
    area, index = solo.model().targets[0]
    assert solo.tap_mark(area, index).ok
    assert len(solo.game.actions) == 1 or solo.game.pending_player is not None
    if solo.game.can_undo():
        assert solo.model().can_undo
        assert solo.press("undo").ok
        assert solo.game.actions == []


def test_nothing_usable_offers_confirm():
    """C5.3 / R1: with no usable die, a die is set aside with Confirm."""
    ctrl = Controller.new([Seat("Ana")], seed=7)
    s = ctrl.game
    s.faces = [1, 1, 1, 1, 1, 1]
    sheet = s.sheets[0]
    sheet.y = 0xFFFF
    sheet.b = sum(1 << n for n in range(2, 13))
    sheet.g, sheet.o, sheet.p = 11, [1] * 11, [1] * 11
    assert s.usable_dice(0) == []
    assert ctrl.tap_die("orange").ok
    assert ctrl.model().button("confirm").enabled
    assert ctrl.press("confirm").ok
    assert s.actions[-1] == Pick(0, "orange")


def test_hot_seat_hands_the_device_over():
    """Two humans: whenever the other human is to act, the page asks to pass
    the device, and nothing else is accepted until it is acknowledged."""
    ctrl = Controller.new([Seat("Ana"), Seat("Bo")], seed=3)
    handoffs = 0
    while not ctrl.game.over:
        if ctrl.needs_handoff():
            handoffs += 1
            assert not ctrl.tap_die("white").ok
            assert not ctrl.model().button("hint").enabled
        elif ctrl.bot_step().ok:  # the table ends a turn nobody has anything left to decide in
            continue
        tap_through(ctrl, ctrl.hint_taps())
    assert handoffs >= 12


@pytest.mark.parametrize("kinds", [("human", "random"), ("greedy", "expert", "human"),
                                   ("expert", "greedy", "random", "human"), ("random",)])
def test_any_mix_of_humans_and_bots_plays_to_the_end(kinds):
    seats = [Seat(f"P{i}", k) for i, k in enumerate(kinds)]
    ctrl = Controller.new(seats, seed=11)
    play_out(ctrl)
    m = ctrl.model()
    assert m.over and m.winners
    assert (m.rating is not None) == (len(kinds) == 1)


def test_passive_bot_and_human_take_from_the_platter():
    """C6.1: after a bot's rolling the human takes from the platter (or passes)."""
    ctrl = Controller.new([Seat("Bot", "expert"), Seat("Ana")], seed=5, )
    while ctrl.game.phase != "finish" or ctrl.current() != 1:
        if not ctrl.bot_step().ok:
            tap_through(ctrl, ctrl.hint_taps())
    s = ctrl.game
    if s.active == 0 and not s.done[1]:
        m = ctrl.model()
        assert m.prompt in (ctrl.t("clever.prompt.take", name="Ana"), ctrl.t("clever.prompt.pass", name="Ana"))
        platter = {d.colour for d in m.dice if d.place == "platter"}
        assert {d.colour for d in m.dice if d.usable} <= platter or not ctrl.game.platter_usable(1)


def test_model_is_the_same_in_every_language():
    ctrl = Controller.new([Seat("Ana"), Seat("Bot", "greedy")], seed=2)
    labels = {}
    for lang in ("en", "es", "it"):
        ctrl.set_language(lang)
        m = ctrl.model()
        labels[lang] = (m.prompt, m.button("done").label, m.dice[0].label if m.dice else "")
    assert len(set(labels.values())) == 3


def test_round_four_choice_and_bonus_crosses_are_prompted_and_lit():
    """C8.7: the round-4 choice lights the free fields of every area; C8.6:
    a pending yellow_x/blue_x lights that area's free fields, and while it
    waits (a mark of the round-4 choice may earn one) it is the prompt."""
    ctrl = Controller.new([Seat("Ana")], seed=7)
    seen = set()

    def check(c):
        m = c.model()
        s = c.game
        if s.pending_player is not None:  # a pending bonus comes first, in round 4 too
            seen.add("bonus")
            area = s.pending[0][:-2]
            assert m.pending_bonus == s.pending[0]
            # the prompt names the bonus and what earned it
            assert m.prompt == c.t("clever.prompt.bonus_why", name="Ana", bonus=c.t(f"clever.bonus.{s.pending[0]}"),
                                   why=c.turn_log.state["why"][(0, s.pending[0])])
            assert {a for a, _ in m.targets} == {area}
        elif s.phase == "round_bonus":
            seen.add("round4")
            assert m.prompt == c.t("clever.prompt.round4", name="Ana")
            assert {a for a, _ in m.targets} == {"yellow", "blue", "green", "orange", "purple"}
        if s.solo_passive and s.phase == "finish" and not s.done[0]:
            seen.add("passive")
            assert sum(d.place == "platter" for d in m.dice) == 3      # C11.3
            assert not m.button("reroll").enabled
    play_out(ctrl, check)
    assert {"round4", "passive"} <= seen


def test_scores_and_foxes_follow_the_sheet(solo):
    def check(c):
        m = c.model()
        sheet = c.game.sheets[0]
        assert m.seats[0].scores == sheet.score() and m.seats[0].foxes == sheet.foxes()
        assert m.seats[0].rerolls == sheet.rerolls and m.seats[0].extras == sheet.extras
        assert m.button("reroll").label == c.t("clever.button.reroll", n=sheet.rerolls)
    play_out(solo, check)


def to_a_plus_one(seed: int) -> Controller | None:
    """A solo game played by the hint's taps up to a moment where Ana may use
    a +1 (None: the game ended without one)."""
    ctrl = Controller.new([Seat("Ana")], seed=seed)
    while not ctrl.game.over:
        if ctrl.bot_step().ok:
            continue
        p = ctrl.current()
        if p is not None and ctrl.has_extra(p):
            return ctrl
        tap_through(ctrl, ctrl.hint_taps())
    return None


def test_the_plus_one_button_is_a_mode_pressed_and_released():
    """C7.4: +1 pressed shows it is on (pressed, its own prompt) until it is
    pressed again or a die is used."""
    ctrl = next(c for c in map(to_a_plus_one, range(20)) if c is not None)
    p = ctrl.current()
    assert ctrl.model().button("extra").pressed is False
    assert ctrl.press("extra").ok
    m = ctrl.model()
    assert m.button("extra").pressed is True and m.prompt == ctrl.t("clever.prompt.extra_mode", name="Ana")
    assert ctrl.press("extra").ok and ctrl.model().button("extra").pressed is False
    assert ctrl.press("extra").ok and ctrl.extra_mode
    use = next(a for a in ctrl.game.legal_actions(p) if a.type == "extra")
    assert ctrl.tap_die(use.die).ok
    assert ctrl.model().prompt.startswith(ctrl.t("clever.prompt.place", name="Ana", die=ctrl.t(f"clever.colour.{use.die}")))
    assert ctrl._apply(use).ok and ctrl.extra_mode is False
    assert all(b.pressed is None for b in ctrl.model().buttons if b.id != "extra")


def hot_seat_handoffs(seed: int, policy: str) -> tuple[int, int]:
    """A two-person hot-seat game played to its end: ``policy`` "hint" plays
    the hint's taps, "first" the first legal action of the person deciding
    (a +1 whenever one is open, else "Done"); (hand-overs, turns)."""
    ctrl = Controller.new([Seat("Ana"), Seat("Bo")], seed=seed)
    handoffs = 0
    for _ in range(5000):
        if ctrl.game.over:
            break
        if ctrl.needs_handoff():
            handoffs += 1
            ctrl.acknowledge_handoff()
        elif ctrl.bot_step().ok:
            continue
        elif policy == "hint":
            tap_through(ctrl, ctrl.hint_taps())
        else:
            p = ctrl.current_seat()
            moves = [a for a in ctrl.game.legal_actions(p) if a.type != "end_turn"]
            assert (ctrl._apply(moves[0]) if moves else ctrl.done(p)).ok
    turns = sum(a.type == "end_turn" for a in ctrl.game.actions)
    assert ctrl.game.over and turns >= 10
    return handoffs, turns


@pytest.mark.parametrize("policy", ["hint", "first"])
def test_hot_seat_hands_the_device_over_only_when_another_person_must_decide(policy):
    """Two people on one device: at most 1.5 hand-overs a turn on average
    (the device changes hands for a take and for the next turn's roll, not
    for a "Done" nobody needed)."""
    handoffs = turns = 0
    for seed in (1, 2, 3):
        h, t = hot_seat_handoffs(seed, policy)
        handoffs, turns = handoffs + h, turns + t
    assert handoffs / turns <= 1.5, (handoffs, turns)


def test_against_bots_a_turn_ends_by_itself_when_nothing_is_left_to_decide():
    """One person and a bot: no turn waits for a "Done" the person has no
    choice about; every "Done" they are asked for has a +1 beside it."""
    ctrl = Controller.new([Seat("Ana"), Seat("Bot", "greedy")], seed=4)
    asked = 0
    for _ in range(5000):
        if ctrl.game.over:
            break
        if ctrl.bot_step().ok:
            continue
        p = ctrl.current_seat()
        m = ctrl.model()
        if m.button("done").enabled:
            asked += 1
            assert ctrl.has_extra(p), "a Done with nothing to decide"
            assert ctrl.done(p).ok
        else:
            tap_through(ctrl, ctrl.hint_taps())
    assert ctrl.game.over
