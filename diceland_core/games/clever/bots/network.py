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

import base64
import json
import struct
from functools import lru_cache
from pathlib import Path

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
#: the network sums an input list in full at least once in this many
#: (Network.__call__)
FRESH = 64

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


class Network:
    """One hidden ReLU layer and a linear output; ``w1[i]`` holds input
    ``i``'s weights to every hidden unit."""

    __slots__ = ("inputs", "hidden", "w1", "b1", "w2", "b2", "trained", "_last")

    def __init__(self, w1: list, b1: list, w2: list, b2: float, trained: dict | None = None):
        if len(w1) != INPUTS or not b1 or any(len(row) != len(b1) for row in w1) or len(w2) != len(b1):
            raise ValueError(f"the network's weights do not fit its {INPUTS} inputs")
        self.inputs, self.hidden = INPUTS, len(b1)
        self.w1 = [tuple(row) for row in w1]
        self.b1, self.w2, self.b2 = list(b1), list(w2), float(b2)
        self.trained = trained or {}
        #: the last input list, its hidden sums, how many lists were summed
        #: from others since the last one summed in full
        self._last: tuple[frozenset, list, int] | None = None

    def __call__(self, pairs: list) -> float:
        """The network's output for ``pairs``.  The afterstates of one
        decision differ in a few inputs, so a list that differs from the
        last one in fewer inputs than it has is summed from that one's
        hidden sums (the rows it lacks taken off, its own added), and every
        :data:`FRESH` lists the sums start afresh; the output is rounded to
        a millionth of a point, so that it does not depend on which lists
        came before."""
        w1 = self.w1
        now = frozenset(pairs)
        last = self._last
        if last is not None and len(now) == len(pairs) and last[2] < FRESH:
            before, h, count = last
            added = [p for p in pairs if p not in before]
            removed = [p for p in before if p not in now]
            if len(added) + len(removed) < len(pairs):
                for i, x in added:
                    h = [a + x * w for a, w in zip(h, w1[i])]
                for i, x in removed:
                    h = [a - x * w for a, w in zip(h, w1[i])]
                self._last = (now, h, count + 1)
                return self._out(h)
        h = self.b1
        for i, x in pairs:
            row = w1[i]
            if x == 1.0:
                h = [a + w for a, w in zip(h, row)]
            else:
                h = [a + x * w for a, w in zip(h, row)]
        self._last = (now, h, 0) if len(now) == len(pairs) else None
        return self._out(h)

    def _out(self, h: list) -> float:
        return round(self.b2 + sum(a * w for a, w in zip(h, self.w2) if a > 0.0), 6)

    # -- the file ------------------------------------------------------------------
    def to_json(self) -> dict:
        """The weights as half-precision floats in base64 (little-endian)."""
        def pack(values):
            return base64.b64encode(struct.pack(f"<{len(values)}e", *values)).decode("ascii")
        return {"inputs": self.inputs, "hidden": self.hidden,
                "w1": pack([w for row in self.w1 for w in row]), "b1": pack(self.b1),
                "w2": pack(self.w2), "b2": self.b2, "trained": self.trained}

    @classmethod
    def from_json(cls, data: dict) -> "Network":
        try:
            hidden = int(data["hidden"])
            if int(data["inputs"]) != INPUTS or hidden <= 0:
                raise ValueError(f"the network has {data['inputs']} inputs, not {INPUTS}")

            def unpack(text, n):
                raw = base64.b64decode(text, validate=True)
                if len(raw) != 2 * n:
                    raise ValueError(f"the network's weights are {len(raw) // 2} numbers, not {n}")
                return list(struct.unpack(f"<{n}e", raw))
            flat = unpack(data["w1"], INPUTS * hidden)
            w1 = [flat[i * hidden:(i + 1) * hidden] for i in range(INPUTS)]
            return cls(w1, unpack(data["b1"], hidden), unpack(data["w2"], hidden), float(data["b2"]),
                       data.get("trained"))
        except (KeyError, TypeError, ValueError, struct.error) as exc:
            raise ValueError(f"the network's file is not whole: {exc}") from None


@lru_cache(maxsize=1)
def load_network() -> Network:
    """The shipped network (read once)."""
    return Network.from_json(json.loads(NETWORK_FILE.read_text(encoding="utf-8")))
