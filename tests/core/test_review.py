"""The review of a player's decisions (diceland_core.core.review) and its
command, in all three games: moves valued by the game's own position values,
a game played by the yardstick's own bot is clean, planted moves are found
and labelled, the luck adds up, the review is deterministic and resumable,
``--json`` streams one line per decision, "try it yourself" (``judge``)
answers legal and illegal moves, bad records exit 2 in plain words, and
every text reads in en/es/it."""

from __future__ import annotations

import io
import json
import re
from types import SimpleNamespace

import pytest

from diceland_core.cli import main
from diceland_core.core.errors import LANGUAGES, message_codes, render_message
from diceland_core.core.record import record_json, record_of
from diceland_core.core.registry import get_game
from diceland_core.core.review import (MARKS, move_worth, SYMBOLS, THRESHOLDS, Cancelled, Review, accuracy, hooks_for,
                                       mark_for, summarise)
from diceland_core.core.review_cli import cmd_review
from diceland_core.core.simulate import play_game

GAMES = ("clever", "wideshut", "diceland")
BAD = ("inaccuracy", "mistake", "blunder")
#: the bot that plays by the review's own values (Dice Wide Shut's page
#: expert is a hand-tuned bot, beside its learned network)
YARDSTICK_BOT = {"clever": "expert", "wideshut": "learned", "diceland": "expert"}
CONTRACT = {"index", "action_index", "turn", "seat", "kind", "forced", "dice", "played", "best", "value_before",
            "value_after", "loss", "se", "mark", "mark_text", "symbol", "said", "luck", "unit", "measure", "position"}


def players_of(name: str) -> int:
    return 1 if name == "clever" else 2


def game_by(name: str, kind: str, seed: int):
    definition = get_game(name)
    bots = [definition.make_bot(kind if p == 0 else "expert", seed + p) for p in range(players_of(name))]
    return play_game("A" if name == "diceland" else None, bots, seed, game=name)


def planted(name: str, seed: int, when, worst):
    """A seeded expert game where seat 0's first decision with ``when(state)``
    true is ``worst(state)`` instead (the expert playing on); the state and
    the index of that action."""
    definition = get_game(name)
    state = definition.new(players=players_of(name), seed=seed)
    bots = [definition.make_bot("expert", seed + p) for p in range(state.players)]
    where = None
    while not state.over:
        p = state.waiting_for()[0]
        if where is None and p == 0 and len(state.legal_actions(0)) > 1 and when(state):
            where = len(state.actions)
            state.apply(worst(state))
        else:
            state.apply(bots[p].choose(state, p))
    return state, where


def clever_plant(state):
    from diceland_core.games.clever.bots import ExpertBot
    return ExpertBot(0).ranked(state, 0)[-1][1]


def wideshut_plant(state):
    """The hand-tuned strong bot's worst take (its own evaluation, not the network's)."""
    from diceland_core.games.wideshut.bots.strong import StrongBot
    return min(StrongBot(0).scored_outcomes(state, 0), key=lambda o: o[0])[1]


def diceland_can_pass_or_cross_two(state):
    from diceland_core.games.diceland.actions import Pass, Place
    legal = state.legal_actions(0)
    return len(state.actions) > 20 and any(isinstance(a, Pass) for a in legal) \
        and any(isinstance(a, Place) and len(a.cells) >= 2 for a in legal)


def diceland_pass(state):
    from diceland_core.games.diceland.actions import Pass
    return Pass(0)


PLANTS = {
    "clever": (5, lambda s: True, clever_plant),
    "wideshut": (8, lambda s: len(s.actions) > 25, wideshut_plant),
    "diceland": (7, diceland_can_pass_or_cross_two, diceland_pass),
}


def decision_at(review: Review, action_index: int) -> int:
    return next(i for i, (a, _) in enumerate(review._positions) if a == action_index)


def planted_decision(name: str, lang: str = "en"):
    """The review of the game with ``name``'s planted move, the planted
    decision's index and its review."""
    seed, when, worst = PLANTS[name]
    state, at = planted(name, seed, when, worst)
    review = Review(record_of(state), 0, lang=lang)
    i = decision_at(review, at)
    return review, i, review.decide(i)


