"""New-game options of the Diceland page: who plays (2–4 seats), a board
per seat and the seed, from a start link
(``diceland.html?players=human,expert&boards=A,C&seed=5&names=Ana,Bo``)."""

from __future__ import annotations

from typing import Callable, Mapping, NamedTuple, Sequence

from ...seats import MAX_NAME, Seat, default_names
from ...start_params import StartError, kinds_of, seed_of
from ...start_params import param as _param
from .strings import DicelandStrings

__all__ = ["LINK_KEYS", "RANDOM_BOARD", "UrlSetup", "board_choices", "board_name", "from_url_params",
           "link_names_trimmed"]

#: query keys that start a new game
LINK_KEYS = frozenset({"players", "boards", "board", "seed", "names"})


class UrlSetup(NamedTuple):
    seats: list[Seat]
    boards: list[str]
    seed: int | None


#: A seat's board in the new-game dialog ("random": one picked with the seed).
RANDOM_BOARD = "random"


def board_name(t: Callable[[str], str], board_id: str, title: str) -> str:
    """A board's name in the page's language (``board.title.<id>``, through
    ``t``, the strings' lookup); a board without one keeps its file's ``title``."""
    key = f"board.title.{board_id}"
    name = t(key)
    return title if name == key else name


def board_choices(t: Callable[[str], str]) -> list[tuple[str, str]]:
    """The new-game dialog's boards: random, then each board by name and id."""
    from diceland_core.games.diceland.board import board_ids, load_board
    return [(RANDOM_BOARD, t("board.random"))] + [
        (b, f"{board_name(t, b, load_board(b).title)} ({b})") for b in board_ids()]


def link_names_trimmed(query: Mapping[str, object]) -> bool:
    """A name in the link's ``names=`` is longer than ``seats.MAX_NAME`` (and
    :func:`from_url_params` cuts it)."""
    names_raw = _param(query, "names")
    return bool(names_raw) and any(len(n.strip()) > MAX_NAME for n in names_raw.split(","))


def from_url_params(query: Mapping[str, object], lang: str = "en",
                    known_boards: Sequence[str] | None = None,
                    default_players: str = "human,greedy") -> UrlSetup | str:
    """Read ``?players=human,expert&boards=A,C&seed=5&names=Ana,Bo``.

    Returns the seats, one board id per seat and the seed (None: pick one), or
    a translated message naming the bad value.  Names longer than
    ``seats.MAX_NAME`` are cut (:func:`link_names_trimmed` says so)."""
    strings = DicelandStrings(lang)
    t = strings.t
    if known_boards is None:
        from diceland_core.games.diceland.board import board_ids
        known_boards = board_ids()
    try:
        kinds = kinds_of(_param(query, "players"), default_players.split(","), 2, 4, "diceland")
        seed = seed_of(_param(query, "seed"))
    except StartError as exc:
        return exc.message(strings)
    names_raw = _param(query, "names")
    names = [n.strip() for n in names_raw.split(",")] if names_raw else []
    if names and (len(names) != len(kinds) or not all(names)):
        return t("error.url_names", count=len(kinds))
    seats = [Seat(name, kind) for name, kind in zip(default_names(kinds, names, strings), kinds)]
    by_upper = {b.upper(): b for b in known_boards}
    boards_raw = _param(query, "boards") or _param(query, "board")
    if boards_raw:
        wanted = [b.strip() for b in boards_raw.split(",")]
        for b in wanted:
            if b.upper() not in by_upper:
                return t("error.url_board", value=b, boards=", ".join(known_boards))
        if len(wanted) == 1:
            wanted = wanted * len(seats)
        if len(wanted) != len(seats):
            return t("error.url_board_count", count=len(seats))
        boards = [by_upper[b.upper()] for b in wanted]
    else:
        if not known_boards:
            return t("error.url_board", value="", boards="")
        boards = [known_boards[0]] * len(seats)
    return UrlSetup(seats, boards, seed)
