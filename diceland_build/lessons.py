"""What the build makes of the lessons of ``site/tutorial/<game>/``: their
pictures (``pictures/``, :mod:`diceland_site.pictures`) and the tutorial's
list for the script that shows it before Python starts
(``tutorial-list.js``, :mod:`diceland_site.tutorial_list`).  Both run
here under the build's Python: they need only the standard library, the
engine and the site's pure package."""

from __future__ import annotations

import json
import sys
from pathlib import Path

__all__ = ["read_lessons", "lesson_pictures", "tutorial_script", "opening_pictures", "opening_pictures_by_language"]


def _site_importable(root: Path) -> None:
    for path in (str(root / "site"), str(root)):
        if path not in sys.path:
            sys.path.insert(0, path)


def read_lessons(root: Path) -> dict[str, tuple[list, dict]]:
    """Each game's ``index.json`` and its lessons' files by id."""
    _site_importable(root)
    from diceland_site.lessons import LESSON_GAMES, lesson_folder

    def read(game: str) -> tuple[list, dict]:
        folder = root / "site" / lesson_folder(game)
        index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
        return index, {e["id"]: json.loads((folder / e["file"]).read_text(encoding="utf-8")) for e in index}

    return {game: read(game) for game in LESSON_GAMES}


def lesson_pictures(games: dict[str, tuple[list, dict]]) -> dict[str, bytes]:
    """``pictures/``: every step of every lesson of ``games`` (:func:`read_lessons`)
    as SVG, and ``pictures/index.json``; ValueError for a lesson that cannot be drawn."""
    from diceland_site.pictures import lesson_pictures as draw
    return draw(games)


def opening_pictures(out_files: dict[str, bytes]) -> set[str]:
    """The picture each lesson opens on in the tutorial (its try's step, or
    the step it starts at), in every language, from the built
    ``pictures/index.json`` and lesson files in ``out_files``: precached,
    so that the tutorial shows every lesson offline (its other steps are
    kept once fetched)."""
    return set().union(*opening_pictures_by_language(out_files).values())


def opening_pictures_by_language(out_files: dict[str, bytes]) -> dict[str, set[str]]:
    """:func:`opening_pictures` by the language they are drawn in (a
    picture with no words drawn in: in every language's)."""
    from diceland_site.i18n import LANGUAGES
    from diceland_site.pictures import MANIFEST
    lessons = json.loads(out_files.get(MANIFEST, b"{}")).get("lessons", {})
    found: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}
    for item in lessons.values():
        data = json.loads(out_files.get(f"{item['folder']}/{item['file']}", b"{}"))
        tried = data.get("try") if isinstance(data.get("try"), dict) else {}
        step = tried.get("step", item.get("start"))
        steps = item.get("steps", [])
        for lang in LANGUAGES:
            seq = steps.get(lang, []) if isinstance(steps, dict) else steps
            if isinstance(step, int) and 0 <= step < len(seq):
                found[lang].add(seq[step]["src"])
    return found


def tutorial_script(games: dict[str, tuple[list, dict]], root: Path) -> bytes:
    """``tutorial-list.js``: :func:`diceland_site.tutorial_list.list_data`
    of every lesson, as ``window.DICELAND_TUTORIAL``, before the script of
    ``site/tutorial-list.js`` that draws it (one file, one request)."""
    from diceland_site.lessons import lesson_key
    from diceland_site.tutorial_list import list_data
    indexes = {game: index for game, (index, _) in games.items()}
    lessons = {lesson_key(game, lesson): data for game, (_, files) in games.items() for lesson, data in files.items()}
    text = json.dumps(list_data(indexes, lessons), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return ("/* The lessons' texts: made by build.py from site/tutorial/ and the locale files. */\n"
            f"window.DICELAND_TUTORIAL = {text};\n").encode("utf-8") + (root / "site" / "tutorial-list.js").read_bytes()
