"""Ganz schön clever (CLEVER.md): the roll & write game of Wolfgang Warsch
for 1 to 4 players, as a game of the shared core, registered as the game
``"clever"``.

Where things are: ``sheet`` (the score sheet of C2 as data, each area's
rules), ``actions`` (actions, events, their JSON), ``game`` (the C4–C11
state machine, legal actions, the check order of illegal actions,
``summary()``), ``scenario`` (the scenario reader), ``record`` (the game's
part of a saved record), ``messages`` (every text in en/es/it), ``bots``
(random, greedy, expert, hint), ``terminal``.  RULINGS.md lists what the
engine decides where CLEVER.md is silent.  The package exports what every
game's package does: ``DEFINITION``, ``new``, ``Game``, ``Setup``,
``Phase`` and ``hint``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.lazy import deferred
from ...core.registry import register_package
from . import actions, messages, record  # noqa: F401  (messages registers the catalogue)
from .game import Game, Phase, Setup

#: every game package exports the same names (docs/adding-a-game.md)
__all__ = ["DEFINITION", "new", "Game", "Setup", "Phase", "hint"]


def new(players: int = 1, seed: int = 0, meta: Mapping[str, Any] | None = None, **options: Any) -> Game:
    """A new game (C4.1); ``start_player`` from the seed unless given;
    ``meta`` (seat names, bot kinds …) is carried untouched into records."""
    state = Game.new(players=players, seed=seed, **options)
    if meta:
        state.meta.update(meta)
    return state


#: the kinds of :data:`.bots.BOTS`, in its order, weakest first (checked by
#: the conformance suite): the bots, the hint and the position value are
#: imported when first used, so a page that starts with a person to play
#: does not compile them
BOT_KINDS = ("random", "greedy", "strong", "expert")


DEFINITION = register_package(
    __name__, actions, record, BOT_KINDS,
    name="clever",
    title="Ganz schön clever",
    min_players=1,
    max_players=4,
    rule_prefix="C",
    undo_rule="C12.1",
    new=new,
    parse_scenario=deferred(__name__ + ".scenario", "parse_scenario"),
    error_rule=True,
    areas=("yellow", "blue", "green", "orange", "purple", "fox"),
)

#: the expert's action and why (:func:`.bots.hint`), imported when first asked
hint = DEFINITION.hint
