"""Draw lists of the clever score sheet for :class:`diceland_site.paint.Painter`.

:func:`static_ops` is the printed sheet (drawn once, offscreen): the five
areas with their printed numbers and crosses, thresholds, multipliers, bonus
symbols and point tables, the round track, the reroll and +1 tracks, the
dice fields and the silver platter.  :func:`frame_ops` is one frame on top:
the player's marks, circled and crossed track boxes, the lit targets, the
dice, live area scores and the fox count.
"""

from __future__ import annotations

from typing import Any

from diceland_core.games.clever.sheet import (
    BLUE_COLUMNS, BLUE_POINTS, BLUE_ROWS, GREEN_BONUS, GREEN_POINTS, GREEN_THRESHOLDS, ORANGE_BONUS,
    ORANGE_MULTIPLIERS, PURPLE_BONUS, ROUND_BONUS, YELLOW_COLUMN_POINTS, YELLOW_GRID, YELLOW_ROW_BONUS,
)

from diceland_site.ops import circle as circle_op, line as line_op, poly as poly_op, text as text_op

from .layout import GEOMETRY as G, HEIGHT, WIDTH, Rect
from .strings import COLOUR_SYMBOLS, CleverStrings

__all__ = ["COLOURS_CSS", "static_ops", "frame_ops", "sheet_ops", "mark_boxes", "bonus_ops", "hit"]

COLOURS_CSS = {"white": "#ffffff", "yellow": "#f4c20d", "blue": "#3b7dd8", "green": "#34a853",
               "orange": "#f5892a", "purple": "#9158c9"}
#: the green, orange and purple areas' names and marks on their pale bands
AREA_INK = {"green": "#2b6b3a", "orange": "#a4520f", "purple": "#5d3490"}
PALE = {"yellow": "#fdf3c4", "blue": "#dbe8fa", "green": "#d7f0dd", "orange": "#fde3cc", "purple": "#ebdff7"}
INK = "#1b1b1b"
MARK = "#111111"
LIT = "#e6007e"
HINT = "#00a0b0"
BONUS_AREA = {"yellow_x": "yellow", "blue_x": "blue", "green_x": "green", "orange_4": "orange",
              "orange_5": "orange", "orange_6": "orange", "purple_6": "purple"}
BONUS_TEXT = {"yellow_x": "X", "blue_x": "X", "green_x": "X", "orange_4": "4", "orange_5": "5",
              "orange_6": "6", "purple_6": "6", "reroll": "↻", "extra": "+1", "black": "?"}


def box(rect: Rect, fill: str | None, stroke: str | None = INK, width: float = 2) -> tuple:
    return poly_op(rect.points(), fill, stroke, width)


def text(x: float, y: float, s: str, colour: str = INK, px: float = 20, align: str = "center") -> tuple:
    return text_op(x, y, s, colour, px, align)


def cross(rect: Rect, colour: str = MARK, width: float = 5, inset: float = 10) -> list[tuple]:
    x1, y1, x2, y2 = rect.x + inset, rect.y + inset, rect.x + rect.w - inset, rect.y + rect.h - inset
    return [line_op(x1, y1, x2, y2, colour, width), line_op(x1, y2, x2, y1, colour, width)]


def fox_ops(cx: float, cy: float, size: float = 14) -> list[tuple]:
    """The fox symbol: an orange head with two ears and a white muzzle."""
    s = size
    head = [(cx - s, cy - s * 0.7), (cx - s * 0.55, cy - s * 1.25), (cx - s * 0.2, cy - s * 0.75),
            (cx + s * 0.2, cy - s * 0.75), (cx + s * 0.55, cy - s * 1.25), (cx + s, cy - s * 0.7),
            (cx, cy + s * 0.9)]
    return [poly_op(head, "#e8701a", INK, 1.5),
            poly_op([(cx - s * 0.35, cy + s * 0.1), (cx + s * 0.35, cy + s * 0.1), (cx, cy + s * 0.9)],
             "#ffffff", None, 0)]


