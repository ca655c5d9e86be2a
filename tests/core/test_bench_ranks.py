"""bench/ranks.py: places by the winners, then score, ties sharing theirs, and a short run
that prints every kind's row."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load():
    spec = importlib.util.spec_from_file_location("bench_ranks", ROOT / "bench" / "ranks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_places_share_ties():
    ranks = load().ranks
    assert ranks((10, 5, 5)) == [1, 2.5, 2.5]
    assert ranks((3, 9, 6, 9)) == [4, 1.5, 3, 1.5]
    assert sum(ranks((7, 7, 7, 7, 7))) == 1 + 2 + 3 + 4 + 5


def test_winners_come_before_higher_scores():
    """Diceland's winner may hold fewer bonus cells than a player without
    a finished colour (D6.1): the game's own winners place first."""
    ranks = load().ranks
    assert ranks((9, 11, 4), winners=(0,)) == [1, 2, 3]
    assert ranks((9, 10, 11), winners=(0, 1)) == [1.5, 1.5, 3]
    assert ranks((12, 12, 3), winners=(1,)) == [2, 1, 3]


def test_a_short_run_prints_each_kind(capsys):
    assert load().main(["--game", "wideshut", "--players", "3", "--bots", "greedy,random", "--games", "3"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("| greedy", "| random"))]
    assert len(rows) == 2 and "unfinished 0" in out
