"""The texts of the Dice Wide Shut page in English, Spanish and Italian
(``locales/<lang>.json``, same keys and placeholders in every language),
with the engine's messages (rule refusals, hint reasons) rendered from their
codes."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from diceland_core.core.errors import IllegalActionError, render_message

from ... import i18n
from ...i18n import Strings

__all__ = ["WideStrings", "locale_dir", "load_locale"]


def locale_dir() -> Path:
    return Path(__file__).resolve().parent / "locales"


def load_locale(lang: str) -> dict[str, str]:
    return i18n.load_locale(lang, locale_dir())


class WideStrings(Strings):
    """:class:`diceland_site.i18n.Strings` over this page's locale files."""

    folder = locale_dir()

    def colour(self, colour) -> str:
        return self.t(f"colour.{colour}")

    def die(self, colour: str, value: int) -> str:
        """"red 3", "rojo 3"."""
        return self.t("die.short", colour=self.colour(colour), value=value)

    def refusal(self, err: IllegalActionError, names: Sequence[str] | None = None) -> str:
        """The plain sentence for a refused action (no rule id, no code)."""
        text = err.text(self.lang, names)
        return text[:1].upper() + text[1:]

    def message(self, code: str, params: dict, names: Sequence[str] | None = None) -> str:
        return render_message(code, params, self.lang, names)
