"""The conformance suite: every registered game, the day it registers.

For each game of :func:`diceland_core.core.registry.games`:

- seeded whole games for every player count, checked after each action
  (someone is waiting until the game is over, every listed legal action is
  legal, undo never crosses a roll and goes back exactly one action, the
  game reaches its end): ``tests/core/test_playouts.py``; here, ``apply`` of
  an action that is not legal changes nothing;
- records: ``load_record(record_json(state))`` is the same position with the
  same rolls, and both continue identically;
- fuzzed readers (10,000 inputs each): mutated scenario objects only ever
  give ``ScenarioError`` or a replay, mutated records only ``RecordError`` or
  a state;
- a Hypothesis state machine over play / undo / save / load.
"""

from __future__ import annotations

import copy
import importlib
import json

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from diceland_core.core.errors import IllegalActionError, RecordError, ScenarioError
from diceland_core.core.record import load_record, record_json, record_of
from diceland_core.core.registry import games
from diceland_core.core.replay import parse_scenario, replay_scenario
from diceland_core.core.rng import SplitMix64
from support import scenario_of, snapshot

GAMES = games()
NAMES = list(GAMES)
#: a safety cap on actions per playout (every game ends long before)
MAX_ACTIONS = 20_000


def test_the_three_games_are_registered():
    assert NAMES == sorted(NAMES) and {"diceland", "clever", "wideshut"} <= set(NAMES)
    for definition in GAMES.values():
        assert definition.min_players <= definition.max_players
        assert definition.rule_prefix and definition.title
        assert list(definition.bots)[:1] == ["random"], definition.bots


@pytest.mark.parametrize("name", NAMES)
def test_every_listed_bot_kind_makes_its_bot(name):
    """A game lists its bot kinds without importing its bots (a page
    compiles them when one is first made): the list is the bots' own, in
    their order, and each kind makes a bot that chooses."""
    definition = GAMES[name]
    try:
        bots = importlib.import_module(definition.package + ".bots")
    except ModuleNotFoundError as exc:
        if exc.name not in (definition.package, definition.package + ".bots"):
            raise
        bots = None  # (a game whose bots live elsewhere names them itself)
    if bots is not None and hasattr(bots, "BOTS"):
        assert tuple(definition.bots) == tuple(bots.BOTS)
    for kind in definition.bot_kinds:
        assert callable(definition.make_bot(kind, seed=3).choose)
        if bots is not None and hasattr(definition.bots[kind], "resolve"):
            assert definition.bots[kind].resolve() is bots.BOTS[kind]


def pick(rng: SplitMix64, items):
    return items[rng.below(len(items))]


def random_step(state, rng: SplitMix64):
    """A random legal action of a random waiting player."""
    waiting = state.waiting_for()
    assert waiting, "nobody is waiting, yet the game is not over"
    player = pick(rng, list(waiting))
    legal = state.legal_actions(player)
    assert legal, f"player {player} is waiting but has no legal action"
    return pick(rng, legal)


def player_counts(definition):
    return range(definition.min_players, definition.max_players + 1)


@pytest.mark.parametrize("name", NAMES)
def test_illegal_actions_change_nothing(name):
    """Actions legal for one position, tried in another, are refused with a
    rule id of this game, and the state is unchanged."""
    definition = GAMES[name]
    rng = SplitMix64(77)
    n = max(2, definition.min_players)
    state = definition.new(players=n, seed=5)
    pool = []
    refused = 0
    for _ in range(400):
        if state.over:
            break
        pool.extend(state.legal_actions())
        pool = pool[-200:]
        for _ in range(3):
            stale = pick(rng, pool)
            if state.is_legal(stale):
                continue
            before = snapshot(definition, state)
            with pytest.raises(IllegalActionError) as err:
                state.apply(stale)
            assert err.value.rule.startswith(definition.rule_prefix), err.value
            assert err.value.code and err.value.text("es") and err.value.text("it")
            assert snapshot(definition, state) == before
            refused += 1
        state.apply(random_step(state, rng))
    assert refused > 20


