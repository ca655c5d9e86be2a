"""Strings of the game page in English, Spanish and Italian.

Every user-visible text lives in ``locales/<lang>.json`` (flat objects, keys
like ``"button.roll"``, values with ``{placeholders}`` for :meth:`str.format`).
A count's word takes its form from the count with the engine messages'
plural spec: ``{count:p:one die|{count} dice}`` reads "one die" when
``count`` is 1 (or −1) and "3 dice" otherwise; English, Spanish and Italian
all have just these two forms.  A negative number is shown with a minus
sign (:func:`signed`).  The files
are read with plain :class:`pathlib.Path` reads relative to this
module, so they work from a checkout and from a wheel unpacked into
site-packages alike.

:func:`error_text` is the plain sentence a player reads when the engine
refuses an action, rendered in the page's language from the error's message
code; :func:`error_details` the rule id and title a teacher may open
("D2.4 Sobretirada").
"""

from __future__ import annotations

import functools
import json
import string
from pathlib import Path
from typing import Any, Iterable, Sequence

from diceland_core import IllegalActionError
from diceland_core.core.errors import plural_form
from diceland_core.core.forms import FORMS, agree

__all__ = [
    "LANGUAGES", "DEFAULT_LANGUAGE", "Strings", "choose_language", "load_locale",
    "placeholders", "error_text", "error_details", "locale_dir", "signed",
]

LANGUAGES: tuple[str, ...] = ("en", "es", "it")
DEFAULT_LANGUAGE = "en"

def locale_dir() -> Path:
    return Path(__file__).resolve().parent / "locales"


def load_locale(lang: str, folder: Path | None = None) -> dict[str, str]:
    """The strings of ``lang`` (one of :data:`LANGUAGES`) from ``folder``
    (this package's locales, or a game page's own), cached."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (expected one of {', '.join(LANGUAGES)})")
    return _read_locale(folder or locale_dir(), lang)


@functools.cache
def _read_locale(folder: Path, lang: str) -> dict[str, str]:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


def layered_locale(lang: str, folder: Path | None = None) -> dict[str, str]:
    """The shared strings of ``lang`` with ``folder``'s over them, cached."""
    if folder is None:
        return load_locale(lang)
    return _layered(folder, lang)


@functools.cache
def _layered(folder: Path, lang: str) -> dict[str, str]:
    return {**load_locale(lang), **load_locale(lang, folder)}


def placeholders(text: str) -> set[str]:
    """The ``{names}`` used by a template."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def signed(value: int) -> str:
    """A number as players read it: a true minus sign (U+2212) for a
    negative one, never a hyphen."""
    return f"\u2212{-value}" if value < 0 else str(value)


class _Value:
    """A parameter as a template sees it: a negative whole number with its
    minus sign, the engine messages' plural spec ``{n:p:one|other}``
    (the form for 1 or −1, else the other), and a word agreeing with its
    noun (``{colour:f}``, :func:`diceland_core.core.forms.agree`)."""

    __slots__ = ("value", "lang")

    def __init__(self, value: object, lang: str = DEFAULT_LANGUAGE):
        self.value = value
        self.lang = lang

    def __format__(self, spec: str) -> str:
        v = self.value
        if spec.startswith("p:"):
            try:
                n = int(str(v).replace("\u2212", "-"))
            except ValueError:
                n = None
            return plural_form(spec, n)
        if spec in FORMS:
            return agree(str(v), spec, self.lang)
        if isinstance(v, int) and not isinstance(v, bool) and v < 0 and not spec:
            return signed(v)
        return format(v, spec)


class _Params(dict):
    """format_map mapping that leaves unknown placeholders visible."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Strings:
    """The strings of one language: ``Strings("es").t("button.roll")``.

    A key missing from the language falls back to English, then to the key
    itself, so a page never shows nothing.  A game page's subclass names its
    own ``folder`` of locale files, read over the site's shared table: its
    keys win, the shared words (menus, saved games, messages) are not
    repeated."""

    #: a game page's own locale files, over the shared ones (None: only these)
    folder: Path | None = None

    def __init__(self, lang: str = DEFAULT_LANGUAGE):
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self.table = layered_locale(self.lang, self.folder)

    def t(self, key: str, **params: object) -> str:
        text = self.table.get(key)
        if text is None:
            text = layered_locale(DEFAULT_LANGUAGE, self.folder).get(key, key)
        if not params:
            return text
        try:
            return text.format_map(_Params({name: _Value(value, self.lang) for name, value in params.items()}))
        except (ValueError, IndexError):
            return text

    def has(self, key: str) -> bool:
        return key in self.table

    # -- helpers for the common compound texts --------------------------------
    def colour(self, colour: Any) -> str:
        """A colour's name: a colour of a game (anything with a ``key``, as
        Diceland's ``Colour``) or its key."""
        key = getattr(colour, "key", None)
        key = key if isinstance(key, str) else str(colour)
        return self.t(f"colour.{key}")

    def dice(self, dice: Iterable[Any]) -> str:
        """``[red, red, blue]`` → "2 × red, 1 × blue" (canonical colour order)."""
        counts: dict[Any, int] = {}
        for c in dice:
            counts[c] = counts.get(c, 0) + 1
        if not counts:
            return self.t("dice.none")
        parts = [self.t("dice.count", count=n, colour=self.colour(c)) for c, n in sorted(counts.items())]
        return self.t("list.sep").join(parts)

    def names(self, names: Sequence[str]) -> str:
        """"Ana", "Ana and Bo", "Ana, Bo and Cy"."""
        names = list(names)
        if len(names) <= 1:
            return "".join(names)
        return self.t("list.and", a=self.t("list.sep").join(names[:-1]), b=names[-1])


def _primary(tag: str) -> str:
    return tag.strip().lower().replace("_", "-").split("-")[0]


def choose_language(saved: object, navigator_languages: object) -> str:
    """The page's language: the saved choice if valid, else the first of the
    browser's languages that we have, else English.  Anything else (a
    hand-edited setting, a number) counts as no choice."""
    if isinstance(saved, str) and _primary(saved) in LANGUAGES:
        return _primary(saved)
    if not isinstance(navigator_languages, (list, tuple)):
        navigator_languages = ()
    for tag in navigator_languages:
        if isinstance(tag, str) and _primary(tag) in LANGUAGES:
            return _primary(tag)
    return DEFAULT_LANGUAGE


# -- engine errors ----------------------------------------------------------------

def error_text(err: IllegalActionError, lang: str = DEFAULT_LANGUAGE,
               names: Sequence[str] | None = None) -> str:
    """What a player reads when the engine refuses an action: a plain
    sentence in ``lang``, rendered from the error's message code, with player
    ``names`` and 1-based cells; never a rule id or a code (those are in
    :func:`error_details`)."""
    text = err.text(lang if lang in LANGUAGES else DEFAULT_LANGUAGE, names)
    return text[:1].upper() + text[1:]


def error_details(err: IllegalActionError, lang: str = DEFAULT_LANGUAGE) -> str:
    """The details behind a "details" link, for teachers: the rule id and
    the rule's title in ``lang`` ("D2.4 Sobretirada")."""
    s = Strings(lang)
    rule = getattr(err, "rule", "")
    key = f"rule.title.{rule}"
    title = s.t(key)
    return f"{rule} {title}" if title != key else rule
