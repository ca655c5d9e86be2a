"""One replay loop for records, scenarios, lessons and undo.

:func:`play` applies actions to a state until one is illegal;
:func:`parse_scenario` finds a scenario's game by its ``"game"`` key (none
means Diceland) and lets that game parse it; :func:`replay_scenario` gives the
``replay`` output object (FORMATS.md, CLEVER.md, WIDESHUT.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from .errors import IllegalActionError, ScenarioError
from .protocol import GameDef
from .registry import LEGACY_GAME, get_game

__all__ = ["Replayed", "play", "parse_scenario", "load_scenario", "replay_scenario", "game_of",
           "read_json_file", "game_from_args", "actions_from_json"]


@dataclass
class Replayed:
    """Where a replay stopped: the state, how many actions were applied, and
    the illegal action's error (None when every action was legal)."""

    state: Any
    applied: int
    error: IllegalActionError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def play(state: Any, actions: Iterable[Any]) -> Replayed:
    """Apply ``actions`` in order to ``state`` (changed in place), stopping
    at the first illegal one."""
    applied = 0
    for action in actions:
        try:
            state.apply(action)
        except IllegalActionError as exc:
            return Replayed(state, applied, exc)
        applied += 1
    return Replayed(state, applied)


def game_of(data: object) -> GameDef:
    """The game a scenario or record object belongs to (``"game"``; absent
    means Diceland).  UnknownGameError lists the known games."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    return get_game(data.get("game", LEGACY_GAME))


def parse_scenario(data: object) -> tuple[GameDef, Any]:
    """Check a scenario object of any game; ScenarioError if it is invalid."""
    definition = game_of(data)
    return definition, definition.parse_scenario(data)


def actions_from_json(raw: object, from_json: Callable[[Any], Any]) -> list:
    """A scenario's ``actions`` list read with a game's ``from_json``;
    ScenarioError names the bad one."""
    if not isinstance(raw, list):
        raise ScenarioError("'actions' must be a list")
    actions = []
    for i, item in enumerate(raw):
        try:
            actions.append(from_json(item))
        except ValueError as exc:
            raise ScenarioError(f"actions[{i}]: {exc}") from None
    return actions


def read_json_file(path: str | Path) -> Any:
    """A JSON file's contents; ScenarioError says why it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ScenarioError("not UTF-8 text") from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ScenarioError(f"not valid JSON: {exc}") from None
    return data


def load_scenario(path: str | Path) -> tuple[GameDef, Any]:
    """Read and check a scenario file of any game."""
    return parse_scenario(read_json_file(path))


def report(definition: GameDef, replayed: Replayed) -> dict[str, Any]:
    """The ``replay`` output object for where a replay stopped."""
    error = None
    if replayed.error is not None:
        error = {"action_index": replayed.applied}
        if definition.error_rule:
            error["rule"] = replayed.error.rule
        error["message"] = str(replayed.error)
    return {"ok": replayed.ok, "error": error, **replayed.state.summary()}


def replay_scenario(definition: GameDef, scenario: Any, steps: int | None = None) -> tuple[Any, dict[str, Any]]:
    """Play a parsed scenario's actions (the first ``steps``, if given);
    returns the state and the replay output object.  Dice that do not fit
    the script raise ScenarioError (an invalid file)."""
    actions = scenario.actions if steps is None else scenario.actions[:steps]
    replayed = play(scenario.game(), actions)
    return replayed.state, report(definition, replayed)


def game_from_args(name: str, players: int | None, err) -> tuple[GameDef, int] | None:
    """The game and player count a command asks for (``--game``,
    ``--players``, default 2 or the game's minimum), or None after printing
    what is wrong to ``err``."""
    try:
        definition = get_game(name)
    except ScenarioError as exc:
        print(exc, file=err)
        return None
    n = players if players is not None else max(2, definition.min_players)
    if not definition.min_players <= n <= definition.max_players:
        print(f"{definition.title} is for {definition.min_players} to {definition.max_players} players "
              f"({definition.rule_prefix} rules), not {n}", file=err)
        return None
    return definition, n
