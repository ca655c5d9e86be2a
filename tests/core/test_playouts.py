"""Seeded whole games of every registered game, beside the conformance suite.

For each game of :func:`diceland_core.core.registry.game_names` and each of
its player counts, twelve seeded games of random-but-legal players from
``new()`` (or the seeds its support module names) and one whole game of
each bot kind:

- at every action someone is waiting and has a legal action, the waiting
  players' actions are among ``legal_actions()``, listed actions are legal
  and apply (on a copy), an action's JSON reads back to the same action,
  undo is offered exactly when no dice were rolled since and goes back to
  the position before (refused with the game's undo rule otherwise);
- the game reaches its end: one outcome, consistent with ``scores()``,
  ``summary()`` and the score areas, nobody waiting, nothing legal;
- the record (``setup_of`` / ``from_setup`` / ``rolls_of`` with the
  actions' JSON, and the core's envelope) and the scenario form (every roll
  fixed) replay to the same position, whole and cut at a third.

A game's own checks plug in from its test folder's ``<game>_support``
module, when it has one: ``playout_checker(state)`` (called after every
action with the state, the action and its events), ``check_game_over(state)``
and ``PLAYOUT_SEEDS`` (the seeds of the random games, when not twelve).  The
rule an undo is refused with is the definition's ``undo_rule``.
"""

from __future__ import annotations

import importlib
import json

import pytest

from diceland_core.core.errors import IllegalActionError
from diceland_core.core.protocol import GameOver
from diceland_core.core.record import load_record, record_json, record_of
from diceland_core.core.registry import game_names, get_game
from diceland_core.core.replay import parse_scenario, replay_scenario
from diceland_core.core.rng import SplitMix64
from support import scenario_of, snapshot

NAMES = game_names()
#: seeds of the random games, for every player count of a game, unless the
#: game's support module names its own
SEEDS = range(12)
#: a safety cap on actions per game (every game ends long before)
MAX_ACTIONS = 20_000
#: at most this many listed actions are applied on copies at a checked step
SAMPLE = 50


def support(name: str):
    """The game's test helpers (``tests/<game>/<game>_support.py``), or None."""
    module = f"{name}_support"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return None


def cases() -> list[tuple[str, int]]:
    out = []
    for name in NAMES:
        definition = get_game(name)
        out += [(name, n) for n in range(definition.min_players, definition.max_players + 1)]
    return out


def options(state) -> list:
    """The waiting players' legal actions, in waiting order."""
    waiting = state.waiting_for()
    assert waiting, "nobody is waiting, yet the game is not over"
    found = [a for p in waiting for a in state.legal_actions(p)]
    assert found, f"players {waiting} are waiting but have no legal action"
    return found


