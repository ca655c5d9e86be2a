"""The clever page's view model: everything the page shows for one frame,
as typed values built from the controller and the engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from diceland_core.games.clever.game import FIELD, FINISH, HAND, OUT, OVER, PLATTER, ROLLING, ROUND_BONUS_PHASE
from diceland_core.games.clever.sheet import AREAS, COLOURS

from ...minis import MiniPanel, home_seat, panel
from ...play import BaseView, ButtonView
from ...turn_log import while_bots_play

__all__ = ["DieView", "ButtonView", "PlayerView", "ViewModel", "build_model"]

PLACES = {OUT: "out", HAND: "hand", PLATTER: "platter", FIELD: "field"}


@dataclass(frozen=True)
class DieView:
    colour: str
    value: int
    place: str            # hand, platter, field, out
    slot: int             # index within its place
    usable: bool          # the current player may use it now
    selected: bool
    label: str            # accessible name: "white die, 5"


@dataclass(frozen=True)
class PlayerView:
    name: str
    kind: str
    scores: dict[str, int]
    foxes: int
    rerolls: int
    extras: int


@dataclass(frozen=True)
class ViewModel(BaseView):
    """The common fields (:class:`~diceland_site.play.BaseView`; ``seats``
    are :class:`PlayerView`) and the clever sheet's own."""

    phase: str
    round: int
    rounds: int
    active: int
    solo_passive: bool
    targets: tuple[tuple[str, Any], ...]   # (area, spot index) lit for the selection / choice
    hint_target: tuple[str, Any] | None
    rating: str | None
    pending_bonus: str | None = None
    breakdown: tuple[tuple[str, tuple[int, ...]], ...] = field(default_factory=tuple)
    home: int | None = None                 # whose sheet is "mine" (the person deciding, or who decided last)
    minis: MiniPanel | None = None          # the other players' sheets, small


def _dice(ctrl, p) -> tuple[DieView, ...]:
    s = ctrl.game
    if s.faces is None:
        return ()
    usable = set(s.usable_dice(p)) if p is not None and ctrl.seats[p].is_human else set()
    if p is not None and s.phase == ROLLING and p == s.active and not usable and ctrl.seats[p].is_human:
        usable = {COLOURS[d] for d in s.hand()}      # R1: any die of the roll, entering nothing
    platter = s.platter()
    out = []
    for d, colour in enumerate(COLOURS):
        place = PLACES[s.loc[d]]
        slot = s.fields.index(d) if place == "field" else platter.index(d) if place == "platter" else d
        v = s.faces[d]
        out.append(DieView(colour, v, place, slot, colour in usable, ctrl.selection == colour,
                           ctrl.strings.die_name(colour, v)))
    return tuple(out)


def _targets(ctrl, p) -> tuple[tuple[str, Any], ...]:
    s = ctrl.game
    if p is None or not ctrl.seats[p].is_human:
        return ()
    out = []
    if s.pending_player == p or s.phase == ROUND_BONUS_PHASE:
        for a in s.legal_actions(p):
            if a.type in ("bonus", "round_bonus"):
                out.append((a.area, ctrl.spot_index(p, a.area, a.field)))
    elif ctrl.selection is not None:
        for area, f in s.targets(p, ctrl.selection):
            out.append((area, ctrl.spot_index(p, area, f)))
    return tuple(out)


def _hint_target(ctrl, p):
    a = ctrl.hint_action
    if a is None or a == "done" or getattr(a, "area", None) is None:
        return None
    return (a.area, ctrl.spot_index(p, a.area, a.field))


def _prompt(ctrl, p, bot_pending: bool) -> str:
    s, t = ctrl.game, ctrl.t
    if s.phase == OVER:
        return t("clever.prompt.over")
    name = ctrl.seats[p].name
    if bot_pending:
        return while_bots_play(t("clever.prompt.bot", name=name), ctrl.turn_log, t)
    if s.pending_player == p:
        return ctrl.bonus_prompt(p)
    if s.phase == ROUND_BONUS_PHASE:
        return t("clever.prompt.round4", name=name)
    if s.phase == ROLLING:
        if not s.usable_dice(p):
            return t("clever.prompt.nothing_usable", name=name)
        if ctrl.selection:
            place = t("clever.prompt.place", name=name, die=t(f"clever.colour.{ctrl.selection}"))
            if any(area == "blue" for area, _ in s.targets(p, ctrl.selection)):
                blue, white = s.faces[COLOURS.index("blue")], s.faces[COLOURS.index("white")]
                return f"{place} {t('clever.prompt.blue_sum', blue=blue, white=white, sum=blue + white)}"
            return place
        return t("clever.prompt.pick", name=name)
    if p in s.passive_players() and not s.done[p]:
        if not s.platter_usable(p) and (s.players == 1 or not s.usable_dice(p)):
            return t("clever.prompt.pass", name=name)
        return t("clever.prompt.take", name=name)
    if ctrl.has_extra(p):
        if ctrl.extra_mode and ctrl.selection is None:
            return t("clever.prompt.extra_mode", name=name)
        if ctrl.selection:
            return t("clever.prompt.place", name=name, die=t(f"clever.colour.{ctrl.selection}"))
        return t("clever.prompt.extra", name=name)
    return t("clever.prompt.end", name=name)


