"""Checks of the values every game reads from JSON (actions, scenario files):
whole numbers in a range, an action object and its player, each failure
said in plain words with the offending value quoted short."""

from __future__ import annotations

from typing import Any

__all__ = ["short", "whole_number", "action_object", "action_player", "check_seats"]


def short(value: object) -> str:
    """``value`` as quoted in an error message: its repr, cut at 40
    characters; a list or an object by its type only."""
    text = repr(value) if not isinstance(value, (list, dict)) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def whole_number(value: object, what: str, lo: int | None = None, hi: int | None = None,
                 error: type[Exception] = ValueError) -> int:
    """``value`` if it is a whole number (not a bool) from ``lo`` to ``hi``
    (either bound may be open); else ``error`` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what} must be a whole number, not {short(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if hi is None:
            raise error(f"{what} must be at least {lo}, not {value}")
        if lo is None:
            raise error(f"{what} must be at most {hi}, not {value}")
        raise error(f"{what} must be from {lo} to {hi}, not {value}")
    return value


def action_object(data: object) -> dict[str, Any]:
    """``data`` if it is a JSON object; an action is one."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be an object, not {type(data).__name__}")
    return data


def action_player(data: dict[str, Any], kind: str, lo: int | None = None) -> int:
    """The ``player`` of an action of type ``kind``, a whole number (from
    ``lo``, when given)."""
    if "player" not in data:
        raise ValueError(f"a {kind!r} action needs a 'player'")
    return whole_number(data["player"], "'player'", lo)


def check_seats(game: str, players: object, lo: int, hi: int, start_player: int, rule: str) -> int:
    """``players`` if ``game`` (its title) is for that many (``lo`` to ``hi``,
    rule ``rule``) and ``start_player`` is one of them; else ValueError."""
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        raise ValueError(f"{game} is for {lo} to {hi} players, not {players!r} ({rule})")
    if not 0 <= start_player < players:
        raise ValueError(f"start player {start_player} is not one of the {players} players")
    return players
