"""The running scores where the seats are listed, the same in every game:
one tab per seat with the player's name and running total (``#seat-tabs``;
:mod:`diceland_web.seat_tabs` writes them into the page as text)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SeatTab"]


@dataclass(frozen=True)
class SeatTab:
    """One seat: ``score`` the running total as shown, ``label`` the tab's
    accessible name (name and score in words), ``title`` a tooltip that
    explains the score ("" for none)."""

    index: int
    name: str
    score: str
    label: str
    shown: bool
    current: bool = False
    waiting: bool = False
    title: str = ""