# -- the yardstick's own games ------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_a_game_played_by_the_yardsticks_bot_is_clean(name):
    review = Review(record_json(game_by(name, YARDSTICK_BOT[name], 11)), 0)
    decisions = list(review.decisions())
    judged = [d for d in decisions if not d.forced]
    assert len(judged) >= 10
    assert all(d.mark in ("best", "equivalent") for d in judged), \
        [(d.index, d.mark, d.loss) for d in judged if d.mark not in ("best", "equivalent")]
    summary = summarise(review, decisions)
    assert summary["accuracy"] >= 95 and summary["counts"]["forced"] == len(decisions) - len(judged)
    for d in decisions:
        # a best move's value is the position's value: the graph never drops at a best move
        assert d.best and d.best[0].value >= d.played.value - 1e-9
        if d.mark == "best" and not d.forced:
            assert d.value_after == pytest.approx(d.value_before, abs=1e-6)


def test_the_hand_tuned_bots_own_games_have_no_blunders():
    """The hand-tuned bots are not the networks' players: Dice Wide Shut's
    page expert agrees with its network nearly always, Diceland's strong bot
    (the page's expert before the network, which beats it) less often, but
    never by a blunder."""
    for name, kind, share in (("wideshut", "expert", 0.9), ("diceland", "strong", 0.75)):
        decisions = [d for d in Review(record_json(game_by(name, kind, 11)), 0).decisions() if not d.forced]
        good = sum(d.mark in ("best", "equivalent") for d in decisions)
        assert good >= share * len(decisions) and not any(d.mark == "blunder" for d in decisions), name


# -- planted moves --------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_a_planted_move_is_found_and_labelled(name):
    review, i, d = planted_decision(name, "es")
    assert d.mark in BAD and d.loss >= THRESHOLDS["inaccuracy"], (d.mark, d.loss)
    assert d.best[0].action != d.played.action and d.best[0].value - d.played.value == pytest.approx(d.loss)
    data = d.to_dict("es")
    assert data["symbol"] == SYMBOLS[d.mark] and data["mark_text"] == render_message(f"review.mark_{d.mark}", {}, "es")
    assert data["said"]["played"].startswith("Tu jugada") and data["said"]["better"].startswith("Mejor")
    summary = summarise(review, list(review.decisions()))
    assert i in summary["key_moments"] and summary["counts"][d.mark] >= 1
    kind = next(k for k in summary["by_kind"] if k["key"] == d.kind)
    assert kind["loss"] >= round(d.loss, 3) - 1e-9 and all(k["loss"] >= 0 for k in summary["by_kind"])
    assert summary["error_total"] == pytest.approx(sum(k["loss"] for k in summary["by_kind"]), abs=1e-2)


#: Diceland, board A: seat 1's and seat 2's crosses in a game of the bench's
#: (bench/review.py, seed 7922886290597831205, decision 15)
DICELAND_MINE = [(1, 3), (1, 4), (2, 4), (3, 4), (3, 6), (3, 9), (4, 4), (4, 5), (4, 7), (4, 8), (4, 9), (5, 5),
                 (5, 6), (5, 9), (5, 10)]
DICELAND_THEIRS = [(3, 5), (4, 6), (5, 5), (6, 3), (6, 4), (6, 5), (6, 6), (7, 2), (7, 4), (7, 5)]


def test_diceland_a_stop_is_judged_with_the_leftovers_it_hands_the_rival():
    """Two orange dice kept from the first roll, one red, green, blue and
    grey die left: a stop hands all four to the rival (D3.6, D4.2), who
    places one of them.  64 rollout pairs two turns ahead found the stop
    6.6 ± 1.5 points of win chance worse than a reroll; valued by the
    player's own afterstate alone (the rival's reply left out) it was
    marked equivalent, 1.2 points behind."""
    from diceland_core.games.diceland.actions import Choose, Stop
    from diceland_core.games.diceland.colours import Colour
    roll = [Colour.ORANGE, Colour.ORANGE, Colour.RED, Colour.GREEN, Colour.BLUE, Colour.GREY]
    state = get_game("diceland").new(board="A", players=2, seed=3, start_player=0,
                                     crossed=[DICELAND_MINE, DICELAND_THEIRS], script=[roll])
    state.apply(Choose(Colour.ORANGE))
    state.apply(Stop())
    d = Review(record_json(state), 0).decide(1)
    assert d.kind == "reroll_or_stop" and d.played.action == {"type": "stop"}
    assert d.best[0].action == {"type": "reroll"}
    assert d.mark in BAD and d.loss >= THRESHOLDS["inaccuracy"], (d.mark, d.loss)


