"""Where a Diceland move sits on the page, for the review's marks
(:mod:`diceland_site.review.marks`): a colour kept is its dice on the table,
a placement its cells on the board (hexagons in the layout's CSS pixels); a
reroll, a stop or a pass has none."""

from __future__ import annotations

from typing import Any

from diceland_core.games.diceland.actions import Choose, Place

from ...review.marks import Spots

__all__ = ["spots"]


def spots(ctrl: Any, action: Any, layout: Any) -> Spots:
    """``action``'s dice or cells in ``ctrl``'s position, on ``layout``."""
    if isinstance(action, Choose):
        dice = [d.index for d in ctrl.model().dice if d.colour == action.colour.key and d.group == "roll"]
        return Spots((), tuple(f"#die-{i}" for i in dice))
    if isinstance(action, Place) and layout is not None:
        return Spots(tuple(tuple(layout.cell_corners(r, c)) for r, c in action.cells))
    return Spots()
