"""The Ganz schön clever page's pure-Python layer (CLEVER.md): start
options, the controller and its typed view model, the score sheet's layout
and draw lists, saves in their own namespace, strings in en/es/it.

Nothing here imports the browser; ``site/clever.py`` is the only code that
touches the DOM for this game.
"""

from __future__ import annotations

__all__ = ["GAME"]

GAME = "clever"
