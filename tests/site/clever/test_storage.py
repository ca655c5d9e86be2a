"""Saves of the clever page: the site's one SaveStore and envelope (one list
for every game, each page resuming its own); summaries of a non-Diceland
record; export and import."""

from __future__ import annotations

import json

import pytest
from clever_page_support import tap_through

from diceland_core import record_json
from diceland_site.games.clever.controller import Controller
from diceland_site.games.clever.saves import clever_store
from diceland_site.seats import Seat
from diceland_site.save_errors import SaveError
from diceland_site.storage import SaveStore
from diceland_site.summaries import summarize


def played(n: int = 6) -> Controller:
    ctrl = Controller.new([Seat("Ana"), Seat("Bot", "expert")], seed=9)
    for _ in range(n):
        while ctrl.bot_step().ok:
            pass
        tap_through(ctrl, ctrl.hint_taps())
    return ctrl


def test_save_and_resume_give_the_same_position():
    backend: dict[str, str] = {}
    store = clever_store(backend)
    ctrl = played()
    result = store.save(ctrl.game, ctrl.seats)
    assert result.ok
    state, seats = store.load(result.save_id)
    assert record_json(state) == record_json(ctrl.game)
    assert json.loads(record_json(state))["game"] == "clever"
    assert seats == ctrl.seats
    assert [s["game"] for s in SaveStore(backend).list_saves()] == ["clever"]


def test_one_list_of_saves_each_page_resuming_its_own_game():
    from diceland_core.games.diceland import Game
    backend: dict[str, str] = {}
    ctrl = played(2)
    clever_store(backend).save(ctrl.game, ctrl.seats)
    SaveStore(backend).save(Game.new("A", players=2, seed=1), [Seat("Ana"), Seat("Bo")])
    every = SaveStore(backend).list_saves()
    assert sorted(s["game"] for s in every) == ["clever", "diceland"]   # the shell's list
    assert SaveStore(backend).last_unfinished()["game"] == "diceland"  # the Diceland page
    assert [s["game"] for s in clever_store(backend).list_saves()] == ["clever"]
    assert clever_store(backend).last_unfinished()["game"] == "clever"


def test_summary_of_a_clever_game():
    ctrl = played(3)
    summary = summarize(ctrl.game, ctrl.seats)
    assert summary["game"] == "clever"
    assert [(q["name"], q["kind"]) for q in summary["players"]] == [("Ana", "human"), ("Bot", "expert")]
    assert [q["total"] for q in summary["players"]] == [q["score"]["total"] for q in ctrl.game.summary()["players"]]
    assert summary["round"] == ctrl.game.round and summary["over"] is False
    assert summary["actions"] == len(ctrl.game.actions)


def test_export_then_import_is_a_new_save_of_the_same_game():
    backend: dict[str, str] = {}
    store = clever_store(backend)
    ctrl = played(4)
    save_id = store.save(ctrl.game, ctrl.seats).save_id
    text = store.export_json(save_id)
    other = clever_store({})
    new_id = other.import_json(text)
    state, _ = other.load(new_id)
    assert record_json(state) == record_json(ctrl.game)


def test_a_tampered_save_is_refused_and_kept():
    backend: dict[str, str] = {}
    store = clever_store(backend)
    ctrl = played(3)
    save_id = store.save(ctrl.game, ctrl.seats).save_id
    env = json.loads(backend["diceland:save:" + save_id])
    env["record"]["history"]["actions"][0]["die"] = "nonsense"
    backend["diceland:save:" + save_id] = json.dumps(env)
    with pytest.raises(SaveError) as exc:
        store.load(save_id)
    assert exc.value.backup_key in backend


def test_a_record_of_another_game_is_refused_on_import():
    from diceland_core import record_json as diceland_record
    from diceland_core.games.diceland import Game
    store = clever_store({})
    text = diceland_record(Game.new("A", players=2, seed=1))
    with pytest.raises(SaveError) as exc:
        store.import_json(text, game="clever")
    assert "clever" in str(exc.value) and exc.value.code == "other_game"
    assert "Diceland" in exc.value.message("en", importing=True) and "damaged" not in exc.value.message("en", importing=True)
    assert store.list_saves(None) == []            # nothing stored
    ctrl = played(1)
    save_id = store.import_json(record_json(ctrl.game), game="clever")   # a clever record passes
    assert [s["id"] for s in store.list_saves()] == [save_id]
    assert store.import_json(text) != save_id      # without a game, any game's record is taken
