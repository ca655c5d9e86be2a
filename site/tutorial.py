"""tutorial.html: the lessons of every game (tutorial/<game>/index.json,
Diceland's first), a section per game, each lesson shown by
embed.html in a frame with its "Try it"; a solved try (a message from a
frame of this site) marks the lesson done in localStorage["diceland:tutorial"],
with the chosen language.

The list is on screen before Python starts (tutorial-list.js, with the texts
of :mod:`diceland_site.tutorial_list`): this page takes it over, keeps the
lesson already in the frame and reads the messages that came before it."""

from __future__ import annotations

import asyncio
import json

import js
from pyodide.ffi import JsException

from diceland_site.teaching import (
    PROGRESS_KEY, EmbedError, dump_progress, load_progress, merge_progress, page_language,
)
from diceland_site.frame_messages import read_frame_message
from diceland_site.i18n import LANGUAGES, Strings
from diceland_site.safejson import MAX_QUERY_CHARS
from diceland_site.lessons import (
    LESSON_GAMES, back_to_game, lesson_folder, picture_sources, tutorial_entries, tutorial_lesson,
)
from diceland_site.query import query_values, quote
from diceland_site.start_params import shown
from diceland_site.tutorial_list import lesson_texts, numbered, progress_text

from diceland_web.dom import Events, document, el, window
from diceland_web.lesson_embed import fetch_json