def checked_game(name: str, players: int, seed: int):
    """A whole game of uniformly random legal actions (among every waiting
    player's), checked after every action."""
    definition = get_game(name)
    state = definition.new(players=players, seed=seed)
    hook = getattr(support(name), "playout_checker", None)
    after = hook(state) if hook else None
    rng = SplitMix64(seed * 7919 + players)
    steps = 0
    while not state.over:
        mine = options(state)
        listed = state.legal_actions()
        assert set(mine) <= set(listed)
        if steps % 3 == 0:
            for a in listed[::max(1, len(listed) // SAMPLE)]:
                assert state.is_legal(a), a
                state.copy().apply(a)
        action = mine[rng.below(len(mine))]
        text = json.loads(json.dumps(definition.action_to_json(action)))
        assert definition.action_from_json(text) == action
        before, rolls = snapshot(definition, state), len(state.rolls)
        events = state.apply(action)
        scores = state.scores()
        assert len(scores) == players and all(isinstance(x, int) for x in scores)
        ends = [e for e in events if isinstance(e, GameOver)]
        assert len(ends) == (1 if state.over else 0), "one GameOver, with the last action"
        if ends:
            assert ends[0].winners == state.outcome().winners and ends[0].scores == scores
            assert ends[0].to_dict()["kind"] == "game_over"
        if after is not None:
            after(state, action, events)
        if len(state.rolls) == rolls and not state.over:
            assert state.can_undo()
            if steps < 60 or steps % 5 == 0:
                back = state.undo()
                assert snapshot(definition, back) == before
                assert back.actions == state.actions[:-1]
        else:
            assert not state.can_undo()
            with pytest.raises(IllegalActionError) as err:
                state.undo()
            assert err.value.rule == definition.undo_rule
        steps += 1
        assert steps < MAX_ACTIONS, f"{name}: {players} players, seed {seed}: not over"
    return state


def assert_finished(definition, state) -> None:
    """The end of a game, as every game reports it."""
    out = state.outcome()
    assert out is not None and len(out.scores) == state.players and out.winners
    assert out.scores == state.scores() and all(0 <= w < state.players for w in out.winners)
    assert state.legal_actions() == [] and state.waiting_for() == ()
    summary = state.summary()
    assert summary["game_over"] and summary["winners"] == list(out.winners)
    if definition.areas:
        assert all(set(definition.areas) <= set(a) for a in out.areas)
        assert len(out.areas) == state.players
    hook = getattr(support(definition.name), "check_game_over", None)
    if hook:
        hook(state)


def assert_records_replay(definition, state, seed: int) -> None:
    """Whole and cut at a third: the game's record hooks, the core's
    envelope and the scenario form give back the same position."""
    for cut in (len(state.actions) // 3, len(state.actions)):
        setup = json.loads(json.dumps(definition.setup_of(state)))
        part = definition.from_setup(setup, seed, state.players)
        for a in state.actions[:cut]:
            part.apply(definition.action_from_json(json.loads(json.dumps(definition.action_to_json(a)))))
        if cut == len(state.actions):
            assert snapshot(definition, part) == snapshot(definition, state)
        again = load_record(record_json(part))
        assert snapshot(definition, again) == snapshot(definition, part)
        assert again.actions == part.actions
        found, parsed = parse_scenario(scenario_of(part, seed=999))
        assert found is definition
        replayed, out = replay_scenario(found, parsed)
        assert out["ok"], out["error"]
        assert replayed.summary() == part.summary() and replayed.rolls == part.rolls


@pytest.mark.parametrize("name,players", cases())
def test_seeded_random_games_reach_the_end_and_replay(name, players):
    definition = get_game(name)
    for seed in getattr(support(name), "PLAYOUT_SEEDS", SEEDS):
        state = checked_game(name, players, seed)
        assert_finished(definition, state)
        assert_records_replay(definition, state, seed)


@pytest.mark.parametrize("name,players", cases())
def test_a_whole_game_of_each_bot_kind(name, players):
    """Every seat played by one kind of bot, each bot's choice legal, up to
    the end; the game replays from its record."""
    definition = get_game(name)
    for k, kind in enumerate(definition.bot_kinds):
        seed = 300 + 10 * players + k
        state = definition.new(players=players, seed=seed)
        bots = [definition.make_bot(kind, seed * 7 + p) for p in range(players)]
        steps = 0
        while not state.over:
            player = state.waiting_for()[0]
            action = bots[player].choose(state, player)
            assert state.is_legal(action), (kind, action)
            state.apply(action)
            steps += 1
            assert steps < MAX_ACTIONS, f"{name}: the {kind} bots never finish"
        assert_finished(definition, state)
        again = load_record(record_json(state))
        assert snapshot(definition, again) == snapshot(definition, state)


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game(name):
    definition = get_game(name)
    players = max(2, definition.min_players)
    one, two = checked_game(name, players, 42), checked_game(name, players, 42)
    assert one.rolls == two.rolls and one.summary() == two.summary()
    assert one.actions == two.actions
    other = checked_game(name, players, 43)
    assert other.rolls != one.rolls


@pytest.mark.parametrize("name", NAMES)
def test_undo_before_any_action_is_refused(name):
    definition = get_game(name)
    state = definition.new(players=max(2, definition.min_players), seed=1)
    assert not state.can_undo()
    with pytest.raises(IllegalActionError) as err:
        state.undo()
    assert definition.undo_rule.startswith(definition.rule_prefix)
    assert err.value.rule == definition.undo_rule


@pytest.mark.parametrize("name", NAMES)
def test_copy_is_independent(name):
    definition = get_game(name)
    state = definition.new(players=max(2, definition.min_players), seed=3)
    rng = SplitMix64(5)
    for _ in range(7):
        state.apply(options(state)[rng.below(len(options(state)))])
    before, actions = snapshot(definition, state), list(state.actions)
    twin = state.copy()
    twin.apply(options(twin)[0])
    assert snapshot(definition, state) == before and state.actions == actions
    assert twin.actions[:7] == actions and len(twin.actions) == 8
    assert snapshot(definition, twin.copy()) == snapshot(definition, twin)
    # the copies' dice are their own: both continue with the same rolls
    a, b = state.copy(), state.copy()
    for _ in range(30):
        if a.over:
            break
        a.apply(options(a)[0])
        b.apply(options(b)[0])
    assert a.rolls == b.rolls and snapshot(definition, a) == snapshot(definition, b)


@pytest.mark.parametrize("name", NAMES)
def test_record_envelope_keeps_meta(name):
    """The core's record keeps seed, meta and the position mid-game."""
    definition = get_game(name)
    players = definition.max_players
    meta = {"seats": [f"seat {p}" for p in range(players)]}
    state = definition.new(players=players, seed=5, meta=meta)
    rng = SplitMix64(1)
    for _ in range(30):
        state.apply(options(state)[rng.below(len(options(state)))])
    record = record_of(state)
    assert record["game"] == name and record["seed"] == 5 and record["meta"] == meta
    loaded = load_record(json.loads(json.dumps(record)))
    assert snapshot(definition, loaded) == snapshot(definition, state)
    assert record_of(loaded)["meta"] == meta
