"""Fixtures for the engine tests; the helpers live in support.py.

Every game's test folder (``tests/<game>/``, found by its
``<game>_support.py`` or ``<game>_game.py``) is importable by module name
(``import <game>_support``), and a game that lives in the tests
(``tests/<game>/<game>_game.py``) registers itself here, before any test
module lists the games: adding a game adds a folder, not a line to a shared
list (docs/adding-a-game.md)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest


def _game_folders() -> list[Path]:
    here = Path(__file__).parent
    return [d for d in sorted(here.iterdir())
            if (d / f"{d.name}_support.py").is_file() or (d / f"{d.name}_game.py").is_file()]


for _folder in _game_folders():
    if str(_folder) not in sys.path:
        sys.path.append(str(_folder))
    if (_folder / f"{_folder.name}_game.py").is_file():
        importlib.import_module(f"{_folder.name}_game")

from support import SMALL_GRID, make_board  # noqa: E402


@pytest.fixture
def small_board():
    return make_board(SMALL_GRID, "h")
