"""Pictures of the shipped lessons, drawn when the site is built, so that
``embed.html`` shows a lesson's position at once and starts Python only when
the reader interacts with it.

Each game that can draw its lessons registers one function in
:data:`DRAWERS`: ``draw(data, lesson_id) -> [{"seat", "name", "svg"}, …]``,
one entry per step 0…last (``seat`` left out when the live board shows
whatever seat it likes), or a dict ``language → such a list`` when the
pictures hold words of the reader's language.  The lessons of a game's
folder (``tutorial/diceland/``, ``tutorial/clever/``…) are that game's.  A
lesson whose game has no drawer gets no pictures, and the embed starts its
live board at once.

:func:`lesson_pictures` returns the files to write (``pictures/…``) and the
manifest ``pictures/index.json`` that the page's script reads (a picture is
named by its content, so steps that look alike share one file)::

    {"version": 1, "lessons": {"overshoot": {"game": "diceland", "folder": "tutorial/diceland",
      "file": "04-overshoot.json", "start": 1, "last": 5, "players": 2,
      "steps": {"en": [{"src": "pictures/diceland-overshoot/1c0ffee0c0de.svg", "seat": 0,
                        "name": "María"}, …], "es": […], "it": […]}},
     "clever/areas": {"game": "clever", "folder": "tutorial/clever", "file": "02-areas.json",
      "start": 2, "last": 4, "players": 2, "steps": {"en": […], "es": […], "it": […]}}}}

A lesson is listed under its tutorial key (:func:`~diceland_site.lessons.lesson_key`),
with the folder its file is in; its pictures go to ``pictures/game-lesson/``.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Callable, Mapping, Sequence

from . import board_pictures
from .teaching import EmbedError
from .i18n import LANGUAGES
from .lessons import LESSON_GAMES, lesson_folder, lesson_key, lesson_rules

__all__ = ["DRAWERS", "MANIFEST", "START", "lesson_pictures", "start_pictures"]

Steps = list[dict[str, Any]]
#: game name → function drawing every step of one of its lessons
DRAWERS: dict[str, Callable[[Mapping[str, Any], str], Steps | dict[str, Steps]]] = {
    game: board_pictures.drawer(game) for game in LESSON_GAMES}
#: the same for the step a lesson opens at, its last step and its players
#: (``{"start", "last", "players"}``)
STARTS: dict[str, Callable[[Mapping[str, Any], str], dict[str, int]]] = {
    game: board_pictures.starts(game) for game in LESSON_GAMES}
MANIFEST = "pictures/index.json"
#: a new game's sheet or board, by game and language: what the boot screen
#: shows on a first visit while Python loads (boot.js has the same address)
START = "pictures/start/{game}-{lang}.svg"
_SAFE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


Lessons = tuple[Sequence[Mapping[str, Any]], Mapping[str, Mapping[str, Any]]]


def lesson_pictures(games: Mapping[str, Lessons]) -> dict[str, bytes]:
    """Every picture of every lesson of each game's ``(index, lessons)`` in
    ``games`` (by game name; ``lessons``: id → lesson data), and the
    manifest, as ``{relative path: bytes}``, with the games' new sheets
    (:func:`start_pictures`).  A lesson that cannot be drawn
    is a build error (:class:`ValueError` naming it)."""
    files: dict[str, bytes] = {}
    manifest: dict[str, Any] = {}
    for game, (entries, data_of) in games.items():
        for entry in entries:
            lesson = str(entry["id"])
            if not _SAFE_ID.fullmatch(lesson):
                raise ValueError(f"lesson id {lesson!r} cannot name a picture folder (use a-z, 0-9 and -)")
            data = data_of[lesson]
            key = lesson_key(game, lesson)
            item: dict[str, Any] = {"game": game, "folder": lesson_folder(game), "file": str(entry["file"])}
            draw, start = DRAWERS.get(game), STARTS.get(game)
            if draw is not None and start is not None:
                try:
                    steps = draw(data, lesson)
                    item.update(start(data, lesson))
                except EmbedError as err:
                    raise ValueError(f"lesson {key}: {err.message('en')}") from None
                folder = f"{game}-{lesson}"
                if isinstance(steps, dict):
                    item["steps"] = {lang: _write(files, folder, s) for lang, s in steps.items()}
                else:
                    item["steps"] = _write(files, folder, steps)
            manifest[key] = item
    files[MANIFEST] = (json.dumps({"version": 1, "lessons": manifest}, ensure_ascii=False,
                                  indent=1, sort_keys=True) + "\n").encode("utf-8")
    files.update(start_pictures())
    return files


def start_pictures() -> dict[str, bytes]:
    """:data:`START`: a new two-player game of every game that draws its
    lessons, in every language (its first seat's sheet)."""
    files: dict[str, bytes] = {}
    for game, draw in DRAWERS.items():
        data = {"game": game, "players": 2, "seed": 1, "actions": [], **lesson_rules(game).new_game}
        steps = draw(data, None)
        for lang in LANGUAGES:
            first = (steps[lang] if isinstance(steps, dict) else steps)[0]
            files[START.format(game=game, lang=lang)] = first["svg"].encode("utf-8")
    return files


def _write(files: dict[str, bytes], folder: str, steps: Steps) -> list[dict[str, Any]]:
    """Each step's picture into ``files`` (named by its content), and its manifest entry."""
    out = []
    for step in steps:
        svg = step["svg"].encode("utf-8")
        src = f"pictures/{folder}/{hashlib.sha256(svg).hexdigest()[:12]}.svg"
        files[src] = svg
        out.append({"src": src, **{k: v for k, v in step.items() if k != "svg"}})
    return out
