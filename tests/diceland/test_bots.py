"""Bots: legal actions only, reproducible, read-only, and the hint API
(RULES.md D3–D5 decision points)."""

from __future__ import annotations

import pytest

from diceland_core import record_json
from diceland_core.games.diceland import DEFINITION, Game, Phase, hint
from diceland_core.games.diceland.board import board_ids, load_board
from diceland_core.games.diceland.board import board_from_mapping
from diceland_core.games.diceland.bots import Bot, StrongBot

make_bot = DEFINITION.make_bot
BOT_KINDS = DEFINITION.bot_kinds
from diceland_core.games.diceland.bots.evaluate import BONUS_ROLLS, evaluator_for, hit_probabilities
from diceland_core.core.protocol import Hint
from diceland_core.core.simulate import play_game

BOARDS = board_ids()

TEST_BOARD = board_from_mapping({"id": "t", "test_board": True, "grid": """
R  R* Y  Y  G
 B  @  Y* G* G
S  S* O  O* B
 S  #  O  B* B
"""})


def snapshot(game: Game) -> tuple:
    return (record_json(game), game.phase, game.turn, game.active, tuple(s.crossed for s in game.sheets),
            tuple(sorted(game.pending)), tuple(game.bonus_queue), game.roll, game.held, game.leftovers)


def checked_game(boards, kinds, seed, *, check_hint=False, max_turns=1000):
    """Play a game in which every bot action is checked before it is applied."""
    bots = [make_bot(k, seed * 7 + i) for i, k in enumerate(kinds)]
    seen = {"decisions": 0, "phases": set()}

    class Checked:
        def __init__(self, bot):
            self.bot, self.kind = bot, bot.kind

        def choose(self, game, player):
            action = self.bot.choose(game, player)
            assert game.is_legal(action), (game.phase, action)
            assert action in game.legal_actions(player)
            if check_hint:
                suggestion = hint(game, player)
                assert isinstance(suggestion, Hint)
                assert game.is_legal(suggestion.action), (game.phase, suggestion)
            seen["decisions"] += 1
            seen["phases"].add(game.phase)
            return action

    game = play_game(boards, [Checked(b) for b in bots], seed, max_turns=max_turns)
    return game, seen


MIXES = {
    2: [("random", "random"), ("greedy", "random"), ("random", "greedy")],
    3: [("random", "greedy", "random"), ("greedy", "greedy", "random"), ("random", "random", "random")],
    4: [("random", "greedy", "random", "greedy"), ("greedy", "random", "random", "random"),
        ("random", "random", "greedy", "greedy")],
}


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_only_play_legal_actions(board, players):
    # D3.2 (colour shown), D3.4 (reroll/stop), D4.1 (active must place if it can),
    # D4.2 (leftovers, all dice of one colour, or pass), D5.3 (bonus roll).
    phases = set()
    for i, kinds in enumerate(MIXES[players] * 3):
        game, seen = checked_game(board, kinds, 1000 * players + i)
        assert game.over, "a game between bots ends (D6)"
        assert game.winners
        phases |= seen["phases"]
    assert {Phase.CHOOSE, Phase.PLACE, Phase.BONUS} <= phases


@pytest.mark.parametrize("board", BOARDS)
def test_expert_plays_legal_actions(board):
    players = 2 + BOARDS.index(board) % 3
    kinds = ("expert", "greedy", "random", "expert")[:players]
    game, seen = checked_game(board, kinds, 77 + players)
    assert game.over
    assert Phase.DECIDE in seen["phases"]


def test_bots_on_a_small_test_board():
    # A test board with six bonus cells: nobody can reach the goal (D6.1), the
    # bots still find legal moves until the turn cap.
    for kinds in (("expert", "random"), ("greedy", "expert", "random")):
        game, seen = checked_game([TEST_BOARD] * len(kinds), kinds, 5, check_hint=True, max_turns=25)
        assert not game.over and game.turn == 26
        assert seen["decisions"] > 50


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_same_seed_same_game(kind):
    # D7.1: the dice come from the seed; the bots' choices from theirs.
    board = BOARDS[0]
    games = [play_game(board, [make_bot(kind, 3), make_bot(kind, 4), make_bot(kind, 5)], 99) for _ in range(2)]
    assert record_json(games[0]) == record_json(games[1])
    other = play_game(board, [make_bot(kind, 3), make_bot(kind, 4), make_bot(kind, 5)], 100)
    assert record_json(other) != record_json(games[0])


