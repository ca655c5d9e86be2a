"""Dice Race's page controller on the shared table: the fourth game goes
through the table (who decides, bots, the hand-over, undo, the log) and
window.diceland.state()'s schema (tests/site/test_surface.py runs every
table, this one included) with no shared module written for it."""

from __future__ import annotations

import pytest

from diceland_site.seats import Seat
from diceland_site.surface import table_state
from diceland_site.table import Table, TableContract
from race_site import WORDS, RaceTable


def test_the_race_joined_the_tables_from_its_own_folder():
    assert Table.tables["race"] is RaceTable
    assert isinstance(RaceTable.start([Seat("Ana"), Seat("Bo", "random")], seed=1), TableContract)


def test_two_people_on_one_device_hand_it_over_only_when_the_other_decides():
    ctrl = RaceTable.start([Seat("Ana"), Seat("Bo")], seed=3)
    assert ctrl.current_seat() is not None and not ctrl.needs_handoff()
    handoffs = []
    while not ctrl.game.over:
        view = ctrl.handoff_view()
        if view is not None:
            assert view.name == ctrl.names[ctrl.current_seat()]
            assert not ctrl.press("roll").ok  # nobody acts until the device is taken
            handoffs.append(len(ctrl.game.actions))
            ctrl.acknowledge_handoff()
        else:
            assert ctrl.apply(ctrl.game.legal_actions(ctrl.acting_seat())[0]).ok
    rolls = [i for i, a in enumerate(ctrl.game.actions) if type(a).__name__ == "Roll"]
    assert handoffs == rolls[1:]  # just before each turn but the first, never inside one


def test_a_bot_plays_its_turns_and_undo_takes_back_only_ones_own_move():
    ctrl = RaceTable.start([Seat("Ana"), Seat("Bo", "greedy")], seed=5)
    while ctrl.current_seat() is None:
        assert ctrl.bot_step().ok
    assert ctrl.press("roll").ok and not ctrl.can_undo()  # a roll is never taken back (K6.1)
    moved = [b for b in ctrl.model().buttons if b.id.startswith("move") and b.enabled]
    assert moved, "a die fits at the start of the race"
    before = list(ctrl.game.squares)
    assert ctrl.press(moved[0].id).ok and ctrl.can_undo()
    assert ctrl.undo().ok and list(ctrl.game.squares) == before
    assert ctrl.turn_log == ctrl.build_log()


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_state_and_the_log_speak_the_pages_language(lang):
    ctrl = RaceTable.start([Seat("Ana", "greedy"), Seat("Bo", "random")], seed=8, lang=lang)
    ctrl.run_bots()
    out = table_state("race", ctrl, {})
    assert out["over"] and out["lang"] == lang and out["prompt"] == WORDS[lang]["prompt.over"]
    assert ctrl.turn_log and all("{" not in line for line in ctrl.turn_log)
    assert set(WORDS[lang]) == set(WORDS["en"])
