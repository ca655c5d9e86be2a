"""The review screen's page logic (site/diceland_site/review/screen.py, link.py)
over a review that keeps to the engine's contract
(docs: the review's Decision.to_dict, judge and summarise fields)."""

from __future__ import annotations

import json

import pytest

from support import MESSAGE_KEY

from diceland_core.core.errors import number_text
from diceland_site.review.screen import (ReviewError, ReviewRun, ReviewScreen, ReviewStrings, graph,
                                         restore_point, review_param)

#: the seat's values before each decision, and the loss of each
VALUES = [10.0, 12.0, 11.0, 4.0, 5.0, 6.0]
LOSSES = [0.0, 0.5, 6.0, 0.0, 13.0]
MARK = {0.0: ("best", ""), 0.5: ("equivalent", ""), 6.0: ("mistake", "?"), 13.0: ("blunder", "??")}


class Decision:
    def __init__(self, i: int):
        self.i = i

    def to_dict(self, lang: str = "en") -> dict:
        i, loss = self.i, LOSSES[self.i]
        mark, symbol = MARK[loss]
        played = {"action": {"pick": i}, "text": f"pick {i}", "value": VALUES[i + 1]}
        better = {"action": {"pick": 100 + i}, "text": f"pick {100 + i}", "value": VALUES[i + 1] + loss}
        best = [better, played] if loss else [played]
        return {"index": i, "action_index": 2 * i, "turn": i + 1, "seat": 0,
                "kind": {"key": "pick", "text": "first pick"}, "forced": False, "dice": "yellow 5, blue 2",
                "played": played, "best": best, "value_before": VALUES[i], "value_after": VALUES[i + 1],
                "loss": loss, "se": None, "mark": mark, "mark_text": mark, "symbol": symbol,
                "said": {"played": f"your pick {i}", "better": f"pick {100 + i} scores more" if loss else None},
                "luck": 1.0, "unit": "points", "measure": "points", "position": {"big": "x" * 100}}


class Review:
    def __init__(self):
        self.asked: list[int] = []

    def __len__(self) -> int:
        return len(LOSSES)

    def decide(self, i: int, cancel=None) -> Decision:
        self.asked.append(i)
        return Decision(i)

    def judge(self, i: int, action_json):
        if not isinstance(action_json, dict) or "pick" not in action_json:
            return {"legal": False, "said": "not a move of this game"}
        loss = 0.0 if action_json["pick"] == 100 + i else 3.25
        return {"legal": True, "value": 1.0, "loss": loss, "mark": "mistake" if loss else "best",
                "mark_text": "mistake" if loss else "best", "is_best": not loss, "said": "it does that"}


def summarise(review, decisions) -> dict:
    assert [d.i for d in decisions] == list(range(len(LOSSES)))
    return {"accuracy": 71.5, "counts": {"best": 2, "equivalent": 1, "mistake": 1, "blunder": 1},
            "error_total": 19.5, "luck": -2.0, "result": 31.0, "luck_adjusted": 33.0,
            "by_kind": [{"key": "pick", "text": "first pick", "n": 5, "loss": 19.5}],
            "key_moments": [4, 2], "thresholds": {}, "unit": "points", "text": "19.5 points lost"}


def finished(cursor: int = 0) -> ReviewScreen:
    run = ReviewRun(Review(), summarise)
    while run.step():
        pass
    return ReviewScreen(run, "clever", 0, "k", cursor)


def test_one_decision_per_step_then_the_summary():
    review = Review()
    run = ReviewRun(review, summarise)
    assert run.progress == 0 and not run.finished
    assert run.step() and review.asked == [0] and run.progress == pytest.approx(1 / 5)
    while run.step():
        pass
    assert review.asked == [0, 1, 2, 3, 4] and run.finished and run.summary["accuracy"] == 71.5
    assert "position" not in run.decisions[0]  # the page draws the engine's state, not the summary
    assert not run.step() and review.asked == [0, 1, 2, 3, 4]


def test_cancel_stops_before_the_next_decision():
    review = Review()
    run = ReviewRun(review, summarise)
    run.step()
    run.cancel()
    assert not run.step() and review.asked == [0] and not run.finished and len(run.decisions) == 1


def test_an_empty_review_has_a_summary_at_once():
    class Empty(Review):
        def __len__(self):
            return 0
    run = ReviewRun(Empty(), lambda review, made: {"accuracy": 100.0, "key_moments": []})
    assert not run.step() and run.finished and run.progress == 1.0


