"""Where a Ganz schön clever move sits on the page, for the review's marks
(:mod:`diceland_site.review.marks`): the die it picks or takes (drawn on the
sheet and as a button) and the field it crosses, in the sheet's units; a
reroll, a pass or the end of a turn has none."""

from __future__ import annotations

from typing import Any

from ...review.marks import Spots
from .draw import die_rect
from .layout import GEOMETRY

__all__ = ["spots"]


def spots(ctrl: Any, action: Any, layout: Any = None) -> Spots:
    """``action``'s die and field in ``ctrl``'s position (the seat who
    makes it; ``layout`` unused: the sheet is drawn in its own units)."""
    shapes, dice = [], []
    die = getattr(action, "die", None)
    if die is not None:
        drawn = next((d for d in ctrl.model().dice if d.colour == die), None)
        if drawn is not None:
            shapes.append(tuple(die_rect(drawn).points()))
        dice.append(f'#dice button.die[data-colour="{die}"]')
    area = getattr(action, "area", None)
    if area is not None:
        field = getattr(action, "field", None)
        field = tuple(field) if isinstance(field, list) else field
        rect = GEOMETRY.mark_rect(area, ctrl.spot_index(action.player, area, field))
        if rect is not None:
            shapes.append(tuple(rect.points()))
    return Spots(tuple(shapes), tuple(dice))
