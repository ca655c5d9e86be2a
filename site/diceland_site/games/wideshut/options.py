"""New-game options of the Dice Wide Shut page: who sits at the table
(people and bots, 2 to 5 seats) and the seed, from a start link
(``wideshut.html?players=human,greedy,expert&seed=7&names=Ana``) or the
new-game dialog."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from diceland_core.games.wideshut.game import MAX_PLAYERS, MIN_PLAYERS

from ...seats import HUMAN, Seat, default_name, default_names
from ...start_params import StartError, kinds_of, names_of, param, seed_of
from .strings import WideStrings

__all__ = ["NewGame", "LINK_KEYS", "SEED_LIMIT", "seat_name", "default_seats", "make_seats", "from_query"]

#: query keys that start a new game
LINK_KEYS = frozenset({"players", "seed", "names"})
SEED_LIMIT = (1 << 32) - 1


@dataclass(frozen=True)
class NewGame:
    seats: tuple[Seat, ...]
    seed: int | None = None


def seat_name(kind: str, number: int, strings: WideStrings) -> str:
    """"Player 2" for a person, "Strong bot" for the expert
    (:func:`diceland_site.seats.default_name`)."""
    return default_name(kind, number, strings)


def make_seats(kinds: Sequence[str], names: Sequence[str], strings: WideStrings) -> tuple[Seat, ...]:
    """Seats for ``kinds``; a missing or blank name becomes a default one;
    two bots of one kind are numbered ("Strong bot 2")."""
    return tuple(Seat(n, k) for n, k in zip(default_names(list(kinds), list(names), strings), kinds))


def default_seats(strings: WideStrings) -> tuple[Seat, ...]:
    return make_seats([HUMAN, "expert"], [], strings)


def from_query(query: Mapping[str, str], strings: WideStrings) -> NewGame | str:
    """The game a start link names, or the sentence saying what is wrong."""
    try:
        kinds = kinds_of(param(query, "players"), [HUMAN, "expert"], MIN_PLAYERS, MAX_PLAYERS, "wideshut")
        seed = seed_of(param(query, "seed"), SEED_LIMIT)
    except StartError as exc:
        return exc.message(strings)
    return NewGame(make_seats(kinds, names_of(param(query, "names")), strings), seed)
