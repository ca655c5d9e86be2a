"""Engine events of Dice Wide Shut as sentences: the game log and what
screen readers hear (``aria-live``), in the page's language."""

from __future__ import annotations

from typing import Sequence

from diceland_core.games.wideshut.actions import (
    EndTriggered, Event, GameOver, Rolled, RoundEnded, RowSplit, SixUsed, Take, Took,
)
from diceland_core.games.wideshut.game import Game, die_colour

from ...i18n import signed
from ...seats import Seat
from ...turn_log import TurnLog, rebuild
from .model import position_of
from .strings import WideStrings

__all__ = ["describe_events", "take_text", "mark_text", "box_text", "narrate", "build_log"]


def mark_text(colour: str, entry, strings: WideStrings) -> str:
    """"red row 1, column 3", "the 6 of blue row 2", "used the 6 of red row 4", "nothing"."""
    if entry is None:
        return strings.t("mark.nothing")
    half, row, col = position_of(colour, entry)
    return box_text(half, row, col, "skip" if entry[0] == "skip" else "box", strings)


def box_text(half: str, row: int, col: int, kind: str, strings: WideStrings) -> str:
    """A box of the sheet in words (``kind`` "skip": its 6 used for its power)."""
    if kind == "skip":
        return strings.t("mark.skip", half=strings.t(f"half.{half}"), row=row + 1)
    if col == 5:
        return strings.t("mark.six", half=strings.t(f"half.{half}"), row=row + 1)
    return strings.t("mark.box", half=strings.t(f"half.{half}"), row=row + 1, column=col + 1)


def _dice_text(game: Game, dice: Sequence[int], values: Sequence[int], strings: WideStrings) -> str:
    parts = [strings.die(die_colour(game.players, i), v) for i, v in zip(dice, values)]
    return strings.names(parts)


def take_text(take: Take, game: Game, strings: WideStrings) -> str:
    """"red 3 → red row 1, column 3; purple 5 → …" for a take about to be made."""
    values = [game.roll[i] for i in take.dice]
    parts = [strings.t("take.part", die=strings.die(die_colour(game.players, i), v),
                       mark=mark_text(take.colour, e, strings))
             for i, v, e in zip(take.dice, values, take.marks)]
    return strings.t("list.sep").join(parts)


def describe_events(events: Sequence[Event], game: Game, seats: Sequence[Seat],
                    strings: WideStrings) -> list[str]:
    s = strings
    lines: list[str] = []
    for ev in events:
        if isinstance(ev, Rolled):
            dice = _dice_text(game, range(len(ev.dice)), ev.dice, s)
            lines.append(s.t("log.rolled", round=ev.round, name=seats[ev.player].name, dice=dice))
        elif isinstance(ev, Took):
            marks = s.t("list.sep").join(mark_text(ev.colour, e, s) for e in ev.marks)
            lines.append(s.t("log.took", name=seats[ev.player].name,
                             dice=_dice_text(game, ev.dice, ev.values, s),
                             colour=s.colour(ev.colour), marks=marks))
        elif isinstance(ev, RowSplit):
            lines.append(s.t("log.split", name=seats[ev.player].name, half=s.t(f"half.{ev.half}"),
                             row=ev.row + 1))
        elif isinstance(ev, SixUsed):
            lines.append(s.t("log.six_used", name=seats[ev.player].name, half=s.t(f"half.{ev.half}"),
                             row=ev.row + 1))
        elif isinstance(ev, EndTriggered):
            lines.append(s.t("log.end", names=s.names([seats[p].name for p in ev.players])))
        elif isinstance(ev, RoundEnded):
            continue
        elif isinstance(ev, GameOver):
            scores = s.t("list.sep").join(f"{seats[p].name} {signed(sc)}" for p, sc in enumerate(ev.scores))
            lines.append(s.t("log.over", winners=s.names([seats[w].name for w in ev.winners]),
                             scores=scores))
    return lines


# -- the turn log -------------------------------------------------------------------------------------

def narrate(log: TurnLog, game: Game, events: Sequence[Event], done: int, seats: Sequence[Seat],
            strings: WideStrings) -> None:
    """The turn log's entries of ``events``, just applied on ``game`` as its
    ``done``-th action: a roll opens the round's turn; a split row or a
    used 6 continues the line of the take that caused it."""
    s = strings
    for ev in events:
        if isinstance(ev, Rolled):
            # the turn starts before its roll (the roll is the turn's first action)
            log.begin(s.t("log.heading", round=ev.round, name=seats[ev.player].name), done - 1)
        if isinstance(ev, RowSplit):
            part = s.t("log.chain_split", half=s.t(f"half.{ev.half}"), row=ev.row + 1)
        elif isinstance(ev, SixUsed):
            part = s.t("log.chain_six", half=s.t(f"half.{ev.half}"), row=ev.row + 1)
        else:
            for line in describe_events([ev], game, seats, strings):
                log.add(line, done)
            log.state["took"] = isinstance(ev, Took)
            continue
        if not (log.state.get("took") and log.extend_last(part)):
            log.add(describe_events([ev], game, seats, strings)[0], done)


def build_log(game: Game, seats: Sequence[Seat], strings: WideStrings) -> TurnLog:
    """The whole turn log of ``game`` so far, from its record."""
    def narrator(log, state, events, done):
        narrate(log, state, events, done, seats, strings)
    return rebuild(game, narrator, lambda fresh: [])
