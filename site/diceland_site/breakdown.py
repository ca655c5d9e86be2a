"""The end screen of every game: one table with a column per player and a
row per scoring part, the total row, the winners marked, and a line that
says why they won.

Each game's plug-in builds its :class:`Breakdown` from the engine's own
score parts (``games/<game>/breakdown.py``); the figures are never
recomputed here.  :mod:`diceland_web.game_over` puts it on the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from .i18n import Strings, signed

__all__ = ["Row", "Breakdown", "headline", "why_by_total", "signed"]


@dataclass(frozen=True)
class Row:
    """One line of the table: ``label`` and one text per player.  ``kind``:
    ``"part"`` (adds up to the total), ``"detail"`` (explains the part
    above it, not added), ``"total"`` (the score the engine reports) or
    ``"info"`` (a figure that is not points, e.g. a tie-break)."""

    label: str
    values: tuple[str, ...]
    kind: str = "part"
    note: str = ""


@dataclass(frozen=True)
class Breakdown:
    """The whole end screen of one finished game."""

    caption: str                     # what the table shows, for screen readers
    names: tuple[str, ...]           # one column per player
    winners: tuple[int, ...]
    rows: tuple[Row, ...]
    totals: tuple[int, ...]          # the engine's final score of each player
    headline: str                    # who won
    why: str                         # why they won, in one sentence
    notes: tuple[str, ...] = field(default_factory=tuple)  # e.g. the solo rating, who ended the game
    winner_label: str = ""           # the accessible word for the winner's mark

    def total_row(self) -> Row:
        return next(r for r in self.rows if r.kind == "total")

    def to_json(self) -> dict:
        return {
            "names": list(self.names), "winners": list(self.winners), "totals": list(self.totals),
            "headline": self.headline, "why": self.why, "notes": list(self.notes),
            "rows": [{"label": r.label, "values": list(r.values), "kind": r.kind} for r in self.rows],
        }


def headline(strings: Strings, names: Sequence[str], winners: Sequence[int]) -> str:
    """"Ana wins!" or "Ana and Bo win together!"."""
    won = [names[w] for w in winners]
    if len(won) == 1:
        return strings.t("prompt.game_over_one", name=won[0])
    return strings.t("prompt.game_over_several", names=strings.names(won))


def why_by_total(strings: Strings, names: Sequence[str], totals: Sequence[int], winners: Sequence[int],
                 tie_break: str = "") -> str:
    """Why the winners won on points: the margin over the best other
    player, or, on a tie, ``tie_break`` (the game's own sentence about how
    the tie was broken, or "" when the tied players share the win)."""
    t = strings.t
    if len(names) == 1:
        return t("breakdown.why_solo", total=signed(totals[0]))
    best = max(totals)
    tied = [p for p, v in enumerate(totals) if v == best]
    if len(tied) > 1:
        tied_names = strings.names([names[p] for p in tied])
        if tie_break and len(winners) == 1:
            return t("breakdown.why_tie_broken", names=tied_names, total=signed(best), reason=tie_break)
        return t("breakdown.why_shared", names=tied_names, total=signed(best))
    w = winners[0]
    others = [(v, p) for p, v in enumerate(totals) if p != w]
    second, q = max(others)
    return t("breakdown.why_margin", name=names[w], total=signed(best), margin=best - second,
             other=names[q], other_total=signed(second))


