"""Replaying a finished turn from the log: the positions of the game after
each of the turn's moves, from the turn's start to the start of the next
turn, stepped through one at a time, then the present again.

Pure Python: the positions are the record's setup and actions replayed (the
game on screen is never changed); the page draws :attr:`TurnReplay.position`
while :attr:`TurnReplay.done` is false.
"""

from __future__ import annotations

from typing import Any

from .turn_log import TurnLog

__all__ = ["TurnReplay"]


class TurnReplay:
    """The moves of turn ``index`` of ``log``, a log of ``state``'s game."""

    def __init__(self, state: Any, log: TurnLog, index: int):
        turns = log.turns
        if not 0 <= index < len(turns) - 1:
            raise ValueError(f"turn {index + 1} is not a finished turn of this game "
                             f"(there are {len(turns) - 1} finished turns)")
        self.index = index
        self.start = turns[index].start
        self.end = turns[index + 1].start
        game = type(state)(state.setup)
        for action in state.actions[:self.start]:
            game.apply(action)
        #: the position before the turn's first move, then after each move
        self.frames = [game.copy()]
        for action in state.actions[self.start:self.end]:
            game.apply(action)
            self.frames.append(game.copy())
        self.step = 0

    @property
    def done(self) -> bool:
        """Every move was shown: back to the present."""
        return self.step >= len(self.frames)

    @property
    def position(self) -> Any:
        """The position to draw now (None once done)."""
        return None if self.done else self.frames[self.step]

    @property
    def moves(self) -> int:
        return len(self.frames) - 1

    def advance(self) -> bool:
        """The next position; False once the replay is over."""
        if not self.done:
            self.step += 1
        return not self.done

    def stop(self) -> None:
        self.step = len(self.frames)
