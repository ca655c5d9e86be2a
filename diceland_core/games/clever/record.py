"""The game-specific part of a saved Ganz schön clever game (the envelope is
:mod:`diceland_core.core.record`): ``setup_of`` / ``from_setup`` and
``rolls_of``.

``setup_of(state)`` is the start player, the round, preset sheets and fixed
rolls (the scenario format), with ``meta`` (seat names, bot kinds …, carried
untouched); ``rolls_of(state)`` is every roll made so far in the scenario
``dice`` format (solo passive rolls with their ``closest`` list).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.errors import RecordError, ScenarioError
from .game import Game

__all__ = ["setup_of", "from_setup", "rolls_of"]


def setup_of(state: Game) -> dict[str, Any]:
    """The game-specific part of a record: start player, round, presets,
    fixed rolls."""
    return state.setup.to_json()


def from_setup(setup: Mapping[str, Any], seed: int, players: int) -> Game:
    if not isinstance(setup, Mapping):
        raise RecordError("a Ganz schön clever setup must be an object")
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise RecordError(f"Ganz schön clever is for 1 to 4 players, not {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"the seed must be a whole number, not {seed!r}")
    from .scenario import parse_setup  # the scenario reader, imported when a record is first read

    try:
        state = Game(parse_setup(setup, players, seed))
    except ScenarioError as exc:
        raise RecordError(str(exc)) from None
    meta = setup.get("meta")
    if isinstance(meta, Mapping):
        state.meta.update(meta)
    return state


def rolls_of(state: Game) -> list[dict[str, Any]]:
    """Every roll so far, in the scenario file's ``dice`` format."""
    return [dict(r) for r in state.rolls]