def test_graph_points_marks_and_cursor():
    screen = finished(cursor=2)
    g = screen.graph(106, 56)
    assert len(g["line"]) == 6 and g["line"][0][0] == 6 and g["line"][-1][0] == 100
    ys = [y for _, y in g["line"]]
    assert ys[1] == 6 and ys[3] == 50  # the highest value at the top, the lowest at the bottom
    assert [(m["index"], m["symbol"]) for m in g["marks"]] == [(2, "?"), (4, "??")]
    assert g["marks"][0]["x"] == g["line"][3][0]  # a mark sits where its move took the value
    assert g["cursor"] == pytest.approx(6 + 94 * 2.5 / 5) and g["zero"] is None
    half = graph(screen.run.decisions[:2], 5, 106, 56)
    assert len(half["line"]) == 3 and half["marks"] == []
    crossing = graph([{"value_before": -1.0, "value_after": 1.0, "mark": "best"}], 1, 20, 20, pad=0)
    assert crossing["zero"] == 10


def test_stepping_key_moments_and_taps():
    screen = finished()
    assert not screen.prev() and screen.cursor == 0
    assert screen.next() and screen.cursor == 1
    assert screen.key_moments == [4, 2]
    assert screen.next_key() and screen.cursor == 2
    assert screen.next_key() and screen.cursor == 4
    assert screen.next_key() and screen.cursor == 2  # round again
    assert not screen.go(99) or screen.cursor == 4
    assert screen.cursor == 4 and not screen.next()
    assert screen.at_mark(0, 100) and screen.cursor == 0
    assert screen.at_mark(59, 100) and screen.cursor == 2
    assert screen.at_mark(500, 100) and screen.cursor == 4


def test_a_decision_in_words_in_each_language():
    screen = finished(cursor=2)
    en = screen.view(ReviewStrings("en"))
    assert en["heading"] == "Decision 3 of 5" and en["played"] == "pick 2" and en["better"] == "pick 102"
    assert en["loss"] == "loses 6.0 points" and en["symbol"] == "?" and en["key"]
    assert en["said_played"] == "your pick 2" and en["said_better"] == "pick 102 scores more"
    assert [b["played"] for b in en["best"]] == [False, True] and en["best"][0]["value"] == "10.0 points"
    es = screen.view(ReviewStrings("es"))
    assert es["heading"] == "Decisión 3 de 5" and es["loss"] == "pierde 6,0 points"
    assert es["values"] == "antes 11,0, después 4,0 points"
    screen.go(0)
    assert screen.view(ReviewStrings("it"))["better"] is None and screen.view(ReviewStrings("it"))["loss"] == ""


def test_a_decision_not_judged_yet_waits():
    run = ReviewRun(Review(), summarise)
    run.step()
    screen = ReviewScreen(run, "clever", 0, "k", 3)
    assert screen.current is None and screen.view(ReviewStrings("en"))["waiting"]
    assert screen.summary_view(ReviewStrings("en")) is None


def test_try_it_yourself_best_a_loss_and_a_bad_move():
    screen = finished(cursor=2)
    s = ReviewStrings("en")
    assert screen.try_it({"pick": 102}, s) == {"ok": True, "best": True, "mark": "best",
                                               "text": "That is the best move.", "said": "it does that"}
    worse = screen.try_it({"pick": 7}, s)
    assert not worse["best"] and worse["text"] == "mistake: it loses 3.2 points against the best move."
    bad = screen.try_it("nonsense", ReviewStrings("it"))
    assert bad == {"ok": False, "text": "Quella mossa qui non è permessa.", "said": "not a move of this game"}
    assert screen.tried is bad
    screen.next()
    assert screen.tried is None  # another decision: nothing tried there yet


def test_the_summary_in_words():
    s = finished().summary_view(ReviewStrings("es"))
    assert s["accuracy"] == "Precisión 71,5 %"
    assert s["luck"] == "Suerte con los dados: \u22122,0 points"
    assert s["result"] == "Resultado +31,0 points; sin la suerte +33,0 points"
    assert s["counts"] == [{"mark": "best", "n": 2}, {"mark": "equivalent", "n": 1},
                           {"mark": "mistake", "n": 1}, {"mark": "blunder", "n": 1}]
    assert s["by_kind"] == [{"text": "first pick", "n": 5, "loss": "19,5 points perdidos"}]


