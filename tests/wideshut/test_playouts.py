"""Dice Wide Shut's own playout checks (W2–W8): turns and start players go
clockwise, ``legal_actions`` is exactly the set of legal takes, records
keep presets and scripts and refuse wrong rolls, the seed's rolls are fixed
numbers.  What every game shares (seeded 2–5 player games reaching the end,
every listed action applying, undo never crossing a roll, records and
scenario replays) is in tests/core/test_playouts.py, which calls
``wideshut_support.check_game_over`` on every finished game (W6.2, W6.3, W7)."""

from __future__ import annotations

import pytest

from wideshut_support import DEFINITION, Roll, Take, new, play_random, replay

SEEDS = range(12)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_turns_go_clockwise_w2_3(players):
    def check(state):
        actions = state.legal_actions()
        if state.phase == "take":
            assert {a.player for a in actions} == {state.current_player}
            assert len(state.remaining_dice()) >= 5 or state.turns_done > 0
            assert state.legal_actions(player=(state.current_player + 1) % players) == []
        else:
            assert actions == [Roll(state.start)]
    for seed in range(3):
        play_random(players, seed + 100, check)


def test_start_player_moves_clockwise_each_round_w2_4():
    state = new(players=4, seed=5)
    starts = []
    while not state.over:
        if state.phase == "roll":
            starts.append(state.start)
        state.apply(state.legal_actions()[0])
    assert all(b == (a + 1) % 4 for a, b in zip(starts, starts[1:]))


def _all_candidates(state):
    """Every action of the right shape for the current player: both colours,
    one die or two (ascending), each entry from the whole entry universe."""
    p = state.current_player
    left = state.remaining_dice()
    for colour in ("red", "blue"):
        universe = [None] + [(colour, r, c) for r in range(5) for c in range(5)] \
            + [(k, r) for k in ("red6", "blue6") for r in range(5)] + [("skip", r) for r in range(5)]
        for i in left:
            for e in universe:
                yield Take(p, colour, (i,), (e,))
        for a in range(len(left)):
            for b in range(a + 1, len(left)):
                for e1 in universe:
                    for e2 in universe:
                        yield Take(p, colour, (left[a], left[b]), (e1, e2))


def test_legal_actions_are_exactly_the_legal_takes_w3_w4_w5():
    """A brute force over every take of the right shape, on positions with
    splits, 6s and used 6s: ``legal_actions`` lists exactly those ``is_legal``
    accepts."""
    checked = 0
    for seed in (3,):
        state = new(players=2, seed=seed)
        steps = 0
        while not state.over:
            if state.phase == "take" and steps % 11 == 4:
                listed = set(state.legal_actions())
                brute = {a for a in _all_candidates(state) if state.is_legal(a)}
                assert listed == brute
                checked += 1
            acts = state.legal_actions()
            state.apply(acts[(seed * 31 + steps * 17) % len(acts)])
            steps += 1
    assert checked >= 3


def test_from_setup_keeps_presets_and_script():
    data = {"game": "wideshut", "players": 2, "start_player": 1, "seed": 9,
            "sheets": {"0": {"red": ["x....", ".....", ".....", ".....", "....."], "blue6": "u...."}},
            "dice": [[1, 2, 3, 4, 5, 6, 1]], "actions": [{"type": "roll", "player": 1}]}
    state, out = replay(data)
    setup = DEFINITION.setup_of(state)
    assert setup == {"seed": 9, "start_player": 1, "sheets": {"0": {"red": data["sheets"]["0"]["red"], "blue6": "u...."}},
                     "script": [[1, 2, 3, 4, 5, 6, 1]]}
    again = DEFINITION.from_setup(setup, 9, 2)
    again.apply(Roll(1))
    assert again.summary() == state.summary()
    assert {k: v for k, v in out.items() if k not in ("ok", "error")} == state.summary()


def test_records_with_wrong_rolls_or_setups_are_refused():
    """A record whose roll differs from what its seed rolls, and setups
    that are not Dice Wide Shut's, give RecordError."""
    from diceland_core.core.record import load_record, record_of
    from diceland_core.core.errors import RecordError
    half = new(players=2, seed=3, meta={"names": ["Ana", "Bo"]})
    for _ in range(5):
        half.apply(half.legal_actions()[0])
    record = record_of(half)
    again = load_record(record)
    assert again.summary() == half.summary() and again.setup.meta == {"names": ["Ana", "Bo"]}
    record["history"]["rolls"][0][0] = 7 - record["history"]["rolls"][0][0]
    with pytest.raises(RecordError):
        load_record(record)
    for bad in ({"start_player": 5}, {"sheets": {"0": {"red": ["x"]}}}, {"script": [[9]]}, {"other": 1}):
        with pytest.raises(RecordError):
            DEFINITION.from_setup(bad, 0, 2)


def test_seeded_rolls_are_fixed_numbers_w8_1():
    """The seed's dice are plain 64-bit integer arithmetic (SplitMix64), so
    they are these numbers on every Python, CPython or Pyodide."""
    expected = {2: (1, [(2, 6, 3, 1, 4, 4, 1), (2, 3, 3, 2, 5, 3, 2)]),
                5: (4, [(2, 6, 3, 1, 4, 4, 1, 2, 3, 3, 2, 5, 3), (2, 6, 2, 2, 4, 4, 2, 3, 5, 3, 5, 6, 6)])}
    for players, (start, rolls) in expected.items():
        state = new(players=players, seed=2026)
        assert state.start == start
        while len(state.rolls) < 2:
            state.apply(state.legal_actions()[0])
        assert state.rolls == rolls
