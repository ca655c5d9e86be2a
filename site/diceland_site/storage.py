"""Saved games: the engine's record in a versioned envelope over a string store.

A save is one key ``diceland:save:<id>`` holding a save envelope
(:mod:`.envelope`: its format and migrations).

The backend is any dict-like string store with ``get``, ``__setitem__``,
``__delitem__`` and ``keys`` (tests use a dict; the page wraps
``localStorage``).  Writes may fail (a full ``localStorage`` raises a quota
error): the store then keeps the text in memory, reports
``SaveResult(ok=False, reason="quota")`` and writes it on the next
:meth:`SaveStore.save` or :meth:`SaveStore.flush`.

A save that cannot be loaded is never deleted or overwritten by the loader: its
raw text is first copied to ``diceland:backup:<id>:<n>``, then
:class:`SaveError` says what is wrong.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, MutableMapping, Sequence

from diceland_core.core.protocol import GameState
from diceland_core.core.record import definition_of, record_of

from . import safejson
from .envelope import (
    MAX_FRAME_CHARS, MAX_IMPORT_CHARS, envelope_of, game_name, load_save, loads_outside, parse_save,
    revision_of, seat_names, valid_id,
)
from .friends import FRIENDS, compare_records, kept_friends
from .games import entry_for
from .i18n import LANGUAGES, Strings
from .same_dice import same_game
from .save_errors import SaveError
from .summaries import game_of_summary, rebuilt_summary, valid_summary
from .seats import MAX_NAME, Seat, in_language

__all__ = ["SAVE_PREFIX", "BACKUP_PREFIX", "SETTINGS_KEY", "SaveResult", "SaveStore"]

SAVE_PREFIX = "diceland:save:"
BACKUP_PREFIX = "diceland:backup:"
SETTINGS_KEY = "diceland:settings"
#: Settings and other small values.
MAX_SETTINGS_CHARS = 100_000


@dataclass(frozen=True)
class SaveResult:
    """``ok`` False with ``reason="quota"`` when the store refused the write
    (the game goes on; the write is retried later)."""

    ok: bool
    save_id: str
    reason: str | None = None
    detail: str = ""


class SaveStore:
    """Saved games in ``backend`` (a dict-like string store).

    Several pages (tabs) may share one backend.  Every save carries a
    revision ``rev``; the store remembers the revision it last read or wrote
    for each id and never writes over another one: :meth:`save` then returns
    ``SaveResult(ok=False, reason="conflict")`` and the page reloads the
    game (:meth:`changed_elsewhere` tells before a move is made)."""

    def __init__(self, backend: MutableMapping[str, str], clock: Callable[[], float] = time.time,
                 new_id: Callable[[], str] | None = None):
        self.backend = backend
        self.clock = clock
        self._new_id = new_id
        self._pending: dict[str, str] = {}
        self._pending_rev: dict[str, int] = {}
        #: id → the revision this store last read from or wrote to the backend
        self._base: dict[str, int] = {}
        #: id → (text, revision) of the last text seen, so an unchanged save is not parsed again
        self._seen: dict[str, tuple[str, int]] = {}
        #: what the last :meth:`import_json` changed on the way in
        self.import_notes: list[str] = []

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

    def _stored(self, save_id: str) -> str | None:
        try:
            value = self.backend.get(self._key(save_id))
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def _raw(self, save_id: str) -> str | None:
        if save_id in self._pending:
            return self._pending[save_id]
        return self._stored(save_id)

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

    def held(self, save_id: str) -> str | None:
        """The text of ``save_id`` held in memory (the store refused it)."""
        return self._pending.get(save_id)

    def hold_unsaved(self, save_id: str, text: str) -> bool:
        """Hold again a save a page held before a reload (:mod:`.unsaved`),
        to be written, when it is newer than the stored one; False otherwise."""
        if not valid_id(save_id):
            return False
        try:
            rev = revision_of(parse_save(text))
        except SaveError:
            return False
        stored = self.stored_revision(save_id)
        if stored is not None and not 0 <= stored < rev:
            return False
        if stored is None:
            self._base.pop(save_id, None)
        else:
            self._base[save_id] = stored
        self._hold(save_id, text, rev)
        return True

    # -- revisions ------------------------------------------------------------------
    def stored_revision(self, save_id: str) -> int | None:
        """The revision of ``save_id`` in the backend now: None if there is
        none, -1 if its text cannot be read."""
        raw = self._stored(save_id)
        if raw is None:
            return None
        seen = self._seen.get(save_id)
        if seen is not None and seen[0] == raw:
            return seen[1]
        try:
            data = loads_outside(raw)
        except SaveError:
            return -1
        rev = revision_of(data) if isinstance(data, dict) else -1
        self._seen[save_id] = (raw, rev)
        return rev

    def newer_version(self, save_id: str | None) -> bool:
        """True when the stored ``save_id`` was written by a newer version of
        the site (a format this one cannot read)."""
        raw = self._stored(save_id) if save_id else None
        if raw is None:
            return False
        try:
            load_save(parse_save(raw))
        except SaveError as exc:
            return exc.code == "future"
        return False

    def changed_elsewhere(self, save_id: str | None) -> bool:
        """True when the backend holds a version of ``save_id`` that this store
        neither read nor wrote (another page played on, or deleted it)."""
        if not save_id or save_id not in self._base:
            return False
        return self.stored_revision(save_id) != self._base[save_id]

    def release(self, save_id: str | None) -> None:
        """Forget the revision of ``save_id`` (deleted by another page): the
        next :meth:`save` under it starts it again."""
        if save_id:
            self._base.pop(save_id, None)
            self._drop(save_id)

    def _conflict(self, save_id: str) -> str | None:
        """Why writing ``save_id`` now would overwrite another page's save."""
        stored = self.stored_revision(save_id)
        base = self._base.get(save_id)
        if stored is None:
            return None if base is None else "the save was deleted by another page"
        if base is None:
            return "a save with this id was written by another page"
        if stored != base:
            return f"the save is at revision {stored}; this page has revision {base}"
        return None

    def _hold(self, save_id: str, text: str, rev: int) -> None:
        """Keep ``text`` (revision ``rev``) to be written by :meth:`flush`."""
        self._pending[save_id] = text
        self._pending_rev[save_id] = rev

    def _drop(self, save_id: str) -> None:
        self._pending.pop(save_id, None)
        self._pending_rev.pop(save_id, None)

    # -- saving ---------------------------------------------------------------------
    def save(self, game: GameState, seats: Sequence[Seat], save_id: str | None = None,
             last_frame: str | None = None) -> SaveResult:
        """Save ``game`` under ``save_id`` (a new id if None) as the next
        revision.  Never raises: a full store gives ``reason="quota"`` (the
        write is retried), a newer save by another page ``reason="conflict"``
        (nothing is written)."""
        save_id = save_id or self.new_id()
        problem = self._conflict(save_id)
        if problem is not None:
            self._drop(save_id)
            return SaveResult(False, save_id, "conflict", problem)
        env = envelope_of(game, seats, save_id, int(self.clock() * 1000), last_frame)
        rev = env["rev"] = self._base.get(save_id, 0) + 1
        self._hold(save_id, json.dumps(env, ensure_ascii=False, separators=(",", ":")), rev)
        failures = self.flush()
        if save_id in failures and "last_frame" in env:
            # the thumbnail is the big part: keep the game rather than the picture
            del env["last_frame"]
            self._hold(save_id, json.dumps(env, ensure_ascii=False, separators=(",", ":")), rev)
            failures = self.flush()
        if save_id in failures:
            return SaveResult(False, save_id, "quota", failures[save_id])
        return SaveResult(True, save_id)

    def flush(self) -> dict[str, str]:
        """Retry every write held in memory; returns the ones that failed again
        (a write another page has overtaken is dropped, not retried)."""
        failures: dict[str, str] = {}
        for save_id, text in list(self._pending.items()):
            if self._conflict(save_id) is not None:
                self._drop(save_id)
                continue
            problem = self._write(self._key(save_id), text)
            if problem is None:
                rev = self._pending_rev[save_id]
                self._drop(save_id)
                self._base[save_id] = rev
                self._seen[save_id] = (text, rev)
            else:
                failures[save_id] = problem
        return failures

    def set_last_frame(self, save_id: str, data_url: str | None) -> SaveResult:
        """Store (or clear) the thumbnail of an existing save (same revision;
        not if another page has written the save since)."""
        raw = self._raw(save_id)
        if raw is None:
            return SaveResult(False, save_id, "missing")
        try:
            env = loads_outside(raw)
        except SaveError:
            return SaveResult(False, save_id, "invalid")
        if not isinstance(env, dict):
            return SaveResult(False, save_id, "invalid")
        if self._conflict(save_id) is not None:
            return SaveResult(False, save_id, "conflict")
        if data_url and len(data_url) <= MAX_FRAME_CHARS:
            env["last_frame"] = data_url
        else:
            env.pop("last_frame", None)
        self._hold(save_id, json.dumps(env, ensure_ascii=False, separators=(",", ":")), revision_of(env))
        failures = self.flush()
        return SaveResult(save_id not in failures, save_id, "quota" if save_id in failures else None)

    def last_frame(self, save_id: str) -> str | None:
        raw = self._raw(save_id)
        try:
            data = loads_outside(raw) if raw else None
        except SaveError:
            return None
        frame = data.get("last_frame") if isinstance(data, dict) else None
        return frame if isinstance(frame, str) else None

    # -- listing --------------------------------------------------------------------
    def list_saves(self, game: str | None = None) -> list[dict[str, Any]]:
        """Summaries of every save of ``game`` (of every game when None), newest
        first.  A save that cannot be read is listed with ``"broken": True``
        and a ``"reason"``, never dropped."""
        ids = {k[len(SAVE_PREFIX):] for k in self._keys() if k.startswith(SAVE_PREFIX)} | set(self._pending)
        out = []
        for save_id in ids:
            raw = self._raw(save_id)
            try:
                if raw is None:
                    raise SaveError("missing")
                env = parse_save(raw)
                summary = env.get("summary")
                if not valid_summary(summary):  # written by hand, or by another version
                    summary = rebuilt_summary(*load_save(env))
                summary = dict(summary)
                summary.update(id=save_id, saved_at=env["saved_at"], broken=False,
                               game=game_name(env["record"]))
                if "last_frame" in env:
                    summary["has_last_frame"] = True
            except SaveError as exc:
                summary = {"id": save_id, "broken": True, "reason": str(exc), "code": exc.code,
                           "saved_at": _saved_at_of(raw)}
            if game is None or summary["broken"] or game_of_summary(summary) == game:
                out.append(summary)
        out.sort(key=lambda s: (s.get("saved_at") or 0, s["id"]), reverse=True)
        return out

    def last_unfinished(self, game: str = "diceland") -> dict[str, Any] | None:
        """The newest readable save of ``game`` that is not over, or None."""
        for summary in self.list_saves(game):
            if not summary["broken"] and not summary.get("over", False):
                return summary
        return None

    # -- loading ----------------------------------------------------------------------
    def load(self, save_id: str) -> tuple[GameState, list[Seat]]:
        """The saved game and its seats.  Raises :class:`SaveError`; if the text
        is there but unusable, it is first copied to a backup key."""
        raw = self._raw(save_id)
        if raw is None:
            raise SaveError("missing", f"no saved game {save_id!r}", save_id)
        try:
            env = parse_save(raw)
            loaded = load_save(env)
        except SaveError as exc:
            exc.save_id = save_id
            if exc.code != "other_game":  # another page's game is kept as it is, not damaged
                exc.backup_key = self._backup(save_id, raw)
            raise
        if save_id not in self._pending:
            rev = revision_of(env)
            self._base[save_id] = rev
            self._seen[save_id] = (raw, rev)
        return loaded

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
        self._drop(save_id)
        self._base.pop(save_id, None)
        try:
            del self.backend[self._key(save_id)]
        except (KeyError, Exception):
            pass

    # -- files ------------------------------------------------------------------------
    def export_json(self, save_id: str) -> str:
        """The save as a file's text (checked: it loads)."""
        game, seats = self.load(save_id)
        raw = self._raw(save_id)
        env = parse_save(raw)  # type: ignore[arg-type]
        env.pop("last_frame", None)
        return json.dumps(env, ensure_ascii=False, indent=1) + "\n"

    def import_json(self, text: str, lang: str = "en", game: str | None = None) -> str:
        """Store a file made by :meth:`export_json` (or a bare engine record)
        as a new save; returns its id.  :class:`SaveError` names what is wrong
        (with ``game``, a save of another game is refused and not stored).
        :attr:`import_notes` then lists what was changed on the way in
        (``"names_trimmed"``: a name longer than the limit was cut)."""
        env, state, seats = self._read_import(text, lang, game)
        wanted = env.get("id")
        taken = self._raw(wanted) is not None if valid_id(wanted) else True
        save_id = self.new_id() if taken else wanted
        self.save(state, seats, save_id, None)
        return save_id

    def _read_import(self, text: str, lang: str, game: str | None) -> tuple[dict[str, Any], GameState, list[Seat]]:
        """A file's or a link's envelope, its game replayed and its seats (in
        ``lang``'s default names where it has none); :class:`SaveError`."""
        self.import_notes = []
        env = parse_save(text, MAX_IMPORT_CHARS)
        named = game_name(env["record"])
        if game is not None and named != game and entry_for(named) is not None:  # refused unreplayed
            raise SaveError("other_game", f"a record of {named!r}, not of {game!r}", game=named)
        s = Strings(lang)
        names = [s.t("seat.default_name", number=i + 1) for i in range(5)]
        state, seats = load_save(env, names)
        seats = in_language(seats, s, [Strings(other) for other in LANGUAGES])
        found = definition_of(state).name
        if game is not None and found != game:
            raise SaveError("other_game", f"a record of {found!r}, not of {game!r}", game=found)
        if any(len(n) > MAX_NAME for n in seat_names(env)):
            self.import_notes.append("names_trimmed")
        return env, state, seats

    def import_turn(self, text: str, lang: str = "en", game: str | None = None) -> tuple[str, str]:
        """A turn link of a game with friends (:mod:`.friends`), replayed and
        checked like an import: ``(save_id, verdict)``.  The first link of a
        game is stored as a new save, played here by the seat it was sent to
        (``"new"``); a link that goes on from the saved game of the same id
        is written over it (``"newer"``); the saved game is kept unchanged
        when the link is the same (``"same"``), older (``"older"``) or went
        another way (``"other"``).  A link without friends is imported as a
        shared game (``"new"``)."""
        env, state, seats = self._read_import(text, lang, game)
        sent = kept_friends(state.setup.meta.get(FRIENDS), state.players)
        save_id, verdict, me = self.new_id(), "new", None
        if sent is not None and "to" in sent:
            found = self.find_friends(sent["id"])
            if found is None:
                me = sent["to"]
            else:
                save_id, kept, me = found
                verdict = compare_records(kept, record_of(state))
        if me is None:
            state.setup.meta.pop(FRIENDS, None)
        else:
            state.setup.meta[FRIENDS] = {"id": sent["id"], "me": me}
        if verdict in ("new", "newer"):
            self.save(state, seats, save_id, None)
        return save_id, verdict

    def import_same(self, text: str, lang: str = "en", game: str | None = None) -> str:
        """A "Play these dice" link (:mod:`.same_dice`): the sender's game
        replayed and checked like an import, then a new game on its dice
        stored, played here in the sender's seat; returns its save id.
        :class:`SaveError` (or :class:`~.packed.LinkError` ``not_same``)
        when it cannot be opened; nothing is stored then."""
        _, state, seats = self._read_import(text, lang, game)
        fresh, new_seats = same_game(state, seats, Strings(lang))
        save_id = self.new_id()
        self.save(fresh, new_seats, save_id, None)
        return save_id

    def find_friends(self, game_id: str) -> tuple[str, dict[str, Any], int] | None:
        """The save of the game with friends ``game_id``: its id, its record
        and the seat this device plays; None if there is none."""
        for summary in self.list_saves():
            if summary["broken"] or (summary.get("friends") or {}).get("id") != game_id:
                continue
            try:
                state, _ = self.load(summary["id"])
            except SaveError:
                continue
            mine = kept_friends(state.setup.meta.get(FRIENDS), state.players)
            if mine is not None and mine["id"] == game_id and "me" in mine:
                return summary["id"], record_of(state), mine["me"]
        return None

    # -- settings ---------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        """The settings as stored now (read afresh each time, so a page
        changing one setting keeps what another page changed)."""
        try:
            data = safejson.loads(self.backend.get(SETTINGS_KEY) or "{}", max_chars=MAX_SETTINGS_CHARS)
        except Exception:
            return {}
        return data if isinstance(data, dict) else {}

    def get_setting(self, name: str, default: Any = None) -> Any:
        return self.settings().get(name, default)

    def set_setting(self, name: str, value: Any) -> bool:
        """Change one setting; a value that would make the settings too long
        to read back is refused (False) and the others stay as they were."""
        data = self.settings()
        data[name] = value
        text = json.dumps(data, ensure_ascii=False)
        return len(text) <= MAX_SETTINGS_CHARS and self._write(SETTINGS_KEY, text) is None


def _saved_at_of(raw: str | None) -> float:
    try:
        value = safejson.loads(raw).get("saved_at", 0) if raw else 0
    except Exception:
        return 0
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0
