"""Where everything of the clever score sheet sits, in sheet units (a
1000 × :data:`HEIGHT` page scaled to the canvas), and what a tap hits.

A *spot* is what a tap may mean: ``("mark", area, field)`` (``field``: the
yellow ``(row, column)``, the blue sum, or the index of a green, orange or
purple field), ``("die", colour)`` or ``("track", name)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from diceland_core.games.clever.sheet import YELLOW_GRID
from diceland_site.paint import CanvasPixels, ScaledSheet

__all__ = ["WIDTH", "HEIGHT", "Rect", "Geometry", "GEOMETRY", "CanvasLayout", "ROW_FIELDS"]

WIDTH, HEIGHT = 1000.0, 960.0
ROW_FIELDS = 11


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def points(self) -> list[tuple[float, float]]:
        x, y, w, h = self.x, self.y, self.w, self.h
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


class Geometry:
    """Every field, track box and die slot of the sheet."""

    def __init__(self) -> None:
        self.round_boxes = [Rect(130 + i * 62, 12, 54, 54) for i in range(6)]
        self.reroll_boxes = [Rect(90 + i * 48, 82, 40, 40) for i in range(7)]
        self.extra_boxes = [Rect(530 + i * 48, 82, 40, 40) for i in range(7)]
        # yellow 4×4 at the left, blue 3×4 at the right
        self.yellow: dict[tuple[int, int], Rect] = {
            (r, c): Rect(40 + c * 84, 170 + r * 64, 76, 56) for r in range(4) for c in range(4)}
        self.yellow_row_bonus = [Rect(382, 178 + r * 64, 40, 40) for r in range(4)]
        self.yellow_col_points = [Rect(40 + c * 84, 428, 76, 28) for c in range(4)]
        self.yellow_diagonal = Rect(382, 424, 40, 36)
        self.blue: dict[int, Rect] = {}
        for r, row in enumerate(((None, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))):
            for c, n in enumerate(row):
                if n is not None:
                    self.blue[n] = Rect(520 + c * 84, 170 + r * 74, 76, 66)
        self.blue_sum_label = Rect(520, 170, 76, 66)
        self.blue_row_bonus = [Rect(862, 183 + r * 74, 40, 40) for r in range(3)]
        self.blue_col_bonus = [Rect(538 + c * 84, 396, 40, 36) for c in range(4)]
        self.blue_points = Rect(520, 446, 380, 20)
        top = {"green": 490.0, "orange": 596.0, "purple": 702.0}
        self.rows: dict[str, list[Rect]] = {
            a: [Rect(70 + i * 80, y, 70, 56) for i in range(ROW_FIELDS)] for a, y in top.items()}
        self.row_bonus: dict[str, list[Rect]] = {
            a: [Rect(70 + i * 80 + 20, y + 58, 30, 26) for i in range(ROW_FIELDS)] for a, y in top.items()}
        self.area_labels = {"yellow": Rect(40, 138, 330, 28), "blue": Rect(520, 138, 330, 28),
                            "green": Rect(12, 490, 56, 56), "orange": Rect(12, 596, 56, 56),
                            "purple": Rect(12, 702, 56, 56)}
        self.area_scores = {"yellow": Rect(430, 424, 70, 36), "blue": Rect(910, 424, 70, 36),
                            "green": Rect(950, 490, 46, 56), "orange": Rect(950, 596, 46, 56),
                            "purple": Rect(950, 702, 46, 56)}
        self.green_points = Rect(70, 570, 880, 20)
        # dice: the roll (by colour), three dice fields, the silver platter
        self.roll_slots = [Rect(24 + i * 74, 834, 64, 64) for i in range(6)]
        self.field_slots = [Rect(494 + i * 74, 834, 64, 64) for i in range(3)]
        self.platter = Rect(722, 808, 270, 140)
        self.platter_slots = [Rect(742 + (i % 3) * 80, 818 + (i // 3) * 66, 60, 60) for i in range(6)]
        self.dice_labels = {"roll": Rect(24, 806, 440, 24), "fields": Rect(494, 806, 220, 24)}

    def mark_rect(self, area: str, field) -> Rect | None:
        if area == "yellow":
            return self.yellow.get(tuple(field)) if field is not None else None
        if area == "blue":
            return self.blue.get(field)
        if isinstance(field, int) and 0 <= field < ROW_FIELDS:
            return self.rows[area][field]
        return None

    def mark_spots(self):
        for (r, c), rect in self.yellow.items():
            if YELLOW_GRID[r][c] is not None:
                yield ("mark", "yellow", (r, c)), rect
        for n, rect in self.blue.items():
            yield ("mark", "blue", n), rect
        for area, rects in self.rows.items():
            for i, rect in enumerate(rects):
                yield ("mark", area, i), rect

    def hit_mark(self, x: float, y: float):
        for spot, rect in self.mark_spots():
            if rect.contains(x, y):
                return spot
        return None


GEOMETRY = Geometry()


@dataclass(frozen=True)
class CanvasLayout(ScaledSheet, CanvasPixels):
    """The sheet scaled to a canvas ``css_width`` wide (what
    :func:`diceland_site.paint.draw_board` needs)."""

    css_width: float
    dpr: float = 1.0
    sheet_size = (WIDTH, HEIGHT)

    def to_sheet(self, css_x: float, css_y: float) -> tuple[float, float]:
        return css_x / self.scale, css_y / self.scale

    def to_css(self, x: float, y: float) -> tuple[float, float]:
        return x * self.scale, y * self.scale
