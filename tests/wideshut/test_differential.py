"""The Dice Wide Shut engine against a naive second implementation of
WIDESHUT.md (tests/wideshut/wideshut_reference.py), compared through the replay
output of WIDESHUT.md's data contracts: the fixture scenarios, hundreds of
random games (legal play from ``new()`` or from random preset sheets, some
ending in an illegal action), hand-made corners of the rules, the legal
actions at random positions and invalid files."""

from __future__ import annotations

import copy
import functools
import itertools
import json
from pathlib import Path

import pytest

from diceland_core.core.errors import IllegalActionError, ScenarioError
from diceland_core.core.registry import get_game
from diceland_core.core.replay import parse_scenario, replay_scenario
from diceland_core.core.rng import SplitMix64

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"


import wideshut_reference as reference
from support import differences, dropper as _drop, setter as _set

replay_reference = reference.replay_reference

GAMES = 300
BLOCK = 30


# ---------------------------------------------------------------- comparing

def _json(value):
    return json.loads(json.dumps(value))


def engine_result(data: dict) -> tuple[int, dict | None]:
    """Exit status and replay output of the engine (``replay`` semantics)."""
    try:
        definition, scenario = parse_scenario(copy.deepcopy(data))
        _, out = replay_scenario(definition, scenario)
    except ScenarioError:
        return 2, None
    return (0 if out["ok"] else 1), _json(out)


def _without_message(out: dict | None) -> dict | None:
    """Everything but the free text of ``error.message``."""
    if out is None:
        return None
    out = copy.deepcopy(out)
    if out.get("error"):
        out["error"].pop("message", None)
    return out


def compare(data: dict, label: str) -> tuple[int, dict | None]:
    """Assert that engine and reference agree on ``data``; return the
    reference's result."""
    ref_status, ref_out = replay_reference(_json(data))
    eng_status, eng_out = engine_result(data)
    ref_cmp, eng_cmp = _without_message(ref_out), _without_message(eng_out)
    if (eng_status, eng_cmp) != (ref_status, ref_cmp):
        lines = [f"{label}: engine and reference disagree",
                 f"status: engine {eng_status}, reference {ref_status}"]
        if eng_cmp is not None and ref_cmp is not None:
            lines += differences(eng_cmp, ref_cmp)
        lines.append("scenario: " + json.dumps(data))
        pytest.fail("\n".join(lines))
    return ref_status, ref_out


# ---------------------------------------------------------------- (a) fixtures

def _fixture_pairs() -> list[Path]:
    if not FIXTURES.is_dir():
        return []
    return sorted(p for p in FIXTURES.glob("*.json") if not p.name.endswith(".expected.json"))


