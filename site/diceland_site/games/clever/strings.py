"""The clever page's strings: ``locales/<lang>.json`` of this package over
the site's shared table (:mod:`diceland_site.i18n`), so shared words (menus,
seat kinds) are not repeated."""

from __future__ import annotations

from pathlib import Path

from ...i18n import Strings, load_locale

__all__ = ["CleverStrings", "own_locale", "COLOUR_SYMBOLS"]

#: a symbol on every die besides its colour (never colour alone)
COLOUR_SYMBOLS = {"white": "◇", "yellow": "●", "blue": "■", "green": "▲", "orange": "◆", "purple": "★"}
LOCALES = Path(__file__).resolve().parent / "locales"


def own_locale(lang: str) -> dict[str, str]:
    """This package's strings of ``lang`` (without the shared ones)."""
    return load_locale(lang, LOCALES)


class CleverStrings(Strings):
    """:class:`Strings` whose table is the shared one plus this page's."""

    folder = LOCALES

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
