"""The message catalogue of Ganz schön clever (namespace ``clever``): every
illegal action's text, the hints' reasons and the solo ratings (C11.4, R10),
in English, Spanish and Italian.  Player numbers in texts are 1-based."""

from __future__ import annotations

from pathlib import Path

from ...core.errors import load_messages

__all__ = ["MESSAGES", "TERMS", "RATINGS", "rating_code"]

MESSAGES, TERMS = load_messages("clever", Path(__file__).with_name("messages.json"))


#: C11.4 / R10: (lowest total, message code), best first
RATINGS: tuple[tuple[int, str], ...] = (
    (281, "clever.rating_9"), (260, "clever.rating_8"), (240, "clever.rating_7"),
    (220, "clever.rating_6"), (200, "clever.rating_5"), (180, "clever.rating_4"),
    (160, "clever.rating_3"), (140, "clever.rating_2"), (-10**9, "clever.rating_1"),
)


def rating_code(total: int) -> str:
    """The solo rating of a total (C11.4, R10)."""
    return next(code for low, code in RATINGS if total >= low)


