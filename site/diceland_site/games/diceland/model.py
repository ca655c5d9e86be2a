"""The Diceland page's view model: everything the page shows for one frame,
as typed values built from the controller and the engine
(:func:`build_model`; :meth:`ViewModel.to_json` gives the same as plain data)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterable

from diceland_core.games.diceland import Phase
from diceland_core.games.diceland.actions import BonusRollStarted, Pass, TurnStarted
from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland.game import DICE
from diceland_core.games.diceland.sheet import GOAL_STARS

from . import draw
from ...play import BaseView, ButtonView, HandoffView
from ...turn_log import while_bots_play
from .minis import Minis, minis
from .progress import ProgressView, progress

__all__ = ["DieView", "ButtonView", "PlayerView", "HandoffView", "HintView", "AidZone", "AidView", "StatsRow",
           "ViewModel", "build_model", "dice", "decision_aid", "stats", "winner_reason", "stats_labels"]

Cell = tuple[int, int]


@dataclass(frozen=True)
class DieView:
    index: int
    colour: str | None      # None: not revealed yet
    name: str               # the colour's name
    label: str              # accessible name: "red die, set aside"
    group: str              # roll, held, leftover, bonus
    enabled: bool
    selected: bool
    hint: bool
    placeable: bool | None  # the dice of this colour fit somewhere (None: not asked)
    fill: str
    text: str
    symbol: str


@dataclass(frozen=True)
class PlayerView:
    index: int
    name: str
    kind: str
    is_human: bool
    kind_label: str
    stars: int
    goal_stars: int
    stars_label: str
    progress: ProgressView
    completed: tuple[str, ...]
    active: bool
    waiting: bool
    current: bool
    shown: bool


@dataclass(frozen=True)
class HintView:
    action: str             # place, choose, reroll, stop, pass
    colour: str | None = None
    cells: tuple[Cell, ...] = ()


@dataclass(frozen=True)
class AidZone:
    zone: int
    room: int
    fits: bool
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class AidView:
    """Reroll or stop (D3.3): where the held dice fit now and what a reroll may add."""

    colour: str
    held: int
    zones: tuple[AidZone, ...]
    where: str
    warning: str
    odds: str
    percent: int


@dataclass(frozen=True)
class StatsRow:
    player: int
    name: str
    kind: str
    stars: int
    cells: int
    colours: int
    completed: tuple[str, ...]
    turns: int
    bonus_rolls: int
    winner: bool


@dataclass(frozen=True)
class ViewModel(BaseView):
    """The common fields (:class:`~diceland_site.play.BaseView`: ``current``
    is the human decision on screen, ``shown`` whose sheet is drawn,
    ``seats`` the players) and Diceland's own."""

    phase: str
    phase_label: str
    status: str
    turn: int
    turn_label: str
    active: int
    board_id: str
    board_label: str
    highlights: tuple[Cell, ...]
    completions: tuple[Cell, ...]
    selection: tuple[Cell, ...]
    selection_colour: str | None
    cursor: Cell | None
    cursor_text: str
    hint: HintView | None
    dice_hidden: bool
    aid: AidView | None
    bot_names: tuple[str, ...]
    winner_names: tuple[str, ...]
    winner_reason: str
    stats: tuple[StatsRow, ...]
    stats_labels: dict[str, str]
    log: tuple[str, ...]
    minis: Minis                        # the other players' boards, small

    def to_json(self) -> dict[str, Any]:
        """The model as plain JSON-ready data (lists for tuples)."""
        return _plain(asdict(self))


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _cells(cells: Iterable[Iterable[int]]) -> tuple[Cell, ...]:
    return tuple((int(r), int(c)) for r, c in cells)


# -- the dice ----------------------------------------------------------------------------------
def _die(ctrl, index: int, colour: Colour | None, group: str, enabled: bool,
         placeable: bool | None = None) -> DieView:
    s = ctrl.strings
    if colour is None:
        return DieView(index, None, "", s.t("die.hidden"), group, False, False, False, None,
                       "#ffffff", "#1f1f1f", "")
    hint = bool(ctrl.hint_state and ctrl.hint_state.get("colour") == colour.key)
    pal = draw.PALETTE[colour.key]
    return DieView(index, colour.key, s.colour(colour), s.die_label(colour, group), group, enabled,
                   ctrl.sel_colour is colour, hint, placeable, pal["die"], pal["text"], draw.SYMBOLS[colour.key])


