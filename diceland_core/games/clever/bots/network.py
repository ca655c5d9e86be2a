"""A value network learned by self-play, read and run in pure Python.

The network maps an *afterstate* of one player — the sheet after an
action, where the game stands (round, picks made, which dice are still in
hand, active or passive, a pick from a platter still to make or made) but
nothing of the dice still to be rolled — to the points that player will
still score; :func:`value` adds the sheet's score, after the best way of
making a cross of choice still to make.  It was learned from nothing by
TD(λ) self-play of solo games (``training/clever_td.py``); its weights
ship in ``clever_network.json`` beside this module.

:func:`features` is the one description of an afterstate, used by the
trainer and by the bot alike: a short list of ``(input, value)`` pairs
(most inputs are 0; the marks are one-hot blocks).  :class:`Network` runs
one hidden ReLU layer on such a list.

Games of 2–4 players are seen as the solo game the network learned: a
player's passive take in another player's turn is the solo passive take
that follows an active turn in the same round (or, where the player's own
active turn is still to come in this round, the one of the round before),
and the rounds are counted back from the last, so that a 4-player game's
last round is round 6.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ....core.network import FRESH, Network as _Network
from ..game import HAND, Phase
from ..sheet import _YCOL, _YDIAG, _YROW, Sheet

__all__ = ["INPUTS", "RAW", "DERIVED", "features", "settled", "value", "Network", "load_network", "NETWORK_FILE"]

#: the bits of each yellow line (the columns, the rows, the diagonal)
YELLOW_LINES = (*_YCOL, *_YROW, _YDIAG)
#: an area's points and the foxes' are given in these units
POINTS = 50.0
#: the rounds of the solo game the network learned
SOLO_ROUNDS = 6
NETWORK_FILE = Path(__file__).with_name("clever_network.json")

# the first input of each block.  The sheet as printed: yellow bits, blue
# bits, green / orange / purple counts, orange and purple sums, purple's
# last number, rerolls and +1s held, foxes, round, picks made, dice in
# hand, passive or not, a passive pick still to make this turn, phase,
# bias ...
_BLUE, _GREEN = 16, 29
_ORANGE = _GREEN + 12
_ORANGE_SUM = _ORANGE + 12
_PURPLE = _ORANGE_SUM + 1
_PURPLE_LAST = _PURPLE + 12
_PURPLE_SUM = _PURPLE_LAST + 7
_REROLLS = _PURPLE_SUM + 1
_EXTRAS = _REROLLS + 8
_FOXES = _EXTRAS + 8
_ROUND = _FOXES + 6
_PICKS = _ROUND + 7
_HAND = _PICKS + 4
_PASSIVE = _HAND + 6
_DUE = _PASSIVE + 2
_PHASE = _DUE + 1
_BIAS = _PHASE + 3
#: ... then what a player reads off it: the marks of each yellow line, the
#: blue marks, each area's points, the lowest area's, the foxes' points
_LINES = RAW = _BIAS + 1
_BLUE_MARKS = _LINES + 5 * len(YELLOW_LINES)
_AREAS = _BLUE_MARKS + 12
_LOWEST = _AREAS + 5
_FOX_POINTS = _LOWEST + 1
INPUTS = _FOX_POINTS + 1
DERIVED = INPUTS - RAW
_PHASES = {"rolling": 0, "finish": 1}

#: yellow's marks -> their inputs (at most 2 ** 12 entries)
_YELLOW: dict[int, tuple] = {}


def _yellow(y: int) -> tuple:
    found = _YELLOW.get(y)
    if found is None:
        found = tuple((b, 1.0) for b in range(16) if y >> b & 1) + tuple(
            (_LINES + 5 * k + bin(y & mask).count("1"), 1.0) for k, mask in enumerate(YELLOW_LINES))
        _YELLOW[y] = found
    return found


def _sheet(s: Sheet) -> list:
    """The sheet's inputs (the marks, the held actions, the points)."""
    out = list(_yellow(s.y))
    b = s.b
    out += [(_BLUE + n, 1.0) for n in range(13) if b >> n & 1]
    o, p = s.o, s.p
    out += [(_GREEN + s.g, 1.0), (_ORANGE + len(o), 1.0), (_ORANGE_SUM, sum(o) / 60),
            (_PURPLE + len(p), 1.0), (_PURPLE_LAST + (p[-1] if p else 0), 1.0), (_PURPLE_SUM, sum(p) / 60),
            (_REROLLS + min(7, s.rerolls), 1.0), (_EXTRAS + min(7, s.extras), 1.0),
            (_FOXES + min(5, s.foxes()), 1.0), (_BLUE_MARKS + min(11, bin(b).count("1")), 1.0)]
    scores = s.area_scores()
    fox = scores.pop("fox")
    out += [(_AREAS + k, v / POINTS) for k, v in enumerate(scores.values()) if v]
    lowest = min(scores.values())
    if lowest:
        out.append((_LOWEST, lowest / POINTS))
    if fox:
        out.append((_FOX_POINTS, fox / POINTS))
    return out


