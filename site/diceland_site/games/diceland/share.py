"""Diceland's share parts (every game's ``share`` module has the same
names): its older links, still opened — ``s=`` (a scenario with the game's
dice and actions, as ``embed.html?s=…`` carries it) on the Diceland page
(``diceland.html?s=…``) becomes a game to play on — and the embeddable
board of a position, which the share dialog offers.  New links are the one
format of every game (:mod:`diceland_site.share`).

The lessons' and the engine's scenario code is imported when a link is
read, not with the page."""

from __future__ import annotations

from typing import Any, Sequence

from ...games import entry_for
from ...packed import LinkError, read_packed
from ...seats import Seat
from .strings import DicelandStrings

__all__ = ["OLDER_LINK", "older_link", "embed_link", "PARAM", "game_of_link"]

#: the query key of the older links
OLDER_LINK = PARAM = "s"


def older_link(value: str, lang: str = "en") -> tuple[Any, list[Seat]]:
    """The game and seats of an older link's ``s=`` value (see :func:`game_of_link`)."""
    return game_of_link(value, lang)


def embed_link(game: Any, names: Sequence[str] | None, page_url: str) -> str | None:
    """``embed.html?s=…`` beside ``page_url``: the position as a lesson's
    board, to put in another page."""
    from .lesson import share_link
    return share_link(game, names, page_url)


def game_of_link(value: str, lang: str = "en") -> tuple[Any, list[Seat]]:
    """The game and seats (people, named as the link names them) of an
    ``s=`` value; :class:`~...packed.LinkError` when it cannot be opened."""
    from diceland_core import ScenarioError
    from diceland_core.core.errors import BoardError
    from diceland_core.core.replay import play
    from diceland_core.games.diceland import Game
    from diceland_core.games.diceland.scenario import parse_scenario

    from ...teaching import MAX_JSON_BYTES, MAX_PARAM_CHARS

    data = read_packed(value, MAX_PARAM_CHARS, MAX_JSON_BYTES)
    if not isinstance(data, dict):
        raise LinkError("invalid", f"expected a JSON object, found {type(data).__name__}")
    found = data.get("game", "diceland")
    if found != "diceland":
        entry = entry_for(found) if isinstance(found, str) else None
        if entry is None:
            raise LinkError("invalid", f"'game' is {str(found)[:40]!r}")
        raise LinkError("other_game", f"a scenario of {entry.game!r}", game=entry.game)
    try:
        scenario = parse_scenario(data)
        replayed = play(Game(scenario.setup), scenario.actions)
    except (ScenarioError, BoardError, ValueError, TypeError, KeyError, RecursionError) as exc:
        raise LinkError("invalid", str(exc)) from None
    if replayed.error is not None:
        raise LinkError("invalid", f"action {replayed.applied + 1}: {replayed.error}")
    game = replayed.state
    return game, _seats(data.get("names"), game.players, lang)


def _seats(names: Any, players: int, lang: str) -> list[Seat]:
    t = DicelandStrings(lang).t
    ok = isinstance(names, list) and len(names) == players and all(isinstance(n, str) and n.strip() for n in names)
    return [Seat(names[i].strip() if ok else t("seat.default_name", number=i + 1)) for i in range(players)]
