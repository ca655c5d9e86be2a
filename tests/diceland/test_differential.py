"""The engine against a naive second implementation of RULES.md
(tests/diceland/diceland_reference.py) on random scripted games, legal and illegal, compared
through the FORMATS.md replay output."""

from __future__ import annotations

import random

import pytest

from support import SMALL_GRID
from diceland_core.games.diceland.scenario import parse_scenario, replay_scenario
from diceland_core.games.diceland.board import boards_dir
from diceland_differential import random_grid, random_scenario


def _compare(scenario: dict, expected: dict) -> None:
    _, got = replay_scenario(parse_scenario(scenario))
    if got["error"] is not None:
        got["error"] = {"action_index": got["error"]["action_index"]}
    assert got == expected


def _grids():
    rng = random.Random(2026)
    grids = [SMALL_GRID]
    for i in range(30):
        grids.append(random_grid(rng, rng.choice([4, 5, 6]), rng.choice([5, 6, 7, 8])))
    return grids


GRIDS = _grids()


@pytest.mark.parametrize("block", range(10))
def test_random_games_agree_with_reference(block):
    """300 random games on random small boards (D1–D6 end to end), 2% wild
    actions so that illegal actions of every kind are reported at the same
    index."""
    for i in range(30):
        seed = block * 1000 + i
        grid = GRIDS[seed % len(GRIDS)]
        players = 2 + seed % 3
        scenario, expected = random_scenario(seed, grid, players, wild=0.02 if i % 3 else 0.0)
        _compare(scenario, expected)


def test_some_random_games_end_with_winners():
    """The generator reaches the goal (D6.2/D6.3) often enough to test it."""
    ended = bonus_wins = shared = 0
    for seed in range(120):
        grid = GRIDS[seed % len(GRIDS)]
        scenario, expected = random_scenario(seed, grid, 2 + seed % 3, wild=0.0, pass_weight=0.05)
        _compare(scenario, expected)
        if expected["game_over"]:
            ended += 1
            shared += len(expected["winners"]) > 1
    assert ended >= 30
    assert shared >= 1


def test_random_games_on_board_a_agree_with_reference():
    grid = __import__("tomllib").loads((boards_dir() / "A.toml").read_text())["grid"]
    for seed in range(40):
        scenario, expected = random_scenario(seed, grid, 2 + seed % 3, max_actions=250, wild=0.01)
        scenario["board"] = "A"
        _compare(scenario, expected)
