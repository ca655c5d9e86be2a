"""Helpers of the Ganz schön clever page tests: play a game through the
controller's taps (the hint's move, as a player would tap it)."""

from __future__ import annotations

from diceland_site.games.clever.controller import Controller


def tap_through(ctrl: Controller, taps) -> None:
    for tap in taps:
        result = ctrl.press(tap[1]) if tap[0] == "button" else ctrl.tap(tap)
        assert result.ok, (tap, result)


def play_out(ctrl: Controller, check=None, limit: int = 2000) -> int:
    """Play to the end: bots by themselves, humans by the hint's taps;
    ``check(ctrl)`` runs before every human move.  Returns the human moves."""
    moves = 0
    while not ctrl.game.over:
        assert moves < limit
        if ctrl.bot_step().ok:
            continue
        if check is not None:
            check(ctrl)
        tap_through(ctrl, ctrl.hint_taps())
        moves += 1
    return moves
