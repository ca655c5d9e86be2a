"""Diceland (Spies & Staupe): the rules of RULES.md (ids ``D2.4``) as a game
of the shared core.

Where things are: ``colours`` (the six colours and their symbols),
``board`` (hex boards, zones, validation), ``sheet`` (the D2 placement rules
on bit masks), ``actions`` and ``game`` (the D3–D6 state machine),
``dice``, ``scenario`` (FORMATS.md files), ``record`` (Diceland's part of a
record), ``messages`` (every message in en/es/it), ``bots`` (and a
position's value by the learned bot's network), ``generate``,
``render`` (SVG), ``terminal``.  The package exports what every game's
package does: ``DEFINITION``, ``new``, ``Game``, ``Setup``, ``Phase`` and
``hint``; the rest comes from the modules (``from .actions import Place``).
"""

from __future__ import annotations

from typing import Any

from ...core.protocol import GameOption
from ...core.registry import register_package
from . import actions, messages, record  # noqa: F401  (messages registers the catalogue)
from .board import board_ids, load_board
from .game import MAX_PLAYERS, MIN_PLAYERS, Game, Phase, Setup
from .scenario import parse_scenario

#: every game package exports the same names (docs/adding-a-game.md); the
#: rest of the game is imported from its modules
__all__ = ["DEFINITION", "new", "Game", "Setup", "Phase", "hint"]


def new(players: int = 2, seed: int = 0, board: Any = "A", boards: Any = None, **options: Any) -> Game:
    """A new game: one board (id or Board) for everybody, or ``boards``, one
    per player."""
    return Game.new(boards if boards is not None else board, players=players, seed=seed, **options)


def _check_board(value: str) -> None:
    load_board(value)


#: the kinds of :data:`.bots.BOTS`, in its order, weakest first (checked by
#: the conformance suite): the bots, the hint and the position value are
#: imported when first used, so a page that starts with a person to play
#: does not compile them
BOT_KINDS = ("random", "greedy", "strong", "learned", "expert", "search")


DEFINITION = register_package(
    __name__, actions, record, BOT_KINDS,
    name="diceland",
    title="Diceland",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rule_prefix="D",
    undo_rule="D7.1",
    new=new,
    parse_scenario=parse_scenario,
    error_rule=False,
    options=(GameOption("board", "board id(s), comma-separated, cycled over games", "A",
                        board_ids, _check_board),),
)

#: the expert's action and why (:func:`.bots.hint`), imported when first asked
hint = DEFINITION.hint
