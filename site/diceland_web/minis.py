"""The other players' sheets, small, beside one's own on a wide screen (any
game): one button per player with its name and its sheet drawn from the
game's own draw lists, scaled down; the marks a player just made outlined
for a moment.  Pure parts in :mod:`diceland_site.minis`."""

from __future__ import annotations

from typing import Callable

from diceland_site.minis import FLASH_MS, MiniLayout, MiniPanel, fresh_marks, highlight_ops

from .dom import draw_canvas, el, later, window

__all__ = ["MiniSheets", "WIDE", "mini_buttons"]

#: the panel shows on screens at least this wide (style.css says the same)
WIDE = "(min-width: 1100px)"


class MiniSheets:
    """``#minis`` (an aside with ``#minis-title`` and ``#mini-list``) of a page.

    ``static_ops()`` is the game's printed sheet, ``frame(player)`` its marks
    for one player and ``marks(player)`` those marks as ``{key: box}``."""

    def __init__(self, sheet_size: tuple[float, float], static_ops: Callable[[], list],
                 frame: Callable[[int], list], marks: Callable[[int], dict], pick: Callable[[int | None], None]):
        self.sheet_size = sheet_size
        self.static_ops = static_ops
        self.frame = frame
        self.marks = marks
        self.pick = pick
        self.cache: dict = {}
        self.seen: dict[int, dict] = {}          # the marks drawn last, per player
        self.drawn: dict[int, tuple] = {}        # what each canvas shows
        self.flash: dict[int, list] = {}         # the marks outlined now, per player
        self.shows: tuple = ()                   # the game and language drawn

    def reset(self, game, lang: str) -> None:
        """A new game or language: draw everything afresh, outline nothing."""
        self.shows = (game, lang)
        self.cache.clear()
        self.cache["board"] = lang
        self.seen.clear()
        self.drawn.clear()
        self.flash.clear()

    def click(self, evt) -> None:
        """A small sheet shows its player's sheet large; pressed again, one's own."""
        target = evt.target.closest("button.mini") if evt.target else None
        if target:
            pressed = str(target.getAttribute("aria-pressed")) == "true"
            self.pick(None if pressed else int(target.dataset.seat))

    def render(self, minis: MiniPanel, game, lang: str) -> None:
        """The panel for ``game`` (the controller on screen) in ``lang``."""
        if self.shows != (game, lang):
            self.reset(game, lang)
        for m in minis.sheets:
            p = m.player
            marks = self.marks(p)
            news = fresh_marks(self.seen.get(p), marks)
            self.seen[p] = marks
            if news:
                self.flash[p] = news
                later(FLASH_MS, lambda p=p, news=news: self.unflash(p, news))
        for m, node in zip(minis.sheets, mini_buttons(minis.title, minis.sheets, "", self.drawn)):
            self.draw(node.querySelector("canvas"), m.player)

    def unflash(self, player: int, news: list) -> None:
        if self.flash.get(player) is news:
            del self.flash[player]
            node = document_mini(player)
            if node:
                self.draw(node.querySelector("canvas"), player)

    def draw(self, canvas, player: int) -> None:
        width = max(60.0, float(canvas.parentElement.clientWidth) - 12)
        layout = MiniLayout(self.sheet_size, width, float(window.devicePixelRatio or 1))
        ops = self.frame(player) + highlight_ops(self.flash.get(player, []), layout.scale)
        drawn = (ops, layout.canvas_width, layout.dpr, self.cache.get("board"))
        if self.drawn.get(player) == drawn:
            return
        self.drawn[player] = drawn
        canvas.classList.toggle("flash", player in self.flash)
        draw_canvas(canvas, canvas.getContext("2d"), layout, self.static_ops, ops, self.cache)


def mini_buttons(title: str, sheets, extra: str, drawn: dict) -> list:
    """The buttons of ``#mini-list``, one per item of ``sheets`` (each with
    ``player``, ``label``, ``shown``, ``waiting`` and ``chip``), named and
    pressed as they say; none (the panel hidden) on a narrow screen.  When
    the players change the list is made afresh (with ``extra`` markup after
    each canvas) and ``drawn`` (what each canvas shows) is emptied."""
    box = el("minis")
    box.hidden = not (bool(window.matchMedia(WIDE).matches) and sheets)
    if box.hidden:
        return []
    el("minis-title").textContent = title
    listing = el("mini-list")
    seats = ",".join(str(m.player) for m in sheets)
    if listing.getAttribute("data-seats") != seats:
        listing.setAttribute("data-seats", seats)
        listing.innerHTML = "".join(
            f'<button type="button" class="mini" data-seat="{m.player}"><span class="mini-head"></span>'
            f'<canvas aria-hidden="true"></canvas>{extra}</button>' for m in sheets)
        drawn.clear()
    nodes = []
    for m in sheets:
        node = listing.querySelector(f'button.mini[data-seat="{m.player}"]')
        node.setAttribute("aria-label", m.label)
        node.setAttribute("aria-pressed", "true" if m.shown else "false")
        node.classList.toggle("waiting", m.waiting)
        node.querySelector(".mini-head").textContent = m.chip
        nodes.append(node)
    return nodes


def document_mini(player: int):
    return el("mini-list").querySelector(f'button.mini[data-seat="{player}"]')

