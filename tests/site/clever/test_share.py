"""Shared positions of the clever page: a link's fragment carries the game
and its seats; junk fragments are refused with ValueError."""

from __future__ import annotations

import pytest
from clever_page_support import tap_through

from diceland_core import record_json
from diceland_site.games.clever.controller import Controller
from diceland_site.games.clever.saves import clever_store
from diceland_site.share import read_fragment, share_url
from diceland_site.seats import Seat


def test_link_round_trip_imports_the_same_position():
    ctrl = Controller.new([Seat("Ana"), Seat("Bot", "greedy")], seed=4)
    for _ in range(5):
        while ctrl.bot_step().ok:
            pass
        tap_through(ctrl, ctrl.hint_taps())
    url = share_url("https://example.org/x/clever.html?seed=1#old", ctrl.game, ctrl.seats)
    assert url.startswith("https://example.org/x/clever.html#position=")
    text = read_fragment(url.split("#", 1)[1])
    store = clever_store({})
    state, seats = store.load(store.import_json(text))
    assert record_json(state) == record_json(ctrl.game) and seats == ctrl.seats


@pytest.mark.parametrize("fragment", ["#position=%%%", "#position=AAAA", "position=" + "A" * 300_000])
def test_damaged_fragments_raise_value_error(fragment):
    with pytest.raises(ValueError):
        read_fragment(fragment)


def test_other_fragments_are_not_positions():
    assert read_fragment("") is None and read_fragment("#log") is None
