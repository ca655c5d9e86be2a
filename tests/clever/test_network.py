"""The expert's value network (bots/network.py): the afterstate's inputs,
the solo view of a game of several players, the pure-Python network
against the trainer's numpy one, the shipped file and files that are not
whole, and the expert's choice (the best score after plus the network's
value)."""

from __future__ import annotations

import copy
import json

import pytest

from diceland_core.games.clever import new
from diceland_core.games.clever.bots import ExpertBot, GreedyBot, play_game
from diceland_core.core import network as shared
from diceland_core.games.clever.bots import network as N
from diceland_core.games.clever.game import HAND

from clever_support import an_action_that_earns_a_cross_of_choice


def dense(pairs) -> list[float]:
    x = [0.0] * N.INPUTS
    for i, v in pairs:
        assert 0 <= i < N.INPUTS
        x[i] += v
    return x


def test_inputs_are_the_sheet_and_where_the_game_stands_never_the_dice_values():
    a, b = new(players=1, seed=1), new(players=1, seed=2)
    assert a.faces != b.faces and dense(N.features(a)) == dense(N.features(b))
    x = dense(N.features(a))
    assert x[N._BIAS] == 1.0 and x[N._ROUND + 1] == 1.0 and x[N._PASSIVE] == 1.0
    assert sum(x[N._HAND:N._HAND + 6]) == sum(1 for d in range(6) if a.loc[d] == HAND)


def test_inputs_follow_the_marks_and_the_points():
    state = new(players=1, seed=3)
    sheet = state.sheets[0]
    sheet.g = 4                         # green: four marks
    sheet.o = [6, 5]
    x = dense(N.features(state))
    scores = sheet.area_scores()
    assert x[N._GREEN + 4] == 1.0 and x[N._ORANGE + 2] == 1.0
    assert x[N._AREAS + 2] == pytest.approx(scores["green"] / N.POINTS)
    assert x[N._AREAS + 3] == pytest.approx(11 / N.POINTS) and x[N._ORANGE_SUM] == pytest.approx(11 / 60)
    assert x[N._LOWEST] == 0.0          # yellow, blue and purple score nothing yet


def test_games_of_several_players_are_seen_as_the_solo_game():
    state = new(players=2, seed=4, start_player=0)
    assert N._view(state, 0) == (1, False)           # the start player's own turn
    assert N._view(state, 1) == (1, True)            # round 1: seat 1's own turn is still to come
    state.active = 1
    assert N._view(state, 0) == (1, True)            # its own turn of round 1 is over
    x = dense(N.features(state, 0))                  # seat 1 rolls: seat 0 sees a solo passive turn
    assert x[N._PASSIVE + 1] == 1.0 and x[N._PICKS] == 1.0 and x[N._PHASE + 1] == 1.0
    assert sum(x[N._HAND:N._HAND + 6]) == 0
    four = new(players=4, seed=4, start_player=0)
    assert four.rounds == 4 and N._view(four, 0) == (3, False)   # 4 rounds: counted back from round 6


def test_a_passive_pick_still_to_make_is_told_from_one_made():
    """After the active turn the solo passive pick is still to make; once
    made, the next afterstates say so (C11.3, C6.1)."""
    state = new(players=1, seed=5)
    bot = ExpertBot(0)
    while not state.solo_passive:
        assert dense(N.features(state))[N._DUE] == 0.0
        state.apply(bot.choose(state, 0))
    assert dense(N.features(state))[N._DUE] == 1.0   # the active turn ended: a pick from the platter to come
    take = next(a for a in state.legal_actions(0) if a.type == "take")
    state.apply(take)
    assert state.solo_passive and dense(N.features(state))[N._DUE] == 0.0
    two = new(players=2, seed=4, start_player=0)
    assert dense(N.features(two, 1))[N._DUE] == 1.0  # seat 0 rolls: seat 1 will pick from its platter
    assert dense(N.features(two, 0))[N._DUE] == 0.0
    while two.phase != "finish":
        two.apply(ExpertBot(0).choose(two, 0))
    assert dense(N.features(two, 1))[N._DUE] == 1.0
    two.apply(ExpertBot(0).choose(two, 1))           # seat 1 picks from the platter
    assert two.done[1] and dense(N.features(two, 1))[N._DUE] == 0.0


def test_the_pure_python_network_is_the_trainers():
    numpy = pytest.importorskip("numpy")
    from test_td_training import td
    net = td.Net(12, 3)
    rng = numpy.random.default_rng(1)
    for k in net.params:
        net.params[k] = (rng.standard_normal(net.params[k].shape) * 0.3).astype(numpy.float32)
    pure = N.Network.from_json(net.to_json({"test": True}))
    state = new(players=1, seed=7)
    for _ in range(20):
        x = td.features(state)
        assert pure(N.features(state)) == pytest.approx(float(net(x[None])[0]), abs=0.05)
        state.apply(GreedyBot(1).choose(state, state.waiting_for()[0]))


