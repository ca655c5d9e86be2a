"""The Ganz schön clever engine against a naive second reading of CLEVER.md
(tests/clever/clever_reference.py), compared through the replay output object
(every key but the free-text ``error.message``) and the exit status.

- the worked examples E1–E9 of CLEVER.md (the reference against the values
  the rules file states, then the engine against the reference);
- every fixture pair in tests/clever/fixtures/ (``X.json`` and
  ``X.expected.json``);
- 300 random 1–4 player games played with the engine's legal actions from a
  seed, some from random presets and a random start round, some cut short,
  some ending in a random well-formed action that is usually illegal, with
  probes of such actions along the way.  The scenario's ``dice`` list is
  ``rolls_of`` the engine's state, so both sides see the same dice;
- at 100 random positions and at every step of chosen corners: the verdict
  (legal, or the rule id) of every well-formed action of every player, and
  the engine's ``legal_actions()`` against the actions the reference finds
  legal;
- invalid files: exit status 2 on both sides.

The reference is ``clever_reference`` (a module name of its own:
``diceland_reference`` is Diceland's).
"""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import pytest

from diceland_core.core.errors import ScenarioError
from diceland_core.core.replay import parse_scenario, replay_scenario
from diceland_core.core.rng import SplitMix64

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"


import clever_reference as ref
from support import differences, dropper as _drop, setter as _set

replay_reference = ref.replay_reference
COLOURS = ref.COLOURS
AREAS = ref.AREAS


def definition():
    from diceland_core.core.registry import get_game
    return get_game("clever")


# --------------------------------------------------------------------------
# running both sides
# --------------------------------------------------------------------------

def engine_replay(data: dict) -> tuple[int, dict | None]:
    """The engine's (exit status, replay output) for a scenario object, as
    ``python -m diceland_core replay`` computes it."""
    data = copy.deepcopy(data)
    try:
        game, scenario = parse_scenario(data)
        _, out = replay_scenario(game, scenario)
    except ScenarioError:
        return 2, None
    return (0 if out["ok"] else 1), json.loads(json.dumps(out))


def comparable(out: dict | None) -> dict | None:
    if out is None:
        return None
    out = json.loads(json.dumps(out))
    if out.get("error"):
        out["error"].pop("message", None)
    return out


def assert_agree(data: dict, label: str = "") -> tuple[int, dict | None]:
    """The engine and the reference give the same status and output."""
    want_status, want = replay_reference(copy.deepcopy(data))
    got_status, got = engine_replay(data)
    want, got = comparable(want), comparable(got)
    if (want_status, want) != (got_status, got):
        report = [f"engine and reference disagree {label}",
                  f"status: engine {got_status}, reference {want_status}"]
        report += differences(got, want)
        report.append("scenario: " + json.dumps(data))
        print("\n".join(report))
        pytest.fail("\n".join(report[:40]))
    return want_status, want


# --------------------------------------------------------------------------
# the worked examples E1–E9 (CLEVER.md), as scenario objects
# --------------------------------------------------------------------------

E1_DICE = [{"white": 5, "yellow": 1, "blue": 4, "green": 3, "orange": 6, "purple": 3},
           {"white": 4, "blue": 2, "green": 1, "orange": 5}, {"orange": 3}]
E1_ACTIONS = [{"type": "pick", "player": 0, "die": "purple", "area": "purple"},
              {"type": "pick", "player": 0, "die": "white", "area": "purple"},
              {"type": "pick", "player": 0, "die": "orange", "area": "orange"},
              {"type": "take", "player": 1, "die": "blue", "area": "blue"}]
E1 = {"game": "clever", "players": 2, "start_player": 0, "dice": E1_DICE, "actions": E1_ACTIONS}

E3 = {"game": "clever", "players": 1, "start_player": 0, "sheets": {"0": {"extras": 2}},
      "dice": [{"white": 4, "yellow": 2, "blue": 3, "green": 1, "orange": 6, "purple": 5}],
      "actions": [{"type": "pick", "player": 0, "die": "orange", "area": "orange"},
                  {"type": "extra", "player": 0, "die": "white", "area": "yellow", "field": [2, 3]},
                  {"type": "extra", "player": 0, "die": "blue", "area": "blue"}]}

E4 = {"game": "clever", "players": 1, "start_player": 0,
      "sheets": {"0": {"green": 5, "blue": [4, 8, 9, 10, 11]}},
      "dice": [{"white": 2, "yellow": 3, "blue": 5, "green": 1, "orange": 4, "purple": 6},
               {"white": 1, "yellow": 1, "blue": 1, "orange": 1, "purple": 6}],
      "actions": [{"type": "pick", "player": 0, "die": "green", "area": "green"},
                  {"type": "bonus", "player": 0, "area": "blue", "field": 12},
                  {"type": "pick", "player": 0, "die": "purple", "area": "purple"}]}

E5 = {"game": "clever", "players": 1, "start_player": 0, "sheets": {"0": {"purple": [5]}},
      "dice": [{"white": 1, "yellow": 1, "blue": 1, "green": 1, "orange": 4, "purple": 4}, {"purple": 2}],
      "actions": [{"type": "pick", "player": 0, "die": "orange", "area": "orange"},
                  {"type": "pick", "player": 0, "die": "purple"}]}

