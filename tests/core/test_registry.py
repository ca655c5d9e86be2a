"""The registry: every game under ``diceland_core/games/`` is found, a known
name (and a record of its game) imports that game's package only (a game's page compiles only its own
rules and bots, which matters on a phone's cold start), an unknown name lists
them all."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys

import pytest

from diceland_core import get_game
from diceland_core.core.errors import UnknownGameError
from diceland_core.core.registry import game_names, games

#: the games of the package itself (diceland_core/games/<name>/); a game that
#: lives elsewhere (tests/race/) is in game_names() too
BUILT_IN = tuple(n for n, d in games().items() if d.package == f"diceland_core.games.{n}")

PROBE = """
import sys
from diceland_core import get_game, record_json
state = get_game({name!r}).new(players=2, seed=1)
record_json(state)  # a page saves its game at once
print(",".join(sorted(m.split(".")[2] for m in sys.modules
                      if m.startswith("diceland_core.games.") and m.count(".") == 2)))
"""


def test_every_game_is_found_by_name():
    """Every package under diceland_core/games/ is a game, found by its name."""
    import diceland_core.games as package
    folders = sorted(m.name for m in pkgutil.iter_modules(package.__path__) if m.ispkg)
    assert folders and BUILT_IN == tuple(folders)
    assert set(BUILT_IN) <= set(game_names()) and list(game_names()) == sorted(game_names())
    for name in game_names():
        assert get_game(name).name == name


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_known_name_and_its_records_import_that_game_only(name):
    out = subprocess.run([sys.executable, "-c", PROBE.format(name=name)], capture_output=True, text=True,
                         check=True).stdout.split()
    # the package itself imports no game: its names are the ones games share
    assert out == [name]


LAZY_PROBE = """
import sys
from diceland_core import game_names, get_game, load_record, record_json
for name in game_names():
    load_record(record_json(get_game(name).new(players=2, seed=1)))
print(" ".join(sorted(m for m in sys.modules if m.endswith((".terminal", ".lazy", ".bots")) or m.endswith("clever.scenario"))))
"""


def test_a_game_page_compiles_no_terminal():
    """A page (new game, save, resume) never imports a game's terminal nor
    its bots, nor Ganz schön clever's scenario reader before a record is
    read; the definition's entries import them when first called."""
    out = subprocess.run([sys.executable, "-c", LAZY_PROBE], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["diceland_core.core.lazy", "diceland_core.games.clever.scenario"]
    out = subprocess.run([sys.executable, "-c", LAZY_PROBE.replace("load_record(record_json(", "((")],
                         capture_output=True, text=True, check=True).stdout
    assert out.split() == ["diceland_core.core.lazy"]


@pytest.mark.parametrize("name, entry, module, function", [
    *[(name, "terminal", f"diceland_core.games.{name}.terminal", "terminal") for name in BUILT_IN],
    ("clever", "parse_scenario", "diceland_core.games.clever.scenario", "parse_scenario"),
    *[(name, "hint", f"diceland_core.games.{name}.bots", "hint") for name in BUILT_IN],
    *[(name, "value", f"diceland_core.games.{name}.bots", "position_value") for name in BUILT_IN],
])
def test_a_deferred_entry_is_the_modules_own_function(name, entry, module, function):
    deferred = getattr(get_game(name), entry)
    assert deferred.resolve() is getattr(importlib.import_module(module), function)
    assert "imported when first called" in deferred.__doc__


def test_a_deferred_scenario_reader_reads_a_scenario():
    scenario = {"game": "clever", "players": 2, "seed": 3, "actions": []}
    assert type(get_game("clever").parse_scenario(scenario)).__name__ == "Scenario"


@pytest.mark.parametrize("name", ["chess", "__init__", "core", "", None, 3, "wide shut"])
def test_an_unknown_name_lists_the_games(name):
    with pytest.raises(UnknownGameError) as err:
        get_game(name)
    assert str(err.value).endswith("the known games are " + ", ".join(game_names()))
