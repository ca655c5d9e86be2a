"""Bot decision times of Ganz schön clever, for the benchmarks (the page's
``window.diceland.benchBot`` and ``bench/clever_page.py`` under CPython)."""

from __future__ import annotations

import time

from diceland_core.games.clever import Game
from diceland_core.games.clever.bots import BOTS, play_game

__all__ = ["decision_times"]


def decision_times(n: int, kind: str = "expert") -> list[float]:
    """Milliseconds of ``n`` decisions of bots of ``kind`` playing two-player games."""
    times: list[float] = []

    class Timed:
        def __init__(self, bot):
            self.bot = bot

        def choose(self, state, player):
            t0 = time.perf_counter()
            action = self.bot.choose(state, player)
            times.append((time.perf_counter() - t0) * 1000)
            return action

    seed = 1
    while len(times) < n:
        play_game(Game.new(players=2, seed=seed), [Timed(BOTS[kind](seed)), Timed(BOTS[kind](seed + 1))])
        seed += 1
    return times[:n]