def dice(ctrl) -> tuple[DieView, ...]:
    """The dice on the table, in button order."""
    g = ctrl.game
    p = ctrl.acting_seat()
    hidden = ctrl.needs_roll()
    out: list[DieView] = []

    def add(colours: Iterable[Colour | None], group: str, enabled: bool, fits: Callable | None = None) -> None:
        for c in colours:
            placeable = fits(c) if fits is not None and c is not None else None
            out.append(_die(ctrl, len(out), c, group, enabled and c is not None, placeable))

    if g.phase is Phase.CHOOSE:
        add([None] * len(g.roll) if hidden else g.roll, "roll", p == g.active)
    elif g.phase is Phase.DECIDE:
        add([g.chosen] * g.held, "held", False)
        add(g.leftovers, "roll", False)
    elif g.phase is Phase.PLACE:
        have = g.dice_for(p) if p is not None else {}
        sheet = g.sheets[p] if p is not None else None
        fits = (lambda c: sheet.can_place(c, have.get(c, 0))) if sheet is not None else None
        add([g.chosen] * g.held, "held", p == g.active, fits if p == g.active else None)
        add(g.leftovers, "leftover", p is not None and p != g.active, fits if p != g.active else None)
    elif g.phase is Phase.BONUS:
        bp = g.bonus_player
        sheet = g.sheets[bp]
        have = g.dice_for(bp)
        add([None] * len(g.roll) if hidden else g.roll, "bonus", p == bp,
            lambda c: sheet.can_place(c, have.get(c, 0)))
    return tuple(out)


# -- buttons and prompt ------------------------------------------------------------------------
def _buttons(ctrl) -> tuple[ButtonView, ...]:
    t = ctrl.strings.t
    g = ctrl.game
    p = ctrl.acting_seat()
    deciding = p is not None and not ctrl.needs_roll()
    placing = deciding and g.phase in (Phase.PLACE, Phase.BONUS)
    colour = ctrl.colour_for(p) if placing else None
    n = g.dice_for(p).get(colour, 0) if colour is not None else 0
    can_pass = placing and g.is_legal(Pass(p))
    handoff = ctrl.needs_handoff()
    deciding_now = deciding and g.phase is Phase.DECIDE
    spec = [
        ("roll", "button.roll", ctrl.needs_roll(), ctrl.needs_roll()),
        ("reroll", "button.reroll", deciding_now, deciding_now),
        ("stop", "button.stop", deciding_now, deciding_now),
        ("confirm", "button.confirm", placing, placing and n > 0 and len(ctrl.selection) == n),
        ("pass", "button.pass", placing, can_pass),
        ("undo", "button.undo", not g.over, ctrl.can_undo()),
        ("hint", "button.hint", not g.over, deciding and not g.over),
        ("ready", "button.ready", handoff, handoff),
        ("play_again", "button.play_again", g.over, g.over),
    ]
    name = ctrl.names[ctrl.current_seat()] if handoff else ""
    return tuple(ButtonView(i, t(k, name=name) if i == "ready" else t(k), en, vis) for i, k, vis, en in spec)


def colours_that_fit(g, p: int) -> list[Colour]:
    """The colours of the dice seat ``p`` may place now that its board can
    take (D4.1, D4.2, D5.3): none means passing is all it can do."""
    sheet = g.sheets[p]
    return [c for c, k in g.dice_for(p).items() if sheet.can_place(c, k)]