class TutorialPage:
    def __init__(self, entries: list[dict], lessons: dict[str, dict]):
        self.entries = {e["key"]: e for e in entries}
        self.lessons = lessons
        self.ids = [e["key"] for e in entries]
        self.query = read_query()
        self.progress = load_progress(self.read(), self.ids)
        if "lang" not in self.query and self.progress["lang"]:
            self.query["lang"] = self.progress["lang"]
        self.lang = page_language(self.query, navigator_languages())
        self.strings = Strings(self.lang)
        self.numbers = numbered(entries)
        wanted = tutorial_lesson(self.query.get("lesson"), self.ids)
        asked = (self.query.get("lesson") or "").strip()
        #: a ``lesson=`` naming no lesson: said over the lesson opened instead
        self.unknown_lesson = shown(asked) if asked and wanted is None else None
        todo = [i for i in self.ids if i not in self.progress["done"]]
        self.current = wanted or (todo[0] if todo else self.ids[0])
        self.came_from = str(document.referrer or "")
        self.linked_game = self.entries[wanted]["game"] if wanted else None
        #: lesson pictures fetched for the service worker to keep (None: not yet)
        self.kept: int | None = None
        #: a lesson chosen from the list: it is scrolled into view (on a
        #: phone the list is below the lesson)
        self.scroll_to_lesson = False
        self.frame = el("lesson-frame")
        self.events = Events("Diceland tutorial", lambda exc: None)

    # -- storage (a refused write only costs the remembered progress) ----------------
    def read(self) -> str | None:
        try:
            value = window.localStorage.getItem(PROGRESS_KEY)
        except JsException:
            return None
        return str(value) if value else None  # no progress: JavaScript's null

    def write(self, merge: bool = True) -> None:
        """Store the progress; lessons another tab marked done since are kept
        (unless ``merge`` is False: the reader asked to start over)."""
        self.progress["lang"] = self.lang
        if merge:
            self.progress = merge_progress(self.read(), self.progress, self.ids)
        try:
            window.localStorage.setItem(PROGRESS_KEY, dump_progress(self.progress))
        except JsException as exc:
            js.console.warn(f"Diceland tutorial: progress not saved ({exc})")

    # -- wiring -------------------------------------------------------------------------
    def on(self, element, event: str, handler) -> None:
        self.events.on(element, event, handler)

    def bind(self) -> None:
        self.on(el("lessons"), "click", self.lesson_click)
        self.on(el("lang-select"), "change", lambda evt: self.set_language(str(evt.target.value)))
        self.on(el("btn-next-lesson"), "click", lambda evt: self.next_lesson())
        self.on(el("btn-forget"), "click", lambda evt: self.forget())
        el("btn-forget").disabled = False
        self.on(window, "message", self.message)
        self.on(window, "storage", self.storage_changed)

    def storage_changed(self, evt) -> None:
        """Another tab changed the progress: show what it holds now."""
        if not evt.key or str(evt.key) == PROGRESS_KEY:
            self.progress = {**load_progress(self.read(), self.ids), "lang": self.lang}
            self.render_list()

    def message(self, evt) -> None:
        """Only from our own lesson frame, on this site."""
        if str(evt.origin) != str(window.location.origin) or evt.source != self.frame.contentWindow:
            return
        data = evt.data
        try:
            msg = read_frame_message(*(getattr(data, name, None) for name in ("type", "height", "lesson")))
        except Exception:  # a field whose getter throws
            return
        if msg is None:
            return
        if msg.kind == "diceland:height":
            self.frame.style.height = f"{msg.height + 4}px"
        elif msg.lesson == self.current:
            if self.current not in self.progress["done"]:
                self.progress["done"] = [i for i in self.ids if i in self.progress["done"] or i == self.current]
                self.write()
            el("lesson-solved").hidden = False
            el("btn-next-lesson").hidden = self.current == self.ids[-1]
            self.render_list()

    def lesson_click(self, evt) -> None:
        target = evt.target.closest("button[data-lesson]") if evt.target else None
        if target:
            self.scroll_to_lesson = True
            self.show(str(target.dataset.lesson))

    def next_lesson(self) -> None:
        i = self.ids.index(self.current)
        if i + 1 < len(self.ids):
            self.show(self.ids[i + 1])

    def forget(self) -> None:
        self.progress["done"] = []
        self.write(merge=False)
        self.render_list()

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.lang = lang
        self.strings = Strings(lang)
        self.progress["lang"] = lang
        self.write()
        self.translate()
        self.show(self.current)

    # -- showing ------------------------------------------------------------------------
    def texts(self, lesson: str) -> dict[str, str]:
        return lesson_texts(self.entries[lesson], self.lessons[lesson], self.numbers[lesson], self.strings)

    def translate(self) -> None:
        t = self.strings.t
        document.documentElement.lang = self.lang
        document.title = t("tutorial.title")
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = t(str(node.dataset.i18n))
        el("lang-select").value = self.lang
        base = str(window.location.href).split("?", 1)[0].split("#", 1)[0].rsplit("/", 1)[0] + "/"
        el("link-game").setAttribute("href", back_to_game(self.came_from, base, self.linked_game, self.lang))
        note = el("tutorial-note")
        if self.unknown_lesson is not None:
            note.textContent = t("tutorial.unknown_lesson", name=self.unknown_lesson)
        note.hidden = self.unknown_lesson is None

    def render_list(self) -> None:
        """A heading and a numbered list per game."""
        sections = []
        done = self.progress["done"]
        for game in LESSON_GAMES:
            keys = [k for k in self.ids if self.entries[k]["game"] == game]
            if not keys:
                continue
            section = document.createElement("section")
            section.dataset.game = game
            heading = document.createElement("h3")
            heading.className = "lessons-game"
            heading.id = f"lessons-{game}"
            heading.textContent = self.strings.t(f"games.{game}.title")
            section.setAttribute("aria-labelledby", heading.id)
            box = document.createElement("ol")
            box.className = "lessons"
            box.replaceChildren(*self.lesson_items(keys, done))
            section.append(heading, box)
            sections.append(section)
        el("lessons").replaceChildren(*sections)
        el("progress-text").textContent = progress_text(len(done), len(self.ids), self.strings)
        el("lesson-progress").max = len(self.ids)
        el("lesson-progress").value = len(done)

    def lesson_items(self, keys: list[str], done: list[str]) -> list:
        items = []
        for lesson in keys:
            texts = self.texts(lesson)
            item = document.createElement("li")
            button = document.createElement("button")
            button.type = "button"
            button.dataset.lesson = lesson
            button.dataset.game = self.entries[lesson]["game"]
            button.textContent = texts["title"]
            if lesson in done:
                button.className = "done"
                button.setAttribute("aria-label", texts["done"])
            button.setAttribute("aria-current", "true" if lesson == self.current else "false")
            item.appendChild(button)
            items.append(item)
        return items

    def show(self, lesson: str) -> None:
        if lesson != self.current:  # a lesson chosen: the note of a link's unknown one goes
            self.unknown_lesson = None
            el("tutorial-note").hidden = True
        self.current = lesson
        el("lesson-solved").hidden = True
        texts = self.texts(lesson)
        self.frame.setAttribute("title", texts["frame"])
        if str(self.frame.getAttribute("src") or "") != texts["src"]:  # not the lesson the list script opened
            self.frame.setAttribute("src", texts["src"])
        window.history.replaceState(None, "", f"tutorial.html?lesson={quote(lesson)}&lang={self.lang}")
        self.render_list()
        if self.scroll_to_lesson:
            self.frame.closest("section").scrollIntoView()

    def expose(self) -> None:
        api = js.Object.new()

        def state():
            return json.dumps({"lesson": self.current, "done": self.progress["done"], "lang": self.lang,
                               "src": str(self.frame.getAttribute("src") or ""), "pictures_kept": self.kept})

        api.state = self.events.proxy(state)
        window.dicelandTutorial = api


