"""Board balance: for each board, greedy bots play each other; mean turns
and the win rate of each seat counted from the start player, as a Markdown
table with each board's deviation from the all-board mean.

    python bench/balance.py [--boards A,B,...] [--players 3] [--games 1000] [--seed 1] [--workers 2]

The target is every board within ±5% of the all-board mean turns.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.games.diceland.board import board_ids  # noqa: E402
from diceland_core.core.simulate import simulate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default=",".join(board_ids()))
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--games", type=int, default=1000, help="games per board")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    boards = [b for b in args.boards.split(",") if b]
    t0 = time.perf_counter()
    rows = {}
    for b in boards:
        s = simulate([b], args.players, args.bots.split(","), args.games, args.seed, workers=args.workers)
        rows[b] = s
        print(f"{b}: {s['games']} games, {s['seconds']} s", file=sys.stderr)
    mean_all = sum(s["turns"]["mean"] for s in rows.values()) / len(rows)
    print(f"Python {platform.python_version()}; {args.players} players ({args.bots}), {args.games} games "
          f"per board, seed {args.seed}; boards: {', '.join(boards)}\n")
    seats = " | ".join(f"seat +{i} wins" for i in range(args.players))
    print(f"| board | mean turns | p50 | p90 | vs all-board mean | {seats} | shared | unfinished |")
    print("|---|---:|---:|---:|---:|" + "---:|" * args.players + "---:|---:|")
    for b, s in rows.items():
        t = s["turns"]
        dev = (t["mean"] - mean_all) / mean_all
        n = s["games"]
        rates = " | ".join(f"{w / n:.1%}" for w in s["wins_by_start_offset"])
        print(f"| {b} | {t['mean']:.2f} | {t['p50']:g} | {t['p90']:g} | {dev:+.1%} | {rates} | "
              f"{s['shared_wins']} | {s['unfinished']} |")
    print(f"\nall-board mean turns: {mean_all:.2f}; seat +0 is the start player (D6.5); "
          f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
