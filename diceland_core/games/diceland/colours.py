"""The six dice colours (RULES.md D1.1), their board letters and names, and
how every picture of the game draws them (:data:`STYLES`, :func:`symbol_shape`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

__all__ = ["Colour", "COLOURS", "parse_colour", "ColourStyle", "STYLES", "symbol_shape"]


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


# -- how the colours are drawn ----------------------------------------------------

@dataclass(frozen=True)
class ColourStyle:
    """One colour in every picture: the SVG render, the site's board and its
    dice.  ``fill`` colours a cell, ``ink`` the symbol on it (darker, so the
    shape reads on the fill), ``die``/``text`` a die face and its symbol;
    ``symbol`` names the shape (:func:`symbol_shape`), for colour-blind
    players: the same colour always carries the same shape."""

    fill: str
    ink: str
    die: str
    text: str
    symbol: str


#: The one colour and symbol table of Diceland (yellow, orange and red are
#: hard to tell apart for everybody: each has its own shape).
STYLES: dict[Colour, ColourStyle] = {
    Colour.RED: ColourStyle("#e0474c", "#3d0507", "#d7263d", "#ffffff", "circle"),
    Colour.YELLOW: ColourStyle("#f7d23e", "#7a5c00", "#f4c20d", "#1f1f1f", "triangle"),
    Colour.GREEN: ColourStyle("#4cae5b", "#124d1d", "#2e9443", "#ffffff", "square"),
    Colour.BLUE: ColourStyle("#4a86e0", "#0e2f6b", "#2563c9", "#ffffff", "diamond"),
    Colour.ORANGE: ColourStyle("#f59a3c", "#7a3c00", "#ee7d12", "#1f1f1f", "triangle_down"),
    Colour.GREY: ColourStyle("#a3adb8", "#323a44", "#7c8794", "#ffffff", "bar"),
}


def symbol_shape(colour: Colour, x: float, y: float, r: float) -> tuple:
    """The symbol of ``colour`` centred at ``(x, y)``, about ``2r`` across:
    ``("circle", x, y, radius)`` or ``("poly", ((x, y), ...))``.  Every
    renderer turns this into its own primitives (SVG, canvas draw lists)."""
    shape = STYLES[colour].symbol
    if shape == "circle":
        return ("circle", x, y, r * 0.75)
    if shape == "triangle":
        pts = ((x, y - r), (x + r * 0.95, y + r * 0.7), (x - r * 0.95, y + r * 0.7))
    elif shape == "triangle_down":
        pts = ((x - r * 0.95, y - r * 0.7), (x + r * 0.95, y - r * 0.7), (x, y + r))
    elif shape == "square":
        h = r * 0.8
        pts = ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))
    elif shape == "diamond":
        pts = ((x, y - r), (x + r, y), (x, y + r), (x - r, y))
    else:  # bar
        pts = ((x - r, y - r * 0.3), (x + r, y - r * 0.3), (x + r, y + r * 0.3), (x - r, y + r * 0.3))
    return ("poly", pts)