def _view(state, player: int) -> tuple[int, bool]:
    """The round and the passive flag of the solo game that ``state`` is
    for ``player`` (the module's docstring)."""
    players = state.players
    rnd = state.round + SOLO_ROUNDS - state.rounds
    if players == 1:
        return rnd, bool(state.solo_passive)
    if state.active == player:
        return rnd, False
    me = (player - state.start_player) % players
    now = (state.active - state.start_player) % players
    return (rnd if now > me else max(1, rnd - 1)), True


def _due(state, player: int) -> bool:
    """Whether ``player`` still has a passive pick to make in this turn:
    the solo passive pick after the active turn, or the pick from another
    player's platter (C6) while that player rolls or until it is made."""
    if state.over:
        return False
    if state.players == 1:
        return bool(state.solo_passive) and not state.done[0]
    return state.active != player and (state.phase != Phase.FINISH or not state.done[player])


def features(state, player: int = 0) -> list:
    """The afterstate of ``player`` as ``(input, value)`` pairs: nothing of
    the dice but which are still in hand.  Another player's turn is the
    solo passive turn: no picks, no dice in hand, its last phase."""
    out = _sheet(state.sheets[player])
    rnd, passive = _view(state, player)
    out.append((_ROUND + max(0, min(6, rnd)), 1.0))
    if _due(state, player):
        out.append((_DUE, 1.0))
    if state.active != player:
        out.append((_PICKS, 1.0))
        out.append((_PHASE + _PHASES["finish"], 1.0))
    else:
        out.append((_PICKS + min(3, len(state.fields)), 1.0))
        loc = state.loc
        out += [(_HAND + d, 1.0) for d in range(6) if loc[d] == HAND]
        out.append((_PHASE + _PHASES.get(state.phase, 2), 1.0))
    out.append((_PASSIVE + int(passive), 1.0))
    out.append((_BIAS, 1.0))
    return out


def settled(state, player: int) -> list:
    """The afterstates ``state`` comes to once the crosses of ``player``'s
    choice still to make (``yellow_x``, ``blue_x``: C8.6, and the bonuses
    each earns in turn, C8.5) are made, every way; or ``state`` itself."""
    if state.pending_player != player or state.over:
        return [state]
    out = []
    for choice in state.legal_actions(player):
        after = state.copy()
        after.apply(choice)
        out += settled(after, player)
    return out or [state]


def value(state, player: int, network: "Network | None" = None) -> float:
    """The final score ``player`` may expect from the afterstate ``state``:
    the sheet's score plus the points the network expects still to come.
    A cross of the player's choice still to make is made the best way
    first (:func:`settled`), so that the network never has to guess its
    worth."""
    net = network if network is not None else load_network()
    return max(s.sheets[player].total() + net(features(s, player)) for s in settled(state, player))


class Network(_Network):
    """The shared pure-Python network (:mod:`diceland_core.core.network`)
    with this game's :data:`INPUTS`."""

    __slots__ = ()

    def __init__(self, w1: list, b1: list, w2: list, b2: float, trained: dict | None = None,
                 inputs: int | None = None):
        super().__init__(w1, b1, w2, b2, trained, INPUTS)

    @classmethod
    def from_json(cls, data: dict, inputs: int | None = None) -> "Network":
        return super().from_json(data, INPUTS)


@lru_cache(maxsize=1)
def load_network() -> Network:
    """The shipped network (read once)."""
    return Network.from_json(json.loads(NETWORK_FILE.read_text(encoding="utf-8")))
