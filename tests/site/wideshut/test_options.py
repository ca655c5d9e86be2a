"""Start links and new-game options of the Dice Wide Shut page."""

from __future__ import annotations

import pytest

from diceland_site.games.wideshut.options import NewGame, from_query, make_seats
from diceland_site.games.wideshut.strings import WideStrings

EN = WideStrings("en")


def test_link_names_seats_and_seed():
    got = from_query({"players": "human,greedy,expert", "seed": "7"}, EN)
    assert isinstance(got, NewGame)
    assert [s.kind for s in got.seats] == ["human", "greedy", "expert"]
    assert [s.name for s in got.seats] == ["Player 1", "Easy bot", "Strong bot"]
    assert got.seed == 7


def test_bots_have_friendly_names_numbered_when_repeated():
    seats = make_seats(["random", "expert", "expert"], ["", "", ""], WideStrings("es"))
    assert [s.name for s in seats] == ["Bot principiante", "Bot fuerte", "Bot fuerte 2"]
    assert make_seats(["human"], ["Ana"], EN)[0].name == "Ana"


@pytest.mark.parametrize("query, fragment", [
    ({"players": "human"}, "2 to 5 players, not 1"),
    ({"players": "human,a,b,c,d,e"}, "Unknown player"),
    ({"players": "human,expert,expert,expert,expert,expert"}, "not 6"),
    ({"players": "human,expert", "seed": "-3"}, "seed"),
    ({"players": "human,expert", "seed": "99999999999"}, "seed"),
])
def test_bad_links_are_explained(query, fragment):
    got = from_query(query, EN)
    assert isinstance(got, str) and fragment in got
    assert "W1" not in got
