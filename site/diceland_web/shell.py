"""What every game page has, whatever the game: boot and language, the
saved-games list (of every game), import/export, share, offline storage,
the pass-the-device overlay, the bot timer and its speed, the settings and
keyboard shortcuts dialogs (:mod:`.panels`), sounds, toasts and messages, and
``window.diceland`` (what tests and tools may ask).

A game page subclasses :class:`Shell` and fills in the hooks at the end of
the class (``open_game``, ``render``, ``game_key`` …); the rules and the
view model live in the game's plug-in of ``diceland_site``.
"""

from __future__ import annotations

import asyncio
import json
import time

import js
from pyodide.ffi import to_js

from diceland_core import record_json
from diceland_core.core.record import definition_of
from diceland_site.games import GAMES, entry_for
from diceland_site.i18n import LANGUAGES, Strings, choose_language
from diceland_site.packed import LinkError, problem_text
from diceland_site.query import query_values, quote
from diceland_site.safejson import MAX_QUERY_CHARS
from diceland_site.seats import MAX_NAME
from diceland_site.settings import (
    BOT_SPEED_SETTING, SOUND_SETTING, bot_delay_ms, bot_speed_name, sound_on, url_speed,
)
from diceland_site.envelope import MAX_IMPORT_CHARS
from diceland_site.save_errors import SaveError
from diceland_site.surface import common_state
from diceland_site.storage import SAVE_PREFIX, SETTINGS_KEY, SaveStore

from .dom import Events, document, el, js_obj, later, report, window
from .links import Links
from .panels import Panels
from .saving import CURRENT_SETTING, LocalStorage, MemoryStorage, Saving, in_frame, session_storage
from .sound import Sound

BOT_DELAY_MS = 650
#: With speed=0 the bots play in slices of about this many ms between frames.
FAST_SLICE_MS = 40
TOAST_MS = 3500
MAX_TOASTS = 3
#: Set once navigator.storage.persist() has been asked for (it is asked once).
PERSIST_SETTING = "persist_asked"
#: The picture of the board kept with the save (boot.js shows it while Python
#: starts): at most this wide, taken this long after the last change.
FRAME_WIDTH = 480
FRAME_DELAY_MS = 1200


