"""Scenario files of Ganz schön clever (CLEVER.md, *Data contracts*).

:func:`parse_scenario` checks a scenario object and raises
:class:`ScenarioError` naming the first problem for every invalid file: a
wrong ``game``, ``players`` outside 1–4, a bad ``start_player``, ``round`` or
``seed``, presets that break C2/C3, rolls with unknown colours or values,
malformed actions.  Nothing else ever escapes, whatever JSON value it gets.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.dice import start_player_for
from ...core.errors import ScenarioError
from ...core.protocol import Scenario
from ...core.replay import actions_from_json
from ...core.values import short
from .actions import action_from_json
from .game import Game, Setup
from .sheet import COLOURS, ORANGE_MULTIPLIERS, ROUNDS, TRACK_BOXES, YELLOW_GRID

__all__ = ["parse_scenario", "parse_setup", "check_sheet", "check_roll"]

_SHEET_KEYS = ("yellow", "blue", "green", "orange", "purple", "rerolls", "extras")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int_in(data: Mapping, key: str, lo: int, hi: int, default: int | None, where: str) -> int:
    if key not in data:
        if default is None:
            raise ScenarioError(f"{where}'{key}' is missing")
        return default
    v = data[key]
    if not _is_int(v) or not lo <= v <= hi:
        raise ScenarioError(f"{where}'{key}' must be a whole number from {lo} to {hi}, not {short(v)}")
    return v


def check_sheet(data: object, where: str) -> dict[str, Any]:
    """One player's presets (``sheets[P]``); returns them normalised."""
    if not isinstance(data, dict):
        raise ScenarioError(f"{where} must be an object")
    for key in data:
        if key not in _SHEET_KEYS:
            raise ScenarioError(f"{where} has an unknown key {short(key)} "
                                f"(expected {', '.join(_SHEET_KEYS)})")
    out: dict[str, Any] = {}
    if "yellow" in data:
        cells = data["yellow"]
        if not isinstance(cells, list):
            raise ScenarioError(f"{where}.yellow must be a list of [row, column] pairs")
        seen = []
        for cell in cells:
            if (not isinstance(cell, list) or len(cell) != 2 or not all(_is_int(x) for x in cell)
                    or not all(0 <= x < 4 for x in cell)):
                raise ScenarioError(f"{where}.yellow: {short(cell)} is not a yellow field [row, column]")
            r, c = cell
            if YELLOW_GRID[r][c] is None:
                raise ScenarioError(f"{where}.yellow: [{r}, {c}] is a printed cross (C2.1)")
            if (r, c) in seen:
                raise ScenarioError(f"{where}.yellow: [{r}, {c}] is given twice")
            seen.append((r, c))
        out["yellow"] = [list(c) for c in sorted(seen)]
    if "blue" in data:
        sums = data["blue"]
        if not isinstance(sums, list) or not all(_is_int(n) and 2 <= n <= 12 for n in sums):
            raise ScenarioError(f"{where}.blue must be a list of sums from 2 to 12 (C2.2)")
        if len(set(sums)) != len(sums):
            raise ScenarioError(f"{where}.blue gives a field twice")
        out["blue"] = sorted(sums)
    if "green" in data:
        out["green"] = _int_in(data, "green", 0, 11, 0, f"{where}.")
    if "orange" in data:
        nums = data["orange"]
        if not isinstance(nums, list) or len(nums) > 11:
            raise ScenarioError(f"{where}.orange must be a list of at most 11 numbers")
        for i, n in enumerate(nums):
            m = ORANGE_MULTIPLIERS[i]
            if not _is_int(n) or n % m or not 1 <= n // m <= 6:
                raise ScenarioError(f"{where}.orange[{i}]: {short(n)} is not a face × {m} (C3.6)")
        out["orange"] = list(nums)
    if "purple" in data:
        nums = data["purple"]
        if not isinstance(nums, list) or len(nums) > 11:
            raise ScenarioError(f"{where}.purple must be a list of at most 11 numbers")
        for i, n in enumerate(nums):
            if not _is_int(n) or not 1 <= n <= 6:
                raise ScenarioError(f"{where}.purple[{i}]: {short(n)} is not a face 1–6")
            if i and nums[i - 1] != 6 and n <= nums[i - 1]:
                raise ScenarioError(f"{where}.purple[{i}]: {n} after {nums[i - 1]} breaks C3.7")
        out["purple"] = list(nums)
    for key in ("rerolls", "extras"):
        if key in data:
            out[key] = _int_in(data, key, 0, TRACK_BOXES, 0, f"{where}.")
    return out


