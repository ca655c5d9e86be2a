"""The end screen's table (``diceland_site.breakdown``) against the engine:
seeded whole games of every game, in every language; the total row is the
engine's final score, the parts add up to it, the winners and the reason
are the engine's, and nothing a player reads shows a key or raw data."""

from __future__ import annotations

import re

import pytest

from diceland_core import get_game
from diceland_site.breakdown import signed
from diceland_site.games.clever.breakdown import breakdown as clever_breakdown
from diceland_site.games.clever.strings import CleverStrings
from diceland_site.games.diceland.breakdown import breakdown as diceland_breakdown
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.games.wideshut.breakdown import breakdown as wide_breakdown, ended_by, start_explained
from diceland_site.games.wideshut.strings import WideStrings
from diceland_site.i18n import LANGUAGES
from diceland_site.seats import Seat

KEY_OR_DATA = re.compile(r"\b[a-z][a-z_]*\.[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*\b|[\[\]{}]|\bNone\b|<[a-z]")


def finished(name: str, players: int, seed: int, kind: str = "expert"):
    definition = get_game(name)
    state = definition.new(players=players, seed=seed, **({"board": "A"} if name == "diceland" else {}))
    bots = [definition.make_bot(kind, seed * 31 + p) for p in range(players)]
    for _ in range(20000):
        if state.over:
            return state
        p = state.waiting_for()[0]
        state.apply(bots[p].choose(state, p))
    raise AssertionError("the game did not end")


def number(text: str) -> int:
    return int(text.replace("−", "-"))


def check_common(b, outcome, players: int) -> None:
    assert b.totals == tuple(outcome.scores)
    assert b.winners == tuple(outcome.winners)
    total = b.total_row()
    assert [number(v) for v in total.values] == list(outcome.scores)
    assert all(len(r.values) == players for r in b.rows)
    texts = [b.headline, b.why, b.caption, *b.notes, *(r.label for r in b.rows), *(v for r in b.rows for v in r.values)]
    for text in texts:
        assert text and not KEY_OR_DATA.search(text), text
    assert [r.kind for r in b.rows].count("total") == 1


def checked_table(name: str, build, strings, players: int, seed: int):
    """A finished seeded game of ``name``, its end screen (checked against
    the engine) and the table's rows that add up to the total."""
    state = finished(name, players, seed)
    b = build(state, [f"P{p + 1}" for p in range(players)], strings)
    check_common(b, state.outcome(), players)
    return state, b, [r for r in b.rows if r.kind == "part"]


