"""The lessons of every game (site/tutorial/**): each replays through the
engine, each try's expected answer is legal and accepted, each wrong answer
is refused with the engine's reason in plain words (the rule behind
"details"), every text exists in en/es/it, and the lesson session of the
new games (diceland_site.lessons) steps, tries and solves through the same
inputs the page forwards (dice, targets, buttons)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from diceland_core.core.errors import IllegalActionError
from diceland_core.core.replay import parse_scenario, play
from diceland_site.teaching import EmbedError, lesson_file
from diceland_site.i18n import LANGUAGES
from diceland_site.lesson_session import LessonSession
from diceland_site.lessons import (
    LESSON_GAMES, LessonScript, embed_src, judge, lesson_folder, lesson_key, parse_game,
    tutorial_entries, tutorial_lesson,
)

SITE = Path(__file__).resolve().parents[2] / "site"
INDEXES = {g: json.loads((SITE / lesson_folder(g) / "index.json").read_text(encoding="utf-8")) for g in LESSON_GAMES}
ENTRIES = tutorial_entries(INDEXES)
NEW = [e for e in ENTRIES if e["game"] != "diceland"]
RULE_ID = re.compile(r"\b[CDW]\d+\.\d+")


def data_of(entry) -> dict:
    return json.loads((SITE / entry["path"]).read_text(encoding="utf-8"))


def script_of(entry) -> LessonScript:
    return LessonScript(data_of(entry), entry["game"], entry["lesson"])


def test_every_game_has_lessons_and_keys_are_unique():
    assert {e["game"] for e in ENTRIES} == set(LESSON_GAMES)
    assert len(INDEXES["clever"]) >= 5 and len(INDEXES["wideshut"]) >= 4
    keys = [e["key"] for e in ENTRIES]
    assert len(keys) == len(set(keys))
    # Diceland's progress ids and links are as they always were
    diceland = [e for e in ENTRIES if e["game"] == "diceland"]
    assert [e["key"] for e in diceland] == [e["id"] for e in INDEXES["diceland"]]
    assert embed_src(diceland[0], "es", 1) == f"embed.html?scenario={diceland[0]['lesson']}&lang=es&step=1"
    assert embed_src(NEW[0], "it", None) == f"embed.html?game={NEW[0]['game']}&scenario={NEW[0]['lesson']}&lang=it"


def test_diceland_lessons_live_in_their_games_folder_and_old_links_still_open_them():
    folder = SITE / "tutorial"
    assert sorted(p.name for p in folder.iterdir() if p.is_dir()) == sorted(LESSON_GAMES)
    assert not list(folder.glob("*.json")), "every game's lessons are in tutorial/<game>/"
    diceland = [e for e in ENTRIES if e["game"] == "diceland"]
    assert diceland[3]["path"] == "tutorial/diceland/04-overshoot.json"
    keys = [e["key"] for e in ENTRIES]
    # tutorial.html?lesson=…: the bare id (old links, stored progress), or with its game
    for old in ("overshoot", "diceland/overshoot", " Overshoot "):
        assert tutorial_lesson(old, keys) == "overshoot", old
    assert tutorial_lesson("clever/extra", keys) == "clever/extra"
    assert tutorial_lesson("extra", keys) is None and tutorial_lesson(None, keys) is None
    # embed.html?scenario=…: by id, file name or file stem, with or without game=diceland
    for old in ("overshoot", "04-overshoot.json", "04-overshoot", "OVERSHOOT"):
        assert lesson_file(old, INDEXES["diceland"]) == ("overshoot", "04-overshoot.json"), old
    for query in ({}, {"game": "diceland"}, {"game": "Diceland"}):
        assert parse_game(query) == "diceland"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e["key"])
def test_every_lesson_replays_and_its_try_is_judged_by_the_engine(entry):
    data = data_of(entry)
    definition, scenario = parse_scenario(data)
    replayed = play(scenario.game(), scenario.actions)
    assert replayed.ok, (entry["key"], replayed.error)
    spec = data["try"]
    step = spec["step"]
    state = play(scenario.game(), scenario.actions[:step]).state
    expected = [definition.action_from_json(a) for a in spec["expect"]]
    assert expected and all(state.is_legal(a) for a in expected)
    assert spec.get("wrong"), "every lesson shows a wrong move too"
    wrongs = [definition.action_from_json(w["action"]) for w in spec["wrong"]]
    script = script_of(entry)
    if entry["game"] == "diceland":
        assert all(judge(script, state, a).accepted for a in expected)
        assert not any(judge(script, state, a).accepted for a in wrongs)
        return
    assert scenario.actions[step] in expected, "the script itself plays the answer next"
    assert all(judge(script, state, a).accepted for a in expected)
    for action in wrongs:
        with pytest.raises(IllegalActionError):
            state.copy().apply(action)
        assert not judge(script, state, action).accepted
    for key in ("title", "explain"):
        assert set(data[key]) == set(LANGUAGES), key
    for item in data.get("steps", []):
        assert set(item["caption"]) == set(LANGUAGES)
    assert set(spec["prompt"]) == set(LANGUAGES)


@pytest.mark.parametrize("entry", NEW, ids=lambda e: e["key"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_judge_accepts_the_answer_and_refuses_the_wrong_moves_in_plain_words(entry, lang):
    script = script_of(entry)
    state = script.game_at(script.try_spec["step"])
    for action in script.expected():
        assert judge(script, state, action, lang).accepted
    for action, why in script.wrong():
        verdict = judge(script, state, action, lang, script.names(lang))
        assert not verdict.accepted and verdict.rule
        assert not RULE_ID.search(verdict.message), verdict.message
        assert verdict.details.startswith(verdict.rule)
        assert why[lang].split(" (")[0][:20] in verdict.message


@pytest.mark.parametrize("entry", NEW, ids=lambda e: e["key"])
def test_a_session_steps_through_the_lesson(entry):
    script = script_of(entry)
    session = LessonSession(script, "es")
    assert session.step == script.try_spec["step"] and session.can_try()
    assert session.model()["title"] == script.data["title"]["es"]
    session.button("reset")
    for step in range(script.last + 1):
        session.goto(step)
        state = session.state()
        assert state["actions"] == step
        assert state["summary"] == script.game_at(step).summary()
        assert session.board.static_ops() and session.board.frame_ops()
    session.button("next")
    assert session.step == script.last
    session.button("prev")
    assert session.step == script.last - 1
    assert not session.tap_die("0") and not session.button("confirm"), "nothing is played while watching"


def play_taps(session, taps) -> None:
    for kind, ident in taps:
        if kind == "die":
            assert session.tap_die(ident), (ident, session.feedback)
        elif kind == "target":
            assert ident in [t["id"] for t in session.model()["targets"]], ident
            session.tap_target(ident)
        else:
            session.button(ident)


@pytest.mark.parametrize("entry", NEW, ids=lambda e: e["key"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_try_is_solved_by_the_pages_inputs(entry, lang):
    script = script_of(entry)
    session = LessonSession(script, lang)
    start = session.step
    assert session.button("try") and session.mode == "try"
    assert script.try_spec["prompt"][lang] in session.prompt()
    play_taps(session, session.board.answer_taps(script.expected()[0]))
    assert session.solved and session.take_solved() and not session.take_solved()
    assert session.step == start + 1 and session.mode == "watch" and session.feedback_kind == "right"
    assert session.board.state.summary() == script.game_at(start + 1).summary()


@pytest.mark.parametrize("entry", NEW, ids=lambda e: e["key"])
def test_a_wrong_try_is_refused_in_plain_words_and_changes_nothing(entry):
    script = script_of(entry)
    session = LessonSession(script, "es")
    session.button("try")
    wrong, why = script.wrong()[0]
    before = session.board.state.summary()
    for kind, ident in session.board.answer_taps(wrong):
        {"die": session.tap_die, "target": session.tap_target, "button": session.button}[kind](ident)
        if session.feedback_kind == "wrong":
            break
    assert session.mode == "try" and not session.solved
    assert session.feedback_kind == "wrong" and session.feedback, session.feedback
    assert not RULE_ID.search(session.feedback), session.feedback
    assert RULE_ID.match(session.feedback_details), "the rule waits behind details"
    assert why["es"].split(" (")[0] in session.feedback, "the lesson's own explanation follows"
    assert session.board.state.summary() == before


def test_parameters_name_what_is_wrong():
    assert parse_game({}) == "diceland" and parse_game({"game": "Clever"}) == "clever"
    with pytest.raises(EmbedError) as err:
        parse_game({"game": "chess"})
    assert err.value.key == "unknown_game" and "chess" in err.value.message("en")
    assert "clever" in err.value.message("es")
    with pytest.raises(EmbedError) as err:
        lesson_file("nope", INDEXES["clever"])
    assert err.value.key == "unknown_scenario" and "turn-and-platter" in err.value.message("it")
    script = script_of(NEW[0])
    with pytest.raises(EmbedError) as err:
        LessonSession(script, "en", step=script.last + 1)
    assert err.value.key == "step_range" and str(script.last) in err.value.message("en")
    with pytest.raises(EmbedError) as err:
        LessonScript(data_of(NEW[0]), "wideshut")
    assert err.value.key == "scenario"
    broken = dict(data_of(NEW[0]), actions=[{"type": "end_turn"}])
    with pytest.raises(EmbedError) as err:
        LessonScript(broken, NEW[0]["game"])
    assert err.value.key == "replay"


def test_progress_keys_of_the_new_games_are_namespaced():
    assert lesson_key("diceland", "overshoot") == "overshoot"
    assert lesson_key("clever", "extra") == "clever/extra"


def test_back_to_the_game_it_came_from():
    """The tutorial's "Back to the game": the game page of this site that
    opened it, else the game of the lesson the link named, else home; its
    saved game resumes (no start parameters), in the tutorial's language."""
    from diceland_site.lessons import back_to_game

    base = "https://example.org/diceland/"
    assert back_to_game(base + "clever.html?players=human&seed=3", base, "wideshut", "es") == "./clever.html?lang=es"
    assert back_to_game(base + "wideshut.html#position=abc", base, None, "it") == "./wideshut.html?lang=it"
    assert back_to_game(base + "index.html", base, "wideshut", "en") == "./wideshut.html?lang=en"
    assert back_to_game("https://elsewhere.org/clever.html", base, None, "en") == "./index.html?lang=en"
    assert back_to_game("", base, None, "en") == "./index.html?lang=en"
    assert back_to_game(base + "tutorial.html?lesson=x", base, "diceland", "en") == "./diceland.html?lang=en"


