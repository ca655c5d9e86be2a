"""The games, found by name (python-chess' ``find_variant``, OpenSpiel's
``load_game``).

A game joins in one way: its module calls :func:`register` (a package under
:mod:`diceland_core.games` through :func:`register_package`) when it is
imported.  :func:`games` imports every package under
:mod:`diceland_core.games`, so adding a game there touches no shared module;
a game that lives elsewhere (a plug-in, a game of the tests) registers the
same way once its module is imported, and is then found by name, by its
states' module (:func:`game_of_module`, for records) and in :func:`games`
like the others (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any, Sequence

from .errors import UnknownGameError
from .lazy import deferred, deferred_table
from .protocol import GameDef

__all__ = ["register", "register_package", "get_game", "games", "game_names", "game_of_module",
           "LEGACY_GAME"]

#: The game of what was written before there were other games: a scenario
#: file or record without a ``"game"`` key is a Diceland file (FORMATS.md),
#: and so are old links and the command line's ``--board`` runs.
LEGACY_GAME = "diceland"

_GAMES: dict[str, GameDef] = {}
_discovered = False


def register(definition: GameDef) -> GameDef:
    """Add a game (called once, by the module that defines it).  Its
    ``package`` (the module its state classes live under) is required: a
    record finds the game of a state by it."""
    if not definition.name.isidentifier() or definition.name.startswith("_"):
        raise ValueError(f"a game's name is a lower-case identifier, not {definition.name!r}")
    if not definition.package:
        raise ValueError(f"the game {definition.name!r} names no package")
    if definition.name in _GAMES and _GAMES[definition.name] is not definition:
        raise ValueError(f"a game named {definition.name!r} is registered already")
    _GAMES[definition.name] = definition
    return definition


def register_package(package: str, actions: ModuleType, record: ModuleType, bot_kinds: Sequence[str],
                     **fields: Any) -> GameDef:
    """Register the game of the package called ``package`` from the modules
    every game has: ``actions`` (its actions' JSON), ``record`` (its part of a
    record), ``terminal`` (its function ``terminal``) and ``bots`` (its table
    ``BOTS`` of the kinds ``bot_kinds``, in that order, its ``hint`` and its
    ``position_value``), these two imported when first used, so a page that
    starts with a person to play does not compile the bots; ``fields`` are
    the rest of its :class:`GameDef`."""
    bots = package + ".bots"
    return register(GameDef(
        package=package,
        action_from_json=actions.action_from_json, action_to_json=actions.action_to_json,
        setup_of=record.setup_of, from_setup=record.from_setup, rolls_of=record.rolls_of,
        terminal=deferred(package + ".terminal", "terminal"),
        bots=deferred_table(bots, "BOTS", bot_kinds), hint=deferred(bots, "hint"),
        value=deferred(bots, "position_value"), **fields))


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


def game_of_module(module: str) -> GameDef | None:
    """The registered game whose package holds the module called ``module``
    (a state's class's module), importing a game of :mod:`diceland_core.games`
    if it is one of theirs; None for any other module."""
    for definition in _GAMES.values():
        if module == definition.package or module.startswith(definition.package + "."):
            return definition
    prefix = importlib.import_module("..games", __package__).__name__ + "."
    if module.startswith(prefix):
        name = module[len(prefix):].split(".", 1)[0]
        _import_game(name)
        return _GAMES.get(name)
    return None


def _import_game(name: str) -> None:
    """Import ``diceland_core.games.<name>`` if there is such a package."""
    package = importlib.import_module("..games", __package__)
    module = f"{package.__name__}.{name}"
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise  # the game is there, something it imports is not