E6 = {"game": "clever", "players": 1, "start_player": 0,
      "dice": [{"white": 1, "yellow": 1, "blue": 1, "green": 1, "orange": 1, "purple": 6},
               {"white": 3, "yellow": 5, "blue": 1, "green": 3, "orange": 3, "purple": 2,
                "closest": ["orange", "green", "white", "yellow", "blue", "purple"]}],
      "actions": [{"type": "pick", "player": 0, "die": "purple", "area": "purple"},
                  {"type": "end_turn"},
                  {"type": "take", "player": 0, "die": "orange", "area": "orange"}]}

E7 = {"game": "clever", "players": 1, "start_player": 0,
      "sheets": {"0": {"yellow": [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0], [3, 1], [3, 2], [3, 3]],
                       "blue": [9, 10, 11, 12], "green": 5, "orange": [5, 2, 3, 12], "purple": [2, 5, 6, 3]}},
      "dice": [{"white": 1, "yellow": 2, "blue": 3, "green": 4, "orange": 5, "purple": 6}],
      "actions": []}

E8_ROLL = {"white": 1, "yellow": 6, "blue": 1, "green": 1, "orange": 1, "purple": 1}
E8 = {"game": "clever", "players": 2, "start_player": 0, "round": 6,
      "sheets": {"0": {"green": 5}, "1": {"orange": [5, 4], "purple": [6]}},
      "dice": [dict(E8_ROLL), dict(E8_ROLL)],
      "actions": [{"type": "pick", "player": 0, "die": "yellow", "area": "yellow", "field": [0, 1]},
                  {"type": "take", "player": 1, "die": "white", "area": "yellow", "field": [1, 1]},
                  {"type": "end_turn"},
                  {"type": "pick", "player": 1, "die": "yellow", "area": "yellow", "field": [0, 1]},
                  {"type": "take", "player": 0, "die": "white", "area": "yellow", "field": [1, 1]},
                  {"type": "end_turn"}]}

E9 = {"game": "clever", "players": 1, "start_player": 0, "round": 4,
      "dice": [{"white": 2, "yellow": 2, "blue": 2, "green": 2, "orange": 2, "purple": 2}],
      "actions": []}


def with_actions(base: dict, actions: list) -> dict:
    out = copy.deepcopy(base)
    out["actions"] = copy.deepcopy(actions)
    return out


#: (name, scenario, exit status, {key: value} the rules file states,
#:  {player: {key: value}}) — only the keys CLEVER.md gives.
WORKED = [
    ("E1", E1, 0,
     {"phase": "finish", "waiting": [], "fields": ["purple", "white", "orange"],
      "platter": ["yellow", "blue", "green"]},
     {0: {"purple": [3, 4], "orange": [3], "rerolls": 1, "total": 10},
      1: {"blue": [6], "rerolls": 1, "total": 1}}),
    ("E1-three-actions", with_actions(E1, E1_ACTIONS[:3]), 0,
     {"ok": True, "error": None, "game": "clever", "game_over": False, "winners": [],
      "round": 1, "active_player": 0, "solo_passive": False, "phase": "finish",
      "waiting": [1], "pending": None,
      "dice": {"white": 4, "yellow": 1, "blue": 2, "green": 1, "orange": 3, "purple": 3},
      "roll": [], "fields": ["purple", "white", "orange"], "platter": ["yellow", "blue", "green"]},
     {0: {"yellow": [], "blue": [], "green": 0, "orange": [3], "purple": [3, 4], "rerolls": 1,
          "extras": 0, "foxes": 0,
          "score": {"yellow": 0, "blue": 0, "green": 0, "orange": 3, "purple": 7, "fox": 0, "total": 10}}}),
    ("E2", with_actions(E1, E1_ACTIONS[:3] + [{"type": "take", "player": 1, "die": "orange", "area": "orange"}]), 1,
     {"error": {"action_index": 3, "rule": "C6.3"}}, {}),
    ("E3", E3, 0, {}, {0: {"orange": [6], "yellow": [[2, 3]], "blue": [7], "extras": 0, "total": 7}}),
    ("E3-C7.5", with_actions(E3, E3["actions"][:2] + [{"type": "extra", "player": 0, "die": "white", "area": "green"}]), 1,
     {"error": {"action_index": 2, "rule": "C7.5"}}, {}),
    ("E4-after-pick", with_actions(E4, E4["actions"][:1]), 0,
     {"pending": {"player": 0, "bonus": "blue_x"}}, {0: {"green": 6}}),
    ("E4", E4, 0, {},
     {0: {"blue": [4, 8, 9, 10, 11, 12], "purple": [6], "foxes": 1, "extras": 1, "rerolls": 1,
          "score": {"yellow": 0, "blue": 16, "green": 21, "orange": 0, "purple": 6, "fox": 0, "total": 43}}}),
    ("E4-C8.6-end_turn", with_actions(E4, E4["actions"][:1] + [{"type": "end_turn"}]), 1,
     {"error": {"action_index": 1, "rule": "C8.6"}}, {}),
    ("E4-C8.6-pick", with_actions(E4, E4["actions"][:1] + [{"type": "pick", "player": 0, "die": "purple", "area": "purple"}]), 1,
     {"error": {"action_index": 1, "rule": "C8.6"}}, {}),
    ("E5", E5, 0, {"fields": ["orange", "purple"], "phase": "finish"}, {0: {"orange": [4], "purple": [5]}}),
    ("E5-C3.7", with_actions(E5, E5["actions"][:1] + [{"type": "pick", "player": 0, "die": "purple", "area": "purple"}]), 1,
     {"error": {"action_index": 1, "rule": "C3.7"}}, {}),
    ("E6", E6, 0, {"solo_passive": True, "platter": ["blue", "orange", "purple"]},
     {0: {"purple": [6], "orange": [3]}}),
    ("E6-C11.3", with_actions(E6, E6["actions"][:2] + [{"type": "take", "player": 0, "die": "white", "area": "orange"}]), 1,
     {"error": {"action_index": 2, "rule": "C11.3"}}, {}),
    ("E6-C7.3", with_actions(E6, E6["actions"][:2] + [{"type": "reroll", "player": 0}]), 1,
     {"error": {"action_index": 2, "rule": "C7.3"}}, {}),
    ("E7", E7, 0, {},
     {0: {"score": {"yellow": 10, "blue": 7, "green": 15, "orange": 22, "purple": 16, "fox": 14, "total": 84},
          "foxes": 2}}),
    ("E8", E8, 0, {"game_over": True, "phase": "over", "winners": [0]},
     {0: {"total": 15}, 1: {"total": 15}}),
    ("E9", E9, 0, {"phase": "round_bonus", "waiting": [0], "dice": None}, {}),
    ("E9-round_bonus", with_actions(E9, [{"type": "round_bonus", "player": 0, "area": "purple"}]), 0,
     {"phase": "rolling"}, {0: {"purple": [6]}}),
    ("E9-C8.7", with_actions(E9, [{"type": "pick", "player": 0, "die": "white", "area": "purple"}]), 1,
     {"error": {"action_index": 0, "rule": "C8.7"}}, {}),
]


