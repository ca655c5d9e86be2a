"""One exception tree for every game, and the messages behind it.

``GameError``
    The root: every error the package raises on purpose.
``BoardError``
    A Diceland board file is malformed or breaks RULES.md D1; ``problems``
    lists every problem found, each naming the file, row and column.
``ScenarioError``
    A scenario file is malformed (FORMATS.md, CLEVER.md, WIDESHUT.md): exit
    status 2 of ``replay``.
``UnknownGameError`` (a ``ScenarioError``)
    A file names a game that is not registered; the message lists the known
    games.
``RecordError``
    A saved game record is malformed, from a future version, or does not
    replay to what it says.
``IllegalActionError`` (also a ``ValueError``)
    An action the rules do not allow now.  It carries the rule id it breaks
    (``rule``, e.g. ``"D2.4"``), a message code (``code``, e.g.
    ``"diceland.overshoot"``) and the code's parameters (``params``).  The
    text is rendered from the code in any language (:meth:`text`); ``str()``
    is the rule id followed by the English text.

Messages
--------
Each game registers its catalogue once (:func:`register_messages`): a code
maps to one template per language of :data:`LANGUAGES`, and words that appear
as parameter values (colour names, areas …) map to their translations.  A
template is ``str.format`` text; a parameter may be followed by ``:p:one|other``
to choose a plural form by its number, e.g. ``"{n} {n:p:die|dice}"``, and a
word may take the gender and number of its noun (``{colour:fp}``, see
:mod:`diceland_core.core.forms`).
Player-facing templates never show a rule id, a code or a zero-based
coordinate: games pass 1-based ``row``/``column`` for the text and keep the
raw cell in ``params`` for the "details" a teacher may open.  A
:class:`Number` parameter reads as a player's number in each language
(:func:`number_text`); a :class:`Phrase` is another message rendered in
the same language, inside this one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, Sequence

from .forms import FORMS, agree

__all__ = [
    "LANGUAGES", "GameError", "BoardError", "ScenarioError", "UnknownGameError",
    "RecordError", "IllegalActionError", "register_messages", "load_messages", "render_message",
    "message_codes", "has_message", "Seat", "Cell", "Number", "Phrase", "number_text",
]

#: Every message exists in these languages (English first, the fallback).
LANGUAGES: tuple[str, ...] = ("en", "es", "it")

_MESSAGES: dict[str, dict[str, str]] = {}
_TERMS: dict[str, dict[str, dict[str, str]]] = {}


def register_messages(namespace: str, messages: Mapping[str, Mapping[str, str]],
                      terms: Mapping[str, Mapping[str, str]] | None = None) -> None:
    """Add a game's catalogue: ``messages[code][lang]`` templates, registered
    as ``namespace.code``; ``terms[lang][word]`` translations of parameter
    values.  Every code needs every language of :data:`LANGUAGES`."""
    for code, langs in messages.items():
        missing = [lang for lang in LANGUAGES if not langs.get(lang)]
        if missing:
            raise ValueError(f"message {namespace}.{code} has no text in {', '.join(missing)}")
        _MESSAGES[f"{namespace}.{code}"] = dict(langs)
    if terms:
        table = _TERMS.setdefault(namespace, {})
        for lang, words in terms.items():
            table.setdefault(lang, {}).update(words)


def load_messages(namespace: str, path: Path) -> tuple[dict, dict]:
    """Register the catalogue file ``path`` as ``namespace`` (JSON:
    ``{"messages": {code: {lang: text}}, "terms": {lang: {word: text}}}``);
    its messages and terms are returned."""
    data = json.loads(path.read_text(encoding="utf-8"))
    messages, terms = data["messages"], data.get("terms", {})
    register_messages(namespace, messages, terms)
    return messages, terms


def has_message(code: str) -> bool:
    return code in _MESSAGES


def message_codes(namespace: str | None = None) -> list[str]:
    """Every registered code (of one namespace, if given), sorted."""
    return sorted(c for c in _MESSAGES if namespace is None or c.startswith(namespace + "."))


class Seat(int):
    """A player, by zero-based index, as a message parameter: shown as the
    player's name when the caller gives names, else "player 2" (1-based) in
    the reader's language.  It is an ``int`` in ``params`` and in JSON."""


class Cell(tuple):
    """A cell ``(row, column)``, zero-based, as a message parameter: shown
    1-based ("row 2, column 11") in the reader's language; the raw pair stays
    in ``params`` (and in JSON, as a list) for the details view."""

    def __new__(cls, row: int, column: int) -> "Cell":
        return super().__new__(cls, (int(row), int(column)))


class Number(float):
    """A number as a message parameter, shown as :func:`number_text` shows it."""


class Phrase(tuple):
    """A message inside another's text, as a parameter: ``Phrase(code,
    params)``, rendered in the outer message's language."""

    def __new__(cls, code: str, params: Mapping[str, Any] | None = None) -> "Phrase":
        return super().__new__(cls, (code, dict(params or {})))


