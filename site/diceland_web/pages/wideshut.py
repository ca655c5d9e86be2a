"""The Dice Wide Shut page: the sheet's canvas (red and blue halves), the
dice, the seat tabs, the new-game form and the end of the game, over
:class:`diceland_web.shell.Shell`.

Rules live in ``diceland_core.games.wideshut``; what the page shows and what
a tap does in ``diceland_site.games.wideshut`` (``play``, ``draw``, ``model``).

URL parameters: ``players`` (``human,greedy,expert``: 2 to 5 seats),
``seed`` and ``names`` start a new game; ``position`` opens a shared
position; ``save`` opens a saved game; ``lang`` picks the language;
``speed`` scales the bots' delay (``speed=0``: at once).
"""

from __future__ import annotations

import random
from dataclasses import asdict

from diceland_site.packed import LinkError
from diceland_site.seats import SEAT_KINDS
from diceland_site.games.wideshut import GAME
from diceland_site.games.wideshut.draw import frame_ops, layout_for, static_ops
from diceland_site.games.wideshut.model import DIE_STYLE
from diceland_site.games.wideshut.options import LINK_KEYS, default_seats, from_query, make_seats
from diceland_site.games.wideshut.controller import Controller
from diceland_site.games.wideshut.share import PARAM, decode_position
from diceland_site.games.wideshut.strings import WideStrings

from ..dom import document, draw_canvas, el, esc, js_obj, window
from ..shell import Shell

BUTTONS = ("roll", "confirm", "clear", "undo", "hint")
#: keyboard shortcuts of the buttons (digits take the dice)
SHORTCUTS = {"r": "roll", "c": "confirm", "h": "hint", "u": "undo"}
CANVAS_KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape")
#: the lines of the keyboard shortcuts panel ("?"), in the order a turn goes
HELP_LINES = ("keys.roll", "keys.dice", "keys.arrows", "keys.toggle", "keys.confirm", "keys.undo", "keys.hint",
              "keys.escape", "keys.help")


