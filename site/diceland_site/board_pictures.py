"""Pictures of a lesson of a game shown by :class:`~diceland_site.lessons.LessonSession`
(Ganz schön clever, Dice Wide Shut): at every step, the canvas the live
``embed.html?game=…`` draws there (the game's board: ``static_ops() +
frame_ops()``) as SVG, in every language of the site, since the sheet's
printed words and the players' default names are in the reader's language.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .i18n import LANGUAGES
from .lessons import LessonScript, LessonSession
from .svg import ops_to_svg

__all__ = ["CSS_WIDTH", "drawer", "starts"]

#: the width the pictures are drawn for (the embed's board is about as wide)
CSS_WIDTH = 480.0


def step_pictures(script: LessonScript, lang: str) -> list[dict[str, Any]]:
    """``{"name", "svg"}`` for every step 0…last of ``script`` in ``lang``."""
    session = LessonSession(script, lang)
    out = []
    for step in range(script.last + 1):
        session.goto(step)
        board = session.board
        layout = board.layout(CSS_WIDTH, 1.0)
        width, height = layout.css_width / layout.scale, layout.css_height / layout.scale
        svg = ops_to_svg(board.static_ops() + board.frame_ops(), width, height, layout.css_width,
                         title=board.board_label())
        out.append({"name": session.names[board.shown_seat()], "svg": svg})
    return out


def drawer(game: str) -> Callable[[Mapping[str, Any], str], dict[str, list[dict[str, Any]]]]:
    """The :data:`diceland_site.pictures.DRAWERS` entry of ``game``: every
    step of a lesson, by language (:class:`~diceland_site.teaching.EmbedError`
    for a broken lesson)."""
    def draw(data: Mapping[str, Any], lesson: str) -> dict[str, list[dict[str, Any]]]:
        script = LessonScript(data, game, lesson)
        return {lang: step_pictures(script, lang) for lang in LANGUAGES}
    return draw


def starts(game: str) -> Callable[[Mapping[str, Any], str], dict[str, int]]:
    """The :data:`diceland_site.pictures.STARTS` entry of ``game``: the step
    the live embed opens at without ``&step=``, the last step, the players."""
    def start(data: Mapping[str, Any], lesson: str) -> dict[str, int]:
        script = LessonScript(data, game, lesson)
        return {"start": script.check_step(None), "last": script.last, "players": script.players}
    return start
