"""JSON carried in a link (a shared position, an example): base64url text
of deflate-compressed UTF-8 JSON, read by one function for every page.

Each step is bounded on what it produces, not only on what it is given: the
link's length before decoding, the inflated bytes while they are inflated
(``zlib.decompressobj`` with an output limit, so a few dozen characters
cannot grow into megabytes), then the text's size and nesting depth
(:mod:`.safejson`, one linear scan) before ``json.loads`` sees it.  Every
refusal is a :class:`LinkError` whose ``key`` names the plain message
(``link.error.<key>`` in the locale files); what the decoder said stays in
``detail``, for a "details" link.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from typing import Any, Callable

from . import safejson
from .games import entry_for
from .i18n import Strings

__all__ = ["LinkError", "KEYS", "unpack", "read_packed", "problem_text"]

#: ``link.error.<key>``: every way a link can fail.  ``damaged`` is a link
#: that is not base64url, not deflate, not UTF-8 or not JSON; ``not_same``
#: a "Play these dice" link of a game that is not one person's finished game.
KEYS = ("empty", "too_long", "too_deep", "damaged", "other_game", "future", "invalid", "not_same")
_B64 = re.compile(r"[A-Za-z0-9_\-+/]*={0,2}")


class LinkError(ValueError):
    """A link that cannot be opened: ``key`` (one of :data:`KEYS`) names the
    message, ``params`` fill it (``game``: a game's id, shown as its
    title); ``detail`` is the decoder's own words;
    ``step`` (``"base64"``, ``"zlib"`` or ``"json"``) where a damaged link
    broke."""

    def __init__(self, key: str, detail: str = "", step: str = "", **params: object):
        super().__init__(f"{key}: {detail}" if detail else key)
        self.key = key
        self.detail = detail
        self.step = step
        self.params = params

    def message(self, strings: Strings | str, kept: bool = False) -> str:
        """The plain sentence in ``strings`` (a page's table, or a language);
        with ``kept``, followed by the note that the game in progress goes on
        as it was."""
        t = (Strings(strings) if isinstance(strings, str) else strings).t
        text = t(f"link.error.{self.key}", **game_titled(self.params, t))
        return f"{text} {t('link.kept')}" if kept else text

    def details(self) -> str:
        return self.detail or self.key


def game_titled(params: dict[str, object], t: Callable[..., str]) -> dict[str, object]:
    """``params`` with a ``game`` id replaced by that game's title."""
    game = params.get("game")
    entry = entry_for(game) if isinstance(game, str) and game else None
    return {**params, "game": t(entry.title)} if entry is not None else params


def _zlib_header(raw: bytes) -> bool:
    return len(raw) >= 2 and raw[0] & 0x0F == 8 and (raw[0] << 8 | raw[1]) % 31 == 0


def _inflate(raw: bytes, max_bytes: int) -> bytes:
    """A zlib stream or raw deflate, inflated to at most ``max_bytes``."""
    problem = "not a deflate stream"
    for wbits in ((15, -15) if _zlib_header(raw) else (-15,)):
        unpacker = zlib.decompressobj(wbits)
        try:
            out = unpacker.decompress(raw, max_bytes + 1)
        except zlib.error as exc:
            problem = str(exc)
            continue
        if len(out) > max_bytes or unpacker.unconsumed_tail:
            raise LinkError("too_long", f"more than {max_bytes} bytes once inflated")
        if unpacker.eof and not unpacker.unused_data:
            return out
        problem = "the compressed data is cut short" if not unpacker.eof else "data after the end"
    raise LinkError("damaged", problem, "zlib")


def unpack(value: str, max_chars: int, max_bytes: int) -> bytes:
    """The inflated bytes of a link's value; :class:`LinkError` otherwise.
    ``+`` and ``/`` are read as ``-`` and ``_`` (a space as ``+``: a form
    may have turned one into the other), ``=`` padding is optional."""
    if not isinstance(value, str):
        raise LinkError("empty", f"expected text, found {type(value).__name__}")
    value = value.strip().replace(" ", "+")
    if not value:
        raise LinkError("empty")
    if len(value) > max_chars:
        raise LinkError("too_long", f"{len(value)} characters; at most {max_chars} are read")
    if not _B64.fullmatch(value) or len(value.rstrip("=")) % 4 == 1:
        raise LinkError("damaged", "not base64url text", "base64")
    body = value.rstrip("=").replace("+", "-").replace("/", "_")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as exc:
        raise LinkError("damaged", str(exc), "base64") from None
    return _inflate(raw, max_bytes)


def read_packed(value: str, max_chars: int, max_bytes: int, max_depth: int = safejson.MAX_DEPTH) -> Any:
    """The JSON value of a link's value: :func:`unpack`, then
    :func:`.safejson.loads` (size and depth measured after inflating)."""
    raw = unpack(value, max_chars, max_bytes)
    try:
        return safejson.loads(raw, max_chars=max_bytes, max_depth=max_depth)
    except safejson.JsonLimitError as exc:
        raise LinkError("too_long" if exc.code == "too_big" else "too_deep", str(exc)) from None
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise LinkError("damaged", str(exc), "json") from None



def problem_text(problem: LinkError | str | None, strings: Strings, kept: bool) -> tuple[str, str] | None:
    """What a page says of a link it could not open: ``(message, details)``
    (a message of the start parameters has no details), None for no problem.
    With ``kept``, the message adds that the game on screen goes on as it was."""
    if isinstance(problem, LinkError):
        return problem.message(strings, kept), problem.details()
    if not problem:
        return None
    return (f"{problem} {strings.t('link.kept')}" if kept else problem), ""
