"""``Game.dice_refusal``: the page's question "may these dice be taken?"
agrees with the engine's own list of takes (W3)."""

from __future__ import annotations

import itertools
import random

from diceland_core.games.wideshut.actions import Roll
from diceland_core.games.wideshut.game import Game


def positions(games: int = 12):
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(players=2 + seed % 4, seed=seed)
        while not game.over:
            if game.phase == "take":
                yield game
            game.apply(rng.choice(game.legal_actions()))


def test_dice_refusal_is_none_exactly_for_the_dice_of_a_legal_take():
    checked = refused = 0
    for game in positions():
        p = game.current_player
        allowed = {dice for _, dice in game.takes(p)}
        left = game.remaining_dice()
        for n in (1, 2):
            for dice in itertools.combinations(left, n):
                err = game.dice_refusal(p, list(dice))
                assert (err is None) == (dice in allowed), (dice, err)
                checked += 1
                refused += err is not None
    assert checked > 500 and refused > 100


def test_a_lone_die_waiting_for_a_second_is_refused_by_w3_4():
    for game in positions(4):
        p = game.current_player
        lows = [i for i in game.remaining_dice() if game.roll[i] != 6]
        for i in lows:
            err = game.dice_refusal(p, [i])
            if err is not None and err.rule == "W3.4":
                return
    raise AssertionError("no lone die found")


def test_a_taken_die_and_the_roll_phase_are_refused():
    game = Game.new(players=2, seed=3)
    assert game.dice_refusal(game.current_player, [0]).rule == "W2.2"
    game.apply(Roll(game.current_player))
    p = game.current_player
    take = next(a for a in game.legal_actions(p))
    game.apply(take)
    assert game.dice_refusal(game.current_player, [take.dice[0]]).rule == "W3.5"
