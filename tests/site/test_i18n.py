"""Locale files and translation helpers of diceland_site.i18n."""

from __future__ import annotations

import json

import pytest

from diceland_core.core.errors import Cell, Seat
from diceland_core import IllegalActionError
from diceland_core.games.diceland import Game
from diceland_core.games.diceland.actions import Place
from diceland_core.games.diceland.colours import Colour
from diceland_site.games.diceland.strings import DicelandStrings
from diceland_site.i18n import (
    LANGUAGES, Strings, choose_language, load_locale, locale_dir, placeholders, error_details, error_text,
)


def test_every_locale_has_the_same_keys():
    keys = {lang: set(load_locale(lang)) for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert keys[lang] == keys["en"], (lang, keys[lang] ^ keys["en"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_same_placeholders_and_no_empty_strings(lang):
    en, other = load_locale("en"), load_locale(lang)
    for key, text in other.items():
        assert isinstance(text, str) and text.strip(), key
        assert placeholders(text) == placeholders(en[key]), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_locale_files_are_valid_json_objects_without_duplicates(lang):
    seen: list[str] = []

    def hook(pairs):
        seen.extend(k for k, _ in pairs)
        return dict(pairs)

    json.loads((locale_dir() / f"{lang}.json").read_text(encoding="utf-8"), object_pairs_hook=hook)
    assert len(seen) == len(set(seen))


def test_english_die_names_contain_the_colour():
    s = DicelandStrings("en")
    for colour in Colour:
        assert s.die_label(colour) == f"{colour.key} die"
        assert colour.key in s.die_label(colour, "leftover")


def test_t_formats_and_falls_back():
    s = DicelandStrings("es")
    assert s.t("handoff.title", name="Ana") == "Pasa el dispositivo a Ana"
    # a game's own words are in its table, not in the shared one
    assert Strings("es").t("handoff.title") == "handoff.title" and Strings("es").t("menu.saved_games") == s.t("menu.saved_games") != "menu.saved_games"
    assert s.t("no.such.key") == "no.such.key"
    assert s.t("prompt.roll") .startswith("{name}")  # unformatted without params
    assert Strings("xx").lang == "en"


def test_dice_and_names_lists():
    s = Strings("it")
    assert s.dice([Colour.RED, Colour.BLUE, Colour.RED]) == "2 × rosso, 1 × blu"
    assert s.dice([]) == "nessuno"
    assert s.names(["Ana", "Bo", "Cy"]) == "Ana, Bo e Cy"
    assert Strings("es").names(["Ana", "Bo"]) == "Ana y Bo"
    assert s.names(["Ana"]) == "Ana"


@pytest.mark.parametrize("saved, nav, expected", [
    (None, ["es-ES", "en"], "es"),
    ("it", ["es-ES"], "it"),
    ("fr", ["fr-FR", "it-IT"], "it"),
    (None, ["de", "fr"], "en"),
    (None, [], "en"),
    ("EN-gb", None, "en"),
    (None, ["pt_BR", "IT"], "it"),
])
def test_choose_language(saved, nav, expected):
    assert choose_language(saved, nav) == expected


def test_error_text_overshoot_in_three_languages():
    err = IllegalActionError("D2.4", "diceland.overshoot_free", dice=3, free=2, colour="red")
    assert error_text(err, "es").startswith("Demasiados dados: 3 × rojo")
    assert error_text(err, "it").startswith("Troppi dadi: 3 × rosso")
    assert "2" in error_text(err, "it")
    assert error_text(err, "en").startswith("Too many dice: 3 red dice")
    assert error_details(err, "es") == "D2.4 Sobretirada"
    assert error_details(err, "it") == "D2.4 Dadi in eccesso"


def test_an_unknown_code_or_language_never_loses_the_message():
    err = IllegalActionError("D9.9", "diceland.something_new")
    assert error_text(err, "es") == "Diceland.something_new"
    assert error_details(err, "es") == "D9.9"
    err = IllegalActionError("D2.4", "diceland.overshoot_complete", colour="blue")
    assert error_text(err, "xx") == error_text(err, "en")


def test_error_text_names_players_and_counts_cells_from_one():
    err = IllegalActionError("D4.2", "diceland.decided", player=Seat(1))
    assert error_text(err, "es", ["Ana", "Bo"]) == "Bo ya ha hecho su elección de la fase 2"
    assert error_text(err, "it") == "Giocatore 2 ha già fatto la sua scelta della fase 2"
    err = IllegalActionError("D2.1", "diceland.adjacency", cell=Cell(0, 10))
    assert error_text(err, "en") == "The cell at row 1, column 11 cannot be reached from your crosses"
    assert err.details() == {"rule": "D2.1", "code": "diceland.adjacency", "params": {"cell": (0, 10)}}


def _engine_errors(board):
    """Real errors raised by the engine, one of each kind we can provoke."""
    game = Game.new([board, board], seed=3, start_player=0)
    errors = []
    for action in (Place(0, ((0, 0),)), Place(0, ((4, 5),))):
        try:
            game.apply(action)
        except IllegalActionError as exc:
            errors.append(exc)
    colour = game.roll[0]
    missing = next(c for c in Colour if c not in game.roll) if len(set(game.roll)) < 6 else None
    from diceland_core.games.diceland.actions import Choose, Reroll
    if missing is not None:
        try:
            game.apply(Choose(missing))
        except IllegalActionError as exc:
            errors.append(exc)
    try:
        game.apply(Reroll())
    except IllegalActionError as exc:
        errors.append(exc)
    game.apply(Choose(colour))
    try:
        game.apply(Choose(colour))
    except IllegalActionError as exc:
        errors.append(exc)
    sheet = game.sheets[1]
    for c in Colour:
        reason = sheet.overshoot_reason(c, 7)
        if reason:
            errors.append(reason)
    for r, c in [(0, 0), (4, 5), (0, 1), (8, 11)]:
        for col in Colour:
            try:
                sheet.check(col, 1, board.mask_of([(r, c)]))
            except IllegalActionError as exc:
                errors.append(exc)
    try:
        sheet.check(Colour.RED, 2, board.mask_of([(5, 5)]))
    except IllegalActionError as exc:
        errors.append(exc)
    return errors


@pytest.mark.parametrize("lang", ["es", "it"])
def test_engine_errors_are_translated(board, lang):
    errors = _engine_errors(board)
    assert len(errors) >= 6
    for err in errors:
        text = error_text(err, lang)
        assert err.rule not in text and err.code not in text, text
        assert text != error_text(err, "en"), f"not translated: {err}"
        assert "{" not in text and "[" not in text, text
        assert error_details(err, lang).startswith(err.rule + " ")


def test_choose_language_ignores_settings_that_are_not_strings():
    from diceland_site.i18n import choose_language

    for saved in (5, ["es"], {"lang": "es"}, None, "", "xx"):
        assert choose_language(saved, ["it-IT"]) == "it"
    assert choose_language(5, None) == "en"
    assert choose_language(None, "es") == "en"


def test_the_boot_bars_megabytes_take_each_languages_decimal_mark():
    # boot.js writes "4.7 / 4.8 MB" with it (no Intl formatter while Python starts)
    marks = {lang: load_locale(lang)["boot.decimal_mark"] for lang in LANGUAGES}
    assert marks == {"en": ".", "es": ",", "it": ","}
