"""Seeded fuzzing of every reader of outside data in diceland_core: board
files, scenario files and game records.  2,000 random and mutated inputs
each (10,000 with ``DICELAND_LONG=1``); the only exceptions allowed out are the documented ones
(BoardError, ScenarioError, RecordError), each with a message."""

from __future__ import annotations

import json
import random

import pytest

import support
from support import FORMAT_SCENARIOS, ROOT
from diceland_core import BoardError, RecordError, ScenarioError, load_record, record_json
from diceland_core.games.diceland import Game
from diceland_core.games.diceland.board import board_from_mapping
from diceland_core.games.diceland.scenario import parse_scenario, replay_scenario
from diceland_core.games.diceland.board import load_board_file
from diceland_support import random_playout

RUNS = support.fuzz_runs()
TOKENS = ["R", "Y", "G", "B", "O", "S", "R*", "G*", "#", "@", "X", "**", "", "\t", "r", "@@", "Y*"]
VALUES = [None, True, 0, -1, 1, 2, 99, 2**70, 1.5, "", "x", "red", [], {}, [[0, 0]], [0], ["red"],
          {"0": [[0, 0]]}, "A", "\u0000", "<b>x</b>"]


def mutate_text(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        op = rng.random()
        i = rng.randrange(len(chars) + 1)
        if op < 0.3 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op < 0.6:
            chars.insert(i, rng.choice(["R", "*", "#", "@", " ", "\n", "\"", "[", "]", "{", "}", ",", "9", "\x00"]))
        elif op < 0.8 and chars:
            j = min(len(chars), i + rng.randint(1, 40))
            chars[i:i] = chars[i:j]
        elif chars:
            chars[min(i, len(chars) - 1)] = chr(rng.randrange(32, 0x2FF))
    return "".join(chars)


def mutate_leaf(rng: random.Random, value):
    if isinstance(value, str) and rng.random() < 0.5:
        return mutate_text(rng, value) if value else rng.choice(TOKENS)
    return rng.choice(VALUES)


def mutate_json(rng: random.Random, value):
    """Replace, drop or duplicate one node somewhere in a JSON tree."""
    return support.mutate_json(rng, value, VALUES, mutate_leaf)


def grid_text(rng: random.Random) -> str:
    rows = rng.randint(0, 10)
    cols = rng.randint(0, 13)
    return "\n".join(" ".join(rng.choice(TOKENS) for _ in range(cols + rng.randint(-1, 1))) for _ in range(rows))


def test_fuzz_board_files(tmp_path):
    rng = random.Random(1)
    seeds = [p.read_text() for p in sorted((ROOT / "boards").glob("*.toml"))]
    path = tmp_path / "fuzz.toml"
    accepted = 0
    for i in range(RUNS):
        r = rng.random()
        if r < 0.4:
            text = mutate_text(rng, rng.choice(seeds))
        elif r < 0.7:
            text = f'id = "f"\ntest_board = {rng.choice(["true", "false"])}\ngrid = """\n{grid_text(rng)}\n"""\n'
        else:
            data = {"id": "f", "test_board": rng.random() < 0.5, "grid": grid_text(rng)}
            try:
                board_from_mapping(mutate_json(rng, data) if rng.random() < 0.5 else data, "fuzz")
                accepted += 1
            except BoardError as exc:
                assert exc.problems and all(p.startswith("fuzz") for p in exc.problems)
            continue
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            load_board_file(path)
            accepted += 1
        except BoardError as exc:
            assert str(path) in str(exc)
    assert accepted > 0  # the fuzzer also reaches valid boards


def _scenario_seeds():
    seeds = []
    for p in sorted((FORMAT_SCENARIOS).glob("*.json")) + sorted((ROOT / "tests" / "diceland" / "scenarios").glob("*.json")):
        if not p.name.endswith(".expected.json"):
            seeds.append(json.loads(p.read_text()))
    return seeds


def test_fuzz_scenarios():
    rng = random.Random(2)
    seeds = _scenario_seeds()
    outcomes = {"invalid": 0, "ok": 0, "illegal": 0}
    for i in range(RUNS):
        data = rng.choice(seeds)
        for _ in range(rng.randint(1, 3)):
            data = mutate_json(rng, data)
        if rng.random() < 0.1:
            try:
                data = json.loads(mutate_text(rng, json.dumps(data)))
            except ValueError:
                outcomes["invalid"] += 1
                continue
        try:
            scenario = parse_scenario(data)
            _, result = replay_scenario(scenario)
        except ScenarioError as exc:
            assert str(exc)
            outcomes["invalid"] += 1
            continue
        outcomes["ok" if result["ok"] else "illegal"] += 1
        json.dumps(result)
    assert all(outcomes.values()), outcomes


def test_fuzz_records():
    rng = random.Random(3)
    seeds = []
    for s in range(6):
        g = Game.new(["A", "A", "A"][: 2 + s % 2], seed=s)
        random_playout(g, seed=s, max_actions=20 + 5 * s)
        seeds.append(json.loads(record_json(g)))
    loaded = rejected = 0
    for i in range(RUNS):
        data = rng.choice(seeds)
        for _ in range(rng.randint(1, 2)):
            data = mutate_json(rng, data)
        text = json.dumps(data)
        if rng.random() < 0.2:
            text = mutate_text(rng, text)
        try:
            game = load_record(text)
            loaded += 1
            assert load_record(record_json(game)).summary() == game.summary()
        except RecordError as exc:
            assert str(exc)
            rejected += 1
    assert loaded and rejected
