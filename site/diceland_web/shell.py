"""What every game page has, whatever the game, put together from its
parts: boot and language, the saved-games dialog with import and export
(:mod:`.saves_dialog`), sharing (:mod:`.share_dialog`), the autosave with
its revision check (:mod:`.autosave`) and the picture kept with a save
(:mod:`.frames`), notices (:mod:`.notices`), the new-game dialog
(:mod:`.new_game`), the settings and keyboard shortcuts dialogs
(:mod:`.panels`), sounds, the pass-the-device overlay, the bots' timer and
``window.diceland`` (:mod:`.expose`).

A game page is a :class:`.game_page.GamePage` handed to the shell:
``Shell(DicelandPage).run()``.  The rules and the view model live in the
game's plug-in of ``diceland_site``.
"""

from __future__ import annotations

import random
import time

import js

from diceland_core.core.record import definition_of
from diceland_core.core.registry import get_game
from diceland_site.games import entry_for
from diceland_site.i18n import LANGUAGES, choose_language
from diceland_site.packed import LinkError, problem_text
from diceland_site.query import query_values, quote
from diceland_site.safejson import MAX_QUERY_CHARS
from diceland_site.save_errors import SaveError
from diceland_site.seats import Seat
from diceland_site.settings import (
    BOT_SPEED_SETTING, SOUND_SETTING, bot_delay_ms, bot_speed_name, sound_on, speed_problem, url_speed,
)
from diceland_site.start_params import seed_of
from diceland_site.storage import SAVE_PREFIX, SETTINGS_KEY, SaveStore

from .autosave import Autosave
from .dom import Events, document, el, later, report, window
from .expose import expose, mark_redraw
from .frames import Frames
from .daily_game import DailyGame
from .friends_bar import FriendsBar
from .links import Links
from .new_game import NewGameDialog
from .notices import Notices
from .offline import OfflineMark, reload_newest
from . import review_open
from .panels import Panels
from .same_dice import SameDice
from .saves_dialog import SavesDialog
from .saving import CURRENT_SETTING, MemoryStorage, local_storage
from .share_dialog import ShareDialog
from .sound import Sound

#: With speed=0 the bots play in slices of about this many ms between frames.
FAST_SLICE_MS = 40


