"""Bot strength: 2-player games, seats rotated, expert vs greedy and expert
vs random (and greedy vs random), as a Markdown table.

    python bench/strength.py [--boards A,...] [--games 1000] [--seed 7] [--workers 2]

Each row is one ``simulate`` run; the same run from the command line:
``python -m diceland_core simulate --board A,B,... --players 2 --bots expert,greedy --games 1000 --seed 7``.
A shared win (D6.2) counts for both players.
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.games.diceland import board_ids  # noqa: E402
from diceland_core.core.simulate import simulate  # noqa: E402

PAIRS = (("expert", "greedy"), ("expert", "random"), ("greedy", "random"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", default=",".join(board_ids()))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pairs", default=",".join("-".join(p) for p in PAIRS))
    args = ap.parse_args()
    boards = [b for b in args.boards.split(",") if b]
    print(f"Python {platform.python_version()}; 2 players, seats rotated, {args.games} games per pair, "
          f"boards {', '.join(boards)} cycled, seed {args.seed}\n")
    print("| bots | games | first wins | second wins | shared | first win rate (±95%) | mean turns | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for pair in args.pairs.split(","):
        a, b = pair.split("-")
        s = simulate(boards, 2, [a, b], args.games, args.seed, workers=args.workers)
        n = s["games"]
        wa, wb = s["wins_by_bot"][a], s["wins_by_bot"][b]
        p = wa / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        print(f"| {a} vs {b} | {n} | {wa} | {wb} | {s['shared_wins']} | {p:.1%} ± {half:.1%} | "
              f"{s['turns']['mean']:.1f} | {s['seconds']:.0f} |", flush=True)


if __name__ == "__main__":
    main()
