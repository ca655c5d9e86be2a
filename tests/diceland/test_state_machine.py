"""A Hypothesis state machine over play / undo / save / load: a loaded game
always equals the game that was saved, and undo never crosses a dice roll."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from diceland_core import load_record, record_json
from diceland_core.games.diceland import Game


def snapshot(game: Game):
    return (game.summary(), game.phase, game.active, game.roll, game.held, game.leftovers,
            sorted(game.pending), list(game.bonus_queue), game.bonus_left, list(game.rolls),
            list(game.actions))


class PlayUndoSaveLoad(RuleBasedStateMachine):
    @rule(seed=st.integers(0, 2**32), players=st.integers(2, 4),
          boards=st.lists(st.sampled_from(["A", "B", "C", "D"]), min_size=4, max_size=4))
    @precondition(lambda self: not hasattr(self, "game"))
    def start(self, seed, players, boards):
        self.game = Game.new(boards[:players], seed=seed)
        self.saves: list[tuple[str, tuple]] = []

    @rule(pick=st.integers(0, 10_000), count=st.integers(1, 12))
    @precondition(lambda self: hasattr(self, "game"))
    def play(self, pick, count):
        for i in range(count):
            if self.game.over:
                return
            actions = self.game.legal_actions()
            rolls = len(self.game.rolls)
            self.game.apply(actions[(pick + i * 7919) % len(actions)])
            assert self.game.can_undo() == (len(self.game.rolls) == rolls)

    @rule()
    @precondition(lambda self: hasattr(self, "game"))
    def undo(self):
        if not self.game.can_undo():
            return
        before_rolls = list(self.game.rolls)
        previous = self.game.actions[:-1]
        self.game = self.game.undo()
        assert self.game.actions == previous and self.game.rolls == before_rolls

    @rule()
    @precondition(lambda self: hasattr(self, "game"))
    def save(self):
        self.saves.append((record_json(self.game), snapshot(self.game)))

    @rule(which=st.integers(0, 100))
    @precondition(lambda self: hasattr(self, "game") and self.saves)
    def load(self, which):
        text, snap = self.saves[which % len(self.saves)]
        self.game = load_record(text)
        assert snapshot(self.game) == snap

    @invariant()
    def record_round_trips(self):
        if hasattr(self, "game"):
            assert snapshot(load_record(record_json(self.game))) == snapshot(self.game)


PlayUndoSaveLoad.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
TestPlayUndoSaveLoad = PlayUndoSaveLoad.TestCase
