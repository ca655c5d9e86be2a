"""Start links of the clever page: ``players``, ``seed``, ``names``."""

from __future__ import annotations

import pytest

from diceland_site.games.clever.options import NewGame, from_params, seat_kind_label
from diceland_site.seats import Seat


def test_link_with_a_human_and_a_strong_bot():
    got = from_params({"players": "human,expert", "seed": "7"})
    assert got == NewGame((Seat("Player 1", "human"), Seat("Strong bot", "expert")), 7)


def test_names_aliases_and_no_seed():
    got = from_params({"players": "human,easy,strong", "names": "Ana,,Cy"})
    assert [s.kind for s in got.seats] == ["human", "greedy", "expert"]
    assert [s.name for s in got.seats] == ["Ana", "Easy bot", "Cy"] and got.seed is None


def test_solo_is_the_default():
    got = from_params({"seed": "3"})
    assert len(got.seats) == 1 and got.seats[0].is_human


@pytest.mark.parametrize("query", [{"players": "human,human,human,human,human"}, {"players": "wizard"},
                                   {"players": ",,"}, {"seed": "-1"}, {"seed": "x"}, {"seed": str(1 << 64)}])
def test_bad_links_say_what_is_wrong(query):
    for lang in ("en", "es", "it"):
        got = from_params(query, lang)
        assert isinstance(got, str) and got and "{" not in got


def test_friendly_bot_names():
    assert seat_kind_label("greedy", "en") == "Easy bot"
    assert seat_kind_label("expert", "en") == "Strong bot"
    assert seat_kind_label("expert", "es") == "Bot fuerte"
