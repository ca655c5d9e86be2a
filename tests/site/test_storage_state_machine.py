"""A Hypothesis state machine over the saved games of the page: play, undo,
save, load, reload (a new page over the same storage resumes the newest
unfinished game), storage that fills up and is freed again.

What must hold: a reloaded game equals the one last saved successfully; a save
the storage refuses never damages or removes the previous good save; the game
in memory goes on; once there is room again, ``flush()`` writes the latest
state of every game.
"""

from __future__ import annotations

import itertools
import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from diceland_core.games.diceland import Game
from diceland_core.core.record import record_json
from diceland_site.seats import Seat
from diceland_site.storage import SAVE_PREFIX, SaveStore

SEATS = [Seat("Ana"), Seat("<img src=x onerror=alert(1)>", "greedy")]
FRAME = "data:image/png;base64," + "QUJD" * 50


class QuotaError(Exception):
    """What a full localStorage raises (QuotaExceededError)."""


class QuotaBackend(dict):
    """A string store that refuses every write while ``full``."""

    full = False

    def __setitem__(self, key: str, value: str) -> None:
        if self.full:
            raise QuotaError("QuotaExceededError: the quota has been exceeded")
        super().__setitem__(key, value)


def stored_record(text: str) -> str:
    """The record of a stored envelope, as ``record_json`` writes it."""
    return json.dumps(json.loads(text)["record"], ensure_ascii=False, separators=(",", ":"))


class SavedGames(RuleBasedStateMachine):
    """The model: ``good`` (save id → record in the storage, with its time)
    and ``held`` (save id → record the store keeps in memory, not written)."""

    @initialize(seed=st.integers(0, 2**32), board=st.sampled_from(["A", "B", "C", "D"]))
    def start(self, seed, board):
        self.backend = QuotaBackend()
        self.clock = itertools.count(1_700_000_000)
        self.ids = (f"g{i}" for i in itertools.count(1))
        self.store = self._page()
        self.good: dict[str, tuple[str, int, bool]] = {}  # id → (record, saved at, over)
        self.held: dict[str, tuple[str, int, bool]] = {}
        self._new_game(seed, board)

    def _page(self) -> SaveStore:
        return SaveStore(self.backend, clock=lambda: next(self.clock), new_id=lambda: next(self.ids))

    def _new_game(self, seed: int, board: str) -> None:
        self.game = Game.new([board, board], seed=seed)
        self.save_id: str | None = None

    # -- playing --------------------------------------------------------------------------------
    @rule(pick=st.integers(0, 10_000), count=st.integers(1, 8))
    def play(self, pick, count):
        for i in range(count):
            if self.game.over:
                return
            actions = self.game.legal_actions()
            self.game.apply(actions[(pick + i * 7919) % len(actions)])

    @rule()
    def undo(self):
        if self.game.can_undo():
            self.game = self.game.undo()

    @rule(seed=st.integers(0, 2**32), board=st.sampled_from(["A", "B", "C", "D"]))
    @precondition(lambda self: len(set(self.good) | set(self.held)) < 4)
    def new_game(self, seed, board):
        """The page saves a new game at once."""
        self._new_game(seed, board)
        self.save(thumbnail=False)

    # -- saving ---------------------------------------------------------------------------------
    @rule(thumbnail=st.booleans())
    def save(self, thumbnail):
        before = dict(self.backend)
        record = record_json(self.game)
        result = self.store.save(self.game, SEATS, self.save_id, FRAME if thumbnail else None)
        self.save_id = result.save_id
        saved_at = next(self.clock) - 1  # the reading the store took
        entry = (record, saved_at * 1000, self.game.over)
        assert record_json(self.game) == record  # the game in memory goes on as it was
        if result.ok:
            assert not self.backend.full
            self.good.update(self.held)  # a write that works writes what was held too
            self.held.clear()
            self.good[result.save_id] = entry
        else:
            assert self.backend.full and result.reason == "quota" and result.detail
            assert dict(self.backend) == before  # nothing damaged or removed
            self.held[result.save_id] = entry

    @rule()
    @precondition(lambda self: self.save_id is not None)
    def thumbnail(self):
        sid = self.save_id
        result = self.store.set_last_frame(sid, FRAME)
        if result.ok:
            self.good.update(self.held)
            self.held.clear()
        else:
            assert self.backend.full and result.reason == "quota"
            self.held.setdefault(sid, self.good.get(sid))
        assert self.store.last_frame(sid) == FRAME

    @rule()
    @precondition(lambda self: not self.backend.full)
    def storage_full(self):
        self.backend.full = True

    @rule()
    @precondition(lambda self: self.backend.full)
    def storage_freed(self):
        self.backend.full = False
        assert self.store.flush() == {}
        self.good.update(self.held)
        self.held.clear()
        assert self.store.pending == []

    # -- loading --------------------------------------------------------------------------------
    @rule()
    @precondition(lambda self: self.save_id is not None)
    def load(self):
        game, seats = self.store.load(self.save_id)
        record, _, _ = self.held.get(self.save_id) or self.good[self.save_id]
        assert record_json(game) == record and seats == SEATS
        self.game = game

    @rule()
    def reload(self):
        """A new page over the same storage: what was only held in memory is gone."""
        self.store = self._page()
        self.held.clear()
        unfinished = [(at, sid) for sid, (_, at, over) in self.good.items() if not over]
        last = self.store.last_unfinished()
        if not unfinished:
            assert last is None
            self._new_game(len(self.good), "A")
            return
        _, expected = max(unfinished)
        assert last is not None and last["id"] == expected and not last["broken"]
        game, seats = self.store.load(expected)
        assert record_json(game) == self.good[expected][0] and seats == SEATS
        self.game, self.save_id = game, expected

    # -- always ---------------------------------------------------------------------------------
    @invariant()
    def storage_holds_the_last_good_saves(self):
        for sid, (record, saved_at, _) in self.good.items():
            text = self.backend[SAVE_PREFIX + sid]
            assert stored_record(text) == record and json.loads(text)["saved_at"] == saved_at
        assert self.store.pending == sorted(self.held)
        listing = self.store.list_saves()
        assert not any(s["broken"] for s in listing)
        assert {s["id"] for s in listing} == set(self.good) | set(self.held)
        assert not [k for k in self.backend if not k.startswith(SAVE_PREFIX)]  # no backups: nothing broke


SavedGames.TestCase.settings = settings(
    max_examples=100, stateful_step_count=40, deadline=None, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestSavedGames = SavedGames.TestCase


def test_freeing_the_storage_writes_every_game_held_in_memory():
    backend = QuotaBackend()
    store = SaveStore(backend, clock=itertools.count(1_700_000_000).__next__)
    games = [Game.new(["A", "A"], seed=s) for s in range(3)]
    ids = [store.save(g, SEATS).save_id for g in games]
    backend.full = True
    for g in games:
        g.apply(g.legal_actions()[0])
    assert not any(store.save(g, SEATS, sid).ok for g, sid in zip(games, ids))
    assert store.pending == sorted(ids)
    assert [stored_record(backend[SAVE_PREFIX + sid]) for sid in ids] != [record_json(g) for g in games]
    backend.full = False
    assert store.flush() == {} and store.pending == []
    assert [stored_record(backend[SAVE_PREFIX + sid]) for sid in ids] == [record_json(g) for g in games]
