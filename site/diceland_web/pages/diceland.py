"""The Diceland page: the board's canvas, the dice, the seat tabs, the
buttons, the welcome screen and the end-of-game table, handed to
:class:`diceland_web.shell.Shell`; the new-game dialog gets the board
column (:data:`DicelandPage.COLUMN`).

What the page shows and what a tap does come from
``diceland_site.games.diceland.controller``; layout and draw lists from
``diceland_site.games.diceland.draw``.

URL parameters: ``players``, ``boards``, ``seed``, ``names`` start a new game
(``diceland.html?players=human,expert&boards=A,C&seed=5``); ``save`` opens a
saved game; ``lang`` picks the language; ``speed`` scales the bots' delay
(``speed=0``: as fast as possible) over the bot speed of the settings.
"""

from __future__ import annotations

import random
from dataclasses import asdict

from diceland_core.games.diceland.board import board_ids
from diceland_site.games.diceland import draw
from diceland_site.games.diceland.controller import Controller
from diceland_site.games.diceland import share
from diceland_site.games.diceland.options import (
    LINK_KEYS, RANDOM_BOARD, board_choices, from_url_params, link_names_trimmed)
from diceland_site.games.diceland.shortcuts import HELP_LINES
from diceland_site.games.diceland.strings import DicelandStrings
from diceland_site.seats import HUMAN, MAX_NAME
from diceland_site.sounds import cue_for

from ..dom import draw_canvas, el, js_obj, next_frame, window
from ..game_page import GamePage
from ..log_panel import LogReplay
from ..new_game import Column, SeatRow
from .diceland_view import BUTTONS, DicelandView
from ..shell import Shell
from ..welcome import bind_welcome, open_welcome, welcome_seats

#: The stored setting "pass for me when nothing fits" (on unless set to false).
AUTO_PASS_SETTING = "auto_pass"
#: The media query of style.css for a phone held sideways (board beside the controls).
SIDEWAYS_PHONE = "(orientation: landscape) and (max-height: 520px)"


