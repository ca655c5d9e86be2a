"""What the Diceland page shows around its board: the seat tabs, the
other players' boards in small, the progress panel, the dice, the buttons,
the reroll aid, the log, the burst around a new cross and the end-of-game
table, each redrawn only when what it shows changes."""

from __future__ import annotations

from diceland_site.games.diceland import draw
from diceland_site.games.diceland.breakdown import breakdown
from diceland_site.live_scores import SeatTab
from diceland_site.games.diceland.minis import mini_layout, mini_ops
from diceland_site.games.diceland.shortcuts import BUTTON_KEYS, tooltip

from ..dom import document, el, esc, later, painter, window
from ..game_over import show_breakdown
from ..minis import WIDE, mini_buttons
from ..seat_tabs import render_seat_tabs

__all__ = ["DicelandView", "BUTTONS", "WIDE"]

BUTTONS = ("roll", "reroll", "stop", "confirm", "pass", "undo", "hint")


class DicelandView:
    def __init__(self, page):
        self.page = page
        self.dice_signature = None
        self.rolls_seen = 0
        self.progress_opened: bool | None = None
        #: per mini board canvas, what it shows (redrawn when that changes)
        self.mini_drawn: dict[int, tuple] = {}
        #: (sheet on screen, its crossed and chosen cells) at the last draw
        self.marks: tuple | None = None

    def forget(self) -> None:
        """Another game or language: everything is drawn afresh."""
        self.mini_drawn.clear()
        self.dice_signature = None

    def pop_new_marks(self) -> None:
        """A short burst around each cell crossed or chosen since the last
        draw of the same sheet (none under prefers-reduced-motion: style.css)."""
        ctrl = self.page.ctrl
        shown = ctrl.shown_player()
        marked = frozenset(ctrl.shown_sheet().crossed_cells()) | frozenset(ctrl.selection)
        now = (id(ctrl), shown, marked)  # the same game on screen (a new one gets a new controller)
        before, self.marks = self.marks, now
        if before is None or before[:2] != now[:2]:
            return
        fresh = sorted(now[2] - before[2])
        if not fresh or len(fresh) > 6:  # a whole game loaded or replayed: no fireworks
            return
        wrap = el("board-wrap")
        size = 2 * self.page.layout.size
        for row, col in fresh:
            x, y = self.page.layout.cell_center(row, col)
            pop = document.createElement("span")
            pop.className = "cross-pop"
            pop.setAttribute("aria-hidden", "true")
            pop.style.cssText = f"left:{x - size / 2:.1f}px;top:{y - size / 2:.1f}px;width:{size:.1f}px;height:{size:.1f}px"
            wrap.appendChild(pop)
            later(1500, lambda p=pop: p.remove())

    def render_progress(self, model) -> None:
        """Per player: what is missing to the goal, and per colour the bonus
        cells crossed and the cells left (finished colours named and coloured)."""
        parts = []
        for p in model.seats:
            prog = p.progress
            items = []
            for c in prog.colours:
                text = (self.page.t("progress.complete", colour=c.name) if c.complete else
                        self.page.t("progress.colour", colour=c.name, stars=c.stars, total=c.stars_total,
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
        t = self.page.t
        render_seat_tabs([
            SeatTab(p.index, p.name, f"★ {p.stars}",
                    t("score.tab_label", name=t("button.view_sheet", name=p.name), score=p.stars_label),
                    p.shown, p.active and not model.over, p.waiting, title=p.stars_label)
            for p in model.seats])

    def render_minis(self, minis) -> None:
        """The way back to one's own board; on a wide screen the other
        players' boards, small and live, beside the board."""
        back = el("btn-my-board")
        back.hidden = not minis.back
        back.textContent = minis.back
        nodes = mini_buttons(minis.title, minis.boards, '<span class="mini-done"></span>', self.mini_drawn)
        dpr = float(window.devicePixelRatio or 1)
        for b, node in zip(minis.boards, nodes):
            node.setAttribute("data-crossed", str(b.crossed))
            done = ",".join(f.colour for f in b.finished)
            if node.getAttribute("data-finished") != done:
                node.setAttribute("data-finished", done)
                node.querySelector(".mini-done").innerHTML = "".join(
                    f'<span class="swatch" style="background:{f.fill}" title="{esc(f.name)}">'
                    f'{draw.symbol_svg(f.colour, 14, f.text)}</span>' for f in b.finished)
            self.draw_mini(node.querySelector("canvas"), b, dpr)

    def draw_mini(self, canvas, mini, dpr: float) -> None:
        board = self.page.ctrl.game.boards[mini.player]
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
        painter(ctx).run(mini_ops(self.page.ctrl.game, mini.player, layout))

    def render_dice(self, model) -> None:
        dice = model.dice
        signature = (dice, model.lang)
        if signature == self.dice_signature:
            return
        self.dice_signature = signature
        # new dice on the table (once revealed) tumble once
        rolls = len(self.page.ctrl.game.rolls) if self.page.ctrl is not None else 0
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
            label = f'<span class="dice-group-label">{esc(self.page.t(title))}</span>' if title else ""
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
            node.title = tooltip(self.page.strings, b.id, b.label)
            if b.id in BUTTON_KEYS:
                node.setAttribute("aria-keyshortcuts", BUTTON_KEYS[b.id])
            node.hidden = not b.visible
            node.disabled = not b.enabled
            node.classList.remove("primary")
            if primary is None and b.enabled and b.id in ("roll", "confirm"):
                primary = node
        if primary is not None:
            primary.classList.add("primary")

    def show_game_over(self, model) -> None:
        show_breakdown(self.page.shell, breakdown(self.page.ctrl))
