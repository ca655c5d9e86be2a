"""The learned bot's value network for Diceland, learned from nothing by
TD(λ) self-play of 2-player games (the shared trainer, training/td.py; the
network: diceland_core/games/diceland/bots/network.py).

    nice -n 19 python training/diceland_td.py --games 40 --report 20 --eval 10 --seed 1 --out A.json

checks the pipeline (a minute);

    nice -n 19 python training/diceland_td.py --minutes 45 --report 200 --eval 0 --seed 2 --out FILE

is the shipped network's run: stopped after 6,200 games (538 s of CPU),
its checkpoint after 5,800 games ships (recorded in the file under
``trained``; docs/bots.md, Diceland's learned bot).  Every ``--report``
games the file is written, so a stopped run keeps its last checkpoint, and

    nice -n 19 python training/diceland_td.py --check FILE --eval 200

plays a checkpoint against the strong bot (the hand-tuned bot, the page's
expert when the shipped network was learned; ``--base SEED`` other seeds).
``--init FILE --first N`` continues a run.  ``--players 2,3,4`` plays
self-play games of those numbers of players (cycled by seed; 2 when not
given): with 3 or more each placement is valued, and each trail's
afterstate learned, against the player's strongest rival (the one its
margin is least over, as the learned bot judges), towards the final
margin over the best other player.  No shipped network was learned so.

Every game is played on two boards drawn from its seed (each player its
own, as in the box, D1.2; all eight boards A–H), so the network learns the
game, not one board.  Each placement or pass (D4, D5) is a decision of the
self-play: its afterstate (both sheets, the bonus rolls still to take, who
still places, who is active next: ``network.features``) is valued by the
network's margin still to come (the margin now is 0 until the end: win
+1, loss −1, shared win 0; one that reaches the goal is worth its final
margin); both players' trails are learned from.  Phase 1 (D3: the colour,
reroll or stop) is played in the self-play as the learned bot plans it
(bots/learned.py), on the network being learned (``bind``).

``--eval`` games of the learned bot (the network in half precision, as
shipped, in pure Python: exactly the ``learned`` kind) against the
``strong`` bot (seats rotated, seeds ``EVAL_BASE + i``, their boards drawn as in
training) check a network: its share of the wins (a shared win counts a
half) and its mean margin.  Fresh seeds for a final measurement start at
``FRESH_BASE`` (never used in training or in choosing a checkpoint).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import td  # noqa: E402  (first: it keeps numpy to one thread)
import numpy as np  # noqa: E402
from diceland_core.core.network import Network  # noqa: E402
from diceland_core.games.diceland import new as new_game  # noqa: E402
from diceland_core.games.diceland.actions import Place  # noqa: E402
from diceland_core.games.diceland.board import board_ids  # noqa: E402
from diceland_core.games.diceland.bots import network  # noqa: E402
from diceland_core.games.diceland.bots.strong import StrongBot  # noqa: E402
from diceland_core.games.diceland.bots.learned import LearnedBot  # noqa: E402
from diceland_core.games.diceland.game import Phase  # noqa: E402

INPUTS = network.INPUTS
TRAIN_BASE = 300_000_000
EVAL_BASE = 310_000_000
FRESH_BASE = 320_000_000
METHOD = "TD(λ) self-play of 2-player games, training/diceland_td.py"
EVAL_KEY = "against_expert"  # the strong bot: the expert when the shipped network was learned
DEFAULTS = {"hidden": 64, "lr": 0.001, "explore": 0.03, "lam": 0.8, "passes": 2, "report": 250, "eval": 100}

class _Numpy:
    """The network being learned, read as the engine's network is."""

    def __init__(self, net: td.Net):
        self.net = net

    def __call__(self, pairs: list) -> float:
        return float(self.net(td.dense(pairs, INPUTS)[None])[0])

    def part(self, pairs: list):
        """The hidden sums of a part of an input list (Network.part)."""
        return td.dense(pairs, INPUTS) @ self.net.params["W1"]

    def joined(self, first, second) -> float:
        """The output for two parts of an input list (Network.joined)."""
        p = self.net.params
        return float(np.maximum(first + second + p["b1"], 0) @ p["W2"] + p["b2"])


_PHASE1: list = [StrongBot(0)]
#: the numbers of players of the self-play's games, cycled by seed (``--players``)
PLAYERS = [2]


def bind(net: td.Net) -> None:
    """Phase 1 of the self-play is the learned bot's, on the network being
    learned."""
    _PHASE1[0] = LearnedBot(0, _Numpy(net))


