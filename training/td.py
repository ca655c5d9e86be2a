"""The shared TD(λ) self-play trainer of the games' value networks
(numpy, development only; the engine runs the networks in pure Python,
``diceland_core/core/network.py``).

A game supplies only its *adapter* (``training/clever_td.py``,
``training/wideshut_td.py``, whose docstrings give the commands that
trained the shipped networks): how a game starts, who decides what now,
the afterstates each choice leads to (their inputs, ``(input, value)``
pairs, and their score: the points so far, or a margin), the afterstate a
player's trail records, the final score, and how a network is checked;
optionally ``bind(net)``, given the network being learned before the first
game (for choices the adapter makes itself with it).  This module plays the games, learns and writes the files:

* self-play: at each decision with more than one choice every choice's
  afterstates are valued (their score plus the network's value of what is
  still to come; an afterstate that ends the game has nothing to come), the
  best is played, or (``--explore``) a random choice;
* or (``--teacher KIND``) a bot of the game plays every decision and the
  network learns the values of its play: a start from a good player's
  values, that self-play then improves on;
* after each game every player's trail of afterstates moves the network
  towards its TD(λ) returns (the last one exact: the final score less its
  score), Adam, ``--batch`` games a batch, ``--passes`` steps on each;
* every ``--report`` games a line of progress and the file ``--out``; at
  the end the adapter's check on ``--eval`` games (recorded in the file).

``--init FILE --first N`` continues a run from game N (Adam starts
afresh): the i-th game's seed is ``TRAIN_BASE + N + i``; the first weights
and the exploration come from ``--seed``.  Each file keeps the runs that
made it under ``trained.runs``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# one thread: the products are small, and a pool of threads would spin
# away more than the half of the process's time they save
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402

from diceland_core.core.network import Network  # noqa: E402

__all__ = ["Net", "adapter", "dense", "play", "returns", "write", "main"]

#: what a game's adapter module defines: its inputs, the seeds' bases, the
#: method and check recorded in its files, its default settings, and the
#: functions the self-play calls (the module docstring)
PARTS = ("INPUTS", "TRAIN_BASE", "EVAL_BASE", "METHOD", "EVAL_KEY", "DEFAULTS", "new", "over", "decision",
         "afterstates", "recorded", "final", "report", "evaluate", "describe", "upgrade", "teacher", "bind", "__doc__")


def adapter(names: dict) -> SimpleNamespace:
    """A game's adapter from the names of its module (``globals()``)."""
    return SimpleNamespace(**{k: names[k] for k in PARTS if k in names})


def dense(pairs, inputs: int) -> np.ndarray:
    """An input list as a dense vector (zeros for None: an afterstate that
    ends the game)."""
    x = np.zeros(inputs, np.float32)
    for i, v in pairs or ():
        x[i] += v
    return x


class Net:
    """One hidden ReLU layer, a linear output (what is still to come), Adam."""

    def __init__(self, inputs: int, hidden: int, seed: int, bias: float = 0.0):
        rng = np.random.default_rng(seed)
        self.inputs = inputs
        self.params = {"W1": (rng.standard_normal((inputs, hidden)) * 0.1).astype(np.float32),
                       "b1": np.zeros(hidden, np.float32), "W2": np.zeros(hidden, np.float32),
                       "b2": np.array(bias, np.float32)}
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
        """The engine's file (half-precision weights)."""
        p = self.params
        return Network(p["W1"].tolist(), p["b1"].tolist(), p["W2"].tolist(), float(p["b2"]),
                       trained).to_json()

    def load(self, data: dict) -> None:
        """Start from the weights of an engine's file (Adam starts afresh)."""
        found = Network.from_json(data, self.inputs)
        if found.hidden != len(self.params["b1"]):
            raise SystemExit(f"the file's network has {found.hidden} hidden units, not {len(self.params['b1'])}")
        self.params = {"W1": np.array(found.w1, np.float32), "b1": np.array(found.b1, np.float32),
                       "W2": np.array(found.w2, np.float32), "b2": np.array(found.b2, np.float32)}


def play(game, seed: int, net: Net, explore: float, rng: random.Random, teacher=None, opponent=None,
         seat: int = 0):
    """One self-play game of the adapter ``game``: the finished state and
    each player's trail of afterstates ``{player: [(x, score)]}``.  With a
    ``teacher`` (``teacher(state, player) -> action``, a bot of the game)
    the teacher plays every decision and the network only learns its
    values.  With an ``opponent`` (the same kind of function) the network
    plays ``seat`` only, the opponent every other seat, and only the
    network's trail is kept."""
    state = game.new(seed)
    trails: dict[int, list] = {}
    while not game.over(state):
        if opponent is not None:
            waiting = state.waiting_for()[0]
            if waiting != seat:
                state.apply(opponent(state, waiting))
                continue
        player, actions = game.decision(state)
        if len(actions) == 1:
            state.apply(actions[0])
            continue
        if teacher is not None:
            state.apply(teacher(state, player))
            found = game.recorded(state, player)
            if found is not None:
                trails.setdefault(player, []).append((dense(found[0], net.inputs), found[1]))
            continue
        xs, scores, owner = [], [], []
        for k, a in enumerate(actions):
            for pairs, score in game.afterstates(state, player, a):
                xs.append(pairs)
                scores.append(score)
                owner.append(k)
        if rng.random() < explore:
            k = rng.randrange(len(actions))
        else:
            X = np.array([dense(p, net.inputs) for p in xs])
            ahead = net(X)
            if any(p is None for p in xs):
                ahead = ahead * np.array([p is not None for p in xs], np.float32)
            values = np.array(scores, np.float32) + ahead
            k = owner[int(np.argmax(values))]
        state.apply(actions[k])
        found = game.recorded(state, player)
        if found is not None:
            trails.setdefault(player, []).append((dense(found[0], net.inputs), found[1]))
    return state, trails