def _prompt(ctrl) -> str:
    t, s = ctrl.strings.t, ctrl.strings
    g = ctrl.game
    if g.over:
        won = [ctrl.names[p] for p in g.winners]
        return t("prompt.game_over_one", name=won[0]) if len(won) == 1 else \
            t("prompt.game_over_several", names=s.names(won))
    p = ctrl.current_seat()
    if p is None:
        bots = [ctrl.names[q] for q in g.waiting_for() if not ctrl.seats[q].is_human]
        if not bots:  # only automatic passes are due
            return t("prompt.auto_pass", name=ctrl.names[g.waiting_for()[0]])
        waiting = t("prompt.waiting_bot", name=bots[0]) if len(bots) == 1 else t("prompt.waiting", names=s.names(bots))
        return while_bots_play(waiting, ctrl.turn_log, t)
    if ctrl.needs_handoff():
        return t("handoff.title", name=ctrl.names[p])
    name = ctrl.names[p]
    if ctrl.hint_state and ctrl.hint_state["action"] != "place":
        a = ctrl.hint_state["action"]
        return " ".join(x for x in (t(f"prompt.hint_{a}", colour=s.colour(ctrl.hint_state.get("colour", "red"))),
                                    ctrl.hint_state.get("reason", "")) if x)
    if g.phase is Phase.CHOOSE:
        return t("prompt.roll" if ctrl.needs_roll() else "prompt.choose", name=name)
    if g.phase is Phase.DECIDE:
        return t("prompt.decide", held=g.held, colour=s.colour(g.chosen), free=DICE - g.held)
    if g.phase is Phase.BONUS and ctrl.needs_roll():
        return ctrl.bonus_roll_prompt(p)
    have = g.dice_for(p)
    colour = ctrl.colour_for(p)
    if colour is not None and (ctrl.selection or ctrl.sel_colour is not None):
        n = have[colour]
        key = ("prompt.ready_one" if n == 1 else "prompt.ready") if len(ctrl.selection) == n \
            else "prompt.selecting"
        why = ctrl.hint_state.get("reason", "") if ctrl.hint_state and ctrl.hint_state["action"] == "place" else ""
        return " ".join(x for x in (t(key, colour=s.colour(colour), selected=len(ctrl.selection), count=n), why) if x)
    if g.phase is Phase.PLACE and p == g.active:
        if g.must_place(p):
            return t("prompt.place_active", name=name, count=g.held, colour=s.colour(g.chosen))
        return t("prompt.place_active_overshoot", name=name, count=g.held, colour=s.colour(g.chosen))
    fits = colours_that_fit(g, p)
    if g.phase is Phase.BONUS:
        return t("prompt.bonus" if fits else "prompt.bonus_nothing", name=name)
    if not have:
        return t("prompt.place_other_none", name=name)
    return t("prompt.place_other" if fits else "prompt.place_other_nothing", name=name)


# -- reroll or stop ----------------------------------------------------------------------------
def decision_aid(ctrl) -> AidView | None:
    """Reroll or stop (D3.3): ``zones`` are the zones of the colour a placement
    may use, with their reachable free cells and whether the held dice fit
    (``fits``); ``warning``: the held dice fit nowhere any more (stopping
    crosses nothing); ``odds``: the chance that a reroll of the other dice
    shows the colour at least once, 1 - (5/6)^n."""
    g = ctrl.game
    p = ctrl.acting_seat()
    if p is None or g.phase is not Phase.DECIDE or p != g.active or g.chosen is None:
        return None
    t, s = ctrl.strings.t, ctrl.strings
    colour, held, free = g.chosen, g.held, DICE - g.held
    board = g.boards[p]
    zones = tuple(AidZone(z, room, room >= held, _cells(board.zones[z].cells))
                  for z, room in sorted(g.sheets[p].room(colour).items()))
    fits = [z for z in zones if z.fits]
    percent = round(100 * (1 - (5 / 6) ** free))
    if fits:
        where = t("aid.fits", colour=s.colour(colour), count=held, zones=len(fits), room=max(z.room for z in fits))
        warning = ""
    else:
        where = ""
        warning = t("aid.overshoot", colour=s.colour(colour), count=held, room=max((z.room for z in zones), default=0))
    odds = t("aid.odds", count=free, percent=percent, colour=s.colour(colour)) if free else ""
    return AidView(colour.key, held, zones, where, warning, odds, percent)


# -- the end of the game -----------------------------------------------------------------------
def stats(ctrl) -> tuple[StatsRow, ...]:
    """Per player: bonus cells, cells crossed, colours completed, turns, bonus rolls."""
    g = ctrl.game
    turns = [0] * g.players
    bonus = [0] * g.players
    for ev in g.log:
        if isinstance(ev, TurnStarted):
            turns[ev.player] += 1
        elif isinstance(ev, BonusRollStarted):
            bonus[ev.player] += 1
    out = []
    for p, seat in enumerate(ctrl.seats):
        sheet = g.sheets[p]
        done = tuple(c.key for c in sheet.completed_colours())
        out.append(StatsRow(p, seat.name, seat.kind, sheet.stars, sheet.crossed.bit_count() - 1, len(done), done,
                            turns[p], bonus[p], p in g.winners))
    return tuple(out)