class Shell:
    """One game page: ``page_class`` (a :class:`.game_page.GamePage`) is
    made once the shell's parts are in place, and reached as ``page``."""

    def __init__(self, page_class):
        self.game = page_class.GAME
        self.where = page_class.WHERE
        self.strings_class = page_class.STRINGS
        self.title_key = page_class.TITLE_KEY
        self.key_help_keys = page_class.KEY_HELP
        self.plays_sounds = page_class.PLAYS_SOUNDS
        self.bot_delay_base = page_class.BOT_DELAY_MS
        self.seed_max = page_class.SEED_MAX
        self.events = Events(self.where, lambda exc: self.notices.show_message(
            self.t("error.unexpected_short"), error=True, details=str(exc)))
        self.query_too_long, self.query = _read_query(str(window.location.search)[1:])
        backend = local_storage()
        #: the browser forbids the site's storage (cookies and site data
        #: blocked): games are kept in memory only, and the page says so
        self.storage_blocked = isinstance(backend, MemoryStorage)
        self.store = SaveStore(backend)
        url_lang = self.query.get("lang")
        saved_lang = url_lang if url_lang in LANGUAGES else self.store.get_setting("lang")
        langs = list(window.navigator.languages or []) if hasattr(window.navigator, "languages") else []
        self.lang = choose_language(saved_lang, langs)
        self.strings = self.strings_class(self.lang)
        #: the bots' pace: the settings' speed, unless a link gives ``speed``
        self.bot_speed = bot_speed_name(self.store.get_setting(BOT_SPEED_SETTING))
        self.link_speed = url_speed(self.query)
        self.sound = Sound(sound_on(self.store.get_setting(SOUND_SETTING)))
        #: a start link that could not be opened (a :class:`LinkError` or a
        #: message), said once the page has opened what it can
        self.link_problem: LinkError | str | None = None
        #: the game on screen came from a save (not from a link or a first visit)
        self.resumed = False
        self.bot_timer = None
        #: the pause the last bot decision was scheduled with (tests read it)
        self.bot_scheduled_ms: float | None = None
        self.api = None
        #: every game page draws its game on the canvas #board
        self.canvas = el("board")
        self.ctx = self.canvas.getContext("2d")
        self.notices = Notices(self.t, self.on, lambda: self.new_game_dialog.open())
        self.saver = Autosave(self)
        self.frames = Frames(self)
        self.saves = SavesDialog(self)
        self.sharing = ShareDialog(self)
        self.links = Links(self)
        self.friends = FriendsBar(self)
        self.daily = DailyGame(self)
        self.same = SameDice(self)
        definition = get_game(self.game)
        self.new_game_dialog = NewGameDialog(self, definition.min_players, definition.max_players,
                                             page_class.COLUMN)
        self.bind()
        self.panels = Panels(self)
        self.panels.show_settings(self.sound.enabled, self.bot_speed)
        self.page = page_class(self)
        self.offline = OfflineMark(self)
        review_open.bind(self)
        self.translate_static()

    # -- small helpers ----------------------------------------------------------------
    def t(self, key: str, **kw) -> str:
        return self.strings.t(key, **kw)

    def on(self, element, event: str, handler) -> None:
        self.events.on(element, event, handler)

    def bind(self) -> None:
        self.on(el("lang-select"), "change", lambda evt: self.set_language(str(evt.target.value)))
        self.on(el("btn-handoff"), "click", lambda evt: self.page.handoff_done())
        self.on(el("btn-over-close"), "click", lambda evt: el("game-over").close())
        self.on(el("btn-play-again"), "click", lambda evt: self.play_again())
        self.on(document, "keydown", self.document_key)
        self.on(window, "pagehide", self.frames.on_leaving)
        self.on(window, "storage", self.storage_changed)

    def translate_static(self) -> None:
        document.documentElement.lang = self.lang
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = self.t(str(node.dataset.i18n))
        labelled = document.querySelectorAll("[data-i18n-label]")
        for i in range(labelled.length):
            node = labelled.item(i)
            node.setAttribute("aria-label", self.t(str(node.dataset.i18nLabel)))
        el("lang-select").value = self.lang
        el("lang-select").setAttribute("aria-label", self.t("menu.language"))
        document.title = self.t(self.title_key)
        self.panels.translate(self.t, [self.t(key) for key in self.key_help_keys])
        self.page.translate()

    def read_seed(self, raw: str | int | None) -> int:
        """The seed of a new game: ``raw`` (a number, or the text of a link
        or of the dialog: :class:`StartError` if it is no seed), or a
        random one when none is given."""
        seed = seed_of(raw, self.seed_max) if isinstance(raw, str) else raw
        return seed if seed is not None else random.randrange(1 << 32)

    # -- settings: sounds, the bots' speed and the language --------------------------------
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
            self.page.render()

    def bot_delay(self) -> float:
        """Milliseconds before the next bot decision (0: as fast as possible)."""
        return bot_delay_ms(self.bot_delay_base, self.bot_speed, self.link_speed)

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.lang = lang
        self.strings = self.strings_class(lang)
        self.store.set_setting("lang", lang)
        self.translate_static()
        self.new_game_dialog.translate()
        self.page.render()
        if self.reviewer is not None:  # the review on screen, judged again in the new language
            self.reviewer.language_changed()

    # -- starting ---------------------------------------------------------------------------
    def start(self) -> None:
        """Decide what the page opens with: a start link, a save named by
        ``?save=``, the last game of this page's game, or a first screen."""
        if self.query_too_long:
            self.notices.show_message(self.t("error.url_too_long"), error=True, offer_new=True)
            self.page.render()
            return
        self.saver.restore_unsaved()
        if self.links.open_shared() or self.page.start_from_link():
            return
        wanted = self.query.get("save")
        if wanted:
            self.resume(wanted)
            window.history.replaceState(None, "", self.page_url())
            return
        current = self.store.get_setting(CURRENT_SETTING)
        saves = self.store.list_saves(self.game)  # this game's, and the damaged ones
        if isinstance(current, str) and any(s["id"] == current for s in saves):
            self.resume(current)  # a damaged save says so (and is kept)
            return
        found = next((s for s in saves if not s["broken"] and not s.get("over", False)), None)
        if found is not None:
            self.resume(found["id"])
            return
        self.page.render()
        self.page.first_visit()

    def page_url(self, **params: str) -> str:
        """This page's address, keeping ``lang`` and a ``speed`` it uses."""
        kept = ("speed", "lang") if speed_problem(self.query) is None else ("lang",)
        keep = {k: v for k, v in self.query.items() if k in kept}
        keep.update(params)
        tail = "&".join(f"{k}={quote(str(v))}" for k, v in keep.items())
        entry = entry_for(self.game)
        return (entry.page if entry else "index.html") + ("?" + tail if tail else "")

    def forget_link(self) -> None:
        """Drop a start link's parameters, so a reload resumes instead of restarting."""
        window.history.replaceState(None, "", self.page_url())

    def resume(self, save_id: str) -> bool:
        notices = self.notices
        try:
            game, seats = self.store.load(save_id)
        except SaveError as err:
            js.console.warn(f"{self.where}: saved game {save_id} cannot be loaded: {err}; "
                            f"raw text kept under {err.backup_key}")
            newer = err.code == "future"  # the newer version goes on with it: offered, and kept current
            notices.show_message(err.message(self.lang), error=True, offer_new=True, details=err.details(self.lang),
                                 action=("btn-message-reload", "button.reload", reload_newest) if newer else None)
            if not newer:
                self.saver.set_current(None)
            self.page.render()
            return False
        found = definition_of(game).name
        if found != self.game:  # another game's save: named, and nothing here changes
            notices.show_message(SaveError("other_game", game=found).message(self.lang), error=True, offer_new=True)
            self.page.render()
            return False
        notices.hide_message()
        try:
            self.page.open_game(game, seats, save_id)
        except (ValueError, TypeError) as exc:  # a record the page cannot seat (the save stays as it is)
            js.console.warn(f"{self.where}: saved game {save_id} cannot be opened: {exc}")
            notices.show_message(self.t("error.save_invalid"), error=True, offer_new=True, details=str(exc))
            self.saver.set_current(None)
            self.page.render()
            return False
        self.resumed = True
        return True

    def say_link_problem(self, kept: bool) -> None:
        """Show why a link could not be opened (kept: a game on screen goes
        on as it was, and the message says so; else a new game is offered)."""
        said = problem_text(self.link_problem, self.strings, kept)
        self.link_problem = None
        if said is not None:
            self.notices.show_message(said[0], error=True, details=said[1], offer_new=not kept)

    def say_start_notes(self) -> None:
        """What the page says once it is open, under any other message: a
        link's speed it does not use, and storage the browser blocks (said
        before the first move, with the game offered as a file)."""
        notices = self.notices
        speed = speed_problem(self.query)
        if speed is not None:
            text = self.t("link.speed", **speed)
            notices.toast(text) if notices.message_text() else notices.show_message(text)
        if self.storage_blocked:
            self.saver.warn_blocked()
            if not notices.message_text():
                notices.show_message(self.t("error.storage_blocked"), error=True)

    def show_game(self, save_id: str | None) -> None:
        """A game page has put a game on screen: from now on it is written
        to ``save_id`` (None: a new save), and its log starts afresh."""
        self.cancel_bots()
        self.saver.save_id = save_id
        self.frames.adopt(save_id)
        if save_id:
            self.saver.set_current(save_id)
        el("log").innerHTML = ""
        el("app").hidden = False

    def play_again(self) -> None:
        """The end screen's "play again": the same seats, a new seed."""
        el("game-over").close()
        if self.page.current_game() is None:
            self.new_game_dialog.open()
            return
        rows = self.page.seat_rows()
        self.page.new_game([Seat(r.name, r.kind) for r in rows], self.read_seed(None), [r.extra for r in rows])

    def show_game_over(self, text: str, why: str = "") -> None:
        """The end-of-game dialog: who won (``text``), why, and the table of
        the game the page wrote into #game-over-stats."""
        el("game-over-winners").textContent = text
        el("game-over-why").textContent = why
        self.notices.announce(" ".join(x for x in (text, why) if x))
        dialog = el("game-over")
        if not dialog.open:
            dialog.showModal()

    # -- saving (:mod:`.autosave`) and other tabs of the site ------------------------------
    def autosave(self) -> None:
        self.saver.save()

    def stale(self) -> bool:
        """True (after showing the newer game) when another tab has played
        on this game since this tab read or wrote it."""
        return self.saver.stale()

    def storage_changed(self, evt) -> None:
        """The ``storage`` event: another tab wrote or removed a key."""
        key = str(evt.key) if evt.key else None  # a cleared storage: JavaScript's null
        save_id = self.saver.save_id
        if save_id and key in (None, SAVE_PREFIX + save_id):
            self.stale()
        if (key is None or key.startswith(SAVE_PREFIX)) and el("saves").open:
            self.saves.fill()
        if key == SETTINGS_KEY:  # another tab's language, applied here at once
            lang = self.store.get_setting("lang")
            if lang in LANGUAGES and lang != self.lang:
                self.set_language(lang)

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
        if self.page.game_key(str(evt.key)):
            evt.preventDefault()

    # -- bots -------------------------------------------------------------------------
    def cancel_bots(self) -> None:
        if self.bot_timer is not None:
            window.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def schedule_bots(self, pending: bool) -> None:
        if self.bot_timer is not None or not pending:
            return
        self.bot_scheduled_ms = self.bot_delay()
        self.bot_timer = later(self.bot_scheduled_ms, self.bot_tick)

    def bot_tick(self) -> None:
        self.bot_timer = None
        if self.stale():
            return
        try:
            if self.bot_delay() == 0:
                deadline = time.monotonic() + FAST_SLICE_MS / 1000
                while time.monotonic() < deadline and self.page.bot_step().ok:
                    pass
            else:
                self.page.bot_step()
            self.autosave()
        except Exception as exc:  # (a bot that fails plays its first legal move: this is the code itself broken)
            report(self.where + " bot", exc)
            self.events.on_error(exc)
        self.page.render()

    # -- running ------------------------------------------------------------------------
    def mark_redraw(self, evt) -> None:
        """``window.diceland.lastRedrawMs`` after the redraw ``evt`` caused."""
        mark_redraw(self.api, evt)

    def run(self):
        """Expose the API, start, and tell boot.js (and tests) the page is
        ready; returns the page."""
        self.api = expose(self)
        try:
            self.start()
            self.say_link_problem(self.resumed)  # over whatever game opened instead
            if self.review_at_start:
                review_open.review(self, "at_start")
            self.say_start_notes()
        except Exception as exc:
            report(self.where, exc)
            self.notices.show_message(self.t("error.unexpected_short"), error=True, offer_new=True,
                                      details=str(exc))
        document.documentElement.dataset.ready = "true"
        return self.page


def _read_query(search: str) -> tuple[bool, dict]:
    """The page's query (without its ``?``): whether it is too long to read
    (refused unread) and its values; a bare ``daily`` is today's game."""
    if len(search) > MAX_QUERY_CHARS:
        return True, {}
    query = query_values(search)
    if "daily" in query_values(search, keep_blank=True):
        query.setdefault("daily", "")
    return False, query
