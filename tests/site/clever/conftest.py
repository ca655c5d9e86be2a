"""Fixtures of the Ganz schön clever page tests (the helpers are in
clever_page_support.py)."""

from __future__ import annotations

import pytest

from diceland_site.games.clever.controller import Controller
from diceland_site.seats import Seat


@pytest.fixture
def solo() -> Controller:
    return Controller.new([Seat("Ana")], seed=7)
