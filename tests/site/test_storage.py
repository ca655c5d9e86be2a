"""Saved games: envelope, list, load with backups, quota failures, import/export."""

from __future__ import annotations

import json

import pytest

from diceland_core import record_of
from diceland_core.games.diceland import Game
from diceland_site.seats import Seat
from diceland_site.envelope import ENVELOPE_VERSION, migrate
from diceland_site.save_errors import SaveError
from diceland_site.storage import BACKUP_PREFIX, SAVE_PREFIX, SaveStore
from support import moves

SEATS = [Seat("Ana"), Seat("Bot", "greedy")]


class Clock:
    def __init__(self):
        self.t = 1_700_000_000.0

    def __call__(self):
        self.t += 1.0
        return self.t


class FlakyStore(dict):
    """A dict that refuses writes of saves while ``full`` is set (like a full localStorage)."""

    def __init__(self):
        super().__init__()
        self.full = False
        self.refused = 0

    def __setitem__(self, key, value):
        if self.full and key.startswith(SAVE_PREFIX):
            self.refused += 1
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().__setitem__(key, value)


def played(board, steps=12, seed=4):
    return moves(Game.new([board, board], seed=seed), steps)


def make_store(backend=None):
    ids = iter(f"g{i}" for i in range(1, 1000))
    return SaveStore({} if backend is None else backend, clock=Clock(), new_id=lambda: next(ids))


def test_round_trip(board):
    store = make_store()
    game = played(board)
    result = store.save(game, SEATS)
    assert result.ok and result.save_id == "g1"
    env = json.loads(store.backend[SAVE_PREFIX + "g1"])
    assert env["app"] == "diceland" and env["envelope"] == ENVELOPE_VERSION and env["id"] == "g1"
    assert env["record"] == record_of(game)
    loaded, seats = store.load("g1")
    assert seats == SEATS
    assert record_of(loaded) == record_of(game)
    assert loaded.summary() == game.summary()


def test_save_again_under_the_same_id_overwrites(board):
    store = make_store()
    game = played(board, 3)
    sid = store.save(game, SEATS).save_id
    game2 = played(board, 9)
    assert store.save(game2, SEATS, sid).save_id == sid
    assert len(store.list_saves()) == 1
    assert record_of(store.load(sid)[0]) == record_of(game2)


def test_list_order_newest_first_and_broken_listed(board):
    store = make_store()
    for steps in (2, 4, 6):
        store.save(played(board, steps), SEATS)
    store.backend[SAVE_PREFIX + "junk"] = "{not json"
    listing = store.list_saves()
    assert [s["id"] for s in listing if not s["broken"]] == ["g3", "g2", "g1"]
    broken = [s for s in listing if s["broken"]]
    assert [s["id"] for s in broken] == ["junk"] and broken[0]["code"] == "not_json"
    assert listing[0]["players"][0]["name"] == "Ana"
    assert listing[0]["boards"] == ["T", "T"]


def test_last_unfinished_skips_finished_and_broken(board):
    store = make_store()
    store.save(played(board, 2), SEATS)
    assert store.last_unfinished()["id"] == "g1"
    store.backend[SAVE_PREFIX + "zzz"] = json.dumps({"app": "diceland", "envelope": 1, "saved_at": 9e15})
    assert store.last_unfinished()["id"] == "g1"
    assert make_store().last_unfinished() is None


def _corrupt_cases(board):
    game = played(board, 10)
    good = json.loads(json.dumps({"app": "diceland", "envelope": 1, "id": "x", "saved_at": 5,
                                  "seats": [s.to_json() for s in SEATS], "record": record_of(game),
                                  "summary": {}}))
    future = dict(good, envelope=ENVELOPE_VERSION + 1)
    future_record = json.loads(json.dumps(good))
    future_record["record"]["version"] = 99
    wrong_types = dict(good, seats="Ana and Bot")
    wrong_seat_kind = dict(good, seats=[{"name": "Ana", "kind": "wizard"}, {"name": "B", "kind": "human"}])
    illegal = json.loads(json.dumps(good))
    first_place = next(i for i, a in enumerate(illegal["record"]["history"]["actions"]) if a["type"] == "place")
    illegal["record"]["history"]["actions"][first_place]["cells"] = [[0, 0]]  # an obstacle
    other_app = dict(good, app="otherapp")
    return {
        "corrupt JSON": ("{\"app\": \"diceland\", ", "not_json"),
        "future version": (json.dumps(future), "future"),
        "future record": (json.dumps(future_record), "future"),
        "wrong types": (json.dumps(wrong_types), "invalid"),
        "unknown seat kind": (json.dumps(wrong_seat_kind), "invalid"),
        "illegal actions": (json.dumps(illegal), "invalid"),
        "other app": (json.dumps(other_app), "not_diceland"),
        "not an object": ("[1, 2]", "not_diceland"),
    }