def bonus_ops(bonus: str, cx: float, cy: float, size: float = 16) -> list[tuple]:
    """The symbol of a bonus centred on (cx, cy)."""
    if bonus == "fox":
        return fox_ops(cx, cy + 2, size * 0.85)
    r = Rect(cx - size, cy - size, 2 * size, 2 * size)
    area = BONUS_AREA.get(bonus)
    if area:
        return [box(r, COLOURS_CSS[area], INK, 1.5), text(cx, cy + 1, BONUS_TEXT[bonus], INK, size * 1.2)]
    if bonus in ("reroll", "extra"):
        return [circle_op(cx, cy, size, "#ffffff", INK, 1.5), text(cx, cy + 1, BONUS_TEXT[bonus], INK, size)]
    return [box(r, "#222222", INK, 1.5), text(cx, cy + 1, "X/6", "#ffffff", size * 0.6)]


def static_ops(lang: str = "en") -> list[tuple]:
    st = CleverStrings(lang)
    ops: list[tuple] = [box(Rect(0, 0, WIDTH, HEIGHT), "#fbfaf6", None, 0)]
    # round track
    ops.append(text(120, 39, st.t("clever.sheet.round"), INK, 18, "right"))
    for i, r in enumerate(G.round_boxes):
        ops += [box(r, "#ffffff"), text(r.cx, r.y + 14, str(i + 1), INK, 14)]
        bonus = ROUND_BONUS.get(i + 1)
        if bonus:
            ops += bonus_ops(bonus, r.cx, r.y + 36, 11)
    # action tracks
    ops.append(text(80, 102, "↻", INK, 26, "right"))
    ops.append(text(520, 102, "+1", INK, 24, "right"))
    for r in G.reroll_boxes + G.extra_boxes:
        ops.append(box(r, "#ffffff", "#888888", 1.5))
    # yellow
    ops += [box(Rect(28, 132, 478, 336), PALE["yellow"], None, 0),
            text(40, 152, st.area("yellow"), INK, 18, "left")]
    for (r, c), rect in G.yellow.items():
        v = YELLOW_GRID[r][c]
        ops.append(box(rect, COLOURS_CSS["yellow"] if v else "#e7d89a"))
        if v is None:
            ops += cross(rect, "#7a6a2a", 4)
        else:
            ops.append(text(rect.cx, rect.cy + 1, str(v), INK, 28))
    for r, rect in enumerate(G.yellow_row_bonus):
        ops += bonus_ops(YELLOW_ROW_BONUS[r], rect.cx, rect.cy)
    for c, rect in enumerate(G.yellow_col_points):
        ops.append(text(rect.cx, rect.cy, str(YELLOW_COLUMN_POINTS[c]), INK, 20))
    ops += [text(G.yellow_diagonal.x - 8, G.yellow_diagonal.cy, "↘", INK, 20, "right")]
    ops += bonus_ops("extra", G.yellow_diagonal.cx, G.yellow_diagonal.cy)
    # blue
    ops += [box(Rect(508, 132, 480, 336), PALE["blue"], None, 0),
            text(520, 152, st.area("blue"), INK, 18, "left")]
    lab = G.blue_sum_label
    ops += [box(lab, "#ffffff", "#888888", 1), text(lab.cx, lab.cy, "◇+■", INK, 20)]
    for n, rect in G.blue.items():
        ops += [box(rect, COLOURS_CSS["blue"]), text(rect.cx, rect.cy + 1, str(n), "#ffffff", 28)]
    for i, rect in enumerate(G.blue_row_bonus):
        ops += bonus_ops(BLUE_ROWS[i][1], rect.cx, rect.cy)
    for i, rect in enumerate(G.blue_col_bonus):
        ops += bonus_ops(BLUE_COLUMNS[i][1], rect.cx + 20, rect.cy)
    table = " ".join(f"{i}:{p}" for i, p in enumerate(BLUE_POINTS) if i)
    ops.append(text(G.blue_points.x, G.blue_points.cy, table, INK, 12, "left"))
    # green, orange, purple
    bonuses = {"green": GREEN_BONUS, "orange": ORANGE_BONUS, "purple": PURPLE_BONUS}
    for area, rects in G.rows.items():
        band = Rect(8, rects[0].y - 8, 984, 100)
        ops += [box(band, PALE[area], None, 0)]
        # the die's symbol beside the row, the area's whole name under its first fields (no bonus there)
        lab = G.area_labels[area]
        ops.append(text(lab.cx, lab.cy, COLOUR_SYMBOLS[area], AREA_INK[area], 30))
        ops.append(text(rects[0].x, rects[0].y + 73, st.area(area), AREA_INK[area], 24, "left"))
        for i, rect in enumerate(rects):
            ops.append(box(rect, "#ffffff", COLOURS_CSS[area], 3))
            if area == "green":
                ops.append(text(rect.cx, rect.y + 13, f"≥{GREEN_THRESHOLDS[i]}", AREA_INK["green"], 14))
            elif area == "orange" and ORANGE_MULTIPLIERS[i] > 1:
                ops.append(text(rect.cx, rect.y + 13, f"×{ORANGE_MULTIPLIERS[i]}", AREA_INK["orange"], 15))
            elif area == "purple" and i:
                ops.append(text(rect.x - 5, rect.cy, "<", AREA_INK["purple"], 18))
            b = bonuses[area].get(i)
            if b:
                br = G.row_bonus[area][i]
                ops += bonus_ops(b, br.cx, br.cy + 4, 11)
    table = " ".join(f"{i}:{p}" for i, p in enumerate(GREEN_POINTS) if i)
    ops.append(text(G.green_points.x + 300, G.green_points.cy + 6, table, INK, 12, "left"))
    # dice fields and the silver platter
    ops.append(text(G.dice_labels["roll"].x, G.dice_labels["roll"].cy, st.t("clever.sheet.roll"), INK, 16, "left"))
    ops.append(text(G.dice_labels["fields"].x, G.dice_labels["fields"].cy, st.t("clever.sheet.fields"),
                    INK, 16, "left"))
    for r in G.field_slots:
        ops.append(box(r, "#ffffff", "#555555", 2))
    p = G.platter
    ops.append(box(p, "#d9dde2", "#8a9099", 3))
    ops.append(text(p.x + p.w / 2, p.y + p.h - 4, st.t("clever.sheet.platter"), "#4a4f57", 13))
    return ops


