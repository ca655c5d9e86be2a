"""Execute any game's draw lists (:mod:`diceland_site.ops`) on a 2D canvas context.

Plain Python: the context is passed in (``canvas.getContext("2d")`` in the
browser, any object with the same methods in a test), so this module imports
nothing from the browser.  The pages call :func:`draw_board` once per frame.

In the browser each call on ``ctx`` crosses from Python into JavaScript, a
dozen for a hexagon: so the pages hand :class:`Painter` the site's
``paint.js`` runner (``batch``), which takes the whole list as one JSON text
and makes the same calls on the JavaScript side.
"""

from __future__ import annotations

import json
from math import tau
from typing import Any, Callable, Iterable

from .ops import Circle, Line, Poly, named, schema_json

__all__ = ["Painter", "CanvasPixels", "ScaledSheet", "draw_board", "ops_json", "FONT"]

#: The canvas font of a ``text`` op of ``px`` pixels.
FONT = "bold {px}px system-ui, sans-serif"
#: ``batch(ctx, ops_json(ops), SCHEMA)`` runs ``ops`` on ``ctx`` as :meth:`Painter.run` does.
Batch = Callable[[Any, str, str], Any]
#: the op schema paint.js reads with each list
SCHEMA = schema_json()


class CanvasPixels:
    """The canvas' size in device pixels for a layout with ``css_width``,
    ``css_height`` (CSS pixels) and ``dpr`` (device pixels per CSS pixel)."""

    css_width: float
    css_height: float
    dpr: float

    @property
    def canvas_width(self) -> int:
        """The canvas' ``width`` attribute (device pixels)."""
        return max(1, round(self.css_width * self.dpr))

    @property
    def canvas_height(self) -> int:
        """The canvas' ``height`` attribute (device pixels)."""
        return max(1, round(self.css_height * self.dpr))


class ScaledSheet:
    """A sheet drawn in logical units, ``sheet_size`` (width, height), scaled
    to a canvas ``css_width`` CSS pixels wide with ``dpr`` device pixels per
    CSS pixel."""

    sheet_size: tuple[float, float]
    css_width: float
    dpr: float

    @property
    def scale(self) -> float:
        """CSS pixels per logical unit."""
        return self.css_width / self.sheet_size[0]

    @property
    def css_height(self) -> float:
        return self.sheet_size[1] * self.scale

    @property
    def transform(self) -> tuple[float, ...]:
        """Arguments for ``ctx.setTransform`` so ops draw in logical units."""
        k = self.scale * self.dpr
        return (k, 0.0, 0.0, k, 0.0, 0.0)


def ops_json(ops: Iterable[tuple]) -> str:
    """A draw list as the JSON ``paint.js`` reads: the ops as arrays, each
    ``text`` op's size as its canvas font.  A number that is not finite is a
    ``ValueError`` here (JavaScript's ``JSON.parse`` would refuse the list)."""
    return json.dumps([(*op[:5], FONT.format(px=op[5]), op[6]) if op[0] == "text" else op for op in ops],
                      separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class Painter:
    """Runs draw-list ops one-to-one on ``ctx``, or hands them to ``batch``
    in one call."""

    def __init__(self, ctx: Any, batch: Batch | None = None):
        self.ctx = ctx
        self.batch = batch

    def paint(self, fill, stroke, width) -> None:
        """Fill and/or stroke the current path."""
        ctx = self.ctx
        if fill is not None:
            ctx.fillStyle = fill
            ctx.fill()
        if stroke is not None and width:
            ctx.strokeStyle = stroke
            ctx.lineWidth = width
            ctx.stroke()

    def run(self, ops: Iterable[tuple]) -> None:
        ctx = self.ctx
        if self.batch is not None:
            self.batch(ctx, ops_json(ops), SCHEMA)
            return
        for op in map(named, ops):
            if isinstance(op, Poly):
                ctx.beginPath()
                ctx.moveTo(*op.points[0])
                for x, y in op.points[1:]:
                    ctx.lineTo(x, y)
                ctx.closePath()
                self.paint(op.fill, op.stroke, op.width)
            elif isinstance(op, Line):
                ctx.beginPath()
                ctx.moveTo(op.x1, op.y1)
                ctx.lineTo(op.x2, op.y2)
                self.paint(None, op.colour, op.width)
            elif isinstance(op, Circle):
                ctx.beginPath()
                ctx.arc(op.x, op.y, op.r, 0, tau)
                self.paint(op.fill, op.stroke, op.width)
            else:
                ctx.font = FONT.format(px=op.px)
                ctx.textAlign = op.align
                ctx.textBaseline = "middle"
                ctx.fillStyle = op.colour
                ctx.fillText(op.text, op.x, op.y)


def draw_board(canvas: Any, ctx: Any, layout: Any, static_ops: Callable[[], list], frame_ops: list,
               cache: dict, make_canvas: Callable[[], Any], batch: Batch | None = None) -> None:
    """Size ``canvas`` for ``layout``, blit the static board (drawn once into
    an offscreen canvas kept in ``cache`` and redrawn when the layout or
    ``cache["board"]`` changes) and draw ``frame_ops`` over it (through
    ``batch`` when given, see :class:`Painter`)."""
    if canvas.width != layout.canvas_width or canvas.height != layout.canvas_height:
        canvas.width = layout.canvas_width
        canvas.height = layout.canvas_height
    canvas.style.height = f"{layout.css_height}px"
    key = (cache.get("board"), layout.canvas_width, layout.canvas_height, layout.dpr)
    if cache.get("key") != key:
        off = make_canvas()
        off.width = layout.canvas_width
        off.height = layout.canvas_height
        octx = off.getContext("2d")
        octx.setTransform(*layout.transform)
        octx.lineJoin = "round"
        octx.lineCap = "round"
        Painter(octx, batch).run(static_ops())
        cache["canvas"] = off
        cache["key"] = key
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.clearRect(0, 0, layout.canvas_width, layout.canvas_height)
    ctx.drawImage(cache["canvas"], 0, 0)
    ctx.setTransform(*layout.transform)
    ctx.lineJoin = "round"
    ctx.lineCap = "round"
    Painter(ctx, batch).run(frame_ops)
