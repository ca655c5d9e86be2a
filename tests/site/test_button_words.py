"""No two different actions share a button's word on any page in any
language (Italian "Annulla" was both Undo and Cancel)."""

from __future__ import annotations

import pytest

from diceland_site.games.clever.strings import CleverStrings
from diceland_site.games.wideshut.strings import WideStrings
from diceland_site.i18n import LANGUAGES, Strings

#: one action under two keys: the same word is right
SAME_ACTION = [{"button.confirm", "clever.button.confirm"}]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", [Strings, CleverStrings, WideStrings])
def test_each_button_word_names_one_action(page, lang):
    table = page(lang).table
    by_word: dict[str, set[str]] = {}
    for key, text in table.items():
        if key.startswith("button.") or ".button." in key:
            by_word.setdefault(text.strip().casefold(), set()).add(key)
    shared = {word: keys for word, keys in by_word.items() if len(keys) > 1 and keys not in SAME_ACTION}
    assert not shared, shared


def test_italian_undo_and_cancel_differ():
    s = Strings("it")
    assert s.t("button.undo") == "Annulla mossa" and s.t("button.cancel") == "Annulla"
    assert WideStrings("it").t("button.undo") != WideStrings("it").t("button.cancel")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", [CleverStrings, WideStrings])
def test_the_same_button_has_the_same_word_in_every_game(page, lang):
    shared, own = Strings(lang), page(lang)
    keys = [k for k in shared.table if k.startswith("button.") or k.startswith("menu.")]
    assert keys
    assert {k: own.t(k) for k in keys} == {k: shared.t(k) for k in keys}
