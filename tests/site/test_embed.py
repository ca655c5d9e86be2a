"""The embeddable board's logic for Diceland (diceland_site.lessons,
lesson_session and games/diceland/lesson.py): the ``s=`` encoding, the
query, the position at each step, judging a reader's move in every tutorial
lesson and in every language, sharing a game's position, and the tutorial's
stored progress."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pytest

from diceland_core.games.diceland import Game
from diceland_core.games.diceland.actions import action_from_json
from diceland_core.games.diceland.scenario import parse_scenario, replay_scenario
from diceland_site.games.diceland.controller import Controller
from diceland_site.games.diceland.lesson import scenario_of_game, share_link
from diceland_site.lesson_session import LessonSession
from diceland_site.lessons import LessonScript, judge
from diceland_site.teaching import (
    MAX_PARAM_CHARS, EmbedError, decode_scenario, dump_progress, embed_url, encode_scenario, iframe_attributes,
    lesson_file, load_progress, page_language, parse_params, without_rule_ids,
)
from diceland_site.i18n import LANGUAGES, Strings
from diceland_site.seats import Seat

TUTORIAL = Path(__file__).resolve().parents[2] / "site" / "tutorial" / "diceland"
INDEX = json.loads((TUTORIAL / "index.json").read_text(encoding="utf-8"))
LESSONS = {e["id"]: json.loads((TUTORIAL / e["file"]).read_text(encoding="utf-8")) for e in INDEX}


def raw_deflate(data: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(data) + packer.flush()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def rule_prefix(rule: str, lang: str) -> str:
    """The details behind a refusal in ``lang``: "D2.4 Sobretirada"."""
    return f"{rule} {Strings(lang).t(f'rule.title.{rule}')}"


RULE_ID = re.compile(r"\b[DCW]\d+(\.\d+)?")


def Script(data: dict, lesson: str | None = None) -> LessonScript:
    """A Diceland lesson (``lesson`` its id) or a shared position (None)."""
    return LessonScript(data, "diceland", lesson)


def tap(session: LessonSession, row: int, col: int) -> bool:
    """A tap on a cell of the board, as the page's canvas sends it."""
    layout = session.board.layout(480.0, 1.0)
    return session.tap_point(layout, *layout.cell_center(row, col))


def press_die(session: LessonSession, colour: str) -> bool:
    """A tap on an enabled die of ``colour``."""
    dice = session.state()["dice"]
    index = next(i for i, d in enumerate(dice) if d["colour"] == colour and d["enabled"])
    return session.tap_die(session.model()["dice"][index]["id"])


# -- s= ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lesson", list(LESSONS))
def test_every_lesson_round_trips_through_s(lesson):
    data = LESSONS[lesson]
    value = encode_scenario(data)
    assert set(value) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert decode_scenario(value) == data
    assert len(value) < len(json.dumps(data))


def test_decoding_accepts_padding_a_zlib_header_and_standard_base64():
    data = {"board": "A", "players": 2, "names": ["Zoë", "Ñandú"], "actions": []}
    text = json.dumps(data).encode()
    padded = base64.urlsafe_b64encode(zlib.compress(text)).decode()
    assert decode_scenario(padded) == data
    std = base64.b64encode(zlib.compress(text, 9)).decode()
    assert decode_scenario(std.replace("+", " ")) == data  # a "+" that became a space


@pytest.mark.parametrize("value, key", [
    ("", "empty"),
    ("   ", "empty"),
    ("!!!!", "base64"),
    ("abc%", "base64"),
    ("A", "base64"),
    ("AAAAA", "base64"),
    (base64.urlsafe_b64encode(b"hello world, not deflate").decode().rstrip("="), "zlib"),
    (raw_deflate(b"{} trailing")[:-3], "zlib"),
    (raw_deflate(b"not json at all"), "json"),
    (raw_deflate(b"\xff\xfe\x00"), "json"),
    (raw_deflate(b"[1, 2, 3]"), "scenario"),
    (raw_deflate(json.dumps({"board": "A", "players": 9}).encode()), "scenario"),
    (raw_deflate(json.dumps({"board": "Z", "players": 2}).encode()), "scenario"),
    (raw_deflate(b"[" * 5000 + b"]" * 5000), "too_deep"),
    (raw_deflate(b"[" * 10_000 + b"]" * 10_000), "too_deep"),  # a link of 89 characters
    (raw_deflate(b"[" * 100_000), "too_deep"),
    (raw_deflate(b'{"names": "' + b"[" * 5000 + b'"}'), "scenario"),  # brackets in a string are text
    (raw_deflate(b" " * 500_000), "too_long"),
    ("A" * (MAX_PARAM_CHARS + 4), "too_long"),
])
def test_broken_s_values_name_what_is_wrong(value, key):
    with pytest.raises(EmbedError) as info:
        decode_scenario(value)
    assert info.value.key == key
    for lang in LANGUAGES:
        text = info.value.message(lang)
        assert text and not text.startswith("embed.error"), (lang, text)