def head_to_head(game, games: int, base: int, ours, theirs) -> dict:
    """``games`` two-player games from the seeds ``base``, ``base + 1`` …,
    seats rotated: ``ours(seed)`` plays seat ``i % 2`` and ``theirs(seed)``
    the other (each a ``choose(state, player)``); ``ours``'s win share (a
    shared win counting as a fraction) and mean final margin (``game.final``)."""
    wins, margins = 0.0, []
    for i in range(games):
        seed = base + i
        state = game.new(seed)
        seat = i % 2
        chooser = {seat: ours(seed), 1 - seat: theirs(seed)}
        while not game.over(state):
            p = state.waiting_for()[0]
            state.apply(chooser[p](state, p))
        if seat in state.winners:
            wins += 1 / len(state.winners)
        margins.append(game.final(state, seat))
    return {"games": games, "seeds": f"{base}+", "win_share": round(wins / games, 3),
            "margin": round(float(np.mean(margins)), 3)}


def returns(trail, final: float, net: Net, lam: float) -> tuple[np.ndarray, np.ndarray]:
    """TD(λ) targets of what is still to come after each afterstate; the
    last one is exact (the final score less its score)."""
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


def arguments(game, argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=game.__doc__.splitlines()[0])
    d = game.DEFAULTS
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--games", type=int, default=0, help="stop after this many games (0: the minutes)")
    ap.add_argument("--first", type=int, default=0, help="the first training game's number (seed TRAIN_BASE + it)")
    ap.add_argument("--init", type=Path, default=None, help="start from this network file (a run continued)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=d.get("hidden", 256))
    ap.add_argument("--lr", type=float, default=d.get("lr", 0.001))
    ap.add_argument("--explore", type=float, default=d.get("explore", 0.05))
    ap.add_argument("--lam", type=float, default=d.get("lam", 0.7))
    ap.add_argument("--batch", type=int, default=d.get("batch", 4))
    ap.add_argument("--passes", type=int, default=d.get("passes", 1), help="steps of learning on each batch")
    ap.add_argument("--report", type=int, default=d.get("report", 1000))
    ap.add_argument("--eval", type=int, default=d.get("eval", 200))
    ap.add_argument("--teacher", default=None,
                    help="a bot kind of the game that plays every decision while the network learns its values")
    ap.add_argument("--opponent", default=None,
                    help="a bot kind of the game that plays the other seat of every game (the network's seat "
                         "alternates); the network learns from its own seat's afterstates only")
    ap.add_argument("--out", type=Path, default=None)
    return ap.parse_args(argv)


def main(game, argv: list[str] | None = None) -> int:
    """Train the network of the adapter ``game`` (the module docstring)."""
    args = arguments(game, argv)
    net = Net(game.INPUTS, args.hidden, args.seed, game.DEFAULTS.get("bias", 0.0))
    before: list = []
    if args.init:
        data = json.loads(args.init.read_text(encoding="utf-8"))
        net.load(game.upgrade(data) if hasattr(game, "upgrade") else data)
        before = (data.get("trained") or {}).get("runs", [])
    if hasattr(game, "bind"):
        game.bind(net)
    rng = random.Random(args.seed)
    start = time.process_time()
    finals: list[float] = []
    shares: list[float] = []  # the network's seat's share of each game's win (against --opponent)
    batch_x, batch_t = [], []

    def trained(evaluation: dict | None = None) -> dict:
        run = {"games": len(finals), "seeds": f"{game.TRAIN_BASE + args.first}+", "seed": args.seed,
               "lr": args.lr, "explore": args.explore, "lam": args.lam, "batch": args.batch,
               "passes": args.passes}
        if args.teacher:
            run["teacher"] = args.teacher
        if args.opponent:
            run["opponent"] = args.opponent
        if evaluation:
            run[game.EVAL_KEY] = evaluation
        return {"method": game.METHOD, "hidden": args.hidden, "runs": before + [run]}

    while (args.games and len(finals) < args.games) or (
            not args.games and time.process_time() - start < args.minutes * 60):
        seed = game.TRAIN_BASE + args.first + len(finals)
        teacher = game.teacher(args.teacher, seed) if args.teacher else None
        opponent = game.teacher(args.opponent, seed) if args.opponent else None
        seat = len(finals) % 2
        state, trails = play(game, seed, net, args.explore, rng, teacher, opponent, seat)
        finals.append(game.report(state))
        if opponent is not None:
            shares.append(1 / len(state.winners) if seat in state.winners else 0.0)
        for player in sorted(trails):
            X, G = returns(trails[player], game.final(state, player), net, args.lam)
            batch_x.append(X)
            batch_t.append(G)
        if len(finals) % args.batch == 0:
            X, T = np.concatenate(batch_x), np.concatenate(batch_t)
            for _ in range(args.passes):
                net.learn(X, T, args.lr)
            batch_x, batch_t = [], []
        if len(finals) % args.report == 0:
            against = (f", the network's win share against {args.opponent} {np.mean(shares[-args.report:]):.3f}"
                       if args.opponent else "")
            print(f"{len(finals)} games, {time.process_time() - start:.0f} s of CPU: "
                  f"mean of the last {args.report} {np.mean(finals[-args.report:]):.1f}{against}", flush=True)
            if args.out:
                write(args.out, net, trained())
    evaluation = game.evaluate(net, args.eval, rng) if args.eval else None
    if evaluation:
        print(f"after {len(finals)} games: {game.describe(evaluation)}", flush=True)
    if args.out:
        write(args.out, net, trained(evaluation))
    return 0