@pytest.mark.parametrize("path", _fixture_pairs(), ids=lambda p: p.stem)
def test_fixture_agrees_with_reference(path):
    """Every fixture scenario (the worked examples E1–E7 and more): engine
    and reference give the same status and output, and the reference gives
    the fixture's expected output (all but the free-text message)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    status, out = compare(data, path.name)
    expected_path = path.with_name(path.stem + ".expected.json")
    assert expected_path.exists(), f"{path.name} has no .expected.json"
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    if isinstance(expected, dict) and "ok" not in expected and "output" in expected:
        expected = expected["output"]
    if expected is None:
        assert status == 2
    else:
        assert status == (0 if expected["ok"] else 1)
        assert _without_message(out) == _without_message(expected)


def test_fixtures_exist():
    """The worked examples are in the fixtures folder (one pair each at least)."""
    assert len(_fixture_pairs()) >= 7


# ---------------------------------------------------------------- (b) random games

def _random_sheets(rng: SplitMix64, players: int) -> dict:
    """Random presets for some players: rows marked with a random density
    (full rows are split, W5.1), 6-boxes empty, marked or used."""
    sheets = {}
    full_sixes = rng.below(4) == 0  # then W4.3 lets a 6 stay unmarked
    for p in range(players):
        if rng.below(3) == 0 and not full_sixes:
            continue
        sheet = {}
        for half in ("red", "blue"):
            if rng.below(4) == 0:
                continue
            density = rng.below(11)  # 0/10 .. 10/10
            sheet[half] = ["".join("x" if rng.below(10) < density else "." for _ in range(5))
                           for _ in range(5)]
        for half in ("red6", "blue6"):
            if full_sixes:
                sheet[half] = "".join("xu"[rng.below(2)] for _ in range(5))
            elif rng.below(3):
                sheet[half] = "".join(".xxu"[rng.below(4)] if rng.below(2) else "." for _ in range(5))
        sheets[str(p)] = sheet
    return sheets


def _random_entry(rng: SplitMix64, colour: str, value: int | None) -> object:
    """A well-formed marks entry, often a plausible one for the die."""
    k = rng.below(10)
    if value is not None and value <= 5 and k < 5:  # a box showing the number
        r, c = (rng.below(5), value - 1) if colour == "red" else (value - 1, rng.below(5))
        return [colour, r, c]
    if k < 6:
        return [("red", "blue")[rng.below(2)], rng.below(5), rng.below(5)]
    if k < 8:
        return [("red6", "blue6")[rng.below(2)], rng.below(5)]
    if k < 9:
        return {"skip": rng.below(5)}
    return None


def _wild_action(rng: SplitMix64, players: int, summary: dict) -> dict:
    """A random well-formed roll or take, usually illegal (W2–W6 checks)."""
    current = summary["current_player"]
    if current is None or rng.below(5) == 0:
        player = rng.below(players)
    else:
        player = current
    if rng.below(6) == 0:
        return {"type": "roll", "player": player}
    roll = summary["roll"]
    remaining = summary["remaining_dice"]
    count = 1 + rng.below(2)
    dice = []
    for _ in range(count):
        if remaining and rng.below(5):
            dice.append(remaining[rng.below(len(remaining))])
        else:
            dice.append(rng.below(2 * players + 3))
    colour = ("red", "blue")[rng.below(2)]
    marks = [_random_entry(rng, colour, roll[i] if roll else None) for i in dice]
    return {"type": "take", "player": player, "colour": colour, "dice": dice, "marks": marks}


def _near_miss(rng: SplitMix64, take: dict, summary: dict, players: int) -> dict:
    """A legal take with one thing changed: the player (W2.3), a die
    (W3.2, W3.5), one die left out (W3.4) or one marks entry (W4.1–W5.3)."""
    take = _json(take)
    k = rng.below(len(take["marks"]))
    first = 0 if take["colour"] == "red" else players + 1
    of_colour = [i for i in range(2 * players + 3) if first <= i <= first + players or i == 2 * players + 2]
    choice = rng.below(8)
    if choice == 0:  # another player
        take["player"] = (take["player"] + 1 + rng.below(players - 1)) % players
    elif choice in (1, 2):  # another die of the colour or purple, or a second one
        if choice == 1:
            pool = [i for i in of_colour if i in summary["remaining_dice"] and summary["roll"][i] == 6]
        else:
            pool = of_colour  # maybe taken already
        die = pool[rng.below(len(pool))] if pool else of_colour[0]
        if len(take["dice"]) == 1:
            take["dice"].append(die)
            take["marks"].append(_json(take["marks"][0]))
        else:
            take["dice"][k] = die
    elif choice == 3 and len(take["dice"]) == 2:  # one die of a pair alone
        take["dice"], take["marks"] = [take["dice"][k]], [take["marks"][k]]
    elif choice == 4:
        take["marks"][k] = None
    elif choice == 5:
        take["marks"][k] = {"skip": rng.below(5)}
    elif choice == 6 and len(take["marks"]) == 2:
        take["marks"][k] = _json(take["marks"][1 - k])
    else:
        take["marks"][k] = _random_entry(rng, take["colour"], None)
    return take


def _start_player(state) -> int:
    return state.summary()["start_player"]


@functools.lru_cache(maxsize=None)
def random_game(seed: int) -> dict:
    """One random game as a scenario dict: engine play with random legal
    actions (some games from random preset sheets), stopped at game over or
    after a random number of actions, sometimes with a wild action."""
    definition = get_game("wideshut")
    rng = SplitMix64(seed * 7919 + 17)
    players = 2 + rng.below(4)
    sheets = None
    if rng.below(3) == 0:
        sheets = _random_sheets(rng, players)
        start = rng.below(players)
        _, scenario = parse_scenario({"game": "wideshut", "players": players, "start_player": start,
                                      "seed": seed, "sheets": sheets, "actions": []})
        state = scenario.game()
    else:
        state = definition.new(players=players, seed=seed)
        start = _start_player(state)
    limit = 10_000 if rng.below(2) else rng.below(150)
    wild_rate = rng.below(3)  # per cent of actions that are wild
    extra: list[dict] = []

    def try_wild() -> bool:
        """Play a wild action; True (and kept in ``extra``) if illegal."""
        legal = [] if state.over else state.legal_actions()
        legal = [definition.action_to_json(a) for a in legal]
        legal = [a for a in legal if a["type"] == "take"]
        if legal and rng.below(4):
            wild = _near_miss(rng, legal[rng.below(len(legal))], state.summary(), players)
        else:
            wild = _wild_action(rng, players, state.summary())
        try:
            state.apply(definition.action_from_json(wild))
        except IllegalActionError:
            extra.append(wild)
            return True
        return False

    while not state.over and len(state.actions) < limit:
        if rng.below(100) < wild_rate:
            if try_wild():
                break
            continue
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    if not extra and rng.below(3) == 0:
        try_wild()
    data = {"game": "wideshut", "players": players, "start_player": start, "seed": seed}
    if sheets is not None:
        data["sheets"] = sheets
    data["dice"] = definition.rolls_of(state)
    data["actions"] = [definition.action_to_json(a) for a in state.actions] + extra
    return _json(data)


@pytest.mark.parametrize("block", range(GAMES // BLOCK))
def test_random_games_agree_with_reference(block):
    """Random 2–5 player games, legal and illegal endings: same status, same
    rule at the same action index, same position and scores (W1–W7)."""
    for seed in range(block * BLOCK, (block + 1) * BLOCK):
        compare(random_game(seed), f"seed {seed}")


# ---------------------------------------------------------------- (c) coverage

def test_random_games_cover_the_rules():
    """The random games reach what they must test: game over (W6.3) in a
    good share, 2 to 5 players, splits (W5.1), power-of-6 skips (W5.3),
    illegal-action endings with every rule of the check order."""
    over = illegal = with_splits = with_skips = with_presets = 0
    players_seen, rules = set(), set()
    over_by_players = {2: 0, 3: 0, 4: 0, 5: 0}
    for seed in range(GAMES):
        data = random_game(seed)
        status, out = replay_reference(data)
        assert status in (0, 1), f"seed {seed}: status {status}"
        players_seen.add(data["players"])
        with_presets += "sheets" in data
        over += out["game_over"]
        if out["game_over"]:
            over_by_players[data["players"]] += 1
        with_splits += any(p["splits"] for p in out["players"])
        applied = data["actions"] if status == 0 else data["actions"][:out["error"]["action_index"]]
        with_skips += any(isinstance(m, dict) for a in applied if a["type"] == "take" for m in a["marks"])
        if status == 1:
            illegal += 1
            rules.add(out["error"]["rule"])
    print(f"{over} over, {illegal} illegal, {with_presets} presets, {with_splits} splits, "
          f"{with_skips} skips, rules {sorted(rules)}, over by players {over_by_players}")
    assert players_seen == {2, 3, 4, 5}
    assert over >= GAMES // 4, over
    assert min(over_by_players.values()) >= 10, over_by_players
    assert with_presets >= GAMES // 5, with_presets
    assert with_splits >= GAMES // 10, with_splits
    assert with_skips >= GAMES // 10, with_skips
    assert illegal >= GAMES // 5, illegal
    assert rules >= {"W2.2", "W2.3", "W3.1", "W3.2", "W3.4", "W3.5",
                     "W4.1", "W4.2", "W4.3", "W5.3", "W6.4"}, sorted(rules)


# ---------------------------------------------------------------- edge cases

def _edge(roll: list[int], takes: list[tuple], sheets: dict | None = None, start: int = 0,
          more: list[dict] = ()) -> dict:
    """A 2-player scenario (dice: red 0–2, blue 3–5, purple 6) with one roll
    and the takes (player, colour, dice, marks)."""
    data = {"game": "wideshut", "players": 2, "start_player": start, "seed": 1, "dice": [roll],
            "actions": [{"type": "roll", "player": start}]}
    if sheets:
        data["sheets"] = sheets
    for player, colour, dice, marks in takes:
        data["actions"].append({"type": "take", "player": player, "colour": colour,
                                "dice": dice, "marks": marks})
    data["actions"] += list(more)
    return data


# red column 1 (the 2s) full but for red[1][1]; the 6 of red row 1 is marked
_LAST_TWO = {"0": {"red": ["xx...", "x.x..", "xx...", "xx...", "xx..."], "red6": ".x..."}}
_ALL_SIXES = {"0": {"red6": "xxxxx", "blue6": "uuuuu"}}
_NINE_SIXES = {"0": {"red6": "xxxxx", "blue6": "uuuu."}}
_THREE_RED = ["xxx..", "xxx..", "xxx..", "xxx..", "xxx.."]
_NEAR_THREE_BLUE = {"1": {"blue": ["xxx..", "xxx..", "xxx..", "xxx..", "xx..."]}}
_SIX = (6, 6, 6, 6, 6, 6, 6)

# name -> (scenario, exit status, rule of the error or None)
EDGES = {
    "R3 equal dice, skip then the last box": (
        _edge([2, 2, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [{"skip": 1}, ["red", 1, 1]])], _LAST_TWO), 1, "W5.3"),
    "R3 equal dice, the last box then skip": (
        _edge([2, 2, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [["red", 1, 1], {"skip": 1}])], _LAST_TWO), 1, "W5.3"),
    "R3 equal dice, skip then null": (
        _edge([2, 2, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [{"skip": 1}, None])], _LAST_TWO), 1, "W4.2"),
    "R3/W4.2 equal dice, the last box then null": (
        _edge([2, 2, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [["red", 1, 1], None])], _LAST_TWO), 0, None),
    "R3/W4.2 equal dice, null then the last box": (
        _edge([2, 2, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [None, ["red", 1, 1]])], _LAST_TWO), 0, None),
    "check order: entry of dice[0] first (W4.2 before W4.1)": (
        _edge([2, 2, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [None, ["blue", 0, 0]])]), 1, "W4.2"),
    "check order: entry of dice[0] first (W4.1 before W4.2)": (
        _edge([2, 2, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [["blue", 0, 0], None])]), 1, "W4.1"),
    "W4.1 marks[k] belongs to dice[k]": (
        _edge([2, 3, 1, 3, 4, 5, 1], [(0, "red", [1, 0], [["red", 0, 1], ["red", 0, 2]])]), 1, "W4.1"),
    "W4.1 marks[k] belongs to dice[k], legal": (
        _edge([2, 3, 1, 3, 4, 5, 1], [(0, "red", [1, 0], [["red", 0, 2], ["red", 0, 1]])]), 0, None),
    "W4.1 a low die on a 6-box": (
        _edge([2, 3, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [["red6", 0], ["red", 0, 2]])]), 1, "W4.1"),
    "W5.3 two dice, one 6": (
        _edge([2, 3, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [{"skip": 0}, {"skip": 0}])],
              {"0": {"red6": "x...."}}), 1, "W5.3"),
    "W5.3 one skip, one box": (
        _edge([2, 3, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [{"skip": 0}, ["red", 0, 2]])],
              {"0": {"red6": "x...."}}), 0, None),
    "W5.3 an empty 6": (
        _edge([2, 3, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [{"skip": 0}, ["red", 0, 2]])]), 1, "W5.3"),
    "W5.3 a 6 of the other half": (
        _edge([2, 3, 1, 3, 4, 5, 1], [(0, "red", [0, 1], [{"skip": 0}, ["red", 0, 2]])],
              {"0": {"blue6": "x...."}}), 1, "W5.3"),
    "W4.3 a 6 stays unmarked when all ten 6-boxes are marked": (
        _edge([6, 3, 1, 3, 4, 5, 1], [(0, "red", [0], [None])], _ALL_SIXES), 0, None),
    "W4.3 a 6 must mark the last empty 6-box": (
        _edge([6, 3, 1, 3, 4, 5, 1], [(0, "red", [0], [None])], _NINE_SIXES), 1, "W4.3"),
    "W4.3 a 6 marks the last empty 6-box": (
        _edge([6, 3, 1, 3, 4, 5, 1], [(0, "red", [0], [["blue6", 4]])], _NINE_SIXES), 0, None),
    "W4.3 a 6 on a number box": (
        _edge([6, 3, 1, 3, 4, 5, 1], [(0, "red", [0], [["red", 0, 5 - 1]])]), 1, "W4.3"),
    "W4.3 a 6 as a skip": (
        _edge([6, 3, 1, 3, 4, 5, 1], [(0, "red", [0], [{"skip": 0}])], {"0": {"red6": "x...."}}), 1, "W4.3"),
    "W5.2 the 6 of a split row may be marked": (
        _edge([6, 3, 1, 3, 4, 5, 1], [(0, "red", [0], [["red6", 0]])], {"0": {"red": ["xxxxx"] + ["....."] * 4}}),
        0, None),
    "W3.4 low dice of the other colour do not count": (
        _edge([3, 6, 6, 2, 2, 2, 6], [(0, "red", [0], [["red", 4, 2]])]), 0, None),
    "W3.4 the purple die counts": (
        _edge([3, 6, 6, 2, 2, 2, 1], [(0, "red", [0], [["red", 4, 2]])]), 1, "W3.4"),
    "W3.4 then the blue 2s": (
        _edge([3, 6, 6, 2, 2, 2, 6], [(0, "red", [0], [["red", 4, 2]]), (1, "blue", [3], [["blue", 1, 0]])]),
        1, "W3.4"),
    "W3.5 one die given twice": (
        _edge([3, 6, 6, 2, 2, 2, 6], [(0, "red", [0, 0], [["red", 4, 2], ["red", 3, 2]])]), 1, "W3.5"),
    "W3.5 before W3.1": (
        _edge([3, 6, 6, 2, 2, 2, 6], [(0, "red", [0], [["red", 4, 2]]), (1, "blue", [0, 3], [None, None])]),
        1, "W3.5"),
    "W2.2 a take before the roll, by another player": (
        dict(_edge(list(_SIX), []), actions=[{"type": "take", "player": 1, "colour": "red", "dice": [0],
                                               "marks": [["red6", 0]]}]), 1, "W2.2"),
    "W2.2 the other player rolls": (
        dict(_edge(list(_SIX), []), actions=[{"type": "roll", "player": 1}]), 1, "W2.2"),
    "W6.2 a preset with three complete columns triggers at the first take": (
        _edge(list(_SIX), [(0, "red", [0], [["red6", 0]])], {"1": {"red": _THREE_RED}}), 0, None),
    "W6.3 a trigger on the round's last turn ends the game at once": (
        _edge([1, 1, 1, 5, 5, 1, 1], [(0, "red", [0, 1], [["red", 0, 0], ["red", 1, 0]]),
                                      (1, "blue", [3, 4], [["blue", 4, 2], ["blue", 4, 3]])],
              _NEAR_THREE_BLUE), 0, None),
    "W6.4 nothing after the end": (
        _edge([1, 1, 1, 5, 5, 1, 1], [(0, "red", [0, 1], [["red", 0, 0], ["red", 1, 0]]),
                                      (1, "blue", [3, 4], [["blue", 4, 2], ["blue", 4, 3]])],
              _NEAR_THREE_BLUE, more=[{"type": "roll", "player": 1}]), 1, "W6.4"),
    "R7 a tie on total and splits is shared": (
        _edge(list(_SIX), [(0, "red", [0], [["red6", 0]]), (1, "red", [1], [["red6", 0]])],
              {"0": {"red": _THREE_RED}, "1": {"red": _THREE_RED}}), 0, None),
    "W2.4 the next round starts with the next player": (
        _edge(list(_SIX), [(1, "red", [0], [["red6", 0]]), (0, "blue", [3], [["blue6", 0]])], start=1), 0, None),
}


@pytest.mark.parametrize("name", sorted(EDGES))
def test_edge_cases_agree(name):
    """Hand-made corners of the rules (rule id in the name): both sides give
    the status and rule read from WIDESHUT.md, and the same output."""
    data, status, rule = EDGES[name]
    got_status, out = compare(data, name)
    assert got_status == status
    assert (out["error"] or {}).get("rule") == rule


def test_edge_case_positions():
    """A few numbers of the edge cases read directly from WIDESHUT.md."""
    out = replay_reference(EDGES["W6.2 a preset with three complete columns triggers at the first take"][0])[1]
    assert out["end_triggered"] and not out["game_over"] and out["current_player"] == 1
    out = replay_reference(EDGES["W6.3 a trigger on the round's last turn ends the game at once"][0])[1]
    assert out["phase"] == "over" and out["round"] == 1 and out["remaining_dice"] == [2, 5, 6]
    out = replay_reference(EDGES["R7 a tie on total and splits is shared"][0])[1]
    assert out["winners"] == [0, 1]
    out = replay_reference(EDGES["W2.4 the next round starts with the next player"][0])[1]
    assert (out["round"], out["start_player"], out["phase"], out["roll"]) == (2, 0, "roll", None)
    out = replay_reference(EDGES["W5.2 the 6 of a split row may be marked"][0])[1]
    assert out["players"][0]["red"]["sixes"] == "x...." and out["players"][0]["red"]["split_rows"] == [0]


# ---------------------------------------------------------------- legal actions

def _normal(action: dict) -> tuple:
    """An action as data, the order of a take's dice left out."""
    if action["type"] == "roll":
        return ("roll", action["player"])
    pairs = frozenset((d, json.dumps(m)) for d, m in zip(action["dice"], action["marks"]))
    return ("take", action["player"], action["colour"], pairs)


