"""The new-game dialog of every game page: under the columns' headings, one
row a seat (its number, a name field and the kind: a person or one of the
bots), the seed behind
"More options", and a page's own column (Diceland's board) where the page
gives one.  Pressing "Start" hands the page its seats, seed and column
values (``page.new_game``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple

from diceland_site.seats import HUMAN, MAX_NAME, SEAT_KINDS, Seat, fitting_names
from diceland_site.start_params import StartError

from .dom import el, esc, focus_in_place

__all__ = ["NewGameDialog", "SeatRow", "Column"]


class SeatRow(NamedTuple):
    name: str
    kind: str
    #: the value of the page's own column (Diceland's board), if any
    extra: str = ""


@dataclass(frozen=True)
class Column:
    """A page's own column of the seat rows: the class of its select, the
    key of its label and its ``(value, label)`` choices (``choices(t)``,
    ``t`` translating a key)."""

    css: str
    label_key: str
    choices: Callable[[Callable[..., str]], list[tuple[str, str]]]


class NewGameDialog:
    """``lo`` to ``hi`` seats (the game's player counts)."""

    def __init__(self, shell, lo: int, hi: int, column: Column | None = None):
        self.shell = shell
        self.lo, self.hi = lo, hi
        self.column = column
        on = shell.on
        on(el("btn-new"), "click", lambda evt: self.open())
        on(el("btn-new-cancel"), "click", lambda evt: el("new-game").close())
        on(el("btn-add-seat"), "click", lambda evt: self.add())
        on(el("btn-remove-seat"), "click", lambda evt: self.remove())
        on(el("seat-rows"), "change", self.kind_changed)
        on(el("new-game-form"), "submit", self.submit)

    def open(self, rows: list[SeatRow] | None = None) -> None:
        """The dialog with ``rows`` (by default the page's: the seats on
        screen, or its first table)."""
        welcome = el("welcome")
        if welcome and welcome.open:  # a missing element is JavaScript's null (falsy)
            welcome.close()
        self.fill(rows if rows is not None else self.shell.page.seat_rows())
        el("seed-input").value = ""
        el("friends-input").checked = False
        el("new-game-error").textContent = ""
        dialog = el("new-game")
        if not dialog.open:
            dialog.showModal()

    def translate(self) -> None:
        """A new language: the open dialog's labels (and default names) follow."""
        if el("new-game").open:
            self.fill(self.read())

    def fill(self, rows: list[SeatRow]) -> None:
        t = self.shell.t
        html = []
        names = fitting_names([row.name for row in rows], [row.kind for row in rows], self.shell.strings)
        for i, row in enumerate(rows):
            number = i + 1
            kinds = "".join(f'<option value="{k}"{" selected" if k == row.kind else ""}>'
                            f'{esc(t("seat." + k))}</option>' for k in SEAT_KINDS)
            html.append(
                f'<div class="seat-row" data-seat="{i}"><span>{number}</span>'
                f'<input type="text" class="seat-name" maxlength="{MAX_NAME}" '
                f'value="{esc(names[i])}" '
                f'aria-label="{esc(t("seat.name"))} {number}">'
                f'<select class="seat-kind" aria-label="{esc(t("seat.kind"))} {number}">{kinds}</select>'
                f'{self.column_cell(row.extra, number)}</div>')
        el("seat-rows").innerHTML = "".join(html)
        extra = el("seat-head-extra")
        extra.textContent = t(self.column.label_key) if self.column is not None else ""
        extra.className = self.column.css if self.column is not None else ""
        el("btn-add-seat").disabled = len(rows) >= self.hi
        el("btn-remove-seat").disabled = len(rows) <= self.lo

    def column_cell(self, value: str, number: int) -> str:
        column = self.column
        if column is None:
            return "<span></span>"
        options = "".join(f'<option value="{esc(v)}"{" selected" if v == value else ""}>{esc(label)}</option>'
                          for v, label in column.choices(self.shell.t))
        label = f"{self.shell.t(column.label_key)} {number}"
        return f'<select class="{column.css}" aria-label="{esc(label)}">{options}</select>'

    def read(self) -> list[SeatRow]:
        rows = el("seat-rows").querySelectorAll(".seat-row")
        out = []
        for i in range(rows.length):
            row = rows.item(i)
            extra = row.querySelector(f".{self.column.css}") if self.column is not None else None
            out.append(SeatRow(str(row.querySelector(".seat-name").value).strip(),
                               str(row.querySelector(".seat-kind").value),
                               str(extra.value) if extra else ""))
        return out

    def add(self) -> None:
        """A bot of the page's kind (with the last row's column value)."""
        rows = self.read()
        if len(rows) < self.hi:
            rows.append(SeatRow("", self.shell.page.BOT_KIND, rows[-1].extra if rows else ""))
        self.fill(rows)

    def remove(self) -> None:
        rows = self.read()
        self.fill(rows[:-1] if len(rows) > self.lo else rows)

    def kind_changed(self, evt) -> None:
        """A seat switched between person and bot drops the other kind's default name."""
        row = evt.target.closest(".seat-row") if evt.target else None
        if not row or not evt.target.classList.contains("seat-kind"):
            return
        name = row.querySelector(".seat-name")
        name.value = Seat.fitting_name(str(name.value), str(evt.target.value), int(row.dataset.seat),
                                       self.shell.strings)

    def submit(self, evt) -> None:
        evt.preventDefault()
        try:
            seed = self.shell.read_seed(str(el("seed-input").value))
        except StartError as exc:
            el("new-game-error").textContent = exc.message(self.shell.strings)
            return
        rows = self.read()
        kinds = [row.kind if row.kind in SEAT_KINDS else HUMAN for row in rows]
        names = fitting_names([row.name for row in rows], kinds, self.shell.strings)
        seats = [Seat(name, kind) for name, kind in zip(names, kinds)]
        extras = [row.extra for row in rows]
        friends = bool(el("friends-input").checked)
        if friends and sum(s.is_human for s in seats) < 2:
            el("new-game-error").textContent = self.shell.t("friends.too_few")
            return
        el("new-game").close()
        self.shell.page.new_game(seats, seed, extras)
        if friends:
            self.shell.friends.start_with_friends()
        focus_in_place(self.shell.canvas)
