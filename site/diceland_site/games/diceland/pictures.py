"""Pictures of a Diceland lesson: the board the embed shows at each step, as
SVG (the engine's :func:`~diceland_core.games.diceland.render.render_svg`),
with whose board it is."""

from __future__ import annotations

import re
from typing import Any, Mapping

from diceland_core.games.diceland.render import render_svg

from .lesson import Script


_ATTRIBUTE = re.compile(r'="([^"]*)"')
_DIGITS = re.compile(r"(\d\.\d)\d+")


def tenths(svg: str) -> str:
    """``svg`` with every number in an attribute cut to one decimal (a tenth
    of a pixel: the same picture, about a tenth fewer bytes to precache)."""
    return _ATTRIBUTE.sub(lambda m: '="' + _DIGITS.sub(r"\1", m.group(1)) + '"', svg)


def step_pictures(data: Mapping[str, Any], lesson: str | None = None) -> list[dict[str, Any]]:
    """For every step 0…last of the scenario ``data``: ``{"seat", "name",
    "svg"}``, the board :class:`~diceland_site.games.diceland.lesson.EmbedSession`
    shows there (same seat), titled with the player's name when the scenario
    names its players.  Raises :class:`~diceland_site.teaching.EmbedError`
    for a broken scenario."""
    script = Script(data, lesson)
    names = script.custom_names
    out = []
    for step in range(script.last + 1):
        game = script.game_at(step)
        seat = script.shown_seat(step)
        name = names[seat] if names else ""
        svg = tenths(render_svg(game.boards[seat], game.sheets[seat].crossed, title=name or None))
        out.append({"seat": seat, "name": name, "svg": svg})
    return out


def steps_of(data: Mapping[str, Any], lesson: str | None = None) -> dict[str, int]:
    """The step a lesson opens at without ``&step=`` (``start``), its last
    step and its number of players."""
    script = Script(data, lesson)
    return {"start": script.check_view(None, None), "last": script.last, "players": script.players}
