"""JSON from outside the page, checked before it is parsed.

``json.loads`` recurses once per nesting level.  Under Pyodide a deep enough
text (``[[[…]]]`` ten thousand levels down, 89 characters of a link)
exhausts the JavaScript stack before Python's recursion limit is reached: a
fatal error no ``except`` can catch, after which Python is gone for the rest
of the session.  So every text from a link, a file, ``localStorage`` or a
lesson goes through :func:`loads`, which first measures the text's size and
its nesting depth with one linear scan (brackets inside strings do not
count) and refuses, with :class:`JsonLimitError`, what is too big or too deep.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate, count, repeat
from operator import mul, sub
from typing import Any

__all__ = ["MAX_DEPTH", "MAX_CHARS", "MAX_QUERY_CHARS", "JsonLimitError", "nesting_depth", "check", "loads"]

#: Deepest nesting accepted.  A game record needs 6 levels, a scenario 7, a
#: save 8; Pyodide's stack holds several hundred, so this leaves a wide margin.
MAX_DEPTH = 64
#: Default largest text accepted (characters): a save with its picture is
#: well under 400,000.
MAX_CHARS = 2_000_000
#: Longest query string a page reads at all (a lesson's ``s=`` value is at
#: most 2,000 characters shorter): anything longer is refused before it is
#: split into parameters.  Here, not in ``teaching``, so that a game page
#: checks its link without importing the lessons' code.
MAX_QUERY_CHARS = 62_000

#: A JSON string, or an unterminated one running to the end of the text: each
#: character is looked at once (an unterminated pattern would make the search
#: start again at every later quote).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
#: Opening brackets → 1, closing brackets → 0.
_OPENS = str.maketrans({"[": "\x01", "{": "\x01", "]": "\x00", "}": "\x00"})


class JsonLimitError(ValueError):
    """``code`` is ``"too_big"`` or ``"too_deep"``; ``limit`` the limit passed."""

    def __init__(self, code: str, limit: int, found: int):
        self.code = code
        self.limit = limit
        self.found = found
        what = "characters long" if code == "too_big" else "levels deep"
        super().__init__(f"the text is more than {limit} {what}")


def nesting_depth(text: str) -> int:
    """How deep ``[`` and ``{`` nest in ``text``, brackets inside JSON
    strings left out (an unterminated string runs to the end): the largest
    number of brackets open after any prefix, never less than the depth a
    JSON parser reaches.

    After the i-th bracket, with o of them opening, 2*o - i are open; the
    maximum is taken by ``itertools`` and ``operator`` in C, in one pass."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return 0
    opens = accumulate(brackets.translate(_OPENS).encode("latin-1"))
    return max(0, max(map(sub, map(mul, opens, repeat(2)), count(1))))


def check(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> None:
    """Raise :class:`JsonLimitError` if ``text`` is too long or too deep."""
    if len(text) > max_chars:
        raise JsonLimitError("too_big", max_chars, len(text))
    if nesting_depth(text) > max_depth:
        raise JsonLimitError("too_deep", max_depth, max_depth + 1)


def loads(text: str | bytes, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` after :func:`check`.  Raises :class:`JsonLimitError`
    (a ``ValueError``) or what ``json.loads`` raises (``ValueError``,
    ``UnicodeDecodeError``)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_chars * 4:
            raise JsonLimitError("too_big", max_chars, len(text))
        text = bytes(text).decode("utf-8")
    check(text, max_chars, max_depth)
    return json.loads(text)
