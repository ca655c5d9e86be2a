"""The site package is plain Python: no browser modules, data beside the code."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "site" / "diceland_site"
FORBIDDEN = {"js", "pyodide", "pyscript"}


def test_no_browser_imports():
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def test_works_when_copied_elsewhere(tmp_path):
    """As from a wheel unpacked into site-packages: locales load relative to the module."""
    shutil.copytree(PACKAGE, tmp_path / "diceland_site")
    code = ("import diceland_site.games.diceland.controller, diceland_site.storage, diceland_site.games.diceland.draw\n"
            "from diceland_site.i18n import Strings\n"
            "assert Strings('it').t('button.roll') == 'Lancia'\n")
    root = str(PACKAGE.parents[1])
    env_path = f"{tmp_path}{':' + root}"
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                            env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
