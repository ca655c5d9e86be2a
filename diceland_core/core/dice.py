"""Dice sources over faces of any kind.

A game is given a dice source and never rolls any other way.  Faces are
whatever a game's dice show: Diceland's six colours, the numbers 1–6 of the
other games.  :class:`SeededDice` draws from :class:`SplitMix64`;
:class:`ScriptedDice` plays fixed rolls first (a scenario's ``dice`` list, a
record's history) and then continues from the seed.

Every roll a game makes is kept in its history as data (``rolls``), so a
record can say exactly which dice fell.
"""

from __future__ import annotations

from typing import Generic, Protocol, Sequence, TypeVar

from .errors import ScenarioError
from .rng import SplitMix64

__all__ = ["DiceSource", "SeededDice", "ScriptedDice", "SplitMix64", "NUMBERS", "start_player_for"]

F = TypeVar("F")

#: The faces of an ordinary six-sided die.
NUMBERS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


class DiceSource(Protocol[F]):
    def roll(self, n: int) -> tuple[F, ...]:
        """Roll ``n`` dice."""
        ...

    def copy(self) -> "DiceSource[F]":
        """An independent source that rolls what this one would roll next
        (a copied game state continues with the same dice)."""
        ...


class SeededDice(Generic[F]):
    """Dice from a seed: each die is ``faces[below(len(faces))]``."""

    def __init__(self, seed: int, faces: Sequence[F] = NUMBERS):  # type: ignore[assignment]
        self.seed = seed
        self.faces = tuple(faces)
        self._rng = SplitMix64(seed)

    def roll(self, n: int) -> tuple[F, ...]:
        faces, below = self.faces, self._rng.below
        k = len(faces)
        return tuple(faces[below(k)] for _ in range(n))

    def copy(self) -> "SeededDice[F]":
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new._rng = SplitMix64(self._rng.state)
        return new

    @property
    def rng(self) -> SplitMix64:
        """The generator itself, for games that draw more than faces (the
        solo closeness order of CLEVER.md R8)."""
        return self._rng


class ScriptedDice(Generic[F]):
    """Fixed rolls first, then dice from ``seed``.

    A scripted roll whose length differs from the number of dice rolled is an
    error in the script (:class:`ScenarioError`).  ``check_length=False``
    leaves that check to the game (rolls of named dice)."""

    def __init__(self, rolls: Sequence[Sequence[F]], seed: int = 0,
                 faces: Sequence[F] = NUMBERS, check_length: bool = True):  # type: ignore[assignment]
        self.rolls = [tuple(r) for r in rolls]
        self.used = 0
        self.then: SeededDice[F] = SeededDice(seed, faces)
        self.check_length = check_length

    def next_scripted(self) -> tuple[F, ...] | None:
        """The next fixed roll, consumed, or None once the script has run out."""
        if self.used < len(self.rolls):
            self.used += 1
            return self.rolls[self.used - 1]
        return None

    def copy(self) -> "ScriptedDice[F]":
        """The script is shared (never changed in place), the place in it
        and the seeded dice after it are this copy's own."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.then = self.then.copy()
        return new

    def roll(self, n: int) -> tuple[F, ...]:
        if self.used < len(self.rolls):
            got = self.rolls[self.used]
            if self.check_length and len(got) != n:
                raise ScenarioError(
                    f"dice[{self.used}] has {len(got)} dice, but this roll is of {n} dice"
                )
            self.used += 1
            return got
        return self.then.roll(n)


def start_player_for(seed: int, players: int) -> int:
    """The start player, drawn from the seed (RULES.md D6.5), on a separate
    stream from the dice so that choosing it does not shift the first roll."""
    return SplitMix64(seed ^ 0x5EA7_5EA7_5EA7_5EA7).below(players)