def die_ops(rect: Rect, colour: str, value: int, dim: bool, selected: bool) -> list[tuple]:
    fill = COLOURS_CSS[colour] + ("55" if dim else "")
    ink = ("#111111" if colour in ("white", "yellow") else "#ffffff") + ("66" if dim else "")
    ops = [box(rect, fill, LIT if selected else "#333333", 6 if selected else 2),
           text(rect.cx, rect.cy - 3, str(value), ink, rect.h * 0.55),
           text(rect.x + rect.w - 9, rect.y + rect.h - 10, COLOUR_SYMBOLS[colour], ink, 13)]
    return ops


def mark_ops(state: Any, player: int) -> list[tuple]:
    sheet = state.sheets[player]
    ops: list[tuple] = []
    for cell in sheet.yellow_cells():
        ops += cross(G.yellow[tuple(cell)])
    for n in sheet.blue_sums():
        ops += cross(G.blue[n], "#ffffff", 7)
        ops += cross(G.blue[n])
    for i in range(sheet.g):
        ops += cross(G.rows["green"][i])
    for area, values in (("orange", sheet.o), ("purple", sheet.p)):
        for i, v in enumerate(values):
            r = G.rows[area][i]
            ops.append(text(r.cx, r.cy + 8, str(v), MARK, 28))
    for boxes, earned, used in ((G.reroll_boxes, sheet.rr, sheet.rr_used), (G.extra_boxes, sheet.ex, sheet.ex_used)):
        for i, r in enumerate(boxes):
            if i < earned:
                ops.append(circle_op(r.cx, r.cy, r.w / 2 - 3, None, MARK, 3))
                ops.append(text(r.cx, r.cy + 1, "↻" if boxes is G.reroll_boxes else "+1", MARK, 16))
            if i < used:
                ops += cross(r, MARK, 3, 4)
    for i, r in enumerate(G.round_boxes):
        if i + 1 < state.round or (i + 1 == state.round and state.over):
            ops += cross(r, "#666666", 3, 6)
        elif i + 1 == state.round:
            ops.append(box(r, None, LIT, 4))
    return ops