def _check_stated(out: dict, stated: dict, per_player: dict) -> None:
    for key, value in stated.items():
        if key == "error" and value is not None:
            assert {k: out["error"][k] for k in value} == value
        else:
            assert out[key] == value, key
    for p, keys in per_player.items():
        for key, value in keys.items():
            got = out["players"][p]["score"]["total"] if key == "total" else out["players"][p][key]
            assert got == value, (p, key)


@pytest.mark.parametrize("name,data,status,stated,per_player", WORKED, ids=[w[0] for w in WORKED])
def test_reference_gives_the_worked_examples(name, data, status, stated, per_player):
    """The reference itself reproduces CLEVER.md's worked examples E1–E9."""
    got_status, out = replay_reference(copy.deepcopy(data))
    assert got_status == status
    _check_stated(out, stated, per_player)


@pytest.mark.parametrize("name,data", [(w[0], w[1]) for w in WORKED], ids=[w[0] for w in WORKED])
def test_engine_agrees_on_the_worked_examples(name, data):
    """E1–E9 (CLEVER.md): the engine's replay equals the reference's."""
    assert_agree(data, name)


# --------------------------------------------------------------------------
# (a) the fixture files
# --------------------------------------------------------------------------

FIXTURE_FILES = sorted(p for p in FIXTURES.glob("*.json") if not p.name.endswith(".expected.json")) \
    if FIXTURES.is_dir() else []


def test_every_fixture_has_its_expected_output():
    """Every tests/clever/fixtures/X.json has X.expected.json next to it, and
    the worked examples are there once the folder exists."""
    for path in FIXTURE_FILES:
        assert path.with_name(path.stem + ".expected.json").is_file(), path.name
    if FIXTURES.is_dir():
        assert len(FIXTURE_FILES) >= 9, "expected at least the worked examples E1-E9 as fixtures"


@pytest.mark.parametrize("path", FIXTURE_FILES, ids=lambda p: p.stem)
def test_reference_agrees_with_fixture(path: Path):
    """The reference replays each fixture to its expected output (every key
    but error.message), and so does the engine."""
    data = json.loads(path.read_text(encoding="utf-8"))
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    status, out = replay_reference(copy.deepcopy(data))
    if isinstance(expected, dict) and "ok" in expected:
        assert status == (0 if expected["ok"] else 1)
        assert differences(comparable(out), comparable(expected)) == []
    else:  # an invalid file: the expected object says so
        assert status == 2
    assert_agree(data, path.name)


# --------------------------------------------------------------------------
# (b) random games
# --------------------------------------------------------------------------

def _pick(rng: SplitMix64, items: list):
    return items[rng.below(len(items))]


def random_presets(rng: SplitMix64, players: int) -> dict:
    """Valid random sheets (CLEVER.md scenario `sheets`), often far filled so
    that full areas, full tracks and lost bonuses happen."""
    sheets = {}
    for p in range(players):
        if rng.below(3) == 0:
            continue
        fill = rng.below(101)  # percent
        sheet = {}
        sheet["yellow"] = [[r, c] for (r, c) in ref.YELLOW_FIELDS if rng.below(100) < fill]
        sheet["blue"] = [n for n in ref.BLUE_FIELDS if rng.below(100) < fill]
        def length():
            return 11 if rng.below(5) == 0 else rng.below(12) * fill // 100
        sheet["green"] = length()
        orange = []
        for i in range(length()):
            orange.append((1 + rng.below(6)) * ref.ORANGE_MULTIPLIERS[i])
        sheet["orange"] = orange
        purple = []
        for _ in range(length()):
            last = purple[-1] if purple else 0
            low = 1 if last in (0, 6) else last + 1
            purple.append(low + rng.below(7 - low))
        sheet["purple"] = purple
        sheet["rerolls"] = rng.below(8)
        sheet["extras"] = rng.below(8)
        for key in list(sheet):
            if rng.below(4) == 0:
                del sheet[key]
        sheets[str(p)] = sheet
    return sheets


