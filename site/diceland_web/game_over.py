"""The end screen of every game (``#game-over``): the headline, why the
winners won, the table of :mod:`diceland_site.breakdown` (written into the
page as text) and its notes."""

from __future__ import annotations

from diceland_site.breakdown import Breakdown

from .dom import document, el

__all__ = ["show_breakdown", "fill_table"]


def _cell(tag: str, text: str, cls: str = "", scope: str = ""):
    node = document.createElement(tag)
    node.textContent = text
    if cls:
        node.className = cls
    if scope:
        node.setAttribute("scope", scope)
    return node


def fill_table(table, b: Breakdown) -> None:
    """``table``: a column per player (the winners marked ★, and named so
    for screen readers), a row per part, the total row strong."""
    table.textContent = ""
    win = set(b.winners)
    table.appendChild(_cell("caption", b.caption, "sr-only"))
    head = document.createElement("thead")
    row = document.createElement("tr")
    row.appendChild(document.createElement("td"))
    for p, name in enumerate(b.names):
        th = _cell("th", f"★ {name}" if p in win else name, "win" if p in win else "", "col")
        if p in win and b.winner_label:
            th.appendChild(_cell("span", f" ({b.winner_label})", "sr-only"))
        row.appendChild(th)
    head.appendChild(row)
    body = document.createElement("tbody")
    for part in b.rows:
        tr = document.createElement("tr")
        tr.className = part.kind
        tr.appendChild(_cell("th", part.label, scope="row"))
        for p, value in enumerate(part.values):
            tr.appendChild(_cell("td", value, "win" if p in win else ""))
        body.appendChild(tr)
    table.append(head, body)


def show_breakdown(shell, b: Breakdown) -> None:
    """Fill the end screen from ``b`` and open it."""
    notes = el("game-over-notes")
    notes.textContent = ""
    for text in b.notes:
        notes.appendChild(_cell("li", text))
    notes.hidden = not b.notes
    fill_table(el("game-over-stats"), b)
    shell.daily.finished(b.totals)
    shell.same.finished()
    shell.show_game_over(b.headline, b.why)
