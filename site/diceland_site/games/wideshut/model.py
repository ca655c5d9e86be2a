"""The typed view model of the Dice Wide Shut page: everything the DOM side
and the canvas draw, computed by :meth:`controller.Controller.view` from the engine."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["DIE_STYLE", "HALF_STYLE", "DieView", "Target", "SeatView", "ViewModel", "position_of"]

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
class ViewModel:
    lang: str
    phase: str                       # "roll", "take", "over"
    round: int
    current: int | None              # seat to act
    shown: int                       # seat whose sheet is drawn
    seats: tuple[SeatView, ...]
    dice: tuple[DieView, ...]
    targets: tuple[Target, ...]
    chosen: tuple[int, ...]          # die indices in the selection
    assigned: tuple[tuple[str, int, int, str], ...]  # pending marks: half, row, col, kind
    colour: str | None               # the take's colour once known
    prompt: str
    notes: tuple[str, ...]           # "nothing to mark" explanations
    buttons: dict[str, bool]         # id -> enabled, for the visible ones
    handoff: str | None              # text of the pass-the-device screen
    bot_turn: bool
    end_triggered: bool
    end_text: str
    game_over: bool
    winners: tuple[int, ...]
    can_undo: bool
    cursor: tuple[str, int, int] | None
    scores: dict = field(default_factory=dict)
