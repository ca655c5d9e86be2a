"""Bot strength: 2-player games, seats rotated, expert vs greedy and expert
vs random (and greedy vs random), as a Markdown table.

    python bench/strength.py [--boards A,...] [--games 1000] [--seed 7] [--workers 2]
    python bench/strength.py --game clever [--games 1000] [--seed 2026] [--workers 2]

With ``--game clever``: every kind's solo scores (mean, median, p10, p90,
per-area means), then 2-player games of the expert against the strong kind
(the expert before its tuning) and against greedy.

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

from diceland_core import board_ids  # noqa: E402
from diceland_core.core.simulate import simulate  # noqa: E402

PAIRS = (("expert", "greedy"), ("expert", "random"), ("greedy", "random"))


CLEVER_SOLO = ("random", "greedy", "strong", "expert")
CLEVER_PAIRS = ("expert-strong", "expert-greedy")


def clever(args) -> None:
    """Ganz schön clever: solo tables per kind, then the 2-player pairs."""
    print(f"Python {platform.python_version()}; Ganz schön clever, {args.games} games per row, seed {args.seed}\n")
    areas = ("yellow", "blue", "green", "orange", "purple", "fox")
    print("| solo | games | mean | median | p10 | p90 | " + " | ".join(areas) + " | seconds |")
    print("|---|---:|---:|---:|---:|---:|" + "---:|" * len(areas) + "---:|")
    for kind in (args.kinds.split(",") if args.kinds else CLEVER_SOLO):
        s = simulate([], 1, [kind], args.games, args.seed, workers=args.workers, game="clever")
        sc = s["score_by_bot"][kind]
        print(f"| {kind} | {s['games']} | {sc['mean']:.1f} | {sc['median']:g} | {sc['p10']:g} | {sc['p90']:g} | "
              + " | ".join(f"{sc['areas'][a]:.1f}" for a in areas) + f" | {s['seconds']:.0f} |", flush=True)
    print("\n| 2 players | games | first wins | second wins | shared | first win rate (±95%) | mean scores | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for pair in (args.pairs or ",".join(CLEVER_PAIRS)).split(","):
        a, b = pair.split("-")
        s = simulate([], 2, [a, b], args.games, args.seed, workers=args.workers, game="clever")
        n = s["games"]
        wa, wb = s["wins_by_bot"][a], s["wins_by_bot"][b]
        p = wa / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        means = s["score_by_bot"]
        print(f"| {a} vs {b} | {n} | {wa} | {wb} | {s['shared_wins']} | {p:.1%} ± {half:.1%} | "
              f"{means[a]['mean']:.1f} vs {means[b]['mean']:.1f} | {s['seconds']:.0f} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="diceland", choices=("diceland", "clever"))
    ap.add_argument("--boards", default=",".join(board_ids()))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=None, help="default 7 (Diceland), 2026 (Ganz schön clever)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--pairs", default=None)
    ap.add_argument("--kinds", default=None, help="Ganz schön clever: the solo rows (default all kinds)")
    args = ap.parse_args()
    if args.game == "clever":
        args.seed = 2026 if args.seed is None else args.seed
        clever(args)
        return
    args.seed = 7 if args.seed is None else args.seed
    args.pairs = args.pairs or ",".join("-".join(p) for p in PAIRS)
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
