"""Dice Wide Shut's share parts (every game's ``share`` module has the
same names): its older links, still opened — the game's record (seats in
its ``meta``), compressed and base64url-encoded in
``wideshut.html?position=…``; opening one replays the record into a new
save.  New links are the one format of every game (:mod:`diceland_site.share`);
:func:`encode_position` writes the older form (tests open such links).  No
embeddable board: its lessons are embedded, not positions."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any, Sequence

from diceland_core import load_record, record_of
from diceland_core.core.errors import GameError
from diceland_core.core.record import RECORD_FORMAT, RECORD_VERSION

from ...games import entry_for
from ...packed import LinkError, read_packed
from ...seats import Seat

__all__ = ["OLDER_LINK", "older_link", "embed_link", "PARAM", "MAX_CHARS", "encode_position", "decode_position"]

#: the query key of the older links
OLDER_LINK = PARAM = "position"
#: longer parameters are refused before decoding; the record inflates to at
#: most ``_MAX_JSON`` bytes
MAX_CHARS = 60_000
_MAX_JSON = 1_000_000


def encode_position(game: Any, seats: Sequence[Seat]) -> str:
    record = record_of(game, {"seats": [s.to_json() for s in seats]})
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def decode_position(value: str) -> tuple[Any, list[Seat]]:
    """The game and seats of a shared link; :class:`~..packed.LinkError`
    (a ``ValueError``) when it is not one, its ``key`` naming the message."""
    record = read_packed(value, MAX_CHARS, _MAX_JSON)
    if not isinstance(record, dict):
        raise LinkError("invalid", f"expected a JSON object, found {type(record).__name__}")
    found = record.get("game")
    if found != "wideshut":
        entry = entry_for(found) if record.get("format") == RECORD_FORMAT else None
        if entry is None or not isinstance(found, (str, type(None))):
            raise LinkError("invalid", f"'game' is {str(found)[:40]!r}")
        raise LinkError("other_game", f"a record of {entry.game!r}", game=entry.game)
    version = record.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > RECORD_VERSION:
        raise LinkError("future", f"record version {version}; this page reads up to {RECORD_VERSION}")
    try:
        game = load_record(record)
    except (GameError, ValueError, TypeError, KeyError, RecursionError) as exc:
        raise LinkError("invalid", str(exc)) from None
    meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
    try:
        seats = [Seat.from_json(s) for s in meta.get("seats", [])]
    except (ValueError, TypeError, AttributeError):
        seats = []
    if len(seats) != game.players:
        seats = [Seat(str(p + 1)) for p in range(game.players)]
    return game, seats


def older_link(value: str, lang: str = "en") -> tuple[Any, list[Seat]]:
    """The game and seats of an older link's ``position=`` value (see :func:`decode_position`)."""
    return decode_position(value)


def embed_link(game: Any, names: Sequence[str] | None, page_url: str) -> str | None:
    """None: a position of this game has no embeddable board."""
    return None
