"""The review's speed: CPU seconds to review every decision of a whole game
(the records played by the random, greedy and expert bots, seeded), median
and maximum over the games, with how many decisions were rolled out and
what the review found.  Prints figures; asserts nothing.  Timings are CPU
time of this process (``time.process_time``), so they hold on a busy
machine.

    python bench/review.py [--game clever] [--games 5] [--seed 1] [--bots random,greedy,expert] [--full]

The target (docs/review.md, its speed): a whole Ganz schön clever solo game
in 10 s of CPython.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.core.record import record_json  # noqa: E402
from diceland_core.core.registry import get_game  # noqa: E402
from diceland_core.core.review import MARKS, Review  # noqa: E402
from diceland_core.core.simulate import game_seed, play_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="clever")
    ap.add_argument("--players", type=int, default=None, help="default: 1 for clever, else 2")
    ap.add_argument("--games", type=int, default=5, help="games per bot kind (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="random,greedy,expert", help="who played the reviewed seat")
    ap.add_argument("--full", action="store_true", help="rollouts to the end of the game (no value function)")
    args = ap.parse_args()
    definition = get_game(args.game)
    players = args.players or (1 if definition.min_players == 1 else 2)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}); {definition.title}, "
          f"{players} player(s), seat 1 reviewed, {args.games} games per bot, seed {args.seed}"
          f"{', full rollouts' if args.full else ''}\n")
    print("| seat 1 played by | decisions (median) | rolled out (median) | CPU s median | CPU s max | "
          + " | ".join(MARKS) + " | lost (median) |")
    print("|---|---:|---:|---:|---:|" + "---:|" * len(MARKS) + "---:|")
    for kind in args.bots.split(","):
        seconds, decisions, rolled, lost = [], [], [], []
        counts = {mark: 0 for mark in MARKS}
        for i in range(args.games):
            seed = game_seed(args.seed, i)
            bots = [definition.make_bot(kind if p == 0 else "expert", seed + p) for p in range(players)]
            state = play_game("A" if definition.name == "diceland" else None, bots, seed, game=definition.name)
            text = record_json(state)
            start = time.process_time()
            review = Review(text, 0, seed=i)
            found = list(review.decisions())
            seconds.append(time.process_time() - start)
            decisions.append(len(found))
            rolled.append(sum(1 for d in found if d.se is not None))
            lost.append(sum(d.loss for d in found if d.mark not in ("best", "equivalent", "forced")))
            for d in found:
                counts[d.mark] += 1
        print(f"| {kind} | {statistics.median(decisions):.0f} | {statistics.median(rolled):.0f} | "
              f"{statistics.median(seconds):.2f} | {max(seconds):.2f} | "
              + " | ".join(str(counts[mark]) for mark in MARKS)
              + f" | {statistics.median(lost):.1f} |", flush=True)


if __name__ == "__main__":
    main()