@pytest.mark.parametrize("case", ["corrupt JSON", "future version", "future record", "wrong types",
                                  "unknown seat kind", "illegal actions", "other app", "not an object"])
def test_bad_saves_raise_and_are_backed_up(board, case):
    text, code = _corrupt_cases(board)[case]
    store = make_store()
    store.backend[SAVE_PREFIX + "bad"] = text
    with pytest.raises(SaveError) as info:
        store.load("bad")
    assert info.value.code == code
    assert info.value.backup_key == BACKUP_PREFIX + "bad:1"
    assert store.backend[BACKUP_PREFIX + "bad:1"] == text
    assert store.backend[SAVE_PREFIX + "bad"] == text  # original untouched
    for lang in ("en", "es", "it"):
        assert info.value.message(lang)
    # a second failing load keeps the first backup and adds another
    with pytest.raises(SaveError):
        store.load("bad")
    assert store.backups() == [BACKUP_PREFIX + "bad:1", BACKUP_PREFIX + "bad:2"]
    listed = store.list_saves()
    assert listed[0]["id"] == "bad" and (listed[0]["broken"] or case == "illegal actions")


def test_missing_save(board):
    with pytest.raises(SaveError) as info:
        make_store().load("nope")
    assert info.value.code == "missing"


def test_quota_failure_is_reported_and_retried(board):
    backend = FlakyStore()
    store = make_store(backend)
    game = played(board, 4)
    backend.full = True
    result = store.save(game, SEATS, last_frame="data:image/png;base64,AAAA")
    assert not result.ok and result.reason == "quota"
    assert backend.refused == 2  # with the thumbnail, then without
    assert store.pending == [result.save_id]
    # the game is still listed and loadable from memory
    assert store.list_saves()[0]["id"] == result.save_id
    assert record_of(store.load(result.save_id)[0]) == record_of(game)
    backend.full = False
    game2 = played(board, 8)
    other = store.save(game2, SEATS)
    assert other.ok and store.pending == []
    assert SAVE_PREFIX + result.save_id in backend  # retried on the next save
    assert record_of(store.load(result.save_id)[0]) == record_of(game)


def test_flush_retries(board):
    backend = FlakyStore()
    store = make_store(backend)
    backend.full = True
    sid = store.save(played(board, 2), SEATS).save_id
    assert store.flush() != {}
    backend.full = False
    assert store.flush() == {}
    assert SAVE_PREFIX + sid in backend


def test_last_frame(board):
    store = make_store()
    sid = store.save(played(board, 2), SEATS, last_frame="data:image/png;base64,QUJD").save_id
    assert store.last_frame(sid) == "data:image/png;base64,QUJD"
    assert store.list_saves()[0]["has_last_frame"]
    assert store.set_last_frame(sid, "data:image/png;base64,WFla").ok
    assert store.last_frame(sid) == "data:image/png;base64,WFla"
    huge = "data:image/png;base64," + "A" * 300_000
    sid2 = store.save(played(board, 2), SEATS, last_frame=huge).save_id
    assert store.last_frame(sid2) is None


def test_delete_keeps_backups(board):
    store = make_store()
    sid = store.save(played(board, 2), SEATS).save_id
    store.backend[BACKUP_PREFIX + "old:1"] = "x"
    store.delete(sid)
    store.delete("not-there")
    assert store.list_saves() == []
    assert store.backups() == [BACKUP_PREFIX + "old:1"]


def test_export_import_round_trip(board):
    store = make_store()
    game = played(board, 10)
    sid = store.save(game, SEATS).save_id
    text = store.export_json(sid)
    other = make_store()
    new_id = other.import_json(text)
    assert new_id == sid  # free in the other store: kept
    loaded, seats = other.load(new_id)
    assert seats == SEATS and record_of(loaded) == record_of(game)
    again = other.import_json(text)
    assert again != sid and len(other.list_saves()) == 2


def test_import_bare_record_migrates_from_version_0(board):
    game = played(board, 6)
    store = make_store()
    sid = store.import_json(json.dumps(record_of(game)), lang="es")
    loaded, seats = store.load(sid)
    assert [s.name for s in seats] == ["Jugador 1", "Jugador 2"]
    assert record_of(loaded) == record_of(game)


def test_migrate_chain():
    bare = {"format": "diceland-record", "version": 1, "actions": []}
    env = migrate(bare)
    assert env["envelope"] == ENVELOPE_VERSION and env["record"] is bare
    current = {"app": "diceland", "envelope": ENVELOPE_VERSION}
    assert migrate(current) is current


