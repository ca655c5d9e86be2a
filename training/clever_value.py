"""Learn the correction table of Ganz schön clever's strong bot (the
projection, bots/projection.py; the expert before the network) by self-play.

    nice -n 10 python training/clever_value.py [--iterations 1 --games 6000 --check 400 --ridge 1000] [--workers 2]

Each iteration plays ``--games`` solo games with the current table (seeds
``TRAIN_BASE + iteration × 1,000,000 + i``; at a tenth of its decisions
the bot takes one of its three best moves at random, so the data also
shows moves it would not make), keeps the sheet at the end of each of the
player's turns with the dice still to come, and fits the table to what
those sheets scored in the end, less the projection's own estimate
(ridge regression: the table learns only what the projection misses).
The new table is then played on ``--check`` other seeds (``CHECK_BASE +
i``, the same every iteration) at a few step sizes between the old table
and the fitted one; the best mean is kept if it beats the old one.  The
figures quoted in docs/bots.md come from ``simulate`` runs, whose seeds are
hashed from the run's seed and are none of these.

Writes ``diceland_core/games/clever/bots/clever_value.json`` (``--out``)
with the weights and how they were found.  Standard library only, as the
engine that reads the file.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.games.clever import new  # noqa: E402
from diceland_core.games.clever.bots import StrongBot, play_game  # noqa: E402
from diceland_core.games.clever.bots.evaluate import future_entries, value  # noqa: E402
from diceland_core.games.clever.bots.learned import FEATURES, feature_indices  # noqa: E402

TRAIN_BASE = 30_000_000
CHECK_BASE = 40_000_000
HORIZON = 24.0
OUT = Path(__file__).resolve().parent.parent / "diceland_core/games/clever/bots/clever_value.json"


class Explorer(StrongBot):
    """The strong bot with a table, taking one of its three best moves at random
    at a share ``explore`` of its decisions, and keeping its turn ends."""

    def __init__(self, seed: int, table: dict | None, explore: float):
        super().__init__(seed, params={"learned": table})
        self.explore = explore
        self.coin = random.Random(seed)
        self.pre = None

    def choose(self, state, player):
        ranked = self.ranked(state, player)
        base = future_entries(state, player, self.params) - state.sheets[player].extras
        self.pre = ((state.round, state.active, state.solo_passive), base)
        if len(ranked) > 1 and self.coin.random() < self.explore:
            return self.coin.choice(ranked[:3])[1]
        return ranked[0][1]


def play(job):
    """One recorded solo game: [(feature indices, t, projection)], final score."""
    seed, table, explore = job
    bot = Explorer(seed, table, explore)
    plain = {k: v for k, v in bot.params.items() if k != "learned"}
    records, pending = [], [None]

    def seen(action):
        if bot.pre is None:
            return
        turn, base = bot.pre
        s = state.sheets[0]
        snap = (turn, s.copy(), base + s.extras)
        if pending[0] is not None and pending[0][0] != turn:
            records.append(pending[0])
        pending[0] = snap

    state = new(players=1, seed=seed)
    play_game(state, [bot], on_action=seen)
    if pending[0] is not None:
        records.append(pending[0])
    rows = [(feature_indices(s), min(1.0, e / HORIZON), value(s, e, plain)) for _, s, e in records]
    return rows, state.outcome().scores[0]


def score(job):
    seed, table = job
    bot = StrongBot(seed, params={"learned": table})
    return play_game(new(players=1, seed=seed), [bot]).outcome().scores[0]


def fit(games, ridge: float) -> list[float]:
    """Ridge regression of (final score − projection) on the table's
    weights: the normal equations (each row has two weights per feature,
    ``t`` and ``1 − t``) solved by Gaussian elimination."""
    n = 2 * FEATURES
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for rows, final in games:
        for idx, t, proj in rows:
            x = {}
            for i in idx:
                x[2 * i] = x.get(2 * i, 0.0) + t
                x[2 * i + 1] = x.get(2 * i + 1, 0.0) + 1 - t
            target = final - proj
            items = list(x.items())
            for a, va in items:
                xty[a] += va * target
                row = xtx[a]
                for b, vb in items:
                    row[b] += va * vb
    for i in range(n):
        xtx[i][i] += ridge
    return solve(xtx, xty)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` for a symmetric positive definite ``a`` (changed in place)."""
    n = len(b)
    for k in range(n):
        pivot = a[k][k]
        row_k = a[k]
        for i in range(k + 1, n):
            f = a[i][k] / pivot
            if f:
                row_i = a[i]
                for j in range(k, n):
                    row_i[j] -= f * row_k[j]
                b[i] -= f * b[k]
    x = [0.0] * n
    for k in range(n - 1, -1, -1):
        x[k] = (b[k] - sum(a[k][j] * x[j] for j in range(k + 1, n))) / a[k][k]
    return x


def table_of(w, meta: dict) -> dict:
    return {"horizon": HORIZON, "features": FEATURES, "weights": [round(float(x), 3) for x in w], **meta}


def mean(pool, table, games: int) -> tuple[float, list]:
    scores = pool.map(score, [(CHECK_BASE + i, table) for i in range(games)], chunksize=4)
    return statistics.fmean(scores), scores


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=1)
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--check", type=int, default=400)
    ap.add_argument("--explore", type=float, default=0.1)
    ap.add_argument("--ridge", type=float, default=1000.0)
    ap.add_argument("--steps", default="0.5,1.0,1.5")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    steps = [float(x) for x in args.steps.split(",")]
    table = None
    w_old = [0.0] * (2 * FEATURES)
    with multiprocessing.Pool(args.workers) as pool:
        best, _ = mean(pool, None, args.check)
        print(f"strong bot without a table: {best:.2f} on {args.check} check seeds", flush=True)
        for it in range(args.iterations):
            t0 = time.time()
            jobs = [(TRAIN_BASE + it * 1_000_000 + i, table, args.explore) for i in range(args.games)]
            games = pool.map(play, jobs, chunksize=8)
            w_fit = fit(games, args.ridge)
            print(f"iteration {it}: {args.games} games (mean {statistics.fmean(g[1] for g in games):.2f}),"
                  f" fitted in {time.time() - t0:.0f} s", flush=True)
            kept = None
            for step in steps:
                w = [a + step * (b - a) for a, b in zip(w_old, w_fit)]
                trial = table_of(w, {})
                m, _ = mean(pool, trial, args.check)
                print(f"  step {step}: {m:.2f}", flush=True)
                if m > best:
                    best, kept = m, (w, step)
            if kept is None:
                print("  no step beat the table; stopping", flush=True)
                break
            w_old = kept[0]
            table = table_of(w_old, {})
            meta = {"trained": {"iterations": it + 1, "games_per_iteration": args.games,
                                "train_seeds": f"{TRAIN_BASE}+it*1000000+i", "check_seeds": f"{CHECK_BASE}+i",
                                "check_games": args.check, "check_mean": round(best, 2),
                                "explore": args.explore, "ridge": args.ridge, "steps": steps,
                                "step": kept[1]}}
            args.out.write_text(json.dumps(table_of(w_old, meta)) + "\n", encoding="utf-8")
            print(f"  kept step {kept[1]}: check mean {best:.2f}; wrote {args.out}", flush=True)


if __name__ == "__main__":
    main()