def winner_reason(ctrl) -> str:
    """Why the winners won (D6.1–D6.3), in one sentence; "" while playing."""
    g = ctrl.game
    if not g.over:
        return ""
    t, s = ctrl.strings.t, ctrl.strings

    def figures(w: int) -> dict[str, object]:
        sheet = g.sheets[w]
        colours = s.names([s.colour(c) for c in sheet.completed_colours()])
        return {"name": ctrl.names[w], "stars": sheet.stars, "goal": GOAL_STARS, "colours": colours}

    if len(g.winners) == 1:
        key = "over.why_bonus" if g.won_in_bonus else "over.why_one"
        return t(key, **figures(g.winners[0]))
    # each winner's own figures: two winners need not have the same count
    each = t("over.why_sep").join(t("over.why_each", **figures(w)) for w in g.winners)
    return t("over.why_several", names=s.names([ctrl.names[w] for w in g.winners]), goal=GOAL_STARS, each=each)


def stats_labels(ctrl) -> dict[str, str]:
    t = ctrl.strings.t
    return {k: t(f"stats.{k}") for k in ("title", "player", "stars", "cells", "colours", "turns",
                                          "bonus_rolls", "winner")}


# -- the whole model ---------------------------------------------------------------------------
def _hint(state: dict | None) -> HintView | None:
    if not state:
        return None
    return HintView(state["action"], state.get("colour"), _cells(state.get("cells", ())))


def _players(ctrl, p: int | None, shown: int) -> tuple[PlayerView, ...]:
    g = ctrl.game
    t = ctrl.strings.t
    waiting = set(g.waiting_for())
    return tuple(PlayerView(
        index=i, name=seat.name, kind=seat.kind, is_human=seat.is_human, kind_label=t(f"seat.{seat.kind}"),
        stars=g.sheets[i].stars, goal_stars=GOAL_STARS,
        stars_label=ctrl.stars_text("info.stars", g.sheets[i].stars),
        progress=progress(g.sheets[i], ctrl.strings),
        completed=tuple(c.key for c in g.sheets[i].completed_colours()),
        active=i == g.active, waiting=i in waiting, current=i == p, shown=i == shown,
    ) for i, seat in enumerate(ctrl.seats))


def _status(ctrl) -> str:
    """Who plays now, or, once the game is over, who won."""
    g, t = ctrl.game, ctrl.strings.t
    if g.over:
        return t("status.winners", names=ctrl.strings.names([ctrl.names[w] for w in g.winners]), count=len(g.winners))
    return t("status.active", name=ctrl.names[g.active])


def build_model(ctrl) -> ViewModel:
    """Everything the page shows for the controller's position."""
    g = ctrl.game
    t = ctrl.strings.t
    p = ctrl.current_seat()
    shown = ctrl.shown_player()
    colour = ctrl.colour_for(p) if p is not None and g.phase in (Phase.PLACE, Phase.BONUS) else None
    return ViewModel(
        lang=ctrl.lang,
        current=p,
        shown=shown,
        seats=_players(ctrl, p, shown),
        dice=dice(ctrl),
        buttons=_buttons(ctrl),
        prompt=_prompt(ctrl),
        handoff=ctrl.handoff_view(),
        bot_pending=ctrl.bot_pending(),
        over=g.over,
        winners=tuple(g.winners),
        can_undo=ctrl.can_undo(),
        phase=g.phase.value,
        phase_label=t(f"phase.{g.phase.value}"),
        status=_status(ctrl),
        turn=g.turn,
        turn_label=t("status.turn", turn=g.turn),
        active=g.active,
        board_id=g.boards[shown].id,
        board_label=t("board.label", name=ctrl.names[shown]),
        highlights=_cells(ctrl.highlights()),
        completions=_cells(ctrl.completions()),
        selection=_cells(ctrl.selection),
        selection_colour=colour.key if colour is not None else None,
        cursor=tuple(ctrl.cursor) if ctrl.cursor else None,
        cursor_text=ctrl.describe_cell(*ctrl.cursor) if ctrl.cursor else "",
        hint=_hint(ctrl.hint_state),
        dice_hidden=ctrl.needs_roll(),
        aid=decision_aid(ctrl),
        bot_names=tuple(ctrl.names[q] for q in g.waiting_for() if not ctrl.seats[q].is_human),
        winner_names=tuple(ctrl.names[w] for w in g.winners),
        winner_reason=winner_reason(ctrl),
        stats=stats(ctrl),
        stats_labels=stats_labels(ctrl),
        log=tuple(ctrl.log_lines[-100:]),
        minis=minis(ctrl),
    )
