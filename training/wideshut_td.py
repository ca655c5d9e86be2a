"""The expert's value network for Dice Wide Shut, learned from nothing by
TD(λ) self-play of 2-player games (the shared trainer, training/td.py;
the network: diceland_core/games/wideshut/bots/network.py).

    nice -n 19 python training/wideshut_td.py --games 300 --report 100 --eval 40 --seed 1 --out A.json

checks the pipeline (a minute);

    nice -n 19 python training/wideshut_td.py --games 30000 --explore 0.02 --report 1000 \
        --eval 200 --seed 4 --first 300000 --out FILE

    nice -n 19 python training/wideshut_td.py --init FILE --first 305000 --games 30000 \
        --lr 0.0003 --explore 0 --report 500 --eval 0 --seed 5 --out FILE

are the shipped network's runs (the first's checkpoint after 5,000 games
continued by the second for 2,000; recorded in the file under
``trained``; docs/bots.md, Dice Wide Shut's learned bot).  ``--init FILE
--first N`` continues a run.

Each player's afterstates (its sheet after its take, the rival's, the dice
the rival may still take in this round, the end triggered or not:
``network.features``) are valued as the margin now (``score_p −
score_q``, W7) plus the network's margin still to come; both players'
trails are learned from.  ``--eval`` games without exploration against
the ``strong`` bot (seats rotated, seeds ``EVAL_BASE + i``) check a
network: its share of the wins (a shared win counts a half) and its mean
margin.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import td  # noqa: E402  (first: it keeps numpy to one thread)
import numpy as np  # noqa: E402
from diceland_core.games.wideshut import new as new_game  # noqa: E402
from diceland_core.games.wideshut.actions import Roll  # noqa: E402
from diceland_core.games.wideshut.bots import network  # noqa: E402
from diceland_core.games.wideshut.bots.network import after_take, features, view  # noqa: E402
from diceland_core.games.wideshut.game import Phase  # noqa: E402

INPUTS = network.INPUTS
TRAIN_BASE = 200_000_000
EVAL_BASE = 210_000_000
METHOD = "TD(λ) self-play of 2-player games, training/wideshut_td.py"
EVAL_KEY = "against_strong"
DEFAULTS = {"hidden": 64, "lr": 0.001, "explore": 0.05, "passes": 2, "report": 200, "eval": 100}

_keys: dict = {}


def new(seed: int):
    return new_game(players=2, seed=seed)


def over(state) -> bool:
    return state.over


def decision(state) -> tuple[int, list]:
    """The player to act and its choices: the roll, or one take per
    distinct sheet after it (Game.outcomes)."""
    player = state.current_player
    if state.phase == Phase.ROLL:
        return player, [Roll(player)]
    found = state.outcomes(player)
    _keys.clear()
    _keys.update(found)
    return player, [t for t, _ in found]


def afterstates(state, player: int, take) -> list:
    """The afterstate of ``take``: its inputs (None when it ends the game)
    and the margin after it."""
    key = _keys[take]
    rival = state.sheets[1 - player].key()
    left, last = after_take(state, player, take)
    triggered = state.end_triggered or network._triggers(key)
    score = network._total(key) - network._total(rival)
    return [(None if triggered and last else features(key, rival, left, triggered), score)]


def recorded(state, player: int):
    """The afterstate ``player``'s take came to (as :func:`afterstates` saw it)."""
    mine, rival = state.sheets[player].key(), state.sheets[1 - player].key()
    score = network._total(mine) - network._total(rival)
    if state.over:
        return None, score
    left, triggered = view(state, player)
    return features(mine, rival, left, triggered), score


def final(state, player: int) -> float:
    return float(state.sheets[player].total - state.sheets[1 - player].total)


def report(state) -> float:
    """The mean of the two players' final scores."""
    return sum(s.total for s in state.sheets) / 2


def choose(state, player: int, net: td.Net):
    """The numpy network's take (no exploration)."""
    _, actions = decision(state)
    xs, scores = [], []
    for a in actions:
        (pairs, score), = afterstates(state, player, a)
        xs.append(pairs)
        scores.append(score)
    ahead = net(np.array([td.dense(p, INPUTS) for p in xs])) * np.array([p is not None for p in xs], np.float32)
    return actions[int(np.argmax(np.array(scores, np.float32) + ahead))]


def evaluate(net: td.Net, games: int, rng: random.Random) -> dict:
    """``games`` games against the strong bot, seats rotated."""
    from diceland_core.games.wideshut.bots import BOTS

    def ours(seed: int):
        return lambda state, p: Roll(p) if state.phase == Phase.ROLL else choose(state, p, net)
    return td.head_to_head(ADAPTER, games, EVAL_BASE, ours, lambda seed: BOTS["strong"](seed).choose)


def teacher(kind: str, seed: int):
    """The bot of ``kind`` (seeded by the game's seed) as ``--teacher``."""
    from diceland_core.games.wideshut.bots import BOTS
    bot = BOTS[kind](seed)
    return bot.choose


def describe(evaluation: dict) -> str:
    return (f"{evaluation['games']} games against the strong bot without exploration (seeds {EVAL_BASE}+, "
            f"seats rotated): win share {evaluation['win_share']:.3f}, mean margin {evaluation['margin']:+.2f}")


ADAPTER = td.adapter(globals())

if __name__ == "__main__":
    raise SystemExit(td.main(ADAPTER))
