"""A learned correction to the strong bot's projection (evaluate.py).

The projection's differences between moves are right on average but its
levels are not, yellow's least of all (README, Ganz schön clever bots).
This module adds to it a table of weights learned from self-play
(``training/clever_value.py``): the sheet is described by the state of
each yellow line (the marks of its four fields: four columns, four rows,
the diagonal) and a bias, and every state has two weights, one for the
start of the game and one for its end, mixed by how many dice are still
to come.  The correction is the sum of ten such weights, cheap enough for
every candidate mark of a decision.  (Tables over the other areas' states,
the foxes and the held actions were tried: they predicted the final score
better and played worse.)

The weights live in ``clever_value.json`` beside this module: ``{"weights":
[...], "horizon": H, "features": N, "trained": {...}}`` with ``2 × N``
numbers (state ``i``'s early weight at ``2i``, its late one at ``2i + 1``);
``trained`` says how they were found (seeds, games, the check mean).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ..sheet import _YCOL, _YDIAG, _YROW, Sheet

__all__ = ["FEATURES", "feature_indices", "correction", "load_weights"]

#: the bits of each yellow line: the columns, the rows, the diagonal
_YELLOW_LINES = tuple(tuple(b for b in range(16) if mask >> b & 1) for mask in (*_YCOL, *_YROW, _YDIAG))
#: one block of 16 states per yellow line (its four fields' marks), and a bias
FEATURES = 16 * len(_YELLOW_LINES) + 1
_BIAS = FEATURES - 1
#: yellow's marks -> its states (at most 2 ** 12 entries: twelve fields are free)
_CACHE: dict[int, tuple[int, ...]] = {}


def _sub(word: int, bits: tuple[int, ...]) -> int:
    m = 0
    for i, b in enumerate(bits):
        if word >> b & 1:
            m |= 1 << i
    return m


def feature_indices(s: Sheet) -> tuple[int, ...]:
    """The index of each yellow line's state on ``s``, and the bias's."""
    y = s.y
    found = _CACHE.get(y)
    if found is None:
        found = tuple(16 * k + _sub(y, bits) for k, bits in enumerate(_YELLOW_LINES)) + (_BIAS,)
        _CACHE[y] = found
    return found


def correction(s: Sheet, entries: float, table: dict) -> float:
    """The learned correction of the projection of ``s`` with ``entries``
    dice still to come."""
    w = table["weights"]
    t = entries / table["horizon"]
    if t > 1.0:
        t = 1.0
    total = 0.0
    for i in feature_indices(s):
        late = w[2 * i + 1]
        total += late + (w[2 * i] - late) * t
    return total


@lru_cache(maxsize=1)
def load_weights() -> dict:
    """The shipped table (``clever_value.json``)."""
    path = Path(__file__).with_name("clever_value.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    if len(data["weights"]) != 2 * FEATURES:
        raise ValueError(f"{path.name} has {len(data['weights'])} weights, not {2 * FEATURES}")
    return data
