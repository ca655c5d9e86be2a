"""Engine speed of any game, through the registry: median microseconds per
``apply`` and per ``legal_actions``, CPU milliseconds per whole game of
random-but-legal players; then each bot kind's decisions and whole games.
Prints figures; asserts nothing.

    python bench/engine.py --game diceland [--players 4] [--games N] [--bot-games N]
    python bench/engine.py --game clever --players 1
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.core.registry import game_names, get_game  # noqa: E402
from diceland_core.core.rng import SplitMix64  # noqa: E402

#: CPU time of this process: figures that other load on the machine does not inflate
CLOCK = time.process_time


def random_game(definition, seed: int, players: int, timings: dict | None = None,
                clock=time.perf_counter, anyone: bool = False):
    """Every player choosing uniformly among its legal actions (``anyone``:
    one action drawn among every waiting player's, each call of
    ``legal_actions`` asking for all of them)."""
    rng = SplitMix64(seed)
    state = definition.new(players=players, seed=seed)
    while not state.over:
        player = None if anyone else state.waiting_for()[0]
        t0 = clock()
        actions = state.legal_actions(player)
        t1 = clock()
        action = actions[rng.below(len(actions))]
        t2 = clock()
        state.apply(action)
        t3 = clock()
        if timings is not None:
            timings["legal"].append(t1 - t0)
            timings["apply"].append(t3 - t2)
    return state


def bot_table(definition, players: int, games: int) -> list[tuple[str, float, float]]:
    """Per bot kind: median ms per decision and median CPU s per whole game."""
    rows = []
    for kind in definition.bot_kinds:
        decisions, per_game = [], []
        for g in range(games):
            state = definition.new(players=players, seed=500 + g)
            bots = [definition.make_bot(kind, 500 + g * 7 + p) for p in range(players)]
            t_game = CLOCK()
            while not state.over:
                player = state.waiting_for()[0]
                t0 = CLOCK()
                action = bots[player].choose(state, player)
                decisions.append(CLOCK() - t0)
                state.apply(action)
            per_game.append(CLOCK() - t_game)
        rows.append((kind, statistics.median(decisions) * 1000, statistics.median(per_game)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=game_names())
    parser.add_argument("--players", type=int, default=None, help="default: the game's most players")
    parser.add_argument("--games", type=int, default=200, help="random games timed (default 200)")
    parser.add_argument("--bot-games", type=int, default=3, help="whole games per bot kind (0: none)")
    args = parser.parse_args(argv)
    definition = get_game(args.game)
    players = args.players or definition.max_players
    timings: dict[str, list[float]] = {"legal": [], "apply": []}
    for seed in range(20):  # warm-up, and per-call samples
        random_game(definition, seed, players, timings)
    per_game = []
    for seed in range(args.games):
        t0 = CLOCK()
        random_game(definition, 1000 + seed, players)
        per_game.append(CLOCK() - t0)
    us = 1e6
    print(f"{definition.title}: Python {platform.python_version()} ({platform.python_implementation()}) "
          f"on {platform.machine()}, {players} players, {args.games} random-but-legal games")
    print(f"{'measure':<44}{'median':>12}")
    print(f"{'apply(action)':<44}{statistics.median(timings['apply']) * us:>9.1f} µs")
    print(f"{'legal_actions(player)':<44}{statistics.median(timings['legal']) * us:>9.1f} µs")
    print(f"{'whole random game (CPU time)':<44}{statistics.median(per_game) * 1000:>9.2f} ms")
    print(f"{'  (games per second)':<44}{len(per_game) / sum(per_game):>9.0f}")
    if args.bot_games:
        print(f"\nbots, {players} players, {args.bot_games} whole games per kind:")
        print(f"{'kind':<10}{'ms per decision':>18}{'s per game':>14}")
        for kind, ms, s in bot_table(definition, players, args.bot_games):
            print(f"{kind:<10}{ms:>18.2f}{s:>14.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