def _buttons(ctrl, p, human: bool) -> tuple[ButtonView, ...]:
    s, t = ctrl.game, ctrl.t
    legal = s.legal_actions(p) if human and p is not None else []
    types = {a.type for a in legal}
    sheet = s.sheets[p] if p is not None else None
    rolling_me = human and s.phase == ROLLING and p == s.active and s.pending_player is None
    confirm = rolling_me and ctrl.selection is not None and "pick" in types and not s.usable_dice(p)
    finish_me = human and s.phase == FINISH and s.pending_player is None
    done_ok = finish_me and p not in s.compulsory()
    last = p is not None and ctrl.ends_turn(p)
    return (
        ButtonView("reroll", t("clever.button.reroll", n=sheet.rerolls if sheet else 0), "reroll" in types,
                   visible=s.phase != OVER),
        ButtonView("extra", t("clever.button.extra", n=sheet.extras if sheet else 0), "extra" in types,
                   visible=s.phase != OVER, pressed=ctrl.extra_mode and "extra" in types),
        ButtonView("confirm", t("clever.button.confirm"), confirm, visible=rolling_me),
        ButtonView("pass", t("button.pass"), "pass" in types, visible=finish_me and "pass" in types),
        ButtonView("done", t("clever.button.end_turn" if last else "clever.button.done"), done_ok,
                   visible=s.phase == FINISH),
        ButtonView("undo", t("button.undo"), ctrl.can_undo(), visible=s.phase != OVER),
        ButtonView("hint", t("button.hint"), human, visible=s.phase != OVER),
    )


def home(ctrl, p: int | None) -> int | None:
    """Whose sheet the page shows when no other one was asked for: the
    person deciding, else the one who decided last (kept on the controller
    as its ``holder``), so a bot's turn does not take one's sheet away."""
    return home_seat(p, ctrl.humans(), ctrl.holder)


def _minis(ctrl, players, mine: int | None, shown: int, p: int | None) -> MiniPanel:
    t = ctrl.t
    return panel([pl.name for pl in players], mine, shown, () if p is None else (p,),
                 lambda q: f"{players[q].name} · {players[q].scores['total']}",
                 lambda q: t("mini.view_sheet", name=players[q].name, score=players[q].scores["total"]),
                 t("mini.sheets_title"))


def build_model(ctrl) -> ViewModel:
    s = ctrl.game
    p = ctrl.current()
    human = p is not None and ctrl.here(p)  # a person deciding on this device
    bot_turn = p is not None and not ctrl.seats[p].is_human
    mine = home(ctrl, p)
    shown = ctrl.viewing if ctrl.viewing is not None else (mine if mine is not None else (p if p is not None else 0))
    players = tuple(
        PlayerView(seat.name, seat.kind, sheet.score(), sheet.foxes(), sheet.rerolls, sheet.extras)
        for seat, sheet in zip(ctrl.seats, s.sheets))
    breakdown = ()
    if s.over:
        keys = (*AREAS, "fox", "total")
        breakdown = tuple((k, tuple(pl.scores[k] for pl in players)) for k in keys)
    handoff = ctrl.handoff_view()
    return ViewModel(
        lang=ctrl.lang, current=p, shown=shown, seats=players,
        dice=_dice(ctrl, p) if shown == p or p is None else _dice(ctrl, None),
        buttons=_buttons(ctrl, p, human and handoff is None),
        prompt=_prompt(ctrl, p, bot_turn) if p is not None else ctrl.t("clever.prompt.over"),
        handoff=handoff, bot_pending=ctrl.bot_pending(), over=s.over, winners=tuple(s.winners), can_undo=ctrl.can_undo(),
        phase=s.phase, round=s.round, rounds=s.rounds, active=s.active, solo_passive=s.solo_passive,
        targets=_targets(ctrl, p) if shown == p else (), hint_target=_hint_target(ctrl, p) if shown == p else None,
        rating=ctrl.rating(), pending_bonus=s.pending[0] if s.pending_player is not None else None,
        breakdown=breakdown, home=mine, minis=_minis(ctrl, players, mine, shown, p),
    )
