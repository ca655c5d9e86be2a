"""Where dice come from (RULES.md D7).

The engine never calls :mod:`random`: every roll comes from a dice source that
the game is given.  :class:`SeededDice` is a small, fully specified generator
(SplitMix64), so a seed gives the same dice on every Python, CPython or
Pyodide, today or later.  :class:`ScriptedDice` plays fixed rolls first (a
scenario's ``dice`` list, RULES.md D7.2) and then continues from a seed.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from .colours import Colour
from .errors import ScenarioError

__all__ = ["DiceSource", "SeededDice", "ScriptedDice", "SplitMix64", "start_player_for"]

_MASK = (1 << 64) - 1


class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014): 64-bit state, one add and three
    xor-shift-multiplies per number.  Small, fast, portable."""

    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)


class DiceSource(Protocol):
    def roll(self, n: int) -> tuple[Colour, ...]:
        """Roll ``n`` dice."""
        ...


class SeededDice:
    """Dice from a seed (D7.1)."""

    def __init__(self, seed: int):
        self.seed = seed
        self._rng = SplitMix64(seed)

    def roll(self, n: int) -> tuple[Colour, ...]:
        return tuple(Colour(self._rng.below(6)) for _ in range(n))


class ScriptedDice:
    """Fixed rolls first (D7.2), then dice from ``seed``.

    A scripted roll whose length differs from the number of dice rolled is an
    error in the script (:class:`ScenarioError`)."""

    def __init__(self, rolls: Sequence[Sequence[Colour]], seed: int = 0):
        self.rolls = [tuple(r) for r in rolls]
        self.used = 0
        self.then = SeededDice(seed)

    def roll(self, n: int) -> tuple[Colour, ...]:
        if self.used < len(self.rolls):
            got = self.rolls[self.used]
            if len(got) != n:
                raise ScenarioError(
                    f"dice[{self.used}] has {len(got)} dice, but this roll is of {n} dice"
                )
            self.used += 1
            return got
        return self.then.roll(n)


def start_player_for(seed: int, players: int) -> int:
    """RULES.md D6.5: the start player, drawn from the seed (a separate stream
    from the dice, so choosing it does not shift the first roll)."""
    return SplitMix64(seed ^ 0x5EA7_5EA7_5EA7_5EA7).below(players)
