"""Diceland's own seeded random playouts (500 games on boards drawn from
every board, 2–4 players), checking the invariants of RULES.md after every
action (diceland_support.Tracker) and that each record replays on its boards.  What every game shares (whole games
reach the end, undo, records and replays) is in tests/core/test_playouts.py,
which runs the same Tracker on its Diceland games."""

from __future__ import annotations

import random

import pytest

from diceland_core import load_record, record_json
from diceland_core.games.diceland import Game
from diceland_core.games.diceland.board import board_ids
from diceland_support import Tracker, random_playout


@pytest.mark.parametrize("block", range(10))
def test_random_playouts_keep_the_invariants(block):
    boards = board_ids()
    rng = random.Random(block)
    finished = 0
    for i in range(50):
        seed = block * 50 + i
        players = 2 + seed % 3
        chosen = [rng.choice(boards) for _ in range(players)]
        game = Game.new(chosen, seed=seed)
        tracker = Tracker(game)
        random_playout(game, seed=seed, max_actions=3000, check=tracker)
        assert tracker.actions == len(game.actions)
        finished += game.over
        # the record replays to the identical state, on every board
        again = load_record(record_json(game))
        assert again.summary() == game.summary()
        assert again.rolls == game.rolls and again.phase == game.phase
        assert [s.crossed for s in again.sheets] == [s.crossed for s in game.sheets]
    assert finished >= 40  # random players do finish games
