"""The pictures of every game's lessons (site/diceland_site/board_pictures.py
through diceland_site.pictures): every
step in every language, the canvas the live embed draws there, and the
manifest entries embed-picture.js reads."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from diceland_site.board_pictures import CSS_WIDTH
from diceland_site.i18n import LANGUAGES
from diceland_site.lesson_session import LessonSession
from diceland_site.lessons import LESSON_GAMES, LessonScript, lesson_key
from diceland_site.pictures import MANIFEST, lesson_pictures
from diceland_site.svg import ops_to_svg

TUTORIAL = Path(__file__).resolve().parents[3] / "site" / "tutorial"
GAMES = LESSON_GAMES
NS = "{http://www.w3.org/2000/svg}"


def read(game: str) -> tuple[list, dict]:
    index = json.loads((TUTORIAL / game / "index.json").read_text(encoding="utf-8"))
    return index, {e["id"]: json.loads((TUTORIAL / game / e["file"]).read_text(encoding="utf-8")) for e in index}


SOURCES = {game: read(game) for game in GAMES}


@pytest.fixture(scope="module")
def built() -> tuple[dict, dict[str, bytes]]:
    files = lesson_pictures(SOURCES)
    return json.loads(files[MANIFEST])["lessons"], files


def lessons():
    for game, (index, data) in SOURCES.items():
        for entry in index:
            yield game, entry, LessonScript(data[entry["id"]], game, entry["id"])


def test_every_step_of_every_lesson_in_every_language_is_the_live_canvas(built):
    manifest, files = built
    assert set(manifest) == {lesson_key(game, entry["id"]) for game, entry, _ in lessons()}
    for game, entry, script in lessons():
        item = manifest[lesson_key(game, entry["id"])]
        assert {k: item[k] for k in ("game", "folder", "file", "start", "last", "players")} == {
            "game": game, "folder": f"tutorial/{game}", "file": entry["file"],
            "start": script.check_view(None), "last": script.last, "players": script.players}
        # Diceland's pictures hold no words: one list serves every language
        by_language = isinstance(item["steps"], dict)
        assert by_language == (game != "diceland")
        for lang in LANGUAGES:
            steps = item["steps"][lang] if by_language else item["steps"]
            assert len(steps) == script.last + 1, (entry["id"], lang)
            session = LessonSession(script, lang)
            for step, picture in enumerate(steps):
                assert re.fullmatch(rf"pictures/{game}-{entry['id']}/[0-9a-f]{{12}}\.svg", picture["src"])
                session.goto(step)
                board = session.board
                layout = board.layout(CSS_WIDTH, 1.0)
                svg = files[picture["src"]].decode("utf-8")
                scale = getattr(layout, "scale", 1.0)  # Diceland draws in CSS pixels
                title = board.picture_title() if game == "diceland" else board.board_label()
                assert svg == ops_to_svg(board.static_ops() + board.frame_ops(), layout.css_width / scale,
                                         layout.css_height / scale, CSS_WIDTH, title)
                assert (picture["seat"], picture["name"]) == (board.shown_seat(), session.names[board.shown_seat()])
                root = ET.fromstring(files[picture["src"]])
                assert root.tag == NS + "svg" and root.get("width") == "480"
                assert root.find(NS + "title").text == title


def test_the_sheet_is_drawn_in_the_readers_language(built):
    manifest, files = built
    words = {"en": "Yellow", "es": "Amarillo", "it": "Giallo"}
    for lang, word in words.items():
        svg = files[manifest["clever/areas"]["steps"][lang][0]["src"]].decode("utf-8")
        assert f">{word}</text>" in svg, lang
    halves = {"en": "Red half", "es": "Mitad roja", "it": "Metà rossa"}
    for lang, word in halves.items():
        svg = files[manifest["wideshut/split"]["steps"][lang][0]["src"]].decode("utf-8")
        assert word in svg, lang


def crosses(svg: bytes) -> int:
    """The boxes crossed on a Dice Wide Shut picture (two strokes 4 wide each)."""
    return sum(1 for line in ET.fromstring(svg).iter(NS + "line") if line.get("stroke-width") == "4") // 2


def test_a_box_crossed_by_a_step_is_on_that_steps_picture(built):
    manifest, files = built
    grew = []
    for game, entry, script in lessons():
        if game != "wideshut":
            continue
        steps = manifest[f"wideshut/{entry['id']}"]["steps"]["en"]
        for step, picture in enumerate(steps):
            state = script.game_at(step)
            session = LessonSession(script, "en", step)
            sheet = state.sheets[session.board.shown_seat()]
            marked = sum(bin(m).count("1") + bin(six & ~used).count("1")
                         for m, six, used in zip(sheet.marks, sheet.six, sheet.used))
            assert crosses(files[picture["src"]]) == marked, (entry["id"], step)
        counts = [crosses(files[p["src"]]) for p in steps]
        grew += [entry["id"]] if counts[0] < max(counts) else []
    assert len(grew) >= 2, grew  # the lessons cross boxes, and the pictures show it


def test_a_clever_step_that_enters_a_die_changes_the_picture(built):
    manifest, files = built
    steps = manifest["clever/turn-and-platter"]["steps"]["en"]
    first, after = (ET.fromstring(files[steps[n]["src"]]) for n in (0, 1))
    # Lucas enters the purple 3 in the first step: his purple score is on the sheet
    assert first.find(NS + "title").text != after.find(NS + "title").text
    assert "purple 3" in after.find(NS + "title").text


def test_a_broken_game_lesson_stops_the_build_naming_it():
    index, data = SOURCES["clever"]
    broken = dict(data["areas"], actions=[{"type": "nonsense"}])
    with pytest.raises(ValueError, match="lesson clever/areas: "):
        lesson_pictures({"clever": ([index[1]], {"areas": broken})})
