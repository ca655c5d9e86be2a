"""training/td.py with Dice Wide Shut's adapter: a game against an
opponent bot plays the network in one seat only, the bot in the other
exactly as it plays alone, keeps the network's afterstates only, and is
seeded."""

from __future__ import annotations

import random

import pytest

from support import load_trainer

adapter = load_trainer("wideshut_td")
td = adapter.td


def strong(seed: int, seen: list):
    choose = adapter.teacher("strong", seed)

    def play(state, player):
        action = choose(state, player)
        seen.append((len(state.actions), player, action))
        return action
    return play


@pytest.mark.parametrize("seat", [0, 1])
def test_against_an_opponent_the_network_plays_one_seat_and_learns_from_it_alone(seat):
    net, seed = td.Net(adapter.INPUTS, 8, 0), 200_000_123
    seen: list = []
    state, trails = td.play(adapter.ADAPTER, seed, net, 0.0, random.Random(1), opponent=strong(seed, seen), seat=seat)
    assert state.over and set(trails) == {seat} and len(trails[seat]) > 5
    assert seen and {player for _, player, _ in seen} == {1 - seat}
    # the opponent's seat chose every one of its actions, as the bot alone would have
    replay, bot = adapter.new(seed), adapter.teacher("strong", seed)
    asked = {at: (player, action) for at, player, action in seen}
    for at, action in enumerate(state.actions):
        player = replay.waiting_for()[0]
        if player != seat:
            assert asked[at] == (player, action) == (player, bot(replay, player))
        replay.apply(action)
    again, _ = td.play(adapter.ADAPTER, seed, net, 0.0, random.Random(1), opponent=adapter.teacher("strong", seed),
                       seat=seat)
    assert again.actions == state.actions
