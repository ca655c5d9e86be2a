"""The Ganz schön clever page: the score sheet's canvas, the dice, the
fields a die may go to, the seat tabs, the new-game form and the end of
the game, handed to :class:`diceland_web.shell.Shell`.

What the page shows and what a tap does come from
``diceland_site.games.clever.controller``; layout and draw lists from
``diceland_site.games.clever.layout`` and ``.draw``.

URL parameters: ``players`` (``human,expert``…), ``seed``, ``names`` start a
new game (``clever.html?players=human,expert&seed=7``); ``save`` opens a
saved game; ``lang`` picks the language; ``speed`` scales the bots' delay
(``speed=0``: as fast as possible).
"""

from __future__ import annotations

import json
from dataclasses import asdict

from diceland_site.games.clever.breakdown import breakdown
from diceland_site.games.clever.controller import Controller
from diceland_site.games.clever import share
from diceland_site.games.clever.draw import frame_ops, hit, mark_boxes, sheet_ops, static_ops
from diceland_site.games.clever.layout import GEOMETRY, HEIGHT, WIDTH, CanvasLayout
from diceland_site.games.clever.options import LINK_KEYS, default_seats, from_params
from diceland_site.games.clever.strings import COLOUR_SYMBOLS, CleverStrings
from diceland_site.i18n import signed
from diceland_site.live_scores import SeatTab

from ..dom import document, draw_canvas, el, window
from ..game_over import show_breakdown
from ..game_page import GamePage
from ..log_panel import LogReplay
from ..minis import WIDE as MINIS_WIDE, MiniSheets
from ..seat_tabs import render_seat_tabs
from ..shell import Shell
from ..viewport import keep_in_view, room_below
from ..welcome import bind_welcome, open_welcome

#: a screen wide enough for the sheet beside the dice (clever.css says the same)
WIDE = "(min-width: 900px)"
BUTTONS = ("reroll", "extra", "confirm", "pass", "done", "undo", "hint")


