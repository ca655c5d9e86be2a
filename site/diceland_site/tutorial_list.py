"""The tutorial's lesson list, the same before and after Python starts.

tutorial.html shows its list at once: the build writes :func:`list_data`
at the head of ``tutorial-list.js``, whose script draws it, opens the
lesson in its frame and follows the reader's choices until Python is ready;
then ``tutorial.py`` takes over with the same texts (:func:`lesson_texts`,
:func:`progress_text`).  Every text is rendered here, in Python, for each
language: the script only picks one, so the two cannot word a thing
differently."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .games import GAMES
from .i18n import LANGUAGES, Strings
from .lessons import LESSON_GAMES, embed_src, tutorial_entries
from .teaching import text_in

__all__ = ["LIST_KEYS", "lesson_texts", "progress_text", "list_data"]

#: the page's own words (``data-i18n`` of tutorial.html and its partials)
LIST_KEYS = ("tutorial.", "menu.language")


def lesson_texts(entry: Mapping[str, str], lesson: Mapping[str, Any], number: int, strings: Strings) -> dict[str, str]:
    """What the list and the frame say of one lesson, in ``strings``'
    language: ``title`` ("2. Phase 1"), ``done`` (the title of a lesson
    done, for a screen reader), ``frame`` (the frame's title) and ``src``
    (the frame's ``embed.html`` link)."""
    name = text_in(lesson.get("title"), strings.lang) or entry["key"]
    title = f"{number}. {name}"
    step = lesson.get("try", {}).get("step") if isinstance(lesson.get("try"), dict) else None
    return {"title": title, "done": strings.t("tutorial.lesson_done", title=title),
            "frame": strings.t("tutorial.frame_title", title=name), "src": embed_src(entry, strings.lang, step)}


def progress_text(done: int, total: int, strings: Strings) -> str:
    return strings.t("tutorial.progress", done=done, total=total)


def numbered(entries: Sequence[Mapping[str, str]]) -> dict[str, int]:
    """Each lesson's number within its game's list (from 1)."""
    out, seen = {}, {}
    for entry in entries:
        seen[entry["game"]] = seen.get(entry["game"], 0) + 1
        out[entry["key"]] = seen[entry["game"]]
    return out


def list_data(indexes: Mapping[str, Sequence[Mapping[str, Any]]], lessons: Mapping[str, Mapping[str, Any]]) -> dict:
    """What ``tutorial-list.js`` needs, in every language: the lessons in
    the tutorial's order (each one's key, game and :func:`lesson_texts`),
    each game's heading, the progress line for every count done, the page's
    words and each game's page (for "Back to the game").  ``indexes`` are the
    games' ``index.json``, ``lessons`` each lesson's file by its key."""
    entries = tutorial_entries(indexes)
    numbers = numbered(entries)
    languages = {}
    for lang in LANGUAGES:
        strings = Strings(lang)
        languages[lang] = {
            "lessons": [lesson_texts(e, lessons[e["key"]], numbers[e["key"]], strings) for e in entries],
            "games": {g: strings.t(f"games.{g}.title") for g in LESSON_GAMES},
            "progress": [progress_text(n, len(entries), strings) for n in range(len(entries) + 1)],
            "words": {k: v for k, v in sorted(strings.table.items()) if k.startswith(LIST_KEYS)},
        }
    return {"lessons": [{"key": e["key"], "game": e["game"]} for e in entries], "games": list(LESSON_GAMES),
            "pages": {e.game: e.page for e in GAMES}, "languages": languages}
