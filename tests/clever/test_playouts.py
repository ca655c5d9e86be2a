"""Ganz schön clever's own playout checks: a record of a game started from
presets mid-game, the seed's first roll pinned, and the undo rule (C12.1).
What every game shares (seeded whole games of 1–4 players reaching the
end, every listed action legal, undo never crossing a roll, records and
scenario replays, copies) is in tests/core/test_playouts.py, which calls
``clever_support.check_game_over`` on every finished game."""

from __future__ import annotations

from diceland_core.core.dice import SplitMix64
from diceland_core.core.replay import parse_scenario
from diceland_core.core.registry import get_game

CLEVER = get_game("clever")


def test_record_round_trip_mid_game_with_presets():
    data = {"game": "clever", "players": 2, "start_player": 1, "round": 3, "seed": 4,
            "sheets": {"0": {"purple": [2, 5], "rerolls": 1}},
            "dice": [{"white": 5, "yellow": 1, "blue": 4, "green": 3, "orange": 6, "purple": 3}]}
    definition, parsed = parse_scenario(data)
    state = parsed.game()
    rng = SplitMix64(3)
    for _ in range(40):
        options = [a for p in state.waiting_for() for a in state.legal_actions(p)]
        state.apply(options[rng.below(len(options))])
    again = CLEVER.from_setup(CLEVER.setup_of(state), 4, 2)
    for a in state.actions:
        again.apply(a)
    assert again.summary() == state.summary()


def test_seeded_dice_are_fixed_across_pythons():
    """SplitMix64 (integer arithmetic only) pins the first roll of a seed on
    every Python, CPython or Pyodide (C12.1)."""
    assert CLEVER.new(players=1, seed=7).rolls[0] == {
        "white": 4, "yellow": 1, "blue": 1, "green": 4, "orange": 5, "purple": 4}
    assert CLEVER.new(players=3, seed=7).start_player == 2
    assert CLEVER.new(players=2, seed=1).rolls != CLEVER.new(players=2, seed=2).rolls
