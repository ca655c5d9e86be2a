"""What every game page does with links and hints, whatever the game: the
one share link (``<game>.html#position=…``, :mod:`diceland_site.share`),
a game with friends' turn link (``#turn=…``, :mod:`.friends_bar`) and a
"Play these dice" link (``#same=…``, :mod:`.same_dice`), opened
at start-up and on ``hashchange``, and ``window.diceland.hintTaps()``
/ ``hintAction()`` from the page's ``hint_clicks()`` / ``hint_move()``.
A part of :class:`~diceland_web.shell.Shell`."""

from __future__ import annotations

import json

from diceland_site.friends import TURN_KEY
from diceland_site.packed import LinkError
from diceland_site.same_dice import LINK_KEY as SAME_KEY
from diceland_site.share import FRAGMENT_KEY, read_fragment

from .dom import client_taps, window

__all__ = ["Links"]


class Links:
    def __init__(self, shell):
        self.shell = shell
        shell.on(window, "hashchange", self.hash_changed)

    def open_shared(self) -> bool:
        """A ``#position=…`` link: import the shared game as a new save; a
        ``#turn=…`` link: the game with friends it carries; a ``#same=…``
        link: a new game on a friend's dice.  A link that cannot be opened
        leaves the shell's ``link_problem`` to be said."""
        fragment, text, kind = str(window.location.hash), None, None
        try:
            for kind in (FRAGMENT_KEY, TURN_KEY, SAME_KEY):
                text = read_fragment(fragment, kind)
                if text is not None:
                    break
        except LinkError as exc:
            text, self.shell.link_problem = None, exc
        else:
            if text is None:
                return False
        window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
        if text is None:
            return False
        if kind == TURN_KEY:
            return self.shell.friends.open_turn(text)
        if kind == SAME_KEY:
            return self.shell.same.open_link(text)
        return self.shell.saves.import_text(text, link=True)

    def hash_changed(self, evt=None) -> None:
        """A ``#position=…`` link opened in a tab already on this page."""
        if not self.open_shared():
            self.shell.say_link_problem(self.shell.page.current_game() is not None)

    def functions(self) -> dict:
        """``hintTaps`` (points in client coordinates) and ``hintAction``."""
        page = self.shell.page

        def hint_taps():
            taps = page.hint_clicks()
            page.render()
            return json.dumps(client_taps(page.canvas, taps))

        return {"hintTaps": hint_taps, "hintAction": lambda: json.dumps(page.hint_move())}
