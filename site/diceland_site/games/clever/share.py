"""Share a position of the clever page as a link: the save envelope
(record and seats), compressed, in the URL's fragment
(``clever.html#position=…``), so nothing leaves the browser until the link
is sent; opening it imports the game as a new save."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any, Sequence

from diceland_core import record_of

from ...packed import LinkError, unpack
from ...seats import Seat
from ...envelope import APP, ENVELOPE_VERSION, MAX_IMPORT_CHARS

__all__ = ["FRAGMENT_KEY", "MAX_FRAGMENT", "share_fragment", "read_fragment", "share_url"]

FRAGMENT_KEY = "position="
#: a fragment longer than this is refused before decoding
MAX_FRAGMENT = 200_000
#: the envelope inflates to at most this many bytes (what an import reads)
MAX_ENVELOPE = MAX_IMPORT_CHARS


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
    fragment is not a position; :class:`~..packed.LinkError` (a
    ``ValueError``) when it is one but cannot be read.  The text is not
    parsed here: the import measures it (:mod:`..safejson`) first."""
    fragment = fragment.lstrip("#")
    if not fragment.startswith(FRAGMENT_KEY):
        return None
    raw = unpack(fragment[len(FRAGMENT_KEY):], MAX_FRAGMENT, MAX_ENVELOPE)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LinkError("damaged", str(exc), "json") from None