def ill_fated(rng: SplitMix64, players: int) -> dict:
    """A random well-formed action, usually illegal."""
    kind = _pick(rng, ["pick", "take", "extra", "reroll", "pass", "bonus", "round_bonus", "end_turn"])
    if kind == "end_turn":
        return {"type": "end_turn"}
    action = {"type": kind, "player": rng.below(players)}
    if kind in ("reroll", "pass"):
        return action
    if kind in ("pick", "take", "extra"):
        action["die"] = _pick(rng, COLOURS)
        if kind == "pick" and rng.below(4) == 0:
            return action  # a pick that enters nothing (C5.3)
    area = _pick(rng, ["yellow", "blue"] if kind == "bonus" else AREAS)
    action["area"] = area
    if area == "yellow":
        action["field"] = [rng.below(4), rng.below(4)]
    elif area == "blue" and (kind in ("bonus", "round_bonus") or rng.below(2)):
        action["field"] = 2 + rng.below(11)
    return action


def near_miss(rng: SplitMix64, legal: dict, players: int) -> dict:
    """A legal action with one thing changed (die, area, field, player or
    type): mostly illegal deep in the table of checks (C3.x, C5.3, C6.3,
    C6.4, C7.5, C8.6, C11.3 ...)."""
    action = copy.deepcopy(legal)
    change = rng.below(6)
    if change == 0 and "die" in action:
        action["die"] = _pick(rng, COLOURS)
    elif change == 1 and "area" in action:
        area = _pick(rng, ["yellow", "blue"] if action["type"] == "bonus" else AREAS)
        action["area"] = area
        action.pop("field", None)
        if area == "yellow":
            action["field"] = [rng.below(4), rng.below(4)]
        elif area == "blue" and (action["type"] in ("bonus", "round_bonus") or rng.below(2)):
            action["field"] = 2 + rng.below(11)
    elif change == 2 and isinstance(action.get("field"), list):
        action["field"] = [rng.below(4), rng.below(4)]
    elif change == 2 and "field" in action:
        action["field"] = 2 + rng.below(11)
    elif change == 3 and "player" in action:
        action["player"] = rng.below(players)
    elif change == 4 and action["type"] == "pick":
        action.pop("area", None)
        action.pop("field", None)
    elif change == 5 and action["type"] in ("pick", "take", "extra"):
        action["type"] = _pick(rng, ["pick", "take", "extra"])
        if action["type"] != "pick" and "area" not in action:
            action["area"] = "purple"
    elif change == 5 and action["type"] in ("pass", "reroll"):
        action["type"] = "reroll" if action["type"] == "pass" else "pass"
    elif change == 5 and action["type"] in ("bonus", "round_bonus") and action["area"] in ("yellow", "blue"):
        action["type"] = "round_bonus" if action["type"] == "bonus" else "bonus"
    else:
        return ill_fated(rng, players)
    return action


def start_player_of(game, state) -> int:
    setup = game.setup_of(state)
    if isinstance(setup, dict) and "start_player" in setup:
        return setup["start_player"]
    return state.start_player


def wild_action(rng: SplitMix64, game, state, players: int) -> tuple[dict, list]:
    """A random well-formed action for ``state``, usually illegal (a legal
    action with one thing changed, or anything), and the dice list that
    covers it: ``rolls_of`` the state, or of the state after it if it turns
    out legal and rolls."""
    legal = [game.action_to_json(a) for a in state.legal_actions()]
    if legal and rng.below(3):
        action = near_miss(rng, _pick(rng, legal), players)
    else:
        action = ill_fated(rng, players)
    trial = state.copy()
    try:
        trial.apply(game.action_from_json(action))
    except Exception:
        return action, game.rolls_of(state)
    return action, game.rolls_of(trial)


def compare_one(data: dict) -> tuple[str, int, dict | None, int, dict | None]:
    want_status, want = replay_reference(copy.deepcopy(data))
    got_status, got = engine_replay(data)
    return json.dumps(data), want_status, comparable(want), got_status, comparable(got)


