"""One bot vocabulary: the same kinds with the same names and the same
meaning on every game's page, in every language (the site's ``seat.<kind>``;
no game's own texts name a kind differently)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diceland_core import game_names, get_game
from diceland_site.games.clever.options import seat_kind_label
from diceland_site.games.clever.strings import CleverStrings
from diceland_site.games.wideshut.options import seat_name
from diceland_site.games.wideshut.strings import WideStrings
from diceland_site.i18n import LANGUAGES, Strings
from diceland_site.seats import BOT_KINDS, SEAT_KINDS

SITE = Path(__file__).resolve().parents[2] / "site" / "diceland_site"


def test_every_game_has_the_sites_bot_kinds_weakest_first():
    """The pages offer the same three kinds for every game; an engine may
    keep more for benchmarks (Ganz schön clever's ``strong``, its expert
    without the learned correction), which no page offers."""
    for name in game_names():
        kinds = get_game(name).bot_kinds
        assert [k for k in kinds if k in BOT_KINDS] == list(BOT_KINDS), (name, kinds)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_names_each_kind_the_same_way(lang):
    shared = Strings(lang)
    names = [shared.t(f"seat.{kind}") for kind in SEAT_KINDS]
    assert len(set(names)) == len(names) and all(n != f"seat.{k}" for n, k in zip(names, SEAT_KINDS))
    for kind, name in zip(SEAT_KINDS, names):
        assert seat_kind_label(kind, lang) == name
        assert CleverStrings(lang).t(f"seat.{kind}") == WideStrings(lang).t(f"seat.{kind}") == name
    for kind in BOT_KINDS:  # a bot's default name says it is a bot, and which one
        assert seat_name(kind, 2, WideStrings(lang)) == shared.t(f"seat.{kind}")
        assert "bot" in shared.t(f"seat.{kind}").lower()


def test_no_game_names_a_kind_in_its_own_texts():
    for folder in sorted((SITE / "games").glob("*/locales")):
        for path in folder.glob("*.json"):
            keys = json.loads(path.read_text(encoding="utf-8"))
            own = [k for k in keys if any(k.endswith(f".{kind}") and ("kind" in k or k.startswith(("seat.", "bot.")))
                                          for kind in SEAT_KINDS + ("easy", "medium", "strong"))]
            assert not own, (path, own)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_gives_the_same_default_names_from_a_start_link(lang):
    """A start link without names seats the same names on the three pages:
    "Player 1" for a person, a bot by its kind ("Strong bot"), the second
    bot of a kind numbered ("Strong bot 2")."""
    from diceland_site.games.clever.options import from_params as clever_params
    from diceland_site.games.diceland.options import from_url_params
    from diceland_site.games.wideshut.options import from_query

    t = Strings(lang).t
    query = {"players": "human,expert,greedy,expert", "seed": "3"}
    want = [t("seat.default_name", number=1), t("seat.expert"), t("seat.greedy"), t("seat.expert") + " 2"]
    diceland, _, _ = from_url_params({**query, "boards": "A,B,C,D"}, lang=lang, known_boards=["A", "B", "C", "D"])
    got = {
        "diceland": [s.name for s in diceland],
        "clever": [s.name for s in clever_params(query, lang).seats],
        "wideshut": [s.name for s in from_query(query, WideStrings(lang)).seats],
    }
    assert got == {game: want for game in got}
    named = {**query, "names": "Ana,,Cy,"}
    assert [s.name for s in clever_params(named, lang).seats] == ["Ana", t("seat.expert"), "Cy", t("seat.expert") + " 2"]
