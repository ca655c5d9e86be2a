"""What every game's bots share: a seed feeding a :class:`SplitMix64` (the
same seed, the same choices, on every Python) and the check that the player
asked has a decision to make now."""

from __future__ import annotations

from typing import Any

from .rng import SplitMix64

__all__ = ["SeededBot"]


class SeededBot:
    """``seed`` and its generator ``rng``; subclasses implement
    ``choose(state, player)``, which never changes the state."""

    kind = "base"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = SplitMix64(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def reseed(self, seed: int) -> None:
        """Start the generator again from ``seed`` (a bot whose choices use
        other generators too overrides this and reseeds them as well)."""
        self.rng = SplitMix64(seed)

    def choose(self, state: Any, player: int) -> Any:
        raise NotImplementedError

    @staticmethod
    def check_waiting(state: Any, player: int) -> None:
        """ValueError unless ``player`` is in ``state.waiting_for()``."""
        waiting = state.waiting_for()
        if player not in waiting:
            raise ValueError(f"player {player} has no decision to make now "
                             f"(waiting for {list(waiting) or 'nobody'})")
