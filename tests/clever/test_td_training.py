"""training/clever_td.py: the afterstate's features show no dice values,
the TD(λ) returns end exactly at the final score, self-play is seeded, and
a few steps of learning move the network towards its targets."""

from __future__ import annotations

import random

import numpy as np
import pytest

from diceland_core.games.clever import new
from clever_support import an_action_that_earns_a_cross_of_choice
from support import load_trainer


td = load_trainer("clever_td")


def test_features_show_which_dice_are_in_hand_not_their_values():
    a = new(players=1, seed=1)
    b = new(players=1, seed=2)
    assert a.faces != b.faces
    fa, fb = td.features(a), td.features(b)
    assert fa.shape == (td.INPUTS,) and np.array_equal(fa, fb)


def test_returns_end_at_the_final_score_and_chain_the_gains():
    net = td.Net(8, 0)
    trail = [(np.zeros(td.INPUTS, np.float32), 10.0), (np.ones(td.INPUTS, np.float32), 25.0),
             (np.zeros(td.INPUTS, np.float32), 40.0)]
    X, G = td.returns(trail, 55.0, net, 1.0)           # λ = 1: the points still to come
    assert G.tolist() == [45.0, 30.0, 15.0]
    _, G0 = td.returns(trail, 55.0, net, 0.0)          # λ = 0: the gain plus the next value
    values = net(X)
    assert G0[-1] == 15.0
    assert G0[0] == pytest.approx(15.0 + values[1]) and G0[1] == pytest.approx(15.0 + values[2])


def test_self_play_is_seeded_and_legal_to_the_end():
    net = td.Net(8, 0)
    s1, t1 = td.play(5, net, 0.2, random.Random(3))
    s2, t2 = td.play(5, net, 0.2, random.Random(3))
    assert s1.over and s1.actions == s2.actions and len(t1) == len(t2) > 10
    assert t1[-1][1] == s1.sheets[0].total()


def test_a_cross_of_choice_is_made_every_way_and_left_out_of_the_trail():
    _, _, after = an_action_that_earns_a_cross_of_choice()
    found = td.leaves(after)
    assert len(found) >= len(after.legal_actions(0)) > 1
    assert all(leaf.pending_player is None for leaf in found)
    assert td.leaves(found[0]) == [found[0]]
    net = td.Net(8, 0)
    state, trail = td.play(31, net, 0.5, random.Random(1))
    replay, waiting, kept = new(players=1, seed=31), [], []
    for action in state.actions:
        replay.apply(action)
        (kept if replay.pending_player is None else waiting).append(td.features(replay))
    assert waiting                     # the game had crosses of choice to make
    for x, _ in trail:                 # the trail holds none of them
        assert not any(np.array_equal(x, w) for w in waiting)
        assert any(np.array_equal(x, k) for k in kept)


def test_a_file_from_before_the_passive_pick_input_is_continued_with_no_weight_on_it():
    import base64
    net = td.Net(8, 0)
    data = net.to_json()
    w1 = np.frombuffer(base64.b64decode(data["w1"]), "<f2").reshape(td.INPUTS, 8)
    older = {**data, "inputs": td.INPUTS - 1,
             "w1": base64.b64encode(np.delete(w1, td.network._DUE, axis=0).tobytes()).decode("ascii")}
    again = td.Net(8, 1)
    again.load(td.upgrade(older))
    W1 = again.params["W1"]
    assert not W1[td.network._DUE].any()
    assert np.array_equal(np.delete(W1, td.network._DUE, axis=0), np.delete(w1, td.network._DUE, axis=0))
    with pytest.raises(ValueError, match="inputs"):
        again.load(td.upgrade({**older, "inputs": td.INPUTS - 2}))


def test_learning_moves_the_network_towards_its_targets():
    net = td.Net(16, 0)
    rng = np.random.default_rng(0)
    X = (rng.random((64, td.INPUTS)) < 0.2).astype(np.float32)
    T = X[:, :10].sum(1) * 7.0 + 20.0
    first = net.learn(X, T, 0.01)
    for _ in range(200):
        last = net.learn(X, T, 0.01)
    assert last < first / 10