def boards(seed: int, players: int = 2) -> list[str]:
    """The players' boards of the game of ``seed`` (all different)."""
    return random.Random(seed).sample(board_ids(), players)


def new(seed: int):
    players = PLAYERS[seed % len(PLAYERS)]
    return new_game(players=players, seed=seed, boards=boards(seed, players))


def new_pair(seed: int):
    """A 2-player game (the checks against the strong bot)."""
    return new_game(players=2, seed=seed, boards=boards(seed))


def over(state) -> bool:
    return state.over


def decision(state) -> tuple[int, list]:
    """The player to decide and its choices: in phase 1 the learned bot's
    one (on the network being learned, :func:`bind`), else every legal
    placement and pass."""
    player = state.waiting_for()[0]
    if state.phase in (Phase.CHOOSE, Phase.DECIDE):
        return player, [_PHASE1[0].choose(state, player)]
    return player, state.legal_actions(player)


def afterstates(state, player: int, action) -> list:
    """The afterstate of a placement or pass: its inputs (None when it ends
    the game) and the margin now."""
    crossed = state.sheets[player].crossed
    stars = 0
    if isinstance(action, Place):
        mask = state.boards[player].mask_of(action.cells)
        crossed |= mask
        stars = (mask & state.boards[player].star_mask).bit_count()
    used = 1 if state.phase is Phase.BONUS else 0
    rolls = network.pending(state, player) - used + stars
    return [against_strongest(state, player, crossed, rolls)]


def against_strongest(state, player: int, crossed: int, rolls: int) -> tuple:
    """``player``'s afterstate against its strongest rival
    (:func:`network.strongest`); with two players the other one."""
    if state.players == 2:
        return network.afterstate(state, player, crossed, rolls, 1 - player)
    return network.strongest(state, player, crossed, rolls, _PHASE1[0].network)[1]


def recorded(state, player: int):
    """The afterstate ``player``'s placement came to (as :func:`afterstates`
    saw it)."""
    return against_strongest(state, player, state.sheets[player].crossed, network.pending(state, player))


def final(state, player: int) -> float:
    return network.final_margin(state.winners, player, state.players)


def report(state) -> float:
    """The game's length in turns."""
    return float(state.turn)


def evaluate(net: td.Net, games: int, rng: random.Random | None = None, base: int = EVAL_BASE) -> dict:
    """``games`` games of the learned bot against the strong bot, seats rotated."""
    shipped = Network.from_json(net.to_json(), INPUTS)
    return play_expert(shipped, games, base)


def play_expert(shipped: Network, games: int, base: int) -> dict:
    from diceland_core.games.diceland.bots import BOTS
    pairs = td.adapter(dict(globals(), new=new_pair))
    return td.head_to_head(pairs, games, base, lambda seed: LearnedBot(seed, shipped).choose,
                           lambda seed: BOTS["strong"](seed).choose)


def teacher(kind: str, seed: int):
    """The bot of ``kind`` (seeded by the game's seed) as ``--teacher``."""
    from diceland_core.games.diceland.bots import BOTS
    return BOTS[kind](seed).choose


def describe(evaluation: dict) -> str:
    return (f"{evaluation['games']} games against the strong bot (seeds {evaluation['seeds']}, seats rotated): "
            f"win share {evaluation['win_share']:.3f}, mean margin {evaluation['margin']:+.3f}")


ADAPTER = td.adapter(globals())


def check(argv: list[str]) -> int:
    """``--check FILE [--eval N] [--base SEED]``: a network file against the strong bot."""
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", type=Path, required=True)
    ap.add_argument("--eval", type=int, default=200)
    ap.add_argument("--base", type=int, default=EVAL_BASE)
    args = ap.parse_args(argv)
    shipped = Network.from_json(json.loads(args.check.read_text(encoding="utf-8")), INPUTS)
    print(describe(play_expert(shipped, args.eval, args.base)), flush=True)
    return 0


def players(argv: list[str]) -> list[str]:
    """``--players 2,3,4`` (the self-play's numbers of players, cycled by
    seed) taken out of ``argv``, recorded in the method."""
    if "--players" not in argv:
        return argv
    at = argv.index("--players")
    PLAYERS[:] = [int(n) for n in argv[at + 1].split(",")]
    ADAPTER.METHOD = METHOD.replace("2-player games", "games of " + ", ".join(map(str, PLAYERS)) + " players")
    return argv[:at] + argv[at + 2:]


if __name__ == "__main__":
    if "--check" in sys.argv:
        raise SystemExit(check(sys.argv[1:]))
    raise SystemExit(td.main(ADAPTER, players(sys.argv[1:])))
