"""Ganz schön clever (CLEVER.md): the roll & write game of Wolfgang Warsch
for 1 to 4 players, as a game of the shared core.

Importing this package registers its :class:`GameDef` under ``"clever"``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.errors import RecordError, ScenarioError
from ...core.protocol import GameDef
from ...core.registry import register
from . import messages  # noqa: F401  (registers the catalogue)
from .actions import action_from_json, action_to_json
from .bots import BOTS, hint
from .game import CleverState
from .scenario import parse_scenario, parse_setup
from .terminal import terminal

__all__ = ["CLEVER", "CleverState", "new", "setup_of", "from_setup", "rolls_of"]


def new(players: int = 1, seed: int = 0, **options: Any) -> CleverState:
    """A new game (C4.1); ``start_player`` from the seed unless given."""
    return CleverState.new(players=players, seed=seed, **options)


def setup_of(state: CleverState) -> dict[str, Any]:
    """The game-specific part of a record: start player, round, presets,
    fixed rolls."""
    return state.setup.to_json()


def from_setup(setup: Mapping[str, Any], seed: int, players: int) -> CleverState:
    if not isinstance(setup, Mapping):
        raise RecordError("a Ganz schön clever setup must be an object")
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise RecordError(f"Ganz schön clever is for 1 to 4 players, not {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"the seed must be a whole number, not {seed!r}")
    try:
        state = CleverState(parse_setup(setup, players, seed))
    except ScenarioError as exc:
        raise RecordError(str(exc)) from None
    meta = setup.get("meta")
    if isinstance(meta, Mapping):
        state.meta = dict(meta)
    return state


def rolls_of(state: CleverState) -> list[dict[str, Any]]:
    """Every roll so far, in the scenario file's ``dice`` format."""
    return [dict(r) for r in state.rolls]


CLEVER = register(GameDef(
    name="clever",
    title="Ganz schön clever",
    min_players=1,
    max_players=4,
    rule_prefix="C",
    new=new,
    parse_scenario=parse_scenario,
    action_from_json=action_from_json,
    action_to_json=action_to_json,
    setup_of=setup_of,
    from_setup=from_setup,
    rolls_of=rolls_of,
    bots=BOTS,
    hint=hint,
    terminal=terminal,
    error_rule=True,
    areas=("yellow", "blue", "green", "orange", "purple", "fox"),
))