class WideShutPage(Shell):
    GAME = GAME
    WHERE = "Dice Wide Shut"
    STRINGS = WideStrings
    KEY_HELP = HELP_LINES
    BOT_DELAY_MS = 600

    def __init__(self):
        super().__init__()
        self.play: Controller | None = None
        self.over_shown = False
        self.cache: dict = {}
        self.layout = None
        self.bind()
        self.translate_static()

    # -- wiring ---------------------------------------------------------------------
    def bind(self) -> None:
        for name in BUTTONS:
            self.on(el(f"btn-{name}"), "click", lambda evt, n=name: self.button(n, evt))
        self.on(el("dice"), "click", self.dice_click)
        self.on(el("seat-tabs"), "click", self.tab_click)
        self.on(self.canvas, "click", self.canvas_click)
        self.on(self.canvas, "keydown", self.canvas_key)
        self.on(window, "resize", lambda evt: self.render())

    def translate_static(self) -> None:
        super().translate_static()
        el("dice").setAttribute("aria-label", self.t("dice.title"))
        el("seat-tabs").setAttribute("aria-label", self.t("tabs.label"))

    def language_changed(self) -> None:
        if self.play is not None:
            self.play.set_language(self.lang)
        self.cache.clear()

    # -- games ------------------------------------------------------------------------
    def start_from_link(self) -> bool:
        if PARAM in self.query:
            self.forget_link()
            try:
                game, seats = decode_position(self.query[PARAM])
            except LinkError as exc:  # said once the page has opened what it can
                self.link_problem = exc
            else:
                self.set_play(Controller(game, seats, self.lang), None)
                self.autosave()
                return True
        if LINK_KEYS & set(self.query):
            self.forget_link()
            setup = from_query(self.query, self.strings)
            if isinstance(setup, str):
                self.link_problem = setup
                return False
            seed = setup.seed if setup.seed is not None else random.randrange(1 << 32)
            self.set_play(Controller.new(setup.seats, seed, self.lang), None)
            self.autosave()
            return True
        return False

    def forget_link(self) -> None:
        """Drop a start link's parameters, so a reload resumes instead of restarting."""
        window.history.replaceState(None, "", self.page_url())

    def first_visit(self) -> None:
        self.new_game(default_seats(self.strings), random.randrange(1 << 32))

    def new_game(self, seats, seed: int) -> None:
        self.set_play(Controller.new(seats, seed, self.lang), None)
        self.autosave()

    def open_game(self, game, seats, save_id: str | None) -> None:
        self.set_play(Controller(game, seats, self.lang), save_id)

    def set_play(self, play: Controller, save_id: str | None) -> None:
        self.show_game(save_id)
        self.play = play
        self.over_shown = play.game.over
        self.render()

    def play_again(self) -> None:
        el("game-over").close()
        self.new_game(self.play.seats if self.play else default_seats(self.strings), random.randrange(1 << 32))

    # -- shell hooks --------------------------------------------------------------------
    def current_game(self):
        return None if self.play is None else (self.play.game, self.play.seats)

    def worth_keeping(self) -> bool:
        return self.play is not None

    def handoff_done(self) -> None:
        if self.play is not None:
            self.play.ready()
            self.render()
            self.canvas.focus()

    def game_key(self, key: str) -> bool:
        if self.play is None:
            return False
        key = key.lower()
        if key.isdigit() and key != "0":
            dice = self.play.model().dice
            n = int(key) - 1
            if n < len(dice):
                self.act(self.play.tap_die(dice[n].index))
            return True
        if key in SHORTCUTS:
            self.button(SHORTCUTS[key])
            return True
        return False

    def bot_step(self) -> bool:
        if self.play is None or not self.play.bot_turn():
            return False
        self.show_result(self.play.bot_step(), keep_message=True)
        return True

    # -- input --------------------------------------------------------------------------
    def show_result(self, result, keep_message: bool = False) -> None:
        """What a tap or a bot did: a refusal or a note, and the log's new
        lines.  A bot's move (``keep_message``) leaves a message on screen
        (a link's refusal) for the person to read."""
        if result.ok:
            if not keep_message:
                self.hide_message()
            if result.reason:
                self.show_message(result.reason)
        else:
            self.show_message(result.reason, error=True, details=result.details)
        for line in result.lines:
            self.log(line)
        if result.lines:
            self.announce(" ".join(result.lines))

    def act(self, result, evt=None) -> None:
        self.show_result(result)
        if result.changed:
            self.autosave()
        self.render()
        if evt is not None:
            self.mark_redraw(evt)

    def button(self, name: str, evt=None) -> None:
        if self.play is None or self.stale():
            return
        self.act(self.play.key("Escape") if name == "clear" else getattr(self.play, name)(), evt)

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button[data-index]") if evt.target else None
        if not target or self.play is None or self.stale():
            return
        self.act(self.play.tap_die(int(target.dataset.index)), evt)

    def tab_click(self, evt) -> None:
        target = evt.target.closest("button[data-seat]") if evt.target else None
        if not target or self.play is None:
            return
        seat = int(target.dataset.seat)
        self.play.view_sheet(None if seat == self.play.current() else seat)
        self.render()

    def canvas_click(self, evt) -> None:
        if self.play is None or self.layout is None or self.stale():
            return
        rect = self.canvas.getBoundingClientRect()
        hit = self.layout.hit(float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top))
        if hit is not None:
            self.play.cursor = hit
            self.act(self.play.tap_box(*hit), evt)

    def canvas_key(self, evt) -> None:
        key = str(evt.key)
        if self.play is None or key not in CANVAS_KEYS or self.overlay_open():
            return
        evt.preventDefault()
        evt.stopPropagation()
        if not self.stale():
            self.act(self.play.key(key), evt)

    # -- drawing --------------------------------------------------------------------------
    def frame_canvas(self):
        """The sheet, kept small with the save for the next visit's boot screen."""
        return self.canvas if self.play is not None and self.layout is not None else None

    def render(self) -> None:
        play = self.play
        if play is None:
            return
        m = play.model()
        rect = el("board-wrap").getBoundingClientRect()
        self.layout = layout_for(float(rect.width) or 340.0, float(window.devicePixelRatio or 1),
                                 float(window.innerHeight) - 60)
        self.canvas.style.width = f"{self.layout.css_width}px"
        s = self.strings
        self.cache["board"] = self.lang
        draw_canvas(self.canvas, self.ctx, self.layout, lambda: static_ops(s),
                    frame_ops(play.game.sheets[m.shown], m, s), self.cache)
        shown = m.seats[m.shown]
        self.canvas.setAttribute("aria-label", s.t("sheet.label", name=shown.name, total=shown.total))
        el("prompt").textContent = m.prompt
        el("notes").innerHTML = "".join(f"<li>{esc(n)}</li>" for n in m.notes)
        self.render_dice(m)
        self.render_tabs(m)
        for b in m.buttons:
            el(f"btn-{b.id}").disabled = not b.enabled
        banner = el("end-banner")
        banner.hidden = not m.end_triggered
        banner.textContent = m.end_text
        self.show_handoff(asdict(m.handoff) if m.handoff else None)
        el("status").textContent = "" if m.over else s.t("status.round", round=m.round)
        if m.over and not self.over_shown:
            self.over_shown = True
            self.show_over(m)
        self.schedule_bots(play.bot_turn())

    def render_dice(self, m) -> None:
        parts = []
        for d in m.dice:
            fill, ink, symbol = DIE_STYLE[d.colour]
            parts.append(
                f'<button type="button" id="die-{d.index}" class="ws-die{" taken" if d.taken else ""}" data-index="{d.index}" '
                f'aria-pressed="{"true" if d.chosen else "false"}" aria-label="{esc(d.label)}" '
                f'style="background:{fill};color:{ink}"{"" if d.enabled else " disabled"}>'
                f'<span aria-hidden="true">{d.value}</span><span class="ws-sym" aria-hidden="true">'
                f'{symbol} {esc(self.strings.colour(d.colour))}</span></button>')
        el("dice").innerHTML = "".join(parts)

    def render_tabs(self, m) -> None:
        parts = []
        for q, seat in enumerate(m.seats):
            mark = "▶ " if seat.current else ""
            parts.append(f'<button type="button" role="tab" class="seat-tab" data-seat="{q}" '
                         f'aria-selected="{"true" if seat.shown else "false"}">'
                         f'{mark}{esc(self.t("tab.text", name=seat.name, total=seat.total))}</button>')
        el("seat-tabs").innerHTML = "".join(parts)

    def show_over(self, m) -> None:
        game = self.play.game
        el("game-over-winners").textContent = m.prompt
        el("game-over-stats").innerHTML = "".join(
            f"<li>{esc(self.t('over.line', name=seat.name, total=game.sheets[q].total, splits=game.sheets[q].splits))}</li>"
            for q, seat in enumerate(self.play.seats))
        if not el("game-over").open:
            el("game-over").showModal()

    def log(self, text: str) -> None:
        item = document.createElement("li")
        item.textContent = text
        el("log").appendChild(item)

    # -- new-game dialog ----------------------------------------------------------------------
    def seat_rows(self, kinds: list[str]) -> None:
        kinds = kinds[:5] if len(kinds) >= 2 else (kinds + ["expert", "expert"])[:2]
        rows = []
        for i, kind in enumerate(kinds):
            options = "".join(f'<option value="{k}"{" selected" if k == kind else ""}>'
                              f'{esc(self.t("seat." + k))}</option>' for k in SEAT_KINDS)
            rows.append(f'<label class="row"><span>{esc(self.t("seat.label", number=i + 1))}</span>'
                        f'<select class="seat-kind">{options}</select></label>')
        el("seat-rows").innerHTML = "".join(rows)

    def add_seat_row(self) -> None:
        self.seat_rows(self.read_seats() + ["expert"])

    def remove_seat_row(self) -> None:
        self.seat_rows(self.read_seats()[:-1])

    def read_seats(self) -> list[str]:
        nodes = document.querySelectorAll("#seat-rows select.seat-kind")
        return [str(nodes.item(i).value) for i in range(nodes.length)]

    def open_new_game(self) -> None:
        self.seat_rows([s.kind for s in self.play.seats] if self.play else ["human", "expert"])
        el("new-game-error").textContent = ""
        if not el("new-game").open:
            el("new-game").showModal()

    def submit_new_game(self, evt) -> None:
        evt.preventDefault()
        kinds = self.read_seats()
        query = {"players": ",".join(kinds)}
        seed_text = str(el("seed-input").value).strip()
        if seed_text:
            query["seed"] = seed_text
        setup = from_query(query, self.strings)
        if isinstance(setup, str):
            el("new-game-error").textContent = setup
            return
        el("new-game").close()
        seed = setup.seed if setup.seed is not None else random.randrange(1 << 32)
        self.new_game(make_seats(kinds, [], self.strings), seed)

    # -- what tests and tools can ask ----------------------------------------------------------
    def state(self) -> dict:
        if self.play is None:
            return {"game": False}
        m = self.play.model()
        return {
            "game": True, "lang": m.lang, "phase": m.phase, "round": m.round, "current": m.current,
            "shown": m.shown, "prompt": m.prompt, "buttons": {b.id: b.enabled for b in m.buttons},
            "handoff": m.handoff.title if m.handoff else None,
            "bot_turn": m.bot_pending, "game_over": m.over, "winners": list(m.winners),
            "end_triggered": m.end_triggered, "chosen": list(m.chosen), "notes": list(m.notes),
            "targets": [[t.half, t.row, t.col, t.kind] for t in m.targets],
            "dice": [{"index": d.index, "colour": d.colour, "value": d.value, "enabled": d.enabled,
                      "taken": d.taken, "label": d.label} for d in m.dice],
            "seats": [{"name": x.name, "kind": x.kind, "total": x.total} for x in m.seats],
        }

    def api_functions(self) -> dict:
        def box_center(half, row, col):
            if self.layout is None:
                return None
            x, y = self.layout.box_center_css(str(half), int(row), int(col))
            rect = self.canvas.getBoundingClientRect()
            if not 0 <= float(rect.top) + y <= float(window.innerHeight):
                window.scrollBy(0, float(rect.top) + y - float(window.innerHeight) / 2)
                rect = self.canvas.getBoundingClientRect()
            return js_obj({"x": float(rect.left) + x, "y": float(rect.top) + y})

        return {"boxCenter": box_center}

    def hint_clicks(self) -> list[dict]:
        if self.play is None or self.layout is None:
            return []
        if self.play.viewing is not None:
            self.play.view_sheet(None)
            self.render()
        return self.play.hint_clicks(self.layout)

    def hint_move(self):
        return None if self.play is None else self.play.hint_move()


def main() -> WideShutPage:
    page = WideShutPage()
    page.run()
    return page
