"""The diceland_core wheel: one py3-none-any wheel that carries the boards and
works on its own, away from the checkout."""

from __future__ import annotations

import io
import subprocess
import sys
import zipfile

import pytest

from support import ROOT, load_build


@pytest.fixture(scope="module")
def build():
    return load_build()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory, build):
    name, data = build.build_core_wheel()
    path = tmp_path_factory.mktemp("wheel") / name
    path.write_bytes(data)
    return path


def test_wheel_is_pure_and_carries_the_boards(wheel):
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        meta = next(n for n in names if n.endswith(".dist-info/WHEEL"))
        assert "Root-Is-Purelib: true" in zf.read(meta).decode()
    boards = sorted(p.name for p in (ROOT / "boards").glob("*.toml"))
    assert boards and all(f"diceland_core/boards/{b}" in names for b in boards)
    assert "diceland_core/py.typed" in names
    assert not [n for n in names if n.startswith("tests/") or "__pycache__" in n]


def test_wheel_works_away_from_the_checkout(wheel, tmp_path):
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp_path / "site")
    code = ("import diceland_core.games.diceland as d, json; from diceland_core.games.diceland import board;"
            "g = d.Game.new('A', players=2, seed=1);"
            "print(json.dumps([board.board_ids(), str(board.boards_dir()), len(g.roll)]))")
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path / 'site')!r}); {code}"],
                         cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    import json
    ids, where, dice = json.loads(out)
    assert ids == sorted(p.stem for p in (ROOT / "boards").glob("*.toml"))
    assert where.startswith(str(tmp_path)) and dice == 6


def test_the_sites_archive_leaves_out_the_record(wheel, build):
    """The site's copy of the engine is unpacked by the pages, never
    installed: no RECORD (its hashes do not compress), the rest as in the
    wheel."""
    _, data = build.build_core_wheel(strip=True)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        site_names = set(zf.namelist())
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    record = next(n for n in names if n.endswith(".dist-info/RECORD"))
    assert record not in site_names
    assert {n for n in names if n.endswith((".dist-info/METADATA", ".dist-info/WHEEL"))} <= site_names


def test_the_sites_engine_reads_its_boards_as_json_without_tomllib(tmp_path, build):
    """The site's wheel ships each board as JSON (the same table as its TOML
    file): a page loads a board without compiling and importing tomllib,
    and gets the very board the TOML file gives."""
    _, data = build.build_core_wheel(strip=True)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = set(zf.namelist())
        zf.extractall(tmp_path / "site")
    ids = sorted(p.stem for p in (ROOT / "boards").glob("*.toml"))
    assert {f"diceland_core/boards/{i}.json" for i in ids} <= names
    assert not [n for n in names if n.endswith(".toml")]
    code = ("import sys, json; import diceland_core.games.diceland as d; "
            "boards = [d.load_board(i) for i in d.board_ids()]; "
            "print(json.dumps([d.board_ids(), 'tomllib' in sys.modules, "
            "[[b.id, b.title, b.rows, b.cols, b.start, b.star_mask, b.obstacle_mask, b.zone_of] for b in boards]]))")
    out = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path / 'site')!r}); {code}"],
                         cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    import json
    found, imported_toml, shipped = json.loads(out)
    assert found == ids and not imported_toml
    from diceland_core.games.diceland.board import load_board_file
    expected = [load_board_file(ROOT / "boards" / f"{i}.toml") for i in ids]
    assert shipped == [[b.id, b.title, b.rows, b.cols, b.start, b.star_mask, b.obstacle_mask, list(b.zone_of)]
                       for b in expected]