@pytest.mark.parametrize("kind", [k for k in BOT_KINDS if k != "search"])  # search: tests/core/test_search.py
def test_bots_never_change_the_game(kind):
    bot = make_bot(kind, 1)
    checked = []

    class Watch:
        kind = "watch"

        def choose(self, game, player):
            before = snapshot(game)
            action = bot.choose(game, player)
            hint(game, player)
            assert snapshot(game) == before
            checked.append(game.phase)
            return action

    play_game(BOARDS[-1], [Watch(), Watch()], 4)
    assert len(checked) > 20 and Phase.PLACE in checked


def test_hint_is_legal_at_every_decision_point():
    # Every human decision: D3.2, D3.4, D4.1, D4.2, D5.3.
    phases = set()
    for i, board in enumerate(BOARDS[:4]):
        _, seen = checked_game(board, ("greedy", "random", "greedy")[: 2 + i % 2], 500 + i, check_hint=True)
        phases |= seen["phases"]
    assert phases == {Phase.CHOOSE, Phase.DECIDE, Phase.PLACE, Phase.BONUS}


def test_hint_refuses_a_player_without_a_decision():
    game = Game.new(BOARDS[0], players=2, seed=1)
    idle = 1 - game.active
    with pytest.raises(ValueError):
        hint(game, idle)
    with pytest.raises(ValueError):
        make_bot("greedy", 0).choose(game, idle)


def test_make_bot_kinds():
    assert BOT_KINDS == ("random", "greedy", "strong", "learned", "expert", "search")
    for kind in BOT_KINDS:
        bot = make_bot(kind, 1)
        assert isinstance(bot, Bot) and bot.kind == kind
    with pytest.raises(ValueError, match="unknown bot kind"):
        make_bot("wizard", 1)


def test_phase1_odds():
    # D3.5: with k dice left a reroll hits the chosen colour with chance 1-(5/6)^k.
    for k in range(1, 7):
        p = hit_probabilities(k)
        assert abs(sum(p) - 1) < 1e-12
        assert abs((1 - p[0]) - (1 - (5 / 6) ** k)) < 1e-12
    # D5.3: five dice, 252 distinct rolls.
    assert len(BONUS_ROLLS) == 252
    assert abs(sum(p for p, _ in BONUS_ROLLS) - 1) < 1e-12
    assert all(sum(k for _, k in roll) == 5 for _, roll in BONUS_ROLLS)


def test_expert_prefers_a_placement_to_passing_when_it_reaches_the_goal():
    # D6.1: an evaluation that reaches the goal beats everything else.
    board = load_board(BOARDS[0])
    ev = evaluator_for(board)
    all_but_stars = board.all_mask & ~board.obstacle_mask
    assert ev.reached_goal(all_but_stars)
    assert ev.value(all_but_stars) > ev.value(1 << board.start)


def test_strong_reroll_follows_the_odds():
    # D3.5: a miss keeps the dice set aside, so with room for every die a
    # reroll can only add crosses: the strong bot (the hand-tuned plan of
    # phase 1) rerolls at the very start.
    board = load_board(BOARDS[0])
    game = Game.new(board, players=2, seed=3)
    colour = game.roll[0]
    strong = StrongBot(0)
    ev = strong.evaluator(game, game.active)
    w = strong.phase1_values(ev, game.sheets[game.active].crossed, colour, 1)
    assert set(w) == set(range(1, 7))
    assert all(w[h] >= strong.best(ev, game.sheets[game.active].crossed, colour, h)[1] - 1e-9 for h in w)
