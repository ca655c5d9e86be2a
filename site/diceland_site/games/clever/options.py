"""New-game options of the clever page: who plays (1–4 seats, any mix of
humans and bot kinds) and the seed, from a start link
(``clever.html?players=human,expert&seed=7&names=Ana,Bo``) or the dialog."""

from __future__ import annotations

from dataclasses import dataclass

from ...seats import HUMAN, SEAT_KINDS, Seat
from .strings import CleverStrings

__all__ = ["NewGame", "from_params", "seat_kind_label", "default_seats", "MAX_SEED"]

MIN_PLAYERS, MAX_PLAYERS = 1, 4
MAX_SEED = (1 << 64) - 1
#: friendly aliases a link may use for bot kinds
ALIASES = {"easy": "greedy", "strong": "expert", "bot": "expert"}

@dataclass(frozen=True)
class NewGame:
    seats: tuple[Seat, ...]
    seed: int | None

def seat_kind_label(kind: str, lang: str) -> str:
    """"Human", "Random bot", "Easy bot", "Strong bot" (in ``lang``)."""
    return CleverStrings(lang).t(f"clever.kind.{kind}")

def default_name(kind: str, index: int, lang: str) -> str:
    s = CleverStrings(lang)
    if kind == HUMAN:
        return s.t("seat.default_name", number=index + 1)
    return f"{seat_kind_label(kind, lang)} {index + 1}"

def default_seats(lang: str) -> tuple[Seat, ...]:
    return (Seat(default_name(HUMAN, 0, lang), HUMAN),)

def from_params(query: dict[str, str], lang: str = "en") -> NewGame | str:
    """A new game from URL parameters, or the sentence saying what is wrong."""
    s = CleverStrings(lang)
    raw = [k.strip().lower() for k in (query.get("players") or HUMAN).split(",")]
    if raw == [""] or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        return s.t("clever.link.players", count=len(raw))
    kinds = []
    for k in raw:
        k = ALIASES.get(k, k)
        if k not in SEAT_KINDS:
            return s.t("clever.link.kind", kind=k[:20], kinds=", ".join(SEAT_KINDS))
        kinds.append(k)
    names = [n.strip()[:24] for n in (query.get("names") or "").split(",")] if query.get("names") else []
    seats = tuple(Seat(names[i] if i < len(names) and names[i] else default_name(k, i, lang), k)
                  for i, k in enumerate(kinds))
    seed = None
    if query.get("seed") not in (None, ""):
        text = query["seed"].strip()
        if not text.isdigit() or int(text) > MAX_SEED:
            return s.t("clever.link.seed", seed=text[:24])
        seed = int(text)
    return NewGame(seats, seed)

