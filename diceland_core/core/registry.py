"""The games, found by name (python-chess' ``find_variant``, OpenSpiel's
``load_game``).

Each game package under :mod:`diceland_core.games` registers its
:class:`~diceland_core.core.protocol.GameDef` when imported; :func:`games`
imports them all, so adding a game touches no shared module.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any

from .errors import UnknownGameError
from .lazy import deferred
from .protocol import GameDef

__all__ = ["register", "register_package", "get_game", "games", "game_names", "LEGACY_GAME"]

#: The game of what was written before there were other games: a scenario
#: file or record without a ``"game"`` key is a Diceland file (FORMATS.md),
#: and so are old links and the command line's ``--board`` runs.
LEGACY_GAME = "diceland"

_GAMES: dict[str, GameDef] = {}
_discovered = False


def register(definition: GameDef) -> GameDef:
    """Add a game (called once by each game package)."""
    if definition.name in _GAMES and _GAMES[definition.name] is not definition:
        raise ValueError(f"a game named {definition.name!r} is registered already")
    _GAMES[definition.name] = definition
    return definition


def register_package(package: str, actions: ModuleType, record: ModuleType, *,
                     terminal: str = "terminal", **fields: Any) -> GameDef:
    """Register the game of the package called ``package`` from the modules
    every game has: ``actions`` (its actions' JSON), ``record`` (its part of a
    record) and ``terminal`` (the function of that name in its terminal
    module, imported when first called); ``fields`` are the rest of its
    :class:`GameDef`."""
    return register(GameDef(
        action_from_json=actions.action_from_json, action_to_json=actions.action_to_json,
        setup_of=record.setup_of, from_setup=record.from_setup, rolls_of=record.rolls_of,
        terminal=deferred(package + ".terminal", terminal), **fields))


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    package = importlib.import_module("..games", __package__)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.ispkg:
            importlib.import_module(f"{package.__name__}.{info.name}")
    _discovered = True


def games() -> dict[str, GameDef]:
    """Every registered game, by name."""
    _discover()
    return {n: _GAMES[n] for n in sorted(_GAMES)}


def game_names() -> tuple[str, ...]:
    return tuple(games())


def get_game(name: object) -> GameDef:
    """The game called ``name``; UnknownGameError lists the known ones.  A
    known name imports that game's package only (a page of one game does
    not compile the others' rules and bots); any other looks at them all."""
    if isinstance(name, str) and name not in _GAMES and name.isidentifier() and not name.startswith("_"):
        _import_game(name)
    if isinstance(name, str) and name in _GAMES:
        return _GAMES[name]
    known = games()
    if isinstance(name, str) and name in known:
        return known[name]
    raise UnknownGameError(f"unknown game {name!r}: the known games are {', '.join(known)}")


def _import_game(name: str) -> None:
    """Import ``diceland_core.games.<name>`` if there is such a package."""
    package = importlib.import_module("..games", __package__)
    module = f"{package.__name__}.{name}"
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise  # the game is there, something it imports is not
