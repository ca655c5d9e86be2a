"""Fixtures for the engine tests; the helpers live in support.py.

Every game's test folder (``tests/<game>/``, found by its
``<game>_support.py`` or ``<game>_game.py``) is importable by module name
(``import <game>_support``), and a game that lives in the tests
(``tests/<game>/<game>_game.py``, with its site controller
``<game>_site.py``) registers itself here, before any test module lists the
games or the tables: adding a game adds a folder, not a line to a shared
list (docs/adding-a-game.md).

The run's summary also lists the browser restarts (tests/browser/conftest.py)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# no time limit on one generated example: a loaded machine (CI, two test
# processes beside a browser) is slow now and then, which says nothing of
# the property under test
settings.register_profile("diceland", deadline=None)
settings.load_profile("diceland")


def _game_folders() -> list[Path]:
    here = Path(__file__).parent
    return [d for d in sorted(here.iterdir())
            if (d / f"{d.name}_support.py").is_file() or (d / f"{d.name}_game.py").is_file()]


for _folder in _game_folders():
    if str(_folder) not in sys.path:
        sys.path.append(str(_folder))
    for _part in ("game", "site"):  # a game that lives in the tests, and its table
        if (_folder / f"{_folder.name}_{_part}.py").is_file():
            importlib.import_module(f"{_folder.name}_{_part}")

from support import SMALL_GRID, make_board  # noqa: E402


@pytest.fixture
def small_board():
    return make_board(SMALL_GRID, "h")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The tests after which Chromium was started again (its renderer or the
    browser died), and those run a second time because their page crashed
    the first time, and those before which a kept context was made again
    (see tests/browser/conftest.py); with pytest-xdist the workers' reports
    carry them here."""
    def said(key: str) -> list[tuple[str, str]]:
        return [(report.nodeid, why) for reports in terminalreporter.stats.values() for report in reports
                if getattr(report, "when", None) == "teardown"
                for name, why in getattr(report, "user_properties", ()) if name == key]

    for key, title, before in (
            ("chromium_restarted", "Chromium started again {} time(s)", ""),
            ("run_again_after_a_crash", "{} test(s) run again after a page crashed under them", "first run: "),
            ("kept_context_made_again", "{} kept context(s) made again before a test", "")):
        found = said(key)
        if found:
            terminalreporter.write_sep("=", title.format(len(found)), yellow=True)
            for nodeid, why in found:
                terminalreporter.write_line(f"{nodeid}: {before}{why}")
