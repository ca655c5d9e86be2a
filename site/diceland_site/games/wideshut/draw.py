"""The Dice Wide Shut sheet on a canvas: layout, hit tests and draw lists
for :class:`diceland_site.paint.Painter` (ops ``poly``, ``line``,
``circle``, ``text``).

Logical units: the red half on top, the blue half below; each half a title
line, 5 rows of 5 number boxes and the row's 6-box, and a line of column
scores.  The static list (boxes, printed numbers, labels) is the same for
every sheet and drawn once; the frame list draws one player's marks, splits,
6s, scores, lit boxes and the keyboard cursor.
"""

from __future__ import annotations

from dataclasses import dataclass

from diceland_core.games.wideshut.sheet import BLUE, RED, Sheet, number_of
from diceland_site.i18n import signed
from diceland_site.ops import circle as circle_op, line as line_op, poly as poly_op, text as text_op
from diceland_site.paint import ScaledSheet

from .model import DIE_STYLE, HALF_STYLE, ViewModel
from .strings import WideStrings

__all__ = ["SheetLayout", "layout_for", "static_ops", "frame_ops", "hit", "sheet_ops", "take_ops", "mark_boxes", "WIDTH",
           "HEIGHT"]

M, LABEL, CELL, GAP = 10, 26, 46, 12
TITLE, SCORE, BETWEEN = 30, 28, 14
WIDTH = M + LABEL + 5 * CELL + GAP + CELL + M
HALF_H = TITLE + 5 * CELL + SCORE
HEIGHT = M + 2 * HALF_H + BETWEEN + M
HALVES = ("red", "blue")
INK, MUTED, LIT, SKIP, CURSOR = "#1e2421", "#8a918c", "#f9a825", "#6a1b9a", "#1769e0"


@dataclass(frozen=True)
class SheetLayout(ScaledSheet):
    """Sizes for :func:`diceland_site.paint.draw_board`: the canvas in device
    pixels, its CSS height, and the transform from logical units."""
    css_width: float
    dpr: float
    sheet_size = (WIDTH, HEIGHT)

    @property
    def canvas_width(self) -> int:
        return max(1, round(WIDTH * self.scale * self.dpr))

    @property
    def canvas_height(self) -> int:
        return max(1, round(HEIGHT * self.scale * self.dpr))

    def box_origin(self, half: str, row: int, col: int) -> tuple[float, float]:
        """Top-left corner (logical) of a box; col 5 is the row's 6-box."""
        top = M + (0 if half == "red" else HALF_H + BETWEEN) + TITLE
        x = M + LABEL + col * CELL + (GAP if col == 5 else 0)
        return x, top + row * CELL

    def box_center_css(self, half: str, row: int, col: int) -> tuple[float, float]:
        x, y = self.box_origin(half, row, col)
        return (x + CELL / 2) * self.scale, (y + CELL / 2) * self.scale


def hit(layout: SheetLayout, x: float, y: float) -> tuple[str, int, int] | None:
    """The box under a point (x, y) of the canvas (CSS pixels), or None (every
    game's draw module has ``hit``)."""
    x, y = x / layout.scale, y / layout.scale
    for half in HALVES:
        for row in range(5):
            for col in range(6):
                bx, by = layout.box_origin(half, row, col)
                if bx <= x < bx + CELL and by <= y < by + CELL:
                    return (half, row, col)
    return None


def layout_for(css_width: float, dpr: float = 1.0, max_css_height: float | None = None) -> SheetLayout:
    """The layout filling ``css_width`` (200 to 560 px), no taller than
    ``max_css_height`` when given (the whole sheet stays on screen)."""
    width = min(float(css_width), 560.0)
    if max_css_height:
        width = min(width, float(max_css_height) * WIDTH / HEIGHT)
    return SheetLayout(max(200.0, width), max(1.0, min(float(dpr), 3.0)))


def _rect(x: float, y: float, w: float, h: float, fill, stroke=None, width=0.0) -> tuple:
    return poly_op([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], fill, stroke, width)


def static_ops(strings: WideStrings) -> list[tuple]:
    """What every sheet shows: tinted halves, printed numbers, row labels."""
    lay = SheetLayout(WIDTH, 1.0)
    ops: list[tuple] = [_rect(0, 0, WIDTH, HEIGHT, "#ffffff")]
    for h, half in enumerate(HALVES):
        ink, tint, symbol = HALF_STYLE[half]
        top = M + (0 if half == "red" else HALF_H + BETWEEN)
        ops.append(_rect(M, top, WIDTH - 2 * M, HALF_H, tint, ink, 2))
        for row in range(5):
            x0, y0 = lay.box_origin(half, row, 0)
            ops.append(text_op(M + LABEL / 2, y0 + CELL / 2, str(row + 1), MUTED, 13, "center"))
            for col in range(6):
                x, y = lay.box_origin(half, row, col)
                ops.append(_rect(x + 3, y + 3, CELL - 6, CELL - 6, "#ffffff", ink, 1.5))
                number = 6 if col == 5 else number_of(RED if half == "red" else BLUE, row, col)
                ops.append(text_op(x + CELL / 2, y + CELL / 2, str(number), ink, 22, "center"))
            ops.append(circle_op(x + CELL / 2, y + CELL / 2, CELL / 2 - 5, None, ink, 1.5))
    return ops


