"""A value network for solo Ganz schön clever learned from nothing by
TD(λ) self-play: where a stronger expert would come from.

    nice -n 10 python training/clever_td.py --minutes 30 [--seed 1] [--hidden 128] [--out FILE]

The expert's projection (bots/evaluate.py) is a balance of errors that a
learned correction improves only a little (README, Ganz schön clever
bots).  This trainer learns a whole value instead: a network with one
hidden layer (ReLU) that maps an *afterstate* — the sheet, the round, the
picks made this turn, which dice are still in hand, solo passive or not —
to the points still to come.  At each decision every legal action is
tried on a copy of the game; the features leave out the dice that copy
rolled next (only which dice will be rolled), so the bot never sees its
future.  It takes the action with the best score after it plus the
network's value, or (``--explore``) a random one.  After each game the
network moves towards TD(λ) returns of the game's afterstates (Adam,
``--batch`` games a step).  Every ``--report`` games it prints the mean
of the last games played (with exploration); at the end it plays
``--eval`` games greedily on other seeds and prints their mean.

Game seeds: ``TRAIN_BASE + i`` for the i-th training game, ``EVAL_BASE +
i`` for the evaluation; the network's first weights and the exploration
come from ``--seed``.  Development only: needs numpy (requirements-dev.txt);
the engine does not use the network (yet).  ``--out`` writes the weights
as JSON (lists of numbers).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from diceland_core.games.clever import new  # noqa: E402
from diceland_core.games.clever.actions import EndTurn  # noqa: E402
from diceland_core.games.clever.game import HAND  # noqa: E402

TRAIN_BASE = 100_000_000
EVAL_BASE = 110_000_000
#: yellow bits, blue bits, green / orange / purple counts, orange and purple
#: sums, purple's last number, rerolls and +1s held, foxes, round, picks made,
#: dice in hand, solo passive, phase, bias
INPUTS = 16 + 13 + 12 + 12 + 1 + 12 + 7 + 1 + 8 + 8 + 6 + 7 + 4 + 6 + 2 + 3 + 1


def features(state) -> np.ndarray:
    """The afterstate of the solo player: nothing of the dice but which are
    still in hand."""
    s = state.sheets[0]
    x = np.zeros(INPUTS, np.float32)
    for b in range(16):
        x[b] = s.y >> b & 1
    i = 16
    for b in range(13):
        x[i + b] = s.b >> b & 1
    i += 13
    for value, size in ((s.g, 12), (len(s.o), 12)):
        x[i + value] = 1
        i += size
    x[i] = sum(s.o) / 60
    i += 1
    x[i + len(s.p)] = 1
    i += 12
    x[i + (s.p[-1] if s.p else 0)] = 1
    i += 7
    x[i] = sum(s.p) / 60
    i += 1
    for value, size in ((min(7, s.rerolls), 8), (min(7, s.extras), 8), (min(5, s.foxes()), 6),
                        (min(6, state.round), 7), (min(3, len(state.fields)), 4)):
        x[i + value] = 1
        i += size
    for d in range(6):
        x[i + d] = state.loc[d] == HAND
    i += 6
    x[i + int(state.solo_passive)] = 1
    i += 2
    x[i + {"rolling": 0, "finish": 1}.get(state.phase, 2)] = 1
    i += 3
    x[i] = 1
    return x


class Net:
    """One hidden ReLU layer, a linear output (points still to come), Adam."""

    def __init__(self, hidden: int, seed: int):
        rng = np.random.default_rng(seed)
        self.params = {"W1": (rng.standard_normal((INPUTS, hidden)) * 0.1).astype(np.float32),
                       "b1": np.zeros(hidden, np.float32), "W2": np.zeros(hidden, np.float32),
                       "b2": np.array(100.0, np.float32)}
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.steps = 0

    def __call__(self, X: np.ndarray) -> np.ndarray:
        p = self.params
        return np.maximum(X @ p["W1"] + p["b1"], 0) @ p["W2"] + p["b2"]

    def learn(self, X: np.ndarray, T: np.ndarray, lr: float) -> float:
        p = self.params
        H = np.maximum(X @ p["W1"] + p["b1"], 0)
        err = H @ p["W2"] + p["b2"] - T
        dH = np.outer(err, p["W2"]) * (H > 0)
        n = len(T)
        grads = {"W1": X.T @ dH / n, "b1": dH.mean(0), "W2": H.T @ err / n, "b2": np.array(err.mean())}
        self.steps += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            step = (self.m[k] / (1 - 0.9 ** self.steps)) / (np.sqrt(self.v[k] / (1 - 0.999 ** self.steps)) + 1e-8)
            p[k] = (p[k] - lr * step).astype(np.float32)
        return float((err ** 2).mean())

    def to_json(self) -> dict:
        return {"inputs": INPUTS, **{k: v.tolist() for k, v in self.params.items()}}


def options(state) -> list:
    """The player's choices now: the legal actions, or at a turn's end the
    +1 actions and ending the turn."""
    if state.phase == "finish" and not state.compulsory() and state.pending_player is None:
        return [a for a in state.legal_actions(0) if a.type == "extra"] + [EndTurn()]
    return state.legal_actions(0)


def play(seed: int, net: Net, explore: float, rng: random.Random):
    """One solo game: the finished state and its afterstates [(features, score after)]."""
    state = new(players=1, seed=seed)
    trail = []
    while not state.over:
        actions = options(state)
        if len(actions) == 1:
            state.apply(actions[0])
            continue
        xs, scores = [], []
        for a in actions:
            after = state.copy()
            after.apply(a)
            xs.append(features(after))
            scores.append(after.sheets[0].total())
        if rng.random() < explore:
            k = rng.randrange(len(actions))
        else:
            k = int(np.argmax(np.array(scores, np.float32) + net(np.array(xs))))
        state.apply(actions[k])
        trail.append((xs[k], scores[k]))
    return state, trail


def returns(trail, final: float, net: Net, lam: float) -> tuple[np.ndarray, np.ndarray]:
    """TD(λ) targets of the points still to come after each afterstate; the
    last one is exact (the game's final score less its score)."""
    X = np.array([x for x, _ in trail])
    score = np.array([s for _, s in trail], np.float32)
    value = net(X)
    G = np.empty(len(trail), np.float32)
    G[-1] = final - score[-1]
    for k in range(len(trail) - 2, -1, -1):
        gained = score[k + 1] - score[k]
        G[k] = gained + (1 - lam) * value[k + 1] + lam * G[k + 1]
    return X, G


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--games", type=int, default=0, help="stop after this many games (0: the minutes)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--explore", type=float, default=0.05)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--report", type=int, default=1000)
    ap.add_argument("--eval", type=int, default=200)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    net = Net(args.hidden, args.seed)
    rng = random.Random(args.seed)
    start = time.process_time()
    finals: list[int] = []
    batch_x, batch_t = [], []
    while (args.games and len(finals) < args.games) or (
            not args.games and time.process_time() - start < args.minutes * 60):
        state, trail = play(TRAIN_BASE + len(finals), net, args.explore, rng)
        finals.append(state.sheets[0].total())
        X, G = returns(trail, finals[-1], net, args.lam)
        batch_x.append(X)
        batch_t.append(G)
        if len(batch_x) == args.batch:
            net.learn(np.concatenate(batch_x), np.concatenate(batch_t), args.lr)
            batch_x, batch_t = [], []
        if len(finals) % args.report == 0:
            print(f"{len(finals)} games, {time.process_time() - start:.0f} s of CPU: "
                  f"mean of the last {args.report} {np.mean(finals[-args.report:]):.1f}", flush=True)
    greedy = [play(EVAL_BASE + i, net, 0.0, rng)[0].sheets[0].total() for i in range(args.eval)]
    if greedy:
        print(f"after {len(finals)} games: {args.eval} games without exploration (seeds {EVAL_BASE}+): "
              f"mean {np.mean(greedy):.1f}, median {np.median(greedy):.0f}", flush=True)
    if args.out:
        args.out.write_text(json.dumps(net.to_json()) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
