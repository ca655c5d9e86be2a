"""The keys every game page's ``window.diceland.state()`` has, whatever the
game (tests, tools and a host page read them the same way on every page):

``game`` (its name), ``turn`` or ``round`` (as the game counts), ``current``
(whose turn it is), ``shown`` (whose sheet is on screen), ``over``,
``winners``, ``can_undo``, ``prompt``, and ``seats`` with each one's
``name``, ``kind`` and live ``score``.  A page's own keys come beside them;
where a page already has one of these keys for a seat, its entry keeps its
own fields too.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .seats import Seat

__all__ = ["COMMON_KEYS", "common_state"]

COMMON_KEYS = ("game", "current", "shown", "over", "winners", "can_undo", "prompt", "seats")


def common_state(name: str, game: Any, seats: Sequence[Seat], page: Mapping[str, Any]) -> dict[str, Any]:
    """The common keys for ``game`` (an engine state) played by ``seats``,
    from the engine and from what the page said of itself (``page``: its own
    state, where whose turn and whose sheet are its own keys)."""
    scores = game.scores()
    outcome = game.outcome() if game.over else None
    own_seats = page.get("seats") if isinstance(page.get("seats"), list) else []
    out: dict[str, Any] = {
        "game": name,
        "current": _first(page, "current", "active"),
        "shown": _first(page, "shown", "sheet_player", "current", "active"),
        "over": bool(game.over),
        "winners": list(outcome.winners) if outcome is not None else [],
        "can_undo": bool(page["can_undo"]) if "can_undo" in page else (not game.over and game.can_undo()),
        "prompt": str(page.get("prompt") or ""),
        "seats": [{**(own_seats[p] if p < len(own_seats) and isinstance(own_seats[p], dict) else {}),
                   "name": seat.name, "kind": seat.kind, "score": scores[p]}
                  for p, seat in enumerate(seats)],
    }
    for counter in ("turn", "round"):
        value = getattr(game, counter, None)
        if isinstance(value, int):
            out[counter] = value
    return out


def _first(page: Mapping[str, Any], *keys: str) -> int | None:
    for key in keys:
        value = page.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None
