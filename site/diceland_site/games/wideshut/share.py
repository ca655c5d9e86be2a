"""Share a Dice Wide Shut position as a link: the game's record (seats in
its ``meta``), compressed and base64url-encoded in ``?position=``.  Opening
the link replays the record into a new save."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any, Sequence

from diceland_core import load_record, record_of
from diceland_core.core.errors import GameError

from ...seats import Seat

__all__ = ["PARAM", "MAX_CHARS", "encode_position", "decode_position"]

PARAM = "position"
#: longer parameters are refused before decoding
MAX_CHARS = 60_000
_MAX_JSON = 1_000_000


def encode_position(game: Any, seats: Sequence[Seat]) -> str:
    record = record_of(game, {"seats": [s.to_json() for s in seats]})
    text = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(zlib.compress(text, 9)).decode().rstrip("=")


def decode_position(value: str) -> tuple[Any, list[Seat]]:
    """The game and seats of a shared link; ``ValueError`` when it is not one."""
    if not isinstance(value, str) or not value or len(value) > MAX_CHARS:
        raise ValueError("the shared position is empty or too long")
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(raw, _MAX_JSON)
        if inflater.unconsumed_tail:
            raise ValueError("the shared position is too large")
        record = json.loads(text)
    except (ValueError, zlib.error, RecursionError) as exc:
        raise ValueError(f"the shared position cannot be read: {exc}") from None
    if not isinstance(record, dict) or record.get("game") != "wideshut":
        raise ValueError("the shared position is not a Dice Wide Shut game")
    try:
        game = load_record(record)
    except (GameError, ValueError, TypeError, KeyError) as exc:
        raise ValueError(f"the shared position cannot be replayed: {exc}") from None
    meta = record.get("meta") if isinstance(record.get("meta"), dict) else {}
    try:
        seats = [Seat.from_json(s) for s in meta.get("seats", [])]
    except ValueError:
        seats = []
    if len(seats) != game.players:
        seats = [Seat(str(p + 1)) for p in range(game.players)]
    return game, seats
