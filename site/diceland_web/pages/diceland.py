"""The Diceland page: the board's canvas, the dice, the seat tabs, the
buttons, the new-game form and the end-of-game table, over
:class:`diceland_web.shell.Shell`.

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

from diceland_core.games.diceland import board_ids, load_board
from diceland_site.games.diceland import draw
from diceland_site.games.diceland.controller import Controller
from diceland_site.games.diceland.options import LINK_KEYS, from_url_params, link_names_trimmed
from diceland_site.games.diceland.minis import mini_layout, mini_ops
from diceland_site.games.diceland.shortcuts import BUTTON_KEYS, HELP_LINES, tooltip
from diceland_site.packed import LinkError
from diceland_site.seats import HUMAN, MAX_NAME, SEAT_KINDS, Seat
from diceland_site.start_params import StartError, seed_of
from diceland_site.sounds import cue_for

from ..dom import document, draw_canvas, el, esc, js_obj, next_frame, painter, window
from ..shell import Shell

#: The stored setting "pass for me when nothing fits" (on unless set to false).
AUTO_PASS_SETTING = "auto_pass"
BUTTONS = ("roll", "reroll", "stop", "confirm", "pass", "undo", "hint")
#: Wide enough to show the other players' boards beside the board (style.css agrees).
WIDE = "(min-width: 1100px)"
#: The media query of style.css for a phone held sideways (board beside the controls).
SIDEWAYS_PHONE = "(orientation: landscape) and (max-height: 520px)"


class DicelandPage(Shell):
    GAME = "diceland"
    PLAYS_SOUNDS = True
    KEY_HELP = HELP_LINES
    WHERE = "Diceland"

    def __init__(self):
        super().__init__()
        self.ctrl: Controller | None = None
        self.layout: draw.Layout | None = None
        #: the static board drawn once offscreen (diceland_site.paint.draw_board)
        self.board_cache: dict = {}
        self.dice_signature = None
        self.rolls_seen = 0
        self.over_shown = False
        self.pending_render = False
        self.progress_opened: bool | None = None
        #: per mini board canvas, what it shows (redrawn when that changes)
        self.mini_drawn: dict[int, tuple] = {}
        #: (sheet on screen, its crossed and chosen cells) at the last draw
        self.marks: tuple | None = None
        self.bind()
        self.translate_static()

    # -- wiring -----------------------------------------------------------------------
    def bind(self) -> None:
        for name in BUTTONS:
            self.on(el(f"btn-{name}"), "click", lambda evt, n=name: self.button(n))
        self.on(el("seat-rows"), "change", self.seat_kind_changed)
        self.on(self.canvas, "click", self.canvas_click)
        self.on(self.canvas, "keydown", self.canvas_key)
        self.on(window, "resize", lambda evt: self.schedule_render())
        self.on(el("dice"), "click", self.dice_click)
        self.on(el("btn-welcome-bot"), "click", lambda evt: self.quick_game(HUMAN, "greedy"))
        self.on(el("btn-welcome-hotseat"), "click", lambda evt: self.open_new_game(HUMAN, HUMAN))
        self.on(el("btn-welcome-options"), "click", lambda evt: self.open_new_game())
        self.on(el("btn-welcome-saves"), "click", lambda evt: (el("welcome").close(), self.open_saves()))
        self.on(el("btn-welcome-import"), "click", lambda evt: el("import-file").click())
        self.on(el("seat-tabs"), "click", self.tab_click)
        self.on(el("mini-list"), "click", self.mini_click)
        self.on(el("btn-my-board"), "click", lambda evt: self.show_sheet(None))
        self.on(el("auto-pass-toggle"), "change", lambda evt: self.set_auto_pass(bool(evt.target.checked)))
        el("auto-pass-toggle").checked = self.auto_pass_on()
        el("auto-pass-row").hidden = False  # a setting of this game only

    def auto_pass_on(self) -> bool:
        """The setting "pass for me when nothing fits" (on unless turned off)."""
        return self.store.get_setting(AUTO_PASS_SETTING) is not False

    def set_auto_pass(self, enabled: bool) -> None:
        self.store.set_setting(AUTO_PASS_SETTING, enabled)
        if self.ctrl is not None:
            self.ctrl.auto_pass = enabled
            self.render()

    def translate_static(self) -> None:
        super().translate_static()
        el("dice").setAttribute("aria-label", self.t("dice.title"))

    def language_changed(self) -> None:
        if self.ctrl is not None:
            self.ctrl.set_language(self.lang)
        self.dice_signature = None
        if el("new-game").open:
            self.fill_seat_rows(self.read_seat_rows())

    # -- starting and loading games ---------------------------------------------------
    def start_from_link(self) -> bool:
        if "s" in self.query:  # an older share link: a scenario of the game so far
            return self.open_scenario_link(self.query["s"])
        if not LINK_KEYS & set(self.query):
            return False
        setup = from_url_params(self.query, self.lang, board_ids())
        if isinstance(setup, str):
            self.show_message(setup, error=True, offer_new=True)
            self.render()
            return True
        seed = setup.seed if setup.seed is not None else random.randrange(1 << 32)
        self.new_game(setup.seats, setup.boards, seed)
        if link_names_trimmed(self.query):
            self.toast(self.t("note.names_trimmed", max=MAX_NAME))
        window.history.replaceState(None, "", self.page_url())
        return True

    def open_scenario_link(self, value: str) -> bool:
        from diceland_site.games.diceland.share import game_of_link

        window.history.replaceState(None, "", self.page_url())
        try:
            game, seats = game_of_link(value, self.lang)
        except LinkError as exc:  # said once the page has opened what it can
            self.link_problem = exc
            return False
        self.set_controller(Controller(game, seats, lang=self.lang), None)
        self.autosave()
        return True

    def new_game(self, seats, boards, seed: int) -> None:
        self.hide_message()
        self.set_controller(Controller.new(seats, boards, seed, lang=self.lang), None)
        self.autosave()

    def open_game(self, game, seats, save_id: str | None) -> None:
        self.set_controller(Controller(game, seats, lang=self.lang), save_id)

    def set_controller(self, ctrl: Controller, save_id: str | None) -> None:
        self.adopt_save(save_id)
        ctrl.auto_pass = self.auto_pass_on()
        self.ctrl = ctrl
        self.over_shown = ctrl.game.over
        self.board_cache.clear()
        self.mini_drawn.clear()
        self.dice_signature = None
        el("log").innerHTML = ""
        for line in ctrl.log_lines:
            self.add_log_line(line)
        ctrl.drain_messages()
        self.clear_toasts()
        el("app").hidden = False
        self.render()

    def play_again(self) -> None:
        el("game-over").close()
        if self.ctrl is None:
            self.open_new_game()
            return
        boards = [b.id for b in self.ctrl.game.boards]
        self.new_game(list(self.ctrl.seats), boards, random.randrange(1 << 32))

    def first_visit(self) -> None:
        """No game yet: the welcome screen (a bot game in one tap, pass and
        play, how to play, saved games, import)."""
        dialog = el("welcome")
        if not dialog.open:
            dialog.showModal()

    def quick_game(self, *kinds: str) -> None:
        """A game of ``kinds`` on a random board, with the kinds' default names."""
        el("welcome").close()
        seats = [Seat(Seat.fitting_name("", k, i, self.strings), k) for i, k in enumerate(kinds)]
        self.new_game(seats, [random.choice(board_ids())], random.randrange(1 << 32))
        self.canvas.focus()

    # -- shell hooks --------------------------------------------------------------------
    def current_game(self):
        return (self.ctrl.game, self.ctrl.seats) if self.ctrl is not None else None

    def worth_keeping(self) -> bool:
        """A game whose first turn is over."""
        return self.ctrl is not None and self.ctrl.game.turn >= 2

    def frame_canvas(self):
        return self.canvas if self.ctrl is not None and self.layout is not None else None

    def handoff_done(self) -> None:
        self.button("ready")

    def bot_step(self) -> bool:
        ctrl = self.ctrl
        if ctrl is None or not ctrl.bot_pending() or ctrl.game.over:
            return False
        return ctrl.bot_step()

    def share(self):
        shared = super().share()
        if shared is None:
            return None
        # the embeddable board shows the position as a lesson's scenario: the
        # lessons' code is imported when a position is first shared
        from diceland_site.games.diceland.lesson import share_link
        from diceland_site.teaching import iframe_attributes

        embed = share_link(self.ctrl.game, self.ctrl.names, str(window.location.href))
        return shared[0], iframe_attributes(embed, self.t("share.frame_title"))

    def hint_clicks(self) -> list[dict]:
        if self.ctrl is None or self.layout is None:
            return []
        if self.ctrl.viewing is not None:  # the hint's cells are on one's own board
            self.show_sheet(None)
        return self.ctrl.hint_clicks(self.layout)

    def hint_move(self):
        return None if self.ctrl is None else self.ctrl.hint_move()

    # -- player actions ------------------------------------------------------------------
    def button(self, name: str) -> None:
        ctrl = self.ctrl
        if ctrl is None or self.stale():
            return
        if name == "ready":
            ctrl.acknowledge_handoff()
            self.after_action(None)
            self.canvas.focus()
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
                self.sound.play("roll")
            self.after_action(result)

    def refuse(self, result) -> None:
        self.toast(result.reason, getattr(result, "details", ""))
        self.announce(result.reason)
        self.sound.play("refuse")

    def after_action(self, result, save: bool = True) -> None:
        if result is not None and not result.ok and result.reason:
            self.refuse(result)
        elif save and (result is None or result.ok):
            self.autosave()
        self.render()

    def dice_click(self, evt) -> None:
        target = evt.target.closest("button.die") if evt.target else None
        if not target or self.ctrl is None or target.disabled or self.stale():
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
        if ctrl is None or self.layout is None or self.stale():
            return
        rect = self.canvas.getBoundingClientRect()
        # a tap just past the edge of a playable (or chosen) cell counts for it
        cell = draw.snap_tap(self.layout, float(evt.clientX) - float(rect.left), float(evt.clientY) - float(rect.top),
                             [*ctrl.highlights(), *ctrl.selection])
        if cell is None:
            return
        ctrl.cursor = None
        result = ctrl.tap(*cell)
        if not result.ok:
            self.refuse(result)
        else:
            self.sound.play("tap")
        self.render()
        self.mark_redraw(evt)

    def canvas_key(self, evt) -> None:
        key = str(evt.key)
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "Spacebar"):
            return
        if self.ctrl is None or evt.ctrlKey or evt.metaKey or evt.altKey or self.overlay_open():
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
        if self.stale():
            return
        ctrl = self.ctrl
        before = (id(ctrl.game), len(ctrl.game.actions))
        result = ctrl.handle_key(key)
        if not result:
            return
        if getattr(result, "ok", True) is False and getattr(result, "reason", ""):
            self.refuse(result)
        if (id(ctrl.game), len(ctrl.game.actions)) != before:
            self.autosave()
        if key.startswith("Arrow") and ctrl.cursor is not None:
            self.announce(ctrl.describe_cell(*ctrl.cursor))
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

    def draw(self) -> None:
        ctrl = self.ctrl
        board = ctrl.shown_board()
        layout = self.compute_layout(board)
        self.layout = layout
        self.board_cache["board"] = id(board)
        draw_canvas(self.canvas, self.ctx, layout, lambda: ctrl.static_ops(layout), ctrl.frame_ops(layout),
                    self.board_cache)

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
        events = []
        for message in ctrl.drain_messages():
            events.append(message.event)
            if message.kind == "log":
                self.add_log_line(message.text, message.event)
            else:
                self.toast(message.text)
                self.announce(message.text)
        self.sound.play(cue_for(events))
        model = ctrl.model()
        el("status").textContent = f"{model.turn_label} · {model.phase_label} · {model.status}"
        self.render_tabs(model)
        self.render_minis(model.minis)
        self.render_progress(model)
        self.render_dice(model)
        self.render_buttons(model)
        el("prompt").textContent = model.prompt
        self.render_aid(model.aid)
        shown = model.seats[model.shown]
        el("info-bar").textContent = (shown.stars_label + " · "
                                      + self.t("board.label", name=shown.name) + f" ({model.board_id})")
        self.canvas.setAttribute("aria-label", model.board_label + ". " + model.prompt)
        self.show_handoff(asdict(model.handoff) if model.handoff else None)
        self.draw()
        self.pop_new_marks()
        if model.over and not self.over_shown:
            self.over_shown = True
            self.show_game_over(model)
        self.schedule_bots(model.bot_pending and not model.over)

    def pop_new_marks(self) -> None:
        """A short burst around each cell crossed or chosen since the last
        draw of the same sheet (none under prefers-reduced-motion: style.css)."""
        ctrl = self.ctrl
        shown = ctrl.shown_player()
        now = (self.save_id, shown, frozenset(ctrl.shown_sheet().crossed_cells()) | frozenset(ctrl.selection))
        before, self.marks = self.marks, now
        if before is None or before[:2] != now[:2]:
            return
        fresh = sorted(now[2] - before[2])
        if not fresh or len(fresh) > 6:  # a whole game loaded or replayed: no fireworks
            return
        wrap = el("board-wrap")
        size = 2 * self.layout.size
        for row, col in fresh:
            x, y = self.layout.cell_center(row, col)
            pop = document.createElement("span")
            pop.className = "cross-pop"
            pop.setAttribute("aria-hidden", "true")
            pop.style.cssText = f"left:{x - size / 2:.1f}px;top:{y - size / 2:.1f}px;width:{size:.1f}px;height:{size:.1f}px"
            wrap.appendChild(pop)
            self.later(1500, lambda p=pop: p.remove())

    def render_progress(self, model) -> None:
        """Per player: what is missing to the goal, and per colour the bonus
        cells crossed and the cells left (finished colours named and coloured)."""
        parts = []
        for p in model.seats:
            prog = p.progress
            items = []
            for c in prog.colours:
                text = (self.t("progress.complete", colour=c.name) if c.complete else
                        self.t("progress.colour", colour=c.name, stars=c.stars, total=c.stars_total,
                               left=c.left))
                swatch = (f'<span class="swatch" style="background:{c.fill}">'
                          f'{draw.symbol_svg(c.colour, 14, c.text)}</span>')
                items.append(f'<li class="{"complete" if c.complete else ""}" data-colour="{c.colour}">'
                             f'{swatch}{esc(text)}</li>')
            parts.append(f'<section class="progress-player" data-seat="{p.index}"><h3>{esc(p.name)} '
                         f'★{p.stars}</h3><p>{esc(prog.goal)}</p><ul>{"".join(items)}</ul></section>')
        html = "".join(parts)
        if self.progress_opened is None:  # open beside the board on a desktop, a tap away on a phone
            self.progress_opened = float(window.innerWidth) >= 900
            el("progress-panel").open = self.progress_opened
        box = el("progress")
        if box.innerHTML != html:
            box.innerHTML = html

    def render_aid(self, aid) -> None:
        """Reroll or stop: where the dice fit now, a warning, the odds."""
        box = el("aid")
        box.hidden = not aid
        if aid:
            box.textContent = " ".join(x for x in (aid.where, aid.warning, aid.odds) if x)
            box.classList.toggle("warning", bool(aid.warning))

    def render_tabs(self, model) -> None:
        tabs = el("seat-tabs")
        parts = []
        for p in model.seats:
            cls = "seat-tab" + (" waiting" if p.waiting else "")
            label = self.t("button.view_sheet", name=p.name)
            parts.append(
                f'<button type="button" role="tab" class="{cls}" data-seat="{p.index}" '
                f'aria-selected="{"true" if p.shown else "false"}" aria-label="{esc(label)}, '
                f'{esc(p.stars_label)}">{esc(p.name)} ★{p.stars}</button>')
        html = "".join(parts)
        if tabs.innerHTML != html:
            tabs.innerHTML = html

    def render_minis(self, minis) -> None:
        """The way back to one's own board; on a wide screen the other
        players' boards, small and live, beside the board."""
        back = el("btn-my-board")
        back.hidden = not minis.back
        back.textContent = minis.back
        box = el("minis")
        wide = bool(window.matchMedia(WIDE).matches)
        box.hidden = not (wide and minis.boards)
        if box.hidden:
            return
        el("minis-title").textContent = minis.title
        listing = el("mini-list")
        seats = ",".join(str(b.player) for b in minis.boards)
        if listing.getAttribute("data-seats") != seats:
            listing.setAttribute("data-seats", seats)
            listing.innerHTML = "".join(
                f'<button type="button" class="mini" data-seat="{b.player}"><span class="mini-head"></span>'
                f'<canvas aria-hidden="true"></canvas><span class="mini-done"></span></button>' for b in minis.boards)
            self.mini_drawn.clear()
        dpr = float(window.devicePixelRatio or 1)
        for b in minis.boards:
            node = listing.querySelector(f'button.mini[data-seat="{b.player}"]')
            node.setAttribute("aria-label", b.label)
            node.setAttribute("aria-pressed", "true" if b.shown else "false")
            node.classList.toggle("waiting", b.waiting)
            node.setAttribute("data-crossed", str(b.crossed))
            node.querySelector(".mini-head").textContent = b.chip
            done = ",".join(f.colour for f in b.finished)
            if node.getAttribute("data-finished") != done:
                node.setAttribute("data-finished", done)
                node.querySelector(".mini-done").innerHTML = "".join(
                    f'<span class="swatch" style="background:{f.fill}" title="{esc(f.name)}">'
                    f'{draw.symbol_svg(f.colour, 14, f.text)}</span>' for f in b.finished)
            self.draw_mini(node.querySelector("canvas"), b, dpr)

    def draw_mini(self, canvas, mini, dpr: float) -> None:
        board = self.ctrl.game.boards[mini.player]
        width = max(60.0, float(canvas.parentElement.clientWidth) - 12)
        layout = mini_layout(board, width, dpr)
        drawn = (board.id, mini.crossed, mini.last_move, layout.canvas_width, layout.canvas_height, dpr)
        if self.mini_drawn.get(mini.player) == drawn:
            return
        self.mini_drawn[mini.player] = drawn
        canvas.width = layout.canvas_width
        canvas.height = layout.canvas_height
        canvas.style.height = f"{layout.css_height}px"
        ctx = canvas.getContext("2d")
        ctx.setTransform(*layout.transform)
        ctx.clearRect(0, 0, layout.css_width, layout.css_height)
        ctx.lineJoin = "round"
        ctx.lineCap = "round"
        painter(ctx).run(mini_ops(self.ctrl.game, mini.player, layout))

    def render_dice(self, model) -> None:
        dice = model.dice
        signature = (dice, model.lang)
        if signature == self.dice_signature:
            return
        self.dice_signature = signature
        # new dice on the table (once revealed) tumble once
        rolls = len(self.ctrl.game.rolls) if self.ctrl is not None else 0
        shown = any(die.colour for die in dice)
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
            colour = die.colour
            classes = ["die"]
            if colour:
                classes.append(colour)
            if die.group == "held":
                classes.append("held")
            if die.selected:
                classes.append("selected")
            if die.placeable is False:
                classes.append("dim")
            if fresh and die.group != "held":
                classes.append("rolling")
            symbol = draw.symbol_svg(colour, 22, die.text) if colour else "?"
            style = f' style="background:{die.fill};color:{die.text}"' if colour else ""
            disabled = "" if die.enabled else " disabled"
            pressed = f' aria-pressed="{"true" if die.selected else "false"}"' if die.group != "roll" else ""
            groups.setdefault(die.group, []).append(
                f'<button type="button" id="die-{die.index}" class="{" ".join(classes)}" data-index="{die.index}"'
                f'{style}{disabled}{pressed} aria-label="{esc(die.label)}">{symbol}</button>')
        html = []
        for group, buttons in groups.items():
            title = titles.get(group)
            label = f'<span class="dice-group-label">{esc(self.t(title))}</span>' if title else ""
            html.append(f'<div class="dice-group" data-group="{group}">{label}{"".join(buttons)}</div>')
        box.innerHTML = "".join(html)
        if focus_index is not None:
            again = box.querySelector(f'button.die[data-index="{focus_index}"]')
            if again:
                again.focus()

    def render_buttons(self, model) -> None:
        primary = None
        for b in model.buttons:
            node = el(f"btn-{b.id}") if b.id in BUTTONS else None
            if node is None:
                continue
            node.textContent = b.label
            node.title = tooltip(self.strings, b.id, b.label)
            if b.id in BUTTON_KEYS:
                node.setAttribute("aria-keyshortcuts", BUTTON_KEYS[b.id])
            node.hidden = not b.visible
            node.disabled = not b.enabled
            node.classList.remove("primary")
            if primary is None and b.enabled and b.id in ("roll", "confirm"):
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
        names = model.winner_names
        text = self.t("prompt.game_over_one", name=names[0]) if len(names) == 1 else \
            self.t("prompt.game_over_several", names=self.strings.names(names))
        el("game-over-winners").textContent = text
        el("game-over-why").textContent = model.winner_reason
        labels = model.stats_labels
        cols = ("stars", "cells", "colours", "turns", "bonus_rolls")
        head = "<tr><th>" + esc(labels["player"]) + "</th>" + "".join(
            f"<th>{esc(labels[c])}</th>" for c in cols) + "</tr>"
        rows = "".join(
            "<tr><td>" + ("★ " if s.winner else "") + esc(s.name) + "</td>"
            + "".join(f"<td>{getattr(s, c)}</td>" for c in cols) + "</tr>"
            for s in model.stats)
        el("game-over-stats").innerHTML = f"<caption class=\"sr-only\">{esc(labels['title'])}</caption>{head}{rows}"
        dialog = el("game-over")
        if not dialog.open:
            dialog.showModal()
        self.announce(text + " " + model.winner_reason)

    # -- new game dialog ------------------------------------------------------------------
    def default_seats(self, *kinds: str) -> list[dict]:
        if kinds:
            return [{"name": Seat.fitting_name("", k, i, self.strings), "kind": k, "board": "random"}
                    for i, k in enumerate(kinds)]
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
                            f'{esc(self.t("seat." + k))}</option>' for k in SEAT_KINDS)
            options = [("random", self.t("board.random"))] + [(b, f"{load_board(b).title} ({b})") for b in boards]
            board_opts = "".join(f'<option value="{v}"{" selected" if v == seat["board"] else ""}>{esc(lbl)}</option>'
                                 for v, lbl in options)
            html.append(
                f'<div class="seat-row" data-seat="{i}"><span>{i + 1}</span>'
                f'<input type="text" class="seat-name" maxlength="24" value="{esc(seat["name"])}" '
                f'aria-label="{esc(self.t("seat.name"))} {i + 1}">'
                f'<select class="seat-kind" aria-label="{esc(self.t("seat.kind"))} {i + 1}">{kinds}</select>'
                f'<select class="seat-board" aria-label="{esc(self.t("menu.board"))} {i + 1}">{board_opts}</select></div>')
        rows.innerHTML = "".join(html)
        el("btn-add-seat").disabled = len(seats) >= 4
        el("btn-remove-seat").disabled = len(seats) <= 2

    def seat_kind_changed(self, evt) -> None:
        """A seat switched between person and bot drops the other kind's default name."""
        row = evt.target.closest(".seat-row") if evt.target else None
        if not row or not evt.target.classList.contains("seat-kind"):
            return
        name = row.querySelector(".seat-name")
        name.value = Seat.fitting_name(str(name.value), str(evt.target.value), int(row.dataset.seat), self.strings)

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

    def open_new_game(self, *kinds: str) -> None:
        if el("welcome").open:
            el("welcome").close()
        self.fill_seat_rows(self.default_seats(*kinds))
        el("seed-input").value = ""
        el("new-game-error").textContent = ""
        dialog = el("new-game")
        if not dialog.open:
            dialog.showModal()

    def submit_new_game(self, evt) -> None:
        evt.preventDefault()
        try:
            seed = seed_of(str(el("seed-input").value))
        except StartError as exc:
            el("new-game-error").textContent = exc.message(self.strings)
            return
        seed = seed if seed is not None else random.randrange(1 << 32)
        rng = random.Random(seed)
        boards_known = board_ids()
        seats, boards = [], []
        for i, s in enumerate(self.read_seat_rows()):
            kind = s["kind"] if s["kind"] in SEAT_KINDS else HUMAN
            seats.append(Seat(Seat.fitting_name(s["name"], kind, i, self.strings), kind))
            boards.append(s["board"] if s["board"] in boards_known else rng.choice(boards_known))
        el("new-game").close()
        self.new_game(seats, boards, seed)
        self.canvas.focus()

    # -- what tests and tools can ask ---------------------------------------------------
    def state(self) -> dict:
        if self.ctrl is None:
            return {"game": False}
        m = self.ctrl.model()
        data = m.to_json()
        keep = ("lang", "phase", "turn", "active", "highlights", "selection", "cursor",
                "selection_colour", "handoff", "bot_pending", "winners", "prompt", "can_undo")
        out = {k: data[k] for k in keep}
        out.update(seat=m.current, sheet_player=m.shown, game_over=m.over, players=data["seats"])
        out["game"] = True
        out["dice"] = [{"colour": d.colour, "group": d.group, "enabled": d.enabled, "label": d.label}
                       for d in m.dice]
        out["buttons"] = {b.id: b.enabled for b in m.buttons if b.visible}
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
    page = DicelandPage()
    page.run()
    return page
