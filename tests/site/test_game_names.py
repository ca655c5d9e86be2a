"""One name per game per language on every screen: the home page's list
and the tutorial (``games.<game>.title``), the page's header and title, its
welcome; no screen says another name ("Qué listo" on one, "Ganz schön
clever" on the next)."""

from __future__ import annotations

import pytest

from diceland_site.games.clever.strings import CleverStrings
from diceland_site.games.diceland.strings import DicelandStrings
from diceland_site.games.wideshut.strings import WideStrings
from diceland_site.i18n import LANGUAGES, Strings

PAGES = {"diceland": (DicelandStrings, "app.title"), "clever": (CleverStrings, "clever.title"),
         "wideshut": (WideStrings, "app.title")}
#: pieces of every name a game has had in some language
PIECES = ("Diceland", "Ganz schön", "Qué listo", "Che mossa", "Wide Shut")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_header_and_the_welcome_name_the_game_as_the_home_page_does(game, lang):
    name = Strings(lang).t(f"games.{game}.title")
    strings_class, title_key = PAGES[game]
    strings = strings_class(lang)
    assert strings.t(title_key) == name
    assert name in strings.t("welcome.title")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(PAGES))
def test_no_text_of_a_page_says_another_name(game, lang):
    names = sorted((Strings(lang).t(f"games.{g}.title") for g in PAGES), key=len, reverse=True)
    wrong = []
    for key, text in PAGES[game][0](lang).table.items():
        rest = text
        for name in names:
            rest = rest.replace(name, "")
        wrong += [f"{key}: {text}" for piece in PIECES if piece in rest]
    assert not wrong, wrong


def test_spanish_keeps_the_original_title_recognisable():
    assert Strings("es").t("games.clever.title") == "Qué listo (Ganz schön clever)"
    assert Strings("it").t("games.clever.title") == "Ganz schön clever"
