"""The save envelope and its migrations: what a saved game is, apart from
where it is stored (:mod:`.storage`).

A save is JSON::

    {"app": "diceland", "envelope": 1, "id": "...", "saved_at": <ms since 1970>,
     "seats": [{"name": "Ana", "kind": "human"}, ...],
     "record": <diceland_core.core.record.record_of(game)>,
     "summary": {... what the saved-games list shows ...},
     "last_frame": "data:image/png;base64,..."   (optional)}

Envelope versions: :data:`MIGRATIONS` maps version N to the step N → N+1;
:func:`migrate` chains them.  Version 0 is a bare engine record (an exported
record file without an envelope).  Reading outside text is bounded before it
is parsed (:mod:`.safejson`).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from diceland_core import RecordError, get_game, load_record, record_of
from diceland_core.core.errors import UnknownGameError
from diceland_core.core.protocol import GameState
from diceland_core.core.record import RECORD_FORMAT, RECORD_VERSION
from diceland_core.version import __version__ as ENGINE_VERSION

from . import safejson
from .daily import DAILY, kept_daily
from .friends import FRIENDS, kept_friends
from .games import entry_for
from .same_dice import SAME, kept_same
from .save_errors import SaveError
from .seats import Seat
from .summaries import summarize

__all__ = [
    "APP", "ENVELOPE_VERSION", "MAX_FRAME_CHARS", "MAX_IMPORT_CHARS", "MAX_SAVE_CHARS", "MIGRATIONS",
    "envelope_of", "envelope_version", "migrate", "parse_save", "load_save", "loads_outside",
    "revision_of", "valid_id", "seat_names", "game_name", "REVEALED",
]

APP = "diceland"
ENVELOPE_VERSION = 1
#: A "last frame" thumbnail larger than this is not stored.
MAX_FRAME_CHARS = 200_000
#: An imported file longer than this is refused before it is read (a finished
#: four-player game with its envelope is under 100,000).
MAX_IMPORT_CHARS = 1_000_000
#: A stored save longer than this is not parsed (its picture included).
MAX_SAVE_CHARS = 2_000_000
#: A save id a file may keep (longer or odd ones get a new id).
_ID = re.compile(r"[0-9A-Za-z_-]{1,40}")
#: The record's ``meta`` key a page keeps beside the seats: the number of
#: actions of the position whose roll the player has revealed with Roll
#: (a reload shows that roll instead of asking for it again).
REVEALED = "revealed"


def valid_id(value: object) -> bool:
    """A save id a file may keep."""
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def bounded_record(game: GameState, seats: Sequence[Seat]) -> dict[str, Any]:
    """The game's record, its ``meta`` cut to what a save needs (the seats,
    a whole number :data:`REVEALED`, a game with friends', a daily
    game's and a game on a friend's dice's valid entries): a
    link or a file may bring a meta of any size."""
    record = record_of(game)
    if "meta" in record:
        revealed = record["meta"].get(REVEALED)
        friends = kept_friends(record["meta"].get(FRIENDS), game.players)
        daily = kept_daily(record["meta"].get(DAILY))
        same = kept_same(record["meta"].get(SAME), game.players)
        record["meta"] = {"seats": [s.to_json() for s in seats]}
        if type(revealed) is int:
            record["meta"][REVEALED] = revealed
        if friends is not None:
            record["meta"][FRIENDS] = friends
        if daily is not None:
            record["meta"][DAILY] = daily
        if same is not None:
            record["meta"][SAME] = same
    return record


def envelope_of(game: GameState, seats: Sequence[Seat], save_id: str, saved_at_ms: int,
                last_frame: str | None = None) -> dict[str, Any]:
    env: dict[str, Any] = {
        "app": APP,
        "envelope": ENVELOPE_VERSION,
        "id": save_id,
        "saved_at": saved_at_ms,
        "engine": ENGINE_VERSION,
        "seats": [s.to_json() for s in seats],
        "record": bounded_record(game, seats),
        "summary": summarize(game, seats),
    }
    if last_frame and len(last_frame) <= MAX_FRAME_CHARS:
        env["last_frame"] = last_frame
    return env


def _from_bare_record(data: dict[str, Any]) -> dict[str, Any]:
    """Version 0 → 1: a bare engine record gets an envelope (seats unknown)."""
    meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
    seats = meta.get("seats") if isinstance(meta.get("seats"), list) else None
    return {"app": APP, "envelope": 1, "id": None, "saved_at": 0, "seats": seats,
            "record": data, "summary": {}}


#: version N → the step that turns an envelope of version N into N+1.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    0: _from_bare_record,
}


def envelope_version(data: object) -> int:
    """The envelope version of a parsed save (0 for a bare engine record)."""
    if not isinstance(data, dict):
        raise SaveError("not_diceland", f"expected a JSON object, found {type(data).__name__}")
    if "envelope" not in data and data.get("format") == RECORD_FORMAT:
        return 0
    if data.get("app") != APP:
        raise SaveError("not_diceland", f"'app' is {data.get('app')!r}, expected {APP!r}")
    version = data.get("envelope")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise SaveError("invalid", f"'envelope' must be a whole number, not {version!r}")
    return version


def migrate(data: object) -> dict[str, Any]:
    """Bring a parsed save up to :data:`ENVELOPE_VERSION`, one step at a time."""
    version = envelope_version(data)
    if version > ENVELOPE_VERSION:
        raise SaveError("future", f"envelope version {version}; this page reads up to {ENVELOPE_VERSION}")
    env: dict[str, Any] = data  # type: ignore[assignment]
    while version < ENVELOPE_VERSION:
        env = MIGRATIONS[version](env)
        version = env["envelope"]
    return env


def _check_envelope(env: dict[str, Any]) -> None:
    """Types of a current-version envelope (the record is checked by loading it)."""
    if not isinstance(env.get("record"), dict):
        raise SaveError("invalid", "'record' must be an object")
    record_version = env["record"].get("version")
    if isinstance(record_version, int) and not isinstance(record_version, bool) \
            and record_version > RECORD_VERSION:
        raise SaveError("future", f"record version {record_version}; this page reads up to {RECORD_VERSION}")
    saved_at = env.get("saved_at")
    if isinstance(saved_at, bool) or not isinstance(saved_at, (int, float)):
        raise SaveError("invalid", f"'saved_at' must be a number, not {saved_at!r}")
    seats = env.get("seats")
    if seats is not None:
        if not isinstance(seats, list):
            raise SaveError("invalid", "'seats' must be a list")
        for i, seat in enumerate(seats):
            try:
                Seat.from_json(seat)
            except ValueError as exc:
                raise SaveError("invalid", f"'seats'[{i}]: {exc}") from None
    if not isinstance(env.get("summary", {}), dict):
        raise SaveError("invalid", "'summary' must be an object")
    frame = env.get("last_frame")
    if frame is not None and not isinstance(frame, str):
        raise SaveError("invalid", "'last_frame' must be a string")


def loads_outside(text: str, max_chars: int = MAX_SAVE_CHARS) -> Any:
    """Outside JSON, measured before it is parsed (:mod:`.safejson`)."""
    try:
        return safejson.loads(text, max_chars=max_chars)
    except safejson.JsonLimitError as exc:
        raise SaveError(exc.code, str(exc)) from None
    except (ValueError, TypeError, RecursionError) as exc:  # also a number too long
        raise SaveError("not_json", str(exc)) from None


def parse_save(text: str, max_chars: int = MAX_SAVE_CHARS) -> dict[str, Any]:
    env = migrate(loads_outside(text, max_chars))
    _check_envelope(env)
    return env


def revision_of(env: dict[str, Any]) -> int:
    """The revision a save's envelope carries (0 before revisions existed)."""
    rev = env.get("rev", 0)
    return rev if isinstance(rev, int) and not isinstance(rev, bool) and rev >= 0 else 0


