"""What every game's state shares about its history: a position rebuilt by
replaying its actions from the setup, undo by replay (never past a roll), and
legality as "the rules' check passes"."""

from __future__ import annotations

from typing import Any, ClassVar, Iterable, Self

from .errors import IllegalActionError
from .replay import play

__all__ = ["History"]


class History:
    """Mixed into a game's state class, which keeps ``setup``, ``dice`` (its
    dice source), ``actions``, ``rolls`` and ``_rolls_before`` (how many
    rolls there were before each action), checks an action with ``_check``
    and says with ``_undo_refused()`` which error an undo is refused with.
    ``_copied`` names its other containers a copy must not share (lists,
    sets, dicts; None is kept), ``_copied_items`` its lists of objects with
    their own ``copy()`` (sheets)."""

    setup: Any
    dice: Any
    actions: list
    rolls: list
    _rolls_before: list[int]
    _copied: ClassVar[tuple[str, ...]] = ()
    _copied_items: ClassVar[tuple[str, ...]] = ()

    def copy(self) -> Self:
        """An independent copy of the position: its history, the containers
        the class names, and its own copy of the dice source, which rolls
        what this state's would roll next."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        for name in ("actions", "rolls", "_rolls_before", *self._copied):
            value = getattr(self, name)
            if value is not None:
                setattr(new, name, value.copy())
        for name in self._copied_items:
            setattr(new, name, [item.copy() for item in getattr(self, name)])
        new.dice = self.dice.copy()
        return new

    @classmethod
    def replay(cls, setup: Any, actions: Iterable[Any]) -> Self:
        """The state after ``actions`` from ``setup`` (the core's replay
        loop); the first illegal action's error is raised."""
        replayed = play(cls(setup), actions)  # type: ignore[call-arg]
        if replayed.error is not None:
            raise replayed.error
        return replayed.state

    def can_undo(self) -> bool:
        """The last action can be taken back: the game is not over (a
        finished game stays finished) and no dice were rolled after it (undo
        never crosses a roll)."""
        return bool(self.actions) and not self.over and self._rolls_before[-1] == len(self.rolls)

    def undo_window(self) -> int:
        """How many of the last actions can be taken back one after another:
        those after the last roll (none once the game is over)."""
        if self.over:
            return 0
        rolled, steps = len(self.rolls), 0
        while steps < len(self.actions) and self._rolls_before[-1 - steps] == rolled:
            steps += 1
        return steps

    def undo(self, steps: int = 1) -> Self:
        """A new state without the last ``steps`` actions (see :meth:`can_undo`
        and :meth:`undo_window`), replayed once."""
        if steps < 1 or steps > self.undo_window():
            raise self._undo_refused()
        return self.replay(self.setup, self.actions[:-steps])

    def is_legal(self, action: Any) -> bool:
        return self.refusal(action) is None

    def refusal(self, action: Any) -> IllegalActionError | None:
        """Why ``action`` is illegal now (the first rule it breaks), or None;
        nothing is applied (a page asks this to explain a tap)."""
        try:
            self._check(action)
        except IllegalActionError as err:
            return err
        return None

    def _check(self, action: Any) -> Any:
        raise NotImplementedError

    def _undo_refused(self) -> IllegalActionError:
        raise NotImplementedError
