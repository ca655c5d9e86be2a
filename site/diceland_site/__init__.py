"""diceland_site: the game page's Python, with no browser in it.

``i18n``        strings in English, Spanish and Italian; rule errors translated
``view``        board layout, pixel ↔ cell, draw lists for a 2D canvas
``storage``     saved games in a versioned envelope over a string store
``controller``  the UI state machine between a Game and the page

Only the page's ``main.py`` touches ``js``/``pyscript``; everything here runs
and is tested under CPython.
"""

__all__ = ["i18n", "view", "storage", "controller"]
