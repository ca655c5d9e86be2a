"""DESIGN.md: diceland_core is pure Python: it never imports js, pyodide or
pyscript, nor anything outside the standard library."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import sys

import diceland_core

BROWSER = {"js", "pyodide", "pyscript", "micropip"}


def _modules():
    for info in pkgutil.walk_packages(diceland_core.__path__, "diceland_core."):
        if info.name.endswith("__main__"):
            continue
        yield info.name


def test_every_module_imports_without_browser_modules():
    for name in _modules():
        importlib.import_module(name)
    assert not BROWSER & set(sys.modules)


def test_sources_import_only_the_standard_library():
    stdlib = set(sys.stdlib_module_names)
    root = diceland_core.__path__[0]
    import pathlib
    for path in pathlib.Path(root).rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                assert top in stdlib or top == "diceland_core", f"{path}: imports {name}"


def test_public_api_is_explicit_and_names_no_game():
    """The package exports what every game shares; a game's own names come
    from its package (``diceland_core.games.<name>``)."""
    assert {"get_game", "GameError", "GameOver", "load_record"} <= set(diceland_core.__all__)
    assert "Game" not in diceland_core.__all__
    for name in diceland_core.__all__:
        assert hasattr(diceland_core, name), name
    for name in diceland_core.game_names():
        definition = diceland_core.get_game(name)
        package = importlib.import_module(definition.package)
        assert package.DEFINITION is definition
        assert package.Game is type(definition.new(players=definition.min_players, seed=1))
        for name in package.__all__:
            assert hasattr(package, name), (definition.name, name)

