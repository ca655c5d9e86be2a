"""A page's query string, read and written without ``urllib.parse``.

Under Pyodide, importing ``urllib.parse`` (which imports ``ipaddress``) takes
about 50 ms of a game page's start, measured, for the two functions the
pages use.  These give the same results as
``{k: v[-1] for k, v in parse_qs(search, keep_blank_values=...).items()}``
and ``quote(text)`` (``tests/site/test_query.py`` checks them against
``urllib.parse`` on generated text)."""

from __future__ import annotations

import re

__all__ = ["query_values", "quote", "unquote"]

_ASCII_RUN = re.compile(r"[\x00-\x7f]+")
_ESCAPE = re.compile(rb"%([0-9A-Fa-f]{2})")
_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~/")


def _unescape(match: re.Match[bytes]) -> bytes:
    return bytes((int(match[1], 16),))


def unquote(text: str) -> str:
    """``%XX`` escapes decoded as UTF-8 (a bad sequence becomes U+FFFD);
    characters outside ASCII pass through unchanged."""
    if "%" not in text:
        return text
    out: list[str] = []
    end = 0
    for run in _ASCII_RUN.finditer(text):
        out.append(text[end:run.start()])
        out.append(_ESCAPE.sub(_unescape, run[0].encode("ascii")).decode("utf-8", "replace"))
        end = run.end()
    out.append(text[end:])
    return "".join(out)


def query_values(search: str, keep_blank: bool = False) -> dict[str, str]:
    """``a=1&b=x+y&a=2`` → ``{"a": "2", "b": "x y"}``: the last value of
    each name, fields without a value left out unless ``keep_blank``."""
    values: dict[str, str] = {}
    for field in search.split("&"):
        if not field:
            continue
        name, equals, value = field.partition("=")
        if (equals and value) or keep_blank:
            values[unquote(name.replace("+", " "))] = unquote(value.replace("+", " "))
    return values


def quote(text: str) -> str:
    """``text`` for a link: UTF-8, every byte but letters, digits, ``_.-~``
    and ``/`` as ``%XX``."""
    return "".join(chr(b) if b in _SAFE else f"%{b:02X}" for b in text.encode("utf-8"))
