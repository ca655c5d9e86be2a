"""What build.py writes for python.mjs, the interpreter module that restores
Pyodide from a memory snapshot: the wheels it installs, the snapshot's key,
and the service worker that keeps that snapshot's cache and no other."""

from __future__ import annotations

import json
import re

import pytest

from support import load_build, require_site_tools

require_site_tools()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    build = load_build()
    files = build.build(tmp_path_factory.mktemp("site") / "dist", quiet=True)
    return build, files


def build_constant(files: dict[str, bytes]) -> dict:
    line = next(l for l in files["python.mjs"].decode().splitlines() if l.startswith("const BUILD = "))
    return json.loads(line.removeprefix("const BUILD = ").rstrip(";"))


def test_pyscript_starts_python_mjs_and_unpacks_the_wheels(built):
    _, files = built
    toml = files["pyscript.toml"].decode()
    assert 'interpreter = "./python.mjs"' in toml
    assert "packages" not in toml.replace("site-packages", "")  # nothing for PyScript to hand a restore
    for wheel in build_constant(files)["wheels"]:  # after a restore too: files are not in a snapshot
        assert f'"{wheel}" = "/lib/python3.14/site-packages/*"' in toml
    assert "__BUILD__" not in files["python.mjs"].decode()


def test_python_mjs_installs_every_wheel(built):
    _, files = built
    wheels = sorted("./" + name for name in files if name.startswith("wheels/") and name.endswith(".whl"))
    constant = build_constant(files)
    assert sorted(constant["wheels"]) == wheels
    assert {w.rsplit("/", 1)[1].split("-")[0] for w in wheels} == {"diceland_core", "diceland_site", "diceland_web"}
    assert re.fullmatch(r"[0-9a-f]{16}", constant["key"])


def test_service_worker_keeps_this_builds_snapshot(built):
    build, files = built
    sw = files["sw.js"].decode()
    name = build.SNAPSHOT_CACHE_PREFIX + build_constant(files)["key"]
    assert f"const SNAPSHOT_CACHE = {json.dumps(name)};" in sw
    assert "name !== SNAPSHOT_CACHE" in sw
    assert "./python.mjs" in sw  # precached like every file


def test_snapshot_key_follows_pyodide_and_the_wheels(built):
    build, files = built
    urls = build_constant(files)["wheels"]
    key = build.snapshot_key(files, urls)
    assert key == build_constant(files)["key"]
    other_wheel = [urls[0].replace(urls[0].split("/")[2], "0" * 16)] + urls[1:]
    assert build.snapshot_key(files, other_wheel) != key
    other_pyodide = dict(files, **{"pyodide/pyodide.asm.wasm": files["pyodide/pyodide.asm.wasm"] + b"\0"})
    assert build.snapshot_key(other_pyodide, urls) != key
    not_pyodide = dict(files, **{"index.html": b"<!doctype html>"})
    assert build.snapshot_key(not_pyodide, urls) == key  # a page's text does not change the interpreter


def test_snapshot_key_follows_the_worker_that_makes_it(built, tmp_path, monkeypatch):
    build, files = built
    urls = build_constant(files)["wheels"]
    key = build.snapshot_key(files, urls)
    assert "python-snapshot.mjs" in build.SNAPSHOT_SOURCES and "python-snapshot.mjs" in files
    for name in build.SNAPSHOT_SOURCES:
        (tmp_path / name).write_bytes((build.SITE / name).read_bytes())
    monkeypatch.setattr(build, "SITE", tmp_path)
    assert build.snapshot_key(files, urls) == key
    (tmp_path / "python-snapshot.mjs").write_text("/* another worker */\n")
    assert build.snapshot_key(files, urls) != key
