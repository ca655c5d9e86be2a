"""A link's ``review`` parameter: which player's decisions a shared game
opens into (``review=2``) and at which decision (``review=2.14``); a
malformed value is refused in plain words."""

from __future__ import annotations

import re

from ..i18n import Strings
from ..share import REVIEW_KEY

__all__ = ["PARAM", "ReviewError", "review_link", "review_param"]

#: The query parameter.
PARAM = REVIEW_KEY
_VALUE = re.compile(r"([1-9][0-9]?)(?:\.([1-9][0-9]{0,3}))?")


class ReviewError(ValueError):
    """A review the page cannot open (a malformed ``review`` link value, a
    seat the game does not have): :meth:`message` says it in plain words."""

    def __init__(self, key: str, **params: object):
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self, strings: Strings) -> str:
        return strings.t(self.key, **self.params)


def review_param(raw: object, players: int) -> tuple[int, int]:
    """A link's ``review`` value: ``player`` or ``player.decision``, both
    counted from 1 as players count (``review=2.14``: player 2's decision
    14), as (seat, decision index from 0).  :class:`ReviewError` for
    anything else."""
    text = str(raw if raw is not None else "").strip()
    match = _VALUE.fullmatch(text) if len(text) <= 8 else None
    if match is None:
        raise ReviewError("review.bad_link", value=text[:24] or "\u2014")
    seat = int(match[1]) - 1
    if seat >= players:
        raise ReviewError("review.no_player", player=seat + 1, players=players)
    return seat, int(match[2] or 1) - 1


def review_link(share_link: str, seat: int, decision: int) -> str:
    """A game's share link (``page#position=…``) that opens into the
    review of ``seat`` at ``decision`` (both from 0): ``page?review=2.14#…``."""
    page, _, fragment = share_link.partition("#")
    return f"{page}?{PARAM}={seat + 1}.{decision + 1}" + (f"#{fragment}" if fragment else "")

