"""Diceland (Spies & Staupe): the rules of RULES.md (ids ``D2.4``) as a game
of the shared core.

Where things are: ``colours`` (the six colours and their symbols),
``board`` (hex boards, zones, validation), ``sheet`` (the D2 placement rules
on bit masks), ``actions`` and ``game`` (the D3–D6 state machine),
``dice``, ``scenario`` (FORMATS.md files), ``record`` (Diceland's part of a
record), ``messages`` (every message in en/es/it), ``bots``, ``generate``,
``render`` (SVG), ``terminal``.
"""

from __future__ import annotations

from typing import Any

from ...core.lazy import deferred
from ...core.protocol import GameDef, Hint
from ...core.registry import register
from . import messages  # noqa: F401  (registers the catalogue)
from .actions import action_from_json, action_to_json
from .bots import BOT_KINDS, hint as _hint, make_bot
from .game import MAX_PLAYERS, MIN_PLAYERS, Game
from .record import from_setup, rolls_of, setup_of
from .scenario import parse_scenario


def new(players: int = 2, seed: int = 0, board: Any = "A", boards: Any = None, **options: Any) -> Game:
    """A new game: one board (id or Board) for everybody, or ``boards``, one
    per player."""
    return Game.new(boards if boards is not None else board, players=players, seed=seed, **options)


def hint(game: Game, player: int) -> Hint:
    return Hint(_hint(game, player))


DEFINITION = register(GameDef(
    name="diceland",
    title="Diceland",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rule_prefix="D",
    new=new,
    parse_scenario=parse_scenario,
    action_from_json=action_from_json,
    action_to_json=action_to_json,
    setup_of=setup_of,
    from_setup=from_setup,
    rolls_of=rolls_of,
    bots={kind: (lambda seed, kind=kind: make_bot(kind, seed)) for kind in BOT_KINDS},
    hint=hint,
    terminal=deferred(__name__ + ".terminal", "play"),
    error_rule=False,
))