class DicelandPage(LogReplay, GamePage):
    GAME = "diceland"
    PLAYS_SOUNDS = True
    KEY_HELP = HELP_LINES
    WHERE = "Diceland"
    BOT_KIND = "greedy"
    CONTROLLER = Controller
    SHARE = share
    STRINGS = DicelandStrings
    #: each seat's board (or a random one) in the new-game dialog
    COLUMN = Column("seat-board", "menu.board", board_choices)

    def __init__(self, shell: Shell):
        super().__init__(shell)
        self.layout: draw.Layout | None = None
        #: the static board drawn once offscreen (diceland_site.paint.draw_board)
        self.board_cache: dict = {}
        self.pending_render = False
        self.view = DicelandView(self)
        self.bind()

    # -- wiring -----------------------------------------------------------------------
    def bind(self) -> None:
        for name in BUTTONS:
            self.on(el(f"btn-{name}"), "click", lambda evt, n=name: self.press(n))
        self.on(self.canvas, "click", self.canvas_click)
        self.on(self.canvas, "keydown", self.canvas_key)
        self.on(window, "resize", lambda evt: self.schedule_render())
        self.on(el("dice"), "click", self.dice_click)
        bind_welcome(self, self.quick_game, [SeatRow("", HUMAN, RANDOM_BOARD)] * 2)
        self.on(el("seat-tabs"), "click", self.tab_click)
        self.on(el("mini-list"), "click", self.mini_click)
        self.on(el("btn-my-board"), "click", lambda evt: self.show_sheet(None))
        self.on(el("auto-pass-toggle"), "change", lambda evt: self.set_auto_pass(bool(evt.target.checked)))
        el("auto-pass-toggle").checked = self.auto_pass_on()
        el("auto-pass-row").hidden = False  # a setting of this game only

    def auto_pass_on(self) -> bool:
        """The setting "pass for me when nothing fits" (on unless turned off)."""
        return self.shell.store.get_setting(AUTO_PASS_SETTING) is not False

    def set_auto_pass(self, enabled: bool) -> None:
        self.shell.store.set_setting(AUTO_PASS_SETTING, enabled)
        if self.ctrl is not None:
            self.ctrl.auto_pass = enabled
            self.render()

    def translate(self) -> None:
        super().translate()
        self.view.dice_signature = None

    # -- starting and loading games ---------------------------------------------------
    def start_from_params(self) -> bool:
        query = self.shell.query
        if not LINK_KEYS & set(query):
            return False
        setup = from_url_params(query, self.lang, board_ids())
        if isinstance(setup, str):  # said over the game the page opens instead
            self.shell.forget_link()
            self.shell.link_problem = setup
            return False
        self.start_game(setup.seats, setup.boards, self.shell.read_seed(setup.seed))
        if link_names_trimmed(query):
            self.notices.toast(self.t("note.names_trimmed", max=MAX_NAME))
        self.shell.forget_link()
        return True

    def new_game(self, seats, seed: int, extras: list[str]) -> None:
        """A game from the new-game dialog or "play again": ``extras`` are
        the seats' boards (a random one, picked with the seed, for "random")."""
        rng = random.Random(seed)
        known = board_ids()
        self.start_game(seats, [b if b in known else rng.choice(known) for b in extras], seed)

    def start_game(self, seats, boards, seed: int) -> None:
        self.start(Controller.new(seats, boards, seed, lang=self.lang))

    def show(self, ctrl: Controller, save_id: str | None) -> None:
        ctrl.auto_pass = self.auto_pass_on()
        self.board_cache.clear()
        self.view.forget()
        self.notices.clear_toasts()
        super().show(ctrl, save_id)
        self.log_panel.render(ctrl.turn_log, self.t("log.replay"))

    def seat_rows(self) -> list[SeatRow]:
        if self.ctrl is not None:
            return [SeatRow(s.name, s.kind, b.id) for s, b in zip(self.ctrl.seats, self.ctrl.game.boards)]
        return [SeatRow("", HUMAN, "A"), SeatRow("", "greedy", "A")]

    def first_visit(self) -> None:
        """No game yet: the welcome (:mod:`diceland_web.welcome`)."""
        open_welcome()

    def quick_game(self) -> None:
        """The welcome's one-tap game, on a random board."""
        self.start_game(welcome_seats(self.strings), [random.choice(board_ids())], self.shell.read_seed(None))

    # -- shell hooks --------------------------------------------------------------------
    def worth_keeping(self) -> bool:
        """A game whose first turn is over."""
        return self.ctrl is not None and self.ctrl.game.turn >= 2

    def show_own_sheet(self) -> None:
        self.show_sheet(None)

    # -- player actions ------------------------------------------------------------------
    def press(self, name: str) -> None:
        ctrl = self.ctrl
        if self.input_closed():
            return
        if name == "ready":
            self.handoff_done()
            return
        if name == "hint":
            ctrl.hint()
            self.after_action(None, save=False)
            return
        method = {"roll": ctrl.roll, "reroll": ctrl.reroll, "stop": ctrl.stop, "confirm": ctrl.confirm,
                  "pass": ctrl.pass_, "undo": ctrl.undo}.get(name)
        if method is not None:
            result = method()
            if name == "roll" and result.ok:
                self.shell.sound.play("roll")
            self.after_action(result)

    def refuse(self, result) -> None:
        self.notices.toast(result.reason, getattr(result, "details", ""))
        self.notices.announce(result.reason)
        self.shell.sound.play("refuse")

    def after_action(self, result, save: bool = True) -> None:
        if result is not None and not result.ok and result.reason:
            self.refuse(result)
        elif save and (result is None or result.ok):
            self.shell.autosave()
        self.render()

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button.die") if evt.target else None
        if not target or self.ctrl is None or target.disabled or self.replay is not None or self.shell.stale():
            return
        self.after_action(self.ctrl.press_die(int(target.dataset.index)))

    def tab_click(self, evt) -> None:
        target = evt.target.closest("button.seat-tab") if evt.target else None
        if target:
            self.show_sheet(int(target.dataset.seat))

    def mini_click(self, evt) -> None:
        """A mini board shows its player's board large; pressed again, one's own."""
        target = evt.target.closest("button.mini") if evt.target else None
        if target:
            pressed = str(target.getAttribute("aria-pressed")) == "true"
            self.show_sheet(None if pressed else int(target.dataset.seat))

    def show_sheet(self, seat: int | None) -> None:
        if self.ctrl is None:
            return
        self.ctrl.view_sheet(seat)
        self.render()
        if seat is None:
            self.canvas.focus()

    def canvas_click(self, evt) -> None:
        ctrl = self.ctrl
        if ctrl is None or self.layout is None or self.replay is not None or self.shell.stale():
            return
        rect = self.canvas.getBoundingClientRect()
        # a tap just past the edge of a playable (or chosen) cell counts for it
        cell = draw.hit(self.layout, float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top),
                         [*ctrl.highlights(), *ctrl.selection])
        if cell is None:
            return
        ctrl.cursor = None
        result = ctrl.tap(*cell)
        if not result.ok:
            self.refuse(result)
        else:
            self.shell.sound.play("tap")
        self.render()
        self.shell.mark_redraw(evt)

    def canvas_key(self, evt) -> None:
        key = str(evt.key)
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Spacebar"):
            return
        if self.ctrl is None or evt.ctrlKey or evt.metaKey or evt.altKey or self.shell.overlay_open():
            return
        evt.preventDefault()
        evt.stopPropagation()
        self.handle_key(key)

    def game_key(self, key: str) -> bool:
        if self.ctrl is None:
            return False
        if len(key) == 1 and key.lower() in "cpuhrs123456" or key == "Escape":
            self.handle_key(key)
            return True
        return False

    def handle_key(self, key: str) -> None:
        if self.replay is not None or self.shell.stale():
            return
        ctrl = self.ctrl
        before = (id(ctrl.game), len(ctrl.game.actions))
        result = ctrl.handle_key(key)
        if not result:
            return
        if getattr(result, "ok", True) is False and getattr(result, "reason", ""):
            self.refuse(result)
        if (id(ctrl.game), len(ctrl.game.actions)) != before:
            self.shell.autosave()
        if key.startswith("Arrow") and ctrl.cursor is not None:
            self.notices.announce(ctrl.describe_cell(*ctrl.cursor))
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
        next_frame(go)

    def compute_layout(self, board) -> draw.Layout:
        wrap = el("board-wrap")
        width = max(200.0, float(wrap.clientWidth))
        wide = float(window.innerWidth) >= 900
        if window.matchMedia(SIDEWAYS_PHONE).matches:
            # the board gets the height under the top bar: no scrolling to play
            top = float(wrap.getBoundingClientRect().top) + float(window.scrollY)
            max_h = max(160.0, float(window.innerHeight) - top - 6)
        else:
            max_h = max(220.0, float(window.innerHeight) * (0.82 if wide else 0.5))
        dpr = float(window.devicePixelRatio or 1)
        probe = draw.Layout.for_board(board, width, 100000.0, dpr)
        return draw.Layout.for_board(board, width, min(probe.content_height, max_h), dpr)

    def draw(self, ctrl=None) -> None:
        """The board of ``ctrl`` (the game's own controller unless a replay's)."""
        ctrl = ctrl or self.ctrl
        board = ctrl.shown_board()
        layout = self.compute_layout(board)
        self.layout = layout
        self.board_cache["board"] = id(board)
        draw_canvas(self.canvas, self.ctx, layout, lambda: ctrl.static_ops(layout),
                    ctrl.frame_ops(layout) + self.replay_ops(layout), self.board_cache)

    def render(self) -> None:
        ctrl = self.ctrl
        if ctrl is None:
            el("status").textContent = ""
            for name in BUTTONS:
                el(f"btn-{name}").hidden = True
            for name in ("btn-export", "btn-share"):
                el(name).hidden = True
            return
        for name in ("btn-export", "btn-share"):
            el(name).hidden = False
        if self.replaying():
            return
        self.shell.sound.play(cue_for(self.render_shared()))
        self.log_panel.render(ctrl.turn_log, self.t("log.replay"))
        model = ctrl.model()
        self.render_panels(model)
        el("prompt").textContent = model.prompt
        self.view.render_aid(model.aid)
        self.canvas.setAttribute("aria-label", model.board_label + ". " + model.prompt)
        self.shell.show_handoff(asdict(model.handoff) if model.handoff else None)
        self.draw()
        self.view.pop_new_marks()
        if model.over and not self.over_shown:
            self.over_shown = True
            self.view.show_game_over(model)
        self.shell.schedule_bots(model.bot_pending and not model.over)

    def render_panels(self, model) -> None:
        """What is around the board: the status line, the seats, the dice, the buttons."""
        el("status").textContent = f"{model.turn_label} · {model.phase_label} · {model.status}"
        self.view.render_tabs(model)
        self.view.render_minis(model.minis)
        self.view.render_progress(model)
        self.view.render_dice(model)
        self.view.render_buttons(model)
        shown = model.seats[model.shown]
        el("info-bar").textContent = (shown.stars_label + " · "
                                      + self.t("board.label", name=shown.name) + f" ({model.board_id})")

    def render_replay(self, replay) -> None:
        """The replayed position: its board, dice and seats, the buttons off."""
        view = self.replay_controller()
        model = view.model()
        self.render_panels(model)
        self.view.render_aid(None)
        self.draw(view)
        self.replay_controls(model)

    # -- what tests and tools can ask ---------------------------------------------------
    def state_extra(self) -> dict:
        m = self.ctrl.model()
        data = m.to_json()
        out = {k: data[k] for k in ("turn", "active", "highlights", "selection", "cursor", "selection_colour")}
        out["players"] = data["seats"]
        out["dice"] = [{"colour": d.colour, "group": d.group, "enabled": d.enabled, "label": d.label}
                       for d in m.dice]
        return out

    def api_functions(self) -> dict:
        def cell_center(row, col, seat=None):
            ctrl = self.ctrl
            if ctrl is None:
                return None
            if seat is not None and not isinstance(seat, int):
                seat = None
            if seat is not None and seat != ctrl.shown_player():
                ctrl.view_sheet(seat)
                self.render()
            x, y = self.layout.cell_center(int(row), int(col))
            rect = self.canvas.getBoundingClientRect()
            return js_obj({"x": float(rect.left) + x, "y": float(rect.top) + y})

        return {"cellCenter": cell_center}


def main() -> DicelandPage:
    return Shell(DicelandPage).run()
