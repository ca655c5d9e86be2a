"""Bot decision times of any game, the same under CPython and in the
bench-only page (bench/chromium.py ships this file as botbench.py next to
botbench.html): ``window.dicelandBench.benchBot(n, kind, game, players)``
times ``n`` bot decisions inside Pyodide.  The product pages carry no
benchmark code."""

import json
import sys
import time

from diceland_core.core.registry import get_game
from diceland_core.core.simulate import game_seed, play_game

#: players per game when not given: the timings docs/performance.md quotes
PLAYERS = {"diceland": 4, "clever": 2, "wideshut": 3}


def bench_decisions(n: int, kind: str = "expert", game: str = "diceland", players: int | None = None,
                    choices: bool = False, first: int = 0) -> list[float]:
    """Milliseconds per decision of ``n`` decisions of bots of ``kind``
    playing ``game`` (Diceland on board A) through the registry (``choices``:
    only decisions with more than one legal action are timed), in the games
    of seeds ``game_seed(1, first)``, ``game_seed(1, first + 1)``...: a bench
    that times several rounds gives each its own ``first``, or the bots'
    caches would meet the same positions again, which play never does."""
    definition = get_game(game)
    players = players or PLAYERS.get(game, definition.max_players)
    setup = definition.options[0].default if definition.options else None
    times: list[float] = []

    class Enough(Exception):
        pass

    class Timed:
        def __init__(self, bot):
            self.bot, self.kind = bot, bot.kind

        def choose(self, state, player):
            if len(times) >= n:
                raise Enough
            if choices and len(state.legal_actions(player)) < 2:
                return self.bot.choose(state, player)
            t0 = time.perf_counter()
            action = self.bot.choose(state, player)
            times.append((time.perf_counter() - t0) * 1000)
            return action

    g = first
    while len(times) < n:
        seed = game_seed(1, g)
        try:
            play_game(setup, [Timed(definition.make_bot(kind, seed + s)) for s in range(players)], seed, game=game)
        except Enough:
            break
        g += 1
    return times


def expose() -> None:
    """``window.dicelandBench`` in the bench page."""
    import js
    from pyodide.ffi import create_proxy

    api = js.Object.new()
    api.benchBot = create_proxy(
        lambda n=20, kind="expert", game="diceland", players=None, choices=False, first=0: json.dumps(
            bench_decisions(int(n), str(kind), str(game), int(players) if players else None, bool(choices),
                            int(first))))
    js.window.dicelandBench = api
    js.document.documentElement.dataset.ready = "true"


if sys.platform == "emscripten":  # in the bench page (Pyodide), not when imported by a bench
    expose()
