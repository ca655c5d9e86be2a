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


def moves(game, n: int):
    """``game`` after ``n`` more actions (the last legal one each time)."""
    for _ in range(n):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[-1])
    return game


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


def cached_entry(ending: str) -> str:
    """JavaScript lines (for an async function) that open the site's
    snapshot cache and read its entry whose address ends with ``ending``:
    they set ``name``, ``cache``, ``request``, ``hit`` and ``bytes``."""
    return f"""  const name = (await caches.keys()).find((n) => n.startsWith("diceland-snapshot-"));
  const cache = await caches.open(name);
  const request = (await cache.keys()).find((r) => r.url.endsWith("{ending}"));
  const hit = await cache.match(request);
  let bytes = new Uint8Array(await hit.arrayBuffer());
"""
