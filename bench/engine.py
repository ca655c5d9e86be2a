"""Engine speed on board A: median microseconds per ``apply`` and per
legal-placement query, and seconds per full game of four random-but-legal
players; then the bots' decisions and full 4-player games of each bot kind
(random, greedy, expert).  Prints figures; asserts nothing.

    python bench/engine.py [--games N]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from diceland_core.games.diceland import Game  # noqa: E402
from diceland_core.games.diceland.dice import SplitMix64  # noqa: E402


def random_game(seed: int, players: int = 4, timings: dict | None = None) -> Game:
    """Four players choosing uniformly among the legal actions."""
    rng = SplitMix64(seed)
    game = Game.new("A", players=players, seed=seed)
    clock = time.perf_counter
    while not game.over:
        t0 = clock()
        actions = game.legal_actions()
        t1 = clock()
        action = actions[rng.below(len(actions))]
        t2 = clock()
        game.apply(action)
        t3 = clock()
        if timings is not None:
            timings["legal"].append(t1 - t0)
            timings["apply"].append(t3 - t2)
    return game


def placement_queries(games: int) -> list[float]:
    """Time ``Sheet.placements`` for every colour and dice count on the
    positions of random games (cache cleared, so it is the real work)."""
    out = []
    clock = time.perf_counter
    for seed in range(games):
        game = random_game(10_000 + seed, players=2)
        for sheet in game.sheets:
            for colour in range(6):
                for n in (1, 2, 3):
                    sheet.board._placement_cache.clear()
                    sheet.board._colour_cache.clear()
                    t0 = clock()
                    sheet.placements(colour, n)
                    out.append(clock() - t0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot-games", type=int, default=3,
                        help="full 4-player games per bot kind for the bot table (0: none)")
    args = parser.parse_args()
    timings: dict[str, list[float]] = {"legal": [], "apply": []}
    for seed in range(20):  # warm-up, and per-call samples
        random_game(seed, timings=timings)
    per_game = []
    turns = []
    for seed in range(args.games):
        t0 = time.process_time()
        game = random_game(1000 + seed)
        per_game.append(time.process_time() - t0)
        turns.append(game.turn)
    queries = placement_queries(20)
    us = 1e6
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}")
    print(f"board A, {args.games} four-player games of random-but-legal players")
    print(f"{'measure':<44}{'median':>12}")
    print(f"{'apply(action)':<44}{statistics.median(timings['apply']) * us:>9.1f} µs")
    print(f"{'legal_actions() (all players waiting)':<44}{statistics.median(timings['legal']) * us:>9.1f} µs")
    print(f"{'Sheet.placements(colour, n), cache cold':<44}{statistics.median(queries) * us:>9.1f} µs")
    print(f"{'full 4-player random game (CPU time)':<44}{statistics.median(per_game) * 1000:>9.2f} ms")
    print(f"{'  (turns per game, median)':<44}{statistics.median(turns):>9.0f}")
    print(f"{'  (games per second)':<44}{len(per_game) / sum(per_game):>9.0f}")
    if args.bot_games:
        from bots import print_table

        print(f"\nbots on board A, 4 players each, {args.bot_games} full games per kind (bench/bots.py):")
        print_table("A", args.bot_games, 4)


if __name__ == "__main__":
    main()
