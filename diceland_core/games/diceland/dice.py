"""Diceland's dice (RULES.md D1.1, D7): six dice whose faces are the six
colours, drawn from the core's dice sources.

The engine never calls :mod:`random`: :class:`SeededDice` draws from the
core's SplitMix64, so a seed gives the same colours on every Python;
:class:`ScriptedDice` plays a scenario's fixed rolls first (D7.2) and then
continues from the seed.
"""

from __future__ import annotations

from typing import Sequence

from ...core import dice as _core
from ...core.dice import DiceSource, start_player_for
from ...core.rng import SplitMix64
from .colours import Colour

__all__ = ["DiceSource", "SeededDice", "ScriptedDice", "SplitMix64", "start_player_for", "FACES"]

#: D1.1: every die shows each of the six colours once.
FACES: tuple[Colour, ...] = tuple(Colour)


class SeededDice(_core.SeededDice):
    """Colour dice from a seed (D7.1)."""

    def __init__(self, seed: int):
        super().__init__(seed, FACES)


class ScriptedDice(_core.ScriptedDice):
    """Fixed colour rolls first (D7.2), then dice from ``seed``."""

    def __init__(self, rolls: Sequence[Sequence[Colour]], seed: int = 0):
        super().__init__(rolls, seed, FACES)
