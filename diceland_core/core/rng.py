"""The seeded generator every game draws from (RULES.md D7.1, CLEVER.md
C12.1, WIDESHUT.md W8.1).

SplitMix64 (Steele, Lea, Flood 2014) is small, fast and fully specified, so a
seed gives the same numbers on every Python, CPython or Pyodide, today or
later.  No game calls :mod:`random`.
"""

from __future__ import annotations

__all__ = ["SplitMix64"]

_MASK = (1 << 64) - 1


class SplitMix64:
    """64-bit state, one add and three xor-shift-multiplies per number."""

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

    def shuffle(self, items: list) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
