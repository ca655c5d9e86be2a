"""Bot speed: median microseconds per decision and seconds per 4-player game,
for each bot kind, measured side by side in one run.

    python bench/bots.py [--board A] [--games 4] [--players 4]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.games.diceland.board import load_board  # noqa: E402
from diceland_core.games.diceland import DEFINITION  # noqa: E402
from diceland_core.core.simulate import game_seed, play_game  # noqa: E402


class Timed:
    """Wraps a bot and records the time of each decision."""

    def __init__(self, bot, times: list[float]):
        self.bot, self.kind, self.times = bot, bot.kind, times

    def choose(self, game, player):
        t = time.perf_counter()
        action = self.bot.choose(game, player)
        self.times.append(time.perf_counter() - t)
        return action


def print_table(board_id: str = "A", games: int = 4, players: int = 4) -> None:
    """Every bot kind side by side: decisions timed, games played to the end."""
    board = load_board(board_id)
    print("| bot | decisions | median µs/decision | p90 µs | mean µs | s/game | turns/game |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for kind in DEFINITION.bot_kinds:
        times: list[float] = []
        game_s: list[float] = []
        turns: list[int] = []
        for g in range(games):
            seed = game_seed(1, g)
            bots = [Timed(DEFINITION.make_bot(kind, seed + s), times) for s in range(players)]
            t0 = time.perf_counter()
            game = play_game(board, bots, seed)
            game_s.append(time.perf_counter() - t0)
            turns.append(game.turn)
        times.sort()
        print(f"| {kind} | {len(times)} | {statistics.median(times) * 1e6:.0f} | "
              f"{times[int(0.9 * (len(times) - 1))] * 1e6:.0f} | {statistics.mean(times) * 1e6:.0f} | "
              f"{statistics.mean(game_s):.3f} | {statistics.mean(turns):.1f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="A")
    ap.add_argument("--games", type=int, default=4, help="games per bot kind (default 4)")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), board {args.board}, "
          f"{args.players} players, {args.games} games per kind\n")
    print_table(args.board, args.games, args.players)

if __name__ == "__main__":
    main()
