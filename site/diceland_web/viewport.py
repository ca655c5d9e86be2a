"""The part of the screen one plays in: a band of the sheet brought between
the top of the screen and the bar of dice and buttons at its bottom (a
phone), and the height left for a sheet below its top (a wide screen) or
between its top and the bar under it (a phone that shows both at once)."""

from __future__ import annotations

from .dom import document, window

__all__ = ["keep_in_view", "room_above", "room_below"]

MARGIN = 6.0


def keep_in_view(canvas, top: float, bottom: float, bar_selector: str) -> None:
    """Scroll the page so that the rows ``top`` to ``bottom`` of ``canvas``
    (CSS pixels from its top) are on screen above the bar ``bar_selector``
    when that bar is held at the bottom of the screen (sticky or fixed, as
    on a phone: the band may start under it); the top of the band wins
    when it does not fit."""
    rect = canvas.getBoundingClientRect()
    y0, y1 = float(rect.top) + top, float(rect.top) + bottom
    limit = float(window.innerHeight)
    bar = document.querySelector(bar_selector)
    if bar:  # a missing element is JavaScript's null: falsy, not None
        box = bar.getBoundingClientRect()
        held = str(window.getComputedStyle(bar).position) in ("sticky", "fixed")
        if held and float(box.bottom) >= limit - 1:
            limit = float(box.top)
    if y1 > limit - MARGIN:
        dy = min(y1 - (limit - MARGIN), y0 - MARGIN)
    elif y0 < MARGIN:
        dy = y0 - MARGIN
    else:
        return
    if dy:
        window.scrollBy(0, dy)


def room_below(node, floor: float = 240.0) -> float:
    """The height from the top of ``node`` (where the page is scrolled to
    the top) to the bottom of the screen, at least ``floor``; while a
    review's panel is held over the bottom of the screen (a phone), from
    the top of the screen (the review brings the board there) to the
    panel."""
    held = _review_panel()
    top = 0.0 if held else float(node.getBoundingClientRect().top) + float(window.scrollY or 0)
    return max(floor, float(window.innerHeight) - top - MARGIN - held)


def _review_panel() -> float:
    """The height of a review's panel held over the bottom of the screen (0: none)."""
    panel = document.querySelector("body.reviewing .review-panel")
    if not panel:
        return 0.0
    box = panel.getBoundingClientRect()
    return float(box.height) if float(box.top) > 0 and float(box.bottom) >= float(window.innerHeight) - 1 else 0.0


def room_above(node, bar_selector: str, floor: float = 240.0) -> float:
    """The height from the top of ``node`` (where the page is scrolled to
    the top) to the top of the bar ``bar_selector`` that follows it, when
    the bar ends at the bottom of the screen; at least ``floor``."""
    bar = document.querySelector(bar_selector)
    below = float(bar.getBoundingClientRect().height) if bar else 0.0
    gap = str(window.getComputedStyle(node.parentElement).rowGap)
    below += float(gap[:-2]) if gap.endswith("px") else 0.0
    return max(floor, room_below(node, floor) - below)
