"""Tune the evaluation of Ganz schön clever's strong bot (the projection,
bots/projection.py; the expert before the network) by seeded solo self-play.

Tuning seeds are ``new(players=1, seed=TUNE_BASE + i)`` (raw game seeds
from 10,000,000 on); the figures quoted in docs/bots.md come from
``simulate`` runs, whose game seeds are hashed from the run's seed and are
never these.

    nice -n 10 python training/clever_tune.py --games 200 --rounds 2 [--workers 2]

Without ``--steps`` (or with ``--rounds 0``) it only prints the mean of the
given parameters.  The bot is tuned with its learned correction on
(``--params '{"learned": null}'``: without it); the untuned bot is
``--params`` with evaluate.DEFAULT_PARAMS's values and ``"samples": 8``.  Coordinate
search: every parameter in turn is nudged up and down by its
step; a nudge is kept when the mean over the same seeds (common random
numbers) rises by more than ``--margin``.  Prints every trial and the best
parameters as a Python literal.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.games.clever import new  # noqa: E402
from diceland_core.games.clever.bots import BOTS, StrongBot, play_game  # noqa: E402

TUNE_BASE = 10_000_000


def play(job):
    seed, params, kind = job
    bot = BOTS[kind](seed, params=params) if params is not None else BOTS[kind](seed)
    state = play_game(new(players=1, seed=seed), [bot])
    return state.outcome().scores[0]


def mean_score(pool, params, games, start=0, kind="strong"):
    jobs = [(TUNE_BASE + start + i, params, kind) for i in range(games)]
    scores = pool.map(play, jobs, chunksize=4)
    return statistics.fmean(scores), scores


def nudge(params: dict, name: str, step: float) -> dict:
    """A copy of ``params`` with one parameter moved by ``step``: ``name`` is
    a key, ``share[i]`` an area's share or ``bonus.NAME`` a bonus value."""
    trial = dict(params)
    if name.startswith("share["):
        i = int(name[6])
        share = list(trial.get("share", DEFAULTS["share"]))
        share[i] = round(share[i] + step, 4)
        trial["share"] = tuple(share)
    elif name.startswith("bonus."):
        bonus = dict(trial.get("bonus", DEFAULTS["bonus"]))
        key = name[6:]
        bonus[key] = round(bonus[key] + step, 4)
        trial["bonus"] = bonus
    else:
        trial[name] = round(trial.get(name, DEFAULTS[name]) + step, 4)
    return trial


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--margin", type=float, default=0.3)
    ap.add_argument("--kind", default="strong")
    ap.add_argument("--params", default="{}", help="starting overrides, JSON")
    ap.add_argument("--steps", default="{}", help="parameters to tune and their steps, JSON")
    args = ap.parse_args()
    params = json.loads(args.params)
    steps = json.loads(args.steps)
    with multiprocessing.Pool(args.workers) as pool:
        best, _ = mean_score(pool, params, args.games, args.start, args.kind)
        print(f"start {best:.2f} {params}", flush=True)
        for _ in range(args.rounds):
            for name, step in steps.items():
                for sign in (1, -1):
                    trial = nudge(params, name, sign * step)
                    m, _ = mean_score(pool, trial, args.games, args.start, args.kind)
                    print(f"  {name} {sign * step:+}: {m:.2f}", flush=True)
                    if m > best + args.margin:
                        best, params = m, trial
                        print(f"keep {best:.2f} {params}", flush=True)
                        break
        print(f"best {best:.2f}\n{params!r}")


#: the parameters the nudges start from: the strong bot's own (its learned table
#: is not a parameter to nudge)
DEFAULTS = {k: v for k, v in StrongBot().params.items() if k != "learned"}

if __name__ == "__main__":
    main()
