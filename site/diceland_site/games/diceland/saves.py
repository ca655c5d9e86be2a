"""What the saved-games list shows of a Diceland save (the shared list calls
:func:`summary` through :func:`diceland_site.summaries.summarize`): each
player's bonus cells and finished colours, the boards, the turn."""

from __future__ import annotations

from typing import Any, Sequence

from ...seats import Seat

__all__ = ["summary"]


def summary(game: Any, seats: Sequence[Seat]) -> dict[str, Any]:
    return {
        "players": [
            {"name": seat.name, "kind": seat.kind, "stars": game.sheets[p].stars,
             "completed": len(game.sheets[p].completed_colours())}
            for p, seat in enumerate(seats)
        ],
        "boards": [b.id for b in game.boards],
        "turn": game.turn,
        "phase": game.phase.value,
        "active": game.active,
        "over": game.over,
        "winners": list(game.winners),
        "actions": len(game.actions),
    }