@functools.lru_cache(maxsize=None)
def random_game(seed: int) -> tuple[tuple, tuple]:
    """One random game: (the game's comparison, the probes' comparisons),
    each as (scenario JSON, reference status and output, engine status and
    output).

    Players 1–4 by the seed; a third of the games start from random presets
    and a random round; the engine plays random legal actions, mostly of the
    players it waits for (else the +1 / end_turn actions open to anyone),
    until the game is over or a random number of actions.  Most cut games
    (and a few ended ones) end in a random well-formed action, often a legal
    action with one thing changed; along the way, about one position in 25
    is probed the same way (a scenario of its own)."""
    game = definition()
    rng = SplitMix64(seed * 7919 + 17)
    players = 1 + seed % 4
    if seed % 3 == 2:
        head = {"game": "clever", "players": players, "start_player": rng.below(players),
                "round": 1 + rng.below(ref.ROUNDS[players]), "seed": seed,
                "sheets": random_presets(rng, players)}
        _, scenario = parse_scenario(copy.deepcopy(head))
        state = scenario.game()
    else:
        state = game.new(players=players, seed=seed)
        head = {"game": "clever", "players": players, "start_player": start_player_of(game, state),
                "seed": seed}
    limit = 10_000 if rng.below(3) == 0 else rng.below(35 * players + 15)
    probes = []
    steps = 0
    while not state.over and steps < limit:
        if rng.below(25) == 0:
            action, dice = wild_action(rng, game, state, players)
            actions = [game.action_to_json(a) for a in state.actions] + [action]
            probes.append(compare_one(dict(head, dice=dice, actions=actions)))
        waiting = list(state.waiting_for())
        legal = list(state.legal_actions())
        assert legal, "the engine offers no legal action in a game that is not over"
        if waiting and rng.below(4):
            mine = [a for a in legal if getattr(a, "player", None) in waiting]
            if mine:
                legal = mine
        state.apply(_pick(rng, legal))
        steps += 1
    actions = [game.action_to_json(a) for a in state.actions]
    dice = game.rolls_of(state)
    if rng.below(4) if not state.over else rng.below(8) == 0:
        action, dice = wild_action(rng, game, state, players)
        actions.append(action)
    return compare_one(dict(head, dice=dice, actions=actions)), tuple(probes)


GAMES = 300
BLOCKS = 10


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_agree_with_reference(block):
    """300 random games (1–4 players, solo included, from new() and from
    random presets; some cut short, some ending in an illegal action): the
    engine and the reference give the same exit status and replay output
    (C1–C11, the table of rule ids, the replay contract)."""
    failures = []
    for seed in range(block, GAMES, BLOCKS):
        main, probes = random_game(seed)
        for i, (text, want_status, want, got_status, got) in enumerate((main,) + probes):
            if (want_status, want) == (got_status, got):
                continue
            what = "game" if i == 0 else f"probe {i}"
            lines = [f"seed {seed} ({what}): status engine {got_status}, reference {want_status}"]
            lines += differences(got, want)[:20]
            lines.append("scenario: " + text)
            failures.append("\n".join(lines))
    if failures:
        print("\n\n".join(failures))
    assert not failures, f"{len(failures)} disagreements; first:\n{failures[0][:4000]}"


def test_random_games_cover_the_game():
    """The random games reach game over in a good share of cases, include
    solo games, illegal-action endings with many rule ids, and every phase."""
    over = solo = solo_passive = illegal = pending = 0
    phases = set()
    rules = set()
    for seed in range(GAMES):
        main, probes = random_game(seed)
        for i, (text, want_status, want, got_status, got) in enumerate((main,) + probes):
            data = json.loads(text)
            out = got if got is not None else want
            assert out is not None, f"seed {seed}: invalid scenario"
            if out["error"] is not None:
                illegal += 1
                rules.add(out["error"]["rule"])
            phases.add(out["phase"])
            solo_passive += out["solo_passive"]
            pending += out["pending"] is not None
            if i == 0:
                solo += data["players"] == 1
                over += out["game_over"]
    assert over >= GAMES // 4, over
    assert solo >= GAMES // 5, solo
    assert solo_passive >= 5, solo_passive
    assert illegal >= GAMES // 4, illegal
    assert len(rules) >= 15, rules
    assert phases == {"round_bonus", "rolling", "finish", "over"}, phases
    assert pending >= 1, pending


# --------------------------------------------------------------------------
# (d) every candidate action gets the same verdict
# --------------------------------------------------------------------------

def candidate_actions(players: int) -> list[dict]:
    """Every well-formed action kind for every player, die, area and field
    (blue marks of dice with no field, with the field 7 and with the field
    12 — the sum decides which are right)."""
    yellow = [[r, c] for r in range(4) for c in range(4)]
    out = [{"type": "end_turn"}]
    for p in range(players):
        out.append({"type": "reroll", "player": p})
        out.append({"type": "pass", "player": p})
        for die in COLOURS:
            out.append({"type": "pick", "player": p, "die": die})
            for kind in ("pick", "take", "extra"):
                for area in AREAS:
                    base = {"type": kind, "player": p, "die": die, "area": area}
                    if area == "yellow":
                        out += [dict(base, field=f) for f in yellow]
                    elif area == "blue":
                        out += [base, dict(base, field=7), dict(base, field=12)]
                    else:
                        out.append(base)
        for kind in ("bonus", "round_bonus"):
            out += [{"type": kind, "player": p, "area": "yellow", "field": f} for f in yellow]
            out += [{"type": kind, "player": p, "area": "blue", "field": n} for n in range(2, 13)]
        out += [{"type": "round_bonus", "player": p, "area": a} for a in ("green", "orange", "purple")]
    return out


