"""Game records: a game as a versioned JSON document.

A record is the header a game started from (format and engine version, one
board per player, seed, start player, fixed rolls, cells crossed before play,
free-form ``meta``) plus the actions taken and the dice that were rolled.
Loading replays the actions, so saves, undo, bug reports and replays are all
the same thing.  A record is checked completely before a game is returned:
malformed, future-version or inconsistent records raise :class:`RecordError`
and nothing is half-loaded.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import action_to_json
from .board import board_from_mapping
from .errors import BoardError, IllegalActionError, RecordError, ScenarioError
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, Setup
from .scenario import parse_actions, parse_crossed, parse_rolls
from .version import __version__

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "record_of", "record_json", "load_record", "setup_of_record"]

RECORD_FORMAT = "diceland-record"
#: Version 1 is the only one so far; loaders migrate older versions here.
RECORD_VERSION = 1


def _cells_json(board, mask: int) -> list[list[int]]:
    return [list(c) for c in board.cells_of(mask)]


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game`` as a JSON-ready object."""
    setup = game.setup
    out: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "engine": __version__,
        "players": setup.players,
        "boards": [b.to_mapping() for b in setup.boards],
        "seed": setup.seed,
        "start_player": setup.start_player,
    }
    if setup.script:
        out["script"] = [[c.key for c in roll] for roll in setup.script]
    crossed = {str(p): _cells_json(setup.boards[p], m) for p, m in enumerate(setup.crossed) if m}
    if crossed:
        out["crossed"] = crossed
    if setup.meta:
        out["meta"] = dict(setup.meta)
    out["actions"] = [action_to_json(a) for a in game.actions]
    out["dice"] = [[c.key for c in roll] for roll in game.rolls]
    return out


def record_json(game: Game) -> str:
    """The record as compact, deterministic JSON text."""
    return json.dumps(record_of(game), ensure_ascii=False, separators=(",", ":"))


def _whole(value: object, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RecordError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def setup_of_record(data: object) -> tuple[Setup, list]:
    """Check a record object's header and actions; returns the setup and the
    parsed actions without replaying them."""
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a Diceland game record ('format' is {data.get('format')!r}, "
                          f"expected {RECORD_FORMAT!r})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError(f"'version' must be a whole number from 1, not {version!r}")
    if version > RECORD_VERSION:
        raise RecordError(
            f"this game was saved by a newer Diceland (record version {version}; "
            f"this is version {RECORD_VERSION} of the format, engine {__version__})"
        )
    players = _whole(data.get("players"), "'players'", MIN_PLAYERS, MAX_PLAYERS)
    refs = data.get("boards")
    if not isinstance(refs, list) or len(refs) != players:
        raise RecordError(f"'boards' must be a list of {players} board objects, one per player")
    try:
        boards = tuple(board_from_mapping(b, f"boards[{i}]") for i, b in enumerate(refs))
    except BoardError as exc:
        raise RecordError(f"a board in the record is broken: {exc}") from None
    seed = _whole(data.get("seed"), "'seed'", 0, (1 << 64) - 1)
    start = _whole(data.get("start_player"), "'start_player'", 0, players - 1)
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("'meta' must be an object")
    try:
        script = parse_rolls(data.get("script", []), "'script'")
        crossed = parse_crossed(data.get("crossed", {}), boards)
        actions = parse_actions(data.get("actions"))
    except ScenarioError as exc:
        raise RecordError(str(exc)) from None
    return Setup(boards, start, seed, script, crossed, meta), actions


def load_record(source: str | bytes | dict) -> Game:
    """Load a record (JSON text or object) and replay it to its position.

    Raises :class:`RecordError` for anything wrong; never returns a game that
    differs from what was saved."""
    if isinstance(source, (str, bytes)):
        try:
            data = json.loads(source)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RecordError(f"the game record is not valid JSON: {exc}") from None
    else:
        data = source
    setup, actions = setup_of_record(data)
    try:
        dice = parse_rolls(data.get("dice", []), "'dice'")
    except ScenarioError as exc:
        raise RecordError(str(exc)) from None
    try:
        game = Game(setup)
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalActionError as exc:
                raise RecordError(f"actions[{i}] is not legal in the replayed game: {exc}") from None
    except (ScenarioError, ValueError) as exc:
        raise RecordError(f"the record does not replay: {exc}") from None
    if tuple(game.rolls) != dice:
        raise RecordError(
            "the recorded dice differ from the dice the seed gives "
            f"({len(dice)} recorded rolls, {len(game.rolls)} replayed)"
        )
    return game
