"""What a game page compiles before it is ready: each page imports its own
game, the shell and its drawing, and not the parts a player reaches later
or never (the lessons' code, any game's terminal, the other games).  In the
browser every module is compiled from source at start-up, so each one left
out is time saved on a phone's cold start.

The pages import the browser's modules (``js``, ``pyodide``); the probe runs
them in a fresh CPython against stand-ins that answer anything."""

from __future__ import annotations

import functools
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys, types

class Anything:
    def __getattr__(self, name): return Anything()
    def __call__(self, *args, **kwargs): return Anything()
    def __iter__(self): return iter(())
    def __bool__(self): return False

def stand_in(name, **names):
    module = types.ModuleType(name)
    module.__dict__.update(names)
    module.__getattr__ = lambda attr: Anything()
    sys.modules[name] = module

stand_in("js")
stand_in("pyodide")
stand_in("pyodide.ffi", JsException=type("JsException", (Exception,), {}))
stand_in("pyodide.http")
import importlib
importlib.import_module(sys.argv[1])
print(" ".join(sorted(m for m in sys.modules if m.startswith(("diceland_core", "diceland_site", "diceland_web")))))
"""

#: Never imported at start-up by any game page.
LATER = ("diceland_site.teaching", "diceland_site.lessons", "diceland_site.lesson_session", "diceland_site.games.diceland.lesson",
         "diceland_site.board_pictures", "diceland_site.pictures", "diceland_site.svg",
         "diceland_core.core.simulate", "diceland_core.cli")


@functools.cache
def page_modules(page: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", PROBE, f"diceland_web.pages.{page}"], capture_output=True,
                         text=True, check=True, cwd=ROOT / "site",
                         env={"PYTHONPATH": f"{ROOT / 'site'}:{ROOT}", "PATH": "/usr/bin:/bin"})
    return set(out.stdout.split())


@pytest.mark.parametrize("page, own, others", [
    ("diceland", "diceland", ("clever", "wideshut")),
    ("clever", "clever", ("diceland", "wideshut")),
    ("wideshut", "wideshut", ("clever", "diceland")),
])
def test_a_game_page_imports_its_game_and_nothing_it_does_not_use_yet(page, own, others):
    modules = page_modules(page)
    assert f"diceland_web.pages.{page}" in modules and "diceland_web.shell" in modules
    assert f"diceland_core.games.{own}.game" in modules
    assert not [m for m in modules if m.endswith((".terminal", ".search"))]  # the search bots: deferred
    # the bots: compiled when a bot is first made or a hint first asked for
    assert not [m for m in modules if m.startswith(f"diceland_core.games.{own}.bots")]
    assert not [m for m in modules if m.startswith(LATER)]
    for other in others:
        assert not [m for m in modules if m.startswith((f"diceland_core.games.{other}", f"diceland_site.games.{other}"))]


@pytest.mark.parametrize("page", ["diceland", "clever", "wideshut"])
def test_no_module_of_a_page_imports_urllib(page):
    """``urllib.parse`` (with the ``ipaddress`` it imports) takes about 50 ms
    of a page's start under Pyodide; the pages read and write their links
    with ``diceland_site.query``."""
    sources = {m: Path(importlib.util.find_spec(m).origin).read_text() for m in page_modules(page)}
    assert len(sources) > 30
    assert not [m for m, text in sources.items() if re.search(r"^\s*(from|import) urllib", text, re.M)]