def _reference_legal(game) -> set:
    """Every legal action by brute force over the reference's checks: the
    start player's roll, or each colour, one or two untaken dice and every
    entry that could be legal for each (W4.1 boxes, W4.3 6-boxes, W5.3
    skips, null)."""
    if game.phase == "over":
        return set()
    if game.phase == "roll":
        return {("roll", game.start_player)}
    found = set()
    remaining = sorted(game.remaining)
    choices = [[i] for i in remaining] + [[i, j] for i in remaining for j in remaining if i < j]
    for colour in ("red", "blue"):
        for dice in choices:
            base = {"type": "take", "player": game.current, "colour": colour, "dice": dice,
                    "marks": [None] * len(dice)}
            try:
                game.check_take(base)
            except reference.Illegal as exc:
                if exc.rule.startswith(("W2", "W3")):
                    continue
            options = []
            for i in dice:
                value = game.roll[i]
                entries = [None] + [[h, r] for h in ("red6", "blue6") for r in range(5)]
                if value <= 5:
                    entries += [{"skip": r} for r in range(5)]
                    entries += [[colour, r, c] for r in range(5) for c in range(5)
                                if reference.Sheet.number(colour, r, c) == value]
                options.append(entries)
            for marks in itertools.product(*options):
                action = dict(base, marks=list(marks))
                try:
                    game.check_take(action)
                except reference.Illegal:
                    continue
                found.add(_normal(action))
    return found