class Shell(Saving, Links):
    """One game page.  ``GAME`` is the engine's name of the page's game."""

    GAME = ""
    #: the page plays sounds (the settings then offer to switch them on)
    PLAYS_SOUNDS = False
    #: the locale keys of the "?" panel's lines, in order (none: no panel)
    KEY_HELP: tuple[str, ...] = ()
    WHERE = "Diceland"
    #: the page's strings: the shared table, or a game's own over it
    STRINGS = Strings
    #: the key of the page's title
    TITLE_KEY = "app.title"
    #: a bot's move waits this long (times the speed's factor)
    BOT_DELAY_MS = BOT_DELAY_MS

    def __init__(self):
        self.events = Events(self.WHERE, lambda exc: self.show_message(
            self.t("error.unexpected_short"), error=True, details=str(exc)))
        search = str(window.location.search)[1:]
        self.query_too_long = len(search) > MAX_QUERY_CHARS  # refused unread
        self.query = {} if self.query_too_long else query_values(search)
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
        self.strings = self.STRINGS(self.lang)
        #: the bots' pace: the settings' speed, unless a link gives ``speed``
        self.bot_speed = bot_speed_name(self.store.get_setting(BOT_SPEED_SETTING))
        self.link_speed = url_speed(self.query)
        self.sound = Sound(sound_on(self.store.get_setting(SOUND_SETTING)))
        self.save_id: str | None = None
        #: a start link that could not be opened (a :class:`LinkError` or a
        #: message), said once the page has opened what it can
        self.link_problem: LinkError | str | None = None
        #: the game on screen came from a save (not from a link or a first visit)
        self.resumed = False
        self.quota_warned = False
        self.retry_timer = None
        self.session = session_storage()
        self.framed = in_frame()
        self.frame_timer = None
        self.last_frame_url: str | None = None
        self.persist_asked = False
        self.bot_timer = None
        self.bot_scheduled_ms: float | None = None
        self.api = None
        #: every game page draws its game on the canvas #board
        self.canvas = el("board")
        self.ctx = self.canvas.getContext("2d")
        self.bind_shell()
        self.panels = Panels(self)
        self.panels.show_settings(self.sound.enabled, self.bot_speed)

    # -- small helpers ----------------------------------------------------------------
    def t(self, key: str, **kw) -> str:
        return self.strings.t(key, **kw)

    def on(self, element, event: str, handler) -> None:
        self.events.on(element, event, handler)

    def later(self, ms: float, fn):
        return later(ms, fn)

    def bind_shell(self) -> None:
        self.on(el("btn-saves"), "click", lambda evt: self.open_saves())
        self.on(el("btn-saves-close"), "click", lambda evt: el("saves").close())
        self.on(el("lang-select"), "change", lambda evt: self.set_language(str(evt.target.value)))
        self.on(el("btn-export"), "click", lambda evt: self.export_current())
        for button in ("btn-import", "btn-saves-import"):
            self.on(el(button), "click", lambda evt: el("import-file").click())
        self.on(el("import-file"), "change", self.import_file)
        self.on(el("btn-share"), "click", lambda evt: self.open_share())
        self.on(el("btn-share-close"), "click", lambda evt: el("share").close())
        for name in ("link", "snippet"):
            self.on(el(f"btn-share-copy-{name}"), "click", lambda evt, n=name: self.copy_field(f"share-{n}"))
        self.on(el("btn-handoff"), "click", lambda evt: self.handoff_done())
        self.on(el("btn-new"), "click", lambda evt: self.open_new_game())
        self.on(el("btn-new-cancel"), "click", lambda evt: el("new-game").close())
        self.on(el("btn-add-seat"), "click", lambda evt: self.add_seat_row())
        self.on(el("btn-remove-seat"), "click", lambda evt: self.remove_seat_row())
        self.on(el("new-game-form"), "submit", self.submit_new_game)
        self.on(el("btn-over-close"), "click", lambda evt: el("game-over").close())
        self.on(el("btn-play-again"), "click", lambda evt: self.play_again())
        self.on(document, "keydown", self.document_key)
        self.on(window, "pagehide", lambda evt: self.finish_saving())
        self.on(document, "visibilitychange", self.on_hidden)
        self.on(window, "pagehide", self.frame_on_leaving)
        self.on(window, "storage", self.storage_changed)
        self.on(window, "hashchange", self.hash_changed)

    def translate_static(self) -> None:
        document.documentElement.lang = self.lang
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = self.t(str(node.dataset.i18n))
        el("lang-select").value = self.lang
        el("lang-select").setAttribute("aria-label", self.t("menu.language"))
        document.title = self.t(self.TITLE_KEY)
        self.panels.translate(self.t, self.key_help())

    # -- settings: sounds and the bots' speed ---------------------------------------
    def set_sound(self, enabled: bool) -> None:
        self.sound.enabled = enabled
        self.store.set_setting(SOUND_SETTING, enabled)
        self.sound.play("tap")  # the switch's own tap makes the first sound

    def set_bot_speed(self, name: str) -> None:
        """A speed picked in the settings (it replaces a link's ``speed``)."""
        self.bot_speed = bot_speed_name(name)
        self.link_speed = None
        self.store.set_setting(BOT_SPEED_SETTING, self.bot_speed)
        if self.bot_timer is not None:  # the next bot decision comes at the new pace
            self.cancel_bots()
            self.render()

    def bot_delay(self) -> float:
        """Milliseconds before the next bot decision (0: as fast as possible)."""
        return bot_delay_ms(self.BOT_DELAY_MS, self.bot_speed, self.link_speed)

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.lang = lang
        self.strings = self.STRINGS(lang)
        self.store.set_setting("lang", lang)
        self.translate_static()
        self.language_changed()
        self.render()

    # -- starting ---------------------------------------------------------------------------
    def start(self) -> None:
        """Decide what the page opens with: a start link, a save named by
        ``?save=``, the last game of this page's game, or a first screen."""
        if self.query_too_long:
            self.show_message(self.t("error.url_too_long"), error=True, offer_new=True)
            self.render()
            return
        self.restore_unsaved()
        if self.open_shared() or self.start_from_link():
            return
        wanted = self.query.get("save")
        if wanted:
            self.resume(wanted)
            window.history.replaceState(None, "", self.page_url())
            return
        current = self.store.get_setting(CURRENT_SETTING)
        saves = self.store.list_saves()
        if isinstance(current, str) and any(s["id"] == current and (s["broken"] or self.is_mine(s))
                                            for s in saves):
            self.resume(current)  # a damaged save says so (and is kept)
            return
        found = next((s for s in saves if not s["broken"] and self.is_mine(s) and not s.get("over", False)), None)
        if found is not None:
            self.resume(found["id"])
            return
        self.render()
        self.first_visit()

    def is_mine(self, summary: dict) -> bool:
        return (summary.get("game") or "diceland") == self.GAME

    def page_url(self, **params: str) -> str:
        """This page's address, keeping ``speed`` and ``lang``."""
        keep = {k: v for k, v in self.query.items() if k in ("speed", "lang")}
        keep.update(params)
        tail = "&".join(f"{k}={quote(str(v))}" for k, v in keep.items())
        entry = entry_for(self.GAME)
        return (entry.page if entry else "index.html") + ("?" + tail if tail else "")

    def resume(self, save_id: str) -> bool:
        try:
            game, seats = self.store.load(save_id)
        except SaveError as err:
            js.console.warn(f"{self.WHERE}: saved game {save_id} cannot be loaded: {err}; "
                            f"raw text kept under {err.backup_key}")
            self.show_message(err.message(self.lang), error=True, offer_new=True, details=err.details(self.lang))
            self.set_current(None)
            self.render()
            return False
        found = definition_of(game).name
        if found != self.GAME:  # another game's save: named, and nothing here changes
            self.show_message(SaveError("other_game", game=found).message(self.lang), error=True, offer_new=True)
            self.render()
            return False
        self.hide_message()
        try:
            self.open_game(game, seats, save_id)
        except (ValueError, TypeError) as exc:  # a record the page cannot seat (the save stays as it is)
            js.console.warn(f"{self.WHERE}: saved game {save_id} cannot be opened: {exc}")
            self.show_message(self.t("error.save_invalid"), error=True, offer_new=True, details=str(exc))
            self.set_current(None)
            self.render()
            return False
        self.resumed = True
        return True

    def say_link_problem(self, kept: bool) -> None:
        """Show why a link could not be opened (kept: a game on screen goes
        on as it was, and the message says so)."""
        said = problem_text(self.link_problem, self.strings, kept)
        self.link_problem = None
        if said is not None:
            self.show_message(said[0], error=True, details=said[1])

    def adopt_save(self, save_id: str | None) -> None:
        """The save the game on screen is written to from now on."""
        self.cancel_bots()
        self.save_id = save_id
        frame = self.store.last_frame(save_id) if save_id else None
        self.last_frame_url = frame if frame and frame.startswith("data:image/") else None
        if save_id:
            self.set_current(save_id)

    def show_game(self, save_id: str | None) -> None:
        """A game page has put a game on screen: from now on it is written
        to ``save_id`` (None: a new save), and its log starts afresh."""
        self.adopt_save(save_id)
        el("log").innerHTML = ""
        el("app").hidden = False

    # -- saving (the rest in :class:`.saving.Saving`) --------------------------------------
    def ask_persist(self) -> None:
        """Ask once (ever) that the browser keep this site's storage, when
        there is a game worth keeping."""
        if self.persist_asked or not self.worth_keeping():
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
                js.console.warn(f"{self.WHERE}: navigator.storage.persist() failed: {exc}")

        asyncio.ensure_future(ask())

    # -- other tabs of the site ----------------------------------------------------------
    def stale(self) -> bool:
        """True (after showing the newer game) when another tab has played on
        this game since this tab read or wrote it: no move is made on an old
        position and no save written over a newer one."""
        if not self.store.changed_elsewhere(self.save_id):
            return False
        return self.follow_other_tab()

    def follow_other_tab(self) -> bool:
        """Show what another tab made of this game: its latest position, or a
        note that it deleted the game (which then goes on here as a new save)."""
        if self.store.stored_revision(self.save_id) is None:
            self.store.release(self.save_id)
            self.save_id = None
            self.toast(self.t("sync.deleted"))
            self.announce(self.t("sync.deleted"))
            return False
        if self.resume(self.save_id):
            self.toast(self.t("sync.reloaded"))
            self.announce(self.t("sync.reloaded"))
            return True
        # the other tab left something unreadable (kept under a backup key):
        # the game on screen goes on as a new save
        self.store.release(self.save_id)
        self.save_id = None
        return False

    def storage_changed(self, evt) -> None:
        """The ``storage`` event: another tab wrote or removed a key."""
        key = str(evt.key) if evt.key else None  # a cleared storage: JavaScript's null
        if self.save_id and key in (None, SAVE_PREFIX + self.save_id):
            self.stale()
        if (key is None or key.startswith(SAVE_PREFIX)) and el("saves").open:
            self.fill_saves()
        if key == SETTINGS_KEY:  # another tab's language, applied here at once
            lang = self.store.get_setting("lang")
            if lang in LANGUAGES and lang != self.lang:
                self.set_language(lang)

    # -- the picture kept with the save -------------------------------------------------
    def schedule_frame(self) -> None:
        if self.frame_timer is None and self.save_id:
            self.frame_timer = self.later(FRAME_DELAY_MS, self.capture_frame)

    def frame_on_leaving(self, _evt=None) -> None:
        """Leaving the page: keep a picture only if the game changed since
        the last one was kept (one is due) or none is kept; encoding one
        delays the page the browser opens next."""
        if self.frame_timer is not None or self.last_frame_url is None:
            self.capture_frame()

    def capture_frame(self, _evt=None) -> None:
        """Keep a small picture of the game with the save (boot.js shows it
        on the next visit while Python starts)."""
        if self.frame_timer is not None:
            window.clearTimeout(self.frame_timer)
            self.frame_timer = None
        canvas = self.frame_canvas()
        if canvas is None or not self.save_id:
            return
        width, height = int(canvas.width), int(canvas.height)
        if width < 2 or height < 2:
            return
        scale = min(1.0, FRAME_WIDTH / width)
        small = document.createElement("canvas")
        small.width = max(1, round(width * scale))
        small.height = max(1, round(height * scale))
        small.getContext("2d").drawImage(canvas, 0, 0, small.width, small.height)
        url = str(small.toDataURL("image/webp", 0.8))
        if not url.startswith("data:image/webp"):
            url = str(small.toDataURL("image/png"))
        if url == self.last_frame_url:
            return
        self.last_frame_url = url
        result = self.store.set_last_frame(self.save_id, url)
        if not result.ok and result.reason == "quota":
            self.schedule_retry()

    # -- keys and the pass-the-device overlay ---------------------------------------------
    def overlay_open(self) -> bool:
        return not el("handoff").hidden

    def show_handoff(self, handoff) -> None:
        """Show (or hide, for None) the screen that asks the next person to
        take the device.  While it shows, it alone takes input."""
        if handoff:
            el("handoff-text").textContent = ". ".join(x for x in (handoff["title"], handoff.get("body")) if x)
            el("btn-handoff").textContent = handoff["button"]
        was_hidden = el("handoff").hidden
        el("handoff").hidden = not handoff
        el("app").inert = bool(handoff)
        if handoff and was_hidden:
            el("btn-handoff").focus()

    def document_key(self, evt) -> None:
        if evt.ctrlKey or evt.metaKey or evt.altKey or evt.defaultPrevented:
            return
        if self.overlay_open():
            # the overlay's own button takes Enter and Space; nothing else gets through
            if str(evt.target.id) != "btn-handoff":
                evt.preventDefault()
            return
        target = evt.target
        tag = str(target.tagName).lower() if target and hasattr(target, "tagName") else ""
        if tag in ("input", "select", "textarea") or document.querySelector("dialog[open]"):
            return
        if str(evt.key) == "?" and self.panels.present:
            evt.preventDefault()
            self.panels.open("keys-help")
            return
        if self.game_key(str(evt.key)):
            evt.preventDefault()

    # -- bots -------------------------------------------------------------------------
    def cancel_bots(self) -> None:
        if self.bot_timer is not None:
            window.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def schedule_bots(self, pending: bool) -> None:
        if self.bot_timer is not None or not pending:
            return
        #: the pause the last bot decision was scheduled with (tests read it)
        self.bot_scheduled_ms = self.bot_delay()
        self.bot_timer = self.later(self.bot_scheduled_ms, self.bot_tick)

    def bot_tick(self) -> None:
        self.bot_timer = None
        if self.stale():
            return
        try:
            if self.bot_delay() == 0:
                deadline = time.monotonic() + FAST_SLICE_MS / 1000
                while time.monotonic() < deadline and self.bot_step():
                    pass
            else:
                self.bot_step()
            self.autosave()
        except Exception as exc:
            report(self.WHERE + " bot", exc)
        self.render()

    # -- messages ---------------------------------------------------------------------
    def details_node(self, details: str, body_id: str = ""):
        """A "details" disclosure holding the technical part of a message."""
        more = document.createElement("details")
        more.className = "rule-details"
        summary = document.createElement("summary")
        summary.textContent = self.t("message.details")
        body = document.createElement("span")
        body.textContent = details
        if body_id:
            body.id = body_id
        more.appendChild(summary)
        more.appendChild(body)
        return more

    def toast(self, text: str, details: str = "") -> None:
        """A short message; ``details`` (the rule behind a refusal) waits
        behind a "details" link, and the toast stays while it is open."""
        box = el("toasts")
        item = document.createElement("div")
        item.className = "toast"
        item.textContent = text
        if details:
            item.appendChild(self.details_node(details))
        box.appendChild(item)
        while box.childElementCount > MAX_TOASTS:
            box.removeChild(box.firstElementChild)

        def expire() -> None:
            if item.querySelector("details[open]"):
                self.later(TOAST_MS, expire)
            else:
                item.remove()
        self.later(TOAST_MS, expire)

    def clear_toasts(self) -> None:
        el("toasts").innerHTML = ""

    def announce(self, text: str) -> None:
        el("announcer").textContent = text

    def show_message(self, text: str, error: bool = False, offer_new: bool = False, details: str = "") -> None:
        box = el("message")
        box.className = "message" + (" error" if error else "")
        box.innerHTML = ""
        p = document.createElement("p")
        p.id = "message-text"
        p.textContent = text
        box.appendChild(p)
        if details:
            box.appendChild(self.details_node(details, "message-rule"))
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

    def message_text(self) -> str:
        box = el("message")
        return "" if box.hidden else str(box.querySelector("p").textContent if box.querySelector("p") else "")

    # -- saved games (of every game) ----------------------------------------------------------
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
            entry = entry_for(s.get("game"))
            item = document.createElement("li")
            item.dataset.id = s["id"]
            item.dataset.game = s.get("game") or "diceland"
            title = document.createElement("span")
            title.className = "save-title"
            if s["broken"]:
                title.textContent = self.t("menu.broken_save")
            else:
                game = entry.title_in(self.lang) if entry else self.t("games.unknown", game=s.get("game"))
                names = ", ".join(p["name"] for p in s.get("players", []))
                when = str(js.Date.new(s.get("saved_at") or 0).toLocaleString(self.lang))
                state = self.t("menu.finished") if s.get("over") else self.t("menu.turn", turn=s.get("turn", 0))
                title.textContent = f"{game}: {names} · {state} · {self.t('menu.saved_at', date=when)}"
            item.appendChild(title)
            if not s["broken"] and entry is not None:
                self.save_button(item, "button.resume", lambda evt, i=s["id"], e=entry: self.open_save(i, e))
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

    def open_save(self, save_id: str, entry) -> None:
        """Resume a save here, or in its own game's page."""
        el("saves").close()
        if entry.game == self.GAME:
            self.resume(save_id)
        else:
            window.location.href = f"{entry.page}?save={quote(save_id)}"

    def delete_save(self, save_id: str) -> None:
        if not window.confirm(self.t("menu.confirm_delete")):
            return
        self.store.delete(save_id)
        if save_id == self.save_id:
            self.save_id = None
            self.store.set_setting(CURRENT_SETTING, None)
        self.toast(self.t("toast.deleted"))
        self.fill_saves()

    # -- share, export, import ---------------------------------------------------------------
    def open_share(self) -> None:
        """A link to the position on screen, and (where the game has an
        embeddable board: ``share()`` gives its iframe's attributes) an iframe for it."""
        shared = self.share()
        if shared is None:
            return
        link, attributes = shared
        embed_only = el("share").querySelectorAll(".embed-only")
        for i in range(embed_only.length):
            embed_only.item(i).hidden = attributes is None
        if attributes is not None:
            frame = document.createElement("iframe")
            for key, value in attributes.items():
                frame.setAttribute(key, value)
            el("share-snippet").value = frame.outerHTML
        el("share-link").value = link
        el("share").showModal()

    def copy_field(self, field_id: str) -> None:
        el(field_id).select()
        document.execCommand("copy")
        self.toast(self.t("share.copied"))

    def export_current(self) -> None:
        if self.current_game() is None:
            return
        self.autosave()
        self.finish_saving()
        if self.save_id:
            self.export(self.save_id)

    def export(self, save_id: str) -> None:
        try:
            text = self.store.export_json(save_id)
        except SaveError as err:
            self.show_message(err.message(self.lang), error=True, details=err.details(self.lang))
            return
        blob = js.Blob.new(to_js([text]), js_obj({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"{self.GAME or 'diceland'}-{save_id}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        self.later(1000, lambda: js.URL.revokeObjectURL(url))

    def import_file(self, evt) -> None:
        files = evt.target.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        if int(file.size) > 4 * MAX_IMPORT_CHARS:  # refused unread (UTF-8 takes up to 4 bytes a character)
            evt.target.value = ""
            self.show_message(SaveError("too_big").message(self.lang, importing=True), error=True)
            return

        async def read():
            text = await file.text()
            evt.target.value = ""
            self.import_text(str(text))

        asyncio.ensure_future(read())

    def import_text(self, text: str, link: bool = False) -> bool:
        """Import a save or record of this page's game (another game's is
        refused).  With ``link``, the text came from a shared link: a refusal
        is kept in :attr:`link_problem` (its message speaks of a link) for
        the caller to say."""
        try:
            save_id = self.store.import_json(text, self.lang, self.GAME)
        except SaveError as err:
            if link:
                self.link_problem = err.link_error()
            else:
                self.show_message(err.message(self.lang, importing=True), error=True,
                                  details=err.details(self.lang))
            return False
        opened = document.querySelectorAll("dialog[open]")
        for i in range(opened.length):
            if str(opened.item(i).id) in ("saves", "new-game", "welcome"):
                opened.item(i).close()
        if self.resume(save_id):
            self.toast(self.t("toast.imported"))
            if "names_trimmed" in self.store.import_notes:
                self.toast(self.t("note.names_trimmed", max=MAX_NAME))
            return True
        return False

    # -- what tests and tools can ask ---------------------------------------------------
    def expose(self) -> None:
        api = js.Object.new()

        def record():
            current = self.current_game()
            return record_json(current[0]) if current is not None else None

        def state():
            out = self.state()
            current = self.current_game()
            if current is not None:
                out.update(common_state(self.GAME, current[0], current[1], out))
            out["save_id"] = self.save_id
            out["message"] = self.message_text()
            out["overlay"] = self.overlay_open()
            out["settings"] = {"bot_speed": self.bot_speed, "bot_delay_ms": self.bot_delay(),
                               "bot_scheduled_ms": self.bot_scheduled_ms,
                               "sound": self.sound.enabled, "sounds_played": list(self.sound.played)}
            return json.dumps(out)

        functions = {"record": record, "state": state, "importText": lambda text: self.import_text(str(text)),
                     "game": lambda: self.GAME, **self.link_functions(),
                     "games": lambda: json.dumps([e.game for e in GAMES]), **self.api_functions()}
        for name, fn in functions.items():
            setattr(api, name, self.events.proxy(fn))
        api.lastRedrawMs = None
        window.diceland = api
        self.api = api

    def mark_redraw(self, evt) -> None:
        """``window.diceland.lastRedrawMs``: from the event to the end of the
        redraw it caused (bench/site.py reads it)."""
        if self.api is not None:
            self.api.lastRedrawMs = float(window.performance.now()) - float(evt.timeStamp)

    def run(self) -> None:
        """Expose the API, start, and tell boot.js (and tests) the page is ready."""
        self.expose()
        try:
            self.start()
            self.say_link_problem(self.resumed)  # over whatever game opened instead
        except Exception as exc:
            report(self.WHERE, exc)
            self.show_message(self.t("error.unexpected_short"), error=True, offer_new=True, details=str(exc))
        document.documentElement.dataset.ready = "true"

    # -- hooks a game page fills in ------------------------------------------------------
    def start_from_link(self) -> bool:
        """Start the game a link describes; False if the query names none."""
        return False

    def open_game(self, game, seats, save_id: str | None) -> None:
        raise NotImplementedError

    def first_visit(self) -> None:
        self.open_new_game()

    def open_new_game(self) -> None:
        raise NotImplementedError

    def add_seat_row(self) -> None:
        """The new-game form's "add player"."""

    def remove_seat_row(self) -> None:
        """The new-game form's "remove player"."""

    def submit_new_game(self, evt) -> None:
        raise NotImplementedError

    def play_again(self) -> None:
        """The end screen's "play again": the same seats, a new seed."""

    def current_game(self):
        """``(game, seats)`` on screen, or None."""
        return None

    def worth_keeping(self) -> bool:
        return False

    def frame_canvas(self):
        return None

    def handoff_done(self) -> None:
        pass

    def game_key(self, key: str) -> bool:
        return False

    def bot_step(self) -> bool:
        return False

    def language_changed(self) -> None:
        pass

    def key_help(self) -> list[str]:
        """The lines of the keyboard shortcuts panel ("?"); none: no panel."""
        return [self.t(key) for key in self.KEY_HELP]

    def render(self) -> None:
        pass

    def state(self) -> dict:
        return {"game": False}

    def api_functions(self) -> dict:
        return {}
