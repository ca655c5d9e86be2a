"""``#seat-tabs`` of every game page: the seats with their running scores
(:mod:`diceland_site.live_scores`), and an optional line under them that
explains a score (``#score-note``, just before the prompt)."""

from __future__ import annotations

from typing import Sequence

from diceland_site.live_scores import SeatTab, tabs_html

from .dom import document, el

__all__ = ["render_seat_tabs"]


def render_seat_tabs(tabs: Sequence[SeatTab], note: str = "") -> None:
    box = el("seat-tabs")
    html = tabs_html(tabs)
    if box.innerHTML != html:  # the same tabs: no new nodes (the focus stays)
        box.innerHTML = html
    line = el("score-note")  # a missing element is JavaScript's null: falsy, not None
    if not line and note:
        line = document.createElement("p")
        line.id = "score-note"
        line.className = "score-note"
        el("prompt").insertAdjacentElement("beforebegin", line)  # by the prompt: in every layout
    if line:
        line.textContent = note
        line.hidden = not note
