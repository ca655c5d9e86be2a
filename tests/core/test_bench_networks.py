"""bench/networks.py: two network files of a game side by side in a short
run, and a missing file refused in plain words."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = {"diceland": ROOT / "diceland_core/games/diceland/bots/diceland_network.json",
           "wideshut": ROOT / "diceland_core/games/wideshut/bots/wideshut_network.json"}


def load():
    spec = importlib.util.spec_from_file_location("bench_networks", ROOT / "bench" / "networks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_a_short_run_prints_the_first_files_share(game, capsys):
    shipped = str(SHIPPED[game])
    assert load().main(["--game", game, "--new", shipped, "--old", shipped, "--games", "2"]) == 0
    line = capsys.readouterr().out.strip()
    found = re.search(r"2 games from seed 400000000, seats rotated: win share ([\d.]+)% ± [\d.]+%, mean margin ([-+][\d.]+)$", line)
    assert found, line
    assert 0 <= float(found.group(1)) <= 100


def test_a_missing_file_is_named(tmp_path, capsys):
    with pytest.raises(SystemExit):
        load().main(["--game", "wideshut", "--new", str(tmp_path / "none.json"), "--old", str(SHIPPED["wideshut"])])
    assert f"no network file at {tmp_path / 'none.json'}" in capsys.readouterr().err