def test_the_words_say_what_the_move_did():
    _, _, d = planted_decision("diceland")
    assert d.said("en")["played"] == "Your move, cross nothing: nothing crossed."
    assert re.search(r"\d+ cells? crossed", d.said("en")["better"]) and "points of win chance more" in d.said("en")["better"]
    _, _, d = planted_decision("wideshut")
    assert "6-box" in d.said("en")["played"] or "split" in d.said("en")["played"] or "points now" in d.said("en")["played"]
    _, _, d = planted_decision("clever")
    assert d.kind == "first_pick" and d.dice.get("en")
    assert "silver platter" in d.said("en")["played"] or "points now" in d.said("en")["played"]


# -- values, luck, marks ------------------------------------------------------------------------

def test_luck_is_the_value_the_roll_brought():
    """Solo Ganz schön clever: between two picks of a turn the only roll is
    the one the first pick made, so the second's luck is its position's
    value less the first move's (dice-blind) value."""
    review = Review(record_json(game_by("clever", "greedy", 4)), 0)
    decisions = list(review.decisions())
    pairs = [(a, b) for a, b in zip(decisions, decisions[1:])
             if a.kind in ("first_pick", "later_pick") and b.kind == "later_pick" and a.turn == b.turn]
    assert pairs
    for a, b in pairs:
        assert b.luck == pytest.approx(b.value_before - a.value_after, abs=1e-6)
    assert any(abs(b.luck) > 0.5 for _, b in pairs)
    summary = summarise(review, decisions)
    assert summary["luck"] == pytest.approx(sum(d.luck for d in decisions) + review.tail_luck(), abs=1e-2)
    assert summary["luck_adjusted"] == pytest.approx(summary["result"] - summary["luck"], abs=1e-2)
    assert summary["result"] == review.final.sheets[0].total()


@pytest.mark.parametrize("name, players, seed", [("diceland", 2, 1), ("wideshut", 2, 0), ("clever", 2, 0)])
def test_every_roll_of_the_game_counts_once_in_each_seats_luck(name, players, seed):
    """The luck of a seat's decisions and of the game's last dice (rolls
    after its last decision) together take in every roll of the game once."""
    definition = get_game(name)
    bots = [definition.make_bot("greedy", seed + p) for p in range(players)]
    state = play_game("A" if name == "diceland" else None, bots, seed, game=name)
    tails = []
    for seat in range(players):
        review = Review(record_json(state), seat)
        counted = sum(len(review._rolls[i]) for i in range(len(review))) + len(review._tail)
        assert counted == _rolled(review)
        tails.append(len(review._tail))
    decisions = list(review.decisions())  # (the last seat's)
    assert summarise(review, decisions)["luck"] == pytest.approx(
        sum(d.luck for d in decisions) + review.tail_luck(), abs=1e-2)
    if name == "diceland":
        assert max(tails) > 0  # this game ends on a roll after a seat's last decision


def _rolled(review) -> int:
    """How many actions of the record rolled dice."""
    rec = review.record
    state = review.definition.from_setup({**rec["setup"], "meta": rec.get("meta", {})}, rec["seed"], rec["players"])
    rolled = 0
    for action in review.actions:
        count = len(state.rolls)
        state.apply(action)
        rolled += len(state.rolls) != count
    return rolled


@pytest.mark.parametrize("name", ["clever", "wideshut", "diceland"])
def test_a_move_is_worth_out_of_the_review_what_the_review_says(name):
    """move_worth (what a page outside the review values a move by) gives
    each played and best move the value the review gives it."""
    review = Review(record_json(game_by(name, "greedy", 6)), 0)
    for index in range(0, len(review), 5):
        d = review.decide(index)
        position = review.position(index)
        for move in (d.played, *d.best):
            action = review.definition.action_from_json(move.action)
            assert move_worth(position, action, 0) == pytest.approx(move.value, abs=1e-9)


def test_marks_follow_the_thresholds_and_accuracy_its_formula():
    assert mark_for(0.0) == "best" and mark_for(5.0, forced=True) == "forced"
    assert mark_for(0.01) == "equivalent" and mark_for(THRESHOLDS["inaccuracy"] - 0.01) == "equivalent"
    assert mark_for(THRESHOLDS["inaccuracy"]) == "inaccuracy"
    assert mark_for(THRESHOLDS["mistake"] - 0.01) == "inaccuracy"
    assert mark_for(THRESHOLDS["mistake"]) == "mistake" and mark_for(THRESHOLDS["blunder"]) == "blunder"
    assert accuracy([]) == 100 and accuracy([0, 0]) == 100
    assert accuracy([5.0]) == pytest.approx(100 / 2.718281828, rel=1e-6) and accuracy([1, 3]) < accuracy([1, 1])


