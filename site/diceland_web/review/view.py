"""The review screen in the page (thin: what it shows is
:mod:`diceland_site.review.screen`'s).  A panel under the game's board: the
evaluation graph with its marks, the step buttons (and the arrow keys, a
swipe, a tap on the graph), the decision in words, the position drawn on the
game's own canvas (before the move, after your move, after the better move),
the three best moves, "try it yourself" and the summary; a progress bar and a
stop button while the review runs, one decision per task."""

from __future__ import annotations

import time
from pathlib import Path

from diceland_core.core.record import definition_of
from diceland_core.core.review import Review, summarise
from diceland_site.review.link import review_link
from diceland_site.review.marks import BoardTries, DecisionSpots, board_point, legend
from diceland_site.review.screen import ReviewRun, ReviewScreen, ReviewStrings, graph_svg, restore_point
from diceland_site.share import share_url

from ..dom import document, el, esc, js_obj, later, report, share_or_copy, window
from ..log_panel import mark_dice

__all__ = ["ReviewView"]

CSS = Path(__file__).with_name("review.css")
#: The graph's box in its own units (stretched to the panel's width).
GRAPH_W, GRAPH_H = 300.0, 64.0
#: A swipe: this many pixels sideways, more than up or down.
SWIPE_PX = 40
MARKUP = """
<div class="review-head">
  <h2 id="review-title"></h2>
  <select id="review-seat"></select>
  <button type="button" id="review-close"></button>
</div>
<div id="review-running" class="review-running">
  <progress id="review-progress" max="1" value="0"></progress>
  <span id="review-progress-text"></span>
  <button type="button" id="review-cancel"></button>
</div>
<div id="review-graph" class="review-graph" role="img"></div>
<div class="review-steps">
  <button type="button" id="review-prev" aria-keyshortcuts="ArrowLeft">&#x2039;</button>
  <span id="review-heading" aria-live="polite"></span>
  <button type="button" id="review-next" aria-keyshortcuts="ArrowRight">&#x203a;</button>
  <button type="button" id="review-key"></button>
</div>
<p id="review-line" class="review-line"></p>
<div class="review-shows" role="group">
  <button type="button" id="review-show-played" class="review-show played"></button>
  <button type="button" id="review-show-better" class="review-show better"></button>
</div>
<p id="review-said-played" class="review-said played"></p>
<p id="review-said-better" class="review-said better"></p>
<details id="review-more">
  <summary id="review-best-title"></summary>
  <ol id="review-best" class="review-best"></ol>
  <h3 id="review-try-title"></h3>
  <label for="review-try-select" id="review-try-prompt"></label>
  <div class="review-try"><select id="review-try-select"></select><button type="button" id="review-try-go"></button></div>
  <p id="review-try-said" class="review-try-said" aria-live="polite"></p>
</details>
<div class="review-share">
  <button type="button" id="review-share"></button>
  <input id="review-share-text" readonly hidden>
</div>
<details id="review-summary">
  <summary id="review-summary-title"></summary>
  <ul id="review-summary-list"></ul>
</details>
"""


class Frame:
    """What the page's replay drawing reads (``render_replay``): the
    position to draw, the reviewed seat's sheet, the prompt above it; the
    marks of the moves drawn over it (``marks(layout)``: draw ops), the
    dice buttons they use (``dice``) and what the marks mean (``legend``)."""

    def __init__(self, position, seat: int, prompt: str):
        self.position, self.seat, self.prompt = position, seat, prompt
        self.step, self.done, self.moves, self.index = 1, False, 1, 0
        self.marks, self.dice, self.legend = None, {}, []

    def stop(self) -> None:
        self.done = True


def _style() -> None:
    """The review's style sheet in the page (once)."""
    if not el("review-style"):
        style = document.createElement("style")
        style.id = "review-style"
        style.textContent = CSS.read_text(encoding="utf-8")
        document.head.appendChild(style)


