"""Bot kinds side by side in games of 3 or more players: each kind's mean
rank, with its standard error, its mean score and its share of wins.

Every game seats ``--bots`` (cycled to ``--players`` seats, rotated by one
seat a game, as ``simulate`` does: ``expert,strong`` with 3 players seats
the expert in one or two seats, a strong bot in the others, the start
player and the dice from the seed).  The game's own winners (its goal and
tie-breaks) come first, sharing the first places; the others follow by
final score (Diceland's bonus cells: its rules name only the winners).  A
seat's rank is 1 + the seats placed before it, ties sharing their places
(two seats tied first are both 1.5).  Prints a Markdown table; asserts
nothing.

    python bench/ranks.py --game diceland --players 3 --bots expert,strong --games 200 [--seed 11] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.core.registry import game_names  # noqa: E402
from diceland_core.core.simulate import run_games  # noqa: E402


def ranks(scores: tuple[int, ...], winners: tuple[int, ...] = ()) -> list[float]:
    """Each seat's place: the winners first, then by score, ties sharing
    their places (1 is the best)."""
    keys = [(1, 0) if seat in winners else (0, s) for seat, s in enumerate(scores)]
    return [1 + sum(o > k for o in keys) + (sum(o == k for o in keys) - 1) / 2 for k in keys]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=game_names())
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="expert,strong", help="kinds, cycled to the seats and rotated a seat a game")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--boards", default="A", help="Diceland's boards, cycled over the games")
    args = ap.parse_args(argv)
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    boards = [b.strip() for b in args.boards.split(",")] if args.game == "diceland" else []
    started = time.perf_counter()
    results = run_games(boards, args.players, kinds, args.games, args.seed, workers=args.workers, game=args.game)
    seconds = time.perf_counter() - started
    by_kind: dict[str, dict[str, list[float]]] = {k: {"rank": [], "score": [], "win": []} for k in kinds}
    unfinished = 0
    for r in results:
        if not r.finished or not r.scores:
            unfinished += 1
            continue
        for seat, (kind, place) in enumerate(zip(r.seats, ranks(r.scores, tuple(r.winners)))):
            by_kind[kind]["rank"].append(place)
            by_kind[kind]["score"].append(r.scores[seat])
            by_kind[kind]["win"].append(1.0 if seat in r.winners else 0.0)
    print(f"{args.game}, {args.players} players, seats {','.join(kinds)} cycled and rotated, "
          f"{len(results)} games (seed {args.seed}), {seconds:.0f} s; unfinished {unfinished}")
    print(f"(an even field's mean rank is {(args.players + 1) / 2:g})\n")
    print("| kind | seats | mean rank | ± s.e. | mean score | wins |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind, v in by_kind.items():
        n = len(v["rank"])
        if not n:
            continue
        se = statistics.stdev(v["rank"]) / math.sqrt(n) if n > 1 else 0.0
        print(f"| {kind} | {n} | {statistics.mean(v['rank']):.3f} | {se:.3f} | "
              f"{statistics.mean(v['score']):.1f} | {100 * statistics.mean(v['win']):.1f}% |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
