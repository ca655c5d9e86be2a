"""Why Diceland's hint suggests what it does, in plain words: facts of the
position the expert's choice rests on (the room in the zones of a colour,
the dice held and still to roll, the bonus cells a placement crosses,
D2–D6), never a rule id or a zero-based cell."""

from __future__ import annotations

from diceland_core.games.diceland.actions import Choose, Place
from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland.game import DICE
from diceland_core.games.diceland.sheet import GOAL_STARS

__all__ = ["reason"]


def _room(game, player: int, colour: Colour) -> int:
    return max(game.sheets[player].room(colour).values(), default=0)


def reason(game, player: int, action, strings) -> str:
    """The reason for the hint ``action`` of ``player`` in ``game``."""
    t, s = strings.t, strings
    if isinstance(action, Choose):
        colour = action.colour
        count = sum(1 for c in game.roll if c == colour)
        return t("hint.why_choose", colour=s.colour(colour), count=count, room=_room(game, player, colour))
    if isinstance(action, Place):
        board, sheet = game.boards[player], game.sheets[player]
        colour = board.colour_at(*action.cells[0])
        stars = sum(1 for r, c in action.cells if board.is_star(r, c))
        mask = board.colour_mask[colour]
        completes = not mask & ~(sheet.crossed | board.mask_of(action.cells))
        if completes:
            return t("hint.why_place_complete", colour=s.colour(colour), count=len(action.cells))
        if stars:
            return t("hint.why_place_stars", stars=stars, total=sheet.stars + stars, goal=GOAL_STARS)
        return t("hint.why_place_room", colour=s.colour(colour))
    kind = getattr(action, "type", "")
    if kind in ("reroll", "stop") and game.chosen is not None:
        colour, held = game.chosen, game.held
        free, room = DICE - held, _room(game, player, colour)
        percent = round(100 * (1 - (5 / 6) ** free))
        if kind == "reroll":
            if room < held:
                return t("hint.why_reroll_nothing", colour=s.colour(colour), count=held, room=room)
            return t("hint.why_reroll", colour=s.colour(colour), count=held, room=room, free=free, percent=percent)
        if room < held:
            return t("hint.why_stop_nothing", colour=s.colour(colour), count=held, room=room)
        return t("hint.why_stop", colour=s.colour(colour), count=held, room=room, percent=percent)
    if kind == "pass":
        return t("hint.why_pass")
    return ""