def test_the_shipped_network_is_whole_and_says_how_it_was_learned():
    net = N.load_network()
    assert net.inputs == N.INPUTS and net.hidden >= 64
    runs = net.trained["runs"]
    assert sum(r["games"] for r in runs) >= 10_000 and runs[-1]["greedy"]["mean"] > 200
    assert N.NETWORK_FILE.stat().st_size < 200_000


@pytest.mark.parametrize("damage, words", [
    (lambda d: d.update(inputs=12), "inputs"),
    (lambda d: d.update(w1=d["w1"][:-8]), "not whole"),
    (lambda d: d.update(b1="not base64 at all!"), "not whole"),
    (lambda d: d.pop("w2"), "not whole"),
    (lambda d: d.update(hidden="many"), "not whole"),
])
def test_a_network_file_that_is_not_whole_is_refused_in_plain_words(damage, words):
    data = copy.deepcopy(json.loads(N.NETWORK_FILE.read_text(encoding="utf-8")))
    damage(data)
    with pytest.raises(ValueError, match=words):
        N.Network.from_json(data)


def test_the_expert_plays_the_best_score_after_plus_the_value():
    state = new(players=1, seed=12)
    bot = ExpertBot(0)
    ranked = bot.ranked(state, 0)
    assert [v for v, _ in ranked] == sorted((v for v, _ in ranked), reverse=True)
    for v, action in ranked:
        after = state.copy()
        after.apply(action)
        assert v == pytest.approx(N.value(after, 0, bot.network))
        if after.pending_player is None:
            assert v == pytest.approx(after.sheets[0].total() + bot.network(N.features(after, 0)))
    assert bot.choose(state, 0) == ranked[0][1]


def test_a_cross_of_choice_still_to_make_is_made_the_best_way_before_the_network_is_asked():
    state, action, after = an_action_that_earns_a_cross_of_choice()
    net = N.load_network()
    choices = after.legal_actions(0)
    assert choices and all(c.type == "bonus" for c in choices)
    worth = []
    for choice in choices:
        made = after.copy()
        made.apply(choice)
        worth.append(N.value(made, 0, net))
        mine, before = made.sheets[0], after.sheets[0]
        assert (mine.y, mine.b) != (before.y, before.b)     # the cross is made
    assert N.value(after, 0, net) == pytest.approx(max(worth))
    unmade = after.sheets[0].total() + net(N.features(after, 0))
    assert N.value(after, 0, net) != pytest.approx(unmade)
    ranked = dict((repr(a), v) for v, a in ExpertBot(0).ranked(state, 0))
    assert ranked[repr(action)] == pytest.approx(max(worth))


def test_a_list_summed_from_the_last_one_gives_the_output_of_one_summed_in_full(monkeypatch):
    net = N.load_network()
    state, lists = new(players=1, seed=14), []
    bot = ExpertBot(0)
    while not state.over:
        for action in state.legal_actions(0):
            after = state.copy()
            after.apply(action)
            lists.append(N.features(after, 0))
        state.apply(bot.choose(state, 0))
    quick = [net(pairs) for pairs in lists]
    assert net._last[2] > 0                          # some lists were summed from others
    monkeypatch.setattr(shared, "FRESH", 0)          # every list summed in full
    assert [net(pairs) for pairs in lists] == quick
    assert net._last[2] == 0


def test_a_network_that_prizes_one_area_changes_the_expert_s_choice():
    """The choice is the network's: a network whose only weight is green's
    points makes the expert mark green whenever it can."""
    w1 = [[0.0] for _ in range(N.INPUTS)]
    w1[N._AREAS + 2] = [1000.0]
    net = N.Network(w1, [0.0], [1.0], 0.0)
    state = new(players=1, seed=12)
    greens = [a for a in state.legal_actions(0) if getattr(a, "area", None) == "green"]
    assert greens
    assert ExpertBot(0, network=net).choose(state, 0).area == "green"


def test_a_whole_game_of_the_expert_is_deterministic():
    a = play_game(new(players=1, seed=21), [ExpertBot(1)])
    b = play_game(new(players=1, seed=21), [ExpertBot(99)])
    assert a.actions == b.actions and a.over


def test_the_position_value_is_the_best_action_s_alone_and_a_margin_with_others():
    """DEFINITION.value, the review's worth of a position: alone the final
    score the expert's best action leads to; with others the margin of the
    expected scores over the best other player's."""
    from diceland_core.games.clever import DEFINITION
    state = new(players=1, seed=12)
    assert DEFINITION.value(state, 0) == pytest.approx(ExpertBot(0).ranked(state, 0)[0][0])
    while not state.over:
        state.apply(GreedyBot(1).choose(state, 0))
    assert DEFINITION.value(state, 0) == state.sheets[0].total()
    two = new(players=2, seed=5)
    for _ in range(3):
        two.apply(ExpertBot(0).choose(two, two.waiting_for()[0]))
    v0, v1 = DEFINITION.value(two, 0), DEFINITION.value(two, 1)
    assert v0 == pytest.approx(-v1) and v0 != 0
