"""Bot decision times of Dice Wide Shut, for the benchmarks (the page's
``window.diceland.benchBot`` and ``bench/wideshut_page.py``)."""

from __future__ import annotations

import time

from diceland_core import get_game

from . import GAME

__all__ = ["decision_times"]


def decision_times(n: int) -> list[float]:
    """Milliseconds per expert decision in three-player games."""
    times: list[float] = []
    seed = 0
    while len(times) < n:
        definition = get_game(GAME)
        game = definition.new(players=3, seed=seed)
        bots = [definition.make_bot("expert", seed + p) for p in range(3)]
        while not game.over and len(times) < n:
            p = game.waiting_for()[0]
            t0 = time.perf_counter()
            action = bots[p].choose(game, p)
            times.append((time.perf_counter() - t0) * 1000)
            game.apply(action)
        seed += 1
    return times
