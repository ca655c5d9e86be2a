"""Where a Dice Wide Shut move sits on the page, for the review's marks
(:mod:`diceland_site.review.marks`): a take's boxes on the sheet (in the
sheet's units) and its dice buttons; a roll has none."""

from __future__ import annotations

from typing import Any

from diceland_core.games.wideshut.actions import Take

from ...review.marks import Spots
from .draw import CELL, WIDTH, SheetLayout
from .model import position_of

__all__ = ["spots"]


def spots(ctrl: Any, action: Any, layout: Any = None) -> Spots:
    """``action``'s boxes and dice (``ctrl``, ``layout``: unused here, the
    sheet is drawn in its own units)."""
    if not isinstance(action, Take):
        return Spots()
    lay = SheetLayout(WIDTH, 1.0)
    shapes = []
    for entry in action.marks:
        pos = position_of(action.colour, entry)
        if pos is not None:
            x, y = lay.box_origin(*pos)
            shapes.append(((x, y), (x + CELL, y), (x + CELL, y + CELL), (x, y + CELL)))
    return Spots(tuple(shapes), tuple(f"#die-{i}" for i in action.dice))
