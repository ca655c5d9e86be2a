"""The site's canvas draw lists as a standalone SVG document.

A draw list is what :class:`diceland_site.paint.Painter` runs on a canvas:
the ops of :mod:`diceland_site.ops`.  :func:`ops_to_svg` draws the
same shapes with the same rules (a fill only when one is given, a stroke
only with a colour and a width, round joins and caps, bold
``system-ui, sans-serif`` text centred on its line), so a picture made at
build time looks like the live board.  Plain Python, no browser.
"""

from __future__ import annotations

from typing import Iterable
from xml.sax.saxutils import escape, quoteattr

from .ops import Circle, Line, Poly, named

__all__ = ["ops_to_svg", "FONT"]

#: the canvas's font family (paint.py: ``bold {px}px system-ui, sans-serif``)
FONT = "system-ui, sans-serif"
_ANCHOR = {"left": "start", "start": "start", "right": "end", "end": "end", "center": "middle"}


def _n(value: float) -> str:
    """A number with at most one decimal (a tenth of a unit)."""
    text = f"{float(value):.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


def _paint(fill, stroke, width) -> str:
    out = f" fill={quoteattr(str(fill))}" if fill is not None else ' fill="none"'
    if stroke is not None and width:
        out += f" stroke={quoteattr(str(stroke))} stroke-width=\"{_n(width)}\""
    return out


def _element(op: tuple) -> str:
    op = named(op)
    if isinstance(op, Poly):
        path = "M" + "L".join(f"{_n(x)} {_n(y)}" for x, y in op.points) + "Z"
        return f'<path d="{path}"{_paint(op.fill, op.stroke, op.width)}/>'
    if isinstance(op, Line):
        if op.colour is None or not op.width:
            return ""
        return (f'<line x1="{_n(op.x1)}" y1="{_n(op.y1)}" x2="{_n(op.x2)}" y2="{_n(op.y2)}"'
                f'{_paint(None, op.colour, op.width)}/>')
    if isinstance(op, Circle):
        return f'<circle cx="{_n(op.x)}" cy="{_n(op.y)}" r="{_n(op.r)}"{_paint(op.fill, op.stroke, op.width)}/>'
    anchor = _ANCHOR.get(str(op.align), "start")
    return (f'<text x="{_n(op.x)}" y="{_n(op.y)}" font-size="{_n(op.px)}" text-anchor="{anchor}" '
            f'dominant-baseline="central" fill={quoteattr(str(op.colour))}>{escape(str(op.text))}</text>')


def ops_to_svg(ops: Iterable[tuple], width: float, height: float, css_width: float | None = None,
               title: str | None = None) -> str:
    """``ops`` (in units of a ``width`` × ``height`` sheet) as an SVG
    document, ``css_width`` pixels wide (default: ``width``), titled
    ``title`` for assistive technology when given.  An op kind the canvas
    does not know is a :class:`ValueError` naming it."""
    scale = (css_width or width) / width
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width * scale)}" height="{_n(height * scale)}" '
            f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{FONT}" font-weight="bold" '
            f'stroke-linejoin="round" stroke-linecap="round">')
    out = ['<?xml version="1.0" encoding="UTF-8"?>', head]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.extend(e for e in map(_element, ops) if e)
    out.append("</svg>")
    return "\n".join(out) + "\n"
