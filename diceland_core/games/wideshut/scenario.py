"""Scenario files of Dice Wide Shut (WIDESHUT.md "Scenario file"): the whole
file is checked before replay, and every invalid case raises
:class:`ScenarioError` (``replay`` exit status 2).  Records reuse the same
readers for their game-specific part (:func:`setup_from_mapping`)."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.errors import ScenarioError
from ...core.protocol import Scenario
from ...core.values import short, whole_number
from .actions import Action, Take, action_from_json
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, Setup, dice_count
from .sheet import Sheet

__all__ = ["parse_scenario", "parse_rolls", "parse_sheets", "parse_actions", "setup_from_mapping",
           "SEED_LIMIT"]

#: seeds are 64-bit (the generator's state), as in Diceland's files
SEED_LIMIT = (1 << 64) - 1
_SHEET_KEYS = ("red", "blue", "red6", "blue6")
_KNOWN = {"game", "players", "start_player", "seed", "sheets", "dice", "actions", "title", "explain"}


def parse_rolls(value: object, players: int, what: str = "'dice'") -> tuple[tuple[int, ...], ...]:
    """A list of rolls, each 2P+3 numbers 1–6 (W1.2)."""
    if not isinstance(value, list):
        raise ScenarioError(f"{what} must be a list of rolls")
    n = dice_count(players)
    rolls = []
    for k, roll in enumerate(value):
        if not isinstance(roll, list) or len(roll) != n:
            raise ScenarioError(f"{what}[{k}] must be a list of {n} numbers 1 to 6 "
                                f"({players} players roll {n} dice)")
        for v in roll:
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                raise ScenarioError(f"{what}[{k}]: {short(v)} is not a number 1 to 6")
        rolls.append(tuple(roll))
    return tuple(rolls)


def _rows(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) != 5:
        raise ScenarioError(f"{what} must be a list of 5 strings of 5 characters")
    for r, row in enumerate(value):
        if not isinstance(row, str) or len(row) != 5 or any(ch not in "x." for ch in row):
            raise ScenarioError(f"{what}[{r}] must be 5 characters 'x' or '.', not {short(row)}")
    return value


def _sixes(value: object, what: str) -> str:
    if not isinstance(value, str) or len(value) != 5 or any(ch not in ".xu" for ch in value):
        raise ScenarioError(f"{what} must be 5 characters '.', 'x' or 'u', not {short(value)}")
    return value


def parse_sheets(value: object, players: int, what: str = "'sheets'") -> tuple[tuple[int, ...] | None, ...]:
    """Preset sheets per player index (string keys), as :meth:`Sheet.key`
    values; ``()`` when there are none."""
    if not isinstance(value, dict):
        raise ScenarioError(f"{what} must be an object keyed by player number")
    keys: list[tuple[int, ...] | None] = [None] * players
    for key, preset in value.items():
        if not isinstance(key, str) or not key.isdigit() or str(int(key)) != key:
            raise ScenarioError(f"{what}: key {short(key)} is not a player number")
        p = int(key)
        if not 0 <= p < players:
            raise ScenarioError(f"{what}: there is no player {key} (players are 0 to {players - 1})")
        if not isinstance(preset, dict):
            raise ScenarioError(f"{what}[{key!r}] must be an object with red, blue, red6, blue6")
        unknown = [k for k in preset if k not in _SHEET_KEYS]
        if unknown:
            raise ScenarioError(f"{what}[{key!r}]: unknown key {short(unknown[0])} "
                                "(expected red, blue, red6, blue6)")
        red = _rows(preset["red"], f"{what}[{key!r}]['red']") if "red" in preset else ()
        blue = _rows(preset["blue"], f"{what}[{key!r}]['blue']") if "blue" in preset else ()
        red6 = _sixes(preset["red6"], f"{what}[{key!r}]['red6']") if "red6" in preset else "....."
        blue6 = _sixes(preset["blue6"], f"{what}[{key!r}]['blue6']") if "blue6" in preset else "....."
        keys[p] = Sheet.from_strings(red, blue, red6, blue6).key()
    return tuple(keys) if any(k is not None for k in keys) else ()


def parse_actions(raw: object, players: int) -> tuple[Action, ...]:
    """The ``actions`` list, every range checked against the player count."""
    if not isinstance(raw, list):
        raise ScenarioError("'actions' must be a list")
    n = dice_count(players)
    out = []
    for k, item in enumerate(raw):
        try:
            action = action_from_json(item)
        except ValueError as exc:
            raise ScenarioError(f"actions[{k}]: {exc}") from None
        except RecursionError:
            raise ScenarioError(f"actions[{k}] is nested too deeply") from None
        if not 0 <= action.player < players:
            raise ScenarioError(f"actions[{k}]: there is no player {action.player} "
                                f"(players are 0 to {players - 1})")
        if isinstance(action, Take):
            for i in action.dice:
                if not 0 <= i < n:
                    raise ScenarioError(f"actions[{k}]: there is no die {i} "
                                        f"(the {n} dice are 0 to {n - 1})")
        out.append(action)
    return tuple(out)


def setup_from_mapping(data: Mapping[str, Any], players: int, seed: int,
                       script_key: str = "dice") -> Setup:
    """The start of a game from a scenario (or a record's setup part)."""
    start = whole_number(data.get("start_player", 0), "'start_player'", 0, players - 1, ScenarioError)
    script = parse_rolls(data.get(script_key, []), players, repr(script_key))
    sheets = parse_sheets(data.get("sheets", {}), players)
    return Setup(players, start, seed, script, sheets)


def parse_scenario(data: object) -> Scenario:
    """Check a whole ``"game": "wideshut"`` scenario object."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    if data.get("game") != "wideshut":
        raise ScenarioError(f"'game' must be \"wideshut\", not {short(data.get('game'))}")
    if "players" not in data:
        raise ScenarioError("the scenario names no 'players'")
    players = whole_number(data["players"], "'players'", MIN_PLAYERS, MAX_PLAYERS, ScenarioError)
    seed = whole_number(data.get("seed", 0), "'seed'", 0, SEED_LIMIT, ScenarioError)
    setup = setup_from_mapping(data, players, seed)
    actions = parse_actions(data.get("actions", []), players)
    extra = {k: v for k, v in data.items() if k not in _KNOWN}
    return Scenario("wideshut", lambda: Game(setup), actions, data.get("title"),
                    data.get("explain"), extra)

