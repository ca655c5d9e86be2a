"""The terminal game: bots only and a person typing takes, hints, undo and
junk, in three languages; the sheet drawn as text."""

from __future__ import annotations

import io

import pytest

from diceland_core.games.wideshut.sheet import Sheet
from diceland_core.games.wideshut.terminal import describe_take, parse_take, sheet_text, terminal
from wideshut_support import DEFINITION, new


@pytest.mark.parametrize("lang, word", [("en", "Game over"), ("es", "Fin de la partida"), ("it", "Partita finita")])
def test_bots_only_game_reaches_the_end(lang, word):
    out = io.StringIO()
    assert terminal(3, ["expert", "greedy", "random"], seed=2, lang=lang, input=io.StringIO(), output=out) == 0
    assert word in out.getvalue()
    # the game's registered entry is this terminal (imported when first called)
    again = io.StringIO()
    assert DEFINITION.terminal(3, ["expert", "greedy", "random"], seed=2, lang=lang, input=io.StringIO(),
                               output=again) == 0
    assert again.getvalue() == out.getvalue()


def test_person_types_number_hint_junk_undo_and_quits():
    typed = "h\n1\nnonsense\nred 9 -\nu\nq\n"
    out = io.StringIO()
    assert terminal(2, [None, "greedy"], seed=4, input=io.StringIO(typed), output=out) == 0
    text = out.getvalue()
    assert "Hint:" in text and "Undone." in text and "Game left unfinished." in text
    assert "I did not understand that" in text and "Not allowed:" in text


def test_person_plays_a_whole_game_by_numbers():
    out = io.StringIO()
    terminal(2, ["human", "expert"], seed=5, input=io.StringIO("1\n" * 200), output=out)
    assert "Game over" in out.getvalue()


def test_sheet_text_shows_marks_crossed_rows_and_sixes():
    sheet = Sheet.from_strings(["xxxxx", "x....", ".....", ".....", "....."], red6=".u...")
    text = sheet_text(sheet)
    assert "#  #  #  #  #" in text and "| u" in text and "total" in text


def test_take_text_round_trip():
    state = new(players=2, seed=1)
    state.apply(state.legal_actions()[0])
    for action in state.legal_actions()[:200]:
        assert parse_take(action.player, describe_take(state, action)) == action
    with pytest.raises(ValueError):
        parse_take(0, "green 1 -")
    with pytest.raises(ValueError):
        parse_take(0, "red 1 red:6:1")
