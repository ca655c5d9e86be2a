"""Negative numbers reach players with a true minus sign (U+2212), never a
hyphen: every text of a whole seeded game (view model, sheets' drawings,
live scores, the log, the end screen) in every language."""

from __future__ import annotations

import dataclasses
import re

import pytest

from diceland_site.games.wideshut.controller import Controller
from diceland_site.games.wideshut.options import make_seats
from diceland_site.games.wideshut.strings import WideStrings
from diceland_site.games.wideshut.breakdown import breakdown, live_score, start_explained
from diceland_site.games.wideshut.draw import frame_ops, sheet_ops
from diceland_site.i18n import Strings, signed

HYPHEN_NUMBER = re.compile(r"-\d")


def texts(value) -> list[str]:
    """Every string inside a view model, a draw list or a log."""
    if isinstance(value, str):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in texts(item)]
    return []


def seen(play) -> list[str]:
    model, s = play.model(), play.strings
    out = texts(model) + texts(play.turn_log.to_json() if hasattr(play.turn_log, "to_json") else [])
    for q, sheet in enumerate(play.game.sheets):
        out += texts(sheet_ops(sheet, s)) + texts(frame_ops(sheet, model, s))
        out.append(live_score(sheet, play.names[q], s))
        out.append(s.t("tab.text", name=play.names[q], total=sheet.total))
        out.append(s.t("score.points", points=sheet.total))
    return out


@pytest.mark.parametrize("lang", ["en", "it"])
def test_no_hyphen_before_a_number_in_a_whole_game(lang):
    play = Controller.new(make_seats(["expert", "greedy", "random"], [], WideStrings(lang)), 5, lang)
    shown = seen(play)
    while not play.game.over:
        result = play.bot_step()
        assert result.ok
        shown += list(result.lines) + seen(play)
    shown += [start_explained(play.strings)]
    shown += texts(breakdown(play.game, play.names, play.strings).to_json())
    assert any("\u2212" in t for t in shown)              # there are negative numbers to show
    bad = sorted({t for t in shown if HYPHEN_NUMBER.search(t)})
    assert not bad, bad[:10]


def test_every_message_writes_a_negative_number_with_a_minus_sign():
    assert signed(-5) == "\u22125" and signed(0) == "0" and signed(12) == "12"
    assert Strings("en").t("score.points", points=-50) == "\u221250 points"
    assert Strings("it").t("score.points", points=-1) == "\u22121 punto"
