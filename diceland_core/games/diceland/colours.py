"""The six dice colours (RULES.md D1.1), their board letters and names."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Colour", "COLOURS", "parse_colour"]


class Colour(IntEnum):
    """A die face / zone colour.  The order is the canonical one of FORMATS.md
    (``completed_colours``): red, yellow, green, blue, orange, grey."""

    RED = 0
    YELLOW = 1
    GREEN = 2
    BLUE = 3
    ORANGE = 4
    GREY = 5

    @property
    def key(self) -> str:
        """The English lower-case name used in files: ``"red"``."""
        return _KEYS[self]

    @property
    def letter(self) -> str:
        """The board-file letter: ``R Y G B O S``."""
        return _LETTERS[self]

    def __str__(self) -> str:
        return self.key


_KEYS = ("red", "yellow", "green", "blue", "orange", "grey")
_LETTERS = ("R", "Y", "G", "B", "O", "S")

COLOURS: tuple[Colour, ...] = tuple(Colour)
_BY_KEY = {k: Colour(i) for i, k in enumerate(_KEYS)}
_BY_KEY["gray"] = Colour.GREY
_BY_LETTER = {k: Colour(i) for i, k in enumerate(_LETTERS)}


def parse_colour(value: object) -> Colour:
    """``"red"`` → ``Colour.RED``; raises ``ValueError`` naming the bad value."""
    if isinstance(value, Colour):
        return value
    if isinstance(value, str):
        found = _BY_KEY.get(value.strip().lower())
        if found is not None:
            return found
    raise ValueError(
        f"unknown colour {value!r} (expected one of {', '.join(_KEYS)})"
    )


def colour_from_letter(letter: str) -> Colour | None:
    return _BY_LETTER.get(letter)
