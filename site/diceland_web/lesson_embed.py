"""embed.html for every game, and so for the tutorial's frames: a lesson
(``embed.html?scenario=overshoot``, ``?game=clever&scenario=…&step=N&lang=es``)
or a shared Diceland position (``?s=DATA&seat=P``), the DOM side of
:class:`diceland_site.lesson_session.LessonSession`.  The session and the
game's plug-in board hold the logic and the draw lists; this module reads
the query, fetches the lesson, fills the page's elements and forwards
clicks and keys.  It stores nothing and tells its parent only its height
and a solved try (the two functions of embed.js).
"""

from __future__ import annotations

import json

import js
from pyodide.http import pyfetch
from diceland_site.safejson import MAX_QUERY_CHARS
from diceland_site.teaching import EmbedError, lesson_file, page_language, parse_json, parse_params
from diceland_site.i18n import Strings
from diceland_site.query import query_values
from diceland_site.lesson_session import LessonSession
from diceland_site.lessons import LessonScript, lesson_folder, lesson_key, parse_game

from .dom import Events, document, draw_canvas, el, js_obj, report, window

#: a screen that shows the lesson in one column (teaching.css says the same)
NARROW = "(max-width: 899px)"

__all__ = ["LessonEmbedPage", "main"]

WHERE = "Diceland embed"


def read_query() -> tuple[dict[str, str], bool]:
    search = str(window.location.search)[1:]
    if len(search) > MAX_QUERY_CHARS:
        return {}, True
    return query_values(search, keep_blank=True), False


# -- loading and the texts around the board ------------------------------------------------

async def fetch_json(url: str):
    response = await pyfetch(url, cache="no-cache")
    if not response.ok:
        raise EmbedError("load", detail=f"{url}: HTTP {response.status}")
    return parse_json(await response.string(), "load", url)


def show_error(err: EmbedError, strings, lang: str) -> None:
    el("embed-error-title").textContent = strings.t("embed.error.title")
    el("embed-error-text").textContent = err.message(lang)
    el("embed-error").hidden = False
    el("embed-error").dataset.key = err.key
    window.dicelandPostHeight()


async def load_session(page, open_session, render, read=parse_params) -> None:
    """The page's language and title, the link read (too long, then
    ``read(query, languages)``, :func:`parse_params` by default), the session
    ``await open_session(params)`` makes — a broken link's
    :class:`EmbedError` is kept to be shown instead — then
    :func:`show_loaded`."""
    document.documentElement.lang = page.lang
    document.title = page.strings.t("embed.title")
    try:
        if page.too_long:
            raise EmbedError("too_long")
        page.session = await open_session(read(page.query, page.langs))
    except EmbedError as err:
        page.error = err
    show_loaded(page, render)


def show_loaded(page, render) -> None:
    """After loading: wire the page, then show its error or its body."""
    page.bind()
    el("embed").hidden = False
    if page.error is not None:
        page.show_error(page.error)
    else:
        el("embed-body").hidden = False
        if str(getattr(window, "dicelandEmbedIntent", "")) == "try":
            page.session.button("try")  # the reader pressed Try it on the picture
        render()


def render_texts(m: dict, strings) -> None:
    """Title, explanation, caption, prompt and feedback (its rule behind "details")."""
    t = strings.t
    el("embed-title").textContent = m["title"] or t("embed.title")
    explain = m["explain"]
    el("embed-explain-box").hidden = not explain
    if explain and not el("embed-explain").textContent:
        el("embed-explain-summary").textContent = t("embed.about")
        el("embed-explain").textContent = explain
        el("embed-explain-box").open = True
    el("embed-caption").textContent = m["caption"]
    el("embed-prompt").textContent = m["prompt"]
    feedback = el("embed-feedback")
    feedback.textContent = m["feedback"]
    feedback.className = "embed-feedback " + m["feedback_kind"]
    details = el("embed-feedback-details")
    details.hidden = not m["feedback_details"]
    el("embed-feedback-details-label").textContent = t("message.details")
    details.querySelector("span").textContent = m["feedback_details"]


def error_state(err: EmbedError | None, lang: str) -> str:
    return json.dumps({"ok": False, "error": err.key if err else None, "message": err.message(lang) if err else ""})


async def run_page(page, where: str):
    """Expose the page's test API, load it (an unexpected failure becomes
    the readable "could not be loaded" message), then mark it ready."""
    page.expose()
    try:
        await page.load()
    except Exception as exc:
        report(where, exc)
        page.error = EmbedError("load", detail=str(exc))
        el("embed").hidden = False
        page.show_error(page.error)
    document.documentElement.dataset.ready = "true"
    window.dicelandPostHeight()
    return page


# -- the page ------------------------------------------------------------------------------