def test_a_reload_comes_back_to_the_same_review():
    screen = finished(cursor=3)
    kept = json.loads(json.dumps(screen.saved()))
    point = restore_point(kept, "clever", "k")
    assert point["seat"] == 0 and point["decision"] == 3 and len(point["decisions"]) == 5
    review = Review()
    run = ReviewRun(review, summarise, done=point["decisions"], summary=point["summary"])
    assert run.finished and not run.step() and review.asked == []  # nothing judged again
    again = ReviewScreen(run, "clever", point["seat"], "k", point["decision"])
    assert again.view(ReviewStrings("en")) == screen.view(ReviewStrings("en"))
    assert restore_point(kept, "wideshut", "k") is None and restore_point(kept, "clever", "other") is None


@pytest.mark.parametrize("damaged", [None, [], "x", {"v": 2}, {"v": 1, "game": "clever", "key": "k", "seat": -1,
                                                              "decision": 0},
                                     {"v": 1, "game": "clever", "key": "k", "seat": True, "decision": 0}])
def test_a_damaged_reload_point_is_none(damaged):
    assert restore_point(damaged, "clever", "k") is None


def test_an_unfinished_review_is_judged_again_but_keeps_its_place():
    run = ReviewRun(Review(), summarise)
    run.step()
    point = restore_point(ReviewScreen(run, "clever", 0, "k", 1).saved(), "clever", "k")
    assert point["decision"] == 1 and point["decisions"] == [] and point["summary"] is None


@pytest.mark.parametrize("raw, players, expected", [("1", 2, (0, 0)), ("2", 2, (1, 0)), ("2.14", 3, (1, 13)),
                                                    (" 1.1 ", 1, (0, 0))])
def test_review_link_values(raw, players, expected):
    assert review_param(raw, players) == expected


@pytest.mark.parametrize("raw", ["", "0", "1.0", "-1", "x", "1.2.3", "1e3", "１", "1." , "99999999999", None])
def test_malformed_review_link_values_are_refused_in_plain_words(raw):
    with pytest.raises(ReviewError) as caught:
        review_param(raw, 4)
    text = caught.value.message(ReviewStrings("en"))
    assert text.startswith("The link's review part (") and "review=1" in text


def test_a_player_the_game_does_not_have():
    with pytest.raises(ReviewError) as caught:
        review_param("3", 2)
    assert caught.value.message(ReviewStrings("it")) == ("Questa partita ha i giocatori da 1 a 2: "
                                                   "non c'è un giocatore 3 da rivedere.")


def test_numbers_as_players_read_them():
    """The engine's number_text writes every number the review shows: its
    decimals, a decimal comma in Spanish and Italian, a true minus, a plus
    where asked, and no sign on a number that shows as zero."""
    assert number_text(-0.04, "en") == "0.0" and number_text(3, "es") == "3,0"
    for lang, comma in (("en", "."), ("es", ","), ("it", ",")):
        assert number_text(-1.25, lang, digits=2) == f"\u22121{comma}25"
        assert number_text(2.346, lang, sign=True, digits=2) == f"+2{comma}35"
        assert number_text(-0.004, lang, sign=True, digits=2) == f"0{comma}00"
        assert number_text(-0.04, lang, sign=True) == f"0{comma}0"
        assert number_text(0.06, lang, sign=True) == f"+0{comma}1"
        assert number_text(-7.5, lang, sign=True, digits=0) == "\u22128"
        assert number_text(12.0, lang, digits=3) == f"12{comma}000"


def test_the_review_words_exist_in_every_language_with_the_same_placeholders():
    from diceland_site.i18n import LANGUAGES, load_locale, placeholders
    folder = ReviewStrings.folder
    tables = {lang: load_locale(lang, folder) for lang in LANGUAGES}
    assert len(tables["en"]) > 30
    for lang, table in tables.items():
        assert table.keys() == tables["en"].keys(), lang
        for key, text in table.items():
            assert text and placeholders(text) == placeholders(tables["en"][key]), (lang, key)


def test_the_graph_as_svg_markup():
    from xml.etree import ElementTree
    from diceland_site.review.screen import graph_svg
    screen = finished(cursor=1)
    svg = graph_svg(screen.graph(200, 60))
    root = ElementTree.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.get("aria-hidden") == "true" and root.find(f"{ns}title") is None  # the box has the name
    assert [c.get("class") for c in root.iter(f"{ns}circle")] == ["mark mistake", "mark blunder"]
    assert len(root.find(f"{ns}polyline").get("points").split()) == 6
    assert root.find(f"{ns}line").get("class") == "cursor"