def reference_verdict(game_ref, action: dict, players: int) -> str:
    """'legal' or the rule id the reference gives for one action."""
    trial = copy.deepcopy(game_ref)
    try:
        trial.act(ref.read_action(action, 0, players))
    except ref.Illegal as exc:
        return exc.rule
    except ref.DiceRanOut:
        return "legal"  # legal: it rolls dice the scenario does not have
    return "legal"


def engine_verdict(game, state, action: dict) -> str:
    from diceland_core.core.errors import IllegalActionError
    trial = state.copy()
    try:
        trial.apply(game.action_from_json(copy.deepcopy(action)))
    except IllegalActionError as exc:
        return exc.rule
    return "legal"


#: 100 seeds of every residue mod 3 (so games from presets too) and mod 4
POSITIONS = [3 * k + k % 3 for k in range(GAMES // 3)]


def canonical(action: dict) -> str:
    """An action as comparable text: keys with None dropped, and the
    implied field of a blue die mark dropped (C3.2 fixes it)."""
    out = {k: v for k, v in action.items() if v is not None}
    if out.get("type") in ("pick", "take", "extra") and out.get("area") == "blue":
        out.pop("field", None)
    return json.dumps(out, sort_keys=True)


def verdict_differences(data: dict, label: str) -> list[str]:
    """At the position after all of ``data``'s actions (all legal): every
    candidate action's verdict (legal or rule id) on both sides, and the
    engine's legal_actions() against the candidates the reference finds
    legal.  Returns the differences."""
    game = definition()
    data = copy.deepcopy(data)
    players, start, round_, sheets, rolls, actions = ref.read_scenario(copy.deepcopy(data))
    game_ref = ref.RefGame(players, start, round_, sheets, rolls)
    for a in actions:
        game_ref.act(a)
    # only the rolls made so far: a legal candidate that rolls draws from
    # the seed in the engine and stops the reference with DiceRanOut
    game_ref.rolls = game_ref.rolls[:game_ref.used_rolls]
    data["dice"] = data["dice"][:game_ref.used_rolls]
    _, scenario = parse_scenario(copy.deepcopy(data))
    state, out = replay_scenario(game, scenario)
    assert out["ok"], out
    failures = []
    legal_ref = set()
    for action in candidate_actions(players):
        want = reference_verdict(game_ref, action, players)
        got = engine_verdict(game, state, action)
        if want == "legal":
            legal_ref.add(canonical(action))
        if want != got:
            failures.append(f"{label}: {json.dumps(action)}: engine {got}, reference {want}"
                            f"\nscenario: {json.dumps(data)}")
    legal_engine = {canonical(game.action_to_json(a)) for a in state.legal_actions()}
    if legal_engine != legal_ref:
        failures.append(f"{label}: legal_actions() has {sorted(legal_engine - legal_ref)} "
                        f"too many and misses {sorted(legal_ref - legal_engine)}\nscenario: {json.dumps(data)}")
    return failures


@pytest.mark.parametrize("block", range(5))
def test_every_candidate_action_gets_the_same_verdict(block):
    """At 100 positions of the random games, every well-formed action of
    every player (each die, area and field) is legal for both or illegal for
    both with the same rule id (the table of checks of CLEVER.md), and the
    engine's legal_actions() are exactly the actions the reference finds
    legal."""
    failures = []
    for seed in [s for s in POSITIONS if s % 5 == block]:
        main, _ = random_game(seed)
        data = json.loads(main[0])
        rng = SplitMix64(seed + 99)
        cut = rng.below(len(data["actions"]) + 1)
        data["actions"] = data["actions"][:cut]
        status, _ = replay_reference(copy.deepcopy(data))
        if status != 0:
            data["actions"] = data["actions"][:-1]  # the game's wild last action
        failures += verdict_differences(data, f"seed {seed}, {len(data['actions'])} actions")
    if failures:
        print("\n\n".join(failures))
    assert not failures, f"{len(failures)} disagreements; first:\n{failures[0][:4000]}"


# --------------------------------------------------------------------------
# (e) chosen corners, at every step
# --------------------------------------------------------------------------

ALL_YELLOW = [[r, c] for r in range(4) for c in range(4) if ref.YELLOW[r][c] is not None]
FULL_SHEET = {"yellow": ALL_YELLOW, "blue": list(range(2, 13)), "green": 11,
              "orange": [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3], "purple": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5]}

CORNERS = [
    # C8.7 round 4 with a full sheet (player 1 owes nothing), a black X
    # completing yellow row 0 (blue_x, C8.6 while player 0 chooses), whose
    # blue X completes row {2,3,4} and column {4,8,12} (orange_5, extra, C8.5);
    # then R1 for the full sheet
    ("round-4-chain", {"game": "clever", "players": 2, "start_player": 1, "round": 4,
                       "sheets": {"0": {"yellow": [[0, 0], [0, 1]], "blue": [2, 3, 8, 12]}, "1": FULL_SHEET},
                       "dice": [{"white": 3, "yellow": 3, "blue": 3, "green": 3, "orange": 3, "purple": 3},
                                {"yellow": 1, "blue": 2, "green": 3, "orange": 4, "purple": 5}],
                       "actions": [{"type": "round_bonus", "player": 0, "area": "yellow", "field": [0, 2]},
                                   {"type": "bonus", "player": 0, "area": "blue", "field": 4},
                                   {"type": "pick", "player": 1, "die": "white"}]}),
    # C8.6 during C8.7: player 0's black X waits for a blue_x choice while
    # player 1 still owes the round-4 choice
    ("round-4-pending-while-owed", {"game": "clever", "players": 2, "start_player": 0, "round": 4,
                                    "sheets": {"0": {"yellow": [[0, 0], [0, 1]]}},
                                    "dice": [{"white": 2, "yellow": 4, "blue": 6, "green": 1, "orange": 5, "purple": 3}],
                                    "actions": [{"type": "round_bonus", "player": 0, "area": "yellow", "field": [0, 2]},
                                                {"type": "bonus", "player": 0, "area": "blue", "field": 9},
                                                {"type": "round_bonus", "player": 1, "area": "yellow", "field": [3, 3]}]}),
    # C8.7 three players choose in any order
    ("round-4-three", {"game": "clever", "players": 3, "start_player": 2, "round": 4,
                       "dice": [{"white": 6, "yellow": 5, "blue": 4, "green": 3, "orange": 2, "purple": 1}],
                       "actions": [{"type": "round_bonus", "player": 2, "area": "green"},
                                   {"type": "round_bonus", "player": 0, "area": "orange"},
                                   {"type": "round_bonus", "player": 1, "area": "blue", "field": 7}]}),
    # R6: blue 3 completes row {2,3,4} (orange_5 → reroll) and column
    # {3,7,11} (purple_6 → purple[9] → orange_6 ×2)
    ("two-orange-numbers", {"game": "clever", "players": 1, "start_player": 0,
                            "sheets": {"0": {"blue": [2, 4, 7, 11], "orange": [2, 3],
                                             "purple": [1, 2, 3, 4, 5, 6, 1, 2, 3]}},
                            "dice": [{"white": 1, "yellow": 1, "blue": 2, "green": 1, "orange": 1, "purple": 1}],
                            "actions": [{"type": "pick", "player": 0, "die": "blue", "area": "blue"}]}),
    # C8.4 yellow_x lost on a full yellow area; C7.1 an extra earned on a full
    # track is lost; the round-2 extra too; blue_x choice on the last field
    ("lost-bonuses", {"game": "clever", "players": 1, "start_player": 0, "round": 2,
                      "sheets": {"0": {"yellow": ALL_YELLOW, "purple": [1, 2, 3, 4, 5], "green": 5,
                                       "blue": [2, 3, 4, 5, 6, 7, 8, 9, 10, 11], "extras": 7}},
                      "dice": [{"white": 1, "yellow": 2, "blue": 3, "green": 4, "orange": 5, "purple": 6}],
                      "actions": [{"type": "pick", "player": 0, "die": "purple", "area": "purple"},
                                  {"type": "extra", "player": 0, "die": "green", "area": "green"},
                                  {"type": "bonus", "player": 0, "area": "blue", "field": 12}]}),
    # C6.3 / R12: no platter die usable, so a die of the active player's
    # dice fields may be taken; then a +1 of the white die (after a 6, C3.7)
    ("special-case", {"game": "clever", "players": 2, "start_player": 0,
                      "sheets": {"1": {"yellow": ALL_YELLOW, "blue": list(range(2, 13)), "green": 11,
                                       "orange": [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3], "purple": [5], "extras": 1}},
                      "dice": [{"white": 1, "yellow": 2, "blue": 3, "green": 4, "orange": 5, "purple": 6}],
                      "actions": [{"type": "pick", "player": 0, "die": "purple", "area": "purple"},
                                  {"type": "take", "player": 1, "die": "purple", "area": "purple"},
                                  {"type": "extra", "player": 1, "die": "white", "area": "purple"}]}),
    # C11.3 / R9: a solo passive roll with nothing usable on the platter:
    # pass; the last turn ends the game (C9.3)
    ("solo-pass-and-end", {"game": "clever", "players": 1, "start_player": 0, "round": 6,
                           "sheets": {"0": {"yellow": ALL_YELLOW, "blue": list(range(2, 13)), "green": 11,
                                            "orange": [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3], "purple": [4]}},
                           "dice": [{"white": 1, "yellow": 2, "blue": 3, "green": 4, "orange": 5, "purple": 6},
                                    {"white": 6, "yellow": 2, "blue": 1, "green": 4, "orange": 3, "purple": 6,
                                     "closest": ["purple", "white", "yellow", "blue", "green", "orange"]}],
                           "actions": [{"type": "pick", "player": 0, "die": "purple", "area": "purple"},
                                       {"type": "end_turn"},
                                       {"type": "pass", "player": 0},
                                       {"type": "end_turn"}]}),
    # R8: a solo passive roll without "closest" breaks ties in colour order
    ("solo-default-closeness", {"game": "clever", "players": 1, "start_player": 0,
                                "dice": [{"white": 1, "yellow": 1, "blue": 1, "green": 1, "orange": 1, "purple": 6},
                                         {"white": 3, "yellow": 3, "blue": 3, "green": 3, "orange": 3, "purple": 3}],
                                "actions": [{"type": "pick", "player": 0, "die": "purple", "area": "purple"},
                                            {"type": "end_turn"},
                                            {"type": "take", "player": 0, "die": "white", "area": "orange"}]}),
]


@pytest.mark.parametrize("name,data", CORNERS + [(w[0], w[1]) for w in WORKED if w[2] == 0],
                         ids=[c[0] for c in CORNERS] + [w[0] for w in WORKED if w[2] == 0])
def test_corners_agree_at_every_step(name, data):
    """Chosen corners (round 4 with chains, R6, lost bonuses, the special
    case, a solo pass at the end) and the legal worked examples: after every
    prefix of their actions, the same replay output and the same verdict for
    every candidate action on both sides."""
    status, _ = replay_reference(copy.deepcopy(data))
    assert status == 0
    failures = []
    for cut in range(len(data["actions"]) + 1):
        prefix = with_actions(data, data["actions"][:cut])
        assert_agree(prefix, f"{name}, {cut} actions")
        failures += verdict_differences(prefix, f"{name}, {cut} actions")
    if failures:
        print("\n\n".join(failures))
    assert not failures, f"{len(failures)} disagreements; first:\n{failures[0][:4000]}"


# --------------------------------------------------------------------------
# (f) invalid files (exit status 2)
# --------------------------------------------------------------------------

def _variant(change) -> dict:
    data = copy.deepcopy(E1)
    change(data)
    return data


INVALID = [
    ("players-5", _set(["players"], 5)),
    ("players-0", _set(["players"], 0)),
    ("players-text", _set(["players"], "2")),
    ("players-bool", _set(["players"], True)),
    ("start-player-2-of-2", _set(["start_player"], 2)),
    ("start-player-negative", _set(["start_player"], -1)),
    ("round-7-of-6", _set(["round"], 7)),
    ("round-0", _set(["round"], 0)),
    ("preset-printed-cross", _set(["sheets"], {"0": {"yellow": [[0, 3]]}})),
    ("preset-yellow-twice", _set(["sheets"], {"0": {"yellow": [[0, 0], [0, 0]]}})),
    ("preset-yellow-off-sheet", _set(["sheets"], {"0": {"yellow": [[4, 0]]}})),
    ("preset-blue-13", _set(["sheets"], {"1": {"blue": [13]}})),
    ("preset-blue-1", _set(["sheets"], {"1": {"blue": [1]}})),
    ("preset-blue-twice", _set(["sheets"], {"1": {"blue": [5, 5]}})),
    ("preset-green-12", _set(["sheets"], {"0": {"green": 12}})),
    ("preset-orange-7", _set(["sheets"], {"0": {"orange": [7]}})),
    ("preset-orange-odd-on-x2", _set(["sheets"], {"0": {"orange": [1, 1, 1, 3]}})),
    ("preset-purple-not-rising", _set(["sheets"], {"0": {"purple": [3, 2]}})),
    ("preset-purple-7", _set(["sheets"], {"0": {"purple": [7]}})),
    ("preset-rerolls-8", _set(["sheets"], {"0": {"rerolls": 8}})),
    ("preset-extras-negative", _set(["sheets"], {"0": {"extras": -1}})),
    ("preset-no-such-player", _set(["sheets"], {"2": {"green": 1}})),
    ("roll-missing-a-colour", _drop(["dice", 0, "purple"])),
    ("roll-face-7", _set(["dice", 0, "white"], 7)),
    ("roll-face-0", _set(["dice", 1, "blue"], 0)),
    ("roll-unknown-colour", _set(["dice", 0, "black"], 3)),
    ("roll-extra-colour-later", _set(["dice", 1, "purple"], 3)),
    ("action-unknown-type", _set(["actions", 0, "type"], "jump")),
    ("action-no-die", _drop(["actions", 0, "die"])),
    ("action-unknown-die", _set(["actions", 0, "die"], "black")),
    ("action-unknown-area", _set(["actions", 0, "area"], "red")),
    ("action-no-player", _drop(["actions", 1, "player"])),
    ("action-player-text", _set(["actions", 1, "player"], "0")),
    ("take-no-area", _drop(["actions", 3, "area"])),
    ("take-blue-field-13", _set(["actions", 3, "field"], 13)),
    ("yellow-without-field", _set(["actions", 3], {"type": "take", "player": 1, "die": "yellow", "area": "yellow"})),
    ("yellow-field-off-sheet", _set(["actions", 3], {"type": "take", "player": 1, "die": "yellow",
                                                     "area": "yellow", "field": [0, 4]})),
    ("yellow-field-short", _set(["actions", 3], {"type": "take", "player": 1, "die": "yellow",
                                                 "area": "yellow", "field": [1]})),
    ("bonus-blue-without-field", _set(["actions", 3], {"type": "bonus", "player": 1, "area": "blue"})),
    ("round-bonus-yellow-without-field", _set(["actions", 3], {"type": "round_bonus", "player": 1, "area": "yellow"})),
    ("actions-not-a-list", _set(["actions"], {"type": "end_turn"})),
    ("dice-not-a-list", _set(["dice"], {"white": 1})),
]


@pytest.mark.parametrize("name,change", INVALID, ids=[i[0] for i in INVALID])
def test_invalid_files_give_status_2(name, change):
    """CLEVER.md Data contracts: a file breaking them is invalid (exit
    status 2) for both the reference and the engine."""
    data = _variant(change)
    status, _ = assert_agree(data, name)
    assert status == 2
