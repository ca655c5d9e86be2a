"""The other players' sheets, small, for every game: which sheets the panel
beside one's own sheet lists, their names and labels, the size of a small
sheet, and the marks just made (outlined for a moment).

A small sheet is the game's own sheet: its static and frame draw lists,
scaled down (:class:`MiniLayout`), with :func:`highlight_ops` on top.  A game
hands the page its draw lists and, per player, its marks as
``{key: (x, y, w, h)}`` in sheet units; the page
(:mod:`diceland_web.minis`) does the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Mapping, Sequence

from .ops import poly as poly_op
from .paint import CanvasPixels, ScaledSheet


__all__ = ["MiniSheet", "MiniPanel", "MiniLayout", "HIGHLIGHT", "FLASH_MS", "home_seat", "panel", "fresh_marks",
           "highlight_ops"]

Box = tuple[float, float, float, float]

#: The outline of the marks a player just made.
HIGHLIGHT = "#e6007e"
#: How long the marks just made stay outlined (milliseconds).
FLASH_MS = 1800


@dataclass(frozen=True)
class MiniSheet:
    player: int
    chip: str          # the heading above the small sheet: "Bo · 12"
    label: str         # the accessible name of its button
    shown: bool        # the large sheet shows this player now
    waiting: bool      # the game waits for this player's decision


@dataclass(frozen=True)
class MiniPanel:
    home: int | None               # the player whose sheet is "mine" (None: only bots play)
    sheets: tuple[MiniSheet, ...]  # every other player, in seat order
    title: str                     # the heading of the panel


@dataclass(frozen=True)
class MiniLayout(ScaledSheet, CanvasPixels):
    """A game's sheet (``sheet_size`` in its units) scaled to ``css_width``
    CSS pixels, for :func:`diceland_site.paint.draw_board`."""

    sheet_size: tuple[float, float]
    css_width: float
    dpr: float = 1.0


def home_seat(current: int | None, humans: Sequence[int], last: int | None) -> int | None:
    """Whose sheet is one's own: the person deciding now, else the person
    who decided last, else the first person at the table (None when only
    bots play)."""
    if current is not None and current in humans:
        return current
    if last is not None and last in humans:
        return last
    return humans[0] if humans else None


def panel(names: Sequence[str], home: int | None, shown: int, waiting: Sequence[int], chip: Callable[[int], str],
          label: Callable[[int], str], title: str) -> MiniPanel:
    """The small sheets of every player but ``home``."""
    sheets = tuple(MiniSheet(p, chip(p), label(p), p == shown, p in waiting)
                   for p in range(len(names)) if p != home)
    return MiniPanel(home, sheets, title)


def fresh_marks(before: Mapping[Hashable, Box] | None, now: Mapping[Hashable, Box]) -> list[Box]:
    """The boxes of the marks in ``now`` that ``before`` did not have (none
    when there was no ``before``: the first drawing shows no news)."""
    if before is None:
        return []
    return [box for key, box in now.items() if key not in before]


def highlight_ops(boxes: Sequence[Box], scale: float) -> list[tuple]:
    """Outlines around ``boxes`` (sheet units) about 3 CSS pixels wide at
    ``scale`` CSS pixels per unit."""
    width = round(3.0 / max(scale, 1e-6), 2)
    pad = width / 2
    ops = []
    for x, y, w, h in boxes:
        x0, y0, x1, y1 = x - pad, y - pad, x + w + pad, y + h + pad
        ops.append(poly_op([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], None, HIGHLIGHT, width))
    return ops
