"""The typed view model of the Dice Wide Shut page: everything the DOM side
and the canvas draw, computed by :func:`build_model` from the controller and the engine."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...minis import MiniPanel, home_seat, panel
from ...play import BaseView, ButtonView

__all__ = ["DIE_STYLE", "HALF_STYLE", "DieView", "Target", "SeatView", "ViewModel", "position_of", "build_model"]

#: colour, text colour and symbol of each die colour (a colour never stands alone)
DIE_STYLE: dict[str, tuple[str, str, str]] = {
    "red": ("#c62828", "#ffffff", "◆"),
    "blue": ("#1565c0", "#ffffff", "●"),
    "purple": ("#6a1b9a", "#ffffff", "★"),
}
#: the halves of the sheet: ink, light tint, symbol
HALF_STYLE: dict[str, tuple[str, str, str]] = {
    "red": ("#b71c1c", "#fdecea", "◆"),
    "blue": ("#0d47a1", "#e8f0fb", "●"),
}


def position_of(colour: str, entry) -> tuple[str, int, int] | None:
    """Where an engine mark entry sits on the sheet: ``(half, row, column)``
    with column 5 for a 6-box; None for "mark nothing"."""
    if entry is None:
        return None
    kind = entry[0]
    if kind == "skip":
        return (colour, entry[1], 5)
    if kind in ("red6", "blue6"):
        return (kind[:-1], entry[1], 5)
    return (kind, entry[1], entry[2])


@dataclass(frozen=True)
class DieView:
    index: int
    colour: str
    value: int
    symbol: str
    label: str          # accessible name: "red die, 3"
    taken: bool
    chosen: bool
    enabled: bool


@dataclass(frozen=True)
class Target:
    """A box the chosen die ``die`` (position in the selection) may use:
    ``kind`` is "box", "six" (mark a 6-box) or "skip" (the power of the 6)."""
    half: str
    row: int
    col: int
    kind: str
    die: int
    active: bool


@dataclass(frozen=True)
class SeatView:
    name: str
    kind: str
    total: int
    current: bool
    shown: bool


@dataclass(frozen=True)
class ViewModel(BaseView):
    """The common fields (:class:`~diceland_site.play.BaseView`; ``seats``
    are :class:`SeatView`) and the sheet's own."""

    phase: str                       # "roll", "take", "over"
    round: int
    targets: tuple[Target, ...]
    chosen: tuple[int, ...]          # die indices in the selection
    assigned: tuple[tuple[str, int, int, str], ...]  # pending marks: half, row, col, kind
    colour: str | None               # the take's colour once known
    notes: tuple[str, ...]           # "nothing to mark" explanations
    end_triggered: bool
    end_text: str
    cursor: tuple[str, int, int] | None
    scores: dict = field(default_factory=dict)
    home: int | None = None            # whose sheet is "mine"
    minis: MiniPanel | None = None     # the other players' sheets, small


def _kind(entry) -> str:
    return "skip" if entry[0] == "skip" else "six" if entry[0] in ("red6", "blue6") else "box"


def build_model(ctrl) -> ViewModel:
    """Everything the page shows for the controller's position (reads it, changes nothing)."""
    g, s = ctrl.game, ctrl.strings
    p = ctrl.current()
    shown = ctrl.shown_player()
    remaining = set(g.remaining_dice())
    mine = ctrl.my_turn()
    dice = []
    if g.roll is not None:
        for i, v in enumerate(g.roll):
            colour = ctrl.die_colour(i)
            taken = i not in remaining
            label = s.t("die.label", colour=s.colour(colour), value=v) + (" " + s.t("die.taken") if taken else "")
            dice.append(DieView(i, colour, v, DIE_STYLE[colour][2], label, taken, i in ctrl.chosen,
                                mine and g.phase == "take" and not taken))
    cons = ctrl.consistent() if ctrl.chosen else []
    targets = []
    first_open = next((k for k in range(len(ctrl.chosen)) if k not in ctrl.assigned), None)
    for k in range(len(ctrl.chosen)):
        if k in ctrl.assigned:
            continue
        for colour, entry in ctrl._options(cons, k):
            pos = position_of(colour, entry)
            if pos is not None:
                targets.append(Target(pos[0], pos[1], pos[2], _kind(entry), k, k == first_open))
    notes = [ctrl._nothing_note(ctrl.chosen[k]) for k in sorted(ctrl.auto)]
    assigned = []
    for k, (colour, entry) in sorted(ctrl.assigned.items()):
        pos = position_of(colour, entry)
        if pos is not None:
            assigned.append((pos[0], pos[1], pos[2], _kind(entry)))
    colours = ctrl.take_colours() if ctrl.chosen else []
    colour = ctrl.colour or (colours[0] if len(colours) == 1 else None)
    pending = ctrl.pending_take()
    hand = ctrl.handoff_view()
    can_undo = ctrl.can_undo()
    enabled = {"roll": mine and g.phase == "roll", "confirm": pending is not None, "clear": bool(ctrl.chosen),
               "undo": can_undo, "hint": mine}
    buttons = tuple(ButtonView(name, s.t(f"button.{name}"), on) for name, on in enabled.items())
    seats = tuple(SeatView(seat.name, seat.kind, g.sheets[q].total, q == p, q == shown)
                  for q, seat in enumerate(ctrl.seats))
    end_text = (s.t("end.over") if g.over else s.t("end.triggered")) if g.end_triggered else ""
    mine = home_seat(p if hand is None else None, ctrl.humans(), ctrl.holder)
    minis = panel([seat.name for seat in ctrl.seats], mine, shown, () if p is None else (p,),
                  lambda q: s.t("tab.text", name=ctrl.seats[q].name, total=g.sheets[q].total),
                  lambda q: s.t("mini.view_sheet", name=ctrl.seats[q].name, score=g.sheets[q].total),
                  s.t("mini.sheets_title"))
    return ViewModel(
        lang=ctrl.lang, current=p, shown=shown, seats=seats, dice=tuple(dice), buttons=buttons,
        prompt=ctrl.prompt(pending, targets, notes), handoff=hand, bot_pending=ctrl.bot_pending(), over=g.over,
        winners=tuple(g.winners), can_undo=can_undo,
        phase=g.phase, round=g.round, targets=tuple(targets), chosen=tuple(ctrl.chosen), assigned=tuple(assigned),
        colour=colour, notes=tuple(notes), end_triggered=g.end_triggered, end_text=end_text, cursor=ctrl.cursor,
        scores={"totals": [sh.total for sh in g.sheets]}, home=mine, minis=minis,
    )
