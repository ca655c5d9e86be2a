"""Game records: any game as a versioned JSON document (the save envelope).

A record is ``{"format": "diceland-record", "version": 2, "game": NAME,
"engine": VERSION, "players": N, "seed": S, "setup": {…}, "meta": {…},
"history": {"actions": […], "rolls": […]}}``.  ``setup`` is the game's own
part (Diceland: the boards, start player, fixed rolls, cells crossed before
play); ``history`` holds every action and every roll as data.  Loading
replays the actions (one replay loop, :func:`~diceland_core.core.replay.play`)
and checks that the rolls come out as recorded (a record may leave its rolls
out, as a link does: the seed gives them), so saves, undo, bug reports
and replays are the same thing, and nothing is half-loaded: a malformed,
future-version or inconsistent record raises :class:`RecordError`.

Version 1 (Diceland only, before the core: boards, seed, start player,
script, crossed, meta, actions and dice at the top level) is migrated on
load.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from ..version import __version__
from .errors import BoardError, GameError, RecordError, ScenarioError
from .protocol import GameDef
from .registry import LEGACY_GAME, game_of_module, get_game
from .replay import play
from .values import whole_number

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "MIGRATIONS", "definition_of", "record_of",
           "record_json", "load_record", "migrate"]

RECORD_FORMAT = "diceland-record"
#: The version written now; :data:`MIGRATIONS` lifts older ones to it.
RECORD_VERSION = 2


def definition_of(state: Any) -> GameDef:
    """The registered game a state object belongs to (by its package)."""
    definition = game_of_module(type(state).__module__)
    if definition is not None:
        return definition
    raise TypeError(f"{type(state).__name__} is not the state of a registered game")


def record_of(state: Any, meta: dict | None = None) -> dict[str, Any]:
    """The record of ``state`` as a JSON-ready object.  ``meta`` (seat names,
    bot kinds …) defaults to the state's own ``meta`` if it has one."""
    definition = definition_of(state)
    setup = dict(definition.setup_of(state))
    if meta is None:
        meta = dict(getattr(state, "meta", None) or setup.pop("meta", None) or {})
    else:
        setup.pop("meta", None)
    out: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": definition.name,
        "engine": __version__,
        "players": state.players,
        "seed": setup.pop("seed", getattr(state, "seed", 0)),
        "setup": setup,
    }
    if meta:
        out["meta"] = dict(meta)
    out["history"] = {
        "actions": [definition.action_to_json(a) for a in state.actions],
        "rolls": definition.rolls_of(state),
    }
    return out


def record_json(state: Any) -> str:
    """The record as compact, deterministic JSON text."""
    return json.dumps(record_of(state), ensure_ascii=False, separators=(",", ":"))


def _v1_to_v2(data: dict) -> dict:
    """Version 1, Diceland's first records: the setup and history at the top."""
    setup = {k: data[k] for k in ("boards", "start_player", "script", "crossed") if k in data}
    out = {
        "format": RECORD_FORMAT, "version": 2, "game": LEGACY_GAME,
        "engine": data.get("engine"), "players": data.get("players"), "seed": data.get("seed"),
        "setup": setup,
        "history": {"actions": data.get("actions"), "rolls": data.get("dice", [])},
    }
    if "meta" in data:
        out["meta"] = data["meta"]
    return out


#: version → function lifting a record of that version to the next one.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _v1_to_v2}


def migrate(data: object) -> dict:
    """Check the envelope and lift an older version to :data:`RECORD_VERSION`."""
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record ('format' is {data.get('format')!r}, "
                          f"expected {RECORD_FORMAT!r})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError(f"'version' must be a whole number from 1, not {version!r}")
    if version > RECORD_VERSION:
        raise RecordError(
            f"this game was saved by a newer version (record version {version}; "
            f"this is version {RECORD_VERSION} of the format, engine {__version__})", "future"
        )
    while version < RECORD_VERSION:
        data = MIGRATIONS[version](data)
        version = data["version"]
    return data


def _newer_engine(engine: object) -> bool:
    """The record names an engine newer than this one (major.minor.patch)."""
    def parts(v: str) -> tuple[int, ...]:
        out = []
        for p in v.split(".")[:3]:
            digits = "".join(ch for ch in p if ch.isdigit() and ch.isascii())
            out.append(int(digits[:9]) if digits else 0)
        return tuple(out)
    return isinstance(engine, str) and parts(engine) > parts(__version__)


def load_record(source: str | bytes | dict) -> Any:
    """Load a record (JSON text or object) of any game and replay it.

    Raises :class:`RecordError` for anything wrong; never returns a state
    that differs from what was saved."""
    if isinstance(source, (str, bytes)):
        try:
            data = json.loads(source)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
            raise RecordError(f"the game record is not valid JSON: {exc}") from None
    else:
        data = source
    data = migrate(data)
    try:
        definition = get_game(data.get("game"))
    except GameError as exc:
        raise RecordError(str(exc)) from None
    if _newer_engine(data.get("engine")):
        raise RecordError(
            f"this game was saved by a newer version (engine {data['engine']}; this is {__version__})",
            "future")
    players = whole_number(data.get("players"), "'players'", definition.min_players, definition.max_players,
                           RecordError)
    seed = whole_number(data.get("seed"), "'seed'", 0, (1 << 64) - 1, RecordError)
    setup = data.get("setup")
    meta = data.get("meta", {})
    history = data.get("history")
    if not isinstance(setup, dict):
        raise RecordError("'setup' must be an object")
    if not isinstance(meta, dict):
        raise RecordError("'meta' must be an object")
    if not isinstance(history, dict) or not isinstance(history.get("actions"), list) \
            or not isinstance(history.get("rolls", []), list):
        raise RecordError("'history' must be an object with the lists 'actions' and 'rolls'")
    actions = []
    for i, raw in enumerate(history["actions"]):
        try:
            actions.append(definition.action_from_json(raw))
        except (ValueError, TypeError) as exc:
            raise RecordError(f"actions[{i}]: {exc}") from None
    try:
        state = definition.from_setup({**setup, "meta": meta}, seed, players)
        replayed = play(state, actions)
    except (ScenarioError, BoardError, ValueError, TypeError, KeyError) as exc:
        raise RecordError(f"the record does not replay: {exc}") from None
    if replayed.error is not None:
        raise RecordError(f"actions[{replayed.applied}] is not legal in the replayed game: "
                          f"{replayed.error}")
    rolls = definition.rolls_of(state)
    # the dice come from the seed; recorded rolls (a link leaves them out) must be those
    if "rolls" in history and json.loads(json.dumps(rolls)) != history["rolls"]:
        raise RecordError(
            "the recorded dice differ from the dice the seed gives "
            f"({len(history['rolls'])} recorded rolls, {len(rolls)} replayed)"
        )
    return state
