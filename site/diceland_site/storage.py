"""Saved games: the engine's record in a versioned envelope over a string store.

A save is one key ``diceland:save:<id>`` holding JSON::

    {"app": "diceland", "envelope": 1, "id": "...", "saved_at": <ms since 1970>,
     "seats": [{"name": "Ana", "kind": "human"}, ...],
     "record": <diceland_core.core.record.record_of(game)>,
     "summary": {... what the saved-games list shows ...},
     "last_frame": "data:image/png;base64,..."   (optional)}

The backend is any dict-like string store with ``get``, ``__setitem__``,
``__delitem__`` and ``keys`` (tests use a dict; the page wraps
``localStorage``).  Writes may fail (a full ``localStorage`` raises a quota
error): the store then keeps the text in memory, reports
``SaveResult(ok=False, reason="quota")`` and writes it on the next
:meth:`SaveStore.save` or :meth:`SaveStore.flush`.

A save that cannot be loaded is never deleted or overwritten by the loader: its
raw text is first copied to ``diceland:backup:<id>:<n>``, then
:class:`SaveError` says what is wrong.

Envelope versions: :data:`MIGRATIONS` maps version N to the step N → N+1;
:func:`migrate` chains them.  Version 0 is a bare engine record (an exported
record file without an envelope).
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, MutableMapping, Sequence

from diceland_core import Game, RecordError, load_record, record_of
from diceland_core.core.record import RECORD_FORMAT, RECORD_VERSION, definition_of
from diceland_core.version import __version__ as ENGINE_VERSION

from .i18n import Strings
from .seats import Seat

__all__ = [
    "APP", "ENVELOPE_VERSION", "SAVE_PREFIX", "BACKUP_PREFIX", "SETTINGS_KEY", "MAX_FRAME_CHARS",
    "MIGRATIONS", "SaveError", "SaveResult", "SaveStore", "envelope_of", "migrate", "summarize",
    "summarize_state",
]

APP = "diceland"
ENVELOPE_VERSION = 1
SAVE_PREFIX = "diceland:save:"
BACKUP_PREFIX = "diceland:backup:"
SETTINGS_KEY = "diceland:settings"
#: A "last frame" thumbnail larger than this is not stored.
MAX_FRAME_CHARS = 200_000


class SaveError(Exception):
    """A saved game or an imported file cannot be used.

    ``code``: ``"missing"``, ``"not_json"``, ``"not_diceland"``, ``"future"``
    or ``"invalid"``; ``detail`` says what is wrong (English, from the engine);
    ``backup_key`` is where the raw text was copied (loads only)."""

    def __init__(self, code: str, detail: str = "", save_id: str | None = None,
                 backup_key: str | None = None):
        self.code = code
        self.detail = detail
        self.save_id = save_id
        self.backup_key = backup_key
        super().__init__(f"{code}: {detail}" if detail else code)

    def message(self, lang: str = "en", importing: bool = False) -> str:
        """The error for the page, translated."""
        s = Strings(lang)
        if importing:
            key = {"not_json": "error.import_not_json", "not_diceland": "error.import_not_diceland",
                   "future": "error.import_future"}.get(self.code, "error.import_invalid")
        else:
            key = {"missing": "error.save_missing", "not_json": "error.save_corrupt",
                   "not_diceland": "error.save_corrupt", "future": "error.save_future"}.get(
                       self.code, "error.save_invalid")
        return s.t(key, detail=self.detail)


@dataclass(frozen=True)
class SaveResult:
    """``ok`` False with ``reason="quota"`` when the store refused the write
    (the game goes on; the write is retried later)."""

    ok: bool
    save_id: str
    reason: str | None = None
    detail: str = ""


# -- envelopes --------------------------------------------------------------------

def summarize(game: Game, seats: Sequence[Seat]) -> dict[str, Any]:
    """What the saved-games list shows, without replaying the record."""
    if not isinstance(game, Game):
        return summarize_state(game, seats)
    return {
        "players": [
            {"name": seat.name, "kind": seat.kind, "stars": game.sheets[p].stars,
             "completed": len(game.sheets[p].completed_colours())}
            for p, seat in enumerate(seats)
        ],
        "boards": [b.id for b in game.boards],
        "turn": game.turn,
        "phase": game.phase.value,
        "active": game.active,
        "over": game.over,
        "winners": list(game.winners),
        "actions": len(game.actions),
    }


def summarize_state(state: Any, seats: Sequence[Seat]) -> dict[str, Any]:
    """The list entry of a game other than Diceland, from the game protocol
    alone (``over``, ``outcome()``, ``actions``; ``round`` if it has one)."""
    outcome = state.outcome()
    return {
        "game": definition_of(state).name,
        "players": [{"name": seat.name, "kind": seat.kind} for seat in seats],
        "round": getattr(state, "round", None),
        "over": state.over,
        "winners": list(outcome.winners) if outcome else [],
        "scores": list(outcome.scores) if outcome else [],
        "actions": len(state.actions),
    }


def envelope_of(game: Game, seats: Sequence[Seat], save_id: str, saved_at_ms: int,
                last_frame: str | None = None) -> dict[str, Any]:
    env: dict[str, Any] = {
        "app": APP,
        "envelope": ENVELOPE_VERSION,
        "id": save_id,
        "saved_at": saved_at_ms,
        "engine": ENGINE_VERSION,
        "seats": [s.to_json() for s in seats],
        "record": record_of(game),
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


#: Imported files nested deeper than this are refused: JSON nested close to the
#: recursion limit may not read back when a deeper stack reads it (a record needs 6).
_MAX_DEPTH = 64


def _too_deep(data: object) -> bool:
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (dict, list)):
            if depth > _MAX_DEPTH:
                return True
            stack.extend((v, depth + 1) for v in (node.values() if isinstance(node, dict) else node))
    return False


def _parse(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:  # also too deep, or a number too long
        raise SaveError("not_json", str(exc)) from None
    env = migrate(data)
    _check_envelope(env)
    return env


def _game_and_seats(env: dict[str, Any], default_names: Sequence[str] | None = None) -> tuple[Game, list[Seat]]:
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


# -- the store ----------------------------------------------------------------------

class SaveStore:
    """Saved games in ``backend`` (a dict-like string store)."""

    def __init__(self, backend: MutableMapping[str, str], clock: Callable[[], float] = time.time,
                 new_id: Callable[[], str] | None = None):
        self.backend = backend
        self.clock = clock
        self._new_id = new_id
        self._pending: dict[str, str] = {}

    # -- low level ------------------------------------------------------------------
    def _key(self, save_id: str) -> str:
        return SAVE_PREFIX + save_id

    def _write(self, key: str, text: str) -> str | None:
        """Write; returns None or the failure's description."""
        try:
            self.backend[key] = text
        except Exception as exc:  # quota, security, anything: the game goes on
            return f"{type(exc).__name__}: {exc}"
        return None

    def _raw(self, save_id: str) -> str | None:
        if save_id in self._pending:
            return self._pending[save_id]
        try:
            return self.backend.get(self._key(save_id))
        except Exception:
            return None

    def _keys(self) -> list[str]:
        try:
            return list(self.backend.keys())
        except Exception:
            return []

    def new_id(self) -> str:
        taken = set(self._pending) | {k[len(SAVE_PREFIX):] for k in self._keys() if k.startswith(SAVE_PREFIX)}
        while True:
            if self._new_id is not None:
                candidate = self._new_id()
            else:
                candidate = f"{int(self.clock() * 1000):x}-{random.randrange(36 ** 4):04x}"
            if candidate not in taken:
                return candidate

    @property
    def pending(self) -> list[str]:
        """Ids whose last save is held in memory only (the store refused it)."""
        return sorted(self._pending)

    # -- saving ---------------------------------------------------------------------
    def save(self, game: Game, seats: Sequence[Seat], save_id: str | None = None,
             last_frame: str | None = None) -> SaveResult:
        """Save ``game`` under ``save_id`` (a new id if None).  Never raises for
        a full store: see :class:`SaveResult`."""
        save_id = save_id or self.new_id()
        env = envelope_of(game, seats, save_id, int(self.clock() * 1000), last_frame)
        self._pending[save_id] = json.dumps(env, ensure_ascii=False, separators=(",", ":"))
        failures = self.flush()
        if save_id in failures and "last_frame" in env:
            # the thumbnail is the big part: keep the game rather than the picture
            del env["last_frame"]
            self._pending[save_id] = json.dumps(env, ensure_ascii=False, separators=(",", ":"))
            failures = self.flush()
        if save_id in failures:
            return SaveResult(False, save_id, "quota", failures[save_id])
        return SaveResult(True, save_id)

    def flush(self) -> dict[str, str]:
        """Retry every write held in memory; returns the ones that failed again."""
        failures: dict[str, str] = {}
        for save_id, text in list(self._pending.items()):
            problem = self._write(self._key(save_id), text)
            if problem is None:
                del self._pending[save_id]
            else:
                failures[save_id] = problem
        return failures

    def set_last_frame(self, save_id: str, data_url: str | None) -> SaveResult:
        """Store (or clear) the thumbnail of an existing save."""
        raw = self._raw(save_id)
        if raw is None:
            return SaveResult(False, save_id, "missing")
        try:
            env = json.loads(raw)
        except (ValueError, RecursionError):
            return SaveResult(False, save_id, "invalid")
        if not isinstance(env, dict):
            return SaveResult(False, save_id, "invalid")
        if data_url and len(data_url) <= MAX_FRAME_CHARS:
            env["last_frame"] = data_url
        else:
            env.pop("last_frame", None)
        self._pending[save_id] = json.dumps(env, ensure_ascii=False, separators=(",", ":"))
        failures = self.flush()
        return SaveResult(save_id not in failures, save_id, "quota" if save_id in failures else None)

    def last_frame(self, save_id: str) -> str | None:
        raw = self._raw(save_id)
        try:
            frame = json.loads(raw).get("last_frame") if raw else None
        except (ValueError, AttributeError, RecursionError):
            return None
        return frame if isinstance(frame, str) else None

    # -- listing --------------------------------------------------------------------
    def list_saves(self) -> list[dict[str, Any]]:
        """Summaries of every save, newest first.  A save that cannot be read is
        listed with ``"broken": True`` and a ``"reason"``, never dropped."""
        ids = {k[len(SAVE_PREFIX):] for k in self._keys() if k.startswith(SAVE_PREFIX)} | set(self._pending)
        out = []
        for save_id in ids:
            raw = self._raw(save_id)
            try:
                if raw is None:
                    raise SaveError("missing")
                env = _parse(raw)
                summary = dict(env.get("summary") or {})
                summary.update(id=save_id, saved_at=env["saved_at"], broken=False)
                if "last_frame" in env:
                    summary["has_last_frame"] = True
            except SaveError as exc:
                summary = {"id": save_id, "broken": True, "reason": str(exc), "code": exc.code,
                           "saved_at": _saved_at_of(raw)}
            out.append(summary)
        out.sort(key=lambda s: (s.get("saved_at") or 0, s["id"]), reverse=True)
        return out

    def last_unfinished(self) -> dict[str, Any] | None:
        """The newest readable save of a game that is not over, or None."""
        for summary in self.list_saves():
            if not summary["broken"] and not summary.get("over", False):
                return summary
        return None

    # -- loading ----------------------------------------------------------------------
    def load(self, save_id: str) -> tuple[Game, list[Seat]]:
        """The saved game and its seats.  Raises :class:`SaveError`; if the text
        is there but unusable, it is first copied to a backup key."""
        raw = self._raw(save_id)
        if raw is None:
            raise SaveError("missing", f"no saved game {save_id!r}", save_id)
        try:
            return _game_and_seats(_parse(raw))
        except SaveError as exc:
            exc.save_id = save_id
            exc.backup_key = self._backup(save_id, raw)
            raise

    def _backup(self, save_id: str, raw: str) -> str | None:
        keys = set(self._keys())
        n = 1
        while f"{BACKUP_PREFIX}{save_id}:{n}" in keys:
            n += 1
        key = f"{BACKUP_PREFIX}{save_id}:{n}"
        return None if self._write(key, raw) else key

    def backups(self) -> list[str]:
        return sorted(k for k in self._keys() if k.startswith(BACKUP_PREFIX))

    def delete(self, save_id: str) -> None:
        """Delete a save (its backups stay)."""
        self._pending.pop(save_id, None)
        try:
            del self.backend[self._key(save_id)]
        except (KeyError, Exception):
            pass

    # -- files ------------------------------------------------------------------------
    def export_json(self, save_id: str) -> str:
        """The save as a file's text (checked: it loads)."""
        game, seats = self.load(save_id)
        raw = self._raw(save_id)
        env = _parse(raw)  # type: ignore[arg-type]
        env.pop("last_frame", None)
        return json.dumps(env, ensure_ascii=False, indent=1) + "\n"

    def import_json(self, text: str, lang: str = "en") -> str:
        """Store a file made by :meth:`export_json` (or a bare engine record)
        as a new save; returns its id.  :class:`SaveError` names what is wrong."""
        env = _parse(text)
        if _too_deep(env):
            raise SaveError("invalid", f"the file is nested deeper than {_MAX_DEPTH} levels")
        s = Strings(lang)
        names = [s.t("seat.default_name", number=i + 1) for i in range(4)]
        game, seats = _game_and_seats(env, names)
        wanted = env.get("id")
        taken = self._raw(wanted) is not None if isinstance(wanted, str) and wanted else True
        save_id = self.new_id() if taken else wanted
        self.save(game, seats, save_id, None)
        return save_id

    # -- settings ---------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        try:
            data = json.loads(self.backend.get(SETTINGS_KEY) or "{}")
        except Exception:
            return {}
        return data if isinstance(data, dict) else {}

    def get_setting(self, name: str, default: Any = None) -> Any:
        return self.settings().get(name, default)

    def set_setting(self, name: str, value: Any) -> bool:
        data = self.settings()
        data[name] = value
        return self._write(SETTINGS_KEY, json.dumps(data, ensure_ascii=False)) is None


def _saved_at_of(raw: str | None) -> float:
    try:
        value = json.loads(raw).get("saved_at", 0) if raw else 0
    except Exception:
        return 0
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0
