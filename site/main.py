"""The game page: DOM and canvas events in, ``diceland_site`` and
``diceland_core`` calls out, pixels and text back.

This is the only Python of the site that imports ``js``/``pyodide``.  The
rules live in ``diceland_core``; what the page shows (highlights, buttons,
prompts, log lines) comes from ``diceland_site.controller``; layout and draw
lists from ``diceland_site.view``; saves from ``diceland_site.storage``.

URL parameters: ``players``, ``boards``, ``seed``, ``names`` start a new game
(``index.html?players=human,expert&boards=A,C&seed=5``); ``lang`` picks the
language; ``speed`` scales the bots' delay (``speed=0``: as fast as possible).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import traceback
from urllib.parse import parse_qs

import js
from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js

from diceland_core import board_ids, record_json
from diceland_site import view
from diceland_site.paint import draw_board
from diceland_site.controller import Controller, from_url_params
from diceland_site.embed import iframe_attributes, share_link
from diceland_site.i18n import LANGUAGES, Strings, choose_language
from diceland_site.seats import BOT_KINDS, HUMAN, SEAT_KINDS, Seat
from diceland_site.storage import SaveError, SaveStore

document = js.document
window = js.window

BOT_DELAY_MS = 650
#: With speed=0 the bots play in slices of about this many ms between frames.
FAST_SLICE_MS = 40
TOAST_MS = 3500
MAX_TOASTS = 3
CURRENT_SETTING = "current"
#: Set once navigator.storage.persist() has been asked for (it is asked once).
PERSIST_SETTING = "persist_asked"
#: The picture of the board kept with the save (boot.js shows it while Python
#: starts): at most this wide, taken this long after the last change.
FRAME_WIDTH = 480
FRAME_DELAY_MS = 1200
#: A save the browser refused (storage full) is tried again this often.
RETRY_MS = 4000


def el(element_id: str):
    return document.getElementById(element_id)


def js_obj(data: dict):
    return to_js(data, dict_converter=js.Object.fromEntries)


class LocalStorage:
    """``localStorage`` as the dict-like string store :class:`SaveStore` wants.
    Writes raise when the browser refuses them (quota); the store handles it."""

    def __init__(self, storage):
        self.storage = storage

    def get(self, key: str, default=None):
        value = self.storage.getItem(key)
        return default if value is None else value

    def __getitem__(self, key: str) -> str:
        value = self.storage.getItem(key)
        if value is None:
            raise KeyError(key)
        return value

    def __setitem__(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except JsException as exc:
            raise OSError(f"localStorage refused the write: {exc}") from None

    def __delitem__(self, key: str) -> None:
        self.storage.removeItem(key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.storage.getItem(key) is not None

    def keys(self) -> list[str]:
        return [self.storage.key(i) for i in range(self.storage.length)]

    def __iter__(self):
        return iter(self.keys())

    def __len__(self) -> int:
        return int(self.storage.length)


class MemoryStorage(dict):
    """Used when the browser forbids localStorage (private modes)."""


class Page:
    """One page of the game."""

    def __init__(self):
        self._proxies = []
        self.query = {k: v[-1] for k, v in parse_qs(str(window.location.search)[1:]).items()}
        try:
            backend = LocalStorage(window.localStorage)
            backend.keys()
        except Exception:
            backend = MemoryStorage()
        self.store = SaveStore(backend)
        url_lang = self.query.get("lang")
        saved_lang = url_lang if url_lang in LANGUAGES else self.store.get_setting("lang")
        langs = list(window.navigator.languages or []) if hasattr(window.navigator, "languages") else []
        self.lang = choose_language(saved_lang, langs)
        self.strings = Strings(self.lang)
        try:
            self.speed = max(0.0, float(self.query.get("speed", "1")))
        except ValueError:
            self.speed = 1.0
        self.ctrl: Controller | None = None
        self.save_id: str | None = None
        self.quota_warned = False
        self.retry_timer = None
        self.frame_timer = None
        self.last_frame_url: str | None = None
        self.persist_asked = False
        self.api = None
        self.bot_timer = None
        self.layout: view.Layout | None = None
        #: the static board drawn once offscreen (diceland_site.paint.draw_board)
        self.board_cache: dict = {}
        self.dice_signature = None
        self.rolls_seen = 0
        self.over_shown = False
        self.pending_render = False
        self.canvas = el("board")
        self.ctx = self.canvas.getContext("2d")
        self.bind()
        self.translate_static()

    # -- small helpers ----------------------------------------------------------------
    def t(self, key: str, **kw) -> str:
        return self.strings.t(key, **kw)

    def on(self, element, event: str, handler) -> None:
        def safe(evt=None):
            try:
                handler(evt)
            except Exception as exc:  # keep the page alive; show what broke
                js.console.error("Diceland: " + "".join(traceback.format_exception(exc)))
                self.show_message(self.t("error.unexpected", detail=str(exc)), error=True)
        proxy = create_proxy(safe)
        self._proxies.append(proxy)
        element.addEventListener(event, proxy)

    def later(self, ms: float, fn) -> object:
        return window.setTimeout(create_once_callable(fn), ms)

    # -- wiring -----------------------------------------------------------------------
    def bind(self) -> None:
        for name in ("roll", "reroll", "stop", "confirm", "pass", "undo", "hint"):
            self.on(el(f"btn-{name}"), "click", lambda evt, n=name: self.button(n))
        self.on(el("btn-handoff"), "click", lambda evt: self.button("ready"))
        self.on(el("btn-play-again"), "click", lambda evt: self.play_again())
        self.on(el("btn-over-close"), "click", lambda evt: el("game-over").close())
        self.on(el("btn-new"), "click", lambda evt: self.open_new_game())
        self.on(el("btn-saves"), "click", lambda evt: self.open_saves())
        self.on(el("btn-saves-close"), "click", lambda evt: el("saves").close())
        self.on(el("btn-new-cancel"), "click", lambda evt: el("new-game").close())
        self.on(el("btn-add-seat"), "click", lambda evt: self.add_seat_row())
        self.on(el("btn-remove-seat"), "click", lambda evt: self.remove_seat_row())
        self.on(el("new-game-form"), "submit", self.submit_new_game)
        self.on(el("lang-select"), "change", lambda evt: self.set_language(str(evt.target.value)))
        self.on(el("btn-export"), "click", lambda evt: self.export_current())
        self.on(el("btn-import"), "click", lambda evt: el("import-file").click())
        self.on(el("import-file"), "change", self.import_file)
        self.on(el("btn-share"), "click", lambda evt: self.open_share())
        self.on(el("btn-share-close"), "click", lambda evt: el("share").close())
        for name in ("link", "snippet"):
            self.on(el(f"btn-share-copy-{name}"), "click", lambda evt, n=name: self.copy_field(f"share-{n}"))
        self.on(self.canvas, "click", self.canvas_click)
        self.on(self.canvas, "keydown", self.canvas_key)
        self.on(document, "keydown", self.document_key)
        self.on(window, "resize", lambda evt: self.schedule_render())
        self.on(window, "pagehide", self.capture_frame)
        self.on(el("dice"), "click", self.dice_click)
        self.on(el("seat-tabs"), "click", self.tab_click)

    def translate_static(self) -> None:
        document.documentElement.lang = self.lang
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = self.t(str(node.dataset.i18n))
        el("lang-select").value = self.lang
        el("lang-select").setAttribute("aria-label", self.t("menu.language"))
        el("dice").setAttribute("aria-label", self.t("dice.title"))
        document.title = self.t("app.title")

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.lang = lang
        self.strings = Strings(lang)
        self.store.set_setting("lang", lang)
        if self.ctrl is not None:
            self.ctrl.set_language(lang)
        self.translate_static()
        self.dice_signature = None
        if el("new-game").open:
            self.fill_seat_rows(self.read_seat_rows())
        self.render()

    # -- starting and loading games ---------------------------------------------------
    def start(self) -> None:
        """Decide what the page opens with: a start link, the saved game, or
        the new-game dialog."""
        link_keys = {"players", "boards", "board", "seed", "names"}
        if link_keys & set(self.query):
            setup = from_url_params(self.query, self.lang, board_ids())
            if isinstance(setup, str):
                self.show_message(setup, error=True, offer_new=True)
                self.render()
                return
            seed = setup.seed if setup.seed is not None else random.randrange(1 << 32)
            self.new_game(setup.seats, setup.boards, seed)
            keep = {k: v for k, v in self.query.items() if k in ("speed", "lang")}
            tail = ("?" + "&".join(f"{k}={v}" for k, v in keep.items())) if keep else ""
            window.history.replaceState(None, "", "index.html" + tail)
            return
        current = self.store.get_setting(CURRENT_SETTING)
        if isinstance(current, str) and any(s["id"] == current for s in self.store.list_saves()):
            self.resume(current)
            return
        found = self.store.last_unfinished()
        if found is not None:
            self.resume(found["id"])
            return
        self.render()
        self.open_new_game()

    def resume(self, save_id: str) -> bool:
        try:
            game, seats = self.store.load(save_id)
        except SaveError as err:
            js.console.warn(f"Diceland: saved game {save_id} cannot be loaded: {err}; "
                            f"raw text kept under {err.backup_key}")
            self.show_message(err.message(self.lang), error=True, offer_new=True)
            self.store.set_setting(CURRENT_SETTING, None)
            self.render()
            return False
        self.set_controller(Controller(game, seats, lang=self.lang), save_id)
        return True

    def new_game(self, seats, boards, seed: int) -> None:
        ctrl = Controller.new(seats, boards, seed, lang=self.lang)
        self.set_controller(ctrl, None)
        self.autosave()
        self.schedule_frame()

    def set_controller(self, ctrl: Controller, save_id: str | None) -> None:
        self.cancel_bots()
        self.ctrl = ctrl
        self.save_id = save_id
        frame = self.store.last_frame(save_id) if save_id else None
        self.last_frame_url = frame if frame and frame.startswith("data:image/") else None
        if save_id:
            self.store.set_setting(CURRENT_SETTING, save_id)
        self.over_shown = ctrl.game.over
        self.board_cache.clear()
        self.dice_signature = None
        el("log").innerHTML = ""
        for line in ctrl.log_lines:
            self.add_log_line(line)
        ctrl.drain_messages()
        self.hide_message()
        el("app").hidden = False
        self.render()

    def play_again(self) -> None:
        el("game-over").close()
        if self.ctrl is None:
            self.open_new_game()
            return
        boards = [b.id for b in self.ctrl.game.boards]
        self.new_game(list(self.ctrl.seats), boards, random.randrange(1 << 32))

    # -- saving -----------------------------------------------------------------------
    def autosave(self) -> None:
        if self.ctrl is None:
            return
        result = self.store.save(self.ctrl.game, self.ctrl.seats, self.save_id, self.last_frame_url)
        if self.save_id != result.save_id:
            self.save_id = result.save_id
            self.store.set_setting(CURRENT_SETTING, result.save_id)
        if not result.ok:
            js.console.warn(f"Diceland: saving failed ({result.reason}: {result.detail})")
            self.schedule_retry()
            if not self.quota_warned:
                self.quota_warned = True
                self.toast(self.t("toast.save_failed"))
                self.show_message(self.t("error.storage_full"), error=True)
        else:
            if self.quota_warned:
                self.quota_warned = False
                self.hide_message()
            self.ask_persist()

    def schedule_retry(self) -> None:
        if self.retry_timer is None:
            self.retry_timer = self.later(RETRY_MS, self.retry_saves)

    def retry_saves(self) -> None:
        """Write the saves the browser refused before (storage may have room now)."""
        self.retry_timer = None
        if self.store.pending and self.store.flush():
            self.schedule_retry()
        elif self.quota_warned:
            self.quota_warned = False
            self.hide_message()
            self.toast(self.t("toast.save_recovered"))

    def ask_persist(self) -> None:
        """Ask once (ever) that the browser keep this site's storage, when
        there is a game worth keeping: one whose first turn is over."""
        if self.persist_asked or self.ctrl is None or self.ctrl.game.turn < 2:
            return
        self.persist_asked = True
        if self.store.get_setting(PERSIST_SETTING):
            return
        storage = getattr(window.navigator, "storage", None)
        if storage is None or not hasattr(storage, "persist"):
            return
        self.store.set_setting(PERSIST_SETTING, True)

        async def ask():
            try:
                await storage.persist()
            except Exception as exc:
                js.console.warn(f"Diceland: navigator.storage.persist() failed: {exc}")

        asyncio.ensure_future(ask())

    # -- the picture kept with the save -------------------------------------------------
    def schedule_frame(self) -> None:
        if self.frame_timer is None and self.save_id:
            self.frame_timer = self.later(FRAME_DELAY_MS, self.capture_frame)

    def capture_frame(self, _evt=None) -> None:
        """Keep a small picture of the board with the save (boot.js shows it
        on the next visit while Python starts)."""
        if self.frame_timer is not None:
            window.clearTimeout(self.frame_timer)
            self.frame_timer = None
        if self.ctrl is None or not self.save_id or self.layout is None:
            return
        width, height = int(self.canvas.width), int(self.canvas.height)
        if width < 2 or height < 2:
            return
        scale = min(1.0, FRAME_WIDTH / width)
        small = document.createElement("canvas")
        small.width = max(1, round(width * scale))
        small.height = max(1, round(height * scale))
        small.getContext("2d").drawImage(self.canvas, 0, 0, small.width, small.height)
        url = str(small.toDataURL("image/webp", 0.8))
        if not url.startswith("data:image/webp"):
            url = str(small.toDataURL("image/png"))
        if url == self.last_frame_url:
            return
        self.last_frame_url = url
        result = self.store.set_last_frame(self.save_id, url)
        if not result.ok and result.reason == "quota":
            self.schedule_retry()

    # -- player actions ------------------------------------------------------------------
    def button(self, name: str) -> None:
        ctrl = self.ctrl
        if ctrl is None:
            return
        if name == "ready":
            ctrl.acknowledge_handoff()
            self.after_action(None)
            self.canvas.focus()
            return
        method = {"roll": ctrl.roll, "reroll": ctrl.reroll, "stop": ctrl.stop, "confirm": ctrl.confirm,
                  "pass": ctrl.pass_, "undo": ctrl.undo}.get(name)
        if name == "hint":
            ctrl.hint()
            self.after_action(None, save=False)
            return
        if method is not None:
            self.after_action(method())

    def after_action(self, result, save: bool = True) -> None:
        if result is not None and not result.ok and result.reason:
            self.toast(result.reason, getattr(result, "details", ""))
            self.announce(result.reason)
        elif save and (result is None or result.ok):
            self.autosave()
        self.render()

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button.die") if evt.target else None
        if target is None or self.ctrl is None or target.disabled:
            return
        self.after_action(self.ctrl.press_die(int(target.dataset.index)))

    def tab_click(self, evt) -> None:
        target = evt.target.closest("button.seat-tab") if evt.target else None
        if target is None or self.ctrl is None:
            return
        seat = int(target.dataset.seat)
        mine = self.ctrl.current_seat()
        self.ctrl.view_sheet(None if seat == mine else seat)
        self.render()

    def canvas_point(self, evt):
        rect = self.canvas.getBoundingClientRect()
        return float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top)

    def canvas_click(self, evt) -> None:
        ctrl = self.ctrl
        if ctrl is None or self.layout is None:
            return
        x, y = self.canvas_point(evt)
        cell = self.layout.pixel_to_cell(x, y)
        if cell is None:
            return
        mine = ctrl.current_seat()
        if ctrl.viewing is not None and ctrl.shown_player() != mine:
            reason = self.t("tap.not_your_turn")
            self.toast(reason)
            self.announce(reason)
            return
        ctrl.cursor = None
        result = ctrl.tap(*cell)
        if not result.ok:
            self.toast(result.reason, result.details)
            self.announce(result.reason)
        self.render()
        self.mark_redraw(evt)

    def mark_redraw(self, evt) -> None:
        """``window.diceland.lastRedrawMs``: from the event to the end of the
        redraw it caused (bench/site.py reads it)."""
        if self.api is not None:
            self.api.lastRedrawMs = float(window.performance.now()) - float(evt.timeStamp)

    def canvas_key(self, evt) -> None:
        key = str(evt.key)
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Spacebar"):
            return
        if self.ctrl is None or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        evt.preventDefault()
        evt.stopPropagation()
        self.handle_key(key)

    def document_key(self, evt) -> None:
        if self.ctrl is None or evt.ctrlKey or evt.metaKey or evt.altKey or evt.defaultPrevented:
            return
        target = evt.target
        tag = str(target.tagName).lower() if target and hasattr(target, "tagName") else ""
        if tag in ("input", "select", "textarea") or document.querySelector("dialog[open]"):
            return
        key = str(evt.key)
        if len(key) == 1 and key.lower() in "cpuhrs123456" or key == "Escape":
            evt.preventDefault()
            self.handle_key(key)

    def handle_key(self, key: str) -> None:
        ctrl = self.ctrl
        before = (id(ctrl.game), len(ctrl.game.actions))
        if not ctrl.handle_key(key):
            return
        if (id(ctrl.game), len(ctrl.game.actions)) != before:
            self.autosave()
        if key.startswith("Arrow") and ctrl.cursor is not None:
            self.announce(ctrl.describe_cell(*ctrl.cursor))
        self.render()

    # -- bots -------------------------------------------------------------------------
    def cancel_bots(self) -> None:
        if self.bot_timer is not None:
            window.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def schedule_bots(self, model) -> None:
        if self.bot_timer is not None or not model["bot_pending"] or model["game_over"]:
            return
        delay = BOT_DELAY_MS * self.speed
        self.bot_timer = self.later(delay, self.bot_tick)

    def bot_tick(self) -> None:
        self.bot_timer = None
        ctrl = self.ctrl
        if ctrl is None:
            return
        try:
            if self.speed == 0:
                deadline = time.monotonic() + FAST_SLICE_MS / 1000
                while ctrl.bot_pending() and not ctrl.game.over and time.monotonic() < deadline:
                    if not ctrl.bot_step():
                        break
            else:
                ctrl.bot_step()
            self.autosave()
        except Exception as exc:
            js.console.error("Diceland bot: " + "".join(traceback.format_exception(exc)))
        self.render()

    # -- drawing ----------------------------------------------------------------------
    def schedule_render(self) -> None:
        if self.pending_render:
            return
        self.pending_render = True

        def go(_ts=None):
            self.pending_render = False
            self.board_cache.clear()
            self.render()
        window.requestAnimationFrame(create_once_callable(go))

    def compute_layout(self, board) -> view.Layout:
        wrap = el("board-wrap")
        width = max(200.0, float(wrap.clientWidth))
        wide = float(window.innerWidth) >= 900
        max_h = max(220.0, float(window.innerHeight) * (0.82 if wide else 0.5))
        probe = view.Layout.for_board(board, width, 100000.0, float(window.devicePixelRatio or 1))
        height = min(probe.content_height, max_h)
        return view.Layout.for_board(board, width, height, float(window.devicePixelRatio or 1))

    def draw(self) -> None:
        ctrl = self.ctrl
        board = ctrl.shown_board()
        layout = self.compute_layout(board)
        self.layout = layout
        self.board_cache["board"] = id(board)
        draw_board(self.canvas, self.ctx, layout, lambda: ctrl.static_ops(layout), ctrl.frame_ops(layout),
                   self.board_cache, lambda: document.createElement("canvas"))

    def render(self) -> None:
        ctrl = self.ctrl
        if ctrl is None:
            el("status").textContent = ""
            for name in ("roll", "reroll", "stop", "confirm", "pass", "undo", "hint"):
                el(f"btn-{name}").hidden = True
            return
        for message in ctrl.drain_messages():
            if message.kind == "log":
                self.add_log_line(message.text, message.event)
            else:
                self.toast(message.text)
                self.announce(message.text)
        model = ctrl.ui_model()
        el("status").textContent = f"{model['turn_label']} · {model['phase_label']} · {model['status']}"
        self.render_tabs(model)
        self.render_dice(model)
        self.render_buttons(model)
        el("prompt").textContent = model["prompt"]
        shown = model["players"][model["sheet_player"]]
        el("info-bar").textContent = (self.t("info.stars", stars=shown["stars"]) + " · "
                                      + self.t("board.label", name=shown["name"]) + f" ({model['board_id']})")
        self.canvas.setAttribute("aria-label", model["board_label"] + ". " + model["prompt"])
        handoff = model["handoff"]
        if handoff:
            el("handoff-text").textContent = handoff["title"] + ". " + handoff["body"]
            el("btn-handoff").textContent = handoff["button"]
        was_hidden = el("handoff").hidden
        el("handoff").hidden = not handoff
        if handoff and was_hidden:
            el("btn-handoff").focus()
        self.draw()
        self.schedule_frame()
        if model["game_over"] and not self.over_shown:
            self.over_shown = True
            self.show_game_over(model)
        self.schedule_bots(model)

    def render_tabs(self, model) -> None:
        tabs = el("seat-tabs")
        parts = []
        for p in model["players"]:
            star = "★"
            cls = "seat-tab" + (" waiting" if p["waiting"] else "")
            label = self.t("button.view_sheet", name=p["name"])
            parts.append(
                f'<button type="button" role="tab" class="{cls}" data-seat="{p["index"]}" '
                f'aria-selected="{"true" if p["shown"] else "false"}" aria-label="{_esc(label)}, '
                f'{_esc(self.t("info.stars", stars=p["stars"]))}">{_esc(p["name"])} {star}{p["stars"]}</button>')
        html = "".join(parts)
        if tabs.innerHTML != html:
            tabs.innerHTML = html

    def render_dice(self, model) -> None:
        dice = model["dice"]
        signature = json.dumps([dice, model["lang"]], sort_keys=True)
        if signature == self.dice_signature:
            return
        self.dice_signature = signature
        # new dice on the table (once revealed) tumble once
        rolls = len(self.ctrl.game.rolls) if self.ctrl is not None else 0
        shown = any(die["colour"] for die in dice)
        fresh = shown and rolls != self.rolls_seen
        if shown:
            self.rolls_seen = rolls
        box = el("dice")
        focused = document.activeElement
        focus_index = int(focused.dataset.index) if focused and focused.classList and \
            focused.classList.contains("die") else None
        groups: dict[str, list[str]] = {}
        titles = {"held": "dice.held", "leftover": "dice.leftovers", "bonus": "dice.bonus"}
        for die in dice:
            colour = die["colour"]
            classes = ["die"]
            if colour:
                classes.append(colour)
            if die["group"] == "held":
                classes.append("held")
            if die["selected"]:
                classes.append("selected")
            if die["placeable"] is False:
                classes.append("dim")
            if fresh and die["group"] != "held":
                classes.append("rolling")
            symbol = view.symbol_svg(colour, 22, die["text"]) if colour else "?"
            style = f' style="background:{die["fill"]};color:{die["text"]}"' if colour else ""
            disabled = "" if die["enabled"] else " disabled"
            pressed = f' aria-pressed="{"true" if die["selected"] else "false"}"' if die["group"] != "roll" else ""
            groups.setdefault(die["group"], []).append(
                f'<button type="button" class="{" ".join(classes)}" data-index="{die["index"]}"'
                f'{style}{disabled}{pressed} aria-label="{_esc(die["label"])}">{symbol}</button>')
        html = []
        for group, buttons in groups.items():
            title = titles.get(group)
            label = f'<span class="dice-group-label">{_esc(self.t(title))}</span>' if title else ""
            html.append(f'<div class="dice-group" data-group="{group}">{label}{"".join(buttons)}</div>')
        box.innerHTML = "".join(html)
        if focus_index is not None:
            again = box.querySelector(f'button.die[data-index="{focus_index}"]')
            if again:
                again.focus()

    def render_buttons(self, model) -> None:
        primary = None
        for b in model["buttons"]:
            node = el(f"btn-{b['id']}") if b["id"] not in ("ready", "play_again") else None
            if node is None:
                continue
            node.textContent = b["label"]
            node.hidden = not b["visible"]
            node.disabled = not b["enabled"]
            node.classList.remove("primary")
            if primary is None and b["enabled"] and b["id"] in ("roll", "confirm"):
                primary = node
        if primary is not None:
            primary.classList.add("primary")

    def add_log_line(self, text: str, event: str = "") -> None:
        log = el("log")
        item = document.createElement("li")
        item.textContent = text
        if event == "turn_started":
            item.className = "turn"
        log.appendChild(item)
        while log.childElementCount > 200:
            log.removeChild(log.firstElementChild)
        log.scrollTop = log.scrollHeight

    def show_game_over(self, model) -> None:
        names = model["winner_names"]
        text = self.t("prompt.game_over_one", name=names[0]) if len(names) == 1 else \
            self.t("prompt.game_over_several", names=self.strings.names(names))
        el("game-over-winners").textContent = text
        labels = model["stats_labels"]
        cols = ("stars", "cells", "colours", "turns", "bonus_rolls")
        head = "<tr><th>" + _esc(labels["player"]) + "</th>" + "".join(
            f"<th>{_esc(labels[c])}</th>" for c in cols) + "</tr>"
        rows = "".join(
            "<tr><td>" + ("★ " if s["winner"] else "") + _esc(s["name"]) + "</td>"
            + "".join(f"<td>{s[c]}</td>" for c in cols) + "</tr>"
            for s in model["stats"])
        el("game-over-stats").innerHTML = f"<caption class=\"sr-only\">{_esc(labels['title'])}</caption>{head}{rows}"
        dialog = el("game-over")
        if not dialog.open:
            dialog.showModal()
        self.announce(text)

    # -- messages ---------------------------------------------------------------------
    def toast(self, text: str, details: str = "") -> None:
        """A short message; ``details`` (the rule behind a refusal) waits
        behind a "details" link, and the toast stays while it is open."""
        box = el("toasts")
        item = document.createElement("div")
        item.className = "toast"
        item.textContent = text
        if details:
            more = document.createElement("details")
            more.className = "rule-details"
            summary = document.createElement("summary")
            summary.textContent = self.t("message.details")
            body = document.createElement("span")
            body.textContent = details
            more.appendChild(summary)
            more.appendChild(body)
            item.appendChild(more)
        box.appendChild(item)
        while box.childElementCount > MAX_TOASTS:
            box.removeChild(box.firstElementChild)

        def expire() -> None:
            opened = item.querySelector("details[open]")
            if opened is not None:
                self.later(TOAST_MS, expire)
            else:
                item.remove()
        self.later(TOAST_MS, expire)

    def announce(self, text: str) -> None:
        el("announcer").textContent = text

    def show_message(self, text: str, error: bool = False, offer_new: bool = False) -> None:
        box = el("message")
        box.className = "message" + (" error" if error else "")
        box.innerHTML = ""
        p = document.createElement("p")
        p.textContent = text
        box.appendChild(p)
        if offer_new:
            button = document.createElement("button")
            button.type = "button"
            button.id = "btn-message-new"
            button.className = "primary"
            button.textContent = self.t("button.new_game")
            self.on(button, "click", lambda evt: self.open_new_game())
            box.appendChild(button)
        box.hidden = False
        el("app").hidden = False

    def hide_message(self) -> None:
        el("message").hidden = True

    # -- new game dialog ------------------------------------------------------------------
    def default_seats(self) -> list[dict]:
        if self.ctrl is not None:
            return [{"name": s.name, "kind": s.kind, "board": b.id}
                    for s, b in zip(self.ctrl.seats, self.ctrl.game.boards)]
        return [{"name": self.t("seat.default_name", number=1), "kind": HUMAN, "board": "A"},
                {"name": self.t("seat.bot_name", number=2), "kind": "greedy", "board": "A"}]

    def fill_seat_rows(self, seats: list[dict]) -> None:
        rows = el("seat-rows")
        boards = board_ids()
        html = []
        for i, seat in enumerate(seats):
            kinds = "".join(f'<option value="{k}"{" selected" if k == seat["kind"] else ""}>'
                            f'{_esc(self.t("seat." + k))}</option>' for k in SEAT_KINDS)
            options = [("random", self.t("board.random"))] + [(b, b) for b in boards]
            board_opts = "".join(f'<option value="{v}"{" selected" if v == seat["board"] else ""}>{_esc(lbl)}</option>'
                                 for v, lbl in options)
            html.append(
                f'<div class="seat-row" data-seat="{i}"><span>{i + 1}</span>'
                f'<input type="text" class="seat-name" maxlength="24" value="{_esc(seat["name"])}" '
                f'aria-label="{_esc(self.t("seat.name"))} {i + 1}">'
                f'<select class="seat-kind" aria-label="{_esc(self.t("seat.kind"))} {i + 1}">{kinds}</select>'
                f'<select class="seat-board" aria-label="{_esc(self.t("menu.board"))} {i + 1}">{board_opts}</select></div>')
        rows.innerHTML = "".join(html)
        el("btn-add-seat").disabled = len(seats) >= 4
        el("btn-remove-seat").disabled = len(seats) <= 2

    def read_seat_rows(self) -> list[dict]:
        out = []
        rows = el("seat-rows").querySelectorAll(".seat-row")
        for i in range(rows.length):
            row = rows.item(i)
            out.append({"name": str(row.querySelector(".seat-name").value).strip(),
                        "kind": str(row.querySelector(".seat-kind").value),
                        "board": str(row.querySelector(".seat-board").value)})
        return out

    def add_seat_row(self) -> None:
        seats = self.read_seat_rows()
        if len(seats) < 4:
            n = len(seats) + 1
            seats.append({"name": self.t("seat.bot_name", number=n), "kind": "greedy",
                          "board": seats[-1]["board"] if seats else "A"})
        self.fill_seat_rows(seats)

    def remove_seat_row(self) -> None:
        seats = self.read_seat_rows()
        if len(seats) > 2:
            seats.pop()
        self.fill_seat_rows(seats)

    def open_new_game(self) -> None:
        self.fill_seat_rows(self.default_seats())
        el("seed-input").value = ""
        el("new-game-error").textContent = ""
        dialog = el("new-game")
        if not dialog.open:
            dialog.showModal()

    def submit_new_game(self, evt) -> None:
        evt.preventDefault()
        seats_raw = self.read_seat_rows()
        seed_text = str(el("seed-input").value).strip()
        if seed_text and (not seed_text.isdigit() or int(seed_text) >= 1 << 64):
            el("new-game-error").textContent = self.t("error.url_seed", value=seed_text)
            return
        seed = int(seed_text) if seed_text else random.randrange(1 << 32)
        rng = random.Random(seed)
        boards_known = board_ids()
        seats, boards = [], []
        for i, s in enumerate(seats_raw):
            name = s["name"] or self.t("seat.default_name" if s["kind"] == HUMAN else "seat.bot_name", number=i + 1)
            seats.append(Seat(name, s["kind"] if s["kind"] in SEAT_KINDS else HUMAN))
            boards.append(s["board"] if s["board"] in boards_known else rng.choice(boards_known))
        el("new-game").close()
        self.new_game(seats, boards, seed)
        self.canvas.focus()

    # -- saved games --------------------------------------------------------------------
    def open_saves(self) -> None:
        self.fill_saves()
        dialog = el("saves")
        if not dialog.open:
            dialog.showModal()

    def fill_saves(self) -> None:
        box = el("saves-list")
        box.innerHTML = ""
        saves = self.store.list_saves()
        if not saves:
            item = document.createElement("li")
            item.textContent = self.t("menu.no_saves")
            box.appendChild(item)
            return
        for s in saves:
            item = document.createElement("li")
            item.dataset.id = s["id"]
            title = document.createElement("span")
            title.className = "save-title"
            if s["broken"]:
                title.textContent = self.t("menu.broken_save")
            else:
                names = ", ".join(p["name"] for p in s.get("players", []))
                when = str(js.Date.new(s.get("saved_at") or 0).toLocaleString(self.lang))
                state = self.t("menu.finished") if s.get("over") else self.t("menu.turn", turn=s.get("turn", 0))
                title.textContent = f"{names} · {state} · {self.t('menu.saved_at', date=when)}"
            item.appendChild(title)
            if not s["broken"]:
                self.save_button(item, "button.resume", lambda evt, i=s["id"]: self.resume_from_list(i))
                self.save_button(item, "button.export", lambda evt, i=s["id"]: self.export(i))
            self.save_button(item, "button.delete", lambda evt, i=s["id"]: self.delete_save(i))
            box.appendChild(item)

    def save_button(self, item, key: str, handler) -> None:
        button = document.createElement("button")
        button.type = "button"
        button.textContent = self.t(key)
        button.className = "save-" + key.split(".")[1]
        self.on(button, "click", handler)
        item.appendChild(button)

    def resume_from_list(self, save_id: str) -> None:
        el("saves").close()
        self.resume(save_id)

    def delete_save(self, save_id: str) -> None:
        if not window.confirm(self.t("menu.confirm_delete")):
            return
        self.store.delete(save_id)
        if save_id == self.save_id:
            self.save_id = None
            self.store.set_setting(CURRENT_SETTING, None)
        self.toast(self.t("toast.deleted"))
        self.fill_saves()

    def open_share(self) -> None:
        """The embed.html link of the position on screen, and an iframe for it."""
        if self.ctrl is None:
            return
        link = share_link(self.ctrl.game, self.ctrl.names, str(window.location.href))
        frame = document.createElement("iframe")
        for key, value in iframe_attributes(link, self.t("share.frame_title")).items():
            frame.setAttribute(key, value)
        el("share-link").value = link
        el("share-snippet").value = frame.outerHTML
        el("share").showModal()

    def copy_field(self, field_id: str) -> None:
        el(field_id).select()
        document.execCommand("copy")
        self.toast(self.t("share.copied"))

    def export_current(self) -> None:
        if self.ctrl is None:
            return
        self.autosave()
        if self.save_id:
            self.export(self.save_id)

    def export(self, save_id: str) -> None:
        try:
            text = self.store.export_json(save_id)
        except SaveError as err:
            self.show_message(err.message(self.lang), error=True)
            return
        blob = js.Blob.new(to_js([text]), js_obj({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"diceland-{save_id}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        self.later(1000, lambda: js.URL.revokeObjectURL(url))

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
            save_id = self.store.import_json(text, self.lang)
        except SaveError as err:
            self.show_message(err.message(self.lang, importing=True), error=True)
            return False
        if el("saves").open:
            el("saves").close()
        if self.resume(save_id):
            self.toast(self.t("toast.imported"))
            return True
        return False

    # -- what tests and tools can ask ---------------------------------------------------
    def expose(self) -> None:
        api = js.Object.new()

        def record():
            return record_json(self.ctrl.game) if self.ctrl is not None else None

        def cell_center(row, col, seat=None):
            ctrl = self.ctrl
            if ctrl is None:
                return None
            if seat is not None and not isinstance(seat, int):
                seat = None
            if seat is not None and seat != ctrl.shown_player():
                ctrl.view_sheet(None if seat == ctrl.current_seat() else seat)
                self.render()
            x, y = self.layout.cell_center(int(row), int(col))
            rect = self.canvas.getBoundingClientRect()
            return js_obj({"x": float(rect.left) + x, "y": float(rect.top) + y})

        def state():
            if self.ctrl is None:
                return json.dumps({"game": False, "message": self.message_text()})
            m = self.ctrl.ui_model()
            keep = ("lang", "phase", "turn", "active", "seat", "sheet_player", "highlights", "selection", "cursor",
                    "selection_colour", "handoff", "bot_pending", "game_over", "winners", "prompt",
                    "can_undo", "players")
            out = {k: m[k] for k in keep}
            out["game"] = True
            out["dice"] = [{"colour": d["colour"], "group": d["group"], "enabled": d["enabled"],
                            "label": d["label"]} for d in m["dice"]]
            out["buttons"] = {b["id"]: b["enabled"] for b in m["buttons"] if b["visible"]}
            out["save_id"] = self.save_id
            out["message"] = self.message_text()
            return json.dumps(out)

        def import_text(text):
            return self.import_text(str(text))

        def bench_bot(n=20, kind="expert"):
            return json.dumps(bench_decisions(int(n), str(kind)))

        for name, fn in (("record", record), ("cellCenter", cell_center), ("state", state),
                         ("importText", import_text), ("benchBot", bench_bot)):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            setattr(api, name, proxy)
        api.lastRedrawMs = None
        window.diceland = api
        self.api = api

    def message_text(self) -> str:
        box = el("message")
        return "" if box.hidden else str(box.textContent)


def bench_decisions(n: int, kind: str = "expert") -> list[float]:
    """Milliseconds per decision of ``n`` bot decisions in four-player games
    on board A, as ``bench/bots.py`` plays them under CPython."""
    from diceland_core.games.diceland.bots import make_bot
    from diceland_core.core.simulate import game_seed, play_game

    times: list[float] = []

    class Enough(Exception):
        pass

    class Timed:
        def __init__(self, bot):
            self.bot, self.kind = bot, bot.kind

        def choose(self, game, player):
            if len(times) >= n:
                raise Enough
            t0 = time.perf_counter()
            action = self.bot.choose(game, player)
            times.append((time.perf_counter() - t0) * 1000)
            return action

    g = 0
    while len(times) < n:
        seed = game_seed(1, g)
        try:
            play_game("A", [Timed(make_bot(kind, seed + s)) for s in range(4)], seed)
        except Enough:
            break
        g += 1
    return times


def _esc(text: object) -> str:
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def main() -> None:
    page = Page()
    page.expose()
    try:
        page.start()
    except Exception as exc:
        js.console.error("Diceland: " + "".join(traceback.format_exception(exc)))
        page.show_message(page.t("error.unexpected", detail=str(exc)), error=True, offer_new=True)
    document.documentElement.dataset.ready = "true"
    return page


PAGE = main()