@pytest.mark.parametrize("players, seed", [(1, 3), (2, 5), (3, 8), (4, 13)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_clever_table_is_the_engines_score(players, seed, lang):
    state, b, parts = checked_table("clever", clever_breakdown, CleverStrings(lang), players, seed)
    assert len(parts) == 6  # five areas and the foxes
    for p, sheet in enumerate(state.sheets):
        score = sheet.score()
        areas = [number(r.values[p]) for r in parts[:5]]
        assert areas == [score[a] for a in ("yellow", "blue", "green", "orange", "purple")]
        assert parts[5].values[p].endswith(f"= {score['fox']}")
        assert parts[5].values[p].startswith(f"{sheet.foxes()} × {min(areas)} ")
        assert sum(areas) + score["fox"] == b.totals[p]
    if players == 1:
        assert len(b.notes) in (1, 2) and str(b.totals[0]) in b.headline
    else:
        assert b.names[b.winners[0]] in b.why


@pytest.mark.parametrize("players, seed", [(2, 5), (3, 9), (4, 2)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_wideshut_table_is_the_engines_score(players, seed, lang):
    game, b, parts = checked_table("wideshut", wide_breakdown, WideStrings(lang), players, seed)
    names = list(b.names)
    details = [r for r in b.rows if r.kind == "detail"]
    assert len(parts) == 3 and len(details) == 2  # runs per half, the empty columns; each half's columns
    for p, sheet in enumerate(game.sheets):
        assert sum(number(r.values[p].split(" = ")[-1]) for r in parts) == sheet.total
        for half, row in enumerate(details):
            assert [number(v) for v in row.values[p].split()] == sheet.column_scores(half)
    who = ended_by(game)
    assert who and all(game.sheets[p].triggers_end() for p in who)
    assert any(names[who[0]] in n for n in b.notes)


@pytest.mark.parametrize("seed", [4, 21])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_diceland_table_is_the_engines_score(seed, lang):
    game = finished("diceland", 3, seed, "greedy")
    ctrl = DicelandController(game, [Seat("Ana"), Seat("Bo", "greedy"), Seat("Cy", "greedy")], lang=lang)
    b = diceland_breakdown(ctrl)
    check_common(b, game.outcome(), 3)
    assert b.why and b.names[b.winners[0]] in b.why + b.headline


@pytest.mark.parametrize("lang", LANGUAGES)
def test_wideshut_start_is_explained(lang):
    text = start_explained(WideStrings(lang))
    assert "−50" in text and "10" in text and "−5" in text and not KEY_OR_DATA.search(text)


def test_a_tie_names_how_it_was_broken():
    from diceland_site.breakdown import why_by_total
    from diceland_site.i18n import Strings
    s = Strings("en")
    assert "more split rows" in why_by_total(s, ["A", "B"], [10, 10], [1], "B wins the tie with more split rows (2).")
    assert "share the win" in why_by_total(s, ["A", "B"], [10, 10], [0, 1])
    assert why_by_total(s, ["A", "B", "C"], [7, 12, 9], [1]) == "B won with 12 points, 3 more than C (9)."
    assert signed(-5) == "−5" and signed(3) == "3"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_live_scores_explain_dice_wide_shut(lang):
    """A new sheet's −50 is explained; later the runs and the empty columns
    in the words add up to the running total; the tabs carry the score."""
    from diceland_site.games.wideshut.breakdown import live_score
    strings = WideStrings(lang)
    definition = get_game("wideshut")
    game = definition.new(players=2, seed=3)
    assert live_score(game.sheets[0], "Ana", strings) == start_explained(strings)
    bots = [definition.make_bot("greedy", 1), definition.make_bot("greedy", 2)]
    seen = 0
    while not game.over:
        p = game.waiting_for()[0]
        game.apply(bots[p].choose(game, p))
        for sheet in game.sheets:
            empty = sheet.empty_columns()
            if 0 < empty < 10:
                text = live_score(sheet, "Ana", strings)
                figures = re.findall(r"−?\d+", text.replace("(−5", "("))
                runs, points, count, total = (number(x) for x in figures[:4])
                assert (count, points, total) == (empty, -5 * empty, sheet.total) and runs + points == total
                seen += 1
    assert seen > 5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_diceland_colours_row_names_colours_and_the_header_the_winners(lang):
    from diceland_site.games.diceland.model import build_model
    game = finished("diceland", 3, 1, "greedy")  # two players complete no colour
    ctrl = DicelandController(game, [Seat("Ana"), Seat("Bo", "greedy"), Seat("Cy", "greedy")], lang=lang)
    colours = diceland_breakdown(ctrl).rows[1]
    none = ctrl.strings.t("breakdown.no_colour")
    assert [value == none for value in colours.values] == [not s.completed_colours() for s in game.sheets]
    assert none in colours.values
    for sheet, value in zip(game.sheets, colours.values):
        assert not any(ch.isdigit() for ch in value), value
        assert all(ctrl.strings.colour(c) in value for c in sheet.completed_colours())
    status = build_model(ctrl).status
    assert all(ctrl.names[w] in status for w in game.winners)
    loser = next(n for p, n in enumerate(ctrl.names) if p not in game.winners)
    assert loser not in status and ctrl.strings.t("status.active", name="").strip() not in status
