"""The Dice Wide Shut page: the sheet's canvas (red and blue halves), the
dice, the seat tabs, the new-game form and the end of the game, handed to
:class:`diceland_web.shell.Shell`.

Rules live in ``diceland_core.games.wideshut``; what the page shows and what
a tap does in ``diceland_site.games.wideshut`` (``controller``, ``draw``, ``model``).

URL parameters: ``players`` (``human,greedy,expert``: 2 to 5 seats),
``seed`` and ``names`` start a new game; ``position`` opens a shared
position; ``save`` opens a saved game; ``lang`` picks the language;
``speed`` scales the bots' delay (``speed=0``: at once).
"""

from __future__ import annotations

from dataclasses import asdict

from diceland_core.games.wideshut.turns import dice_count
from diceland_site.games.wideshut import GAME
from diceland_site.breakdown import signed
from diceland_site.games.wideshut.breakdown import breakdown, live_score
from diceland_site.live_scores import SeatTab
from diceland_site.games.wideshut.draw import CELL, HEIGHT, WIDTH, frame_ops, hit, layout_for, mark_boxes, sheet_ops, static_ops
from diceland_site.games.wideshut.model import DIE_STYLE
from diceland_site.games.wideshut.options import LINK_KEYS, SEED_LIMIT, default_seats, from_query
from diceland_site.games.wideshut.controller import Controller
from diceland_site.games.wideshut import share
from diceland_site.games.wideshut.strings import WideStrings

from ..dom import draw_canvas, el, esc, js_obj, window
from ..game_over import show_breakdown
from ..game_page import GamePage
from ..log_panel import LogReplay
from ..minis import MiniSheets
from ..seat_tabs import render_seat_tabs
from ..shell import Shell
from ..viewport import keep_in_view, room_above, room_below
from ..welcome import bind_welcome, open_welcome

BUTTONS = ("roll", "confirm", "clear", "undo", "hint")
#: a screen wide enough for the sheet beside the dice (wideshut.css says the same)
WIDE = "(min-width: 761px)"
#: keyboard shortcuts of the buttons (digits take the dice)
SHORTCUTS = {"r": "roll", "c": "confirm", "h": "hint", "u": "undo"}
CANVAS_KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Escape")
#: the lines of the keyboard shortcuts panel ("?"), in the order a turn goes
HELP_LINES = ("keys.roll", "keys.dice", "keys.arrows", "keys.toggle", "keys.confirm", "keys.undo", "keys.hint",
              "keys.escape", "keys.help")


