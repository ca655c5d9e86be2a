"""The new-game dialog names every board in the page's language; a board
without a translated name keeps its file's title."""

from __future__ import annotations

import pytest

from diceland_core.games.diceland.board import board_ids, load_board
from diceland_site.games.diceland.options import RANDOM_BOARD, board_choices, board_name
from diceland_site.games.diceland.strings import DicelandStrings as Strings


@pytest.mark.parametrize("lang", ["es", "it"])
def test_every_board_has_a_name_in_each_language(lang):
    t = Strings(lang).t
    choices = dict(board_choices(t))
    assert choices[RANDOM_BOARD] == t("board.random")
    for b in board_ids():
        title = load_board(b).title
        assert choices[b] == f"{t(f'board.title.{b}')} ({b})"
        assert title not in choices[b], (lang, b, choices[b])


def test_english_names_are_the_files_and_an_unnamed_board_keeps_its_title():
    t = Strings("en").t
    assert dict(board_choices(t))["A"] == f"{load_board('A').title} (A)"
    assert board_name(t, "ZZ", "Home made") == "Home made"
    assert board_name(Strings("it").t, "C", "Labyrinth") == "Labirinto"
