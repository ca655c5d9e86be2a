"""Your move and the better move drawn together on the position of a
decision, told apart: each game's ``review`` module (``games/<game>/review.py``)
says where a move sits on its board (:class:`Spots`: outlines in the board's
own draw units and the dice it uses, named by the page's CSS selectors);
:func:`mark_ops` draws both as draw ops (``ops.py``: painted by
``paint.py``, ``paint.js`` and ``svg.py`` alike), :func:`dice_marks` names
the dice each uses, :func:`legend` says which is which in the player's
language.  :class:`DecisionSpots` keeps the spots of the decision on
screen: the game's module imported once, each move's spots computed once
while the decision is shown, however often the page draws it.
:class:`BoardTries` is "try it yourself" on the board: the position's legal
moves hit-tested where a tap lands, as in play.

Your move: an orange outline with a filled dot; the better move: a green
outline inside it with a ring; where your move is the best, one green
outline with a tick.  Pure Python, tested in CPython."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Hashable, Sequence

from ..i18n import Strings
from ..ops import circle, poly, text
from ..paint import ScaledSheet

__all__ = ["BETTER", "PLAYED", "BoardTries", "DecisionSpots", "Spots", "board_point", "contains", "dice_marks",
           "legend", "mark_ops", "spots_of"]

Point = tuple[float, float]
PLAYED, BETTER, WHITE = "#d0571b", "#2f7d4a", "#ffffff"
#: how far each outline is scaled about its shape's middle: the better
#: move's inside your move's, where they cross the same box
GROW = {"played": 1.08, "better": 0.78, "same": 1.0}


@dataclass(frozen=True)
class Spots:
    """Where a move sits on the board: ``shapes``, outlines (polygons in
    the board's draw units) of the boxes or dice it uses; ``dice``, the
    page's CSS selectors of the dice buttons it takes."""

    shapes: tuple[tuple[Point, ...], ...] = ()
    dice: tuple[str, ...] = ()


def _scaled(points: Sequence[Point], factor: float) -> list[Point]:
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    return [(round(cx + (x - cx) * factor, 2), round(cy + (y - cy) * factor, 2)) for x, y in points]


def _mark(points: Sequence[Point], which: str) -> list[tuple]:
    """One outline and its tag: a dot (your move), a ring (the better
    move), a tick (your move, the best)."""
    shape = _scaled(points, GROW[which])
    xs, ys = [x for x, _ in shape], [y for _, y in shape]
    size = max(1.0, min(max(xs) - min(xs), max(ys) - min(ys)))
    colour = PLAYED if which == "played" else BETTER
    ops = [poly(shape, None, WHITE, size * 0.2), poly(shape, None, colour, size * 0.12)]
    r = size * 0.2
    x, y = (max(xs), min(ys)) if which == "better" else (min(xs), min(ys))
    if which == "better":
        ops.append(circle(x, y, r, WHITE, BETTER, r * 0.55))
    else:
        ops.append(circle(x, y, r, colour, WHITE, r * 0.3))
    if which == "same":
        ops.append(text(x, y, "\u2713", WHITE, r * 1.5, "center"))
    return ops


def mark_ops(played: Spots, better: Spots | None) -> list[tuple]:
    """Both moves on one picture (``better`` None: your move is the best,
    one mark saying so); the better move under your move's."""
    if better is None:
        return [op for shape in played.shapes for op in _mark(shape, "same")]
    ops = [op for shape in better.shapes for op in _mark(shape, "better")]
    return ops + [op for shape in played.shapes for op in _mark(shape, "played")]


def dice_marks(played: Spots, better: Spots | None) -> dict[str, str]:
    """The dice buttons to mark, as {CSS selector: "played", "better",
    "both" or "same"}."""
    if better is None:
        return {s: "same" for s in played.dice}
    out = {s: "better" for s in better.dice}
    for s in played.dice:
        out[s] = "both" if s in out else "played"
    return out


def legend(strings: Strings, same: bool) -> list[tuple[str, str]]:
    """What the marks mean, in ``strings``' language: [(which, words)]."""
    if same:
        return [("same", "\u2713 " + strings.t("review.legend_same"))]
    return [("played", "\u25CF " + strings.t("review.legend_played")),
            ("better", "\u25CB " + strings.t("review.legend_better"))]


def spots_of(hook: Any, ctrl: Any, action: Any, layout: Any) -> Spots:
    """A game's ``spots`` for ``action``; a move it cannot place on the
    board (a reroll, a pass) has none."""
    try:
        return hook.spots(ctrl, action, layout)
    except (LookupError, TypeError, ValueError):
        return Spots()


def _layout_key(layout: Any) -> Hashable:
    """A layout as a key: a layout of the same size drawn again (a new
    object, equal) is the same key."""
    try:
        hash(layout)
    except TypeError:
        return id(layout)
    return layout


class DecisionSpots:
    """The spots of the moves of the decision on screen in ``game``'s
    review: its module (``games/<game>/review.py``) imported on first use
    and once; :meth:`of` computes a move's spots once per layout while one
    decision is shown and forgets them when another is (or on
    :meth:`clear`).  ``computed`` counts the computations."""

    def __init__(self, game: str):
        self.game = game
        self.index: int | None = None
        self.kept: dict[tuple, Spots] = {}
        self.ctrl: Any = None
        self.computed = 0

    @cached_property
    def hook(self) -> Any:
        return importlib.import_module(f"diceland_site.games.{self.game}.review")

    def clear(self) -> None:
        self.index, self.kept, self.ctrl = None, {}, None

    def of(self, index: int, action: Any, layout: Any, make_ctrl: Callable[[], Any]) -> Spots:
        """``action``'s spots in decision ``index``'s position on ``layout``
        (None: the dice only); ``make_ctrl`` makes a controller of that
        position, called once per decision."""
        if index != self.index:
            self.clear()
            self.index = index
        key = (repr(action), _layout_key(layout))
        if key not in self.kept:
            if self.ctrl is None:
                self.ctrl = make_ctrl()
            self.kept[key] = spots_of(self.hook, self.ctrl, action, layout)
            self.computed += 1
        return self.kept[key]

    def marks(self, index: int, played: Any, better: Any | None,
              make_ctrl: Callable[[], Any]) -> tuple[Callable[[Any], list[tuple]], dict[str, str]]:
        """Decision ``index``'s two moves marked (``better`` None: yours is
        the best): the draw ops on a layout (:func:`mark_ops`) and the dice
        to mark (:func:`dice_marks`)."""
        def spots(action: Any, layout: Any) -> Spots | None:
            return None if action is None else self.of(index, action, layout, make_ctrl)

        def ops(layout: Any) -> list[tuple]:
            return mark_ops(spots(played, layout), spots(better, layout))
        return ops, dice_marks(spots(played, None), spots(better, None))


def board_point(layout: Any, css_x: float, css_y: float) -> tuple[float, float]:
    """A point of the canvas (CSS pixels from its corner) in the board's
    draw units (a sheet drawn in its own units is scaled; a board drawn in
    CSS pixels is not)."""
    k = layout.scale if isinstance(layout, ScaledSheet) else 1.0
    return css_x / k, css_y / k


def contains(points: Sequence[Point], x: float, y: float) -> bool:
    """Whether (x, y) lies inside the polygon ``points`` (on its edge counts)."""
    inside = False
    n = len(points)
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        if min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2) and \
                abs((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) < 1e-9:
            return True
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


class BoardTries:
    """"Try it yourself" by tapping the board: ``moves``, the :class:`Spots`
    of each legal move of the position (in the order the list shows them).
    Each tap keeps the moves that use what was tapped (a box, a cell, a
    die) among those the taps before kept, as in play a die and then a
    field make one move; a tap that leaves none starts again from it, a tap
    on nothing any move uses changes nothing.  :attr:`chosen` is the
    moves still in (every move before a tap)."""

    def __init__(self, moves: Sequence[Spots]):
        self.moves = list(moves)
        self.kept: set[int] | None = None
        self.taps: list[tuple[tuple[float, float] | None, str | None]] = []

    @property
    def chosen(self) -> list[int]:
        return sorted(self.kept) if self.kept is not None else list(range(len(self.moves)))

    def hit(self, point: tuple[float, float] | None = None, die: str | None = None) -> set[int]:
        """The moves that use the board's ``point`` (draw units) or the die
        button named by the selector ``die``."""
        out = set()
        for i, spots in enumerate(self.moves):
            if (die is not None and die in spots.dice) or \
                    (point is not None and any(contains(shape, *point) for shape in spots.shapes)):
                out.add(i)
        return out

    def tap(self, point: tuple[float, float] | None = None, die: str | None = None) -> list[int]:
        """A tap on the board at ``point`` or on the die ``die``: the moves
        still in."""
        hit = self.hit(point, die)
        if hit:
            narrowed = hit & self.kept if self.kept is not None else hit
            if not narrowed:
                self.taps = []
            self.kept = narrowed or hit
            self.taps.append((point, die))
            in_order = [i for i in self.kept if self._in_order(i)]
            if len(self.kept) > 1 and len(in_order) == 1:
                self.kept = set(in_order)
        return self.chosen

    def _in_order(self, i: int) -> bool:
        """Move ``i`` is the one the taps made as play makes it: its every
        die and box tapped, the k-th die tapped going with the k-th box
        (moves that differ only in which die goes where)."""
        spots = self.moves[i]
        dice = [spots.dice.index(d) for _, d in self.taps if d in spots.dice]
        boxes = [next((k for k, shape in enumerate(spots.shapes) if contains(shape, *p)), None)
                 for p, _ in self.taps if p is not None]
        boxes = [k for k in boxes if k is not None]
        whole = set(dice) == set(range(len(spots.dice))) and set(boxes) == set(range(len(spots.shapes)))
        return whole and len(dice) == len(set(dice)) and dice == boxes[len(boxes) - len(dice):] if dice else False

    def clear(self) -> None:
        self.kept = None
        self.taps = []

    def dice(self) -> set[str]:
        """Every die selector a move uses (what a tap on a die may name)."""
        return {d for spots in self.moves for d in spots.dice}
