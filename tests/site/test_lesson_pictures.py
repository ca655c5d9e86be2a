"""The pictures of Diceland's lessons (site/diceland_site/pictures.py and
board_pictures.py): one per step, drawn from the draw lists of the board the
live embed shows there (the same seat, the same crosses), and the manifest
that embed-picture.js reads."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from diceland_site.i18n import LANGUAGES
from diceland_site.lesson_session import LessonSession
from diceland_site.lessons import LessonScript
from diceland_site.pictures import DRAWERS, MANIFEST, START, lesson_pictures, start_pictures

TUTORIAL = Path(__file__).resolve().parents[2] / "site" / "tutorial" / "diceland"
INDEX = json.loads((TUTORIAL / "index.json").read_text(encoding="utf-8"))
LESSONS = {e["id"]: json.loads((TUTORIAL / e["file"]).read_text(encoding="utf-8")) for e in INDEX}
#: a crossed cell on the live canvas: a dark cross with a white halo (draw.frame_ops)
CROSS = re.compile(r'<path d="[^"]+" fill="#141414" stroke="#ffffff"')


@pytest.fixture(scope="module")
def built() -> tuple[dict, dict[str, bytes]]:
    files = lesson_pictures({"diceland": (INDEX, LESSONS)})
    return json.loads(files[MANIFEST])["lessons"], files


def test_every_step_of_every_lesson_has_the_picture_of_the_live_boards_seat(built):
    manifest, files = built
    assert list(manifest) == sorted(e["id"] for e in INDEX)
    for entry in INDEX:
        lesson = manifest[entry["id"]]
        script = LessonScript(LESSONS[entry["id"]], "diceland", entry["id"])
        assert (lesson["game"], lesson["folder"], lesson["file"]) == ("diceland", "tutorial/diceland", entry["file"])
        assert (lesson["start"], lesson["last"], lesson["players"]) == (1, script.last, script.players)
        assert len(lesson["steps"]) == script.last + 1  # one picture a step, for every language
        for step, picture in enumerate(lesson["steps"]):
            for lang in LANGUAGES:
                session = LessonSession(script, lang, step)
                assert picture["seat"] == session.state()["seat"], (entry["id"], step, lang)
            seat = picture["seat"]
            assert picture["name"] == script.custom_names[seat]
            svg = files[picture["src"]].decode("utf-8")
            assert svg.startswith("<?xml") and f"<title>{picture['name']}</title>" in svg
            crossed = session.board.state.sheets[seat].crossed_cells()
            assert len(CROSS.findall(svg)) == len(crossed) > 0, (entry["id"], step)


def test_steps_that_look_alike_share_one_file_and_every_file_is_named(built):
    manifest, files = built
    named = {p["src"] for lesson in manifest.values() for p in lesson["steps"]}
    assert named == {f for f in files if not f.startswith("pictures/start/")} - {MANIFEST}
    steps = sum(len(lesson["steps"]) for lesson in manifest.values())
    assert len(named) < steps  # a step that only rolls dice draws the same board
    for src in named:
        assert re.fullmatch(r"pictures/diceland-[a-z0-9-]+/[0-9a-f]{12}\.svg", src)


def test_a_game_without_a_drawing_function_gets_no_pictures():
    assert set(DRAWERS) == {"diceland", "clever", "wideshut"}
    entry = {"id": "one", "file": "01-one.json"}
    files = lesson_pictures({"no-such-game": ([entry], {"one": {"title": "x"}})})
    assert json.loads(files[MANIFEST])["lessons"] == {
        "no-such-game/one": {"game": "no-such-game", "folder": "tutorial/no-such-game", "file": "01-one.json"}}
    assert [f for f in files if not f.startswith("pictures/start/")] == [MANIFEST]


def test_each_game_has_a_new_sheet_in_each_language_for_the_boot_screen():
    files = start_pictures()
    assert set(files) == {START.format(game=g, lang=lang) for g in DRAWERS for lang in LANGUAGES}
    for name, svg in files.items():
        text = svg.decode("utf-8")
        assert text.startswith("<?xml") and "<svg" in text, name
    # the sheet's printed words are in the reader's language
    assert files[START.format(game="clever", lang="es")] != files[START.format(game="clever", lang="en")]


def test_a_broken_lesson_or_an_unsafe_id_stops_the_build_naming_it():
    broken = copy.deepcopy(LESSONS["overshoot"])
    broken["actions"] = broken["actions"][:1] + [{"type": "choose", "colour": "green"}]
    with pytest.raises(ValueError, match="lesson overshoot: "):
        lesson_pictures({"diceland": ([{"id": "overshoot", "file": "04-overshoot.json"}], {"overshoot": broken})})
    with pytest.raises(ValueError, match="cannot name a picture folder"):
        lesson_pictures({"diceland": ([{"id": "../x", "file": "x.json"}], {"../x": LESSONS["overshoot"]})})
