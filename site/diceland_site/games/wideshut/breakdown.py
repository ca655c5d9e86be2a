"""Dice Wide Shut's end screen (W6, W7): per half the points of its runs,
each column's score, −5 for each empty column, the split rows that break
a tie, the total, who ended the game and why the winners won."""

from __future__ import annotations

from typing import Sequence

from diceland_core.core.record import record_of
from diceland_core.core.registry import get_game
from diceland_core.games.wideshut.actions import EndTriggered
from diceland_core.games.wideshut.sheet import BLUE, EMPTY_COLUMN, HALVES, RED

from ...breakdown import Breakdown, Row, headline, signed, why_by_total

__all__ = ["breakdown", "ended_by", "start_explained"]


def ended_by(game) -> tuple[int, ...]:
    """The players whose take triggered the end (W6.2): the game is replayed
    from its record to find the take."""
    rec = record_of(game)
    fresh = get_game("wideshut").from_setup({**rec["setup"], "meta": rec.get("meta", {})}, rec["seed"],
                                            rec["players"])
    for action in game.actions:
        for ev in fresh.apply(action):
            if isinstance(ev, EndTriggered):
                return tuple(ev.players)
    return ()


def start_explained(strings) -> str:
    """Why a new sheet scores −50 (W7.3): ten empty columns at −5 each."""
    return strings.t("breakdown.wide.start", columns=2 * 5, penalty=signed(EMPTY_COLUMN),
                     total=signed(2 * 5 * EMPTY_COLUMN))


def breakdown(game, names: Sequence[str], strings) -> Breakdown:
    """The end screen of a finished Dice Wide Shut ``game``; ``strings`` a
    :class:`WideStrings`."""
    t = strings.t
    sheets = game.sheets
    rows = []
    for half in (RED, BLUE):
        columns = [sheet.column_scores(half) for sheet in sheets]
        colour = t(f"half.{HALVES[half]}")
        runs = [sum(c for c in cols if c != EMPTY_COLUMN) for cols in columns]
        rows.append(Row(t("breakdown.wide.runs", half=colour), tuple(signed(v) for v in runs)))
        rows.append(Row(t("breakdown.wide.columns", half=colour),
                        tuple(" ".join(signed(c) for c in cols) for cols in columns), "detail"))
    empty = [sheet.empty_columns() for sheet in sheets]
    rows.append(Row(t("breakdown.wide.empty"),
                    tuple(t("breakdown.wide.empty_points", count=n, penalty=signed(EMPTY_COLUMN),
                            points=signed(n * EMPTY_COLUMN)) if n else "0" for n in empty)))
    totals = tuple(sheet.total for sheet in sheets)
    rows.append(Row(t("breakdown.total"), tuple(signed(v) for v in totals), "total"))
    rows.append(Row(t("breakdown.wide.splits"), tuple(str(sheet.splits) for sheet in sheets), "info"))
    winners = tuple(game.winners)
    tie_break = ""
    if len(winners) == 1:
        tie_break = t("breakdown.wide.tie_splits", name=names[winners[0]], splits=sheets[winners[0]].splits)
    notes = ()
    who = ended_by(game)
    if who:
        notes = (t("breakdown.wide.ended_by", names=strings.names([names[p] for p in who])),)
    return Breakdown(t("breakdown.caption"), tuple(names), winners, tuple(rows), totals,
                     headline(strings, names, winners),
                     why_by_total(strings, names, totals, winners, tie_break), notes, t("breakdown.winner"))


def live_score(sheet, name: str, strings) -> str:
    """A running total in words: the runs, the empty columns at −5 each and
    the total (W7.1–W7.4); at the start, why a new sheet scores −50."""
    empty = sheet.empty_columns()
    if empty == 2 * 5:
        return start_explained(strings)
    return strings.t("breakdown.wide.live", name=name, runs=signed(sheet.total - empty * EMPTY_COLUMN),
                     count=empty, points=signed(empty * EMPTY_COLUMN), total=signed(sheet.total))