def number_text(value: float, lang: str = "en", sign: bool = False, digits: int = 1) -> str:
    """``value`` as a player reads it: ``digits`` decimals (one unless
    told), a decimal comma in Spanish and Italian, a true minus sign (and a
    plus with ``sign``); a number that shows as zero has no sign."""
    text = f"{abs(value):.{digits}f}"
    shows_zero = float(text) == 0
    if lang in ("es", "it"):
        text = text.replace(".", ",")
    if shows_zero:
        return text
    return ("\u2212" if value < 0 else "+" if sign else "") + text


def plural_form(spec: str, n: Any) -> str:
    """The form a ``p:one|other`` spec gives the number ``n``: ``one`` for
    1 or −1, else ``other``."""
    one, _, other = spec[2:].partition("|")
    return one if (n == 1 or n == -1) else other


class _Value:
    """A parameter as a template sees it: translated words, joined lists, and
    the ``p:one|other`` plural spec."""

    __slots__ = ("value", "terms", "lang", "names")

    def __init__(self, value: Any, terms: Mapping[str, str], lang: str = "en",
                 names: Sequence[str] | None = None):
        self.value = value
        self.terms = terms
        self.lang = lang
        self.names = names

    def _word(self, v: Any) -> str:
        if isinstance(v, Seat):
            if self.names is not None and 0 <= v < len(self.names):
                return str(self.names[v])
            return render_message("core.seat", {"n": int(v) + 1}, self.lang)
        if isinstance(v, Cell):
            return render_message("core.cell", {"row": v[0] + 1, "column": v[1] + 1}, self.lang)
        if isinstance(v, Number):
            return number_text(v, self.lang)
        if isinstance(v, Phrase):
            return render_message(v[0], v[1], self.lang, self.names)
        if isinstance(v, str):
            return self.terms.get(v, v)
        if isinstance(v, (list, tuple)):
            return ", ".join(self._word(x) for x in v)
        return str(v)

    def __format__(self, spec: str) -> str:
        if spec.startswith("p:"):
            return plural_form(spec, self.value)
        if spec in FORMS:
            return agree(self._word(self.value), spec, self.lang)
        if spec:
            return format(self.value, spec)
        return self._word(self.value)

    def __str__(self) -> str:
        return self._word(self.value)


def render_message(code: str, params: Mapping[str, Any] | None = None, lang: str = "en",
                   names: Sequence[str] | None = None) -> str:
    """The text of ``code`` in ``lang`` (English when ``lang`` is unknown);
    :class:`Seat` parameters become ``names[i]`` when given.  An unknown code
    renders as itself, so a message is never lost."""
    langs = _MESSAGES.get(code)
    if langs is None:
        return code
    template = langs.get(lang) or langs["en"]
    namespace = code.split(".", 1)[0]
    by_lang = _TERMS.get(namespace, {})
    terms = by_lang.get(lang) or by_lang.get("en", {})
    values = {k: _Value(v, terms, lang, names) for k, v in (params or {}).items()}
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError):
        return template


class GameError(Exception):
    """Root of every error raised on purpose by diceland_core, in any game."""


class BoardError(GameError):
    """A board file is malformed or breaks the board rules (RULES.md D1)."""

    def __init__(self, problems: list[str] | str):
        if isinstance(problems, str):
            problems = [problems]
        self.problems: list[str] = list(problems)
        super().__init__("\n".join(self.problems))


class ScenarioError(GameError):
    """A scenario file is malformed (FORMATS.md): ``replay`` exit status 2."""


class UnknownGameError(ScenarioError):
    """A file names a game that no module registered."""


class RecordError(GameError):
    """A saved game record cannot be loaded.  ``code`` says why, for a user
    interface to pick its message: ``"future"`` (saved by a newer version) or
    ``"invalid"`` (anything else); the text names what is wrong."""

    def __init__(self, message: str, code: str = "invalid"):
        self.code = code
        super().__init__(message)


class IllegalActionError(GameError, ValueError):
    """An action that the rules do not allow now.

    ``rule`` is the rule id (``"C6.3"``), ``code`` the message code
    (``"clever.platter_die_usable"``), ``params`` its parameters.  The game
    is unchanged when this is raised."""

    def __init__(self, rule: str, code: str, **params: Any):
        self.rule = rule
        self.code = code
        self.params = params
        super().__init__(f"{rule} {render_message(code, params)}")

    def text(self, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The explanation for a player in ``lang``: no rule id, no code, no
        zero-based cell; players by ``names`` when given."""
        return render_message(self.code, self.params, lang, names)

    @property
    def detail(self) -> str:
        """The English explanation without the rule id."""
        return self.text("en")

    @property
    def data(self) -> dict[str, Any]:
        return self.params

    def details(self) -> dict[str, Any]:
        """What a "details" link shows: the rule id, the code, the raw
        parameters (zero-based cells included)."""
        return {"rule": self.rule, "code": self.code, "params": dict(self.params)}


load_messages("core", Path(__file__).with_name("messages.json"))
