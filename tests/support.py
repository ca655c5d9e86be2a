"""Helpers shared by the engine tests (imported as ``support``: a module
named ``conftest`` would be ambiguous between test folders)."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def require(ok: bool, what: str) -> None:
    """A test module's prerequisite: without it the module fails to load and
    says ``what`` (never a skip, which would hide its tests)."""
    if not ok:
        import pytest

        pytest.fail(what, pytrace=False)


def require_site_tools() -> None:
    """The build needs the npm packages (``bash .ci/run`` installs them)."""
    import shutil

    require(shutil.which("npm") is not None or (ROOT / "node_modules" / "pyodide").exists(),
            "building the site needs npm or node_modules/ (bash .ci/run sets them up)")


def load_build():
    """build.py, as a module (it is a script, not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("diceland_build_script", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fuzz_runs(long: int = 10_000, short: int = 2_000) -> int:
    """How many inputs a fuzz test tries per reader: ``short`` by default (the
    day-to-day loop), ``long`` with ``DICELAND_LONG=1``, or exactly
    ``DICELAND_FUZZ_N`` when that is set."""
    if os.environ.get("DICELAND_FUZZ_N"):
        return int(os.environ["DICELAND_FUZZ_N"])
    return long if os.environ.get("DICELAND_LONG") == "1" else short


#: The scenarios that come with FORMATS.md (copied into the repository).
FORMAT_SCENARIOS = ROOT / "tests" / "diceland" / "scenarios" / "formats"
from diceland_core.games.diceland import Game
from diceland_core.games.diceland.board import board_from_mapping
from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland.game import Setup

#: a message key such as ``clever.colour.closest`` or ``tap.handoff``
MESSAGE_KEY = re.compile(r"\b[a-z][a-z_]*\.[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*\b")
#: a message key, or data shown raw
KEY_OR_DATA = re.compile(MESSAGE_KEY.pattern + r"|[\[\]{}]|\bNone\b|<[a-z]")

#: The small board of the shared scenarios (FORMATS.md test board):
#:   row 0:  R  R  R  Y  Y  G
#:   row 1:   B* @  O  O  O* G
#:   row 2:  S  S  S* #  G  G
SMALL_GRID = "R  R  R  Y  Y  G\n B* @  O  O  O* G\nS  S  S* #  G  G"


def make_board(grid: str, board_id: str = "t"):
    return board_from_mapping({"id": board_id, "test_board": True, "grid": grid})


def colours(text: str) -> tuple[Colour, ...]:
    """'RRRGGY' → a roll."""
    table = {c.letter: c for c in Colour}
    return tuple(table[ch] for ch in text)


def scripted_game(board, players: int, rolls: list[str], start: int = 0, crossed=None, seed: int = 0) -> Game:
    masks = tuple(board.mask_of(crossed.get(p, [])) for p in range(players)) if crossed else ()
    setup = Setup((board,) * players, start, seed, tuple(colours(r) for r in rolls), masks)
    return Game(setup)


class CanvasRecorder:
    """A canvas context that writes down every call (``[name, *args]``) and
    property set (``["=name", value]``), in order."""

    def __init__(self):
        object.__setattr__(self, "calls", [])

    def __getattr__(self, name):
        return lambda *args: self.calls.append([name, *args])

    def __setattr__(self, name, value):
        self.calls.append(["=" + name, value])


def moves(game, n: int):
    """``game`` after ``n`` more actions (the last legal one each time)."""
    for _ in range(n):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[-1])
    return game


def html_data(page, name: str) -> str | None:
    """``<html data-NAME>`` of a Playwright page (None when it is not set)."""
    return page.evaluate(f"document.documentElement.dataset.{name} || null")


def wait_html_data(page, name: str, seconds: float) -> str:
    """``<html data-NAME>`` once it is set (python.mjs's outcomes)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = html_data(page, name)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"<html data-{name}> not set after {seconds} s")


#: the text of a save once every save the page has waiting for the site's
#: save lock (the Web Locks API) is written: locks are granted in order
STORED_SAVE_JS = """async (key) => {
    if (navigator.locks) await navigator.locks.request('diceland:saves', () => true);
    return localStorage.getItem(key);
}"""


def stored_save(page, save_id: str) -> dict | None:
    """The save ``save_id`` as the page's storage holds it after its waiting saves."""
    text = page.evaluate(STORED_SAVE_JS, f"diceland:save:{save_id}")
    return json.loads(text) if text is not None else None


def differences(engine, reference, path: str = "") -> list[str]:
    """Where two replay outputs differ, key by key and item by item (for
    readable failures of the differential tests); empty when they agree."""
    if isinstance(engine, dict) and isinstance(reference, dict):
        out = []
        for k in sorted(set(engine) | set(reference), key=str):
            if k not in engine or k not in reference:
                out.append(f"{path}/{k}: only in {'engine' if k in engine else 'reference'}")
            else:
                out += differences(engine[k], reference[k], f"{path}/{k}")
        return out
    if isinstance(engine, list) and isinstance(reference, list) and len(engine) == len(reference):
        return [d for i, (x, y) in enumerate(zip(engine, reference)) for d in differences(x, y, f"{path}/{i}")]
    return [] if engine == reference else [f"{path}: engine {engine!r}, reference {reference!r}"]


def scenario_of(state, seed: int) -> dict:
    """The scenario object of a game started by its ``new()``, with every
    roll fixed (``seed`` would only roll past them) and its actions."""
    from diceland_core.core.record import record_of
    record = record_of(state)
    data = {"game": record["game"], "players": state.players, "seed": seed,
            "dice": record["history"]["rolls"], "actions": record["history"]["actions"]}
    setup = record["setup"]
    if "start_player" in setup:
        data["start_player"] = setup["start_player"]
    if data["game"] == "diceland":  # new() plays on board A; no "game" key means Diceland
        assert [b["id"] for b in setup["boards"]] == ["A"] * state.players
        data["board"] = "A"
        del data["game"]
    return json.loads(json.dumps(data))


def setter(path: list, value):
    """A change of a JSON object: the item at ``path`` (keys and indices)
    becomes ``value`` (the differential tests' invalid variants)."""
    def change(data):
        _parent(data, path)[path[-1]] = value
    return change


def dropper(path: list):
    """A change of a JSON object: the item at ``path`` is deleted."""
    def change(data):
        del _parent(data, path)[path[-1]]
    return change


def _parent(data, path: list):
    for key in path[:-1]:
        data = data[key]
    return data


def cached_entry(ending: str) -> str:
    """JavaScript lines (for an async function) that open the site's
    snapshot or bytecode cache holding an entry whose address ends with
    ``ending`` and read it: they set ``name``, ``cache``, ``request``,
    ``hit`` and ``bytes``."""
    return f"""  let name, cache, request;
  for (name of (await caches.keys()).filter((n) => /^diceland-(snapshot|bytecode)-/.test(n))) {{
    cache = await caches.open(name);
    request = (await cache.keys()).find((r) => r.url.endsWith("{ending}"));
    if (request) break;
  }}
  const hit = await cache.match(request);
  let bytes = new Uint8Array(await hit.arrayBuffer());
"""


def mutate_json(rng, value, values: list, leaf=None):
    """``value`` (a JSON tree) with one node somewhere replaced by one of
    ``values``, dropped, duplicated (in a list) or mutated in turn; a leaf
    reached becomes ``leaf(rng, value)`` (by default one of ``values``)."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        out = dict(value)
        key = rng.choice(sorted(out, key=str))
        r = rng.random()
        if r < 0.15:
            del out[key]
        elif r < 0.35:
            out[key] = rng.choice(values)
        else:
            out[key] = mutate_json(rng, out[key], values, leaf)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        out = list(value)
        i = rng.randrange(len(out))
        r = rng.random()
        if r < 0.15:
            del out[i]
        elif r < 0.3:
            out.insert(i, out[i])
        elif r < 0.45:
            out[i] = rng.choice(values)
        else:
            out[i] = mutate_json(rng, out[i], values, leaf)
        return out
    return leaf(rng, value) if leaf else rng.choice(values)


def snapshot(definition, state) -> str:
    """A position as text: its summary and its rolls (two positions with the
    same text are the same to a player)."""
    return json.dumps([state.summary(), definition.rolls_of(state)], sort_keys=True, default=str)


def load_trainer(name: str):
    """The trainer module ``training/<name>.py`` (it imports ``td`` beside it)."""
    import importlib.util
    import sys

    sys.path.insert(0, str(ROOT / "training"))
    spec = importlib.util.spec_from_file_location(f"{name}_training", ROOT / "training" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_network_file(network_module, script: str, games: int) -> None:
    """A game's shipped network (its ``bots/network.py`` as
    ``network_module``): read back whole, learned by ``script`` in at least
    ``games`` games, at most 150 kB, the same after its JSON round trip."""
    net = network_module.load_network()
    assert net.inputs == network_module.INPUTS and net.hidden >= 32
    runs = net.trained["runs"]
    assert script in net.trained["method"] and sum(r["games"] for r in runs) >= games
    assert network_module.NETWORK_FILE.stat().st_size <= 150_000
    again = type(net).from_json(json.loads(json.dumps(net.to_json())), network_module.INPUTS)
    assert again.w1 == net.w1 and again.w2 == net.w2 and again.b2 == net.b2


#: damages to a network file and the words its refusal says
NOT_WHOLE_NETWORK = [
    (lambda d: d.update(inputs=12), "inputs"),
    (lambda d: d.update(w1=d["w1"][:-8]), "not whole"),
    (lambda d: d.update(b1="not base64 at all!"), "not whole"),
    (lambda d: d.pop("w2"), "not whole"),
]


def check_network_refused(network_module, damage, words: str) -> None:
    """A damaged copy of the shipped network file is refused in plain words."""
    import copy

    import pytest

    data = copy.deepcopy(json.loads(network_module.NETWORK_FILE.read_text(encoding="utf-8")))
    damage(data)
    with pytest.raises(ValueError, match=words):
        network_module.Network.from_json(data, network_module.INPUTS)


def random_networks(td, network_module, hidden: int = 12, seed: int = 3):
    """A trainer's network (``td.Net``) with random weights, and the same
    network as the engine reads it (half precision, pure Python)."""
    import numpy

    net = td.Net(network_module.INPUTS, hidden, seed)
    rng = numpy.random.default_rng(1)
    for k in net.params:
        net.params[k] = (rng.standard_normal(net.params[k].shape) * 0.3).astype(numpy.float32)
    return net, network_module.Network.from_json(net.to_json({"test": True}), network_module.INPUTS)


def check_seeded_self_play(trainer, network_module):
    """Two self-play games of the same seed by a game's trainer module play
    the same, and both players' trails are learned from (the TD(1) return
    of the first afterstate is the final score less its score); the first
    game."""
    import random

    import numpy
    import pytest

    net = trainer.td.Net(network_module.INPUTS, 8, 0)
    if hasattr(trainer, "bind"):
        trainer.bind(net)
    s1, t1 = trainer.td.play(trainer.ADAPTER, 5, net, 0.2, random.Random(3))
    s2, t2 = trainer.td.play(trainer.ADAPTER, 5, net, 0.2, random.Random(3))
    assert s1.over and s1.actions == s2.actions and sorted(t1) == [0, 1]
    for p in (0, 1):
        assert numpy.array_equal(numpy.array([x for x, _ in t1[p]]), numpy.array([x for x, _ in t2[p]]))
        _, G = trainer.td.returns(t1[p], trainer.final(s1, p), net, 1.0)
        assert G[0] == pytest.approx(trainer.final(s1, p) - t1[p][0][1])
    return s1
