"""The Dice Wide Shut page: DOM and canvas events in, ``diceland_site.wideshut``
calls out, pixels and text back.  The only Python touching the DOM for this
game; rules live in ``diceland_core.games.wideshut``, everything testable in
``diceland_site.wideshut``.

URL parameters: ``players`` (``human,greedy,expert``: 2 to 5 seats),
``seed`` and ``names`` start a new game; ``lang`` picks the language;
``speed`` scales the bots' delay (``speed=0``: at once).
"""

from __future__ import annotations

import json
import random
import time
import traceback
from urllib.parse import parse_qs

import js
from pyodide.ffi import create_once_callable, create_proxy

from diceland_core import record_json
from diceland_site.i18n import LANGUAGES, choose_language
from diceland_site.paint import draw_board
from diceland_site.seats import SEAT_KINDS
from diceland_site.storage import SaveError, SaveStore
from diceland_site.wideshut import GAME
from diceland_site.wideshut.draw import frame_ops, layout_for, static_ops
from diceland_site.wideshut.model import DIE_STYLE
from diceland_site.wideshut.options import LINK_KEYS, default_seats, from_query, make_seats
from diceland_site.wideshut.play import Play
from diceland_site.wideshut.share import PARAM, decode_position, encode_position
from diceland_site.wideshut.strings import WideStrings

from diceland_web.dom import document, el, esc, js_obj, window
from diceland_web.shell import LocalStorage

BOT_DELAY_MS = 600
CURRENT_SETTING = "current_wideshut"


