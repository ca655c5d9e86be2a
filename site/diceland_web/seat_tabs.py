"""``#seat-tabs`` of every game page: the seats with their running scores
(:mod:`diceland_site.live_scores`), and an optional line under them that
explains a score (``#score-note``, just before the prompt)."""

from __future__ import annotations

from typing import Sequence

from diceland_site.live_scores import SeatTab

from .dom import document, el

__all__ = ["render_seat_tabs"]


def _tab(tab: SeatTab):
    """A tab button: the seat's name and its score in spans of their own
    (``.seat-name``, ``.seat-score``)."""
    button = document.createElement("button")
    button.type = "button"
    button.setAttribute("role", "tab")
    button.className = "seat-tab" + (" current" if tab.current else "") + (" waiting" if tab.waiting else "")
    button.dataset.seat = str(tab.index)
    button.setAttribute("aria-selected", "true" if tab.shown else "false")
    button.setAttribute("aria-label", tab.label)
    if tab.title:
        button.title = tab.title
    name = document.createElement("span")
    name.className = "seat-name"
    name.textContent = ("▶ " if tab.current else "") + tab.name
    score = document.createElement("span")
    score.className = "seat-score"
    score.textContent = tab.score
    button.append(name, document.createTextNode(" "), score)
    return button


def render_seat_tabs(tabs: Sequence[SeatTab], note: str = "") -> None:
    box = el("seat-tabs")
    key = repr(tuple(tabs))
    if box.getAttribute("data-tabs") != key:  # the same tabs: no new nodes (the focus stays)
        box.setAttribute("data-tabs", key)
        box.textContent = ""
        for tab in tabs:
            box.appendChild(_tab(tab))
    line = el("score-note")  # a missing element is JavaScript's null: falsy, not None
    if not line and note:
        line = document.createElement("p")
        line.id = "score-note"
        line.className = "score-note"
        el("prompt").insertAdjacentElement("beforebegin", line)  # by the prompt: in every layout
    if line:
        line.textContent = note
        line.hidden = not note