class CleverPage(LogReplay, GamePage):
    GAME = "clever"
    WHERE = "clever"
    STRINGS = CleverStrings
    #: the dice, fields and buttons are the page's own buttons: Tab and Enter
    KEY_HELP = ("keys.tab", "keys.escape", "keys.help")
    TITLE_KEY = "clever.title"
    BOT_DELAY_MS = 450
    CONTROLLER = Controller
    SHARE = share

    def __init__(self, shell: Shell):
        super().__init__(shell)
        self.layout: CanvasLayout | None = None
        self.cache: dict = {}
        self.model = None
        #: the bot whose sheet is shown while it plays (:meth:`follow_bot`)
        self.followed: int | None = None
        self.in_view: tuple = ()
        self.minis = MiniSheets((WIDTH, HEIGHT), lambda: static_ops(self.lang),
                                lambda q: sheet_ops(self.model, self.ctrl.game, q),
                                lambda q: mark_boxes(self.ctrl.game, q), self.pick_sheet)
        self.bind()

    # -- wiring -----------------------------------------------------------------------
    def bind(self) -> None:
        for name in BUTTONS:
            self.on(el(f"btn-{name}"), "click", lambda evt, n=name: self.press(n))
        self.on(self.canvas, "click", self.canvas_click)
        bind_welcome(self)
        self.on(el("dice"), "click", self.dice_click)
        self.on(el("targets"), "click", self.target_click)
        self.on(el("seat-tabs"), "click", self.tab_click)
        self.on(el("mini-list"), "click", self.minis.click)
        self.on(window, "resize", lambda evt: self.render())

    def translate(self) -> None:
        super().translate()
        el("targets").setAttribute("aria-label", self.t("clever.targets"))

    # -- games ------------------------------------------------------------------------
    def start_from_params(self) -> bool:
        if not LINK_KEYS & set(self.shell.query):
            return False
        setup = from_params(self.shell.query, self.lang)
        if isinstance(setup, str):  # said over the game the page opens instead
            self.shell.forget_link()
            self.shell.link_problem = setup
            return False
        self.new_game(list(setup.seats), self.shell.read_seed(setup.seed))
        self.shell.forget_link()
        return True

    def show(self, ctrl: Controller, save_id: str | None) -> None:
        self.notices.hide_message()
        super().show(ctrl, save_id)

    def first_seats(self):
        return default_seats(self.lang)

    def first_visit(self) -> None:
        open_welcome()

    # -- shell hooks --------------------------------------------------------------------
    def game_key(self, key: str) -> bool:
        if self.ctrl is None or key != "Escape":
            return False
        self.ctrl.clear_selection()
        self.render()
        return True

    # -- input -------------------------------------------------------------------------
    def after_action(self, result, save: bool = True) -> None:
        if result is not None and not result.ok and result.reason:
            self.notices.toast(result.reason)
            self.notices.announce(result.reason)
            self.notices.show_message(result.reason, error=True, details=result.details)
        else:
            self.notices.hide_message()
            if save:
                self.shell.autosave()
        self.render()

    def press(self, name: str) -> None:
        if self.ctrl is None or self.replay is not None or self.shell.stale():
            return
        result = self.ctrl.press(name)
        self.after_action(result, save=name not in ("hint", "extra", "handoff"))
        if name == "hint" and result.ok:
            self.notices.announce(result.reason)
            el("prompt").textContent = result.reason

    def canvas_click(self, evt) -> None:
        if self.ctrl is None or self.layout is None or self.replay is not None or self.shell.stale():
            return
        rect = self.canvas.getBoundingClientRect()
        x, y = self.layout.to_sheet(float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top))
        model = self.ctrl.model()
        spot = hit(model, x, y)
        if spot is None:
            return
        if model.shown != model.current and spot[0] == "mark":
            self.ctrl.viewing = None
        self.after_action(self.ctrl.tap(spot), save=spot[0] == "mark")
        self.shell.mark_redraw(evt)

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button.die") if evt.target else None
        if not target or self.ctrl is None or self.replay is not None or self.shell.stale():
            return
        self.after_action(self.ctrl.tap_die(str(target.dataset.colour)), save=False)
        self.focus_first("#targets button", evt)

    def target_click(self, evt) -> None:
        target = evt.target.closest("button") if evt.target else None
        if not target or self.ctrl is None or self.replay is not None or self.shell.stale():
            return
        area, index = str(target.dataset.area), json.loads(str(target.dataset.index))
        self.after_action(self.ctrl.tap_mark(area, tuple(index) if isinstance(index, list) else index))
        self.focus_first("#dice button.die:not([disabled]), #actions button:not([disabled])", evt)

    def focus_first(self, selector: str, evt) -> None:
        """Keyboard play (a click made with a key: ``detail`` 0): the
        controls just drawn take the focus; a tap or a mouse click leaves
        it where it is, so no focus ring appears on a touch screen."""
        if int(evt.detail or 0) != 0:
            return
        node = document.querySelector(selector)
        if node:  # a missing element is JavaScript's null: falsy, not None
            node.focus()

    # -- drawing -----------------------------------------------------------------------
    def draw_sheet(self, model, state) -> None:
        wrap = el("board-wrap")
        width = float(wrap.clientWidth)
        if window.matchMedia(WIDE).matches:  # the whole sheet on screen
            width = min(width, room_below(wrap) * WIDTH / HEIGHT)
        self.layout = CanvasLayout(max(280.0, width), float(window.devicePixelRatio or 1))
        self.canvas.style.width = f"{self.layout.css_width}px"
        self.cache["board"] = self.lang
        lang = self.lang
        draw_canvas(self.canvas, self.ctx, self.layout, lambda: static_ops(lang),
                    frame_ops(model, state) + self.replay_ops(self.layout), self.cache)

    def render_replay(self, replay) -> None:
        """The replayed position: its sheet and dice, the buttons off."""
        model = self.replay_model()
        self.draw_sheet(model, replay.position)
        shown = model.seats[model.shown]
        el("scores").textContent = self.t("clever.scores", name=shown.name, foxes=shown.foxes, **shown.scores)
        self.render_dice(model)
        el("targets").innerHTML = ""
        self.replay_controls(model)

    def follow_bot(self) -> None:
        """Where the other sheets are not shown small (a phone, a narrow
        window), a bot's sheet is shown while it plays, one's own again
        when a person decides; a sheet the person picks meanwhile stays."""
        ctrl = self.ctrl
        if ctrl.viewing is not None and ctrl.viewing != self.followed:
            self.followed = None
            return
        p = ctrl.current()
        bot = None if p is None or ctrl.seats[p].is_human or window.matchMedia(MINIS_WIDE).matches else p
        if bot != self.followed:
            ctrl.view_sheet(bot)
            self.followed = bot

    def render(self) -> None:
        ctrl = self.ctrl
        if ctrl is None or self.replaying():
            return
        self.follow_bot()
        model = self.model = ctrl.model()
        self.render_shared()
        self.log_panel.render(ctrl.turn_log, self.t("log.replay"))
        self.draw_sheet(model, ctrl.game)
        shown = model.seats[model.shown]
        self.canvas.setAttribute("aria-label", self.t("clever.sheet.label", name=shown.name))
        if model.over:
            status = self.t("clever.prompt.over")
        else:
            status = self.t("clever.status", round=model.round, rounds=model.rounds,
                            name=model.seats[model.current].name)
            if model.solo_passive:
                status += " · " + self.t("clever.status.passive")
        el("status").textContent = status
        el("scores").textContent = self.t("clever.scores", name=shown.name, foxes=shown.foxes, **shown.scores)
        el("prompt").textContent = model.prompt
        self.render_dice(model)
        self.render_targets(model)
        self.render_tabs(model)
        self.minis.render(model.minis, ctrl, self.lang)
        self.bring_targets_into_view(model)
        for b in model.buttons:
            node = el(f"btn-{b.id}")
            node.textContent = b.label
            node.disabled = not b.enabled
            node.hidden = not b.visible
            if b.pressed is None:
                node.removeAttribute("aria-pressed")
            else:
                node.setAttribute("aria-pressed", "true" if b.pressed else "false")
        self.shell.show_handoff(asdict(model.handoff) if model.handoff else None)
        if model.over and not self.over_shown:
            self.over_shown = True
            self.show_game_over(model)
        self.shell.schedule_bots(ctrl.bot_pending())

    def bring_targets_into_view(self, model) -> None:
        """Newly lit fields are scrolled above the dice and buttons at the
        bottom of a phone's screen."""
        if model.targets == self.in_view:
            return
        self.in_view = model.targets
        rects = [r for r in (GEOMETRY.mark_rect(area, index) for area, index in model.targets) if r is not None]
        if rects:
            scale = self.layout.scale
            keep_in_view(self.canvas, min(r.y for r in rects) * scale, max(r.y + r.h for r in rects) * scale, ".thumb")

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
            sym.textContent = COLOUR_SYMBOLS[d.colour]
            name = document.createElement("span")
            name.className = "name"  # hidden on a phone (clever.css): the symbol says it, the label aloud
            name.textContent = " " + self.t(f"clever.colour.{d.colour}")
            sym.append(name)
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
        t = self.t
        render_seat_tabs([
            SeatTab(i, pl.name, signed(pl.scores["total"]),
                    t("score.tab_label", name=pl.name, score=t("score.points", points=pl.scores["total"])),
                    i == model.shown, i == model.current and not model.over,
                    title=t("clever.scores", name=pl.name, foxes=pl.foxes, **pl.scores))
            for i, pl in enumerate(model.seats)])

    def show_game_over(self, model) -> None:
        show_breakdown(self.shell, breakdown(self.ctrl.game, self.ctrl.names, self.strings))

    # -- what tests and tools can ask ---------------------------------------------------
    def state_extra(self) -> dict:
        m = self.ctrl.model()
        return {
            "round": m.round, "rating": m.rating, "targets": [list(t) for t in m.targets],
            "dice": [{"colour": d.colour, "value": d.value, "place": d.place, "usable": d.usable,
                      "label": d.label} for d in m.dice],
            "scores": [p.scores for p in m.seats], "actions": len(self.ctrl.game.actions),
            "home": m.home, "lit": self.lit_points(m),
        }

    def lit_points(self, m) -> list:
        """The centres of the lit fields in client coordinates."""
        if self.layout is None:
            return []
        rect = self.canvas.getBoundingClientRect()
        out = []
        for area, index in m.targets:
            r = GEOMETRY.mark_rect(area, index)
            if r is not None:
                x, y = self.layout.to_css(r.cx, r.cy)
                out.append([float(rect.left) + x, float(rect.top) + y])
        return out


def main() -> CleverPage:
    return Shell(CleverPage).run()