class WideShutPage(LogReplay, GamePage):
    GAME = GAME
    WHERE = "Dice Wide Shut"
    STRINGS = WideStrings
    KEY_HELP = HELP_LINES
    BOT_DELAY_MS = 600
    SEED_MAX = SEED_LIMIT
    CONTROLLER = Controller
    SHARE = share

    def __init__(self, shell: Shell):
        super().__init__(shell)
        self.cache: dict = {}
        self.in_view: tuple = ()
        self.minis = MiniSheets((WIDTH, HEIGHT), lambda: static_ops(self.strings),
                                lambda q: sheet_ops(self.ctrl.game.sheets[q], self.strings),
                                lambda q: mark_boxes(self.ctrl.game.sheets[q]), self.pick_sheet)
        self.bind()

    # -- wiring ---------------------------------------------------------------------
    def bind(self) -> None:
        for name in BUTTONS:
            self.on(el(f"btn-{name}"), "click", lambda evt, n=name: self.press(n, evt))
        self.on(el("dice"), "click", self.dice_click)
        bind_welcome(self)
        self.on(el("seat-tabs"), "click", self.tab_click)
        self.on(el("mini-list"), "click", self.minis.click)
        self.on(self.canvas, "click", self.canvas_click)
        self.on(self.canvas, "keydown", self.canvas_key)
        self.on(window, "resize", lambda evt: self.render())

    def translate(self) -> None:
        super().translate()
        el("seat-tabs").setAttribute("aria-label", self.t("tabs.label"))
        self.cache.clear()

    # -- games ------------------------------------------------------------------------
    def start_from_params(self) -> bool:
        query = self.shell.query
        if LINK_KEYS & set(query):
            self.shell.forget_link()
            setup = from_query(query, self.strings)
            if isinstance(setup, str):
                self.shell.link_problem = setup
                return False
            self.new_game(setup.seats, self.shell.read_seed(setup.seed))
            return True
        return False

    def first_visit(self) -> None:
        open_welcome()

    def first_seats(self):
        return default_seats(self.strings)

    # -- shell hooks --------------------------------------------------------------------
    def game_key(self, key: str) -> bool:
        if self.ctrl is None or self.replay is not None:
            return False
        key = key.lower()
        if key.isdigit() and key != "0":
            dice = self.ctrl.model().dice
            n = int(key) - 1
            if n < len(dice):
                self.after_action(self.ctrl.tap_die(dice[n].index))
            return True
        if key in SHORTCUTS:
            self.press(SHORTCUTS[key])
            return True
        return False

    def after_bot(self, result) -> None:
        self.show_result(result, keep_message=True)

    # -- input --------------------------------------------------------------------------
    def show_result(self, result, keep_message: bool = False) -> None:
        """What a tap or a bot did: a refusal or a note, and the log's new
        lines.  A bot's move (``keep_message``) leaves a message on screen
        (a link's refusal) for the person to read."""
        if result.ok:
            if not keep_message:
                self.notices.hide_message()
            if result.reason:
                self.notices.show_message(result.reason)
        else:
            self.notices.show_message(result.reason, error=True, details=result.details)

    def after_action(self, result, save: bool = True, evt=None) -> None:
        self.show_result(result)
        if save and result.changed:
            self.shell.autosave()
        self.render()
        if evt is not None:
            self.shell.mark_redraw(evt)

    def press(self, name: str, evt=None) -> None:
        if self.input_closed():
            return
        self.after_action(self.ctrl.key("Escape") if name == "clear" else getattr(self.ctrl, name)(), evt=evt)

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button[data-index]") if evt.target else None
        if not target or self.ctrl is None or self.replay is not None or self.shell.stale():
            return
        self.after_action(self.ctrl.tap_die(int(target.dataset.index)), evt=evt)

    def canvas_click(self, evt) -> None:
        if self.ctrl is None or self.layout is None or self.replay is not None or self.shell.stale():
            return
        rect = self.canvas.getBoundingClientRect()
        box = hit(self.layout, float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top))
        if box is not None:
            self.ctrl.cursor = box
            self.after_action(self.ctrl.tap_box(*box), evt=evt)

    def canvas_key(self, evt) -> None:
        key = str(evt.key)
        if self.ctrl is None or key not in CANVAS_KEYS or self.replay is not None or self.shell.overlay_open():
            return
        evt.preventDefault()
        evt.stopPropagation()
        if not self.shell.stale():
            self.after_action(self.ctrl.key(key), evt=evt)

    # -- drawing --------------------------------------------------------------------------
    def draw_sheet(self, game, m) -> None:
        """The sheet as large as the screen allows: below its top on a wide
        screen, above the dice and buttons on a phone (everything on one
        screen, nothing to scroll)."""
        wrap = el("board-wrap")
        wide = bool(window.matchMedia(WIDE).matches)
        self.layout = layout_for(float(wrap.getBoundingClientRect().width) or 340.0, float(window.devicePixelRatio or 1),
                                 room_below(wrap) if wide else room_above(wrap, ".ws-side"))
        self.canvas.style.width = f"{self.layout.css_width}px"
        s = self.strings
        self.cache["board"] = self.lang
        draw_canvas(self.canvas, self.ctx, self.layout, lambda: static_ops(s),
                    frame_ops(game.sheets[m.shown], m, s) + self.replay_ops(self.layout), self.cache)

    def render_replay(self, replay) -> None:
        """The replayed position: its sheet and dice, the buttons off."""
        m = self.replay_model()
        self.draw_sheet(replay.position, m)
        self.render_dice(m)
        self.replay_controls(m)

    def render(self) -> None:
        play = self.ctrl
        if play is None or self.replaying():
            return
        self.render_shared()
        m = play.model()
        self.log_panel.render(play.turn_log, self.t("log.replay"))
        s = self.strings
        shown = m.seats[m.shown]
        self.canvas.setAttribute("aria-label", s.t("sheet.label", name=shown.name, total=shown.total))
        el("prompt").textContent = m.prompt
        el("notes").innerHTML = "".join(f"<li>{esc(n)}</li>" for n in m.notes)
        self.render_dice(m)
        self.render_tabs(m)
        self.minis.render(m.minis, play, self.lang)
        for b in m.buttons:
            el(f"btn-{b.id}").disabled = not b.enabled
        banner = el("end-banner")
        banner.hidden = not m.end_triggered
        banner.textContent = m.end_text
        self.draw_sheet(play.game, m)  # the page around it laid out: its size follows
        self.bring_targets_into_view(m)
        self.shell.show_handoff(asdict(m.handoff) if m.handoff else None)
        el("status").textContent = "" if m.over else s.t("status.round", round=m.round)
        if m.over and not self.over_shown:
            self.over_shown = True
            self.show_game_over(m)
        self.shell.schedule_bots(play.bot_pending())

    def bring_targets_into_view(self, m) -> None:
        """Newly lit boxes (the dice just chosen) are scrolled above the
        dice and buttons at the bottom of a phone's screen."""
        lit = list(m.targets)
        if len({t.half for t in lit}) > 1:
            lit = [t for t in lit if t.active] or lit      # both halves: the first die's boxes
        key = (m.chosen, tuple(lit))
        if key == self.in_view:
            return
        self.in_view = key
        if not lit or m.shown != m.current:
            return
        ys = [self.layout.box_origin(t.half, t.row, t.col)[1] for t in lit]
        scale = self.layout.scale
        keep_in_view(self.canvas, min(ys) * scale, (max(ys) + CELL) * scale, ".ws-side")

    def render_dice(self, m) -> None:
        parts = []
        for d in m.dice:
            fill, ink, symbol = DIE_STYLE[d.colour]
            parts.append(
                f'<button type="button" id="die-{d.index}" class="ws-die{" taken" if d.taken else ""}" data-index="{d.index}" '
                f'aria-pressed="{"true" if d.chosen else "false"}" aria-label="{esc(d.label)}" '
                f'style="background:{fill};color:{ink}"{"" if d.enabled else " disabled"}>'
                f'<span aria-hidden="true">{d.value}</span><span class="ws-sym" aria-hidden="true">'
                f'{symbol}<span class="ws-colour"> {esc(self.strings.colour(d.colour))}</span></span></button>')
        box = el("dice")
        box.innerHTML = "".join(parts)
        # a phone keeps the room of every die of the game, shown or not
        box.setAttribute("data-rows", "2" if dice_count(self.ctrl.game.players) >= 10 else "1")

    def render_tabs(self, m) -> None:
        t, sheets = self.t, self.ctrl.game.sheets
        render_seat_tabs([
            SeatTab(q, seat.name, signed(seat.total),
                    t("score.tab_label", name=seat.name, score=t("score.points", points=signed(seat.total))),
                    seat.shown, seat.current, title=live_score(sheets[q], seat.name, self.strings))
            for q, seat in enumerate(m.seats)],
            "" if m.over else live_score(sheets[m.shown], m.seats[m.shown].name, self.strings))

    def show_game_over(self, m) -> None:
        show_breakdown(self.shell, breakdown(self.ctrl.game, self.ctrl.names, self.strings))

    # -- what tests and tools can ask ----------------------------------------------------------
    def state_extra(self) -> dict:
        m = self.ctrl.model()
        return {
            "round": m.round, "end_triggered": m.end_triggered, "chosen": list(m.chosen), "notes": list(m.notes),
            "targets": [[t.half, t.row, t.col, t.kind] for t in m.targets],
            "dice": [{"index": d.index, "colour": d.colour, "value": d.value, "enabled": d.enabled,
                      "taken": d.taken, "label": d.label} for d in m.dice],
            "home": m.home, "lit": self.lit_points(m),
        }

    def lit_points(self, m) -> list:
        """The centres of the lit boxes in client coordinates."""
        if self.layout is None or m.shown != m.current:
            return []
        rect = self.canvas.getBoundingClientRect()
        return [[float(rect.left) + x, float(rect.top) + y]
                for x, y in (self.layout.box_center_css(t.half, t.row, t.col) for t in m.targets)]

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


def main() -> WideShutPage:
    return Shell(WideShutPage).run()