def load_save(env: dict[str, Any], default_names: Sequence[str] | None = None) -> tuple[GameState, list[Seat]]:
    """The game and seats of a checked envelope; :class:`SaveError` (the
    code ``other_game`` for a game of this site whose rules this page does
    not load: each page has only its own game's)."""
    named = game_name(env["record"])
    if entry_for(named) is not None:
        try:
            get_game(named)
        except UnknownGameError:
            raise SaveError("other_game", f"a record of {named!r}, a game this page does not play",
                            game=named) from None
    try:
        game = load_record(env["record"])
    except RecordError as exc:
        code = exc.code
        raise SaveError(code, str(exc)) from None
    except Exception as exc:  # a hand-edited record the engine did not foresee
        raise SaveError("invalid", f"{type(exc).__name__}: {exc}") from None
    raw = env.get("seats")
    if raw is None:
        names = list(default_names or [])
        seats = [Seat(names[p] if p < len(names) else str(p + 1)) for p in range(game.players)]
    else:
        seats = [Seat.from_json(s) for s in raw]  # checked by _check_envelope
        if len(seats) != game.players:
            raise SaveError("invalid", f"{len(seats)} seats for a game of {game.players} players")
    return game, seats


def seat_names(env: dict[str, Any]) -> list[str]:
    seats = env.get("seats")
    return [s["name"] for s in seats if isinstance(s, dict) and isinstance(s.get("name"), str)] \
        if isinstance(seats, list) else []


def game_name(record: dict[str, Any]) -> str:
    """The game a record belongs to (records before version 2 are Diceland's)."""
    game = record.get("game")
    return game if isinstance(game, str) and game else APP
