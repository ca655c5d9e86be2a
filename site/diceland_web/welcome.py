"""The welcome of every game page on a first visit (no saved game to
resume; ``#welcome``, partial ``welcome.html``): one tap to play against
a bot, pass and play, how to play (the game's first lesson), saved
games, import, and the full new-game form."""

from __future__ import annotations

from typing import Callable, Sequence

from diceland_site.seats import HUMAN, Seat

from .dom import el, focus_in_place
from .new_game import SeatRow

__all__ = ["WELCOME_BOT", "welcome_seats", "bind_welcome", "open_welcome"]

#: the kind of the one-tap game's opponent (the same on every page)
WELCOME_BOT = "greedy"


def welcome_seats(strings) -> list[Seat]:
    """The one-tap game: "Player 1" against the easy bot, named as every
    page names that kind ("Easy bot")."""
    return [Seat(strings.t("seat.default_name", number=1), HUMAN), Seat(strings.t(f"seat.{WELCOME_BOT}"), WELCOME_BOT)]


def bind_welcome(page, bot_game: Callable[[], None] | None = None,
                 hotseat_rows: Sequence[SeatRow] = (SeatRow("", HUMAN), SeatRow("", HUMAN))) -> None:
    """Wire the welcome's buttons for ``page``; ``bot_game`` starts the
    one-tap game (by default :func:`welcome_seats` with a new seed)."""
    shell = page.shell

    def close():
        dialog = el("welcome")
        if dialog and dialog.open:  # a missing element is JavaScript's null (falsy)
            dialog.close()

    def play_bot():
        close()
        if bot_game is not None:
            bot_game()
        else:
            page.new_game(welcome_seats(page.strings), shell.read_seed(None))
        focus_in_place(page.canvas)

    page.on(el("btn-welcome-bot"), "click", lambda evt: play_bot())
    page.on(el("btn-welcome-hotseat"), "click", lambda evt: shell.new_game_dialog.open(list(hotseat_rows)))
    page.on(el("btn-welcome-options"), "click", lambda evt: shell.new_game_dialog.open())
    page.on(el("btn-welcome-saves"), "click", lambda evt: (close(), shell.saves.open()))
    page.on(el("btn-welcome-import"), "click", lambda evt: el("import-file").click())


def open_welcome() -> None:
    dialog = el("welcome")
    if dialog and not dialog.open:
        dialog.showModal()