def test_a_script_that_does_not_replay_is_an_error():
    data = dict(LESSONS["overshoot"], actions=[{"type": "stop"}])
    with pytest.raises(EmbedError) as info:
        Script(data)
    assert info.value.key == "replay" and "Choose a colour first" in info.value.message("en")


# -- the query ---------------------------------------------------------------------------------

def test_parameters():
    p = parse_params({"scenario": "overshoot", "step": "2", "lang": "it", "seat": "1"})
    assert (p.scenario, p.step, p.lang, p.seat, p.data) == ("overshoot", 2, "it", 1, None)
    s = encode_scenario(LESSONS["phase-1"])
    p = parse_params({"s": s}, ["es-AR", "en"])
    assert p.lang == "es" and p.data == LESSONS["phase-1"] and p.step is None
    assert page_language({}, ["de", "it-CH"]) == "it"
    assert page_language({"lang": "xx"}, ["fr"]) == "en"


@pytest.mark.parametrize("query, key", [
    ({}, "missing"),
    ({"scenario": "overshoot", "s": "abc"}, "both"),
    ({"scenario": "overshoot", "lang": "de"}, "lang"),
    ({"scenario": "overshoot", "step": "two"}, "step"),
    ({"scenario": "overshoot", "step": "-1"}, "step"),
    ({"scenario": "overshoot", "step": "١"}, "step"),
    ({"scenario": "overshoot", "seat": "1.5"}, "seat"),
    ({"s": "!!"}, "base64"),
])
def test_broken_parameters(query, key):
    with pytest.raises(EmbedError) as info:
        parse_params(query)
    assert info.value.key == key


def test_shipped_scenarios_by_id_file_or_stem():
    assert lesson_file("overshoot", INDEX) == ("overshoot", "04-overshoot.json")
    assert lesson_file("04-overshoot.json", INDEX) == ("overshoot", "04-overshoot.json")
    assert lesson_file("04-Overshoot", INDEX) == ("overshoot", "04-overshoot.json")
    with pytest.raises(EmbedError) as info:
        lesson_file("../index", INDEX)
    assert info.value.key == "unknown_scenario" and "bonus-win" in info.value.message("en")


def test_step_and_seat_ranges():
    script = Script(LESSONS["overshoot"], "overshoot")
    assert script.check_view(None, None) == 1  # a lesson opens at step 1
    assert Script(LESSONS["overshoot"]).check_view(None, None) == 4  # a shared position at its end
    assert script.check_view(0, 1) == 0
    for step, seat, key in ((5, None, "step_range"), (None, 2, "seat_range")):
        with pytest.raises(EmbedError) as info:
            script.check_view(step, seat)
        assert info.value.key == key
        assert "0" in info.value.message("es")


# -- the try moves of every lesson, in every language ---------------------------------------------

@pytest.mark.parametrize("lesson", list(LESSONS))
def test_try_moves_are_accepted_and_wrong_moves_rejected_with_their_rule(lesson):
    data = LESSONS[lesson]
    spec = data["try"]
    script = Script(data, lesson)
    game = script.game_at(spec["step"])
    names = script.names("en")
    for item in spec["expect"]:
        assert judge(script, game, action_from_json(item)).accepted
    for wrong in spec["wrong"]:
        action = action_from_json(wrong["action"])
        for lang in LANGUAGES:
            verdict = judge(script, game, action, lang, names)
            assert not verdict.accepted
            assert verdict.rule == wrong["rule"]
            # the reader sees plain sentences; the rule id waits behind "details"
            assert not RULE_ID.search(verdict.message), (lang, verdict.message)
            if wrong["rule"] is not None:
                assert verdict.details == rule_prefix(wrong["rule"], lang), (lang, verdict.details)
            if "why" in wrong:
                assert without_rule_ids(wrong["why"][lang]) in verdict.message


