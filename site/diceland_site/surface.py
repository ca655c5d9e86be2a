"""``window.diceland.state()``: one shape on every game page (tests, tools
and a host page read it the same way whatever the game; ``docs/state.md``
says the same).

``game``
    the game's engine name (``false`` while no game is on screen)
``lang``
    the page's language
``seat``
    whose decision is awaited: the person the screen asks, else the first
    bot to decide; ``null`` once the game is over
``shown``
    whose sheet is on screen
``phase``
    the engine's phase (``"choose"``, ``"rolling"``, ``"take"`` …)
``prompt``
    the sentence above the sheet
``over``, ``winners``
    the end of the game and its winners (seat indices, ``[]`` before the end)
``bot_pending``
    a bot's move (or the table's own move for a person) is due
``can_undo``
    the person on screen may take back their own last decision
``buttons``
    ``{id: enabled}`` of the visible buttons
``handoff``
    the pass-the-device screen's title while one is due, else ``null``
``seats``
    ``[{name, kind, total}]``, each seat's live total
``extra``
    the game's own keys (its dice, lit cells, counters …)

The page adds ``save_id``, ``message``, ``overlay`` and ``settings``
(:mod:`diceland_web.expose`).
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["STATE_KEYS", "table_state"]

STATE_KEYS = ("game", "lang", "seat", "shown", "phase", "prompt", "over", "winners", "bot_pending",
              "can_undo", "buttons", "handoff", "seats", "extra")


def table_state(name: str, ctrl: Any, extra: Mapping[str, Any]) -> dict[str, Any]:
    """The state of ``ctrl``'s game (a :class:`diceland_site.table.Table`)
    with the page's own keys ``extra``."""
    game, m = ctrl.game, ctrl.model()
    totals = game.scores()
    outcome = game.outcome() if game.over else None
    phase = getattr(game.phase, "value", game.phase)
    return {
        "game": name,
        "lang": m.lang,
        "seat": ctrl.deciding_seat(),
        "shown": m.shown,
        "phase": str(phase),
        "prompt": str(m.prompt or ""),
        "over": bool(game.over),
        "winners": list(outcome.winners) if outcome is not None else [],
        "bot_pending": bool(ctrl.bot_pending()),
        "can_undo": bool(m.can_undo),
        "buttons": {b.id: b.enabled for b in m.buttons if b.visible},
        "handoff": m.handoff.title if m.handoff is not None else None,
        "seats": [{"name": seat.name, "kind": seat.kind, "total": totals[p]} for p, seat in enumerate(ctrl.seats)],
        "extra": dict(extra),
    }