@pytest.mark.parametrize("name", ["wideshut", "clever"])
def test_the_page_logic_over_the_engines_own_review(name):
    """The engine's review of a whole game (a greedy player against the
    expert), read by the page: every decision in words, the graph, the
    summary, and try it yourself with the best move and with the move made."""
    from diceland_core.core.registry import get_game
    from diceland_core.core.review import Review, summarise
    from diceland_core.core.simulate import play_game
    definition = get_game(name)
    players = 1 if name == "clever" else 2
    state = play_game(None, [definition.make_bot("greedy" if p == 0 else "expert", 3 + p) for p in range(players)],
                      3, game=name)
    run = ReviewRun(Review(state, seat=0, lang="es"), summarise, "es")
    while run.step():
        pass
    screen = ReviewScreen(run, name, 0, "k")
    strings = ReviewStrings("es")
    assert run.finished and len(run.decisions) == run.total > 5
    for i in range(run.total):
        screen.go(i)
        view = screen.view(strings)
        assert view["heading"] == f"Decisión {i + 1} de {run.total}" and view["played"] and view["said_played"]
        assert not MESSAGE_KEY.search(" ".join(str(v) for v in view.values() if isinstance(v, str))), view
    g = screen.graph(300, 64)
    assert len(g["line"]) == run.total + 1
    assert [m["index"] for m in g["marks"]] == [i for i, d in enumerate(run.decisions)
                                                if d["mark"] in ("inaccuracy", "mistake", "blunder")]
    summary = screen.summary_view(strings)
    assert summary["accuracy"].startswith("Precisión ") and summary["by_kind"]
    chosen = next(i for i, d in enumerate(run.decisions) if not d["forced"])
    screen.go(chosen)
    d = screen.current
    choices = screen.choices("es")
    assert d["played"]["action"] in [c["action"] for c in choices]
    assert d["played"]["text"] in [c["text"] for c in choices]
    assert screen.try_it(d["best"][0]["action"], strings)["best"]
    again = screen.try_it(d["played"]["action"], strings)
    assert again["ok"] and again["best"] == (d["loss"] <= 1e-9)


def test_a_review_link_is_the_share_link_with_the_review_value():
    from diceland_site.review.link import review_link
    link = review_link("https://x.example/clever.html#position=abc", 1, 13)
    assert link == "https://x.example/clever.html?review=2.14#position=abc"
    assert review_param(link.split("review=")[1].split("#")[0], 2) == (1, 13)


@pytest.mark.parametrize("name", ["diceland", "clever", "wideshut"])
def test_a_review_in_spanish_writes_its_words_in_spanish_only(name, monkeypatch):
    """A whole review judged and shown in Spanish asks the game for its
    moves' and dice's words in Spanish only (the other languages are
    written when asked for, as when the page's language changes), and what
    it shows is what a review written in every language shows."""
    import dataclasses

    import diceland_core.core.review as engine
    from diceland_core.core.registry import get_game
    from diceland_core.core.simulate import play_game

    definition = get_game(name)
    players = 1 if name == "clever" else 2
    bots = [definition.make_bot("greedy" if p == 0 else "expert", 3 + p) for p in range(players)]
    state = play_game("A" if name == "diceland" else None, bots, 3, game=name)
    asked: list[str] = []
    render = engine.render_message
    monkeypatch.setattr(engine, "render_message", lambda code, params, lang: asked.append(lang) or render(
        code, params, lang))
    review = engine.Review(state, seat=0, lang="es")
    hooks = review.hooks
    review.hooks = dataclasses.replace(
        hooks, describe=lambda s, a, lang: asked.append(lang) or hooks.describe(s, a, lang),
        dice=None if hooks.dice is None else lambda s, lang: asked.append(lang) or hooks.dice(s, lang))
    run = ReviewRun(review, engine.summarise, "es")
    shown = _everything_shown(run, name, ReviewStrings("es"))
    assert asked and set(asked) == {"es"}, sorted(set(asked))
    made = run._made[0]
    assert made.played.text("it") == review.describe(review.position(0), definition.action_from_json(
        made.to_dict()["played"]["action"]), "it") and "it" in asked  # another language: written when asked
    # the same words as when every language was written at once
    monkeypatch.setattr(engine, "_InLanguages", lambda write: {lang: write(lang) for lang in ("en", "es", "it")})
    again = ReviewRun(engine.Review(state, seat=0, lang="es"), engine.summarise, "es")
    assert _everything_shown(again, name, ReviewStrings("es")) == shown


def _everything_shown(run: ReviewRun, game: str, strings: ReviewStrings) -> list:
    """``run`` judged to the end: every decision's view and the summary's."""
    while run.step():
        pass
    screen, shown = ReviewScreen(run, game, 0, "k"), []
    for i in range(run.total):
        screen.go(i)
        shown.append(screen.view(strings))
    return shown + [screen.summary_view(strings)]
