"""``window.diceland``: what tests and tools may ask a game page (its
record, its state as JSON, an import, the games, whether the board's
picture is still to be kept) and the page's own functions
(``page.api_functions()``)."""

from __future__ import annotations

import json

import js

from diceland_core import record_json
from diceland_site.games import GAMES

from .dom import window

__all__ = ["expose", "mark_redraw"]


def expose(shell):
    """Set ``window.diceland`` for ``shell``'s page; returns it."""
    page = shell.page
    api = js.Object.new()

    def record():
        current = page.current_game()
        return record_json(current[0]) if current is not None else None

    def state():
        out = page.state() if page.ctrl is not None else {"game": False}
        out["save_id"] = shell.saver.save_id
        out["message"] = shell.notices.message_text()
        out["overlay"] = shell.overlay_open()
        out["settings"] = {"bot_speed": shell.bot_speed, "bot_delay_ms": shell.bot_delay(),
                           "bot_scheduled_ms": shell.bot_scheduled_ms,
                           "sound": shell.sound.enabled, "sounds_played": list(shell.sound.played)}
        return json.dumps(out)

    functions = {"record": record, "state": state,
                 "importText": lambda text: shell.saves.import_text(str(text)),
                 "game": lambda: shell.game,
                 "games": lambda: json.dumps([e.game for e in GAMES]), **shell.links.functions(),
                 "turnLink": shell.friends.turn_link,
                 "review": lambda: shell.reviewer.describe() if shell.reviewer else '{"open": false}',
                 "sameLink": shell.same.link,
                 "pictureDue": lambda: shell.frames.timer is not None,
                 **page.api_functions()}
    for name, fn in functions.items():
        setattr(api, name, shell.events.proxy(fn))
    api.lastRedrawMs = None
    window.diceland = api
    return api


def mark_redraw(api, evt) -> None:
    """``window.diceland.lastRedrawMs``: from the event to the end of the
    redraw it caused (bench/site.py reads it)."""
    if api is not None:
        api.lastRedrawMs = float(window.performance.now()) - float(evt.timeStamp)
