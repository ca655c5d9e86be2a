"""The search bots (``search`` kind of Dice Wide Shut and Diceland) and the
rollout search they share (:mod:`diceland_core.core.search`): the strongest
kind, seeded, legal, read-only; the best mean wins with the expert's order
breaking ties; every candidate of a rollout sees the same dice."""

from __future__ import annotations

import pytest

from diceland_core.core.record import record_json
from diceland_core.core.registry import get_game
from diceland_core.core.search import SearchPlan, rollout_seed, search
from support import snapshot

GAMES = ("wideshut", "diceland")
#: search decisions played per game in the seeded test (a whole game takes seconds)
DECISIONS = 8


def opening(name: str, seed: int, bot_seed: int) -> tuple[object, list]:
    """A 2-player game, search against expert, until the search bot has made
    ``DECISIONS`` decisions with more than one legal action; every action it
    chose is checked legal and the position unchanged by its choosing."""
    definition = get_game(name)
    options = {"board": "C"} if name == "diceland" else {}
    state = definition.new(players=2, seed=seed, **options)
    bots = [definition.make_bot("search", bot_seed), definition.make_bot("expert", bot_seed + 1)]
    chosen = []
    while not state.over and len(chosen) < DECISIONS:
        player = state.waiting_for()[0]
        before = snapshot(definition, state)
        action = bots[player].choose(state, player)
        assert snapshot(definition, state) == before
        legal = state.legal_actions(player)
        assert action in legal and state.is_legal(action), action
        if player == 0 and len(legal) > 1:
            chosen.append(definition.action_to_json(action))
        state.apply(action)
    assert len(chosen) == DECISIONS
    return state, chosen


KINDS = {"diceland": ("random", "greedy", "strong", "learned", "expert", "search"),
         "wideshut": ("random", "greedy", "learned", "strong", "expert", "search")}


@pytest.mark.parametrize("name", GAMES)
def test_search_is_the_strongest_kind(name):
    definition = get_game(name)
    assert definition.bot_kinds == KINDS[name]
    assert definition.make_bot("search", 1).kind == "search"


@pytest.mark.parametrize("name", GAMES)
def test_search_is_seeded_and_legal(name):
    one, chosen = opening(name, 21, 5)
    two, again = opening(name, 21, 5)
    assert chosen == again and record_json(one) == record_json(two)


def test_search_refuses_a_player_without_a_decision():
    for name in GAMES:
        definition = get_game(name)
        options = {"board": "C"} if name == "diceland" else {}
        state = definition.new(players=2, seed=3, **options)
        idle = 1 - state.waiting_for()[0]
        with pytest.raises(ValueError):
            definition.make_bot("search", 0).choose(state, idle)


def wideshut_take_position():
    definition = get_game("wideshut")
    state = definition.new(players=2, seed=8)
    state.apply(state.legal_actions()[0])  # the roll
    player = state.waiting_for()[0]
    return definition, state, player


def test_the_best_mean_wins_and_ties_keep_the_experts_order():
    definition, state, player = wideshut_take_position()
    expert = definition.make_bot("expert", 0)
    candidates = state.legal_actions(player)[:4]
    plan = SearchPlan(candidates=4, rollouts=2)
    before = snapshot(definition, state)
    # every candidate worth the same: the first (the expert's best) is kept
    first, means = search(state, player, candidates, plan, 1, expert, lambda s, p: 0.0, lambda s: True)
    assert first == candidates[0] and means == [0.0] * 4
    # a value that prefers the third candidate's position
    third = candidates[2]
    choice, means = search(state, player, candidates, plan, 1, expert,
                           lambda s, p: float(s.actions[-1] == third), lambda s: True)
    assert choice == third and means == [0.0, 0.0, 1.0, 0.0]
    assert snapshot(definition, state) == before


def test_every_candidate_of_a_rollout_sees_the_same_dice():
    """Common random numbers: rollout r plays every candidate on with the
    same next roll, and different rollouts see different rolls."""
    definition, state, player = wideshut_take_position()
    expert = definition.make_bot("expert", 0)
    candidates = [t for t, _ in state.outcomes(player)][:3]
    seen: list[tuple] = []

    def value(end, p):
        seen.append(end.rolls[-1])
        return 0.0

    end = state.round + 2
    search(state, player, candidates, SearchPlan(3, 3), 9, expert, value, lambda s: s.round >= end,
           lambda s: (s.round,))
    rolls = [seen[3 * r:3 * r + 3] for r in range(3)]
    assert all(len(set(batch)) == 1 for batch in rolls), rolls
    assert len({batch[0] for batch in rolls}) == 3
    assert all(roll != state.roll for roll in seen)
    # the seeds depend on the bot's seed, the position and the rollout only
    assert rollout_seed(9, 4, 0) == rollout_seed(9, 4, 0) != rollout_seed(9, 4, 1) != rollout_seed(9, 5, 1)


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_rollout_scores_the_win(name):
    """The value a rollout ends with: a finished game is won (about 1) or
    lost (about 0) for the seat, as the game's outcome says."""
    definition = get_game(name)
    options = {"board": "C"} if name == "diceland" else {}
    state = definition.new(players=2, seed=4, **options)
    bots = [definition.make_bot("greedy", 1), definition.make_bot("greedy", 2)]
    while not state.over:
        player = state.waiting_for()[0]
        state.apply(bots[player].choose(state, player))
    search_bot = definition.make_bot("search", 0)
    value = search_bot.expert.position_value if name == "wideshut" else search_bot.win_chance
    winners = state.outcome().winners
    for seat in range(2):
        won = 1.0 / len(winners) if seat in winners else 0.0
        assert value(state, seat) == pytest.approx(won, abs=0.2), (seat, winners)
