"""Fixtures for the engine tests (the helpers live in support.py), and the
run's summary line of browser restarts."""

from __future__ import annotations

import pytest

from support import SMALL_GRID, make_board


@pytest.fixture
def small_board():
    return make_board(SMALL_GRID, "h")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """One line for the tests after which Chromium was started again (its
    renderer or the browser died: see tests/browser/conftest.py); with
    pytest-xdist the workers' reports carry it here."""
    restarts = [(report.nodeid, why) for reports in terminalreporter.stats.values() for report in reports
                if getattr(report, "when", None) == "teardown"
                for key, why in getattr(report, "user_properties", ()) if key == "chromium_restarted"]
    if restarts:
        terminalreporter.write_sep("=", f"Chromium started again {len(restarts)} time(s)", yellow=True)
        for nodeid, why in restarts:
            terminalreporter.write_line(f"{nodeid}: {why}")
