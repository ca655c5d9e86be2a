"""Adjectives that agree with their noun: a colour named in a Spanish or
Italian template takes the gender and number of the noun it qualifies
("casilla roja", "dadi rossi").  A template picks the form with a format
spec on the placeholder: ``{colour:f}`` (feminine), ``{colour:mp}``
(masculine plural), ``{colour:fp}`` (feminine plural); ``{colour}`` and
``{colour:m}`` are the word as given (masculine singular, the form a colour
takes as a noun: "elige rojo").  The forms of every word are in
``forms.json``, by language and masculine singular form; English words (and
any word not listed) have one form."""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["FORMS", "agree"]

#: the format specs that choose a form
FORMS: tuple[str, ...] = ("m", "f", "mp", "fp")

_TABLE: dict[str, dict[str, dict[str, str]]] = json.loads(
    Path(__file__).with_name("forms.json").read_text(encoding="utf-8"))


def agree(word: str, spec: str, lang: str) -> str:
    """``word`` (masculine singular) in the form ``spec`` of :data:`FORMS`
    in ``lang``: ``agree("rojo", "fp", "es")`` is "rojas".  An adjective
    follows its noun, so the form is lower-case even for a capitalised label
    ("Amarillo" → "amarilla"); an unknown word or language gives ``word``."""
    lower = word.lower()
    forms = _TABLE.get(lang, {}).get(lower)
    if not forms:
        return word
    return forms.get(spec, lower)
