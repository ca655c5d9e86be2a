"""The Diceland page's strings: ``locales/<lang>.json`` of this package
(its cells and bonus rows, phases, prompts, taps, log lines, the decision
aid and the progress panel) over the site's shared table
(:mod:`diceland_site.i18n`: menus, seats, saved games, lessons, rule
titles), so shared words are not repeated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...i18n import Strings, load_locale

__all__ = ["DicelandStrings", "own_locale", "LOCALES"]

LOCALES = Path(__file__).resolve().parent / "locales"


def own_locale(lang: str) -> dict[str, str]:
    """This package's strings of ``lang`` (without the shared ones)."""
    return load_locale(lang, LOCALES)


class DicelandStrings(Strings):
    """:class:`Strings` whose table is the shared one plus this page's."""

    folder = LOCALES

    def die_label(self, colour: Any, group: str = "") -> str:
        """Accessible name of a die button ("red die", "dado rojo")."""
        key = "die.label" + (f".{group}" if group else "")
        return self.t(key, colour=self.colour(colour))
