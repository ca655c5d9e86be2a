"""The bench-only page's Python (bench/site.py ships it as botbench.py next to
botbench.html): ``window.dicelandBench.benchBot(n, kind)`` times ``n`` bot
decisions inside Pyodide, as ``bench/bots.py`` plays them under CPython.
The product pages carry no benchmark code."""

import json
import time

import js
from pyodide.ffi import create_proxy

from diceland_core.core.simulate import game_seed, play_game
from diceland_core.games.diceland import DEFINITION


def bench_decisions(n: int, kind: str = "expert") -> list[float]:
    """Milliseconds per decision of ``n`` bot decisions in four-player games
    on board A."""
    times: list[float] = []

    class Enough(Exception):
        pass

    class Timed:
        def __init__(self, bot):
            self.bot, self.kind = bot, bot.kind

        def choose(self, game, player):
            if len(times) >= n:
                raise Enough
            t0 = time.perf_counter()
            action = self.bot.choose(game, player)
            times.append((time.perf_counter() - t0) * 1000)
            return action

    g = 0
    while len(times) < n:
        seed = game_seed(1, g)
        try:
            play_game("A", [Timed(DEFINITION.make_bot(kind, seed + s)) for s in range(4)], seed)
        except Enough:
            break
        g += 1
    return times


API = js.Object.new()
API.benchBot = create_proxy(lambda n=20, kind="expert": json.dumps(bench_decisions(int(n), str(kind))))
js.window.dicelandBench = API
js.document.documentElement.dataset.ready = "true"