class WidePage:
    def __init__(self):
        self._proxies = []
        self.query = {k: v[-1] for k, v in parse_qs(str(window.location.search)[1:]).items()}
        try:
            backend = LocalStorage(window.localStorage)
            backend.keys()
        except Exception:
            backend = {}
        self.store = SaveStore(backend)
        url_lang = self.query.get("lang")
        saved = url_lang if url_lang in LANGUAGES else self.store.get_setting("lang")
        self.lang = choose_language(saved, list(window.navigator.languages or []))
        self.s = WideStrings(self.lang)
        try:
            self.speed = max(0.0, float(self.query.get("speed", "1")))
        except ValueError:
            self.speed = 1.0
        self.play: Play | None = None
        self.save_id: str | None = None
        self.bot_timer = None
        self.over_shown = False
        self.cache: dict = {}
        self.layout = None
        self.canvas = el("board")
        self.ctx = self.canvas.getContext("2d")
        self.bind()
        self.translate()

    # -- wiring ---------------------------------------------------------------------
    def on(self, element, event: str, handler) -> None:
        def safe(evt=None):
            try:
                handler(evt)
            except Exception as exc:
                js.console.error("Dice Wide Shut: " + "".join(traceback.format_exception(exc)))
                self.message(self.s.t("error.unexpected", detail=str(exc)), error=True)
        proxy = create_proxy(safe)
        self._proxies.append(proxy)
        element.addEventListener(event, proxy)

    def bind(self) -> None:
        for name in ("roll", "confirm", "clear", "undo", "hint"):
            self.on(el(f"btn-{name}"), "click", lambda evt, n=name: self.button(n))
        self.on(el("btn-handoff"), "click", lambda evt: self.handoff_ok())
        self.on(el("dice"), "click", self.dice_click)
        self.on(el("seat-tabs"), "click", self.tab_click)
        self.on(self.canvas, "click", self.canvas_click)
        self.on(self.canvas, "keydown", self.canvas_key)
        self.on(document, "keydown", self.document_key)
        self.on(window, "resize", lambda evt: self.render())
        self.on(el("lang-select"), "change", lambda evt: self.set_language(str(evt.target.value)))
        self.on(el("btn-new"), "click", lambda evt: self.open_new_game())
        self.on(el("btn-new-cancel"), "click", lambda evt: el("new-game").close())
        self.on(el("btn-add-seat"), "click", lambda evt: self.seat_rows(self.read_seats() + ["expert"]))
        self.on(el("btn-remove-seat"), "click", lambda evt: self.seat_rows(self.read_seats()[:-1]))
        self.on(el("new-game-form"), "submit", self.submit_new_game)
        self.on(el("btn-saves"), "click", lambda evt: self.open_saves())
        self.on(el("btn-saves-close"), "click", lambda evt: el("saves").close())
        self.on(el("btn-over-close"), "click", lambda evt: el("game-over").close())
        self.on(el("btn-play-again"), "click", lambda evt: self.play_again())
        self.on(el("btn-export"), "click", lambda evt: self.export())
        self.on(el("btn-import"), "click", lambda evt: el("import-file").click())
        self.on(el("import-file"), "change", self.import_file)
        self.on(el("btn-share"), "click", lambda evt: self.open_share())
        self.on(el("btn-share-close"), "click", lambda evt: el("share").close())
        self.on(el("btn-share-copy"), "click", lambda evt: self.copy_link())

    def translate(self) -> None:
        document.documentElement.lang = self.lang
        nodes = document.querySelectorAll("[data-i18n]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = self.s.t(str(node.dataset.i18n))
        el("lang-select").value = self.lang
        el("dice").setAttribute("aria-label", self.s.t("dice.title"))
        el("seat-tabs").setAttribute("aria-label", self.s.t("tabs.label"))
        document.title = self.s.t("app.title")

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.lang, self.s = lang, WideStrings(lang)
        self.store.set_setting("lang", lang)
        if self.play is not None:
            self.play.set_language(lang)
        self.cache.clear()
        self.translate()
        self.render()

    # -- games ------------------------------------------------------------------------
    def start(self) -> None:
        if PARAM in self.query:
            try:
                game, seats = decode_position(self.query[PARAM])
                self.set_play(Play(game, seats, self.lang), None)
                self.autosave()
            except ValueError as exc:
                self.message(self.s.t("error.share", detail=str(exc)), error=True)
            self.forget_link()
            if self.play is not None:
                return
        if LINK_KEYS & set(self.query):
            setup = from_query(self.query, self.s)
            if isinstance(setup, str):
                self.message(setup, error=True)
            else:
                seed = setup.seed if setup.seed is not None else random.randrange(1 << 32)
                self.set_play(Play.new(setup.seats, seed, self.lang), None)
                self.autosave()
            self.forget_link()
            if self.play is not None:
                return
        current = self.store.get_setting(CURRENT_SETTING)
        ids = [s["id"] for s in self.store.list_saves(GAME) if not s["broken"]]
        if isinstance(current, str) and current in ids and self.resume(current):
            return
        found = self.store.last_unfinished(GAME)
        if found is not None and self.resume(found["id"]):
            return
        self.set_play(Play.new(default_seats(self.s), random.randrange(1 << 32), self.lang), None)
        self.autosave()

    def forget_link(self) -> None:
        """Drop a start link's parameters, so a reload resumes instead of restarting."""
        keep = {k: v for k, v in self.query.items() if k in ("speed", "lang")}
        tail = ("?" + "&".join(f"{k}={v}" for k, v in keep.items())) if keep else ""
        window.history.replaceState(None, "", "wideshut.html" + tail)

    def resume(self, save_id: str) -> bool:
        try:
            game, seats = self.store.load(save_id)
            play = Play(game, seats, self.lang)
        except (SaveError, ValueError, TypeError) as err:
            text = err.message(self.lang) if isinstance(err, SaveError) else str(err)
            self.message(text, error=True)
            self.store.set_setting(CURRENT_SETTING, None)
            return False
        self.set_play(play, save_id)
        return True

    def set_play(self, play: Play, save_id: str | None) -> None:
        self.cancel_bots()
        self.play = play
        self.save_id = save_id
        if save_id:
            self.store.set_setting(CURRENT_SETTING, save_id)
        self.over_shown = play.game.over
        el("log").innerHTML = ""
        el("app").hidden = False
        self.render()

    def autosave(self) -> None:
        if self.play is None:
            return
        result = self.store.save(self.play.game, self.play.seats, self.save_id)
        if result.save_id != self.save_id:
            self.save_id = result.save_id
            self.store.set_setting(CURRENT_SETTING, result.save_id)

    def play_again(self) -> None:
        el("game-over").close()
        seats = self.play.seats if self.play else default_seats(self.s)
        self.set_play(Play.new(seats, random.randrange(1 << 32), self.lang), None)
        self.autosave()

    # -- input --------------------------------------------------------------------------
    def after(self, result, t0: float | None = None) -> None:
        if result.ok:
            self.hide_message()
            if result.message:
                self.message(result.message)
        else:
            self.message(result.message, error=True, details=result.details)
        for line in result.lines:
            self.log(line)
        if result.lines:
            el("announcer").textContent = " ".join(result.lines)
        if result.changed:
            self.autosave()
        self.render()
        if t0 is not None and self.api is not None:
            self.api.lastRedrawMs = window.performance.now() - t0

    def button(self, name: str) -> None:
        t0 = window.performance.now()
        if self.play is None:
            return
        self.after(self.play.key("Escape") if name == "clear" else getattr(self.play, name)(), t0)

    def handoff_ok(self) -> None:
        if self.play is not None:
            self.play.ready()
            self.render()
            self.canvas.focus()

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button[data-index]") if evt.target else None
        if target is None or self.play is None:
            return
        t0 = window.performance.now()
        self.after(self.play.tap_die(int(target.dataset.index)), t0)

    def tab_click(self, evt) -> None:
        target = evt.target.closest("button[data-seat]") if evt.target else None
        if target is None or self.play is None:
            return
        seat = int(target.dataset.seat)
        self.play.view_sheet(None if seat == self.play.current() else seat)
        self.render()

    def canvas_click(self, evt) -> None:
        if self.play is None or self.layout is None:
            return
        t0 = window.performance.now()
        rect = self.canvas.getBoundingClientRect()
        hit = self.layout.hit(float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top))
        if hit is not None:
            self.play.cursor = hit
            self.after(self.play.tap_box(*hit), t0)

    def canvas_key(self, evt) -> None:
        key = str(evt.key)
        if self.play is None or key not in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape"):
            return
        evt.preventDefault()
        evt.stopPropagation()
        t0 = window.performance.now()
        self.after(self.play.key(key), t0)

    def document_key(self, evt) -> None:
        tag = str(evt.target.tagName).lower() if evt.target and evt.target.tagName else ""
        if self.play is None or tag in ("input", "select", "textarea") or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        if any(el(d).open for d in ("new-game", "saves", "game-over")):
            return
        key = str(evt.key).lower()
        if key.isdigit() and key != "0":
            dice = self.play.view().dice
            n = int(key) - 1
            if n < len(dice):
                self.after(self.play.tap_die(dice[n].index))
        elif key in ("r", "c", "h", "u"):
            self.button({"r": "roll", "c": "confirm", "h": "hint", "u": "undo"}[key])

    # -- bots ---------------------------------------------------------------------------
    def cancel_bots(self) -> None:
        if self.bot_timer is not None:
            window.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def schedule_bots(self) -> None:
        if self.bot_timer is None and self.play is not None and self.play.bot_turn():
            self.bot_timer = window.setTimeout(create_once_callable(self.bot_tick), BOT_DELAY_MS * self.speed)

    def bot_tick(self) -> None:
        self.bot_timer = None
        try:
            if self.play is not None and self.play.bot_turn():
                self.after(self.play.bot_step())
        except Exception as exc:
            js.console.error("Dice Wide Shut: " + "".join(traceback.format_exception(exc)))

    # -- drawing --------------------------------------------------------------------------
    def render(self) -> None:
        play = self.play
        if play is None:
            return
        m = play.view()
        rect = el("board-wrap").getBoundingClientRect()
        self.layout = layout_for(float(rect.width) or 340.0, float(window.devicePixelRatio or 1),
                                 float(window.innerHeight) - 60)
        self.canvas.style.width = f"{self.layout.css_width}px"
        s = self.s
        self.cache["board"] = self.lang
        draw_board(self.canvas, self.ctx, self.layout, lambda: static_ops(s),
                   frame_ops(play.game.sheets[m.shown], m, s), self.cache,
                   lambda: document.createElement("canvas"))
        shown = m.seats[m.shown]
        self.canvas.setAttribute("aria-label", s.t("sheet.label", name=shown.name, total=shown.total))
        el("prompt").textContent = m.prompt
        el("notes").innerHTML = "".join(f"<li>{esc(n)}</li>" for n in m.notes)
        self.render_dice(m)
        self.render_tabs(m)
        for name, enabled in m.buttons.items():
            el(f"btn-{name}").disabled = not enabled
        banner = el("end-banner")
        banner.hidden = not m.end_triggered
        banner.textContent = m.end_text
        el("handoff").hidden = m.handoff is None
        el("handoff-text").textContent = m.handoff or ""
        el("status").textContent = "" if m.game_over else s.t("status.round", round=m.round)
        if m.game_over and not self.over_shown:
            self.over_shown = True
            self.show_over(m)
        self.schedule_bots()

    def render_dice(self, m) -> None:
        parts = []
        for d in m.dice:
            fill, ink, symbol = DIE_STYLE[d.colour]
            parts.append(
                f'<button type="button" class="ws-die{" taken" if d.taken else ""}" data-index="{d.index}" '
                f'aria-pressed="{"true" if d.chosen else "false"}" aria-label="{esc(d.label)}" '
                f'style="background:{fill};color:{ink}"{"" if d.enabled else " disabled"}>'
                f'<span aria-hidden="true">{d.value}</span><span class="ws-sym" aria-hidden="true">'
                f'{symbol} {esc(self.s.colour(d.colour))}</span></button>')
        el("dice").innerHTML = "".join(parts)

    def render_tabs(self, m) -> None:
        parts = []
        for q, seat in enumerate(m.seats):
            mark = "▶ " if seat.current else ""
            parts.append(f'<button type="button" role="tab" class="seat-tab" data-seat="{q}" '
                         f'aria-selected="{"true" if seat.shown else "false"}">'
                         f'{mark}{esc(self.s.t("tab.text", name=seat.name, total=seat.total))}</button>')
        el("seat-tabs").innerHTML = "".join(parts)

    def show_over(self, m) -> None:
        s, game = self.s, self.play.game
        el("game-over-winners").textContent = m.prompt
        el("game-over-stats").innerHTML = "".join(
            f"<li>{esc(s.t('over.line', name=seat.name, total=game.sheets[q].total, splits=game.sheets[q].splits))}</li>"
            for q, seat in enumerate(self.play.seats))
        if not el("game-over").open:
            el("game-over").showModal()

    def log(self, text: str) -> None:
        item = document.createElement("li")
        item.textContent = text
        el("log").appendChild(item)

    def message(self, text: str, error: bool = False, details: str = "") -> None:
        box = el("message")
        box.className = "message error" if error else "message"
        box.innerHTML = esc(text) + (
            f' <details class="rule-details"><summary>{esc(self.s.t("button.details"))}</summary>'
            f'{esc(details)}</details>' if details else "")
        box.hidden = False

    def hide_message(self) -> None:
        el("message").hidden = True

    # -- dialogs ----------------------------------------------------------------------------
    def seat_rows(self, kinds: list[str]) -> None:
        kinds = kinds[:5] if len(kinds) >= 2 else (kinds + ["expert", "expert"])[:2]
        rows = []
        for i, kind in enumerate(kinds):
            options = "".join(f'<option value="{k}"{" selected" if k == kind else ""}>'
                              f'{esc(self.s.t("seat.kind." + k))}</option>' for k in SEAT_KINDS)
            rows.append(f'<label class="row"><span>{esc(self.s.t("seat.label", number=i + 1))}</span>'
                        f'<select class="seat-kind">{options}</select></label>')
        el("seat-rows").innerHTML = "".join(rows)

    def read_seats(self) -> list[str]:
        nodes = document.querySelectorAll("#seat-rows select.seat-kind")
        return [str(nodes.item(i).value) for i in range(nodes.length)]

    def open_new_game(self) -> None:
        self.seat_rows([s.kind for s in self.play.seats] if self.play else ["human", "expert"])
        el("new-game-error").textContent = ""
        el("new-game").showModal()

    def submit_new_game(self, evt) -> None:
        evt.preventDefault()
        kinds = self.read_seats()
        query = {"players": ",".join(kinds)}
        seed_text = str(el("seed-input").value).strip()
        if seed_text:
            query["seed"] = seed_text
        setup = from_query(query, self.s)
        if isinstance(setup, str):
            el("new-game-error").textContent = setup
            return
        el("new-game").close()
        seed = setup.seed if setup.seed is not None else random.randrange(1 << 32)
        self.set_play(Play.new(make_seats(kinds, [], self.s), seed, self.lang), None)
        self.autosave()

    def open_saves(self) -> None:
        items = []
        for summary in self.store.list_saves(GAME):
            sid = esc(summary["id"])
            if summary["broken"]:
                text = self.s.t("saves.broken")
            else:
                names = self.s.names([p["name"] for p in summary.get("players", [])])
                text = self.s.t("saves.line", names=names, round=summary.get("round"),
                                over=self.s.t("saves.over") if summary.get("over") else "")
            items.append(f'<li>{esc(text)} <button type="button" data-resume="{sid}">'
                         f'{esc(self.s.t("button.resume"))}</button></li>')
        el("saves-list").innerHTML = "".join(items) or f"<li>{esc(self.s.t('saves.empty'))}</li>"
        buttons = document.querySelectorAll("#saves-list button[data-resume]")
        for i in range(buttons.length):
            b = buttons.item(i)
            self.on(b, "click", lambda evt, sid=str(b.dataset.resume): (el("saves").close(), self.resume(sid)))
        el("saves").showModal()

    def open_share(self) -> None:
        if self.play is None:
            return
        base = str(window.location.href).split("?")[0].split("#")[0]
        el("share-link").value = f"{base}?{PARAM}={encode_position(self.play.game, self.play.seats)}"
        el("share").showModal()

    def copy_link(self) -> None:
        field = el("share-link")
        field.select()
        document.execCommand("copy")

    def export(self) -> None:
        if self.save_id is None:
            return
        text = self.store.export_json(self.save_id)
        blob = js.Blob.new([text], js_obj({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"wideshut-{self.save_id}.json"
        link.click()
        window.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)

    def import_file(self, evt) -> None:
        files = evt.target.files
        if not files or files.length == 0:
            return

        def got(text):
            self.import_text(str(text))
        files.item(0).text().then(create_once_callable(got))
        evt.target.value = ""

    def import_text(self, text: str) -> bool:
        try:
            save_id = self.store.import_json(text, self.lang)
            game, seats = self.store.load(save_id)
            if getattr(game, "summary", None) is None or game.summary().get("game") != GAME:
                self.store.delete(save_id)
                raise SaveError("not_diceland", "not a Dice Wide Shut game")
        except SaveError as err:
            self.message(self.s.t("error.import", detail=err.detail or err.code), error=True)
            return False
        return self.resume(save_id)

    # -- what tests and tools can ask ----------------------------------------------------------
    api = None

    def expose(self) -> None:
        api = js.Object.new()

        def record():
            return record_json(self.play.game) if self.play is not None else None

        def game():
            return GAME

        def state():
            if self.play is None:
                return json.dumps({"game": False})
            m = self.play.view()
            return json.dumps({
                "game": True, "lang": m.lang, "phase": m.phase, "round": m.round, "current": m.current,
                "shown": m.shown, "prompt": m.prompt, "buttons": m.buttons, "handoff": m.handoff,
                "bot_turn": m.bot_turn, "game_over": m.game_over, "winners": list(m.winners),
                "end_triggered": m.end_triggered, "chosen": list(m.chosen), "notes": list(m.notes),
                "targets": [[t.half, t.row, t.col, t.kind] for t in m.targets],
                "dice": [{"index": d.index, "colour": d.colour, "value": d.value, "enabled": d.enabled,
                          "taken": d.taken, "label": d.label} for d in m.dice],
                "save_id": self.save_id, "message": "" if el("message").hidden else str(el("message").textContent),
                "seats": [{"name": x.name, "kind": x.kind, "total": x.total} for x in m.seats],
            })

        def box_center(half, row, col):
            if self.layout is None:
                return None
            x, y = self.layout.box_center_css(str(half), int(row), int(col))
            rect = self.canvas.getBoundingClientRect()
            if not 0 <= float(rect.top) + y <= float(window.innerHeight):
                window.scrollBy(0, float(rect.top) + y - float(window.innerHeight) / 2)
                rect = self.canvas.getBoundingClientRect()
            return js_obj({"x": float(rect.left) + x, "y": float(rect.top) + y})

        def hint_action():
            action = self.play.hint_action() if self.play is not None else None
            return json.dumps(action)

        def import_text(text):
            return self.import_text(str(text))

        def bench_bot(n=50):
            return json.dumps(bench_decisions(int(n)))

        for name, fn in (("record", record), ("game", game), ("state", state), ("boxCenter", box_center),
                         ("hintAction", hint_action), ("importText", import_text), ("benchBot", bench_bot)):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            setattr(api, name, proxy)
        api.lastRedrawMs = None
        window.diceland = api
        self.api = api


def bench_decisions(n: int) -> list[float]:
    """Milliseconds per expert decision in three-player games, in the page."""
    from diceland_core import get_game
    from diceland_core.games.wideshut.bots import make_bot

    times: list[float] = []
    seed = 0
    while len(times) < n:
        game = get_game(GAME).new(players=3, seed=seed)
        bots = [make_bot("expert", seed + p) for p in range(3)]
        while not game.over and len(times) < n:
            p = game.waiting_for()[0]
            t0 = time.perf_counter()
            action = bots[p].choose(game, p)
            times.append((time.perf_counter() - t0) * 1000)
            game.apply(action)
        seed += 1
    return times


def main() -> WidePage:
    page = WidePage()
    page.expose()
    try:
        page.start()
    except Exception as exc:
        js.console.error("Dice Wide Shut: " + "".join(traceback.format_exception(exc)))
        page.message(page.s.t("error.unexpected", detail=str(exc)), error=True)
    document.documentElement.dataset.ready = "true"
    return page


PAGE = main()
