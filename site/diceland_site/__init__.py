"""diceland_site: the pages' Python for every game, with no browser in it.

``games/<game>/`` one game's plug-in: controller, view model, draw lists,
                  options, share links, lessons and its own words
``i18n``          strings in English, Spanish and Italian; rule errors translated
``paint``         draw lists run on a 2D canvas (any object with its methods)
``envelope``      the save envelope and its migrations
``storage``       saved games over a string store
``share``         the one share link of every game

Only ``diceland_web`` (the shell and one page per game) touches
``js``/``pyscript``; everything here runs and is tested under CPython.
"""

__all__ = ["i18n", "paint", "envelope", "storage", "share"]
