"""Two pages (tabs) over one store: revisions, never a write over a newer
save; odd summaries, long names and future records in saves and files."""

from __future__ import annotations

import itertools
import json

import pytest

from diceland_core import record_of
from diceland_core.games.diceland import Game
from diceland_core.core.registry import get_game
from diceland_site.teaching import dump_progress, load_progress, merge_progress
from diceland_site.seats import MAX_NAME, Seat
from diceland_site.envelope import envelope_of
from diceland_site.save_errors import SaveError
from diceland_site.storage import SAVE_PREFIX, SaveStore
from diceland_site.summaries import valid_summary
from support import moves

SEATS = [Seat("Ana"), Seat("Bot", "greedy")]


def Clock():
    """A clock one second later at each call."""
    return itertools.count(1_800_000_000).__next__


def two_tabs(backend=None):
    backend = {} if backend is None else backend
    return backend, SaveStore(backend, clock=Clock()), SaveStore(backend, clock=Clock())


def played(board, n):
    return moves(Game.new([board, board], seed=4), n)


def test_a_stale_tab_never_writes_over_a_newer_save(board):
    backend, first, second = two_tabs()
    sid = first.save(played(board, 4), SEATS).save_id
    game_a, seats_a = first.load(sid)
    game_b, seats_b = second.load(sid)
    assert not first.changed_elsewhere(sid) and not second.changed_elsewhere(sid)

    moves(game_a, 2)
    assert first.save(game_a, seats_a, sid).ok
    newer = backend[SAVE_PREFIX + sid]
    assert json.loads(newer)["rev"] == 2

    assert second.changed_elsewhere(sid)
    result = second.save(moves(game_b, 1), seats_b, sid)
    assert not result.ok and result.reason == "conflict" and result.detail
    assert backend[SAVE_PREFIX + sid] == newer  # nothing lost
    assert second.set_last_frame(sid, "data:image/png;base64,AAAA").reason == "conflict"
    assert backend[SAVE_PREFIX + sid] == newer

    # the second tab reloads: it has the first tab's moves and may play on
    game_b, seats_b = second.load(sid)
    assert len(game_b.actions) == len(game_a.actions)
    assert not second.changed_elsewhere(sid)
    assert second.save(moves(game_b, 1), seats_b, sid).ok
    assert first.changed_elsewhere(sid)
    assert json.loads(backend[SAVE_PREFIX + sid])["rev"] == 3


def test_a_picture_from_another_tab_is_not_a_change_of_the_game(board):
    backend, first, second = two_tabs()
    sid = first.save(played(board, 4), SEATS).save_id
    second.load(sid)
    assert first.set_last_frame(sid, "data:image/png;base64,AAAA").ok
    assert not second.changed_elsewhere(sid) and not first.changed_elsewhere(sid)


def test_a_game_deleted_in_another_tab(board):
    backend, first, second = two_tabs()
    sid = first.save(played(board, 4), SEATS).save_id
    game, seats = second.load(sid)
    first.delete(sid)
    assert second.changed_elsewhere(sid) and second.stored_revision(sid) is None
    assert second.save(game, seats, sid).reason == "conflict"
    second.release(sid)
    assert second.save(game, seats, sid).ok
    assert first.list_saves()[0]["id"] == sid


def test_a_save_this_tab_never_read_is_not_overwritten(board):
    backend, first, second = two_tabs()
    sid = first.save(played(board, 4), SEATS).save_id
    before = backend[SAVE_PREFIX + sid]
    assert second.save(played(board, 8), SEATS, sid).reason == "conflict"
    assert backend[SAVE_PREFIX + sid] == before


def test_saves_from_before_revisions_load_and_save_on(board):
    env = envelope_of(played(board, 4), SEATS, "old", 1)
    assert "rev" not in env
    backend = {SAVE_PREFIX + "old": json.dumps(env)}
    store = SaveStore(backend)
    game, seats = store.load("old")
    assert store.save(moves(game, 1), seats, "old").ok
    assert json.loads(backend[SAVE_PREFIX + "old"])["rev"] == 1


def test_settings_written_by_two_tabs_keep_both(board):
    backend, first, second = two_tabs()
    assert first.get_setting("lang") is None
    first.set_setting("lang", "it")
    second.set_setting("current", "g1")
    assert first.settings() == {"lang": "it", "current": "g1"} == second.settings()


