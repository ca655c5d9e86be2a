"""The standard library the site ships: Pyodide's ``python_stdlib.zip`` cut
down to the modules the pages, the lessons, the embeds and the snapshot
maker import (``diceland_build/stdlib_keep.txt``, one module a line, made by
``python -m diceland_build.stdlib_find --update``).

A module left out is named in a small module written into the archive,
``_diceland_stdlib_guard`` (from ``stdlib_guard.py``): python.mjs installs
it after Python starts, and importing a module that was left out then fails
with a message that says so, instead of a bare "No module named".
Standard library only: build.py runs on a system Python without pip."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from pathlib import Path

from diceland_build.pysource import strip_cached
from diceland_build.wheels import module_of, zip_write

__all__ = ["GUARD_MODULE", "KEEP_FILE", "archive_modules", "left_out", "module_of",
           "read_keep", "trim_stdlib"]

HERE = Path(__file__).resolve().parent
KEEP_FILE = HERE / "stdlib_keep.txt"
GUARD_SOURCE = HERE / "stdlib_guard.py"
#: The module the build adds to the trimmed archive (python.mjs imports it).
GUARD_MODULE = "_diceland_stdlib_guard"


def archive_modules(archive: bytes) -> set[str]:
    """Every module of a standard-library archive."""
    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        return {m for m in map(module_of, zf.namelist()) if m}


def read_keep(path: Path = KEEP_FILE) -> set[str]:
    """The kept modules' names (``#`` starts a comment)."""
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.add(name)
    return names


def left_out(modules: set[str], keep: set[str]) -> list[str]:
    """The modules of ``modules`` not in ``keep``, shortest first: a package
    left out whole is named once (``xmlrpc``, not also ``xmlrpc.client``)."""
    out: list[str] = []
    gone = sorted(modules - keep, key=lambda m: (m.count("."), m))
    whole = set()
    for name in gone:
        parents = [name.rsplit(".", i)[0] for i in range(1, name.count(".") + 1)]
        if any(p in whole for p in parents):
            continue
        out.append(name)
        if not any(m == name or m.startswith(name + ".") for m in keep):
            whole.add(name)
    return sorted(out)


def guard_source(names: list[str]) -> bytes:
    """``stdlib_guard.py`` with :data:`LEFT_OUT` filled in."""
    text = GUARD_SOURCE.read_text(encoding="utf-8")
    marker = "LEFT_OUT: frozenset[str] = frozenset()"
    if text.count(marker) != 1:
        raise ValueError(f"{GUARD_SOURCE.name} must define {marker!r} once")
    listing = "".join(f"    {n!r},\n" for n in names)
    return text.replace(marker, "LEFT_OUT: frozenset[str] = frozenset({\n" + listing + "})").encode("utf-8")


def trim_stdlib(archive: bytes, keep: set[str], also: Iterable[str] = ()) -> bytes:
    """``archive`` (a ``python_stdlib.zip``) holding only the modules of
    ``keep`` (without comments and docstrings: pysource.py), their folders
    and :data:`GUARD_MODULE`, which names the modules left out and those of
    ``also`` (the site's own left out of its wheels); the same bytes for the
    same input.  A kept module the archive does not have is a ValueError
    (the list is stale: a new Pyodide needs a new list)."""
    modules = archive_modules(archive)
    unknown = sorted(keep - modules)
    if unknown:
        raise ValueError(f"{KEEP_FILE.name} names modules Pyodide's standard library does not have: "
                         f"{', '.join(unknown[:10])} (run python -m diceland_build.stdlib_find --update)")
    kept_dirs = set()
    for name in keep:
        parts = name.split(".")
        kept_dirs.update("/".join(parts[:i]) + "/" for i in range(1, len(parts)))
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            name = module_of(info.filename)
            if name in keep or (info.is_dir() and (info.filename in kept_dirs or info.filename.rstrip("/").replace("/", ".") in keep)):
                data = b"" if info.is_dir() else src.read(info)
                if info.filename.endswith(".py"):
                    data = strip_cached(data.decode("utf-8")).encode("utf-8")
                zip_write(dst, info.filename, data)
        zip_write(dst, GUARD_MODULE + ".py", guard_source(left_out(modules, keep) + sorted(also)))
    return out.getvalue()
