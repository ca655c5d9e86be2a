"""Scenario files: fixed-dice scripts of a game (FORMATS.md), and replaying
them to the replay output of FORMATS.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Mapping

from .actions import Action, action_from_json
from .board import Board, load_board
from .colours import Colour, parse_colour
from ...core.errors import BoardError, ScenarioError
from ...core.replay import actions_from_json
from ...core.values import whole_number
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, Setup

__all__ = ["Scenario", "load_scenario", "parse_scenario", "replay_scenario", "parse_rolls", "parse_crossed", "parse_actions"]


@dataclass(frozen=True)
class Scenario:
    setup: Setup
    actions: tuple[Action, ...]
    title: Any = None
    explain: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def game(self) -> Game:
        return Game(self.setup)


#: a whole number of a scenario file, in range
_whole = partial(whole_number, error=ScenarioError)


def parse_rolls(value: object, what: str = "'dice'") -> tuple[tuple[Colour, ...], ...]:
    """A list of rolls, each a list of 1 to 6 colour names."""
    if not isinstance(value, list):
        raise ScenarioError(f"{what} must be a list of rolls")
    rolls = []
    for i, roll in enumerate(value):
        if not isinstance(roll, list) or not 1 <= len(roll) <= 6:
            raise ScenarioError(f"{what}[{i}] must be a list of 1 to 6 colours")
        try:
            rolls.append(tuple(parse_colour(c) for c in roll))
        except ValueError as exc:
            raise ScenarioError(f"{what}[{i}]: {exc}") from None
    return tuple(rolls)


def parse_crossed(value: object, boards: tuple[Board, ...], what: str = "'crossed'") -> tuple[int, ...]:
    """``{"1": [[r, c], ...]}`` → one cell mask per player."""
    if not isinstance(value, dict):
        raise ScenarioError(f"{what} must be an object keyed by player number")
    masks = [0] * len(boards)
    for key, cells in value.items():
        try:
            p = int(key)
        except (TypeError, ValueError):
            raise ScenarioError(f"{what}: key {key!r} is not a player number") from None
        if not 0 <= p < len(boards):
            raise ScenarioError(f"{what}: there is no player {p}")
        if not isinstance(cells, list):
            raise ScenarioError(f"{what}[{key!r}] must be a list of [row, column] pairs")
        board = boards[p]
        for cell in cells:
            if (not isinstance(cell, list) or len(cell) != 2
                    or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)):
                raise ScenarioError(f"{what}[{key!r}]: {cell!r} is not a [row, column] pair")
            r, c = cell
            if not (0 <= r < board.rows and 0 <= c < board.cols):
                raise ScenarioError(f"{what}[{key!r}]: cell [{r}, {c}] is not on the board")
            if board.tokens[r][c] == "#":
                raise ScenarioError(f"{what}[{key!r}]: cell [{r}, {c}] is an obstacle")
            masks[p] |= 1 << (r * board.cols + c)
    return tuple(masks)


def parse_actions(raw: object) -> list[Action]:
    """A list of FORMATS.md action objects; ScenarioError names the bad one."""
    return actions_from_json(raw, action_from_json)


def _board(ref: object, what: str) -> Board:
    if not isinstance(ref, (str, dict)):
        raise ScenarioError(f"{what} must be a board id or a board object")
    try:
        return load_board(ref)
    except BoardError as exc:
        raise ScenarioError(f"{what}: {exc}") from None


def parse_scenario(data: object) -> Scenario:
    """Check a scenario object and turn it into a :class:`Scenario`."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a JSON object")
    players = _whole(data.get("players"), "'players'", MIN_PLAYERS, MAX_PLAYERS)
    if "boards" in data:  # extension: one board per player
        refs = data["boards"]
        if not isinstance(refs, list) or len(refs) != players:
            raise ScenarioError(f"'boards' must be a list of {players} boards, one per player")
        boards = tuple(_board(r, f"'boards'[{i}]") for i, r in enumerate(refs))
    elif "board" in data:
        boards = (_board(data["board"], "'board'"),) * players
    else:
        raise ScenarioError("the scenario names no 'board'")
    start = _whole(data.get("start_player", 0), "'start_player'", 0, players - 1)
    seed = _whole(data.get("seed", 0), "'seed'", 0, (1 << 64) - 1)
    rolls = parse_rolls(data.get("dice", []))
    crossed = parse_crossed(data.get("crossed", {}), boards)
    actions = parse_actions(data.get("actions", []))
    known = {"game", "board", "boards", "players", "start_player", "seed", "dice", "crossed", "actions", "title", "explain"}
    setup = Setup(boards, start, seed, rolls, crossed)
    return Scenario(setup, tuple(actions), data.get("title"), data.get("explain"),
                    {k: v for k, v in data.items() if k not in known})


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a Diceland scenario file."""
    from ...core.replay import read_json_file
    return parse_scenario(read_json_file(path))


def replay_scenario(scenario: Scenario, steps: int | None = None) -> tuple[Game, dict[str, Any]]:
    """Play the scenario's actions (the first ``steps`` of them, if given).

    Returns the game and the FORMATS.md replay object.  Stops at the first
    illegal action; a script whose dice do not fit raises ScenarioError."""
    from ...core.registry import get_game
    from ...core.replay import replay_scenario as replay
    return replay(get_game("diceland"), scenario, steps)
