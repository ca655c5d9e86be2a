"""The pictures of the shipped lessons (site/diceland_site/pictures.py): one
per step, of the board the live embed shows there, and the manifest that
embed-picture.js reads."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from diceland_site.games.diceland.lesson import EmbedSession, Script
from diceland_site.pictures import DRAWERS, MANIFEST, lesson_pictures

TUTORIAL = Path(__file__).resolve().parents[2] / "site" / "tutorial" / "diceland"
INDEX = json.loads((TUTORIAL / "index.json").read_text(encoding="utf-8"))
LESSONS = {e["id"]: json.loads((TUTORIAL / e["file"]).read_text(encoding="utf-8")) for e in INDEX}
CROSS = re.compile(r'class="cross" data-row="(\d+)" data-col="(\d+)"')


@pytest.fixture(scope="module")
def built() -> tuple[dict, dict[str, bytes]]:
    files = lesson_pictures({"diceland": (INDEX, LESSONS)})
    return json.loads(files[MANIFEST])["lessons"], files


def test_every_step_of_every_lesson_has_the_picture_of_the_live_boards_seat(built):
    manifest, files = built
    assert list(manifest) == sorted(e["id"] for e in INDEX)
    for entry in INDEX:
        lesson = manifest[entry["id"]]
        script = Script(LESSONS[entry["id"]], entry["id"])
        assert lesson["game"] == "diceland" and lesson["file"] == entry["file"]
        assert (lesson["start"], lesson["last"], lesson["players"]) == (1, script.last, script.players)
        assert len(lesson["steps"]) == script.last + 1
        for step, picture in enumerate(lesson["steps"]):
            session = EmbedSession(script, "en", step)
            assert picture["seat"] == session.shown_player(), (entry["id"], step)
            assert picture["name"] == script.custom_names[picture["seat"]]
            svg = files[picture["src"]].decode("utf-8")
            assert svg.startswith("<?xml") and f">{picture['name']}</text>" in svg
            sheet = session.game.sheets[picture["seat"]]
            board = session.game.boards[picture["seat"]]
            start = board.coords(board.start)
            drawn = {(int(r), int(c)) for r, c in CROSS.findall(svg)}
            assert drawn == {tuple(cell) for cell in sheet.crossed_cells()} - {start}, (entry["id"], step)


def test_steps_that_look_alike_share_one_file_and_every_file_is_named(built):
    manifest, files = built
    named = {p["src"] for lesson in manifest.values() for p in lesson["steps"]}
    assert named == set(files) - {MANIFEST}
    steps = sum(len(lesson["steps"]) for lesson in manifest.values())
    assert len(named) < steps  # a step that only rolls dice draws the same board
    for src in named:
        assert re.fullmatch(r"pictures/[a-z0-9-]+/[0-9a-f]{12}\.svg", src)


def test_a_game_without_a_drawing_function_gets_no_pictures():
    entry = {"id": "one", "file": "01-one.json"}
    files = lesson_pictures({"no-such-game": ([entry], {"one": {"title": "x"}})})
    assert json.loads(files[MANIFEST])["lessons"] == {
        "no-such-game/one": {"game": "no-such-game", "folder": "tutorial/no-such-game", "file": "01-one.json"}}
    assert list(files) == [MANIFEST]


def test_a_broken_lesson_or_an_unsafe_id_stops_the_build_naming_it():
    broken = copy.deepcopy(LESSONS["overshoot"])
    broken["actions"] = broken["actions"][:1] + [{"type": "choose", "colour": "green"}]
    with pytest.raises(ValueError, match="lesson overshoot: "):
        lesson_pictures({"diceland": ([{"id": "overshoot", "file": "04-overshoot.json"}], {"overshoot": broken})})
    with pytest.raises(ValueError, match="cannot name a picture folder"):
        lesson_pictures({"diceland": ([{"id": "../x", "file": "x.json"}], {"../x": LESSONS["overshoot"]})})


def test_pictures_keep_a_tenth_of_a_pixel_and_never_touch_text():
    from diceland_site.games.diceland.pictures import tenths
    svg = '<text x="15.63" font-size="22.1">v1.25 María</text><path d="M1.234 5.678 L10 2.25"/>'
    assert tenths(svg) == '<text x="15.6" font-size="22.1">v1.25 María</text><path d="M1.2 5.6 L10 2.2"/>'
