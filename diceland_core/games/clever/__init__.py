"""Ganz schön clever (CLEVER.md): the roll & write game of Wolfgang Warsch
for 1 to 4 players, as a game of the shared core.

Importing this package registers its :class:`GameDef` under ``"clever"``.

Where CLEVER.md is silent, the engine decides as follows (in the spirit of
the Spanish rulebook; CLEVER.md itself is implemented as written):

- A pending ``yellow_x``/``blue_x`` choice blocks every other action
  (C8.6), so at most one player has a pending choice at any time; that is
  the replay output's single ``pending`` object.
- ``waiting_for()`` (the core's question "who decides now") is the pending
  choice's player if any, else the replay output's ``waiting``; when that is
  empty in phase ``finish`` it is the active player (player 0 in solo), who
  may use +1 actions and ends the turn.  ``end_turn`` names no player: it is
  in ``legal_actions(p)`` of every player once C9.1 holds.
- An action naming a player index that does not exist is illegal, judged by
  the table's first failing check (``pick`` C5.2, ``reroll`` C7.3, ``take``/
  ``pass`` C6.1, ``extra`` C7.4, ``bonus`` C8.6, ``round_bonus`` C8.7); it
  does not make the file invalid.
- A ``field`` on a green, orange or purple mark makes the file invalid (those
  areas have no addresses); a blue ``field`` in ``pick``/``take``/``extra``
  that differs from the sum is illegal (C3.4).  A ``pick`` with ``area`` but
  no usable die is judged by the mark's own rule (C3.x), as E5 says.
- A mark in a full area breaks that area's rule: green C3.5, orange C3.6,
  purple C3.7 (yellow and blue: the field is taken, C3.3/C3.4).
- ``start_player`` may be left out of a scenario: it is then drawn from the
  seed, as in ``new()``.  Unknown keys in a ``sheets`` preset make the file
  invalid; unknown top-level keys are ignored.  A scripted roll whose
  colours do not fit the dice being rolled makes the file invalid when the
  replay reaches it (ScenarioError).
- A seeded solo passive roll draws six faces, then its closeness order (R8)
  as a SplitMix64 Fisher–Yates shuffle of the colour order; ``rolls_of``
  writes every solo passive roll with its ``closest`` list.
- The round-4 choice is owed only by players for whom one of the five marks
  is possible (C8.7); its black 6 in orange is multiplied (as R5).
- C10.8's "highest single area score" compares the five colour areas (fox
  points are not an area).
- Undo before any action, or across a roll, is refused with rule C12.1.
- Player numbers in texts are 1-based.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.errors import RecordError, ScenarioError
from ...core.lazy import deferred
from ...core.protocol import GameDef
from ...core.registry import register
from . import messages  # noqa: F401  (registers the catalogue)
from .actions import action_from_json, action_to_json
from .bots import BOTS, hint
from .game import CleverState

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
    from .scenario import parse_setup  # the scenario reader, imported when a record is first read

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
    parse_scenario=deferred(__name__ + ".scenario", "parse_scenario"),
    action_from_json=action_from_json,
    action_to_json=action_to_json,
    setup_of=setup_of,
    from_setup=from_setup,
    rolls_of=rolls_of,
    bots=BOTS,
    hint=hint,
    terminal=deferred(__name__ + ".terminal", "terminal"),
    error_rule=True,
    areas=("yellow", "blue", "green", "orange", "purple", "fox"),
))
