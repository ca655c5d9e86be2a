"""Dice Wide Shut (March Hare Games, 2018) for 2 to 5 players: the rules of
WIDESHUT.md (rule ids ``W…``), its scenario files and replay output, bots
and a terminal game, registered as the game ``"wideshut"``.

Where things are: ``sheet`` (a sheet as bit masks: splits, runs, scores),
``actions`` (roll and take, events, their JSON), ``game`` (the W2–W7 state
machine, legal actions, the check order of illegal actions, ``summary()``),
``scenario`` (the scenario reader), ``record`` (the game's part of a saved
record), ``messages`` (every text in en/es/it), ``bots`` (random, greedy,
strong, search, the expert's value network, hint, a position's value),
``terminal``.  RULINGS.md lists what the engine decides where WIDESHUT.md
is silent.  The package exports what every game's package does:
``DEFINITION``, ``new``, ``Game``, ``Setup``, ``Phase`` and ``hint``.
"""

from __future__ import annotations

from typing import Any

from ...core.registry import register_package
from . import actions, messages, record  # noqa: F401  (messages registers the catalogue)
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, Phase, Setup
from .scenario import parse_scenario

#: every game package exports the same names (docs/adding-a-game.md)
__all__ = ["DEFINITION", "new", "Game", "Setup", "Phase", "hint"]


def new(players: int = 2, seed: int = 0, **options: Any) -> Game:
    """A new game; options: ``start_player``, ``sheets``, ``script``, ``meta``."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Dice Wide Shut is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    return Game.new(players=players, seed=seed, **options)


#: the kinds of :data:`.bots.BOTS`, in its order, weakest first (checked by
#: the conformance suite): the bots, the hint and the position value are
#: imported when first used, so a page that starts with a person to play
#: does not compile them
BOT_KINDS = ("random", "greedy", "learned", "strong", "expert", "search")


DEFINITION = register_package(
    __name__, actions, record, BOT_KINDS,
    name="wideshut",
    title="Dice Wide Shut",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rule_prefix="W",
    undo_rule="W8.1",
    new=new,
    parse_scenario=parse_scenario,
    error_rule=True,
    areas=("red", "blue"),
)

#: the expert's action and why (:func:`.bots.hint`), imported when first asked
hint = DEFINITION.hint