def sheet_ops(model: Any, state: Any, player: int) -> list[tuple]:
    """``player``'s sheet over the printed one: marks, area scores, foxes,
    name and total (the large sheet and the small ones)."""
    ops = mark_ops(state, player)
    st = CleverStrings(model.lang)
    pl = model.seats[player]
    for area, r in G.area_scores.items():
        ops += [box(r, "#ffffff", INK, 1.5), text(r.cx, r.cy + 1, str(pl.scores[area]), INK, 20)]
    ops += fox_ops(880, 30, 14)
    ops.append(text(900, 32, f"{pl.foxes} = {pl.scores['fox']}", INK, 18, "left"))
    ops.append(text(560, 39, pl.name, INK, 18, "left"))
    ops.append(text(988, 102, st.t("clever.sheet.total", total=pl.scores["total"]), INK, 18, "right"))
    return ops


def mark_boxes(state: Any, player: int) -> dict:
    """``player``'s marks in the five areas as ``{(area, field): (x, y, w, h)}``."""
    sheet = state.sheets[player]
    spots = [("yellow", tuple(c)) for c in sheet.yellow_cells()] + [("blue", n) for n in sheet.blue_sums()]
    spots += [("green", i) for i in range(sheet.g)]
    spots += [(area, i) for area, values in (("orange", sheet.o), ("purple", sheet.p)) for i in range(len(values))]
    out = {}
    for spot in spots:
        r = G.mark_rect(*spot)
        if r is not None:
            out[spot] = (r.x, r.y, r.w, r.h)
    return out


def frame_ops(model: Any, state: Any) -> list[tuple]:
    """One frame: the shown sheet, lit targets, dice."""
    ops = sheet_ops(model, state, model.shown)
    for area, index in model.targets:
        r = G.mark_rect(area, index)
        if r is not None:
            ops.append(box(Rect(r.x - 3, r.y - 3, r.w + 6, r.h + 6), "#e6007e33", LIT, 5))
    if model.hint_target is not None:
        r = G.mark_rect(*model.hint_target)
        if r is not None:
            ops.append(box(Rect(r.x - 7, r.y - 7, r.w + 14, r.h + 14), None, HINT, 4))
    for d in model.dice:
        dim = not d.usable
        ops += die_ops(die_rect(d), d.colour, d.value, dim, d.selected)
    return ops


def die_rect(d: Any) -> Rect:
    if d.place == "field":
        return G.field_slots[d.slot]
    if d.place == "platter":
        return G.platter_slots[d.slot]
    return G.roll_slots[d.slot]


def die_spot(model: Any, x: float, y: float) -> str | None:
    """The colour of the die drawn at (x, y), if any."""
    for d in model.dice:
        if die_rect(d).contains(x, y):
            return d.colour
    return None


def hit(model: Any, x: float, y: float) -> tuple | None:
    """What a tap at (x, y) of the sheet means: ``("die", colour)`` on a
    drawn die, a field's ``("mark", …)`` target, or None."""
    colour = die_spot(model, x, y)
    return ("die", colour) if colour else G.hit_mark(x, y)
