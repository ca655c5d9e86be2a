"""Diceland's end screen (D6): the bonus cells each player crossed (the
score, D6.1), the cells crossed, the colours completed, the turns and
bonus rolls, the winners and why they won."""

from __future__ import annotations

from ...breakdown import Breakdown, Row, headline
from .model import stats, stats_labels, winner_reason

__all__ = ["breakdown"]


def breakdown(ctrl) -> Breakdown:
    """The end screen of the finished game of ``ctrl`` (Diceland's controller)."""
    g = ctrl.game
    t, s = ctrl.strings.t, ctrl.strings
    labels = stats_labels(ctrl)
    table = stats(ctrl)
    rows = [
        Row(labels["cells"], tuple(str(x.cells) for x in table), "info"),
        Row(labels["colours"], tuple(s.names([s.colour(c) for c in x.completed]) or t("breakdown.no_colour") for x in table), "info"),
        Row(labels["turns"], tuple(str(x.turns) for x in table), "info"),
        Row(labels["bonus_rolls"], tuple(str(x.bonus_rolls) for x in table), "info"),
        Row(labels["stars"], tuple(str(x.stars) for x in table), "total"),
    ]
    names = tuple(ctrl.names)
    winners = tuple(g.winners)
    return Breakdown(t("breakdown.caption"), names, winners, tuple(rows), tuple(x.stars for x in table),
                     headline(s, names, winners), winner_reason(ctrl), (), t("breakdown.winner"))
