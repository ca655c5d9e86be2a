"""New-game options of the clever page: who plays (1–4 seats, any mix of
humans and bot kinds) and the seed, from a start link
(``clever.html?players=human,expert&seed=7&names=Ana,Bo``) or the dialog."""

from __future__ import annotations

from dataclasses import dataclass

from ...seats import HUMAN, Seat, default_names
from ...seats import default_name as seat_default_name
from ...start_params import SEED_MAX, StartError, kinds_of, names_of, param, seed_of
from .strings import CleverStrings

__all__ = ["NewGame", "LINK_KEYS", "from_params", "seat_kind_label", "default_seats", "MAX_SEED"]

#: query keys that start a new game
LINK_KEYS = frozenset({"players", "seed", "names"})

MIN_PLAYERS, MAX_PLAYERS = 1, 4
MAX_SEED = SEED_MAX
#: friendly aliases a link may use for bot kinds
ALIASES = {"easy": "greedy", "strong": "expert", "bot": "expert"}

@dataclass(frozen=True)
class NewGame:
    seats: tuple[Seat, ...]
    seed: int | None

def seat_kind_label(kind: str, lang: str) -> str:
    """The one name of a seat kind on every page ("Person", "Beginner bot",
    "Easy bot", "Strong bot" in ``lang``: the site's ``seat.<kind>``)."""
    return CleverStrings(lang).t(f"seat.{kind}")

def default_name(kind: str, index: int, lang: str) -> str:
    """Seat ``index``'s name when none is given (:func:`diceland_site.seats.default_name`)."""
    return seat_default_name(kind, index + 1, CleverStrings(lang))

def default_seats(lang: str) -> tuple[Seat, ...]:
    return (Seat(default_name(HUMAN, 0, lang), HUMAN),)

def from_params(query: dict[str, str], lang: str = "en") -> NewGame | str:
    """A new game from URL parameters, or the sentence saying what is wrong."""
    try:
        kinds = kinds_of(param(query, "players"), [HUMAN], MIN_PLAYERS, MAX_PLAYERS, "clever", ALIASES)
        seed = seed_of(param(query, "seed"), MAX_SEED)
    except StartError as exc:
        return exc.message(CleverStrings(lang))
    names = names_of(param(query, "names"))
    seats = tuple(Seat(n, k) for n, k in zip(default_names(kinds, names, CleverStrings(lang)), kinds))
    return NewGame(seats, seed)
