"""The saved-games list's summary of a save: each game's own where its
plug-in package has one (``diceland_site.games.<game>.summary``), else what
every game has."""

from __future__ import annotations

import importlib

import pytest

from diceland_core import get_game
from diceland_site.seats import Seat
from diceland_site.summaries import game_of_summary, summarize, valid_summary


@pytest.mark.parametrize("name", ["clever", "diceland", "wideshut"])
def test_every_game_summary_can_be_listed_and_names_its_game(name):
    definition = get_game(name)
    players = max(2, definition.min_players)
    game = definition.new(players=players, seed=3)
    seats = [Seat(f"P{p + 1}") for p in range(players)]
    summary = summarize(game, seats)
    assert valid_summary(summary)
    assert game_of_summary(summary) == name
    assert [p["name"] for p in summary["players"]] == [s.name for s in seats]
    assert summary["over"] is False and summary["actions"] == len(game.actions)


def test_a_game_with_its_own_summary_uses_it_and_the_others_the_common_one():
    own = importlib.import_module("diceland_site.games.diceland").summary
    game = get_game("diceland").new(players=2, seed=3)
    seats = [Seat("A"), Seat("B")]
    assert summarize(game, seats) == own(game, seats)
    assert "boards" in own(game, seats) and "game" not in own(game, seats)  # old saves' shape
    wide = get_game("wideshut").new(players=2, seed=3)
    common = summarize(wide, seats)
    assert common["game"] == "wideshut" and "boards" not in common


@pytest.mark.parametrize("name", ["diceland", "clever", "wideshut"])
@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_saved_games_list_says_how_far_a_game_is(name, lang):
    """A game part-way through says its round or turn (never "turn 0"), a
    finished one that it is finished."""
    from diceland_site.i18n import Strings
    from diceland_site.summaries import progress_text

    t = Strings(lang).t
    definition = get_game(name)
    game = definition.new(players=2, seed=4, **({"board": "A"} if name == "diceland" else {}))
    bots = [definition.make_bot("greedy", i) for i in range(2)]
    seats = [Seat("Ana"), Seat("Bo", "greedy")]
    texts = set()
    while not game.over:
        p = game.waiting_for()[0]
        game.apply(bots[p].choose(game, p))
        if len(game.actions) % 7 == 0:
            text = progress_text(summarize(game, seats), t)
            assert text and "0" != text.split()[-1] and "{" not in text, text
            texts.add(text)
    assert len(texts) >= 2, texts  # it moves on as the game does
    assert progress_text(summarize(game, seats), t) == t("menu.finished")