def check_roll(roll: object, where: str) -> dict[str, Any]:
    """One entry of ``dice``: colours with faces 1–6, maybe ``closest``."""
    if not isinstance(roll, dict) or not roll:
        raise ScenarioError(f"{where} must be an object of colours and faces")
    out: dict[str, Any] = {}
    for key, v in roll.items():
        if key == "closest":
            continue
        if key not in COLOURS:
            raise ScenarioError(f"{where}: unknown colour {short(key)}")
        if not _is_int(v) or not 1 <= v <= 6:
            raise ScenarioError(f"{where}.{key} must be a face from 1 to 6, not {short(v)}")
    for c in COLOURS:
        if c in roll:
            out[c] = roll[c]
    if not out:
        raise ScenarioError(f"{where} rolls no dice")
    if "closest" in roll:
        order = roll["closest"]
        if (not isinstance(order, list) or len(order) != 6 or not all(isinstance(c, str) for c in order)
                or sorted(order) != sorted(COLOURS)):
            raise ScenarioError(f"{where}.closest must list the six colours once each (R8)")
        if len(out) != 6:
            raise ScenarioError(f"{where}: 'closest' belongs to a roll of all six dice (R8)")
        out["closest"] = list(order)
    return out


def parse_setup(data: Mapping[str, Any], players: int, seed: int) -> Setup:
    """The game-specific part of a scenario or record: start player, round,
    presets, fixed rolls."""
    if "start_player" in data:
        start = _int_in(data, "start_player", 0, players - 1, None, "")
    else:
        start = start_player_for(seed, players)
    rnd = _int_in(data, "round", 1, ROUNDS[players], 1, "")
    presets: dict[int, dict[str, Any]] = {}
    sheets = data.get("sheets", {})
    if not isinstance(sheets, dict):
        raise ScenarioError("'sheets' must be an object keyed by player index")
    for key, value in sheets.items():
        if not isinstance(key, str) or key not in [str(p) for p in range(players)]:
            raise ScenarioError(f"sheets: {short(key)} is not a player index (0 to {players - 1})")
        presets[int(key)] = check_sheet(value, f"sheets[{key}]")
    dice = data.get("dice", [])
    if not isinstance(dice, list):
        raise ScenarioError("'dice' must be a list of rolls")
    script = tuple(check_roll(r, f"dice[{i}]") for i, r in enumerate(dice))
    return Setup(players, start, seed, rnd, presets, script)


def parse_scenario(data: object) -> Scenario:
    """Check a scenario object (CLEVER.md); ScenarioError if it is invalid."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    if data.get("game") != "clever":
        raise ScenarioError(f"'game' must be \"clever\", not {short(data.get('game'))}")
    players = _int_in(data, "players", 1, 4, None, "")
    seed = data.get("seed", 0)
    if not _is_int(seed):
        raise ScenarioError(f"'seed' must be a whole number, not {short(seed)}")
    setup = parse_setup(data, players, seed)
    actions = actions_from_json(data.get("actions", []), action_from_json)
    return Scenario("clever", lambda: Game(setup), tuple(actions),
                    title=data.get("title"), explain=data.get("explain"),
                    extra={"setup": setup})
