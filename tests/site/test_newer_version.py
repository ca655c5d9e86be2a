"""A save a newer version of the site wrote (its envelope or its record in
a format this version cannot read) is recognised as such, so that an old
tab stops instead of writing a fork of the game."""

from __future__ import annotations

import json

import pytest

from diceland_core.games.diceland import Game
from diceland_site.seats import Seat
from diceland_site.storage import SAVE_PREFIX, SaveStore
from support import moves

SEATS = [Seat("Ana"), Seat("Bot", "greedy")]


def newer(text: str, where: str) -> str:
    env = json.loads(text)
    if where == "envelope":
        env["envelope"] += 1
    else:
        env["record"]["version"] += 1
    env["rev"] += 1
    return json.dumps(env)


@pytest.mark.parametrize("where", ["envelope", "record"])
def test_a_save_of_a_newer_version_is_named_and_never_written_over(board, where):
    backend: dict[str, str] = {}
    store = SaveStore(backend)
    game = moves(Game.new([board, board], seed=4), 3)
    sid = store.save(game, SEATS).save_id
    assert not store.newer_version(sid)
    backend[SAVE_PREFIX + sid] = text = newer(backend[SAVE_PREFIX + sid], where)
    assert store.newer_version(sid)
    assert store.changed_elsewhere(sid)
    result = store.save(moves(game, 1), SEATS, sid)
    assert not result.ok and result.reason == "conflict"
    assert backend[SAVE_PREFIX + sid] == text


def test_a_damaged_or_missing_save_is_not_a_newer_version(board):
    backend: dict[str, str] = {}
    store = SaveStore(backend)
    sid = store.save(moves(Game.new([board, board], seed=4), 2), SEATS).save_id
    backend[SAVE_PREFIX + sid] = "{not json"
    assert not store.newer_version(sid)
    assert not store.newer_version("no-such-save") and not store.newer_version(None)
