"""Helpers shared by the engine tests (imported as ``support``: a module
named ``conftest`` would be ambiguous between test folders)."""

from __future__ import annotations

import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The scenarios that come with FORMATS.md (copied into the repository).
FORMAT_SCENARIOS = ROOT / "tests" / "diceland" / "scenarios" / "formats"
from diceland_core.games.diceland import Colour, Game, board_from_mapping
from diceland_core.games.diceland.game import Setup

#: The small board of the shared scenarios (FORMATS.md test board):
#:   row 0:  R  R  R  Y  Y  G
#:   row 1:   B* @  O  O  O* G
#:   row 2:  S  S  S* #  G  G
SMALL_GRID = "R  R  R  Y  Y  G\n B* @  O  O  O* G\nS  S  S* #  G  G"


def make_board(grid: str, board_id: str = "t"):
    return board_from_mapping({"id": board_id, "test_board": True, "grid": grid})


def colours(text: str) -> tuple[Colour, ...]:
    """'RRRGGY' → a roll."""
    table = {c.letter: c for c in Colour}
    return tuple(table[ch] for ch in text)


def scripted_game(board, players: int, rolls: list[str], start: int = 0, crossed=None, seed: int = 0) -> Game:
    masks = tuple(board.mask_of(crossed.get(p, [])) for p in range(players)) if crossed else ()
    setup = Setup((board,) * players, start, seed, tuple(colours(r) for r in rolls), masks)
    return Game(setup)


class CanvasRecorder:
    """A canvas context that writes down every call (``[name, *args]``) and
    property set (``["=name", value]``), in order."""

    def __init__(self):
        object.__setattr__(self, "calls", [])

    def __getattr__(self, name):
        return lambda *args: self.calls.append([name, *args])

    def __setattr__(self, name, value):
        self.calls.append(["=" + name, value])


def html_data(page, name: str) -> str | None:
    """``<html data-NAME>`` of a Playwright page (None when it is not set)."""
    return page.evaluate(f"document.documentElement.dataset.{name} || null")


def wait_html_data(page, name: str, seconds: float) -> str:
    """``<html data-NAME>`` once it is set (python.mjs's outcomes)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = html_data(page, name)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"<html data-{name}> not set after {seconds} s")


def differences(engine, reference, path: str = "") -> list[str]:
    """Where two replay outputs differ, key by key and item by item (for
    readable failures of the differential tests); empty when they agree."""
    if isinstance(engine, dict) and isinstance(reference, dict):
        out = []
        for k in sorted(set(engine) | set(reference), key=str):
            if k not in engine or k not in reference:
                out.append(f"{path}/{k}: only in {'engine' if k in engine else 'reference'}")
            else:
                out += differences(engine[k], reference[k], f"{path}/{k}")
        return out
    if isinstance(engine, list) and isinstance(reference, list) and len(engine) == len(reference):
        return [d for i, (x, y) in enumerate(zip(engine, reference)) for d in differences(x, y, f"{path}/{i}")]
    return [] if engine == reference else [f"{path}: engine {engine!r}, reference {reference!r}"]
