"""The Dice Wide Shut page's pure-Python layer (tested under CPython):

``strings``   the page's texts in en/es/it (``locales/*.json``)
``options``   start links and new-game options: seats, seed
``controller`` the controller: taps on dice and boxes become one ``Take``;
              rolls, bots, hints, undo, hand-over between people
``model``     the typed view model the page draws from
``draw``      the sheet's layout, draw lists for the canvas and hit tests
``announce``  engine events as sentences for the log and screen readers

Nothing here imports ``js``; ``site/wideshut.py`` is the DOM side.
"""

GAME = "wideshut"
