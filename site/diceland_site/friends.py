"""A game with friends by turn links, with no server: every person plays on
their own device, and once their decisions are made the page offers a link
for the next person (``<game>.html#turn=<packed>``).  The link holds the
whole record, packed like a share link (:mod:`.share`); the page that opens
it replays it with the engine, so a tampered or illegal link is refused
like any other, and whatever was saved is kept.

The game carries ``{"id": …, "me": seat}`` in its record's ``meta`` under
:data:`FRIENDS`: ``id`` names the game on every device, ``me`` the seat this
device plays.  A link names instead the seat it is sent ``to``.  A bot's
decisions are made by the device that holds the game when the bot's turn
comes (the person before it).  Decisions several people make about one
roll travel in a fixed order: seat order, from the person holding the game
on (:func:`order_from`).

What the link protects and what it does not: it proves the whole game was
played by the rules (the engine replays it), and an older link of a game
never overwrites newer progress.  It does not hide the dice: they come from
the game's seed, so a player who reads the page's code could foresee them.
This is a game for friends."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Sequence

__all__ = ["FRIENDS", "TURN_KEY", "Friends", "friends_of", "make_friends", "link_friends", "order_from", "away_order",
           "compare_records", "kept_friends", "friends_summary"]

#: the record's ``meta`` key of a game with friends
FRIENDS = "friends"
#: the fragment key of a turn link
TURN_KEY = "turn"
_ID = re.compile(r"[0-9a-f]{12}")


@dataclass(frozen=True)
class Friends:
    """A game with friends: its ``id`` on every device, and ``me``, the
    seat this device plays."""

    id: str
    me: int


def kept_friends(data: object, players: int) -> dict[str, Any] | None:
    """The valid part of a ``meta`` entry (``id`` and ``me`` or ``to``, a
    seat of the game), or None: what a save or a link keeps of it."""
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not _ID.fullmatch(data["id"]):
        return None
    out: dict[str, Any] = {"id": data["id"]}
    for key in ("me", "to"):
        seat = data.get(key)
        if type(seat) is int and 0 <= seat < players:
            out[key] = seat
    return out


def friends_of(game: Any) -> Friends | None:
    """The game's friends (None: a game on this device only)."""
    data = kept_friends(game.setup.meta.get(FRIENDS), game.players)
    if data is None or "me" not in data:
        return None
    return Friends(data["id"], data["me"])


def make_friends(game: Any, me: int, game_id: str | None = None) -> Friends:
    """Make ``game`` a game with friends, played here by seat ``me`` (a new
    id unless one is given)."""
    friends = Friends(game_id or f"{random.SystemRandom().getrandbits(48):012x}", me)
    game.setup.meta[FRIENDS] = {"id": friends.id, "me": friends.me}
    return friends


def link_friends(record: dict[str, Any], to: int) -> dict[str, Any]:
    """The record as a turn link carries it: its friends entry names the
    seat the link is sent ``to`` instead of this device's."""
    meta = dict(record.get("meta") or {})
    data = dict(meta.get(FRIENDS) or {})
    data.pop("me", None)
    data["to"] = to
    meta[FRIENDS] = data
    return {**record, "meta": meta}


def order_from(seat: int, seats: Sequence[int], players: int) -> list[int]:
    """``seats`` in the fixed order a turn travels in: seat order, starting
    after ``seat`` and coming round to it last."""
    return sorted(seats, key=lambda p: (p - seat - 1) % players)


def away_order(deciders: Sequence[int], seats: Sequence[Any], me: int) -> list[int]:
    """The people among ``deciders`` who decide on other devices than
    ``me``'s, in the order the game travels (:func:`order_from`)."""
    return order_from(me, [p for p in deciders if seats[p].is_human and p != me], len(seats))


def friends_summary(game: Any, seats: Sequence[Any], friends: Friends) -> dict[str, Any]:
    """What the saved-games lists show of a game with friends: ``yours``,
    this device has a decision to make (its person's, or a bot's it plays);
    else ``waiting``, the friend it waits for (None once over)."""
    deciders = [] if game.over else list(game.waiting_for())
    away = away_order(deciders, seats, friends.me)
    yours = len(away) < len(deciders)
    waiting = None if yours or not away else away[0]
    return {"id": friends.id, "me": friends.me, "yours": yours, "waiting": waiting}


def compare_records(stored: dict[str, Any], incoming: dict[str, Any]) -> str:
    """How a link's record stands to the saved one of the same game:
    ``"newer"`` (it goes on from the saved position), ``"same"``,
    ``"older"`` (the saved game has gone on from it) or ``"other"`` (another
    game, or the two went different ways)."""
    def frame(record: dict[str, Any]) -> tuple:
        return tuple(record.get(k) for k in ("game", "players", "seed", "setup"))

    if frame(stored) != frame(incoming):
        return "other"
    mine, theirs = _actions(stored), _actions(incoming)
    if mine == theirs:
        return "same"
    if len(theirs) > len(mine) and theirs[:len(mine)] == mine:
        return "newer"
    if len(theirs) < len(mine) and mine[:len(theirs)] == theirs:
        return "older"
    return "other"


def _actions(record: dict[str, Any]) -> list:
    return list(record["history"]["actions"])
