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


GAMES = ("diceland", "clever", "wideshut")


def build_sets(files: dict[str, bytes]) -> dict:
    """python.mjs's wheel sets: {configuration: {"key", "wheels"}}."""
    line = next(l for l in files["python.mjs"].decode().splitlines() if l.startswith("const SETS = "))
    return json.loads(line.removeprefix("const SETS = ").rstrip(";"))["sets"]


def build_bytecode_key(files: dict[str, bytes]) -> str:
    """The key of the bytecode every page shares: of every wheel."""
    line = next(l for l in files["python.mjs"].decode().splitlines() if l.startswith("const SETS = "))
    key = json.loads(line.removeprefix("const SETS = ").rstrip(";"))["bytecode"]
    assert re.fullmatch(r"[0-9a-f]{16}", key)
    return key


def build_constant(files: dict[str, bytes], config: str = "pyscript.toml") -> dict:
    return build_sets(files)[config]


def test_pyscript_starts_python_mjs_and_unpacks_the_wheels(built):
    _, files = built
    assert set(build_sets(files)) == {"pyscript.toml", *(f"pyscript-{game}.toml" for game in GAMES)}
    for config, entry in build_sets(files).items():
        toml = files[config].decode()
        assert 'interpreter = "./python.mjs"' in toml
        assert "packages" not in toml.replace("site-packages", "")  # nothing for PyScript to hand a restore
        listed = re.findall(r'^"(\./wheels/[^"]+)" = "/lib/python3\.14/site-packages/\*"$', toml, re.M)
        assert listed == entry["wheels"]  # after a restore too: files are not in a snapshot
    assert "__BUILD__" not in files["python.mjs"].decode()


def test_each_page_unpacks_the_shared_wheels_and_its_own_games_alone(built):
    """A game's page (and an embed of its lessons) unpacks the shared wheels
    and its game's archive, no other game's; the tutorial the shared ones;
    every wheel is some page's."""
    _, files = built
    wheels = sorted("./" + name for name in files if name.startswith("wheels/") and name.endswith(".whl"))
    sets = build_sets(files)
    shared = sets["pyscript.toml"]["wheels"]
    assert {w.rsplit("/", 1)[1].split("-")[0] for w in shared} == {"diceland_core", "diceland_site", "diceland_web"}
    for game in GAMES:
        own = sets[f"pyscript-{game}.toml"]["wheels"]
        assert own[:-1] == shared and own[-1].rsplit("/", 1)[1].startswith(f"diceland_game_{game}-")
    assert sorted({w for entry in sets.values() for w in entry["wheels"]}) == wheels
    keys = [entry["key"] for entry in sets.values()]
    assert all(re.fullmatch(r"[0-9a-f]{16}", key) for key in keys) and len(set(keys)) == len(keys)
    for page, config in [(f"{game}.html", f"pyscript-{game}.toml") for game in GAMES] + [("tutorial.html", "pyscript.toml")]:
        assert f'config="./{config}"' in files[page].decode(), page


def test_service_worker_keeps_this_builds_snapshots(built):
    build, files = built
    sw = files["sw.js"].decode()
    names = sorted([build.SNAPSHOT_CACHE_PREFIX + entry["key"] for entry in build_sets(files).values()]
                   + [build.BYTECODE_CACHE_PREFIX + build_bytecode_key(files)])
    assert f"const SNAPSHOT_CACHES = {json.dumps(names)};" in sw
    assert "!SNAPSHOT_CACHES.includes(name)" in sw
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
