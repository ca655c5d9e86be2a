"""The running scores where the seats are listed, the same in every game:
one tab per seat with the player's name and running total (``#seat-tabs``;
:mod:`diceland_web.seat_tabs` puts them on the page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

__all__ = ["SeatTab", "tabs_html"]


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


def _esc(text: object) -> str:
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def tabs_html(tabs: Sequence[SeatTab]) -> str:
    """The markup of ``#seat-tabs``: a tab button per seat, its name and its
    score in spans of their own (``.seat-name``, ``.seat-score``)."""
    parts = []
    for tab in tabs:
        cls = "seat-tab" + (" current" if tab.current else "") + (" waiting" if tab.waiting else "")
        title = f' title="{_esc(tab.title)}"' if tab.title else ""
        parts.append(
            f'<button type="button" role="tab" class="{cls}" data-seat="{tab.index}" '
            f'aria-selected="{"true" if tab.shown else "false"}" aria-label="{_esc(tab.label)}"{title}>'
            f'<span class="seat-name">{"▶ " if tab.current else ""}{_esc(tab.name)}</span> '
            f'<span class="seat-score">{_esc(tab.score)}</span></button>')
    return "".join(parts)
