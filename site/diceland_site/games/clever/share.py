"""Share a position of the clever page as a link: the save envelope
(record and seats), compressed, in the URL's fragment
(``clever.html#position=…``), so nothing leaves the browser until the link
is sent; opening it imports the game as a new save."""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any, Sequence

from diceland_core import record_of

from ...seats import Seat
from ...storage import APP, ENVELOPE_VERSION

__all__ = ["FRAGMENT_KEY", "MAX_FRAGMENT", "share_fragment", "read_fragment", "share_url"]

FRAGMENT_KEY = "position="
#: a fragment longer than this is refused before decoding
MAX_FRAGMENT = 200_000


def share_fragment(state: Any, seats: Sequence[Seat]) -> str:
    env = {"app": APP, "envelope": ENVELOPE_VERSION, "id": None, "saved_at": 0,
           "seats": [s.to_json() for s in seats], "record": record_of(state)}
    raw = json.dumps(env, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return FRAGMENT_KEY + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def share_url(page_url: str, state: Any, seats: Sequence[Seat]) -> str:
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return f"{base}#{share_fragment(state, seats)}"


def read_fragment(fragment: str) -> str | None:
    """The envelope's JSON text of a ``#position=…`` fragment, None when the
    fragment is not a position; ``ValueError`` when it is one but damaged."""
    fragment = fragment.lstrip("#")
    if not fragment.startswith(FRAGMENT_KEY):
        return None
    data = fragment[len(FRAGMENT_KEY):]
    if len(data) > MAX_FRAGMENT:
        raise ValueError("the shared position is too long")
    try:
        packed = base64.b64decode(data + "=" * (-len(data) % 4), altchars=b"-_", validate=True)
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, 4 * MAX_FRAGMENT)
        if inflater.unconsumed_tail:
            raise ValueError("the shared position is too long")
        if not inflater.eof:
            raise ValueError("the shared position is cut short")
        return raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError) as exc:
        raise ValueError(f"the shared position is damaged: {exc}") from None
