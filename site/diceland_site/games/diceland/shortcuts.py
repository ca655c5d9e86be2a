"""The Diceland page's keyboard shortcuts as the player sees them: the key
of each button (its tooltip and ``aria-keyshortcuts``) and the lines of the
"?" panel.  The keys themselves are handled by
:meth:`diceland_site.games.diceland.controller.Controller.handle_key`."""

from __future__ import annotations

from ...i18n import Strings
from .keyboard import KEY_HELP

__all__ = ["BUTTON_KEYS", "HELP_LINES", "tooltip"]

#: Button id -> the key that does the same.
BUTTON_KEYS: dict[str, str] = {"roll": "R", "reroll": "R", "stop": "S", "confirm": "C", "pass": "P",
                               "undo": "U", "hint": "H"}

#: Every shortcut of the page, in the order of the "?" panel (i18n keys).
HELP_LINES: tuple[str, ...] = (*KEY_HELP, "keys.help")


def tooltip(strings: Strings, button: str, label: str) -> str:
    """``Confirm (key C)``: the button's label with its key, or the label alone."""
    key = BUTTON_KEYS.get(button)
    return strings.t("keys.tooltip", label=label, letter=key) if key else label
