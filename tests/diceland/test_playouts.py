"""Seeded random playouts (500 games) checking the invariants of RULES.md
along the way, and that every record replays to the same state."""

from __future__ import annotations

import random

import pytest

from diceland_core import GameOver, load_record, record_json
from diceland_core.games.diceland import ColourCompleted, Game, Place, StarCrossed, board_ids
from diceland_core.games.diceland.board import iter_bits
from diceland_core.games.diceland.game import Phase
from diceland_playout import random_playout


def connected(sheet) -> bool:
    """D2.1: all crosses form one network grown from the start."""
    b = sheet.board
    seen = front = 1 << b.start
    while front:
        nxt = 0
        for i in iter_bits(front):
            nxt |= b.neighbours[i]
        front = nxt & sheet.crossed & ~seen
        seen |= front
    return seen == sheet.crossed


def open_zones_per_colour_ok(sheet) -> bool:
    """D2.2: at most one open zone per colour."""
    return all(len(sheet.open_zones(c)) <= 1 for c in range(6))


class Tracker:
    def __init__(self, game: Game):
        self.stars = [s.stars for s in game.sheets]
        self.completed = [set(s.completed_colours()) for s in game.sheets]
        self.actions = 0

    def __call__(self, game: Game, action, events) -> None:
        self.actions += 1
        for e in events:
            if isinstance(e, StarCrossed):
                self.stars[e.player] += 1
                assert e.stars == self.stars[e.player]
            if isinstance(e, ColourCompleted):
                assert e.colour not in self.completed[e.player]
                self.completed[e.player].add(e.colour)
        for p, s in enumerate(game.sheets):
            assert connected(s), (p, s.crossed_cells())
            assert open_zones_per_colour_ok(s)
            # D1.7: the info bar (events) matches the sheet
            assert s.stars == self.stars[p]
            assert set(s.completed_colours()) == self.completed[p]
        if isinstance(action, Place):
            assert game.boards[action.player].star_mask  # placements only on colour cells
        if game.phase is Phase.PLACE:
            assert game.held >= 1 and game.chosen is not None
            assert game.held + len(game.leftovers) <= 6
            assert game.chosen not in game.leftovers
        if game.phase is Phase.BONUS:
            assert len(game.roll) == 5
        won = [e for e in events if isinstance(e, GameOver)]
        if won:
            assert game.over and all(game.sheets[p].reached_goal() for p in won[0].winners)
            if won[0].during_bonus_rolls:
                assert len(won[0].winners) == 1
            else:
                assert set(won[0].winners) == {p for p in range(game.players) if game.sheets[p].reached_goal()}
        elif not game.over:
            # D6.2: nobody may stand at the goal after phase 2 without the game ending
            if game.phase is Phase.CHOOSE:
                assert not any(s.reached_goal() for s in game.sheets)


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
        finished += game.over
        # the record replays to the identical state
        again = load_record(record_json(game))
        assert again.summary() == game.summary()
        assert again.rolls == game.rolls and again.phase == game.phase
        assert [s.crossed for s in again.sheets] == [s.crossed for s in game.sheets]
    assert finished >= 40  # random players do finish games