def read_query() -> dict[str, str]:
    search = str(window.location.search)[1:]
    return {} if len(search) > MAX_QUERY_CHARS else query_values(search)


def navigator_languages() -> list[str]:
    return [str(x) for x in (window.navigator.languages or [])]


def show_load_error(err: EmbedError) -> None:
    """A lesson file that cannot be read (too large, too deep, not JSON): say so."""
    report = el("tutorial-intro")
    report.textContent = err.message(page_language(read_query(), navigator_languages()))
    report.setAttribute("role", "alert")
    el("tutorial").hidden = False
    document.documentElement.dataset.ready = "true"


async def main():
    try:
        indexes = await asyncio.gather(*(fetch_json(f"./{lesson_folder(g)}/index.json") for g in LESSON_GAMES))
        entries = tutorial_entries(dict(zip(LESSON_GAMES, indexes)))
        files = await asyncio.gather(*(fetch_json(f"./{e['path']}") for e in entries))
    except EmbedError as err:
        show_load_error(err)
        return None
    page = TutorialPage(entries, {e["key"]: data for e, data in zip(entries, files)})
    page.bind()
    page.translate()
    page.expose()
    el("tutorial").hidden = False
    page.show(page.current)
    take_early_messages(page)
    document.documentElement.dataset.ready = "true"
    await keep_pictures(page)
    return page


def take_early_messages(page: TutorialPage) -> None:
    """What the lesson's frame said before this page was listening (a try
    solved while Python started), kept by tutorial-list.js."""
    early = getattr(window, "dicelandTutorialEarly", None)
    messages = getattr(early, "messages", None) if early else None
    if messages is None:
        return
    for i in range(messages.length):
        page.message(messages[i])
    messages.length = 0


async def keep_pictures(page: TutorialPage) -> None:
    """Every lesson's pictures fetched once, one after another, through the
    service worker, which keeps them (sw.js, RUNTIME_CACHED): offline, a
    lesson never opened still shows its pictures.  Not when the browser asks
    to save data, nor before the service worker controls the page (the next
    visit does it); a picture that fails is left for later."""
    navigator = window.navigator
    connection = getattr(navigator, "connection", None)
    if (connection and connection.saveData) or not getattr(navigator, "serviceWorker", None):
        return
    await navigator.serviceWorker.ready
    if not navigator.serviceWorker.controller:
        return
    try:
        sources = picture_sources(await fetch_json("./pictures/index.json"), page.lang)
    except EmbedError:
        return
    kept = 0
    for src in sources:
        try:
            response = await window.fetch("./" + src)
            kept += bool(response.ok)
        except JsException:
            pass
    page.kept = kept

PAGE = asyncio.ensure_future(main())
