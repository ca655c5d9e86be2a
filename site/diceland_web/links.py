"""What every game page does with links and hints, whatever the game: the
one share link (``<game>.html#position=…``, :mod:`diceland_site.share`),
opened at start-up and on ``hashchange``, and ``window.diceland.hintTaps()``
/ ``hintAction()`` from the game's plug-in.  A mixin of
:class:`~diceland_web.shell.Shell`."""

from __future__ import annotations

import json

from diceland_site.packed import LinkError
from diceland_site.share import read_fragment, share_url

from .dom import client_taps, window

__all__ = ["Links"]


class Links:
    def open_shared(self) -> bool:
        """A ``#position=…`` link: import the shared game as a new save.  A
        link that cannot be opened leaves :attr:`link_problem` to be said."""
        try:
            text = read_fragment(str(window.location.hash))
        except LinkError as exc:
            text, self.link_problem = None, exc
        else:
            if text is None:
                return False
        window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
        return text is not None and self.import_text(text, link=True)

    def hash_changed(self, evt=None) -> None:
        """A ``#position=…`` link opened in a tab already on this page."""
        if not self.open_shared():
            self.say_link_problem(self.current_game() is not None)

    def share(self):
        """``(link, iframe attributes or None)`` for the position on screen, or None."""
        current = self.current_game()
        return None if current is None else (share_url(str(window.location.href), *current), None)

    def hint_clicks(self) -> list[dict]:
        """The hint's move as clicks (:mod:`diceland_site.play`): ``{"button":
        id}`` or a point of the canvas; none while there is no game."""
        return []

    def hint_move(self) -> dict | None:
        """The hint's engine action as JSON, or None."""
        return None

    def link_functions(self) -> dict:
        """``hintTaps`` (points in client coordinates) and ``hintAction``."""
        def hint_taps():
            taps = self.hint_clicks()
            self.render()
            return json.dumps(client_taps(self.canvas, taps))

        return {"hintTaps": hint_taps, "hintAction": lambda: json.dumps(self.hint_move())}
