"""The Ganz schön clever page: DOM and canvas events in, calls to
``diceland_site.clever`` out, pixels and text back.

The only Python touching the DOM for this game.  URL parameters:
``players`` (``human,expert``…), ``seed``, ``names`` start a new game
(``clever.html?players=human,expert&seed=7``); ``lang`` picks the language;
``speed`` scales the bots' delay (``speed=0``: as fast as possible).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import traceback
from urllib.parse import parse_qs, urlencode

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from diceland_core import record_json
from diceland_site.clever.controller import CleverController
from diceland_site.clever.draw import die_rect, die_spot, frame_ops, static_ops
from diceland_site.clever.layout import GEOMETRY, CanvasLayout
from diceland_site.clever.options import default_seats, from_params, seat_kind_label
from diceland_site.clever.saves import SaveError, check_clever, clever_store
from diceland_site.clever.share import read_fragment, share_url
from diceland_site.clever.timing import decision_times
from diceland_site.clever.strings import COLOUR_SYMBOLS, CleverStrings
from diceland_site.i18n import LANGUAGES, choose_language
from diceland_site.paint import draw_board
from diceland_site.seats import SEAT_KINDS, Seat

from diceland_web.dom import document, el, esc, js_obj, window
from diceland_web.shell import LocalStorage

BOT_DELAY_MS = 450
FAST_SLICE_MS = 40
TOAST_MS = 3500
CURRENT = "current"
LINK_KEYS = {"players", "seed", "names"}
BUTTONS = ("reroll", "extra", "confirm", "pass", "done", "undo", "hint")


class Page:
    def __init__(self):
        self._proxies = []
        self.query = {k: v[-1] for k, v in parse_qs(str(window.location.search)[1:]).items()}
        try:
            backend = LocalStorage(window.localStorage)
            backend.keys()
        except Exception:
            backend = {}
        self.store = clever_store(backend)
        url_lang = self.query.get("lang")
        saved = url_lang if url_lang in LANGUAGES else self.store.get_setting("lang")
        langs = list(window.navigator.languages or [])
        self.lang = choose_language(saved, langs)
        self.strings = CleverStrings(self.lang)
        try:
            self.speed = max(0.0, float(self.query.get("speed", "1")))
        except ValueError:
            self.speed = 1.0
        self.ctrl: CleverController | None = None
        self.save_id: str | None = None
        self.layout: CanvasLayout | None = None
        self.cache: dict = {}
        self.bot_timer = None
        self.over_shown = False
        self.api = None
        self.canvas = el("board")
        self.ctx = self.canvas.getContext("2d")
        self.bind()
        self.translate_static()

    # -- helpers ---------------------------------------------------------------------
    def t(self, key: str, **kw) -> str:
        return self.strings.t(key, **kw)

    def on(self, element, event: str, handler) -> None:
        def safe(evt=None):
            try:
                handler(evt)
            except Exception as exc:
                js.console.error("clever: " + "".join(traceback.format_exception(exc)))
                self.show_message(self.t("error.unexpected", detail=str(exc)))
        proxy = create_proxy(safe)
        self._proxies.append(proxy)
        element.addEventListener(event, proxy)

    def later(self, ms: float, fn):
        return window.setTimeout(create_once_callable(fn), ms)

    def bind(self) -> None:
        for name in BUTTONS:
            self.on(el(f"btn-{name}"), "click", lambda evt, n=name: self.press(n))
        self.on(el("btn-handoff"), "click", lambda evt: self.press("handoff"))
        self.on(el("btn-new"), "click", lambda evt: self.open_new_game())
        self.on(el("btn-new-cancel"), "click", lambda evt: el("new-game").close())
        self.on(el("btn-add-seat"), "click", lambda evt: self.add_seat_row())
        self.on(el("btn-remove-seat"), "click", lambda evt: self.remove_seat_row())
        self.on(el("new-game-form"), "submit", self.submit_new_game)
        self.on(el("btn-saves"), "click", lambda evt: self.open_saves())
        self.on(el("btn-saves-close"), "click", lambda evt: el("saves").close())
        self.on(el("btn-over-close"), "click", lambda evt: el("game-over").close())
        self.on(el("btn-play-again"), "click", lambda evt: self.play_again())
        self.on(el("lang-select"), "change", lambda evt: self.set_language(str(evt.target.value)))
        self.on(el("btn-export"), "click", lambda evt: self.export())
        self.on(el("btn-import"), "click", lambda evt: el("import-file").click())
        self.on(el("import-file"), "change", self.import_file)
        self.on(el("btn-share"), "click", lambda evt: self.open_share())
        self.on(el("btn-share-close"), "click", lambda evt: el("share").close())
        self.on(el("btn-share-copy"), "click", lambda evt: self.copy_share())
        self.on(self.canvas, "click", self.canvas_click)
        self.on(el("dice"), "click", self.dice_click)
        self.on(el("targets"), "click", self.target_click)
        self.on(el("seat-tabs"), "click", self.tab_click)
        self.on(document, "keydown", self.key)
        self.on(window, "resize", lambda evt: self.render())

    def translate_static(self) -> None:
        document.documentElement.lang = self.lang
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = self.t(str(node.dataset.i18n))
        el("lang-select").value = self.lang
        el("lang-select").setAttribute("aria-label", self.t("menu.language"))
        el("dice").setAttribute("aria-label", self.t("dice.title"))
        el("targets").setAttribute("aria-label", self.t("clever.targets"))
        document.title = self.t("clever.title")

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.lang = lang
        self.strings = CleverStrings(lang)
        self.store.set_setting("lang", lang)
        if self.ctrl is not None:
            self.ctrl.set_language(lang)
        self.translate_static()
        self.render()

    # -- games -----------------------------------------------------------------------
    def start(self) -> None:
        if self.open_shared():
            return
        if LINK_KEYS & set(self.query):
            setup = from_params(self.query, self.lang)
            if isinstance(setup, str):
                self.show_message(setup)
                return
            seed = setup.seed if setup.seed is not None else random.randrange(1 << 32)
            self.new_game(list(setup.seats), seed)
            keep = {k: v for k, v in self.query.items() if k in ("speed", "lang")}
            window.history.replaceState(None, "", "clever.html" + ("?" + urlencode(keep) if keep else ""))
            return
        current = self.store.get_setting(CURRENT)
        saves = [s for s in self.store.list_saves() if not s["broken"]]
        if isinstance(current, str) and any(s["id"] == current for s in saves):
            if self.resume(current):
                return
        found = self.store.last_unfinished()
        if found is not None and self.resume(found["id"]):
            return
        self.open_new_game()

    def open_shared(self) -> bool:
        """A ``#position=…`` link: import the shared game as a new save."""
        try:
            text = read_fragment(str(window.location.hash))
        except ValueError as exc:
            self.show_message(self.t("error.import_invalid", detail=str(exc)))
            return False
        if text is None:
            return False
        window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
        return self.import_text(text)

    def new_game(self, seats, seed: int) -> None:
        self.set_controller(CleverController.new(seats, seed, self.lang), None)
        self.autosave()

    def resume(self, save_id: str) -> bool:
        try:
            state, seats = self.store.load(save_id)
        except SaveError as err:
            js.console.warn(f"clever: save {save_id} cannot be loaded: {err}")
            self.show_message(err.message(self.lang))
            self.store.set_setting(CURRENT, None)
            return False
        self.set_controller(CleverController(state, seats, self.lang), save_id)
        return True

    def set_controller(self, ctrl: CleverController, save_id: str | None) -> None:
        self.cancel_bots()
        self.ctrl = ctrl
        self.save_id = save_id
        if save_id:
            self.store.set_setting(CURRENT, save_id)
        self.over_shown = ctrl.state.over
        el("log").innerHTML = ""
        ctrl.drain_messages()
        el("message").hidden = True
        el("app").hidden = False
        self.render()

    def play_again(self) -> None:
        el("game-over").close()
        if self.ctrl is not None:
            self.new_game(list(self.ctrl.seats), random.randrange(1 << 32))

    def autosave(self) -> None:
        if self.ctrl is None:
            return
        result = self.store.save(self.ctrl.state, self.ctrl.seats, self.save_id)
        if self.save_id != result.save_id:
            self.save_id = result.save_id
            self.store.set_setting(CURRENT, self.save_id)
        if not result.ok:
            self.toast(self.t("toast.save_failed"))

    # -- input -------------------------------------------------------------------------
    def after(self, result, save: bool = True) -> None:
        if result is not None and not result.ok and result.reason:
            self.toast(result.reason)
            self.announce(result.reason)
            self.show_message(result.reason, result.details)
        else:
            el("message").hidden = True
            if save:
                self.autosave()
        self.render()

    def press(self, name: str) -> None:
        if self.ctrl is None:
            return
        result = self.ctrl.press(name)
        self.after(result, save=name not in ("hint", "extra", "handoff"))
        if name == "hint" and result.ok:
            self.announce(result.reason)
            el("prompt").textContent = result.reason

    def canvas_click(self, evt) -> None:
        if self.ctrl is None or self.layout is None:
            return
        rect = self.canvas.getBoundingClientRect()
        x, y = self.layout.to_sheet(float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top))
        model = self.ctrl.model()
        colour = die_spot(model, x, y)
        spot = ("die", colour) if colour else GEOMETRY.hit_mark(x, y)
        if spot is None:
            return
        if model.shown != model.current and spot[0] == "mark":
            self.ctrl.viewing = None
        self.after(self.ctrl.tap(spot), save=spot[0] == "mark")
        if self.api is not None:
            self.api.lastRedrawMs = float(window.performance.now()) - float(evt.timeStamp)

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button.die") if evt.target else None
        if target is None or self.ctrl is None:
            return
        self.after(self.ctrl.tap_die(str(target.dataset.colour)), save=False)
        self.focus_first("#targets button")

    def target_click(self, evt) -> None:
        target = evt.target.closest("button") if evt.target else None
        if target is None or self.ctrl is None:
            return
        area, index = str(target.dataset.area), json.loads(str(target.dataset.index))
        self.after(self.ctrl.tap_mark(area, tuple(index) if isinstance(index, list) else index))
        self.focus_first("#dice button.die:not([disabled]), #actions button:not([disabled])")

    def focus_first(self, selector: str) -> None:
        """Keyboard play: the controls just drawn take the focus."""
        node = document.querySelector(selector)
        if node is not None:
            node.focus()

    def tab_click(self, evt) -> None:
        target = evt.target.closest("button") if evt.target else None
        if target is None or self.ctrl is None:
            return
        seat = int(target.dataset.seat)
        self.ctrl.viewing = None if seat == self.ctrl.current() else seat
        self.render()

    def key(self, evt) -> None:
        if self.ctrl is None or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        if str(evt.key) == "Escape" and not document.querySelector("dialog[open]"):
            self.ctrl.clear_selection()
            self.render()

    # -- bots --------------------------------------------------------------------------
    def cancel_bots(self) -> None:
        if self.bot_timer is not None:
            window.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def schedule_bots(self) -> None:
        ctrl = self.ctrl
        if ctrl is None or self.bot_timer is not None or ctrl.handoff:
            return
        p = ctrl.current()
        if p is None or ctrl.seats[p].is_human:
            return
        self.bot_timer = self.later(BOT_DELAY_MS * self.speed, self.bot_tick)

    def bot_tick(self, _=None) -> None:
        self.bot_timer = None
        ctrl = self.ctrl
        if ctrl is None:
            return
        t0 = time.perf_counter()
        while ctrl.bot_step():
            if self.speed > 0 or (time.perf_counter() - t0) * 1000 > FAST_SLICE_MS:
                break
        self.autosave()
        self.render()

    # -- drawing -----------------------------------------------------------------------
    def render(self) -> None:
        ctrl = self.ctrl
        if ctrl is None:
            return
        model = ctrl.model()
        for m in ctrl.drain_messages():
            if m.kind == "log":
                item = document.createElement("li")
                item.textContent = m.text
                el("log").prepend(item)
            else:
                self.announce(m.text)
        wrap = el("board-wrap")
        self.layout = CanvasLayout(max(280.0, float(wrap.clientWidth)), float(window.devicePixelRatio or 1))
        self.cache["board"] = self.lang
        lang = self.lang
        draw_board(self.canvas, self.ctx, self.layout, lambda: static_ops(lang), frame_ops(model, ctrl.state),
                   self.cache, lambda: document.createElement("canvas"))
        shown = model.players[model.shown]
        self.canvas.setAttribute("aria-label", self.t("clever.sheet.label", name=shown.name))
        if model.over:
            status = self.t("clever.prompt.over")
        else:
            status = self.t("clever.status", round=model.round, rounds=model.rounds,
                            name=model.players[model.current].name)
            if model.solo_passive:
                status += " · " + self.t("clever.status.passive")
        el("status").textContent = status
        el("scores").textContent = self.t("clever.scores", name=shown.name, foxes=shown.foxes, **shown.scores)
        el("prompt").textContent = model.prompt
        self.render_dice(model)
        self.render_targets(model)
        self.render_tabs(model)
        for b in model.buttons:
            node = el(f"btn-{b.id}")
            node.textContent = b.label
            node.disabled = not b.enabled
            node.hidden = not b.visible
        el("handoff").hidden = not model.handoff
        if model.handoff:
            el("handoff-text").textContent = model.handoff
            el("btn-handoff").textContent = self.t("button.ready", name=model.players[model.current].name)
        if model.over and not self.over_shown:
            self.over_shown = True
            self.show_game_over(model)
        self.schedule_bots()

    def render_dice(self, model) -> None:
        box = el("dice")
        box.innerHTML = ""
        for d in model.dice:
            b = document.createElement("button")
            b.type = "button"
            b.className = f"die {d.colour}" + (" selected" if d.selected else "") + ("" if d.usable else " dim")
            b.dataset.colour = d.colour
            b.setAttribute("aria-label", d.label)
            b.setAttribute("aria-pressed", "true" if d.selected else "false")
            b.disabled = not d.usable
            num = document.createElement("span")
            num.className = "num"
            num.textContent = str(d.value)
            sym = document.createElement("span")
            sym.className = "sym"
            sym.textContent = COLOUR_SYMBOLS[d.colour] + " " + self.t(f"clever.colour.{d.colour}")
            b.append(num, sym)
            box.append(b)

    def target_label(self, area: str, index) -> str:
        return self.strings.target_label(area, index)

    def render_targets(self, model) -> None:
        box = el("targets")
        box.innerHTML = ""
        for area, index in model.targets:
            b = document.createElement("button")
            b.type = "button"
            b.dataset.area = area
            b.dataset.index = json.dumps(list(index) if isinstance(index, tuple) else index)
            b.textContent = self.target_label(area, index)
            box.append(b)

    def render_tabs(self, model) -> None:
        box = el("seat-tabs")
        box.innerHTML = ""
        if len(model.players) < 2:
            return
        for i, pl in enumerate(model.players):
            b = document.createElement("button")
            b.type = "button"
            b.setAttribute("role", "tab")
            b.setAttribute("aria-selected", "true" if i == model.shown else "false")
            b.dataset.seat = str(i)
            b.textContent = f"{pl.name} · {pl.scores['total']}"
            box.append(b)

    def show_game_over(self, model) -> None:
        if model.rating is not None:
            text = self.t("clever.over.solo", total=model.players[0].scores["total"], rating=model.rating)
        else:
            text = self.t("clever.over.winner", names=self.strings.names([model.players[w].name for w in model.winners]))
        el("game-over-result").textContent = text
        rows = ["<tr><th></th>" + "".join(f"<th>{esc(p.name)}</th>" for p in model.players) + "</tr>"]
        for key, values in model.breakdown:
            rows.append(f"<tr><th>{esc(self.strings.area(key))}</th>" + "".join(f"<td>{v}</td>" for v in values) + "</tr>")
        el("game-over-table").innerHTML = "".join(rows)
        self.announce(text)
        dialog = el("game-over")
        if not dialog.open:
            dialog.showModal()

    def show_message(self, text: str, details: str = "") -> None:
        el("message-text").textContent = text
        el("message-rule").textContent = details
        el("message-details").hidden = not details
        el("message").hidden = False

    def toast(self, text: str) -> None:
        box = el("toasts")
        node = document.createElement("div")
        node.className = "toast"
        node.textContent = text
        box.append(node)
        self.later(TOAST_MS, lambda *_: node.remove())

    def announce(self, text: str) -> None:
        el("announcer").textContent = text

    # -- new-game dialog -----------------------------------------------------------------
    def open_new_game(self) -> None:
        seats = list(self.ctrl.seats) if self.ctrl else list(default_seats(self.lang))
        self.fill_seat_rows(seats)
        el("new-game-error").textContent = ""
        dialog = el("new-game")
        if not dialog.open:
            dialog.showModal()

    def fill_seat_rows(self, seats) -> None:
        box = el("seat-rows")
        box.innerHTML = ""
        for i, seat in enumerate(seats):
            options = "".join(f'<option value="{k}"{" selected" if k == seat.kind else ""}>{esc(seat_kind_label(k, self.lang))}</option>'
                              for k in SEAT_KINDS)
            row = document.createElement("div")
            row.className = "seat-row"
            row.innerHTML = (f"<span>{i + 1}</span>"
                             f'<input class="seat-name" aria-label="{esc(self.t("seat.name"))} {i + 1}" value="{esc(seat.name)}">'
                             f'<select class="seat-kind" aria-label="{esc(self.t("seat.kind"))} {i + 1}">{options}</select><span></span>')
            box.append(row)

    def read_seat_rows(self) -> list[Seat]:
        rows = el("seat-rows").querySelectorAll(".seat-row")
        out = []
        for i in range(rows.length):
            row = rows.item(i)
            name = str(row.querySelector(".seat-name").value).strip()[:24] or self.t("seat.default_name", number=i + 1)
            out.append(Seat(name, str(row.querySelector(".seat-kind").value)))
        return out

    def add_seat_row(self) -> None:
        seats = self.read_seat_rows()
        if len(seats) < 4:
            seats.append(Seat(self.t("seat.default_name", number=len(seats) + 1), "expert"))
            self.fill_seat_rows(seats)

    def remove_seat_row(self) -> None:
        seats = self.read_seat_rows()
        if len(seats) > 1:
            self.fill_seat_rows(seats[:-1])

    def submit_new_game(self, evt) -> None:
        evt.preventDefault()
        text = str(el("seed-input").value).strip()
        if text and not text.isdigit():
            el("new-game-error").textContent = self.t("clever.link.seed", seed=text[:24])
            return
        el("new-game").close()
        self.new_game(self.read_seat_rows(), int(text) if text else random.randrange(1 << 32))

    # -- saves ---------------------------------------------------------------------------
    def open_saves(self) -> None:
        box = el("saves-list")
        box.innerHTML = ""
        saves = [s for s in self.store.list_saves() if not s["broken"]]
        if not saves:
            item = document.createElement("li")
            item.textContent = self.t("clever.saves.none")
            box.append(item)
        for s in saves:
            item = document.createElement("li")
            names = ", ".join(p.get("name", "?") for p in s.get("players", []))
            when = str(js.Date.new(s["saved_at"]).toLocaleString(self.lang))
            label = self.t("clever.saves.entry", names=names, round=s.get("round"), when=when)
            if s.get("over"):
                label += " · " + self.t("clever.saves.over")
            button = document.createElement("button")
            button.type = "button"
            button.textContent = label
            self.on(button, "click", lambda evt, i=s["id"]: (el("saves").close(), self.resume(i)))
            item.append(button)
            box.append(item)
        el("saves").showModal()

    def export(self) -> None:
        if self.ctrl is None:
            return
        self.autosave()
        text = self.store.export_json(self.save_id)
        blob = js.Blob.new(to_js([text]), js_obj({"type": "application/json"}))
        link = document.createElement("a")
        link.href = js.URL.createObjectURL(blob)
        link.download = f"clever-{self.save_id}.json"
        link.click()

    def open_share(self) -> None:
        if self.ctrl is None:
            return
        el("share-link").value = share_url(str(window.location.href), self.ctrl.state, self.ctrl.seats)
        el("share").showModal()

    def copy_share(self) -> None:
        box = el("share-link")
        box.select()
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is not None:
            clipboard.writeText(box.value).catch(create_once_callable(lambda *_: None))
        self.toast(self.t("share.copied"))

    def import_file(self, evt) -> None:
        files = evt.target.files
        if not files or files.length == 0:
            return

        file = files.item(0)

        async def read():
            text = await file.text()
            evt.target.value = ""
            self.import_text(str(text))

        asyncio.ensure_future(read())

    def import_text(self, text: str) -> bool:
        try:
            check_clever(text)
            save_id = self.store.import_json(text, self.lang)
        except SaveError as err:
            self.show_message(err.message(self.lang, importing=True))
            return False
        if self.resume(save_id):
            self.toast(self.t("toast.imported"))
            return True
        return False

    # -- for tests and tools -------------------------------------------------------------
    def expose(self) -> None:
        api = js.Object.new()

        def record():
            return record_json(self.ctrl.state) if self.ctrl is not None else None

        def game():
            return "clever"

        def point(x: float, y: float) -> dict:
            rect = self.canvas.getBoundingClientRect()
            cx, cy = self.layout.to_css(x, y)
            return {"x": float(rect.left) + cx, "y": float(rect.top) + cy}

        def hint_taps():
            """The hint's move as taps: canvas points (client coordinates) or button ids."""
            ctrl = self.ctrl
            if ctrl is None:
                return "[]"
            if ctrl.viewing is not None:
                ctrl.viewing = None
                self.render()
            taps = ctrl.hint_taps()
            self.render()
            model = ctrl.model()
            out = []
            for tap in taps:
                if tap[0] == "button":
                    out.append({"button": f"btn-{tap[1]}"})
                elif tap[0] == "die":
                    r = die_rect(next(d for d in model.dice if d.colour == tap[1]))
                    out.append(point(r.cx, r.cy))
                else:
                    r = GEOMETRY.mark_rect(tap[1], tap[2])
                    out.append(point(r.cx, r.cy))
            return json.dumps(out)

        def state():
            if self.ctrl is None:
                return json.dumps({"game": False})
            m = self.ctrl.model()
            return json.dumps({
                "game": True, "lang": m.lang, "phase": m.phase, "round": m.round, "current": m.current,
                "over": m.over, "rating": m.rating, "prompt": m.prompt, "handoff": m.handoff,
                "bot_pending": m.bot_pending, "save_id": self.save_id, "targets": [list(t) for t in m.targets],
                "dice": [{"colour": d.colour, "value": d.value, "place": d.place, "usable": d.usable,
                          "label": d.label} for d in m.dice],
                "buttons": {b.id: b.enabled for b in m.buttons if b.visible},
                "scores": [p.scores for p in m.players], "actions": len(self.ctrl.state.actions),
            })

        def import_text(text):
            return self.import_text(str(text))

        def bench_bot(n=20, kind="expert"):
            return json.dumps(decision_times(int(n), str(kind)))

        for name, fn in (("record", record), ("game", game), ("hintTaps", hint_taps), ("state", state),
                         ("importText", import_text), ("benchBot", bench_bot)):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            setattr(api, name, proxy)
        api.lastRedrawMs = None
        window.diceland = api
        self.api = api


def main():
    page = Page()
    page.expose()
    try:
        page.start()
    except Exception as exc:
        js.console.error("clever: " + "".join(traceback.format_exception(exc)))
        page.show_message(page.t("error.unexpected", detail=str(exc)))
    document.documentElement.dataset.ready = "true"
    return page


PAGE = main()
