"""Diceland's dice (RULES.md D1.1, D7): six dice whose faces are the six
colours, from the core's dice sources (:mod:`diceland_core.core.dice`).

The engine never calls :mod:`random`: the core's seeded dice draw from
SplitMix64, so a seed gives the same colours on every Python;
:class:`ScriptedDice` plays a scenario's fixed rolls first (D7.2) and then
continues from the seed.
"""

from __future__ import annotations

from typing import Sequence

from ...core import dice as _core
from .colours import Colour

__all__ = ["ScriptedDice", "FACES"]

#: D1.1: every die shows each of the six colours once.
FACES: tuple[Colour, ...] = tuple(Colour)


class ScriptedDice(_core.ScriptedDice):
    """Fixed colour rolls first (D7.2), then dice from ``seed`` (D7.1)."""

    def __init__(self, rolls: Sequence[Sequence[Colour]], seed: int = 0):
        super().__init__(rolls, seed, FACES)