def test_deterministic_resumable_cancellable_and_the_position_is_a_copy():
    state, at = planted("clever", 5, lambda s: True, clever_plant)
    review = Review(record_json(state), 0, seed=3)
    i = decision_at(review, at)
    later = next(review.decisions(start=i + 1))
    first = review.decide(i)
    again = Review(record_json(state), 0, seed=3)
    assert next(again.decisions(start=i)) == first and again.decide(i + 1) == later
    with pytest.raises(Cancelled):
        review.decide(i, cancel=lambda: True)
    position = review.position(i)
    position.apply(position.legal_actions(0)[0])
    assert review.decide(i) == first


def test_confirming_rollouts_give_a_spread_and_mark_a_contradiction_uncertain():
    from diceland_core.core.review import Z, _band, _bands
    review = Review(record_json(game_by("wideshut", "random", 6)), 0, seed=1, confirm=8)
    decisions = list(review.decisions())
    close = [d for d in decisions if d.se is not None]
    assert close and any(d.mark == "uncertain" for d in close)
    for d in close:
        agree = _band(d.loss) in _bands(d.rollout_loss - Z * d.se, d.rollout_loss + Z * d.se)
        assert (d.mark == "uncertain") == (not agree)
        assert agree <= (d.mark == mark_for(d.loss))
        assert abs(d.loss - THRESHOLDS["inaccuracy"]) < 2
    assert all(d.se is None and d.rollout_loss is None for d in Review(record_json(game_by("wideshut", "random", 2)),
                                                                        0).decisions())
    assert summarise(review, decisions)["counts"]["uncertain"] == sum(d.mark == "uncertain" for d in decisions)


# -- try it yourself ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_judge_answers_the_best_a_worse_and_an_illegal_move(name):
    review, i, d = planted_decision(name, "it")
    best = review.judge(i, d.best[0].action)
    assert best["legal"] and best["is_best"] and best["loss"] == 0 and best["mark"] == "best"
    assert best["said"] == render_message("review.judge_best", {}, "it")
    played = review.judge(i, json.dumps(d.played.action))
    assert played["legal"] and not played["is_best"] and played["loss"] == pytest.approx(d.loss, abs=1e-3)
    assert played["mark"] == d.mark and d.best[0].text("it") in played["said"]
    for bad in ("{not json", {"type": "no such move"}, [1, 2], None):
        answer = review.judge(i, bad)
        assert not answer["legal"] and answer["said"] == render_message("review.judge_malformed", {}, "it")
    other = review.judge(i, _someone_elses(name, d.played.action))
    assert not other["legal"] and other["said"]


def _someone_elses(name: str, action: dict) -> dict:
    if "player" in action:
        return {**action, "player": 1 - action["player"] if players_of(name) > 1 else 3}
    return {"type": "stop"} if action.get("type") != "stop" else {"type": "reroll"}


# -- every game, every language ----------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_every_decision_reads_in_every_language(name):
    review = Review(record_json(game_by(name, "random", 3)), 0)
    kinds = set()
    for d in list(review.decisions())[:30]:
        kinds.add(d.kind)
        for lang in LANGUAGES:
            data = d.to_dict(lang)
            assert CONTRACT <= set(data)
            assert json.loads(json.dumps(data)) == data
            texts = [data["kind"]["text"], data["mark_text"], data["said"]["played"], data["unit"], data["played"]["text"]]
            assert all(t and "review." not in t and "{" not in t for t in texts), texts
            assert data["loss"] >= 0 and len(data["best"]) <= 3 and data["mark"] in MARKS
            # every word in the asked language, whatever the review's own
            action = review.definition.action_from_json(data["played"]["action"])
            assert data["played"]["text"] == review.describe(review.position(d.index), action, lang)
            assert data["played"]["text"] in data["said"]["played"]
    assert len(kinds) >= 2
    for code in message_codes("review"):
        assert all(render_message(code, {}, lang) for lang in LANGUAGES)
    assert hooks_for(get_game(name)).unit in message_codes("review")


# -- the command --------------------------------------------------------------------------------------

