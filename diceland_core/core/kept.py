"""A bounded cache for the bots: a dict that holds at most ``limit``
entries and, when full, lets its older half go.

The bots keep what they computed (a sheet's terms, a network's hidden sums)
because a game meets the same sheets again and again; a page plays many
games, so the caches are bounded.  Emptying a full cache would throw away
the game in progress with the rest; the entries put in first go instead
(by the order they were put in: a lookup does not move an entry).
Standard library only.
"""

from __future__ import annotations

from itertools import islice

__all__ = ["Kept"]


class Kept(dict):
    """A dict of at most ``limit`` entries put in by :meth:`keep`."""

    __slots__ = ("limit",)

    def __init__(self, limit: int):
        super().__init__()
        if limit < 1:
            raise ValueError("a cache holds at least one entry")
        self.limit = limit

    def keep(self, key, value):
        """Put ``value`` under ``key`` and return it; when the cache is
        full, the older half of its entries goes first."""
        if len(self) >= self.limit and key not in self:
            for old in list(islice(self, max(1, len(self) // 2))):
                del self[old]
        self[key] = value
        return value
