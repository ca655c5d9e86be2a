"""The end screen of every game (``#game-over``): the headline, why the
winners won, the table of :mod:`diceland_site.breakdown` and its notes."""

from __future__ import annotations

from diceland_site.breakdown import Breakdown, table_html

from .dom import el, esc

__all__ = ["show_breakdown"]


def show_breakdown(shell, b: Breakdown) -> None:
    """Fill the end screen from ``b`` and open it."""
    notes = el("game-over-notes")
    notes.innerHTML = "".join(f"<li>{esc(n)}</li>" for n in b.notes)
    notes.hidden = not b.notes
    shell.show_game_over(b.headline, table_html(b), b.why)
