"""``python -m diceland_core``: replay (FORMATS.md exit codes), validate, play."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from support import FORMAT_SCENARIOS, ROOT

SCEN = FORMAT_SCENARIOS


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "diceland_core", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_replay_one_line_per_file_and_the_highest_exit_status(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"board": "A", "players": 2, "actions": [{"type": "jump"}]}')
    files = [SCEN / "bonus-chain.json", SCEN / "overshoot-illegal.json", bad]
    p = run("replay", *map(str, files))
    lines = p.stdout.splitlines()
    assert len(lines) == 3 and p.returncode == 2
    first, second, third = map(json.loads, lines)
    assert first["ok"] and second["error"]["action_index"] == 2 and third["ok"] is False
    assert "bad.json" in p.stderr and "unknown action type 'jump'" in p.stderr
    assert run("replay", str(SCEN / "bonus-chain.json")).returncode == 0
    assert run("replay", str(SCEN / "overshoot-illegal.json")).returncode == 1


@pytest.mark.parametrize("content,needle", [
    ("not json", "not valid JSON"),
    ('{"board": "Z", "players": 2}', "unknown board 'Z'"),
    ('{"board": "A", "players": 5}', "'players'"),
    ('{"board": "A", "players": 2, "dice": [["red", "pink"]]}', "unknown colour 'pink'"),
    ('{"board": "A", "players": 2, "dice": [["red"]]}', "dice[0] has 1 dice"),
    ('{"board": "A", "players": 2, "crossed": {"3": [[0, 0]]}}', "no player 3"),
    ('{"board": "A", "players": 2, "actions": [{"type": "place", "player": 0, "cells": [[1]]}]}', "[row, column]"),
    ('{"board": {"id": "t", "grid": "R @"}, "players": 2}', "standard board"),
    ('{"game": "chess", "players": 2}', "unknown game 'chess': the known games are "),
    ('{"game": 7, "players": 2}', "unknown game 7"),
    ('[1, 2]', "a scenario must be a JSON object"),
    ("[" * 50_000 + "]" * 50_000, "not valid JSON"),
])
def test_replay_invalid_files_exit_2_with_a_message(tmp_path, content, needle):
    f = tmp_path / "s.json"
    f.write_text(content)
    p = run("replay", str(f))
    assert p.returncode == 2
    assert needle in p.stderr


def test_replay_dispatches_on_the_game_key(tmp_path):
    """No "game" key means Diceland (FORMATS.md); "diceland" names it too."""
    data = json.loads((SCEN / "bonus-chain.json").read_text())
    named = tmp_path / "named.json"
    named.write_text(json.dumps({**data, "game": "diceland"}))
    plain, explicit = run("replay", str(SCEN / "bonus-chain.json")), run("replay", str(named))
    assert plain.returncode == explicit.returncode == 0
    assert json.loads(plain.stdout) == json.loads(explicit.stdout)


@pytest.mark.parametrize("args,needle", [
    (("simulate", "--game", "chess"), "unknown game 'chess'"),
    (("play", "--game", "chess"), "unknown game 'chess'"),
    (("simulate", "--players", "9"), "Diceland is for 2 to 4 players"),
    (("play", "--players", "1"), "Diceland is for 2 to 4 players"),
    (("play", "--bots", "wizard"), "unknown bot kind(s) wizard"),
])
def test_play_and_simulate_refuse_an_unknown_game_or_player_count(args, needle):
    p = run(*args)
    assert p.returncode == 2 and needle in p.stderr, p.stderr


def test_play_with_bots_in_every_seat_runs_to_the_end():
    p = run("play", "--players", "3", "--bots", "greedy,random,greedy", "--seed", "3")
    assert p.returncode == 0, p.stderr
    assert "Player 2 (random bot)" in p.stdout and "Game over:" in p.stdout


def test_replay_missing_file():
    p = run("replay", "/nonexistent/x.json")
    assert p.returncode == 2 and "cannot read" in p.stderr


def test_validate_shipped_boards():
    p = run("validate")
    assert p.returncode == 0, p.stdout + p.stderr
    assert "A.toml: ok" in p.stdout


@pytest.mark.parametrize("grid,needle", [
    ("R  R  Q\n R  @  R", "row 0, column 2: unknown token 'Q'"),
    ("R  R  R\n R  @", "row 1: 2 cells"),
    ("R  R  @\n R  @  R", "row 1, column 1: a second start"),
    ("R  R  R\n R  R  R", "no start cell"),
    ("R* R* Y\n B  @  Y", "row 0, column 1: a second bonus cell"),
    ("R  #  Y\n #  @  Y", "row 0, column 0: cannot be reached"),
])
def test_validate_names_file_row_and_column(tmp_path, grid, needle):
    f = tmp_path / "bad.toml"
    f.write_text(f'id = "bad"\ntest_board = true\ngrid = """\n{grid}\n"""\n')
    p = run("validate", str(f))
    assert p.returncode == 1
    assert str(f) in p.stdout and needle in p.stdout


def test_validate_standard_board_numbers(tmp_path):
    f = tmp_path / "small.toml"
    f.write_text('id = "small"\ngrid = """\nR  R  Y\n B  @  Y\n"""\n')
    p = run("validate", str(f))
    assert p.returncode == 1
    assert "9×12" in p.stdout and "a standard board has 16" in p.stdout
    assert "0 bonus cells, a standard board has 12" in p.stdout


def test_validate_not_toml(tmp_path):
    f = tmp_path / "x.toml"
    f.write_text("grid = [")
    p = run("validate", str(f))
    assert p.returncode == 1 and "not valid TOML" in p.stdout


def test_help_for_each_command():
    for cmd in ("replay", "validate", "play"):
        p = run(cmd, "--help")
        assert p.returncode == 0 and "usage:" in p.stdout


def test_play_a_few_turns_in_the_terminal():
    """The terminal game reads moves, rejects bad ones, and quits on 'q'."""
    p = run("play", "--players", "2", "--seed", "3", stdin="purple\nblue\nx\ns\n" + "1\n" * 20 + "q\n")
    assert p.returncode == 0, p.stderr
    assert "unknown colour 'purple'" in p.stdout
    assert "Phase 1 over" in p.stdout and "bye" in p.stdout


def test_play_a_whole_game_in_the_terminal():
    """Answer every prompt as a player would (the first listed option) until
    somebody wins (D6)."""
    import io

    from diceland_core.games.diceland.actions import Choose, Place
    from diceland_core.games.diceland.game import Phase
    from diceland_core.games.diceland.terminal import TerminalGame

    class Player(io.StringIO):
        def readline(self):
            g = tg.game
            if g.phase is Phase.CHOOSE:
                return g.legal_actions()[0].colour.key + "\n"
            if g.phase is Phase.DECIDE:
                return "s\n"
            p = g.waiting_for()[0]
            has_place = any(isinstance(a, Place) for a in g.legal_actions(p))
            return "1\n" if has_place else "p\n"

    out = io.StringIO()
    tg = TerminalGame("A", 2, 5, Player(), out)
    assert tg.run() == 0
    assert tg.game.over and "Game over" in out.getvalue()
