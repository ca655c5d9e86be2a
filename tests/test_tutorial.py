"""The tutorial lessons in site/tutorial/: the rulebook's examples as
scenario files (FORMATS.md) with texts in three languages and a "try" move.

Each lesson replays, its texts exist in en/es/it, its try move is legal at
its step and the typical wrong moves are rejected with the rule id they name
(RULES.md), the crossed set-up positions could arise in a real game (D2.1,
D2.2), and together the lessons cover the rules they promise."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from diceland_core.games.diceland.scenario import load_scenario, replay_scenario
from diceland_core.games.diceland.actions import Choose, Pass, Place, action_from_json, action_to_json
from diceland_core.games.diceland.colours import COLOURS
from diceland_core.core.errors import IllegalActionError
from diceland_core.games.diceland.game import Phase
from diceland_core.games.diceland.scenario import parse_scenario
from diceland_core.games.diceland.sheet import Sheet

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "site" / "tutorial" / "diceland"
INDEX = TUTORIAL / "index.json"
LESSONS = sorted(p for p in TUTORIAL.glob("*.json") if p.name != "index.json")
LANGS = ("en", "es", "it")
NAMES = ["María", "Manuel", "Antonio", "Carmen"]
RULE_ID = re.compile(r"\bD\d+(?:\.\d+)?\b")

# The rules each lesson is there to teach (RULES.md ids), in index order.
PROMISED = {
    "open-zones": {"D2.1", "D2.2"},
    "phase-1": {"D3.2", "D3.3", "D3.4", "D3.5", "D3.6"},
    "phase-2": {"D4.1", "D4.2", "D2.3"},
    "overshoot": {"D2.4"},
    "bonus-rolls": {"D5.1", "D5.2", "D5.3", "D5.4"},
    "colour-complete": {"D6.6"},
    "winning": {"D6.1"},
    "two-winners": {"D6.2"},
    "bonus-win": {"D6.3"},
}


def data(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def texts(lesson: dict):
    """Every translated text of a lesson: (where, {lang: text})."""
    yield "title", lesson["title"]
    yield "explain", lesson["explain"]
    for i, step in enumerate(lesson.get("steps", [])):
        yield f"steps[{i}].caption", step["caption"]
    yield "try.prompt", lesson["try"]["prompt"]
    for i, wrong in enumerate(lesson["try"]["wrong"]):
        if "why" in wrong or wrong["rule"] is None:
            yield f"try.wrong[{i}].why", wrong["why"]


def try_position(path: Path):
    scenario = load_scenario(path)
    step = data(path)["try"]["step"]
    game, result = replay_scenario(scenario, steps=step)
    assert result["ok"], result["error"]
    return game


def rejection(game, action) -> str | None:
    """The rule id the engine names when refusing ``action``, None if legal."""
    probe = game.copy()
    try:
        probe.apply(action)
    except IllegalActionError as exc:
        assert not game.is_legal(action)
        return exc.rule
    assert game.is_legal(action)
    return None


def kind(game, action) -> tuple:
    """What "any_legal_of_kind" compares: the action type, the player and,
    for a placement, the colour of its cells."""
    if isinstance(action, Place):
        board = game.boards[action.player]
        return ("place", action.player, board.colour_at(*action.cells[0]))
    if isinstance(action, Pass):
        return ("pass", action.player)
    if isinstance(action, Choose):
        return ("choose", action.colour)
    return (action.type,)


def accepted(game, lesson: dict, action) -> bool:
    """Would the tutorial accept ``action`` as the try move?"""
    spec = lesson["try"]
    expect = [action_from_json(a) for a in spec["expect"]]
    if spec["accept"] == "exact":
        return action in expect
    return game.is_legal(action) and kind(game, action) in {kind(game, a) for a in expect}


# -- the files -------------------------------------------------------------------

def test_there_are_nine_lessons_in_the_promised_order():
    index = data(INDEX)
    assert [entry["id"] for entry in index] == list(PROMISED)


def test_the_index_lists_every_lesson_file_exactly_once():
    index = data(INDEX)
    files = [entry["file"] for entry in index]
    assert sorted(files) == sorted(p.name for p in LESSONS)
    assert len(set(files)) == len(files)
    assert len({entry["id"] for entry in index}) == len(index)
    for entry in index:
        assert set(entry) == {"id", "file"}
        assert (TUTORIAL / entry["file"]).is_file()


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_parses_and_replays(path: Path):
    scenario = parse_scenario(data(path))
    game, result = replay_scenario(scenario)
    assert result["ok"], result["error"]
    assert len(game.actions) == len(scenario.actions)


def test_the_replay_command_accepts_every_lesson():
    done = subprocess.run(
        [sys.executable, "-m", "diceland_core", "replay", *map(str, LESSONS)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(LESSONS)
    assert all(json.loads(line)["ok"] for line in lines)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_uses_a_shipped_board_and_the_rulebook_characters(path: Path):
    lesson = data(path)
    assert lesson.get("board") in {"A", "B", "C", "D", "E", "F", "G", "H"} or all(
        isinstance(b, str) for b in lesson["boards"])
    assert lesson["names"] == NAMES[: lesson["players"]]


# -- the texts -------------------------------------------------------------------

@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_text_is_in_three_different_languages(path: Path):
    lesson = data(path)
    for where, text in texts(lesson):
        assert set(text) == set(LANGS), where
        for lang in LANGS:
            assert isinstance(text[lang], str) and text[lang].strip(), (where, lang)
        assert len({text[lang].strip() for lang in LANGS}) == len(LANGS), where


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_language_cites_the_same_rules(path: Path):
    for where, text in texts(data(path)):
        ids = {lang: set(RULE_ID.findall(text[lang])) for lang in LANGS}
        assert ids["es"] == ids["en"] == ids["it"], where


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_captions_follow_the_script(path: Path):
    lesson = data(path)
    afters = [step["after"] for step in lesson.get("steps", [])]
    assert afters == sorted(set(afters))
    assert all(1 <= n <= len(lesson["actions"]) for n in afters)


def test_the_lessons_cover_the_promised_rules():
    """RULES.md ids named in the English explanations (and captions)."""
    for entry in data(INDEX):
        lesson = data(TUTORIAL / entry["file"])
        english = " ".join(text["en"] for where, text in texts(lesson) if where != "try.prompt")
        missing = PROMISED[entry["id"]] - set(RULE_ID.findall(english))
        assert not missing, (entry["id"], missing)
    everything = set().union(*PROMISED.values())
    for rule in ("D2.2", "D2.4", "D3.5", "D4.2", "D5.4", "D6.1", "D6.2", "D6.3"):
        assert rule in everything


def test_every_cited_rule_exists():
    rules_md = ROOT / "docs" / "rules" / "RULES.md"
    rules = set(re.findall(r"\*\*(D\d+\.\d+a?)\b", rules_md.read_text(encoding="utf-8")))
    assert {"D2.4", "D6.3"} <= rules
    for path in LESSONS:
        for where, text in texts(data(path)):
            for rule in RULE_ID.findall(text["en"]):
                assert rule in rules, (path.name, where, rule)
        for wrong in data(path)["try"]["wrong"]:
            assert wrong["rule"] is None or wrong["rule"] in rules


# -- the try move ------------------------------------------------------------------

@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_try_moves_are_legal_at_the_try_step(path: Path):
    lesson = data(path)
    spec = lesson["try"]
    assert spec["accept"] in ("exact", "any_legal_of_kind")
    assert 0 <= spec["step"] < len(lesson["actions"])
    assert spec["expect"]
    game = try_position(path)
    assert not game.over
    for item in spec["expect"]:
        action = action_from_json(item)
        assert game.is_legal(action), item
        assert action_to_json(action) == item or isinstance(action, Place)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_the_script_plays_an_accepted_try_move(path: Path):
    """The lesson goes on from the move it asks for."""
    lesson = data(path)
    game = try_position(path)
    played = action_from_json(lesson["actions"][lesson["try"]["step"]])
    assert accepted(game, lesson, played)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_wrong_moves_are_rejected_with_their_rule(path: Path):
    lesson = data(path)
    game = try_position(path)
    wrongs = lesson["try"]["wrong"]
    assert wrongs
    assert any(w["rule"] is not None for w in wrongs)
    for wrong in wrongs:
        action = action_from_json(wrong["action"])
        assert rejection(game, action) == wrong["rule"], wrong
        assert not accepted(game, lesson, action), wrong
        if wrong["rule"] is None:
            assert set(wrong["why"]) == set(LANGS)


def test_the_overshoot_lesson_leaves_only_a_pass():
    """D2.4: three red dice, two free cells in the open red zone."""
    path = TUTORIAL / "04-overshoot.json"
    game = try_position(path)
    assert [action_to_json(a) for a in game.legal_actions(0)] == [{"type": "pass", "player": 0}]


def test_the_bonus_lesson_chains_and_goes_clockwise():
    """D5.2 Antonio (after the active Manuel) rolls before María; D5.4 his
    second bonus cell gives him another roll at once."""
    path = TUTORIAL / "05-bonus-rolls.json"
    scenario = load_scenario(path)
    rollers = []
    for n in range(len(scenario.actions) + 1):
        game, result = replay_scenario(scenario, steps=n)
        assert result["ok"]
        if game.phase is Phase.BONUS:
            rollers.append(game.bonus_player)
    assert rollers == [2, 2, 0]


def test_the_winning_lessons_end_as_the_rules_say():
    outcomes = {}
    for name in ("07-winning", "08-two-winners", "09-bonus-win"):
        game, result = replay_scenario(load_scenario(TUTORIAL / f"{name}.json"))
        outcomes[name] = (result["game_over"], result["winners"], game.phase)
        winners = result["winners"]
        for p in winners:
            sheet = game.sheets[p]
            assert sheet.stars >= 9 and sheet.completed_colours()  # D6.1
    assert outcomes["07-winning"][:2] == (True, [0])
    assert outcomes["08-two-winners"][:2] == (True, [0, 2])  # D6.2
    assert outcomes["09-bonus-win"][:2] == (True, [2])  # D6.3: María never rolls
    game, _ = replay_scenario(load_scenario(TUTORIAL / "09-bonus-win.json"))
    assert game.sheets[0].stars >= 9 and not game.sheets[0].completed_colours()


def test_the_colour_lesson_completes_blue():
    """D6.6: the placement completes the colour and the game says so."""
    path = TUTORIAL / "06-colour-complete.json"
    lesson = data(path)
    game = try_position(path)
    events = game.apply(action_from_json(lesson["try"]["expect"][0]))
    completed = [e for e in events if type(e).__name__ == "ColourCompleted"]
    assert [(e.player, e.colour.key) for e in completed] == [(1, "blue")]


# -- the set-up positions ----------------------------------------------------------

@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_crossed_positions_could_arise_in_a_game(path: Path):
    """D2.1: every crossed cell is connected to the start cell through
    crossed cells; D2.2: at most one open zone per colour."""
    scenario = load_scenario(path)
    for p, (board, mask) in enumerate(zip(scenario.setup.boards, scenario.setup.crossed)):
        sheet = Sheet(board, mask)
        cells = set(sheet.crossed_cells())
        seen, todo = {board.start_cell}, [board.start_cell]
        while todo:
            r, c = todo.pop()
            for cell in cells - seen:
                if cell in _neighbours(r, c):
                    seen.add(cell)
                    todo.append(cell)
        assert seen == cells, (path.name, p, sorted(cells - seen))
        for colour in COLOURS:
            assert len(sheet.open_zones(colour)) <= 1, (path.name, p, colour)
        assert sheet.stars < 9 or not sheet.completed_colours()  # nobody has won before the script


def _neighbours(r: int, c: int) -> set[tuple[int, int]]:
    """RULES.md D1.3 hex neighbours (odd rows shifted right)."""
    up = (c - 1, c) if r % 2 == 0 else (c, c + 1)
    return {(r, c - 1), (r, c + 1), (r - 1, up[0]), (r - 1, up[1]), (r + 1, up[0]), (r + 1, up[1])}
