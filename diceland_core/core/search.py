"""Search by seeded rollouts: what a game's ``search`` bot shares.

At a decision, the game's expert names a few candidate actions, best first.
Each candidate is played on ``rollouts`` times from a copy of the position,
the expert in every seat, with fresh dice (:func:`~.review.reseed`): rollout
``r`` of every candidate sees the same dice in the same places of the game
(common random numbers, as the review's rollout pairs do), so the candidates
are compared on the same luck.  A rollout stops at the game's horizon (the
end of the game, or earlier where the game has a value of a position) and is
scored by the game's value for the deciding seat; the candidate with the
best mean wins, ties going to the expert's order.  The rollouts' dice and
the experts' own draws come from the bot's seed and the position (how many
actions were played), so the same seed gives the same choice in the same
position, whatever the bot chose before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .review import play_out, reseed
from .rng import SplitMix64

__all__ = ["SearchPlan", "rollout_seed", "search"]


@dataclass(frozen=True)
class SearchPlan:
    """How much a search looks: ``candidates`` actions of the expert's
    ranking, ``rollouts`` rollouts of each."""

    candidates: int = 3
    rollouts: int = 6


def rollout_seed(seed: int, played: int, r: int) -> int:
    """The seed of rollout ``r`` at the position after ``played`` actions, for
    a bot seeded with ``seed`` (63 bits)."""
    h = SplitMix64(seed * 0x100000001B3 + played).next64()
    return SplitMix64(h ^ (r * 0x9E3779B97F4A7C15)).next64() >> 1


def search(state: Any, player: int, candidates: Sequence[Any], plan: SearchPlan, seed: int,
           expert: Any, value: Callable[[Any, int], float],
           stop: Callable[[Any], bool] | None = None,
           roll_key: Callable[[Any], Sequence[int]] | None = None) -> tuple[Any, list[float]]:
    """The best of ``candidates`` (legal actions of ``player``, the expert's
    best first) by the mean ``value(end, player)`` over ``plan.rollouts``
    rollouts, and every candidate's mean.  ``expert`` plays every seat (one
    bot, its generator reseeded for each rollout so that its tie-breaks are
    common to the candidates too); ``stop(state)`` ends a rollout early
    (the game's horizon); ``roll_key`` places the rolls (:func:`reseed`)."""
    if len(candidates) == 1:
        return candidates[0], [0.0]
    bots = [expert] * state.players
    played = len(state.actions)
    totals = [0.0] * len(candidates)
    for r in range(plan.rollouts):
        rs = rollout_seed(seed, played, r)
        for i, action in enumerate(candidates):
            after = state.copy()
            reseed(after, rs, roll_key)
            after.apply(action)
            expert.rng = SplitMix64(rs)
            totals[i] += value(play_out(after, bots, stop), player)
    means = [t / plan.rollouts for t in totals]
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    return candidates[best], means
