"""The expert's value network for Ganz schön clever, learned from nothing
by TD(λ) self-play of solo games (bots/network.py, bots/expert.py).

    nice -n 10 python training/clever_td.py --games 36000 --passes 2 --seed 2 --out A.json
    nice -n 10 python training/clever_td.py --init A.json --first 36000 --games 8000 \
        --passes 2 --lr 0.0003 --explore 0 --seed 5 --out B.json
    nice -n 10 python training/clever_td.py --init B.json --first 200000 --games 4000 \
        --passes 2 --lr 0.0003 --explore 0 --seed 6 --out C.json
    nice -n 10 python training/clever_td.py --init C.json --first 204000 --games 108000 \
        --passes 2 --lr 0.0003 --explore 0 --seed 8 --out D.json
    nice -n 19 python training/clever_td.py --init D.json --first 312000 --games 400000 \
        --passes 2 --lr 0.0003 --explore 0 --seed 12 --report 10000 \
        --out diceland_core/games/clever/bots/clever_network.json

are the shipped network's runs (recorded in its file under ``trained``;
docs/bots.md, how the network was trained: the first two ran earlier versions of this
trainer; the last was stopped after its checkpoint at 20,000 games, and its
``greedy`` entry added from 1,000 games on seeds 130,000,000+: docs/bots.md);
``--init FILE --first N`` continues a run from game N.

A network with one hidden layer (ReLU) maps an *afterstate* — the sheet,
the round, the picks made this turn, which dice are still in hand, solo
passive or not, a passive pick still to make: ``network.features``, the engine's own description — to
the points still to come.  At each decision every legal action is tried on
a copy of the game; the features leave out the dice that copy rolled next
(only which dice will be rolled), so the bot never sees its future.  It
takes the action with the best score after it plus the network's value, as
the expert does (a cross of choice still to make is made the best way
first: ``network.value``), or (``--explore``) a random one.  After each game the
network moves towards TD(λ) returns of the game's afterstates (td.py; Adam,
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
This module is the game's adapter to the shared trainer (training/td.py:
the self-play, the returns, Adam and the files).
"""

from __future__ import annotations

import base64
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import td  # noqa: E402  (first: it keeps numpy to one thread)
import numpy as np  # noqa: E402
from td import returns  # noqa: E402,F401  (the adapter's part of the trainer, as before)
from diceland_core.games.clever import new as new_game  # noqa: E402
from diceland_core.games.clever.actions import EndTurn  # noqa: E402
from diceland_core.games.clever.bots import network  # noqa: E402

TRAIN_BASE = 100_000_000
EVAL_BASE = 110_000_000
INPUTS = network.INPUTS
METHOD = "TD(λ) self-play of solo games, training/clever_td.py"
EVAL_KEY = "greedy"
DEFAULTS = {"hidden": 256, "lr": 0.001, "explore": 0.05, "passes": 1, "report": 1000, "eval": 200,
            "bias": 100.0}


def features(state) -> np.ndarray:
    """The afterstate of the solo player (network.features, the engine's
    own description) as a dense vector: nothing of the dice but which are
    still in hand."""
    return td.dense(network.features(state, 0), INPUTS)


class Net(td.Net):
    """The shared network (td.Net) with this game's inputs; its first
    output is 100 points."""

    def __init__(self, hidden: int, seed: int):
        super().__init__(INPUTS, hidden, seed, DEFAULTS["bias"])


def upgrade(data: dict) -> dict:
    """A file of the network before ``network._DUE``: :func:`older`; any
    other file as it is (td.main upgrades a starting file with it: that
    input gets no weight, so the network plays as it did until it learns
    what the input says)."""
    return older(data) if isinstance(data, dict) and data.get("inputs") == INPUTS - 1 else data


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


# -- the adapter (training/td.py) ------------------------------------------------

def new(seed: int):
    return new_game(players=1, seed=seed)


def over(state) -> bool:
    return state.over


def decision(state) -> tuple[int, list]:
    return 0, options(state)


def afterstates(state, player: int, action) -> list:
    """The afterstates of ``action`` (a cross of choice made every way):
    their inputs and their scores."""
    after = state.copy()
    after.apply(action)
    return [(network.features(leaf, 0), leaf.sheets[0].total()) for leaf in leaves(after)]


def recorded(state, player: int):
    """The afterstate the trail keeps; none while a cross of choice is
    still to make (the choice that follows is one)."""
    if state.pending_player == 0:
        return None
    return network.features(state, 0), state.sheets[0].total()


def final(state, player: int) -> float:
    return state.sheets[0].total()


def report(state) -> float:
    return state.sheets[0].total()


def play(seed: int, net: Net, explore: float, rng: random.Random):
    """One solo game: the finished state and its afterstates [(features,
    score after)], those with a cross of choice still to make left out
    (the choice that follows is one)."""
    state, trails = td.play(ADAPTER, seed, net, explore, rng)
    return state, trails.get(0, [])


def evaluate(net: td.Net, games: int, rng: random.Random) -> dict:
    """``games`` games without exploration on the seeds ``EVAL_BASE + i``."""
    scores = [play(EVAL_BASE + i, net, 0.0, rng)[0].sheets[0].total() for i in range(games)]
    return {"games": games, "seeds": f"{EVAL_BASE}+", "mean": round(float(np.mean(scores)), 1),
            "median": float(np.median(scores))}


def describe(evaluation: dict) -> str:
    return (f"{evaluation['games']} games without exploration (seeds {EVAL_BASE}+): "
            f"mean {evaluation['mean']:.1f}, median {evaluation['median']:.0f}")


ADAPTER = td.adapter(globals())


def main(argv: list[str] | None = None) -> int:
    return td.main(ADAPTER, argv)


if __name__ == "__main__":
    raise SystemExit(main())