def test_a_game_name_opens_its_first_lesson():
    from diceland_site.lessons import tutorial_lesson

    keys = ["open-zones", "overshoot", "clever/turn-and-platter", "clever/extra", "wideshut/first-round"]
    assert tutorial_lesson("clever", keys) == "clever/turn-and-platter"
    assert tutorial_lesson("WideShut", keys) == "wideshut/first-round"
    assert tutorial_lesson("diceland", keys) == "open-zones"
    assert tutorial_lesson("diceland/overshoot", keys) == "overshoot"
    assert tutorial_lesson("chess", keys) is None


def test_the_tutorial_keeps_every_pictured_step_once():
    from diceland_site.lessons import picture_sources

    index = {"lessons": {"a": {"steps": [{"src": "pictures/a/1.svg"}, {"src": "pictures/a/1.svg"}, {"src": "pictures/a/2.svg"}]},
                         "b": {"steps": [{"src": "pictures/b/1.svg"}, {"src": "../secret.svg"}, {"src": 5}, "x"]},
                         "c": "not a lesson",
                         "d": {"steps": {"en": [{"src": "pictures/d/en.svg"}], "es": [{"src": "pictures/d/es.svg"}]}}}}
    assert picture_sources(index, "es") == ["pictures/a/1.svg", "pictures/a/2.svg", "pictures/b/1.svg", "pictures/d/es.svg"]
    assert "pictures/d/en.svg" in picture_sources(index, "en") and "pictures/d/es.svg" not in picture_sources(index, "en")
    assert picture_sources([], "en") == [] and picture_sources({"lessons": 3}, "en") == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explanations_and_captions_reach_the_reader_without_rule_ids(lang):
    """The lesson files cite the rulebook (tests/test_tutorial.py checks the
    citations); what a reader sees leaves them out."""
    cited = 0
    for entry in ENTRIES:
        script = script_of(entry)
        data = data_of(entry)
        cited += bool(RULE_ID.search(json.dumps(data.get("explain"))))
        shown = [script.explain(lang)] + [script.caption(step, lang) for step in script.captions]
        assert script.explain(lang) and not [t for t in shown if RULE_ID.search(t)], entry["path"]
    assert cited  # the check above met at least one citation