def _cross(x: float, y: float, colour: str, width: float) -> list[tuple]:
    a, b = 9, CELL - 9
    return [line_op(x + a, y + a, x + b, y + b, colour, width),
            line_op(x + b, y + a, x + a, y + b, colour, width)]


def mark_boxes(sheet: Sheet) -> dict:
    """The sheet's crosses as ``{(half, row, col): (x, y, w, h)}`` (col 5: the 6-box)."""
    lay = SheetLayout(WIDTH, 1.0)
    out = {}
    for h, half in enumerate(HALVES):
        for row in range(5):
            cols = [col for col in range(5) if sheet.marks[h] >> (5 * row + col) & 1]
            if (sheet.used[h] | sheet.six[h]) >> row & 1:
                cols.append(5)
            for col in cols:
                x, y = lay.box_origin(half, row, col)
                out[(half, row, col)] = (x, y, CELL, CELL)
    return out


def frame_ops(sheet: Sheet, model: ViewModel, strings: WideStrings) -> list[tuple]:
    """One player's sheet and the take being built."""
    return sheet_ops(sheet, strings) + take_ops(model, strings)


def sheet_ops(sheet: Sheet, strings: WideStrings) -> list[tuple]:
    """One player's sheet over the printed one: titles, crosses, splits, 6s
    and column scores (the large sheet and the small ones)."""
    lay = SheetLayout(WIDTH, 1.0)
    ops: list[tuple] = []
    for h, half in enumerate(HALVES):
        ink, tint, symbol = HALF_STYLE[half]
        top = M + (0 if half == "red" else HALF_H + BETWEEN)
        summary = sheet.half_summary(h)
        title = strings.t("sheet.half_title", symbol=symbol, half=strings.t(f"half.{half}").capitalize(),
                          score=summary["score"])
        ops.append(text_op(M + 8, top + TITLE / 2 + 1, title, ink, 16, "left"))
        split = set(summary["split_rows"])
        marks = sheet.marks[h]
        for row in range(5):
            for col in range(5):
                if marks >> (5 * row + col) & 1:
                    x, y = lay.box_origin(half, row, col)
                    ops.extend(_cross(x, y, MUTED if row in split else ink, 4))
            x6, y6 = lay.box_origin(half, row, 5)
            if sheet.used[h] >> row & 1:
                ops.append(circle_op(x6 + CELL / 2, y6 + CELL / 2, CELL / 2 - 5, INK, INK, 1.5))
                ops.append(text_op(x6 + CELL / 2, y6 + CELL / 2, "6", "#ffffff", 20, "center"))
            elif sheet.six[h] >> row & 1:
                ops.extend(_cross(x6, y6, ink, 4))
            if row in split:
                x0, y0 = lay.box_origin(half, row, 0)
                ops.append(line_op(x0 + 2, y0 + CELL / 2, x0 + 5 * CELL - 2, y0 + CELL / 2, INK, 3))
        complete = set(summary["complete_columns"])
        for col, score in enumerate(summary["column_scores"]):
            x, y = lay.box_origin(half, 4, col)
            cy = y + CELL + SCORE / 2
            if col in complete:
                ops.append(_rect(x + 4, y + CELL + 3, CELL - 8, SCORE - 6, ink))
                ops.append(text_op(x + CELL / 2, cy, f"✓{signed(score)}", "#ffffff", 14, "center"))
            else:
                ops.append(text_op(x + CELL / 2, cy, signed(score), INK if score >= 0 else "#a3261b", 14, "center"))
    return ops


def take_ops(model: ViewModel, strings: WideStrings) -> list[tuple]:
    """The take being built: lit boxes, pending marks and the keyboard cursor."""
    lay = SheetLayout(WIDTH, 1.0)
    ops: list[tuple] = []
    if model.shown == model.current:
        for t in model.targets:
            x, y = lay.box_origin(t.half, t.row, t.col)
            colour = SKIP if t.kind == "skip" else LIT
            ops.append(_rect(x + 1, y + 1, CELL - 2, CELL - 2, None, colour, 5 if t.active else 3))
            if t.kind == "skip":
                ops.append(text_op(x + CELL / 2, y + CELL - 8, strings.t("sheet.skip_tag"), SKIP, 10, "center"))
        for half, row, col, kind in model.assigned:
            x, y = lay.box_origin(half, row, col)
            if kind == "skip":
                ops.append(circle_op(x + CELL / 2, y + CELL / 2, CELL / 2 - 5, "rgba(30,36,33,0.45)", SKIP, 3))
            else:
                ops.extend(_cross(x, y, "rgba(249,168,37,0.95)", 5))
    if model.cursor is not None:
        x, y = lay.box_origin(*model.cursor)
        ops.append(_rect(x - 1, y - 1, CELL + 2, CELL + 2, None, CURSOR, 3))
    return ops


def die_face(colour: str) -> tuple[str, str, str]:
    """Fill, text colour and symbol of a die colour (the dice are buttons)."""
    return DIE_STYLE[colour]
