"""The clever page's strings: ``locales/<lang>.json`` of this package over
the site's shared table (:mod:`diceland_site.i18n`), so shared words (menus,
seat kinds) are not repeated."""

from __future__ import annotations

import json
from pathlib import Path

from ..i18n import DEFAULT_LANGUAGE, LANGUAGES, Strings, load_locale

__all__ = ["CleverStrings", "own_locale", "COLOUR_SYMBOLS"]

_OWN: dict[str, dict[str, str]] = {}
#: a symbol on every die besides its colour (never colour alone)
COLOUR_SYMBOLS = {"white": "◇", "yellow": "●", "blue": "■", "green": "▲", "orange": "◆", "purple": "★"}


def own_locale(lang: str) -> dict[str, str]:
    """This package's strings of ``lang``, cached."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    found = _OWN.get(lang)
    if found is None:
        path = Path(__file__).resolve().parent / "locales" / f"{lang}.json"
        found = _OWN[lang] = json.loads(path.read_text(encoding="utf-8"))
    return found


class CleverStrings(Strings):
    """:class:`Strings` whose table is the shared one plus this page's."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE):
        super().__init__(lang)
        self.table = {**load_locale(self.lang), **own_locale(self.lang)}
        self._fallback = {**load_locale(DEFAULT_LANGUAGE), **own_locale(DEFAULT_LANGUAGE)}

    def t(self, key: str, **params: object) -> str:
        text = self.table.get(key)
        if text is None:
            text = self._fallback.get(key, key)
        if not params:
            return text
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text

    def area(self, area: str) -> str:
        return self.t(f"clever.area.{area}")

    def die_name(self, colour: str, value: int | None) -> str:
        """The accessible name of a die: "white die, 5"."""
        name = self.t(f"clever.colour.{colour}")
        if value is None:
            return self.t("clever.die.blank", colour=name)
        return self.t("clever.die.label", colour=name, value=value)

    def target_label(self, area: str, index) -> str:
        """The accessible name of a lit field: "Yellow, row 2, column 3"."""
        if area == "yellow":
            return self.t("clever.target.yellow", row=index[0] + 1, column=index[1] + 1)
        if area == "blue":
            return self.t("clever.target.blue", sum=index)
        return self.t("clever.target.row", area=self.area(area), index=index + 1)
