"""Diceland's part of a game record (the envelope is
:mod:`diceland_core.core.record`): one board object per player, the start
player, fixed rolls (scenarios, D7.2) and cells crossed before play."""

from __future__ import annotations

from typing import Any, Mapping

from ...core.errors import BoardError, RecordError, ScenarioError
from .board import board_from_mapping
from .game import Game, Setup
from .scenario import parse_crossed, parse_rolls

__all__ = ["setup_of", "from_setup", "rolls_of"]


def _cells_json(board, mask: int) -> list[list[int]]:
    return [list(c) for c in board.cells_of(mask)]


def setup_of(game: Game) -> dict[str, Any]:
    """The record's ``setup`` object (and ``seed``, ``meta``) of ``game``."""
    setup = game.setup
    out: dict[str, Any] = {
        "seed": setup.seed,
        "boards": [b.to_mapping() for b in setup.boards],
        "start_player": setup.start_player,
    }
    if setup.script:
        out["script"] = [[c.key for c in roll] for roll in setup.script]
    crossed = {str(p): _cells_json(setup.boards[p], m) for p, m in enumerate(setup.crossed) if m}
    if crossed:
        out["crossed"] = crossed
    if setup.meta:
        out["meta"] = dict(setup.meta)
    return out


def rolls_of(game: Game) -> list[list[str]]:
    """Every roll so far as colour names (the scenario ``dice`` format)."""
    return [[c.key for c in roll] for roll in game.rolls]


def from_setup(setup: Mapping[str, Any], seed: int, players: int) -> Game:
    """A new game from a record's ``setup`` (RecordError names what is wrong)."""
    refs = setup.get("boards")
    if not isinstance(refs, list) or len(refs) != players:
        raise RecordError(f"'boards' must be a list of {players} board objects, one per player")
    try:
        boards = tuple(board_from_mapping(b, f"boards[{i}]") for i, b in enumerate(refs))
    except BoardError as exc:
        raise RecordError(f"a board in the record is broken: {exc}") from None
    start = setup.get("start_player")
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players:
        raise RecordError(f"'start_player' must be a whole number from 0 to {players - 1}, not {start!r}")
    meta = setup.get("meta", {})
    try:
        script = parse_rolls(setup.get("script", []), "'script'")
        crossed = parse_crossed(setup.get("crossed", {}), boards)
    except ScenarioError as exc:
        raise RecordError(str(exc)) from None
    return Game(Setup(boards, start, seed, script, crossed, dict(meta)))
