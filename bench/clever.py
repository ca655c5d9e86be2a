"""Ganz schön clever: engine speed and bot strength.  Prints figures
(medians unless said otherwise); asserts nothing.

* ``apply`` and ``legal_actions``: median microseconds over random solo and
  4-player games (all timings are CPU time of this process, so they hold on
  a busy machine);
* a random solo game, an expert decision, a full expert solo game: median
  milliseconds;
* strength: the expert's solo score over N seeded games (mean, median, p90,
  per-area means; solo scores are the standard yardstick), greedy's for
  comparison, and expert against greedy in 2-player games (seats swapped
  every game; a shared win counts half).

    python bench/clever.py [--games N] [--seed S] [--part all|speed|solo|duel]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402  (bench/engine.py, beside this file)
from diceland_core.core.registry import get_game  # noqa: E402
from diceland_core.games.clever import new  # noqa: E402
from diceland_core.games.clever.bots import ExpertBot, GreedyBot, RandomBot, play_game  # noqa: E402

AREAS = ("yellow", "blue", "green", "orange", "purple", "fox")
#: CPU time of this process: figures that other load on the machine does not inflate
CLOCK = time.process_time


def random_game(seed: int, players: int, timings: dict | None = None):
    """A random-but-legal game, one action drawn among every waiting player's."""
    return engine.random_game(get_game("clever"), seed, players, timings, CLOCK, anyone=True)


def speed(seed: int, games: int) -> None:
    timings: dict = {"legal": [], "apply": []}
    solo = []
    for g in range(games):
        random_game(seed + g, 4, timings)
        t = CLOCK()
        random_game(seed + g, 1, timings)
        solo.append(CLOCK() - t)
    print(f"apply                  {statistics.median(timings['apply']) * 1e6:8.1f} us (median)")
    print(f"legal_actions          {statistics.median(timings['legal']) * 1e6:8.1f} us (median)")
    print(f"random solo game       {statistics.median(solo) * 1e3:8.2f} ms (median)")
    # expert decisions along expert solo games
    decisions, full = [], []
    for g in range(max(3, games // 10)):
        state = new(players=1, seed=seed + g)
        bot = ExpertBot(seed + g)
        start = CLOCK()

        class Timed:
            kind = "expert"

            def choose(self, st, p):
                t = CLOCK()
                a = bot.choose(st, p)
                decisions.append(CLOCK() - t)
                return a

        play_game(state, [Timed()])
        full.append(CLOCK() - start)
    print(f"expert decision        {statistics.median(decisions) * 1e3:8.2f} ms (median; "
          f"p90 {sorted(decisions)[int(len(decisions) * 0.9)] * 1e3:.2f} ms)")
    print(f"expert solo game       {statistics.median(full) * 1e3:8.1f} ms (median)")


def solo_table(kind, seed: int, games: int) -> dict:
    scores, areas = [], {a: 0 for a in AREAS}
    for g in range(games):
        state = play_game(new(players=1, seed=seed + g), [kind(seed + g)])
        out = state.outcome()
        scores.append(out.scores[0])
        for a in AREAS:
            areas[a] += out.areas[0][a]
    scores.sort()
    return {"mean": sum(scores) / games, "median": statistics.median(scores),
            "p90": scores[min(games - 1, int(games * 0.9))], "min": scores[0], "max": scores[-1],
            "areas": {a: v / games for a, v in areas.items()}}


def duel(seed: int, games: int) -> tuple[float, float, float]:
    """Expert against greedy, 2 players, seats alternating."""
    wins = 0.0
    diff = []
    for g in range(games):
        seats = [ExpertBot(seed + g), GreedyBot(seed + g)]
        expert_seat = 0
        if g % 2:
            seats.reverse()
            expert_seat = 1
        state = play_game(new(players=2, seed=seed + g, start_player=g % 2), seats)
        out = state.outcome()
        if expert_seat in out.winners:
            wins += 1.0 / len(out.winners)
        diff.append(out.scores[expert_seat] - out.scores[1 - expert_seat])
    return wins / games, sum(diff) / games, statistics.median(diff)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per strength table (default 200)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--part", choices=("all", "speed", "solo", "duel"), default="all",
                    help="only one part of the figures (default all)")
    args = ap.parse_args(argv)
    print(f"Ganz schön clever bench - Python {platform.python_version()} "
          f"({platform.python_implementation()}), seed {args.seed}, {args.games} games")
    if args.part in ("all", "speed"):
        speed(args.seed, min(args.games, 50))
    if args.part in ("all", "solo"):
        solo_tables(args)
    if args.part in ("all", "duel"):
        t = time.perf_counter()
        rate, mean_diff, med_diff = duel(args.seed, args.games)
        print(f"2 players, expert vs greedy over {args.games} games: expert wins {rate * 100:.1f}%  "
              f"(score difference mean {mean_diff:+.1f}, median {med_diff:+.1f}; "
              f"{time.perf_counter() - t:.0f} s)")
    return 0


def solo_tables(args: argparse.Namespace) -> None:
    for name, kind in (("expert", ExpertBot), ("greedy", GreedyBot), ("random", RandomBot)):
        t = time.perf_counter()
        n = args.games if name == "expert" else max(1, args.games // 2)
        table = solo_table(kind, args.seed, n)
        per = "  ".join(f"{a} {v:.1f}" for a, v in table["areas"].items())
        print(f"solo {name:<7} over {n} games: mean {table['mean']:.1f}  median {table['median']:.1f}  "
              f"p90 {table['p90']}  min {table['min']}  max {table['max']}  "
              f"({time.perf_counter() - t:.0f} s)")
        print(f"    per area: {per}")


if __name__ == "__main__":
    raise SystemExit(main())
