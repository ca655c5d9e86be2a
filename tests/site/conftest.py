"""Fixtures for the site package tests (pyproject.toml puts `site/` on sys.path):
a standard-size test board (9×12, valid under RULES.md D1)."""

from __future__ import annotations

import pytest

from diceland_core.games.diceland.board import board_from_mapping

STANDARD_GRID = """\
#  R* B  #  O  O  O  S  S  G  G  G
 R  R  B  B  O  G* S  S  G  O  O* O
R  #  #  B  G  G  G  #  Y  Y  Y  O
 S  S  Y* Y  Y  Y  B  B  B  Y  G  G
S  O  O  O  S  @  B* O* O  O  G  G
 S  O  S  S  S* R* R  O  R  R  R  #
#  B  R  G  G  G* R  R  #  R  S  S
 B  R  R  Y  Y  G  B  B  Y  Y  Y* S
B  B* R  Y  Y  #  #  B  B  #  Y  S*
"""


def make_board(board_id: str = "T"):
    return board_from_mapping({"id": board_id, "title": f"Test board {board_id}", "grid": STANDARD_GRID})


@pytest.fixture(scope="session")
def board():
    return make_board()
