"""Strings of the game page in English, Spanish and Italian.

Every user-visible text lives in ``locales/<lang>.json`` (flat objects, keys
like ``"button.roll"``, values with ``{placeholders}`` for :meth:`str.format`).
The files are read with plain :class:`pathlib.Path` reads relative to this
module, so they work from a checkout and from a wheel unpacked into
site-packages alike.

:func:`rule_message` translates an :class:`IllegalActionError` of the engine
("D2.4 overshoot: 3 red dice, 2 free cells") into the page's language using the
rulebooks' own terms ("D2.4 Sobretirada: …", "D2.4 Dadi in eccesso: …").
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from diceland_core import Colour, IllegalActionError

__all__ = [
    "LANGUAGES", "DEFAULT_LANGUAGE", "Strings", "choose_language", "load_locale",
    "placeholders", "rule_message", "locale_dir",
]

LANGUAGES: tuple[str, ...] = ("en", "es", "it")
DEFAULT_LANGUAGE = "en"

_CACHE: dict[str, dict[str, str]] = {}


def locale_dir() -> Path:
    return Path(__file__).resolve().parent / "locales"


def load_locale(lang: str) -> dict[str, str]:
    """The strings of ``lang`` (one of :data:`LANGUAGES`), cached."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (expected one of {', '.join(LANGUAGES)})")
    found = _CACHE.get(lang)
    if found is None:
        text = (locale_dir() / f"{lang}.json").read_text(encoding="utf-8")
        found = json.loads(text)
        _CACHE[lang] = found
    return found


