"""embed.html: one board of a scripted example, wired to the DOM.

All logic is in ``diceland_site.games.diceland.lesson`` (parameters, decoding, the
position at each step, judging the reader's move); this file only reads the query,
fetches a shipped lesson, draws and forwards clicks (embed-picture.js loads
it when the reader starts the example).  It writes nothing to
storage, and tells its parent frame nothing but its height (and, for a
tutorial lesson, that the try was solved, to a same-site parent only) through
the two functions of embed.js.  A link with ``game=`` (another game's
lesson) is shown by ``diceland_web.lesson_embed`` instead.
"""

from __future__ import annotations

import asyncio
import json

import js
from diceland_site.games.diceland import draw
from diceland_site.games.diceland.lesson import EmbedSession, Script
from diceland_site.i18n import Strings
from diceland_site.lessons import lesson_folder
from diceland_site.query import query_values
from diceland_site.safejson import MAX_QUERY_CHARS
from diceland_site.teaching import EmbedError, lesson_file, page_language

from diceland_web.dom import Events, document, draw_canvas, el, js_obj, window
from diceland_web.embed_parts import error_state, fetch_json, load_session, render_texts, run_page, show_error
from diceland_web.lesson_embed import main as lesson_page_main, wants_lesson_page

WHERE = "Diceland embed"


