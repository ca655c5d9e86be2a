"""The words of the terminal and of the review: the actions' short names and
the dice colours' names in English, Spanish and Italian (``words.json``),
and an action told in them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .sheet import COLOURS

__all__ = ["COLOUR_WORDS", "WORDS", "colour_word", "describe", "word"]

_WORDS_FILE = json.loads(Path(__file__).with_name("words.json").read_text(encoding="utf-8"))
#: the actions' and the sheet's words, by language
WORDS: dict[str, dict[str, str]] = _WORDS_FILE["words"]
#: the dice colours' names, by language
COLOUR_WORDS: dict[str, dict[str, str]] = _WORDS_FILE["colours"]


def word(lang: str, key: str) -> str:
    return WORDS.get(lang, WORDS["en"]).get(key, WORDS["en"][key])


def colour_word(lang: str, colour: str) -> str:
    return COLOUR_WORDS.get(lang, COLOUR_WORDS["en"]).get(colour, colour)


def describe(action: Any, state: Any, lang: str = "en") -> str:
    """A short text for an action in a menu."""
    t = action.type
    text = word(lang, t)
    if t in ("reroll", "pass", "end_turn"):
        return text
    if getattr(action, "die", None):
        text += f" {colour_word(lang, action.die)} {state.faces[COLOURS.index(action.die)]}"
    if action.area is None:
        return text + " " + word(lang, "nothing")
    text += f" -> {colour_word(lang, action.area)}"
    if action.area == "yellow":
        r, c = action.field
        text += f" ({word(lang, 'row')} {r + 1}, {word(lang, 'column')} {c + 1})"
    elif action.area == "blue" and action.field is not None:
        text += f" {action.field}"
    elif t == "round_bonus" and action.area in ("orange", "purple"):
        text += " 6"
    return text