@pytest.mark.parametrize("text, code, words", [
    ("hello", "not_json", "Expecting value"),
    ('{"app": "other"}', "not_diceland", "'app'"),
    ('{"app": "diceland", "envelope": 1, "saved_at": 1, "record": {"format": "diceland-record", '
     '"version": 1, "players": 7}}', "invalid", "'players'"),
    ('{"app": "diceland", "envelope": "one"}', "invalid", "'envelope'"),
])
def test_import_errors_name_the_problem(text, code, words):
    store = make_store()
    with pytest.raises(SaveError) as info:
        store.import_json(text)
    assert info.value.code == code and words in info.value.detail
    assert info.value.message("it", importing=True)
    assert store.list_saves() == []


def test_settings():
    store = make_store()
    assert store.get_setting("lang") is None
    assert store.set_setting("lang", "it")
    assert store.get_setting("lang") == "it"
    store.backend["diceland:settings"] = "garbage"
    assert store.get_setting("lang", "en") == "en"


def test_an_imported_id_of_any_length_leaves_the_settings_readable():
    """A file's 500,000-character id is not kept: the save gets an id of its
    own, the current-game setting stays short and the language is kept."""
    source = SaveStore({}, new_id=lambda: "g1")
    game = Game.new(["A", "A"], seed=3)
    source.save(game, [Seat("Ana"), Seat("Bo")], "g1")
    env = json.loads(source.export_json("g1"))
    store = SaveStore({})
    store.set_setting("lang", "it")
    for wanted in ("x" * 500_000, "<b>", "a/b", ""):
        sid = store.import_json(json.dumps({**env, "id": wanted}))
        assert sid != wanted and len(sid) <= 40
        store.set_setting("current", sid)
    assert store.get_setting("lang") == "it"
    assert store.set_setting("pad", "x" * 200_000) is False and store.get_setting("lang") == "it"


def test_moves_refused_by_a_full_storage_come_back_after_a_reload(board):
    """The tab keeps a refused save in its session; a reload (a new store over
    the same storage) holds it again instead of the older stored save, and
    writes it once there is room.  A save the storage moved on from is dropped."""
    from diceland_site import unsaved
    backend, session = FlakyStore(), {}
    store = make_store(backend)
    sid = store.save(played(board, 2), SEATS).save_id
    backend.full = True
    newer = played(board, 6)
    assert not store.save(newer, SEATS, sid).ok
    unsaved.keep(store, session)
    assert list(session) == [unsaved.UNSAVED_PREFIX + sid]

    reloaded = make_store(backend)  # the page reloaded: memory is gone, the session is not
    assert record_of(reloaded.load(sid)[0]) != record_of(newer)
    reloaded = make_store(backend)
    assert unsaved.restore(reloaded, session) == [sid] and reloaded.pending == [sid]
    assert record_of(reloaded.load(sid)[0]) == record_of(newer)
    assert session  # still unsaved: still kept
    backend.full = False
    assert reloaded.flush() == {}
    unsaved.forget(reloaded, session)
    assert session == {} and record_of(make_store(backend).load(sid)[0]) == record_of(newer)

    # another tab played on after the refusal: its save wins, the old copy goes
    backend.full = True
    store = make_store(backend)
    store.load(sid)
    assert not store.save(played(board, 8), SEATS, sid).ok
    unsaved.keep(store, session)
    backend.full = False
    other = make_store(backend)
    other.load(sid)
    assert other.save(played(board, 10), SEATS, sid).ok
    later = make_store(backend)
    assert unsaved.restore(later, session) == [] and session == {}
    assert record_of(later.load(sid)[0]) == record_of(played(board, 10))
    # a session value that is not a save, or an odd id, is dropped
    session.update({unsaved.UNSAVED_PREFIX + "x" * 60: "{}", unsaved.UNSAVED_PREFIX + "a1": "[[["})
    assert unsaved.restore(later, session) == [] and session == {}


def test_a_save_of_a_game_this_page_does_not_load_is_named_and_kept(board, monkeypatch):
    """Each page loads only its own game's rules: a save of another game of
    the site is refused as that game's (never called damaged), with no
    backup written and the save as it was."""
    import diceland_site.envelope as envelope
    from diceland_core.core.errors import UnknownGameError

    store = make_store()
    sid = store.save(played(board, 6), SEATS).save_id
    raw = store.backend[SAVE_PREFIX + sid]

    def only_another_game(name):
        raise UnknownGameError(f"unknown game {name!r}")

    monkeypatch.setattr(envelope, "get_game", only_another_game)
    with pytest.raises(SaveError) as caught:
        store.load(sid)
    assert caught.value.code == "other_game" and caught.value.game == "diceland"
    assert caught.value.backup_key is None and store.backups() == []
    assert store.backend[SAVE_PREFIX + sid] == raw
