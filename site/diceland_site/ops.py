"""The draw operations every game's layout emits, one schema for the three
painters that run them: :class:`diceland_site.paint.Painter` (a canvas
context, from Python), the site's ``paint.js`` (the same calls on the
JavaScript side, reading :data:`FIELDS` through :func:`schema_json`) and
:func:`diceland_site.svg.ops_to_svg` (an SVG document).

An op is a small named tuple whose first field names its kind, so a draw
list travels to ``paint.js`` as plain JSON arrays in the order of
:data:`FIELDS`.  Build them with :func:`poly`, :func:`line`, :func:`circle`
and :func:`text`; :func:`named` reads any op (a plain tuple too) as its
named type.
"""

from __future__ import annotations

import json
from typing import NamedTuple, Sequence

__all__ = ["Poly", "Line", "Circle", "Text", "Op", "poly", "line", "circle", "text", "named",
           "FIELDS", "schema_json"]

Point = tuple[float, float]


class Poly(NamedTuple):
    """A closed polygon through ``points``, filled and/or stroked."""
    kind: str
    points: Sequence[Point]
    fill: str | None
    stroke: str | None
    width: float


class Line(NamedTuple):
    """A straight line, stroked with ``colour``."""
    kind: str
    x1: float
    y1: float
    x2: float
    y2: float
    colour: str | None
    width: float


class Circle(NamedTuple):
    """A circle of radius ``r`` centred on (x, y), filled and/or stroked."""
    kind: str
    x: float
    y: float
    r: float
    fill: str | None
    stroke: str | None
    width: float


class Text(NamedTuple):
    """Bold text of ``px`` units, its middle on ``y``, aligned on ``x`` by
    ``align`` (``left``, ``center``, ``right``)."""
    kind: str
    x: float
    y: float
    text: str
    colour: str
    px: float
    align: str


Op = Poly | Line | Circle | Text
_TYPES: dict[str, type] = {"poly": Poly, "line": Line, "circle": Circle, "text": Text}
#: each kind's fields after the kind, in the order an op's array holds them
FIELDS: dict[str, tuple[str, ...]] = {kind: cls._fields[1:] for kind, cls in _TYPES.items()}


def poly(points: Sequence[Point], fill: str | None, stroke: str | None = None, width: float = 0) -> Poly:
    return Poly("poly", points, fill, stroke, width)


def line(x1: float, y1: float, x2: float, y2: float, colour: str | None, width: float) -> Line:
    return Line("line", x1, y1, x2, y2, colour, width)


def circle(x: float, y: float, r: float, fill: str | None, stroke: str | None = None, width: float = 0) -> Circle:
    return Circle("circle", x, y, r, fill, stroke, width)


def text(x: float, y: float, text: str, colour: str, px: float, align: str = "center") -> Text:
    return Text("text", x, y, text, colour, px, align)


def named(op: Sequence) -> Op:
    """``op`` as its named type; a :class:`ValueError` naming an unknown
    kind or a wrong number of fields."""
    cls = _TYPES.get(op[0]) if op else None
    if cls is None:
        raise ValueError(f"unknown draw op {op[0] if op else op!r}")
    if isinstance(op, cls):
        return op
    if len(op) != len(cls._fields):
        raise ValueError(f"a {op[0]} op has {len(cls._fields) - 1} fields, not {len(op) - 1}")
    return cls._make(op)


def schema_json() -> str:
    """:data:`FIELDS` as ``paint.js`` reads it: each kind's field names to
    their index in the op's array."""
    return json.dumps({kind: {name: i + 1 for i, name in enumerate(names)} for kind, names in FIELDS.items()},
                      separators=(",", ":"))