def node(tag: str, text: str = "", cls: str = ""):
    item = document.createElement(tag)
    item.textContent = text
    if cls:
        item.className = cls
    return item


class LessonEmbedPage:
    def __init__(self):
        self.query, self.too_long = read_query()
        self.langs = [str(x) for x in (window.navigator.languages or [])]
        self.lang = page_language(self.query, self.langs)
        self.strings = Strings(self.lang)
        self.session: LessonSession | None = None
        self.error: EmbedError | None = None
        self.layout = None
        self.cache: dict = {}
        self.events = Events(WHERE, lambda exc: self.say(self.strings.t("error.unexpected", detail=str(exc))))
        self.canvas = el("board")
        self.ctx = self.canvas.getContext("2d")
        self.targets = node("div", "", "actions embed-targets")
        self.targets.id = "embed-targets"
        self.targets.setAttribute("role", "group")
        el("dice").after(self.targets)

    # -- loading ------------------------------------------------------------------------
    async def load(self) -> None:
        def read(query, langs):
            """The game first: an unknown one is said before any other fault."""
            return parse_game(query), parse_params(query, langs)

        async def open_session(link) -> LessonSession:
            game, params = link
            if params.scenario is None:  # a shared position (s=)
                script = LessonScript(params.data, game)
            else:
                folder = lesson_folder(game)
                lesson, file = lesson_file(params.scenario, await fetch_json(f"./{folder}/index.json"))
                script = LessonScript(await fetch_json(f"./{folder}/{file}"), game, lesson)
            return LessonSession(script, self.lang, params.step, params.seat)

        await load_session(self, open_session, self.render, read)

    def show_error(self, err: EmbedError) -> None:
        show_error(err, self.strings, self.lang)

    def bind(self) -> None:
        on = self.events.on
        on(el("embed-controls"), "click", self.control_click)
        on(el("dice"), "click", self.dice_click)
        on(self.targets, "click", self.target_click)
        on(self.canvas, "click", self.canvas_click)
        on(self.canvas, "keydown", self.canvas_key)
        on(window, "resize", lambda evt: self.render())

    # -- events ---------------------------------------------------------------------------
    def control_click(self, evt) -> None:
        target = evt.target.closest("button[data-control]") if evt.target else None
        if target and not target.disabled and self.session is not None:
            self.session.button(str(target.dataset.control))
            self.after("#embed-controls button[data-control]:not([hidden]):not([disabled])")
            if str(target.dataset.control) == "try" and window.matchMedia(NARROW).matches:
                self.board_on_top()

    def board_on_top(self) -> None:
        """A phone: the board at the top of the screen, the dice and buttons
        under it (the page around the tutorial's frame scrolled too)."""
        el("board-wrap").scrollIntoView(js_obj({"block": "start"}))

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button[data-die]") if evt.target else None
        if target and not target.disabled and self.session is not None:
            self.session.tap_die(str(target.dataset.die))
            self.after("#embed-targets button, #embed-controls button[data-control]:not([hidden]):not([disabled])")

    def target_click(self, evt) -> None:
        target = evt.target.closest("button[data-target]") if evt.target else None
        if target and self.session is not None:
            self.session.tap_target(str(target.dataset.target))
            self.after("#embed-targets button, #embed-controls button[data-control]:not([hidden]):not([disabled])")

    def canvas_click(self, evt) -> None:
        if self.session is None or self.layout is None:
            return
        rect = self.canvas.getBoundingClientRect()
        if self.session.tap_point(self.layout, float(evt.clientX) - float(rect.left),
                                  float(evt.clientY) - float(rect.top)):
            self.after()
        else:
            self.render()

    def canvas_key(self, evt) -> None:
        if self.session is None or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        if self.session.key(str(evt.key)) or self.session.mode == "try":
            if str(evt.key) in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape"):
                evt.preventDefault()
            self.after()

    def after(self, focus: str = "") -> None:
        """Redraw; keyboard play: the controls just drawn take the focus
        (unless the focused control is still there)."""
        self.render()
        session = self.session
        if session is not None and session.take_solved():
            window.dicelandSolved(lesson_key(session.script.game, session.script.lesson or ""))
        active = document.activeElement
        if focus and (not active or active == document.body or not active.isConnected
                      or active.matches(":disabled, [hidden]")):
            first = document.querySelector(focus)
            if first:
                first.focus()

    def say(self, text: str) -> None:
        if self.session is not None:
            self.session.say(text, "wrong")
            self.render()

    # -- drawing --------------------------------------------------------------------------
    def render(self) -> None:
        session = self.session
        if session is None:
            return
        m = session.model()
        t = self.strings.t
        render_texts(m, self.strings)
        el("embed-players").replaceChildren(*[
            node("span", p) if isinstance(p, str) else
            node("span", p["text"], ("shown " if p["shown"] else "") + ("active" if p["active"] else ""))
            for p in m["players"]])
        el("embed-players").setAttribute("aria-label", t("embed.players"))
        el("info-bar").textContent = m["board_label"]
        el("embed-status").textContent = " · ".join(x for x in (m["step_label"], m["status"]) if x)
        self.render_dice(m["dice"])
        el("dice").setAttribute("aria-label", t("dice.title"))
        self.render_targets(m["targets"])
        self.render_controls(m["controls"])
        self.canvas.setAttribute("aria-label", ". ".join(x for x in (m["board_label"], m["status"]) if x))
        self.canvas.setAttribute("role", "application" if m["mode"] == "try" else "img")
        self.draw()
        window.dicelandPostHeight()

    def render_dice(self, dice) -> None:
        """Each die a button (its colour's symbol when the board gives one);
        dice that name a ``group`` are grouped under its label."""
        boxes, groups = [], {}
        for d in dice:
            classes = " ".join(c for c in ("die", d.get("classes", "lesson-die"), "selected" if d["selected"] else "",
                                           "dim" if d["dim"] else "") if c)
            button = node("button", d["text"], classes)
            button.type = "button"
            button.dataset.die = d["id"]
            button.disabled = not d["enabled"]
            button.setAttribute("aria-label", d["label"])
            button.setAttribute("aria-pressed", "true" if d["selected"] else "false")
            button.style.background = d["fill"]
            button.style.color = d["ink"]
            if d.get("svg"):
                button.innerHTML = d["svg"]
            group = d.get("group")
            if group is None:
                boxes.append(button)
                continue
            if group not in groups:
                box = groups[group] = node("div", "", "dice-group")
                box.dataset.group = group
                if d.get("group_label"):
                    box.appendChild(node("span", d["group_label"], "dice-group-label"))
                boxes.append(box)
            groups[group].appendChild(button)
        el("dice").replaceChildren(*boxes)

    def render_targets(self, targets) -> None:
        self.targets.setAttribute("aria-label", self.strings.t("embed.targets"))
        buttons = []
        for item in targets:
            button = node("button", item["label"])
            button.type = "button"
            button.dataset.target = item["id"]
            buttons.append(button)
        self.targets.replaceChildren(*buttons)
        self.targets.hidden = not targets

    def render_controls(self, controls) -> None:
        box = el("embed-controls")
        box.setAttribute("aria-label", self.strings.t("embed.controls"))
        for existing in box.querySelectorAll("button[data-control]"):
            existing.hidden = True
        reset = box.querySelector('button[data-control="reset"]')
        for c in controls:
            button = box.querySelector(f'button[data-control="{c["id"]}"]')
            if not button:  # null: a control of this game only
                button = node("button")
                button.type = "button"
                button.dataset.control = c["id"]
                box.insertBefore(button, reset)
            button.textContent = c["label"]
            button.hidden = not c["visible"]
            button.disabled = not c["enabled"]

    def draw(self) -> None:
        board = self.session.board
        width = max(200.0, float(el("board-wrap").clientWidth))
        dpr = float(window.devicePixelRatio or 1)
        self.layout = board.layout(width, dpr, float(window.innerHeight) * 0.8)
        self.canvas.style.width = f"{self.layout.css_width}px"
        self.cache["board"] = (self.session.script.game, self.lang, board.shown_seat())
        draw_canvas(self.canvas, self.ctx, self.layout, board.static_ops, board.frame_ops(), self.cache)

    # -- what tests and tools can ask -------------------------------------------------------
    def expose(self) -> None:
        api = js.Object.new()

        def state():
            if self.session is None:
                return error_state(self.error, self.lang)
            return json.dumps(self.session.state())

        def answer_taps():
            """The inputs that make the lesson's expected try (tests play them)."""
            session = self.session
            if session is None or not session.script.expected():
                return "[]"
            return json.dumps(session.board.answer_taps(session.script.expected()[0]))

        def point(ident):
            """Where a die or a target is drawn, in client coordinates (or null)."""
            session = self.session
            if session is None or self.layout is None:
                return None
            found = session.board.target_point(self.layout, str(ident))
            if found is None:
                return None
            rect = self.canvas.getBoundingClientRect()
            return js_obj({"x": float(rect.left) + found[0], "y": float(rect.top) + found[1]})

        def cell_center(row, col):
            """Where a Diceland cell is drawn, in client coordinates (or null)."""
            return point(json.dumps([int(row), int(col)]))

        for name, fn in (("state", state), ("answerTaps", answer_taps), ("point", point), ("cellCenter", cell_center)):
            setattr(api, name, self.events.proxy(fn))
        window.dicelandEmbed = api


async def main():
    return await run_page(LessonEmbedPage(), WHERE)