def test_legal_actions_agree_with_reference():
    """At 80 positions of the random games the engine's legal_actions() are
    exactly the actions the reference accepts (W2–W5, every take order)."""
    definition = get_game("wideshut")
    rng = SplitMix64(4242)
    for seed in range(0, GAMES, GAMES // 80 + 1):
        data = random_game(seed)
        status, out = replay_reference(data)
        legal_count = len(data["actions"]) if status == 0 else out["error"]["action_index"]
        prefix = dict(data, actions=data["actions"][:rng.below(legal_count + 1)])
        game = reference.Game(prefix)
        for action in prefix["actions"]:
            game.act(_json(action))
        _, scenario = parse_scenario(copy.deepcopy(prefix))
        state, _ = replay_scenario(definition, scenario)
        engine = [_normal(_json(definition.action_to_json(a))) for a in state.legal_actions()]
        assert len(engine) == len(set(engine)), f"seed {seed}: an action listed twice"
        expected = _reference_legal(game)
        assert set(engine) == expected, (
            f"seed {seed}: engine only {sorted(map(str, set(engine) - expected))[:5]}, "
            f"reference only {sorted(map(str, expected - set(engine)))[:5]}, "
            f"scenario {json.dumps(prefix)}")


# ---------------------------------------------------------------- (d) invalid files

def _base() -> dict:
    """E1 of WIDESHUT.md plus a preset, a legal file."""
    return {"game": "wideshut", "players": 3, "start_player": 0, "seed": 7,
            "sheets": {"1": {"blue": ["x....", ".....", ".....", ".....", "....."], "blue6": "u...."}},
            "dice": [[3, 1, 6, 2, 6, 4, 4, 1, 5]],
            "actions": [{"type": "roll", "player": 0},
                        {"type": "take", "player": 0, "colour": "red", "dice": [0, 8],
                         "marks": [["red", 0, 2], ["red", 0, 4]]},
                        {"type": "take", "player": 1, "colour": "blue", "dice": [4],
                         "marks": [["red6", 0]]}]}


INVALID = {
    "unknown game": _set(["game"], "wideshut2"),
    "players 1": _set(["players"], 1),
    "players 6": _set(["players"], 6),
    "players a string": _set(["players"], "3"),
    "start_player = players": _set(["start_player"], 3),
    "start_player -1": _set(["start_player"], -1),
    "roll too short": _set(["dice", 0], [3, 1, 6, 2, 6, 4, 4, 1]),
    "roll too long": _set(["dice", 0], [3, 1, 6, 2, 6, 4, 4, 1, 5, 5]),
    "roll value 0": _set(["dice", 0, 3], 0),
    "roll value 7": _set(["dice", 0, 8], 7),
    "preset row too short": _set(["sheets", "1", "blue", 2], "...."),
    "preset row bad character": _set(["sheets", "1", "blue", 2], "..u.."),
    "preset four rows": _set(["sheets", "1", "blue"], [".....", ".....", ".....", "....."]),
    "preset sixes bad character": _set(["sheets", "1", "blue6"], "y...."),
    "preset sixes too long": _set(["sheets", "1", "blue6"], "......"),
    "unknown action type": _set(["actions", 1, "type"], "pass"),
    "missing player": _drop(["actions", 1, "player"]),
    "player out of range": _set(["actions", 1, "player"], 3),
    "roll player out of range": _set(["actions", 0, "player"], -1),
    "colour green": _set(["actions", 1, "colour"], "green"),
    "missing colour": _drop(["actions", 1, "colour"]),
    "dice empty": _set(["actions", 1, "dice"], []),
    "three dice": _set(["actions", 1, "dice"], [0, 1, 8]),
    "die index 2P+3": _set(["actions", 1, "dice", 1], 9),
    "die index -1": _set(["actions", 1, "dice", 0], -1),
    "marks shorter than dice": _set(["actions", 1, "marks"], [["red", 0, 2]]),
    "missing marks": _drop(["actions", 1, "marks"]),
    "row 5": _set(["actions", 1, "marks", 0], ["red", 5, 2]),
    "column 5": _set(["actions", 1, "marks", 0], ["red", 0, 5]),
    "entry half green": _set(["actions", 1, "marks", 0], ["green", 0, 2]),
    "6-box entry without row": _set(["actions", 2, "marks", 0], ["red6"]),
    "6-box row 5": _set(["actions", 2, "marks", 0], ["blue6", 5]),
    "skip row 5": _set(["actions", 1, "marks", 0], {"skip": 5}),
    "entry a string": _set(["actions", 1, "marks", 1], "red"),
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_files_agree(name):
    """WIDESHUT.md's invalid-file list: exit 2 on both sides, even when the
    bad part comes after an illegal action."""
    data = _base()
    assert compare(data, "base")[0] == 0
    INVALID[name](data)
    assert compare(data, name)[0] == 2
    late = _base()
    INVALID[name](late)
    late["actions"].insert(0, {"type": "take", "player": 0, "colour": "red",  # illegal (W2.2)
                               "dice": [0], "marks": [None]})
    assert compare(late, name + " after an illegal action")[0] == 2