class ReviewView:
    """The review of ``seat``'s decisions in ``state`` (a finished game)
    on ``shell``'s page; ``kept``: what a reload kept of it."""

    def __init__(self, shell, opener, state, seats, seat: int, key: str, decision: int = 0, kept: dict | None = None):
        start = time.perf_counter()
        self.shell, self.opener, self.page = shell, opener, shell.page
        self.seats, self.state, self.closed = seats, state, False
        self.strings = ReviewStrings(shell.lang)
        point = restore_point(kept, shell.game, key) if kept else None
        point = point if point and point["seat"] == seat else None
        review = Review(state, seat=seat, lang=shell.lang)
        self.run = ReviewRun(review, summarise, shell.lang, done=point["decisions"] if point else (),
                             summary=point["summary"] if point else None)
        self.screen = ReviewScreen(self.run, shell.game, seat, key, decision)
        #: the picture: "both" moves marked on the position, or the position after "played" or "better"
        self.showing = "both"
        self.touch = None
        #: the legal moves of the cursor's decision, the list's and the board's ("try it yourself")
        self.choices: list[dict] = []
        self.tries: BoardTries | None = None
        #: the spots of the moves of the decision on screen, once per decision
        self.spots = DecisionSpots(shell.game)
        _style()
        self.section = document.createElement("section")
        self.section.id = "review"
        self.section.className = "review-panel"
        self.section.innerHTML = MARKUP
        document.body.appendChild(self.section)
        document.body.classList.add("reviewing")
        self.bind()
        self.translate()
        self.render_progress()
        # the board at the top of the window, the panel under it
        self.shell.canvas.scrollIntoView(js_obj({"block": "start"}))
        #: the opening's task and the longest decision's so far, in ms (tests read them)
        self.opening_ms = (time.perf_counter() - start) * 1000
        self.longest_ms, self.longest_what = 0.0, ""
        later(0, self.render)
        later(0, self.tick)

    # -- events ----------------------------------------------------------------------
    def bind(self) -> None:
        on, s = self.shell.on, self.screen
        on(el("review-close"), "click", lambda evt: self.close())
        on(el("review-cancel"), "click", lambda evt: self.stop_or_go())
        on(el("review-prev"), "click", lambda evt: self.moved(s.prev()))
        on(el("review-next"), "click", lambda evt: self.moved(s.next()))
        on(el("review-key"), "click", lambda evt: self.moved(s.next_key()))
        on(el("review-graph"), "click", self.graph_tap)
        on(el("review-show-played"), "click", lambda evt: self.show("played"))
        on(el("review-show-better"), "click", lambda evt: self.show("better"))
        on(el("review-seat"), "change", lambda evt: self.other_seat(int(evt.target.value)))
        on(el("review-try-go"), "click", lambda evt: self.try_it())
        on(el("review-share"), "click", lambda evt: self.share())
        on(el("review-more"), "toggle", lambda evt: self.fill_choices())
        on(self.shell.canvas, "click", self.board_tap)
        on(el("dice"), "click", self.die_tap)
        on(document, "keydown", self.key)
        for node in (self.section, self.shell.canvas):
            on(node, "touchstart", self.touch_start)
            on(node, "touchend", self.touch_end)

    def key(self, evt) -> None:
        if self.closed or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        tag = str(evt.target.tagName).lower() if evt.target and hasattr(evt.target, "tagName") else ""
        if tag in ("input", "select", "textarea") or document.querySelector("dialog[open]"):
            return
        step = {"ArrowLeft": self.screen.prev, "ArrowRight": self.screen.next}.get(str(evt.key))
        if step is not None:
            evt.preventDefault()
            self.moved(step())

    def touch_start(self, evt) -> None:
        t = evt.changedTouches.item(0)
        self.touch = (float(t.clientX), float(t.clientY)) if t else None

    def touch_end(self, evt) -> None:
        t = evt.changedTouches.item(0)
        if self.touch is None or not t:
            return
        dx, dy = float(t.clientX) - self.touch[0], float(t.clientY) - self.touch[1]
        self.touch = None
        if abs(dx) > SWIPE_PX and abs(dx) > 2 * abs(dy):
            self.moved(self.screen.next() if dx < 0 else self.screen.prev())

    def graph_tap(self, evt) -> None:
        box = el("review-graph").getBoundingClientRect()
        self.moved(self.screen.at_mark(float(evt.clientX) - float(box.left), float(box.width)))

    def moved(self, moved: bool) -> None:
        if moved:
            self.keep()
            self.showing = "both"
            el("review-try-said").textContent = ""
            self.render()
            self.fill_choices()

    def show(self, which: str) -> None:
        self.showing = "both" if self.showing == which else which
        self.render()

    def other_seat(self, seat: int) -> None:
        self.close()
        self.opener.open_current(seat)

    def stop_or_go(self) -> None:
        run = self.run
        if run.cancelled:
            run.cancelled = False
            later(0, self.tick)
        else:
            run.cancel()
        self.render()

    # -- running ---------------------------------------------------------------------
    def tick(self) -> None:
        """One decision judged, then the page's turn again."""
        if self.closed or self.run.cancelled:
            return
        was = self.screen.current
        start = time.perf_counter()
        try:
            more = self.run.step()
        except Exception as exc:  # noqa: BLE001 — said; the judged ones stay
            report(self.shell.where + " review", exc)
            self.run.cancel()
            self.shell.notices.show_message(self.shell.t("review.failed", detail=str(exc)), error=True)
            more = False
        self.keep()
        if (was is None and self.screen.current is not None) or self.run.finished:
            later(0, self.render)  # the board drawn again: a task of its own
        else:
            self.render_progress()
        #: the longest of the review's tasks so far, in ms (tests read it)
        took = (time.perf_counter() - start) * 1000
        if took > self.longest_ms:
            self.longest_ms, self.longest_what = took, f"decision {len(self.run.decisions)}"
        if more:
            later(0, self.tick)

    def keep(self) -> None:
        if not self.closed:
            self.opener.keep(self.screen.saved())

    def close(self) -> None:
        self.closed = True
        self.run.cancel()
        self.section.remove()
        document.body.classList.remove("reviewing")
        self.page.replay = None
        mark_dice({})  # the dice drawn again may be the same buttons
        self.opener.closed()
        self.page.render()

    # -- drawing ---------------------------------------------------------------------
    def translate(self) -> None:
        t = self.strings.t
        el("review-title").textContent = t("review.title")
        el("review-close").textContent = t("review.close")
        el("review-prev").setAttribute("aria-label", t("review.prev"))
        el("review-next").setAttribute("aria-label", t("review.next"))
        el("review-key").textContent = "\u2605 \u203a"
        el("review-key").setAttribute("aria-label", t("review.next_key"))
        el("review-key").title = t("review.next_key")
        el("review-best-title").textContent = t("review.best_moves") + " · " + t("review.try")
        el("review-try-title").textContent = t("review.try")
        el("review-try-prompt").textContent = t("review.try_prompt")
        el("review-try-go").textContent = t("review.try_pick")
        el("review-summary-title").textContent = t("review.summary")
        el("review-share").textContent = t("review.share")
        el("review-share-text").setAttribute("aria-label", t("review.share"))
        select = el("review-seat")
        select.setAttribute("aria-label", t("review.whose"))
        select.innerHTML = "".join(f'<option value="{i}"{" selected" if i == self.screen.seat else ""}>'
                                   f'{esc(s.name)}</option>' for i, s in enumerate(self.seats))

    def render(self) -> None:
        if self.closed:
            return
        self.render_progress()
        view = self.screen.view(self.strings)
        el("review-heading").textContent = view["heading"]
        el("review-prev").disabled = self.screen.cursor == 0
        el("review-next").disabled = self.screen.cursor >= self.run.total - 1
        el("review-key").disabled = not self.screen.key_moments
        if view["waiting"]:
            el("review-line").textContent = self.strings.t("review.waiting")
            for name in ("review-show-played", "review-show-better", "review-said-played", "review-said-better"):
                el(name).hidden = True
            el("review-more").hidden = True
        else:
            self.render_decision(view)
        self.draw_position(view)

    def render_progress(self) -> None:
        run, t = self.run, self.strings.t
        el("review-running").hidden = run.finished
        el("review-progress").value = run.progress
        n = min(len(run.decisions) + 1, max(1, run.total))
        el("review-progress-text").textContent = (t("review.cancelled", n=len(run.decisions), total=run.total)
                                                  if run.cancelled else t("review.running", n=n, total=run.total))
        el("review-cancel").textContent = t("review.resume" if run.cancelled else "review.cancel")
        box = el("review-graph")
        box.innerHTML = graph_svg(self.screen.graph(GRAPH_W, GRAPH_H))  # numbers and class names only
        box.setAttribute("aria-label", t("review.graph"))
        if run.total == 0:
            el("review-line").textContent = t("review.none")
        self.render_summary()

    def render_decision(self, view: dict) -> None:
        t = self.strings.t
        line = [view["turn"], view["kind"], view["dice"]]
        el("review-line").textContent = " · ".join(x for x in line if x)
        played = el("review-show-played")
        played.hidden = False
        mark = f' {view["symbol"]}' if view["symbol"] else ""
        # the mark first: a phone cuts a long move short
        tag = ("same", "\u2713") if view["better"] is None else ("played", "\u25CF")  # as the picture marks it
        played.innerHTML = (f'<span class="review-tag {tag[0]}">{tag[1]}</span> '
                            + esc(f'{t("review.your_move")}{mark} ({view["mark_text"]}): {view["played"]}'))
        played.className = f'review-show played mark-{view["mark"]}'
        played.setAttribute("aria-pressed", "true" if self.showing == "played" else "false")
        better = el("review-show-better")
        better.hidden = view["better"] is None
        better.innerHTML = '<span class="review-tag better">\u25CB</span> ' + esc(
            f'{t("review.better_move")}: {view["better"] or ""}' + (f' · {view["loss"]}' if view["loss"] else ""))
        better.setAttribute("aria-pressed", "true" if self.showing == "better" else "false")
        for name, text in (("review-said-played", view["said_played"]), ("review-said-better", view["said_better"])):
            el(name).textContent = text
            el(name).hidden = not text
        el("review-said-played").classList.toggle("same", view["better"] is None)
        el("review-more").hidden = False
        el("review-best").innerHTML = "".join(
            f'<li class="{"played" if b["played"] else ""}">{esc(b["text"])} <span>{esc(b["value"])}</span></li>'
            for b in view["best"])
        el("review-try-go").disabled = not view["can_try"]

    def render_summary(self) -> None:
        view = self.screen.summary_view(self.strings)
        box = el("review-summary")
        box.hidden = view is None
        if view is None:
            return
        t = self.strings.t
        items = [view["accuracy"], view["luck"], view["result"],
                 ", ".join(f'{c["n"]} {t("review.mark_" + c["mark"])}' for c in view["counts"])]
        items += [f'{k["text"]} ({k["n"]}): {k["loss"]}' for k in view["by_kind"]]
        el("review-summary-list").innerHTML = "".join(f"<li>{esc(x)}</li>" for x in items if x)

    def draw_position(self, view: dict) -> None:
        """The decision's position on the game's canvas: your move and the
        better move marked on it (its dice as the page draws them in play),
        or the position after your move or after the better move."""
        d = self.screen.current
        try:
            position = self.run.review.position(self.screen.cursor) if self.run.total else None
        except (IndexError, ValueError):
            position = None
        if position is None:
            return
        which = self.showing if d is not None else "before"
        action = None
        if which == "played":
            action = d["played"]["action"]
        elif which == "better" and d.get("best"):
            action = d["best"][0]["action"]
        if action is not None:
            position.apply(definition_of(position).action_from_json(action))
        label = {"played": self.strings.t("review.your_move"),
                 "better": self.strings.t("review.better_move")}.get(which, "")
        frame = Frame(position, self.screen.seat, view["heading"] + (f" · {label}" if label else ""))
        self.page.replay = frame
        if which == "both":
            self.mark_moves(frame, position)
        self.page.render()
        if float(self.section.getBoundingClientRect().top) > 0:  # a phone: the board above the panel, whole
            self.shell.canvas.scrollIntoView(js_obj({"block": "start"}))

    def mark_moves(self, frame: Frame, position) -> None:
        """Your move and the better move on ``frame``'s position, told apart."""
        shown = self.screen.shown_moves()
        definition = definition_of(position)
        try:
            played = definition.action_from_json(shown["played"])
            better = None if shown["better"] is None else definition.action_from_json(shown["better"])
            frame.marks, frame.dice = self.spots.marks(self.screen.cursor, played, better, self.page.replay_controller)
        except (ImportError, ValueError, TypeError, KeyError) as exc:  # drawn without its marks
            report(self.shell.where + " review marks", exc)
            return
        frame.legend = legend(self.strings, better is None)

    def share(self) -> None:
        """A link to this game that opens into this review at this decision."""
        link = review_link(share_url(str(window.location.href), self.state, self.seats), self.screen.seat,
                           self.screen.cursor)
        field = el("review-share-text")
        field.value = link
        share_or_copy({"url": link}, link, lambda: self.shell.notices.toast(self.strings.t("review.copied")),
                      "review-share-text")

    # -- try it yourself -------------------------------------------------------------
    def fill_choices(self) -> None:
        if not el("review-more").open or self.screen.current is None:
            return
        choices = self.screen.choices(self.shell.lang)
        self.choices, self.tries = choices, None
        el("review-try-select").innerHTML = "".join(f'<option value="{i}">{esc(c["text"])}</option>'
                                                    for i, c in enumerate(choices))

    def try_it(self, tapped: bool = False) -> None:
        """The move chosen in the list judged (``tapped``: chosen by taps
        on the board, which go on from it; else they start again)."""
        choices = self.choices
        if self.tries is not None and not tapped:
            self.tries.clear()
        raw = str(el("review-try-select").value or "")
        if not raw.isdigit() or int(raw) >= len(choices):
            return
        said = self.screen.try_it(choices[int(raw)]["action"], self.strings)
        node = el("review-try-said")
        node.textContent = said.get("said") or said["text"]  # the engine's sentence, else the page's
        node.className = "review-try-said " + ("best" if said.get("best") else "worse" if said["ok"] else "illegal")
        node.scrollIntoView(js_obj({"block": "nearest"}))  # in view in the panel, after a tap on the board too

    # -- try it yourself on the board ------------------------------------------------
    def trying(self) -> bool:
        """Taps on the board choose again: the list is open on a decision
        judged and not forced, its position on screen with the marks."""
        return (not self.closed and bool(el("review-more").open) and self.showing == "both" and bool(self.choices)
                and not el("review-try-go").disabled and self.page.replay is not None)

    def board_moves(self) -> BoardTries:
        """The legal moves of the position on screen, where each sits on the board."""
        if self.tries is None:
            definition = definition_of(self.page.replay.position)
            self.tries = BoardTries([self.spots.of(self.screen.cursor, definition.action_from_json(c["action"]),
                                                   self.page.layout, self.page.replay_controller)
                                     for c in self.choices])
        return self.tries

    def board_tap(self, evt) -> None:
        if not self.trying():
            return
        rect = self.shell.canvas.getBoundingClientRect()
        point = board_point(self.page.layout, float(evt.clientX) - float(rect.left),
                            float(evt.clientY) - float(rect.top))
        self.tapped(self.board_moves().tap(point))

    def die_tap(self, evt) -> None:
        if not self.trying() or not evt.target:
            return
        tries = self.board_moves()
        die = next((d for d in sorted(tries.dice()) if evt.target.closest(d)), None)
        if die is not None:
            self.tapped(tries.tap(die=die))

    def tapped(self, kept: list[int]) -> None:
        """One move left: judged at once; several: the first chosen in the
        list, and the page says how many are left."""
        if not kept or len(kept) == len(self.choices):
            return
        el("review-try-select").value = str(kept[0])
        if len(kept) == 1:
            self.try_it(tapped=True)
            return
        node = el("review-try-said")
        node.textContent = self.strings.t("review.try_taps", n=len(kept))
        node.className = "review-try-said"
        node.scrollIntoView(js_obj({"block": "nearest"}))

    def picture(self) -> dict:
        """What the picture shows (tests read it): the legend's marks, the
        dice buttons shown and those marked, and where a tap on the board
        chooses your move again (client coordinates of its boxes' middles
        and its dice's selectors, in the order play taps them)."""
        frame = self.page.replay
        out = {"legend": [w for w, _ in getattr(frame, "legend", [])],
               "dice": int(document.querySelectorAll("#dice button").length),
               "marked": int(document.querySelectorAll("[data-review-die]").length), "taps": None}
        d = self.screen.current
        if not self.trying() or d is None:
            return out
        actions = [c["action"] for c in self.choices]
        if d["played"]["action"] not in actions:
            return out
        spots = self.board_moves().moves[actions.index(d["played"]["action"])]
        rect, layout = self.shell.canvas.getBoundingClientRect(), self.page.layout
        per_px = board_point(layout, 1.0, 1.0)[0]  # draw units a CSS pixel
        points = [(sum(x for x, _ in s) / len(s), sum(y for _, y in s) / len(s)) for s in spots.shapes]
        out["taps"] = {"dice": list(spots.dice), "points": [
            {"x": float(rect.left) + x / per_px, "y": float(rect.top) + y / per_px} for x, y in points]}
        return out
