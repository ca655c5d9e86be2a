"""How close a player is to Diceland's goal (RULES.md D6.1), for the page's
progress panel: per colour the bonus cells crossed and the cells left."""

from __future__ import annotations

from dataclasses import dataclass

from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland.sheet import Sheet
from diceland_core.games.diceland.sheet import GOAL_STARS

from . import draw
from ...i18n import Strings

__all__ = ["ColourProgress", "ProgressView", "progress"]


@dataclass(frozen=True)
class ColourProgress:
    colour: str
    name: str
    stars: int          # bonus cells crossed
    stars_total: int
    left: int           # cells not crossed yet
    complete: bool
    fill: str
    text: str


@dataclass(frozen=True)
class ProgressView:
    colours: tuple[ColourProgress, ...]
    goal: str           # what is missing to the goal, in one sentence
    stars: int
    goal_stars: int


def progress(sheet: Sheet, strings: Strings) -> ProgressView:
    """How close the player of ``sheet`` is to the goal (D6.1: 9 bonus cells and
    one complete colour): per colour the bonus cells crossed, the cells
    left and whether it is complete, and one line saying what is missing."""
    t, s = strings.t, strings
    board = sheet.board
    stars = sheet.stars_by_colour()
    colours = []
    for c in Colour:
        mask = board.colour_mask[c]
        if not mask:
            continue
        pal = draw.PALETTE[c.key]
        colours.append(ColourProgress(c.key, s.colour(c), stars[c], (board.star_mask & mask).bit_count(),
                                      (mask & ~sheet.crossed).bit_count(), sheet.is_complete(c),
                                      pal["die"], pal["text"]))
    done = [x.name for x in colours if x.complete]
    need = max(0, GOAL_STARS - sheet.stars)
    if need and not done:
        goal = t("progress.need_both", stars=need)
    elif need:
        goal = t("progress.need_stars", stars=need, colours=s.names(done))
    elif not done:
        closest = min((x for x in colours if not x.complete), key=lambda x: x.left, default=None)
        goal = t("progress.need_colour", colour=closest.name if closest else "", left=closest.left if closest else 0)
    else:
        goal = t("progress.goal", colours=s.names(done))
    return ProgressView(tuple(colours), goal, sheet.stars, GOAL_STARS)
