"""Fixtures for the engine tests; the helpers live in support.py."""

from __future__ import annotations

import pytest

from support import SMALL_GRID, make_board


@pytest.fixture
def small_board():
    return make_board(SMALL_GRID, "h")