def placeholders(text: str) -> set[str]:
    """The ``{names}`` used by a template."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


class _Params(dict):
    """format_map mapping that leaves unknown placeholders visible."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Strings:
    """The strings of one language: ``Strings("es").t("button.roll")``.

    A key missing from the language falls back to English, then to the key
    itself, so a page never shows nothing."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE):
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
        self.table = load_locale(self.lang)

    def t(self, key: str, **params: object) -> str:
        text = self.table.get(key)
        if text is None:
            text = load_locale(DEFAULT_LANGUAGE).get(key, key)
        return text.format_map(_Params(params)) if params else text

    def has(self, key: str) -> bool:
        return key in self.table

    # -- helpers for the common compound texts --------------------------------
    def colour(self, colour: Colour | str) -> str:
        key = colour.key if isinstance(colour, Colour) else str(colour)
        return self.t(f"colour.{key}")

    def die_label(self, colour: Colour | str, group: str = "") -> str:
        """Accessible name of a die button ("red die", "dado rojo")."""
        key = "die.label" + (f".{group}" if group else "")
        return self.t(key, colour=self.colour(colour))

    def dice(self, dice: Iterable[Colour]) -> str:
        """``[red, red, blue]`` → "2 × red, 1 × blue" (canonical colour order)."""
        counts: dict[Colour, int] = {}
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


# -- rule errors ----------------------------------------------------------------

_CELL = r"\[(?P<row>-?\d+), (?P<col>-?\d+)\]"
_W = r"(?P<{}>[a-z]+)"

#: (rule id, pattern over the English detail, message key).  The first match wins.
_RULE_PATTERNS: tuple[tuple[str, str, str], ...] = (
    ("D1.2", r"there is no player (?P<player>-?\d+)", "no_player"),
    ("D1.3", rf"cell {_CELL} is not on the board", "off_board"),
    ("D2.1", rf"adjacency: cell {_CELL}", "adjacency"),
    ("D2.2", rf"one open zone per colour: the {_W.format('colour')} zone at {_CELL}", "open_zone"),
    ("D2.3", r"a placement crosses at least one cell", "empty"),
    ("D2.3", rf"cell {_CELL} is listed twice", "twice"),
    ("D2.3", rf"cell {_CELL} is already crossed", "crossed"),
    ("D2.3", rf"cell {_CELL} is {_W.format('cell_colour')}, but the dice are {_W.format('colour')}",
     "wrong_colour"),
    ("D2.3", rf"the cells lie in (?P<zones>\d+) different {_W.format('colour')} zones", "zones"),
    ("D2.3", rf"wrong number of cells: (?P<dice>\d+) {_W.format('colour')} dic?e, (?P<cells>\d+) cells?"
             r" \(D2\.4", "count_overshoot"),
    ("D2.3", rf"wrong number of cells: (?P<dice>\d+) {_W.format('colour')} dic?e, (?P<cells>\d+) cells?",
     "count"),
    ("D2.4", rf"overshoot: (?P<dice>\d+) {_W.format('colour')} dice, (?P<free>\d+) free cells", "free"),
    ("D2.4", rf"overshoot: every {_W.format('colour')} zone is complete", "complete"),
    ("D2.5", rf"no {_W.format('colour')} zone within reach has (?P<dice>\d+) free cells", "reach"),
    ("D2.6", rf"cell {_CELL} is an obstacle", "obstacle"),
    ("D2.6", rf"cell {_CELL} is the start cell", "start"),
    ("D3.2", rf"the colour is chosen already \({_W.format('colour')}\)", "chosen"),
    ("D3.2", r"phase 1 is over", "over"),
    ("D3.2", rf"no die shows {_W.format('colour')}", "no_die"),
    ("D3.2", r"choose a colour first", "first"),
    ("D3.4", r"phase 1 is over: no reroll", "over_reroll"),
    ("D3.4", r"phase 1 is over: no stop", "over_stop"),
    ("D4", r"phase 2 has not begun", "not_begun"),
    ("D4.1", rf"the active player must place: (?P<dice>\d+) {_W.format('colour')}", "must_place"),
    ("D4.1", rf"the active player places their {_W.format('chosen')} dice, not {_W.format('colour')}",
     "wrong_colour"),
    ("D4.2", r"player (?P<player>\d+) has made their phase-2 choice already", "decided"),
    ("D4.2", rf"no leftover {_W.format('colour')} dice", "no_leftover"),
    ("D5.2", r"it is player (?P<roller>\d+)'s bonus roll, not player (?P<player>\d+)'s", "not_yours"),
    ("D5.3", rf"no {_W.format('colour')} die in the bonus roll", "no_die"),
    ("D6.2", r"the game is over", "over"),
    ("D7.1", r"nothing to undo", "nothing"),
)

_COLOUR_PARAMS = ("colour", "cell_colour", "chosen")
_PLAYER_PARAMS = ("player", "roller")


def rule_message(err: IllegalActionError, lang: str = DEFAULT_LANGUAGE,
                 names: Sequence[str] | None = None) -> str:
    """``err`` as "<rule> <rule title>: <explanation>" in ``lang``.

    Colours are translated; player numbers become ``names`` when given.  An
    error this table does not know is shown as the engine's English message."""
    s = Strings(lang)
    rule = getattr(err, "rule", "")
    detail = getattr(err, "detail", str(err))
    data: Mapping[str, object] = getattr(err, "data", {}) or {}
    for pat_rule, pattern, name in _RULE_PATTERNS:
        if pat_rule != rule:
            continue
        m = re.search(pattern, detail)
        if m is None:
            continue
        params: dict[str, object] = {k: v for k, v in data.items() if isinstance(v, (str, int))}
        params.update({k: v for k, v in m.groupdict().items() if v is not None})
        for key in _COLOUR_PARAMS:
            if key in params:
                params[key] = s.colour(str(params[key]))
        for key in _PLAYER_PARAMS:
            if key in params and names:
                i = int(params[key])  # type: ignore[arg-type]
                if 0 <= i < len(names):
                    params[key] = names[i]
        text = s.t(f"rule.{rule}.{name}", **params)
        return s.t("rule.format", rule=rule, title=s.t(f"rule.title.{rule}"), text=text)
    return str(err)
