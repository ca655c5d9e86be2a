"""Pictures of the shipped lessons, drawn when the site is built, so that
``embed.html`` shows a lesson's position at once and starts Python only when
the reader interacts with it.

Each game that can draw its lessons registers one function in
:data:`DRAWERS`: ``draw(data, lesson_id) -> [{"seat", "name", "svg"}, …]``,
one entry per step 0…last.  A lesson names its game in ``"game"`` (in
``tutorial/index.json`` or in the lesson file; Diceland when neither does);
a lesson whose game has no drawer gets no pictures, and the embed shows a
plain placeholder until the reader starts it.

:func:`lesson_pictures` returns the files to write (``pictures/…``) and the
manifest ``pictures/index.json`` that the page's script reads (a picture is
named by its content, so steps that look alike share one file)::

    {"version": 1, "lessons": {"overshoot": {"game": "diceland",
      "file": "04-overshoot.json", "start": 1, "last": 5, "players": 2,
      "steps": [{"src": "pictures/overshoot/1c0ffee0c0de.svg", "seat": 0, "name": "María"}, …]}}}
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Callable, Mapping, Sequence

from .diceland import pictures as diceland_pictures
from .diceland.embed import EmbedError

__all__ = ["DRAWERS", "MANIFEST", "lesson_game", "lesson_pictures"]

#: game name → function drawing every step of one of its lessons
DRAWERS: dict[str, Callable[[Mapping[str, Any], str], list[dict[str, Any]]]] = {
    "diceland": diceland_pictures.step_pictures,
}
#: the same for the step a lesson opens at, its last step and its players
#: (``{"start", "last", "players"}``)
STARTS: dict[str, Callable[[Mapping[str, Any], str], dict[str, int]]] = {
    "diceland": diceland_pictures.steps_of,
}
MANIFEST = "pictures/index.json"
_SAFE_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def lesson_game(entry: Mapping[str, Any], data: Mapping[str, Any]) -> str:
    """The game a lesson teaches: its index entry's ``game``, else its
    file's, else Diceland."""
    for source in (entry, data):
        game = source.get("game") if isinstance(source, Mapping) else None
        if isinstance(game, str) and game:
            return game
    return "diceland"


def lesson_pictures(index: Sequence[Mapping[str, Any]],
                    lessons: Mapping[str, Mapping[str, Any]]) -> dict[str, bytes]:
    """Every picture of every lesson of ``index`` (``lessons``: id → lesson
    data) and the manifest, as ``{relative path: bytes}``.  A lesson that
    cannot be drawn is a build error (:class:`ValueError` naming it)."""
    files: dict[str, bytes] = {}
    manifest: dict[str, Any] = {}
    for entry in index:
        lesson = str(entry["id"])
        if not _SAFE_ID.fullmatch(lesson):
            raise ValueError(f"lesson id {lesson!r} cannot name a picture folder (use a-z, 0-9 and -)")
        data = lessons[lesson]
        game = lesson_game(entry, data)
        item: dict[str, Any] = {"game": game, "file": str(entry["file"])}
        draw, start = DRAWERS.get(game), STARTS.get(game)
        if draw is not None and start is not None:
            try:
                steps = draw(data, lesson)
                item.update(start(data, lesson))
            except EmbedError as err:
                raise ValueError(f"lesson {lesson}: {err.message('en')}") from None
            item["steps"] = []
            for step in steps:
                svg = step["svg"].encode("utf-8")
                src = f"pictures/{lesson}/{hashlib.sha256(svg).hexdigest()[:12]}.svg"
                files[src] = svg
                item["steps"].append({"src": src, "seat": step["seat"], "name": step["name"]})
        manifest[lesson] = item
    files[MANIFEST] = (json.dumps({"version": 1, "lessons": manifest}, ensure_ascii=False,
                                  indent=1, sort_keys=True) + "\n").encode("utf-8")
    return files