@pytest.mark.parametrize("name", NAMES)
def test_records_round_trip_and_continue_identically(name):
    definition = GAMES[name]
    for n in player_counts(definition):
        rng = SplitMix64(n)
        state = definition.new(players=n, seed=40 + n)
        for _ in range(25 + 10 * n):
            if state.over:
                break
            state.apply(random_step(state, rng))
        text = record_json(state)
        data = json.loads(text)
        assert data["game"] == name and data["version"] == 2 and data["players"] == n
        loaded = load_record(text)
        assert type(loaded) is type(state)
        assert snapshot(definition, loaded) == snapshot(definition, state)
        assert record_json(loaded) == text
        one, two = SplitMix64(9), SplitMix64(9)
        for _ in range(40):
            if state.over:
                break
            state.apply(random_step(state, one))
            loaded.apply(random_step(loaded, two))
        assert snapshot(definition, loaded) == snapshot(definition, state)


@pytest.mark.parametrize("name", NAMES)
def test_undo_takes_back_every_action_since_the_last_roll(name):
    """``undo_window()`` counts the actions since the last roll; ``undo(k)``
    within it is the replay without the last ``k`` actions, one more is
    refused, and a finished game has none."""
    definition = GAMES[name]
    rng = SplitMix64(3)
    state = definition.new(players=definition.max_players, seed=11)
    seen = 0
    for _ in range(MAX_ACTIONS):
        window = state.undo_window()
        assert (window > 0) == state.can_undo()
        with pytest.raises(IllegalActionError):
            state.undo(window + 1)
        if window > 1 and seen < 12:
            seen += 1
            steps = 1 + rng.below(window)
            back = state.undo(steps)
            assert snapshot(definition, back) == snapshot(definition, type(state).replay(state.setup, state.actions[:-steps]))
            assert back.actions == state.actions[:-steps] and len(back.rolls) == len(state.rolls)
        if state.over:
            break
        state.apply(random_step(state, rng))
    assert state.over and state.undo_window() == 0 and seen
    with pytest.raises(IllegalActionError):
        state.undo()


# -- fuzzed readers ----------------------------------------------------------------------

JUNK = [None, True, -1, 0, 1, 2, 7, 10 ** 30, 1.5, "", "x", "red", [], [0], [[0, 0]], {}, {"x": 1},
        [[[[[[[[[[[]]]]]]]]]]]]


def mutate(rng: SplitMix64, value, depth: int = 0):
    """A copy of a JSON value with one random change somewhere inside."""
    if isinstance(value, dict) and value and rng.below(4):
        key = pick(rng, sorted(value))
        out = dict(value)
        choice = rng.below(6)
        if choice == 0:
            del out[key]
        elif choice == 1:
            out[key] = pick(rng, JUNK)
        else:
            out[key] = mutate(rng, value[key], depth + 1)
        return out
    if isinstance(value, list) and value and rng.below(4):
        i = rng.below(len(value))
        out = list(value)
        choice = rng.below(6)
        if choice == 0:
            del out[i]
        elif choice == 1:
            out.insert(i, pick(rng, JUNK) if rng.below(2) else copy.deepcopy(value[i]))
        elif choice == 2:
            out[i] = pick(rng, JUNK)
        else:
            out[i] = mutate(rng, value[i], depth + 1)
        return out
    if isinstance(value, bool) or value is None:
        return pick(rng, JUNK)
    if isinstance(value, int):
        return pick(rng, [value + 1, value - 1, -value, 0, 6, 99, str(value), 1 << 70, float(value)])
    if isinstance(value, str):
        return pick(rng, ["", value + "x", value.upper(), "purple", "0", 3, None])
    return pick(rng, JUNK)