def play_through_the_widget(session: LessonSession, item: dict) -> None:
    """Make ``item`` the way a reader does: dice, cells, buttons."""
    if item["type"] == "choose":
        press_die(session, item["colour"])
    elif item["type"] in ("reroll", "stop", "pass"):
        session.button(item["type"])
    else:
        todo = [tuple(c) for c in item["cells"]]
        while todo:  # in an order the board allows (each cell next to the crosses)
            cell = next(c for c in todo if list(c) in session.state()["highlights"])
            assert tap(session, *cell), session.feedback
            todo.remove(cell)
        session.button("confirm")


@pytest.mark.parametrize("lesson", list(LESSONS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reader_solves_each_lesson_in_the_widget(lesson, lang):
    data = LESSONS[lesson]
    spec = data["try"]
    session = LessonSession(Script(data, lesson), lang, step=spec["step"])
    assert session.can_try() and session.state()["seat"] == session.script.try_player(spec["step"])
    assert session.button("try") and session.mode == "try"
    play_through_the_widget(session, spec["expect"][0])
    state = session.state()
    assert state["solved"] and state["step"] == spec["step"] + 1 and state["mode"] == "watch"
    assert session.take_solved() and not session.take_solved()
    assert state["feedback"] == Strings(lang).t("embed.try.right")
    expected, _ = replay_scenario(parse_scenario(data), steps=spec["step"] + 1)
    assert state["crossed"] == [[list(c) for c in s.crossed_cells()] for s in expected.sheets]


def test_a_wrong_tap_names_the_rule_and_the_lesson_why():
    data = LESSONS["overshoot"]
    session = LessonSession(Script(data, "overshoot"), "es", step=2)
    session.start_try()
    assert not tap(session, 1, 1)
    assert session.feedback_kind == "wrong"
    assert session.feedback_details == rule_prefix("D2.4", "es")
    assert not RULE_ID.search(session.feedback)
    assert without_rule_ids(data["try"]["wrong"][0]["why"]["es"]) in session.feedback
    assert session.step == 2 and not session.solved
    session.button("pass")
    assert session.solved and session.step == 3


def test_a_legal_but_different_move_is_explained():
    data = LESSONS["bonus-rolls"]
    session = LessonSession(Script(data, "bonus-rolls"), "it", step=5)
    session.start_try()
    for cell in ((3, 7), (2, 7), (2, 8)):
        assert tap(session, *cell)
    session.button("confirm")
    assert not session.solved and session.step == 5
    assert without_rule_ids(data["try"]["wrong"][2]["why"]["it"]) in session.feedback


def test_stepping_and_the_next_scripted_decision():
    data = LESSONS["phase-1"]
    script = Script(data, "phase-1")
    session = LessonSession(script, "en", step=0)
    for n in range(script.last):
        assert session.state()["step"] == n
        game, _ = replay_scenario(script.scenario, steps=n)
        assert session.state()["phase"] == game.phase.value
        session.button("next")
    session.button("next")
    assert session.step == script.last and not session.can_try()
    session.button("prev")
    session.button("reset")
    assert session.step == 0
    # any step: the reader may make the next scripted decision
    session.goto(1)
    session.start_try()
    play_through_the_widget(session, data["actions"][1])
    assert session.step == 2 and not session.solved  # not the lesson's own try


def test_watching_shows_the_dice_of_the_moment_with_names():
    session = LessonSession(Script(LESSONS["bonus-rolls"], "bonus-rolls"), "es", step=5)
    dice = session.model()["dice"]
    assert [d["group"] for d in dice] == ["bonus"] * 5
    assert not any(d["enabled"] for d in dice)
    assert [d["label"] for d in dice][:3] == ["dado azul, tirada comodín"] * 3


# -- sharing a game ----------------------------------------------------------------------------

def bot_game(boards, steps: int, seed: int = 5) -> Controller:
    seats = [Seat(f"Bot {i}", "greedy") for i in range(len(boards))]
    ctrl = Controller.new(seats, boards, seed)
    for _ in range(steps):
        if not ctrl.bot_step().ok:
            break
    return ctrl


@pytest.mark.parametrize("boards, steps", [(["A", "A"], 0), (["A", "C", "E"], 17), (["B", "B", "B", "B"], 60),
                                           (["D", "H"], 400)])
def test_a_shared_link_replays_to_the_same_position(boards, steps):
    ctrl = bot_game(boards, steps)
    game = ctrl.game
    link = share_link(game, ctrl.names, "https://example.org/diceland/index.html?lang=es#x")
    assert link.startswith("https://example.org/diceland/embed.html?s=")
    params = parse_params({"s": link.split("?s=", 1)[1]})
    data = params.data
    assert ("board" in data) == (len(set(boards)) == 1)
    assert data.get("boards", boards) == boards or data["board"] == boards[0]
    session = LessonSession(Script(data), "en")
    shown = session.board.state
    assert shown.summary() == game.summary()
    assert (shown.phase, shown.roll, shown.held, shown.leftovers, shown.turn, shown.bonus_player) == \
        (game.phase, game.roll, game.held, game.leftovers, game.turn, game.bonus_player)
    assert session.names == ctrl.names


#: a "Share position" link made before the lessons of every game ran one
#: session (boards A and C, seed 5, nine bot moves)
OLD_LINK = ("lZLBbsIwEET_Zc97SAKFlhv0MyKrMsaiSMYbOUZVhPh3xoQWu5UoXLy282Yzs_KROqcHG3paNExr0WGDbUtLYnonxdRHHeLHCNGiZtrsjAXR0jZY64FJ0H5rscHFcCuDdU6-bt8Vt7R2hwRey29heZ3xZeNS9n_bEUMUbeJOfIp3pDh0SEHmU6RPrBEnBwT8Vp_4h-mjdPkZszBJks3EIGvq2zb8CkMTrOqOosoUE36BYsqzQvHX1yXFE66qwtXsrp88Qc1v8FNzXaE0OKiHfzIHizF7vbfjG_Ia7MpqUqcz")


def test_an_old_shared_link_still_opens_at_the_same_position():
    data = parse_params({"s": OLD_LINK}).data
    session = LessonSession(Script(data), "en")
    state = session.state()
    expected, _ = replay_scenario(parse_scenario(data))
    assert (state["step"], state["seat"], state["phase"], state["active"]) == (9, 1, "bonus", 0)
    assert [len(c) for c in state["crossed"]] == [5, 6]
    assert state["summary"] == expected.summary() and state["names"] == ["Ana", "Bea"]


def test_an_unshipped_board_travels_inline(board):
    ctrl = bot_game([board, "A"], 12)
    data = scenario_of_game(ctrl.game, ctrl.names)
    assert isinstance(data["boards"][0], dict) and data["boards"][1] == "A"
    shown = Script(decode_scenario(encode_scenario(data))).game_at(len(data["actions"]))
    assert shown.summary() == ctrl.game.summary()


def test_iframe_attributes_and_embed_url():
    assert embed_url("http://127.0.0.1:8000/") == "http://127.0.0.1:8000/embed.html"
    attrs = iframe_attributes("http://h/embed.html?s=ab", "Posición", 400, 600)
    assert attrs["src"] == "http://h/embed.html?s=ab" and (attrs["width"], attrs["height"]) == ("400", "600")
    assert attrs["title"] == "Posición"


# -- the tutorial's progress ----------------------------------------------------------------------

def test_progress_round_trip_and_bad_values():
    known = [e["id"] for e in INDEX]
    text = dump_progress({"done": ["winning", "overshoot"], "lang": "it"})
    assert load_progress(text, known) == {"done": ["overshoot", "winning"], "lang": "it"}
    for bad in (None, "", "{", "[]", '{"done": "x", "lang": "de"}', '{"done": [1, null, "nope"]}', "[" * 10000):
        assert load_progress(bad, known) == {"done": [], "lang": None}


def test_an_embed_without_a_step_opens_at_step_1_ready_to_try():
    for lesson, data in LESSONS.items():
        script = Script(data, lesson)
        session = LessonSession(script, "en")
        assert session.step == min(1, script.last), lesson
        if script.last > 1:
            assert session.can_try() and session.state()["can_try"], lesson
