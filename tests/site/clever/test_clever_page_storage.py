"""Saves of the clever page: the site's SaveStore and envelope, in their own
namespace; summaries of a non-Diceland record; export and import."""

from __future__ import annotations

import json

import pytest
from conftest import tap_through

from diceland_core import record_json
from diceland_site.clever.controller import CleverController
from diceland_site.clever.saves import Namespaced, clever_store
from diceland_site.seats import Seat
from diceland_site.storage import SaveError, SaveStore, summarize


def played(n: int = 6) -> CleverController:
    ctrl = CleverController.new([Seat("Ana"), Seat("Bot", "expert")], seed=9)
    for _ in range(n):
        while ctrl.bot_step():
            pass
        tap_through(ctrl, ctrl.hint_taps())
    return ctrl


def test_save_and_resume_give_the_same_position():
    backend: dict[str, str] = {}
    store = clever_store(backend)
    ctrl = played()
    result = store.save(ctrl.state, ctrl.seats)
    assert result.ok
    state, seats = store.load(result.save_id)
    assert record_json(state) == record_json(ctrl.state)
    assert json.loads(record_json(state))["game"] == "clever"
    assert seats == ctrl.seats
    assert all(k.startswith("clever:diceland:save:") for k in backend)


def test_the_diceland_store_does_not_see_clever_saves():
    backend: dict[str, str] = {}
    ctrl = played(2)
    clever_store(backend).save(ctrl.state, ctrl.seats)
    assert SaveStore(backend).list_saves() == []
    assert SaveStore(backend).last_unfinished() is None
    assert len(clever_store(backend).list_saves()) == 1


def test_summary_of_a_clever_game():
    ctrl = played(3)
    summary = summarize(ctrl.state, ctrl.seats)
    assert summary["game"] == "clever"
    assert summary["players"] == [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "expert"}]
    assert summary["round"] == ctrl.state.round and summary["over"] is False
    assert summary["actions"] == len(ctrl.state.actions)


def test_export_then_import_is_a_new_save_of_the_same_game():
    backend: dict[str, str] = {}
    store = clever_store(backend)
    ctrl = played(4)
    save_id = store.save(ctrl.state, ctrl.seats).save_id
    text = store.export_json(save_id)
    other = clever_store({})
    new_id = other.import_json(text)
    state, _ = other.load(new_id)
    assert record_json(state) == record_json(ctrl.state)


def test_a_tampered_save_is_refused_and_kept():
    backend: dict[str, str] = {}
    store = clever_store(backend)
    ctrl = played(3)
    save_id = store.save(ctrl.state, ctrl.seats).save_id
    env = json.loads(backend["clever:diceland:save:" + save_id])
    env["record"]["history"]["actions"][0]["die"] = "nonsense"
    backend["clever:diceland:save:" + save_id] = json.dumps(env)
    with pytest.raises(SaveError) as exc:
        store.load(save_id)
    assert exc.value.backup_key in Namespaced(backend).keys()


def test_namespaced_mapping():
    backend = {"a": "1", "clever:b": "2"}
    ns = Namespaced(backend)
    assert ns.keys() == ["b"] and ns["b"] == "2" and ns.get("a") is None and len(ns) == 1
    ns["c"] = "3"
    del ns["b"]
    assert backend == {"a": "1", "clever:c": "3"}


def test_a_record_of_another_game_is_refused_on_import():
    from diceland_core import Game, record_json as diceland_record
    from diceland_site.clever.saves import check_clever
    text = diceland_record(Game.new("A", players=2, seed=1))
    with pytest.raises(SaveError) as exc:
        check_clever(text)
    assert "clever" in str(exc.value)
    ctrl = played(1)
    check_clever(record_json(ctrl.state))          # a clever record passes
    check_clever("not json")                       # left to the store, which says what is wrong
