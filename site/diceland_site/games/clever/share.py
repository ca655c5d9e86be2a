"""Ganz schön clever's share parts (every game's ``share`` module has the
same names).  Its links have always been the one format of every game
(:mod:`diceland_site.share`, ``clever.html#position=…``): it has no older
link to read, and a position of it has no embeddable board (its lessons
are embedded, not positions)."""

from __future__ import annotations

from typing import Any, Sequence

from ...packed import LinkError
from ...seats import Seat

__all__ = ["OLDER_LINK", "older_link", "embed_link"]

#: no older links: no query key to read
OLDER_LINK: str | None = None


def older_link(value: str, lang: str = "en") -> tuple[Any, list[Seat]]:
    """Never a game: :class:`~...packed.LinkError`, as for any link this game cannot open."""
    raise LinkError("invalid", "Ganz schön clever has no older share links")


def embed_link(game: Any, names: Sequence[str] | None, page_url: str) -> str | None:
    """None: a position of this game has no embeddable board."""
    return None
