"""Pictures of a lesson of any game, as :class:`~diceland_site.lesson_session.LessonSession`
shows it: at every step, the canvas the live ``embed.html`` draws there
(the game's board: ``static_ops() + frame_ops()``, the draw lists its live
page paints) as SVG, in every language of the site, since a sheet's printed
words and the board's title are in the reader's language; one list for all
languages when the pictures are the same in each (Diceland's: its sheet has
no words, and a picture is titled with the player's name,
``board.picture_title()`` where the board has one).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .i18n import LANGUAGES
from .lesson_session import LessonSession
from .lessons import LessonScript
from .svg import ops_to_svg

__all__ = ["CSS_WIDTH", "drawer", "starts"]

#: the width the pictures are drawn for (the embed's board is about as wide)
CSS_WIDTH = 480.0


def step_pictures(script: LessonScript, lang: str) -> list[dict[str, Any]]:
    """``{"seat", "name", "svg"}`` for every step 0…last of ``script`` in ``lang``."""
    session = LessonSession(script, lang)
    out = []
    for step in range(script.last + 1):
        session.goto(step)
        board = session.board
        layout = board.layout(CSS_WIDTH, 1.0)
        scale = getattr(layout, "scale", 1.0)  # draw-list units per CSS pixel
        width, height = layout.css_width / scale, layout.css_height / scale
        title = getattr(board, "picture_title", board.board_label)()
        svg = ops_to_svg(board.static_ops() + board.frame_ops(), width, height, layout.css_width, title=title)
        seat = board.shown_seat()
        out.append({"seat": seat, "name": session.names[seat], "svg": svg})
    return out


Steps = list[dict[str, Any]]


def drawer(game: str) -> Callable[[Mapping[str, Any], str], Steps | dict[str, Steps]]:
    """The :data:`diceland_site.pictures.DRAWERS` entry of ``game``: every
    step of a lesson, by language, or one list when every language draws
    the same (:class:`~diceland_site.teaching.EmbedError` for a broken lesson)."""
    def draw(data: Mapping[str, Any], lesson: str) -> Steps | dict[str, Steps]:
        script = LessonScript(data, game, lesson)
        steps = {lang: step_pictures(script, lang) for lang in LANGUAGES}
        first = steps[LANGUAGES[0]]
        return first if all(s == first for s in steps.values()) else steps
    return draw


def starts(game: str) -> Callable[[Mapping[str, Any], str], dict[str, int]]:
    """The :data:`diceland_site.pictures.STARTS` entry of ``game``: the step
    the live embed opens at without ``&step=``, the last step, the players."""
    def start(data: Mapping[str, Any], lesson: str) -> dict[str, int]:
        script = LessonScript(data, game, lesson)
        return {"start": script.check_view(None), "last": script.last, "players": script.players}
    return start
