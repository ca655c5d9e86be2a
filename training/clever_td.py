"""The expert's value network for Ganz schön clever, learned from nothing
by TD(λ) self-play of solo games (bots/network.py, bots/expert.py).

    nice -n 10 python training/clever_td.py --games 36000 --passes 2 --seed 2 --out A.json
    nice -n 10 python training/clever_td.py --init A.json --first 36000 --games 8000 \
        --passes 2 --lr 0.0003 --explore 0 --seed 5 --out B.json
    nice -n 10 python training/clever_td.py --init B.json --first 200000 --games 4000 \
        --passes 2 --lr 0.0003 --explore 0 --seed 6 --out C.json
    nice -n 10 python training/clever_td.py --init C.json --first 204000 --games 108000 \
        --passes 2 --lr 0.0003 --explore 0 --seed 8 \
        --out diceland_core/games/clever/bots/clever_network.json

are the shipped network's runs (recorded in its file under ``trained``;
docs/bots.md, how the network was trained: the first two ran earlier versions of this
trainer); ``--init FILE --first N`` continues a run from game N.

A network with one hidden layer (ReLU) maps an *afterstate* — the sheet,
the round, the picks made this turn, which dice are still in hand, solo
passive or not, a passive pick still to make: ``network.features``, the engine's own description — to
the points still to come.  At each decision every legal action is tried on
a copy of the game; the features leave out the dice that copy rolled next
(only which dice will be rolled), so the bot never sees its future.  It
takes the action with the best score after it plus the network's value, as
the expert does (a cross of choice still to make is made the best way
first: ``network.value``), or (``--explore``) a random one.  After each game the
network moves towards TD(λ) returns of the game's afterstates (Adam,
``--batch`` games a batch, ``--passes`` steps on each).  Every
``--report`` games it prints the mean of the last games played (with
exploration) and writes ``--out``; at the end it plays ``--eval`` games
greedily on other seeds and prints their mean.

Game seeds: ``TRAIN_BASE + first + i`` for the i-th training game,
``EVAL_BASE + i`` for the evaluation; the network's first weights and the
exploration come from ``--seed``.  ``--init`` starts from a network file
(Adam starts afresh).  Development only: needs numpy
(requirements-dev.txt); the engine runs the network in pure Python.
``--out`` writes the engine's file (half-precision weights, base64).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# one thread: the products are small, and a pool of threads would spin
# away more than the half of the process's time they save
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402

from diceland_core.games.clever import new  # noqa: E402
from diceland_core.games.clever.actions import EndTurn  # noqa: E402
from diceland_core.games.clever.game import HAND  # noqa: E402
from diceland_core.games.clever.bots import network  # noqa: E402

TRAIN_BASE = 100_000_000
EVAL_BASE = 110_000_000
INPUTS = network.INPUTS


def features(state) -> np.ndarray:
    """The afterstate of the solo player (network.features, the engine's
    own description) as a dense vector: nothing of the dice but which are
    still in hand."""
    x = np.zeros(INPUTS, np.float32)
    for i, v in network.features(state, 0):
        x[i] += v
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

    def to_json(self, trained: dict | None = None) -> dict:
        """The engine's file (network.Network: half-precision weights)."""
        p = self.params
        return network.Network(p["W1"].tolist(), p["b1"].tolist(), p["W2"].tolist(), float(p["b2"]),
                               trained).to_json()

    def load(self, data: dict) -> None:
        """Start from the weights of an engine's file (Adam starts afresh).
        A file from before the input of a passive pick still to make
        (``network._DUE``, one input fewer) gets that input with no weight:
        the network plays as it did until it learns what the input says."""
        if isinstance(data, dict) and data.get("inputs") == INPUTS - 1:
            data = older(data)
        found = network.Network.from_json(data)
        if found.hidden != len(self.params["b1"]):
            raise SystemExit(f"the file's network has {found.hidden} hidden units, not {len(self.params['b1'])}")
        self.params = {"W1": np.array(found.w1, np.float32), "b1": np.array(found.b1, np.float32),
                       "W2": np.array(found.w2, np.float32), "b2": np.array(found.b2, np.float32)}


def older(data: dict) -> dict:
    """An engine's file of one input fewer, with a row of no weight for the
    input ``network._DUE``."""
    hidden = int(data["hidden"])
    w1 = np.frombuffer(base64.b64decode(data["w1"]), "<f2").reshape(INPUTS - 1, hidden)
    w1 = np.insert(w1, network._DUE, 0.0, axis=0)
    return {**data, "inputs": INPUTS, "w1": base64.b64encode(w1.astype("<f2").tobytes()).decode("ascii")}