def test_tutorial_progress_of_two_tabs_is_merged():
    known = ["a", "b", "c"]
    stored = dump_progress({"done": ["a"], "lang": "en"})
    mine = {"done": ["c"], "lang": "es"}
    merged = merge_progress(stored, mine, known)
    assert merged == {"done": ["a", "c"], "lang": "es"}
    assert load_progress(dump_progress(merged), known)["done"] == ["a", "c"]
    assert merge_progress("[" * 100_000, mine, known)["done"] == ["c"]


# -- the saved-games list --------------------------------------------------------------

@pytest.mark.parametrize("summary", [
    {"players": [1, 2]}, {"players": "Ana"}, {"players": [{"name": 5}]}, {"players": []},
    {"players": [{"name": "x" * 1000}]}, {"players": [{"name": "Ana"}], "turn": "3"},
    {"players": [{"name": "Ana"}], "over": "no"}, [1, 2], "text",
], ids=repr)
def test_one_odd_summary_hides_no_save(board, summary):
    store = SaveStore({}, clock=Clock())
    good = store.save(played(board, 4), SEATS).save_id
    odd = store.save(played(board, 6), [Seat("Bo"), Seat("Cy", "expert")]).save_id
    key = SAVE_PREFIX + odd
    env = json.loads(store.backend[key])
    env["summary"] = summary
    store.backend[key] = json.dumps(env)
    listed = {s["id"]: s for s in store.list_saves()}
    assert set(listed) == {good, odd}
    if isinstance(summary, dict):  # rebuilt from the record
        assert not listed[odd]["broken"] and valid_summary(listed[odd])
        assert [p["name"] for p in listed[odd]["players"]] == ["Bo", "Cy"]
    else:  # an envelope whose summary is not an object is damaged, and listed so
        assert listed[odd]["broken"]
    assert not listed[good]["broken"]


@pytest.mark.parametrize("name", ["clever", "wideshut"])
def test_a_save_of_another_game_with_an_odd_summary_is_listed(name):
    game = moves(get_game(name).new(players=2, seed=1), 3)
    env = {"app": "diceland", "envelope": 1, "id": "other", "saved_at": 5, "record": record_of(game),
           "seats": [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}],
           "summary": {"players": [1, 2]}}
    store = SaveStore({SAVE_PREFIX + "other": json.dumps(env)})
    [entry] = store.list_saves()
    assert not entry["broken"] and valid_summary(entry)
    assert [p["name"] for p in entry["players"]] == ["Ana", "Bo"] and entry["actions"] == 3


def test_valid_summary():
    assert valid_summary({"players": [{"name": "Ana", "stars": 3}], "turn": 2, "over": False, "extra": [1]})
    assert not valid_summary({"players": [1, 2]})


# -- names -----------------------------------------------------------------------------

def test_long_names_are_cut_everywhere(board):
    assert Seat("x" * 10_000).name == "x" * MAX_NAME
    store = SaveStore({}, clock=Clock())
    sid = store.save(played(board, 4), SEATS).save_id
    env = json.loads(store.export_json(sid))
    env["seats"][0]["name"] = "N" * 500_000
    env["id"] = None
    new = store.import_json(json.dumps(env))
    assert store.import_notes == ["names_trimmed"]
    _, seats = store.load(new)
    assert seats[0].name == "N" * MAX_NAME
    listed = {s["id"]: s for s in store.list_saves()}
    assert listed[new]["players"][0]["name"] == "N" * MAX_NAME
    store.import_json(store.export_json(sid))
    assert store.import_notes == []


# -- a newer version ----------------------------------------------------------------------

@pytest.mark.parametrize("change", ["engine", "version"])
def test_a_record_of_a_newer_version_is_refused_as_future(board, change):
    record = record_of(played(board, 4))
    if change == "engine":
        record["engine"] = "999.0.0"
    else:
        record["version"] = 99
    for text in (json.dumps(record),
                 json.dumps({"app": "diceland", "envelope": 1, "saved_at": 0, "record": record})):
        store = SaveStore({})
        with pytest.raises(SaveError) as info:
            store.import_json(text)
        assert info.value.code == "future"
        for lang in ("en", "es", "it"):
            message = info.value.message(lang, importing=True)
            assert message and "error." not in message
        assert "newer version" in info.value.message("en", importing=True)
    backend = {SAVE_PREFIX + "x": json.dumps({"app": "diceland", "envelope": 1, "saved_at": 0, "record": record})}
    store = SaveStore(backend)
    with pytest.raises(SaveError) as info:
        store.load("x")
    assert info.value.code == "future" and "newer version" in info.value.message("en")
    assert store.list_saves()[0]["broken"]
