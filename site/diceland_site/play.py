"""What every game's plug-in gives its page, whatever the game: the
:class:`Result` of an input, the :class:`Message` it says, the :class:`ButtonView` of a button, the
:class:`HandoffView` of the pass-the-device screen, the fields every view
model has (:class:`BaseView`, which each game's ``model.ViewModel`` extends)
and the taps of ``window.diceland.hintTaps()`` (:func:`point`,
:func:`button`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["Result", "Message", "ButtonView", "HandoffView", "BaseView", "Tap", "point", "button", "own_last_decision"]


def own_last_decision(state: Any, actor: Callable[[Any], int | None],
                      is_human: Callable[[int], bool]) -> tuple[int, int] | None:
    """The last decision a person made that can still be taken back, as
    ``(steps, seat)``: taking back ``steps`` actions removes it with the
    bots' decisions made after it (no die was rolled since, so nobody has
    seen what came of it); None if there is none.  ``actor`` names the
    seat of an action of ``state``'s window."""
    actions = state.actions
    for steps in range(1, state.undo_window() + 1):
        seat = actor(actions[-steps])
        if seat is not None and is_human(seat):
            return steps, seat
    return None


@dataclass(frozen=True)
class Message:
    """What a table says, in every game: a line of the game's log
    (``kind="log"``), a notice shown and read out (``"toast"``), or words
    only read out to a screen reader (``"announce"``); ``event`` names what
    caused it, ``player`` who, ``turn`` the turn it belongs to."""

    kind: str
    text: str
    event: str = ""
    player: int | None = None
    turn: int = 0


@dataclass(frozen=True)
class Result:
    """What an input did: ``ok``, or a plain ``reason`` why not (the rule
    behind a refusal in ``details``, for a "details" link); ``changed``: the
    game itself changed (the page saves it); ``lines``: what happened, for
    the game's log.  A tap on a board says its ``change`` (``"added"``,
    ``"removed"`` or ``"rejected"``) and ``cell``."""

    ok: bool = True
    reason: str = ""
    details: str = ""
    changed: bool = False
    lines: tuple[str, ...] = ()
    change: str = ""
    cell: tuple[int, int] | None = None


@dataclass(frozen=True)
class ButtonView:
    id: str
    label: str
    enabled: bool
    visible: bool = True
    #: a button that turns a mode on and off (``aria-pressed``); None: a plain one
    pressed: bool | None = None


@dataclass(frozen=True)
class HandoffView:
    """The pass-the-device screen for ``seat`` (its ``title``, ``body`` and
    the ``button`` that says the device was taken)."""

    seat: int
    name: str
    title: str
    body: str = ""
    button: str = ""


@dataclass(frozen=True)
class BaseView:
    """What every game's view model has: the language, the seat whose
    decision the page shows (``current``; None once the game is over) and the seat
    whose sheet is drawn (``shown``), the seats, the dice, the buttons, the
    prompt, the pass-the-device screen, whether a bot's move is due, the end
    of the game and whether Undo may be pressed."""

    lang: str
    current: int | None
    shown: int
    seats: tuple[Any, ...]
    dice: tuple[Any, ...]
    buttons: tuple[ButtonView, ...]
    prompt: str
    handoff: HandoffView | None
    bot_pending: bool
    over: bool
    winners: tuple[int, ...]
    can_undo: bool

    def button(self, name: str) -> ButtonView:
        return next(b for b in self.buttons if b.id == name)


#: one tap of ``hintTaps()``: ``{"button": element id}`` or ``{"x": …, "y": …}``
#: (CSS pixels from the canvas' top left corner; the page adds where the canvas is)
Tap = dict[str, Any]


def point(x: float, y: float) -> Tap:
    return {"x": round(float(x), 2), "y": round(float(y), 2)}


def button(element_id: str) -> Tap:
    return {"button": element_id}
