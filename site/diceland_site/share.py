"""The one share link of every game: ``<game>.html#position=<packed>``
(and a game with friends' turn link, ``#turn=<packed>``, :mod:`.friends`),
the save envelope (the game's record and its seats) as compact JSON,
deflate-compressed and base64url-encoded in the URL's fragment, so nothing
leaves the browser until the link is sent.  The game's page imports it as a
new save (a tab already on that page reads it on ``hashchange``).

The link is read through :func:`.packed.unpack` (bounded before and while
inflating); the text is measured again by the import (:mod:`.safejson`)
before it is parsed.  Older links (Diceland's ``s=``, Dice Wide Shut's
``?position=``) are read by their games' own ``share`` modules."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any, Mapping, Sequence

from diceland_core.core.record import definition_of

from .daily import DAILY
from .envelope import APP, ENVELOPE_VERSION, MAX_IMPORT_CHARS, bounded_record
from .friends import FRIENDS, TURN_KEY, link_friends
from .games import entry_for
from .packed import LinkError, unpack
from .same_dice import LINK_KEY as SAME_KEY, SAME
from .seats import Seat

__all__ = ["FRAGMENT_KEY", "MAX_FRAGMENT", "REVIEW_KEY", "import_toast", "position_fragment", "turn_fragment", "share_url", "turn_url",
           "same_url", "read_fragment"]

FRAGMENT_KEY = "position"
#: the query value of a share link that opens the game into its review
#: (``?review=2.14``: :mod:`diceland_site.review.link` reads it)
REVIEW_KEY = "review"
#: a fragment longer than this is refused before decoding
MAX_FRAGMENT = 200_000
#: the envelope inflates to at most this many bytes (what an import reads)
MAX_ENVELOPE = MAX_IMPORT_CHARS


def _packed(key: str, record: dict[str, Any], seats: Sequence[Seat]) -> str:
    """The envelope of ``record`` packed under ``key``; the record's rolls
    are left out (the seed gives them: the page that opens the link replays
    the game from it), which keeps a whole game's link short."""
    history = {k: v for k, v in record["history"].items() if k != "rolls"}
    env = {"app": APP, "envelope": ENVELOPE_VERSION, "id": None, "saved_at": 0,
           "seats": [s.to_json() for s in seats], "record": {**record, "history": history}}
    raw = json.dumps(env, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return f"{key}=" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def position_fragment(state: Any, seats: Sequence[Seat], key: str = FRAGMENT_KEY) -> str:
    """``position=<packed>``: the game's record and seats, without what
    belongs to this device (the seat it plays in a game with friends, a
    daily game's counted attempt, a friend's decisions it was played
    against): whoever opens it gets the game alone."""
    record = bounded_record(state, seats)
    meta = {k: v for k, v in record.get("meta", {}).items() if k not in (FRIENDS, DAILY, SAME)}
    return _packed(key, {**record, "meta": meta} if "meta" in record else record, seats)


def turn_fragment(state: Any, seats: Sequence[Seat], to: int) -> str:
    """``turn=<packed>``: a game with friends, sent to seat ``to``."""
    return _packed(TURN_KEY, link_friends(bounded_record(state, seats), to), seats)


def _page_of(page_url: str, state: Any) -> str:
    folder = page_url.split("#", 1)[0].split("?", 1)[0].rsplit("/", 1)[0]
    entry = entry_for(definition_of(state).name)
    return f"{folder}/{entry.page if entry is not None else 'index.html'}"


def share_url(page_url: str, state: Any, seats: Sequence[Seat]) -> str:
    """The link to ``state`` on its game's page, beside the page at
    ``page_url`` (its query and fragment left out)."""
    return f"{_page_of(page_url, state)}#{position_fragment(state, seats)}"


def turn_url(page_url: str, state: Any, seats: Sequence[Seat], to: int) -> str:
    """The turn link of a game with friends for seat ``to``."""
    return f"{_page_of(page_url, state)}#{turn_fragment(state, seats, to)}"


def same_url(page_url: str, state: Any, seats: Sequence[Seat]) -> str:
    """The "Play these dice" link of a finished game (:mod:`.same_dice`)."""
    return f"{_page_of(page_url, state)}#{position_fragment(state, seats, SAME_KEY)}"


def read_fragment(fragment: str, key: str = FRAGMENT_KEY) -> str | None:
    """The envelope's JSON text of a ``#position=…`` fragment (``key``:
    ``turn`` for a turn link; other ``name=value`` parts beside it, joined
    by ``&``, are left alone); None when the fragment names none;
    :class:`~.packed.LinkError` (a ``ValueError``) when it does but cannot be
    read.  The text is not parsed here: the import measures it first."""
    for part in fragment.lstrip("#").split("&"):
        name, equals, value = part.partition("=")
        if equals and name == key:
            raw = unpack(value, MAX_FRAGMENT, MAX_ENVELOPE)
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise LinkError("damaged", str(exc), "json") from None
    return None


def import_toast(query: Mapping[str, str]) -> str:
    """What a page says once it has opened a shared game (a message key):
    a link that opens into its review says that the review follows, any
    other says the game was imported."""
    return "toast.review_link" if REVIEW_KEY in query else "toast.imported"