def options(state) -> list:
    """The player's choices now: the legal actions, or at a turn's end the
    +1 actions and ending the turn."""
    if state.phase == "finish" and not state.compulsory() and state.pending_player is None:
        return [a for a in state.legal_actions(0) if a.type == "extra"] + [EndTurn()]
    return state.legal_actions(0)


def leaves(state) -> list:
    """The afterstates ``state`` comes to once the player's crosses of
    choice still to make are made every way (network.settled), or itself."""
    return network.settled(state, 0)


def play(seed: int, net: Net, explore: float, rng: random.Random):
    """One solo game: the finished state and its afterstates [(features,
    score after)], those with a cross of choice still to make left out
    (the choice that follows is one)."""
    state = new(players=1, seed=seed)
    trail = []
    while not state.over:
        actions = options(state)
        if len(actions) == 1:
            state.apply(actions[0])
            continue
        xs, scores, owner = [], [], []
        for k, a in enumerate(actions):
            after = state.copy()
            after.apply(a)
            for leaf in leaves(after):
                xs.append(features(leaf))
                scores.append(leaf.sheets[0].total())
                owner.append(k)
        if rng.random() < explore:
            k = rng.randrange(len(actions))
        else:
            values = np.array(scores, np.float32) + net(np.array(xs))
            k = owner[int(np.argmax(values))]
        state.apply(actions[k])
        if state.pending_player != 0:
            trail.append((features(state), state.sheets[0].total()))
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


def write(path: Path, net: Net, trained: dict) -> None:
    path.write_text(json.dumps(net.to_json(trained), separators=(",", ":")) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--games", type=int, default=0, help="stop after this many games (0: the minutes)")
    ap.add_argument("--first", type=int, default=0, help="the first training game's number (seed TRAIN_BASE + it)")
    ap.add_argument("--init", type=Path, default=None, help="start from this network file (a run continued)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--lr", type=float, default=0.001)
    ap.add_argument("--explore", type=float, default=0.05)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--passes", type=int, default=1, help="steps of learning on each batch")
    ap.add_argument("--report", type=int, default=1000)
    ap.add_argument("--eval", type=int, default=200)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args(argv)
    net = Net(args.hidden, args.seed)
    before: list = []
    if args.init:
        data = json.loads(args.init.read_text(encoding="utf-8"))
        net.load(data)
        before = (data.get("trained") or {}).get("runs", [])
    rng = random.Random(args.seed)
    start = time.process_time()
    finals: list[int] = []
    batch_x, batch_t = [], []

    def trained(evaluation: dict | None = None) -> dict:
        run = {"games": len(finals), "seeds": f"{TRAIN_BASE + args.first}+", "seed": args.seed,
               "lr": args.lr, "explore": args.explore, "lam": args.lam, "batch": args.batch,
               "passes": args.passes}
        if evaluation:
            run["greedy"] = evaluation
        return {"method": "TD(λ) self-play of solo games, training/clever_td.py", "hidden": args.hidden,
                "runs": before + [run]}

    while (args.games and len(finals) < args.games) or (
            not args.games and time.process_time() - start < args.minutes * 60):
        state, trail = play(TRAIN_BASE + args.first + len(finals), net, args.explore, rng)
        finals.append(state.sheets[0].total())
        X, G = returns(trail, finals[-1], net, args.lam)
        batch_x.append(X)
        batch_t.append(G)
        if len(batch_x) == args.batch:
            X, T = np.concatenate(batch_x), np.concatenate(batch_t)
            for _ in range(args.passes):
                net.learn(X, T, args.lr)
            batch_x, batch_t = [], []
        if len(finals) % args.report == 0:
            print(f"{len(finals)} games, {time.process_time() - start:.0f} s of CPU: "
                  f"mean of the last {args.report} {np.mean(finals[-args.report:]):.1f}", flush=True)
            if args.out:
                write(args.out, net, trained())
    greedy = [play(EVAL_BASE + i, net, 0.0, rng)[0].sheets[0].total() for i in range(args.eval)]
    evaluation = None
    if greedy:
        evaluation = {"games": args.eval, "seeds": f"{EVAL_BASE}+", "mean": round(float(np.mean(greedy)), 1)}
        print(f"after {len(finals)} games: {args.eval} games without exploration (seeds {EVAL_BASE}+): "
              f"mean {np.mean(greedy):.1f}, median {np.median(greedy):.0f}", flush=True)
    if args.out:
        write(args.out, net, trained(evaluation))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
