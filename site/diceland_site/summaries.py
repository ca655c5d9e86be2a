"""What the saved-games list shows of a save (its summary), written with
the save so the list needs no replay, and checked when read back."""

from __future__ import annotations

import importlib
from typing import Any, Callable, Sequence

from diceland_core.core.record import definition_of

from .friends import friends_of, friends_summary
from .seats import MAX_NAME, Seat

__all__ = ["summarize", "rebuilt_summary", "game_of_summary", "valid_summary", "progress_text"]


def summarize(game: Any, seats: Sequence[Seat]) -> dict[str, Any]:
    """What the saved-games list shows, without replaying the record: the
    game's own summary where its plug-in has one (``summary(game, seats)`` in
    the package ``diceland_site.games.<game>``, which its page imports
    anyway), else what every game has, with the game's name under ``"game"``
    (a summary without it is Diceland's)."""
    name = definition_of(game).name
    own = _own_summary(name)
    summary = own(game, seats) if own is not None else _common_summary(name, game, seats)
    friends = friends_of(game)
    if friends is not None:
        summary["friends"] = friends_summary(game, seats, friends)
    return summary


_OWN: dict[str, Callable[[Any, Sequence[Seat]], dict[str, Any]] | None] = {}


def _own_summary(name: str) -> Callable[[Any, Sequence[Seat]], dict[str, Any]] | None:
    """The ``summary`` of the game's plug-in package (None when it has none,
    or when the site has no plug-in for that game)."""
    if name not in _OWN:
        module = f"{__package__}.games.{name}"
        try:
            _OWN[name] = getattr(importlib.import_module(module), "summary", None)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            _OWN[name] = None
    return _OWN[name]


def rebuilt_summary(game: Any, seats: Sequence[Seat]) -> dict[str, Any]:
    """The summary of a save whose stored one cannot be shown: :func:`summarize`,
    else what every game has (names, actions, over)."""
    try:
        return summarize(game, seats)
    except Exception:  # a game of another kind: no sheets, boards or turns
        return {"players": [{"name": seat.name, "kind": seat.kind} for seat in seats],
                "turn": 0, "over": bool(game.over), "actions": len(game.actions)}


def _common_summary(name: str, game: Any, seats: Sequence[Seat]) -> dict[str, Any]:
    summary = game.summary()
    totals = [p.get("total", (p.get("score") or {}).get("total")) for p in summary.get("players", [])]
    return {
        "game": name,
        "players": [{"name": seat.name, "kind": seat.kind,
                     "total": totals[p] if p < len(totals) else None} for p, seat in enumerate(seats)],
        "round": summary.get("round"),
        "phase": summary.get("phase"),
        "over": bool(game.over),
        "winners": list(summary.get("winners", [])),
        "actions": len(game.actions),
    }


def progress_text(summary: dict[str, Any], t: Callable[..., str]) -> str:
    """How far a saved game is, for the saved-games list: finished, its
    round (games played in rounds) or its turn."""
    if summary.get("over"):
        return t("menu.finished")
    counter = summary.get("round")
    if isinstance(counter, int) and not isinstance(counter, bool) and counter > 0:
        text = t("menu.round", round=counter)
    else:
        text = t("menu.turn", turn=summary.get("turn", 0))
    return f"{text} · {whose}" if (whose := friends_text(summary, t)) else text


def friends_text(summary: dict[str, Any], t: Callable[..., str]) -> str:
    """A game with friends' "your turn" or "waiting for NAME" ("" for any
    other game, or a summary that does not say)."""
    friends = summary.get("friends")
    if not isinstance(friends, dict) or summary.get("over"):
        return ""
    if friends.get("yours") is True:
        return t("friends.your_turn")
    waiting, players = friends.get("waiting"), summary.get("players") or []
    if type(waiting) is int and 0 <= waiting < len(players) and isinstance(players[waiting], dict):
        return t("friends.waiting", name=players[waiting].get("name", ""))
    return ""


def game_of_summary(summary: dict[str, Any]) -> str:
    """The game a saved-games summary belongs to."""
    return summary.get("game") or "diceland"


def valid_summary(summary: object) -> bool:
    """A summary the saved-games list can show: players with a name each, a
    whole turn, a yes/no "over" (any game; extra keys are the game's own)."""
    if not isinstance(summary, dict):
        return False
    players = summary.get("players")
    if not isinstance(players, list) or not players or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str) and len(p["name"]) <= MAX_NAME
            for p in players):
        return False
    turn = summary.get("turn", 0)
    return isinstance(turn, int) and not isinstance(turn, bool) and isinstance(summary.get("over", False), bool)
