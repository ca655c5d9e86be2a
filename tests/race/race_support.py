"""Dice Race's checks for the core's playouts (tests/core/test_playouts.py)."""

from __future__ import annotations

from race_game import GOAL, ROUNDS


def check_game_over(state) -> None:
    """K5.1: a winner on the goal, or the furthest token after the last round."""
    squares = state.scores()
    assert all(0 <= s <= GOAL for s in squares)
    if GOAL in squares:
        assert state.winners == (squares.index(GOAL),)
    else:
        assert state.round == ROUNDS + 1 and all(squares[w] == max(squares) for w in state.winners)