class EmbedPage:
    def __init__(self):
        search = str(window.location.search)[1:]
        #: a query too long to be a link of this site is refused unread
        self.too_long = len(search) > MAX_QUERY_CHARS
        self.query = {} if self.too_long else query_values(search, keep_blank=True)
        langs = list(window.navigator.languages or []) if hasattr(window.navigator, "languages") else []
        self.langs = [str(x) for x in langs]
        self.lang = page_language(self.query, self.langs)
        self.strings = Strings(self.lang)
        self.session: EmbedSession | None = None
        self.error: EmbedError | None = None
        self.layout: draw.Layout | None = None
        self.cache: dict = {}
        self.dice_signature = None
        self.events = Events(WHERE, lambda exc: self.say(self.strings.t("error.unexpected", detail=str(exc))))
        self.canvas = el("board")
        self.ctx = self.canvas.getContext("2d")

    # -- wiring ---------------------------------------------------------------------------
    def on(self, element, event: str, handler) -> None:
        self.events.on(element, event, handler)

    def bind(self) -> None:
        self.on(el("embed-controls"), "click", self.control_click)
        self.on(el("dice"), "click", self.dice_click)
        self.on(self.canvas, "click", self.canvas_click)
        self.on(self.canvas, "keydown", self.canvas_key)
        self.on(window, "resize", lambda evt: self.render(relayout=True))

    async def load(self) -> None:
        async def open_session(params) -> EmbedSession:
            if params.scenario is not None:
                folder = lesson_folder("diceland")
                lesson, file = lesson_file(params.scenario, await fetch_json(f"./{folder}/index.json"))
                script = Script(await fetch_json(f"./{folder}/{file}"), lesson)
            else:
                script = Script(params.data)
            return EmbedSession(script, self.lang, params.step, params.seat)

        await load_session(self, open_session, lambda: self.render(relayout=True))

    def show_error(self, err: EmbedError) -> None:
        show_error(err, self.strings, self.lang)

    # -- events ---------------------------------------------------------------------------
    def control_click(self, evt) -> None:
        target = evt.target.closest("button[data-control]") if evt.target else None
        if not target or target.disabled or self.session is None:
            return
        self.session.button(str(target.dataset.control))
        self.after()

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button.die") if evt.target else None
        if not target or target.disabled or self.session is None:
            return
        self.session.press_die(int(target.dataset.index))
        self.after()

    def canvas_click(self, evt) -> None:
        if self.session is None or self.layout is None:
            return
        rect = self.canvas.getBoundingClientRect()
        cell = self.layout.pixel_to_cell(float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top))
        if cell is not None:
            self.session.tap(*cell)
            self.after()

    def canvas_key(self, evt) -> None:
        if self.session is None or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        if self.session.handle_key(str(evt.key)):
            evt.preventDefault()
            self.after()

    def after(self) -> None:
        self.render()
        if self.session is not None and self.session.take_solved():
            self.tell_solved(self.session.script.lesson)

    def say(self, text: str) -> None:
        if self.session is not None:
            self.session.say(text, "wrong")
            self.render()

    # -- talking to the parent frame: embed.js does it, without touching the parent here --
    def post_height(self) -> None:
        window.dicelandPostHeight()

    def tell_solved(self, lesson: str | None) -> None:
        if lesson:
            window.dicelandSolved(lesson)

    # -- drawing --------------------------------------------------------------------------
    def render(self, relayout: bool = False) -> None:
        session = self.session
        if session is None:
            return
        m = session.model()
        t = self.strings.t
        render_texts(m, self.strings)
        self.fill(el("embed-players"), [
            self.node("span", f'{p["name"]} ★{p["stars"]}',
                      ("shown " if p["shown"] else "") + ("active" if p["active"] else ""))
            for p in m["players"]])
        el("embed-players").setAttribute("aria-label", t("embed.players"))
        el("info-bar").textContent = m["board_label"] + " · " + m["stars_label"]
        el("embed-status").textContent = m["step_label"] + " · " + m["status"]
        signature = json.dumps([m["dice"], m["lang"]], sort_keys=True)
        if signature != self.dice_signature:
            self.dice_signature = signature
            self.render_dice(m["dice"])
        el("dice").setAttribute("aria-label", t("dice.title"))
        controls = el("embed-controls")
        controls.setAttribute("aria-label", t("embed.controls"))
        for c in m["controls"]:
            node = controls.querySelector(f'button[data-control="{c["id"]}"]')
            if node is not None:
                node.textContent = c["label"]
                node.hidden = not c["visible"]
                node.disabled = not c["enabled"]
        self.canvas.setAttribute("aria-label", m["board_label"] + ". " + m["status"])
        self.canvas.setAttribute("role", "application" if m["mode"] == "try" else "img")
        self.draw(relayout)
        self.post_height()

    @staticmethod
    def node(tag: str, text: str = "", cls: str = ""):
        item = document.createElement(tag)
        item.textContent = text
        if cls:
            item.className = cls
        return item

    @staticmethod
    def fill(box, children) -> None:
        box.replaceChildren(*children)

    def render_dice(self, dice) -> None:
        """The dice of the moment, grouped, each a button with its colour's
        symbol and an accessible name."""
        titles = {"held": "dice.held", "leftover": "dice.leftovers", "bonus": "dice.bonus"}
        groups = {}
        for die in dice:
            group = groups.get(die["group"])
            if group is None:
                group = groups[die["group"]] = self.node("div", "", "dice-group")
                group.dataset.group = die["group"]
                if die["group"] in titles:
                    group.appendChild(self.node("span", self.strings.t(titles[die["group"]]), "dice-group-label"))
            colour = die["colour"]
            classes = ["die", colour, "held" if die["group"] == "held" else "",
                       "selected" if die["selected"] else "", "dim" if die["placeable"] is False else ""]
            button = self.node("button", "" if colour else "?", " ".join(c for c in classes if c))
            button.type = "button"
            button.dataset.index = str(die["index"])
            button.dataset.colour = colour or ""
            button.disabled = not die["enabled"]
            button.setAttribute("aria-label", die["label"])
            if colour:
                button.style.background = die["fill"]
                button.style.color = die["text"]
                button.innerHTML = draw.symbol_svg(colour, 22, die["text"])
            group.appendChild(button)
        self.fill(el("dice"), list(groups.values()))

    def draw(self, relayout: bool) -> None:
        ctrl = self.session.ctrl
        board = ctrl.shown_board()
        width = max(200.0, float(el("board-wrap").clientWidth))
        dpr = float(window.devicePixelRatio or 1)
        if relayout or self.layout is None or self.layout.css_width != width or self.layout.dpr != dpr:
            probe = draw.Layout.for_board(board, width, 100000.0, dpr)
            self.layout = draw.Layout.for_board(board, width, probe.content_height, dpr)
        self.cache["board"] = id(board)
        draw_canvas(self.canvas, self.ctx, self.layout, lambda: ctrl.static_ops(self.layout),
                    ctrl.frame_ops(self.layout), self.cache)

    # -- what tests and tools can ask ---------------------------------------------------------
    def expose(self) -> None:
        api = js.Object.new()

        def state():
            if self.session is None:
                return error_state(self.error, self.lang)
            return json.dumps(self.session.state())

        def cell_center(row, col):
            if self.layout is None:
                return None
            x, y = self.layout.cell_center(int(row), int(col))
            rect = self.canvas.getBoundingClientRect()
            return js_obj({"x": float(rect.left) + x, "y": float(rect.top) + y})

        for name, fn in (("state", state), ("cellCenter", cell_center)):
            setattr(api, name, self.events.proxy(fn))
        window.dicelandEmbed = api


async def main() -> None:
    if wants_lesson_page():
        return await lesson_page_main()
    return await run_page(EmbedPage(), WHERE)


PAGE = asyncio.ensure_future(main())