def run(*argv, out=None):
    out, err = out or io.StringIO(), io.StringIO()
    args = SimpleNamespace(record=argv[0], seat=1, lang="en", json=False, seed=0, start=1, count=None, confirm=0)
    for key, value in zip(argv[1::2], argv[2::2]):
        setattr(args, key, value)
    code = cmd_review(args, out, err)
    return code, out.getvalue(), err.getvalue()


class Lines(io.StringIO):
    """Records how many lines had been written at each flush."""

    def __init__(self):
        super().__init__()
        self.flushed: list[int] = []

    def flush(self):
        self.flushed.append(self.getvalue().count("\n"))


def test_json_streams_one_line_per_decision_then_the_summary(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(record_json(game_by("wideshut", "greedy", 5)), encoding="utf-8")
    out = Lines()
    code, text, err = run(str(path), "json", True, "lang", "es", out=out)
    lines = text.splitlines()
    assert code == 0 and not err
    decisions = [json.loads(line) for line in lines[:-1]]
    assert [d["index"] for d in decisions] == list(range(len(decisions))) and len(decisions) >= 10
    assert all(CONTRACT <= set(d) for d in decisions)
    summary = json.loads(lines[-1])["summary"]
    assert {"accuracy", "counts", "error_total", "luck", "result", "luck_adjusted", "by_kind", "key_moments",
            "thresholds", "unit", "text"} <= set(summary)
    assert sum(summary["counts"].values()) == len(decisions) and summary["unit"] == "puntos de ventaja"
    # every decision was written (and flushed) before the next was judged
    assert out.flushed[:len(decisions)] == list(range(1, len(decisions) + 1))


def test_the_text_report_reads(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(record_json(planted("clever", 5, lambda s: True, clever_plant)[0]), encoding="utf-8")
    code, out, err = run(str(path), "count", 3, "lang", "es")
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("Revisión de las decisiones de jugador 1")
    assert "mejores:" in out and "Tu jugada" in out and lines[-3].startswith("Precisión")
    assert main(["review", str(path), "--count", "0"]) == 0


@pytest.mark.parametrize("content,words", [
    (None, "cannot read the file"),
    ("{not json", "not valid JSON"),
    ('{"format": "something-else"}', "not a game record"),
    ("GAME:chess", "unknown game 'chess'"),
    ("ACTION", "is not legal"),
    ("SEAT", "there is no player 3"),
])
def test_bad_records_exit_2_in_plain_words(tmp_path, capsys, content, words):
    path = tmp_path / "bad.json"
    record = json.loads(record_json(game_by("wideshut", "expert", 2)))
    argv = ["review", str(path)]
    if content == "GAME:chess":
        record["game"] = "chess"
    elif content == "ACTION":
        record["history"]["actions"][1]["player"] = 1 - record["history"]["actions"][1]["player"]
    elif content == "SEAT":
        argv += ["--seat", "3"]
    if content in ("GAME:chess", "ACTION", "SEAT"):
        path.write_text(json.dumps(record), encoding="utf-8")
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and err.startswith("review: ")


def test_moves_read_with_rows_and_columns_from_1():
    from diceland_core.games.diceland.actions import Place
    from diceland_core.games.wideshut.actions import Take
    dl = hooks_for(get_game("diceland"))
    state = get_game("diceland").new(players=2, seed=1)
    assert dl.describe(state, Place(0, ((0, 0), (1, 2))), "en").endswith("row 1, column 1; row 2, column 3")
    assert dl.describe(state, Place(0, ((0, 0),)), "it").endswith("riga 1, colonna 1")
    ws = hooks_for(get_game("wideshut"))
    state = get_game("wideshut").new(players=2, seed=1)
    state.apply(state.legal_actions()[0])  # the roll
    take = Take(0, "red", (0,), (("red", 0, 0),))
    assert ws.describe(state, take, "es") == f"tomar {state.roll[0]} como rojo: rojo, fila 1, columna 1"


def test_a_game_without_position_values_says_so(monkeypatch, tmp_path, capsys):
    import dataclasses

    from diceland_core.core import review as review_module
    real = review_module.definition_of
    monkeypatch.setattr(review_module, "definition_of", lambda state: dataclasses.replace(real(state), value=None))
    path = tmp_path / "game.json"
    path.write_text(record_json(game_by("wideshut", "expert", 2)), encoding="utf-8")
    with pytest.raises(ValueError, match="no position values"):
        Review(path.read_text(encoding="utf-8"), 0)
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Dice Wide Shut has no position values" in err and "Traceback" not in err
