"""The DOM helpers every page uses (written once): ``el``, ``js_obj``,
``esc``, ``later``, ``report`` and :class:`Events` (listeners that keep their
proxies alive and never let an exception escape into the browser)."""

from __future__ import annotations

import asyncio
import html
import traceback
from typing import Callable

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from diceland_site.paint import Painter, draw_board

__all__ = ["document", "window", "el", "js_obj", "esc", "later", "next_frame", "report", "Events",
           "painter", "draw_canvas", "client_taps", "share_or_copy"]

document = js.document
window = js.window


def el(element_id: str):
    return document.getElementById(element_id)


def js_obj(data: dict):
    """A plain JS object (not a Map) from a dict."""
    return to_js(data, dict_converter=js.Object.fromEntries)


def share_or_copy(data: dict, copy: str, copied: Callable[[], None], field_id: str) -> None:
    """The system share sheet with ``data`` on a touch device that has one,
    else ``copy`` to the clipboard and ``copied()``; when neither works (a
    closed sheet, a refused copy) the text field ``field_id`` is shown and
    selected, for the person to copy."""
    navigator = window.navigator

    def show_field() -> None:
        field = el(field_id)
        field.hidden = False
        field.select()

    sharing = bool(getattr(navigator, "share", None) and getattr(navigator, "maxTouchPoints", 0))
    try:
        # started here, in the tap's own handler: Safari refuses a share
        # sheet opened after a wait, as not asked for by the person
        promise = navigator.share(js_obj(data)) if sharing else navigator.clipboard.writeText(copy)
    except Exception:  # noqa: BLE001 — no share sheet, no clipboard: the field to select
        show_field()
        return

    async def settle():
        try:
            await promise
        except Exception:  # noqa: BLE001 — a closed sheet or a refused copy
            show_field()
            return
        if not sharing:
            copied()

    asyncio.ensure_future(settle())


def focus_in_place(node) -> None:
    """Give ``node`` the focus without scrolling the page to it (a new game
    opens at the top, however tall the board)."""
    node.focus(js_obj({"preventScroll": True}))


def esc(text: object) -> str:
    """Any value as text for HTML markup built by the page, attribute values
    included (``html.escape``: ``&``, ``<``, ``>`` and both quotes)."""
    return html.escape(str(text))


def client_taps(canvas, taps: list[dict]) -> list[dict]:
    """The taps of ``hintTaps()`` (:mod:`diceland_site.play`) with the canvas'
    points in client coordinates, the page scrolled first so that they are
    on screen; button ids as they are."""
    rect = canvas.getBoundingClientRect()
    ys = [float(rect.top) + t["y"] for t in taps if "y" in t]
    if ys and (min(ys) < 0 or max(ys) > float(window.innerHeight)):
        window.scrollBy(0, (min(ys) + max(ys) - float(window.innerHeight)) / 2)
        rect = canvas.getBoundingClientRect()
    return [{"x": float(rect.left) + t["x"], "y": float(rect.top) + t["y"]} if "y" in t else t for t in taps]


def later(ms: float, fn: Callable[[], None]):
    """``setTimeout``; returns the timer id."""
    return window.setTimeout(create_once_callable(fn), ms)


def next_frame(fn: Callable[..., None]) -> None:
    """``requestAnimationFrame``."""
    window.requestAnimationFrame(create_once_callable(fn))


def report(where: str, exc: BaseException) -> None:
    js.console.error(f"{where}: " + "".join(traceback.format_exception(exc)))


class Events:
    """``on(element, event, handler)``: a listener whose exceptions go to the
    console and to ``on_error(exc)`` (the page says what broke)."""

    def __init__(self, where: str, on_error: Callable[[BaseException], None]):
        self.where = where
        self.on_error = on_error
        self._proxies = []

    def proxy(self, fn):
        """A proxy kept alive as long as the page (for window.* functions)."""
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        return proxy

    def on(self, element, event: str, handler) -> None:
        def safe(evt=None):
            try:
                handler(evt)
            except Exception as exc:  # keep the page alive; show what broke
                report(self.where, exc)
                self.on_error(exc)
        element.addEventListener(event, self.proxy(safe))


def _paint_batch():
    """paint.js's runner (``window.dicelandPaint``); None on a page without it."""
    return getattr(window, "dicelandPaint", None)


def painter(ctx) -> Painter:
    """A :class:`~diceland_site.paint.Painter` for ``ctx`` that hands each
    draw list to paint.js in one call."""
    return Painter(ctx, _paint_batch())


def draw_canvas(canvas, ctx, layout, static_ops: Callable[[], list], frame_ops: list, cache: dict) -> None:
    """:func:`diceland_site.paint.draw_board` on this page: offscreen canvases
    from the document, draw lists through paint.js."""
    draw_board(canvas, ctx, layout, static_ops, frame_ops, cache, lambda: document.createElement("canvas"),
               _paint_batch())