def sample_scenario(definition, seed: int) -> dict:
    """A valid scenario object of the game: a random game written down."""
    rng = SplitMix64(seed)
    n = pick(rng, list(player_counts(definition)))
    state = definition.new(players=n, seed=seed)
    for _ in range(rng.below(30) + 1):
        if state.over:
            break
        state.apply(random_step(state, rng))
    return scenario_of(state, seed)


@pytest.mark.parametrize("name", NAMES)
def test_fuzzed_scenarios_give_a_replay_or_a_scenario_error(name):
    definition = GAMES[name]
    seeds = [sample_scenario(definition, s) for s in range(8)]
    for s in seeds:  # the unmutated samples replay to the end of their actions
        found, scenario = parse_scenario(s)
        assert found is definition
        _, result = replay_scenario(found, scenario)
        assert result["ok"], result["error"]
    rng = SplitMix64(2024)
    outcomes = {"ok": 0, "illegal": 0, "invalid": 0}
    for i in range(10_000):
        data = mutate(rng, seeds[i % len(seeds)])
        try:
            found, scenario = parse_scenario(data)
            _, result = replay_scenario(found, scenario)
        except ScenarioError:
            outcomes["invalid"] += 1
            continue
        outcomes["ok" if result["ok"] else "illegal"] += 1
        json.dumps(result)
    assert all(outcomes.values()), outcomes


@pytest.mark.parametrize("name", NAMES)
def test_fuzzed_records_give_a_state_or_a_record_error(name):
    definition = GAMES[name]
    rng = SplitMix64(7)
    good = []
    for seed in range(4):
        state = definition.new(players=max(2, definition.min_players), seed=seed)
        for _ in range(rng.below(40) + 1):
            if state.over:
                break
            state.apply(random_step(state, rng))
        good.append(record_of(state))
    loaded = rejected = 0
    for i in range(10_000):
        data = mutate(rng, good[i % len(good)])
        try:
            load_record(data)
        except RecordError:
            rejected += 1
            continue
        loaded += 1
    assert loaded and rejected


# -- a state machine over play, undo, save and load ---------------------------------------

class PlayUndoSaveLoad(RuleBasedStateMachine):
    """Random sequences of moves, undos, saves and loads keep one game: the
    loaded game is the saved one, undo goes back to the position before the
    last action."""

    name = NAMES[0]

    @initialize(seed=st.integers(0, 2 ** 32), extra=st.integers(0, 3))
    def start(self, seed, extra):
        self.definition = GAMES[self.name]
        span = self.definition.max_players - self.definition.min_players
        self.players = self.definition.min_players + extra % (span + 1)
        self.state = self.definition.new(players=self.players, seed=seed)
        self.rng = SplitMix64(seed)
        self.history = [snapshot(self.definition, self.state)]

    @precondition(lambda self: not self.state.over)
    @rule()
    def play(self):
        self.state.apply(random_step(self.state, self.rng))
        self.history.append(snapshot(self.definition, self.state))

    @precondition(lambda self: self.state.can_undo())
    @rule()
    def undo(self):
        self.state = self.state.undo()
        self.history.pop()
        assert snapshot(self.definition, self.state) == self.history[-1]

    @rule()
    def save_and_load(self):
        self.state = load_record(json.loads(record_json(self.state)))
        assert snapshot(self.definition, self.state) == self.history[-1]

    @invariant()
    def someone_decides_until_the_end(self):
        if hasattr(self, "state"):
            assert bool(self.state.waiting_for()) != self.state.over


@pytest.mark.parametrize("name", NAMES)
def test_play_undo_save_load_machine(name):
    machine = type(f"PlayUndoSaveLoad_{name}", (PlayUndoSaveLoad,), {"name": name})
    machine.TestCase.settings = settings(max_examples=25, stateful_step_count=40, deadline=None,
                                         suppress_health_check=list(HealthCheck))
    machine.TestCase().runTest()
