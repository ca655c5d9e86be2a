"""Ganz schön clever's end screen (C10, C11.4): the points of each area,
the foxes times the lowest area, the total, the winners and why, and in a
solo game the rulebook's rating with the next tier."""

from __future__ import annotations

from typing import Sequence

from diceland_core.core.errors import render_message
from diceland_core.games.clever.messages import RATINGS, rating_code
from diceland_core.games.clever.sheet import AREAS

from ...breakdown import Breakdown, Row, headline, signed, why_by_total

__all__ = ["breakdown"]


def _tie_break(strings, names: Sequence[str], parts: Sequence[dict], winners: Sequence[int]) -> str:
    """C10.8: among tied totals the best single area decides."""
    if len(winners) != 1:
        return ""
    w = winners[0]
    area = max(AREAS, key=lambda a: parts[w][a])
    return strings.t("breakdown.clever.tie_area", name=names[w], area=strings.area(area), points=parts[w][area])


def _rating_notes(strings, total: int) -> tuple[str, ...]:
    """The solo rating (C11.4, R10) and how many points the next tier needs."""
    lang = strings.lang
    out = [strings.t("breakdown.clever.rating", rating=render_message(rating_code(total), {}, lang))]
    higher = [(low, code) for low, code in RATINGS if low > total]
    if higher:
        low, code = higher[-1]
        out.append(strings.t("breakdown.clever.next_tier", points=low, rating=render_message(code, {}, lang)))
    return tuple(out)


def breakdown(state, names: Sequence[str], strings) -> Breakdown:
    """The end screen of a finished game ``state`` (a clever ``Game``);
    ``strings`` a :class:`CleverStrings`."""
    t = strings.t
    parts = [sheet.score() for sheet in state.sheets]
    foxes = [sheet.foxes() for sheet in state.sheets]
    rows = [Row(strings.area(a), tuple(str(p[a]) for p in parts)) for a in AREAS]
    rows.append(Row(t("breakdown.clever.foxes"),
                    tuple(t("breakdown.clever.fox_points", foxes=n, lowest=min(p[a] for a in AREAS), points=p["fox"])
                          for n, p in zip(foxes, parts))))
    totals = tuple(p["total"] for p in parts)
    rows.append(Row(t("breakdown.total"), tuple(signed(v) for v in totals), "total"))
    winners = tuple(state.winners)
    notes: tuple[str, ...] = ()
    if len(names) == 1:
        notes = _rating_notes(strings, totals[0])
    why = why_by_total(strings, names, totals, winners, _tie_break(strings, names, parts, winners))
    return Breakdown(t("breakdown.caption"), tuple(names), winners, tuple(rows), totals,
                     headline(strings, names, winners) if len(names) > 1 else t("breakdown.solo_headline",
                                                                                    total=totals[0]),
                     why, notes, t("breakdown.winner"))
