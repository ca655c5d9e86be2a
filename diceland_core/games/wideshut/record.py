"""The game-specific part of a saved Dice Wide Shut game (CORE.md):
``setup_of`` / ``from_setup`` and ``rolls_of``.

``setup_of(state)`` is ``{"seed": S, "start_player": s}`` plus, when the
game started from them, preset ``sheets`` (the scenario format), the fixed
rolls it was given (``script``, the scenario ``dice`` format) and ``meta``
(seat names, bot kinds …, carried untouched); the record envelope
(:mod:`diceland_core.core.record`) moves ``seed`` and ``meta`` to its top.  ``rolls_of(state)`` is
every roll made so far in the scenario ``dice`` format, so that
``{"game": "wideshut", "players": P, "seed": S, **setup_of(s), "dice":
rolls_of(s), "actions": [...]}`` is a scenario replaying to the same
position.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ...core.errors import RecordError, ScenarioError
from .game import MAX_PLAYERS, MIN_PLAYERS, Game
from .scenario import SEED_LIMIT, setup_from_mapping

__all__ = ["setup_of", "from_setup", "rolls_of"]


def setup_of(state: Game) -> dict[str, Any]:
    setup = state.setup
    out: dict[str, Any] = {"seed": setup.seed, "start_player": setup.start_player}
    sheets = {str(p): setup.sheet(p).to_strings() for p in range(setup.players)
              if p < len(setup.sheets) and setup.sheets[p] is not None}
    if sheets:
        out["sheets"] = sheets
    if setup.script:
        out["script"] = [list(r) for r in setup.script]
    if setup.meta:
        out["meta"] = dict(setup.meta)
    return out


def from_setup(setup: Mapping[str, Any], seed: int, players: int) -> Game:
    """A fresh game from :func:`setup_of`'s object; RecordError when it is malformed."""
    if not isinstance(setup, Mapping):
        raise RecordError("the setup of a wideshut record must be an object")
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RecordError(f"a wideshut record has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_LIMIT:
        raise RecordError(f"the seed must be a whole number from 0 to {SEED_LIMIT}, not {seed!r}")
    unknown = sorted(str(k) for k in setup if k not in ("seed", "start_player", "sheets", "script", "meta"))
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r} in a wideshut record's setup")
    meta = setup.get("meta", {})
    if not isinstance(meta, Mapping):
        raise RecordError("'meta' must be an object")
    try:
        parsed = setup_from_mapping(setup, players, seed, script_key="script")
    except ScenarioError as exc:
        raise RecordError(f"bad wideshut setup: {exc}") from None
    return Game(replace(parsed, meta=dict(meta)))


def rolls_of(state: Game) -> list[list[int]]:
    return [list(r) for r in state.rolls]
