"""The review of a player's decisions (diceland_core.core.review) and its
command: a game the expert played has no mistakes, a planted blunder is
found, losses agree with independent rollouts, the review is deterministic
and resumable, bad records exit 2 in plain words, every reason reads in
en/es/it."""

from __future__ import annotations

import io
import json
import math
from types import SimpleNamespace

import pytest

from diceland_core.cli import main
from diceland_core.core.errors import LANGUAGES, has_message, message_codes, render_message
from diceland_core.core.record import record_json, record_of
from diceland_core.core.registry import game_names, get_game
from diceland_core.core.review import (LABELS, THRESHOLDS, Cancelled, Review, Rollouts, hooks_for,
                                       label_for, summarise)
from diceland_core.core.review_cli import cmd_review
from diceland_core.core.simulate import play_game

BAD = ("mistake", "blunder")


def expert_game(name: str, seed: int):
    definition = get_game(name)
    players = definition.min_players
    bots = [definition.make_bot("expert", seed + p) for p in range(players)]
    return play_game(None, bots, seed, game=name)


def planted(name: str, seed: int, at: int, worst):
    """A seeded expert game where seat 0's first real decision from action
    ``at`` on is ``worst(state)``, the expert playing on from there; the
    state and the index of that action."""
    definition = get_game(name)
    state = definition.new(players=1 if name == "clever" else 2, seed=seed)
    bots = [definition.make_bot("expert", seed + p) for p in range(state.players)]
    where = None
    while not state.over:
        p = state.waiting_for()[0]
        if where is None and p == 0 and len(state.actions) >= at and len(state.legal_actions(0)) > 1:
            where = len(state.actions)
            state.apply(worst(state))
        else:
            state.apply(bots[p].choose(state, p))
    return state, where


def clever_worst(state):
    from diceland_core.games.clever.bots import ExpertBot
    return ExpertBot(0).ranked(state, 0)[-1][1]


def wideshut_worst(state):
    from diceland_core.games.wideshut.bots.expert import ExpertBot
    return min(ExpertBot(0).scored_outcomes(state, 0), key=lambda o: o[0])[1]


def decision_at(review: Review, action_index: int) -> int:
    return next(i for i, (a, _) in enumerate(review._positions) if a == action_index)


# -- the expert's own games -------------------------------------------------------------

@pytest.mark.parametrize("name", ["clever", "wideshut"])
def test_a_game_the_expert_played_has_no_mistakes(name):
    review = Review(record_json(expert_game(name, 11)), 0, seed=1)
    limit = 12 if name == "wideshut" else len(review)  # Dice Wide Shut rolls out to the end: slower
    decisions = [d for d in review.decisions() if d.index < limit]
    assert len(decisions) >= 12
    assert all(d.label not in BAD for d in decisions), [(d.index, d.label, d.loss, d.se) for d in decisions]
    # where the move is the expert's own, nothing is lost and nothing is rolled out
    same = [d for d in decisions if d.same]
    assert same and all(d.loss == 0 and d.pairs == 0 and d.label == "best" for d in same)


def test_a_diceland_game_the_expert_played_has_no_mistakes_in_its_first_decisions():
    review = Review(record_json(expert_game("diceland", 11)), 0, seed=1)
    decisions = [review.decide(i) for i in range(8)]
    assert all(d.label not in BAD for d in decisions)


# -- planted blunders -------------------------------------------------------------------

@pytest.mark.parametrize("name,at,worst", [("clever", 0, clever_worst), ("wideshut", 30, wideshut_worst)])
def test_a_planted_blunder_is_found(name, at, worst):
    state, at = planted(name, 5, at, worst)
    review = Review(record_of(state), 0, seed=2)
    d = review.decide(decision_at(review, at))
    assert not d.same
    assert d.label in BAD, (d.loss, d.se, d.pairs)
    assert d.loss >= THRESHOLDS[review.kind][1] and d.loss > 2.5 * d.se
    assert d.reason_code and has_message(d.reason_code)
    summary = summarise(review, [d])
    assert summary["lost"] == pytest.approx(d.loss, abs=1e-3) and summary["counts"][d.label] == 1
    assert summary["text"].startswith(render_message(f"review.lost_{review.kind}", {"loss": round(d.loss)}))


def test_a_loss_agrees_with_independent_rollouts():
    state, at = planted("clever", 5, 0, clever_worst)
    first = Review(record_of(state), 0, seed=2)
    i = decision_at(first, at)
    a = first.decide(i)
    b = Review(record_of(state), 0, seed=77).decide(i)
    assert a.pairs >= 4 and b.pairs >= 4 and a.se > 0 and b.se > 0
    assert abs(a.loss - b.loss) <= 3 * math.hypot(a.se, b.se), (a.loss, a.se, b.loss, b.se)
    # the split by area (the points now and what the sheet promises) adds up to the loss
    assert sum(a.areas.values()) == pytest.approx(a.loss)
    # and rollouts to the end of the game (no value function) find the same loss within their error
    full = Review(record_of(state), 0, seed=5, full=True, rollouts=Rollouts(8, 8, 8)).decide(i)
    assert full.pairs == 8 and full.se > a.se
    assert abs(full.loss - a.loss) <= 3 * math.hypot(a.se, full.se), (a.loss, a.se, full.loss, full.se)
    assert sum(full.areas.values()) == pytest.approx(full.loss)


# -- shaped for a page ------------------------------------------------------------------

def test_deterministic_resumable_and_cancellable():
    state, at = planted("clever", 5, 0, clever_worst)
    review = Review(record_json(state), 0, seed=3)
    i = decision_at(review, at)
    later = next(review.decisions(start=i + 1))  # reviewing another first changes nothing
    first = review.decide(i)
    again = Review(record_json(state), 0, seed=3)
    assert next(again.decisions(start=i)) == first
    assert again.decide(i + 1) == later
    other = Review(record_json(state), 0, seed=4).decide(i)
    assert (other.loss, other.se) != (first.loss, first.se)
    with pytest.raises(Cancelled):
        review.decide(i, cancel=lambda: True)


def test_labels_follow_the_thresholds():
    for kind, (inaccuracy, mistake, blunder) in THRESHOLDS.items():
        assert label_for(kind, inaccuracy - 0.01, 0) == "best"
        assert label_for(kind, inaccuracy, 0) == "inaccuracy"
        assert label_for(kind, mistake, 0) == "mistake"
        assert label_for(kind, blunder + 100, 0) == "blunder"
        assert label_for(kind, blunder + 100, (blunder + 100) / 2) == "best"  # a tie within the error


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_a_measure_and_every_reason_reads_in_every_language(name):
    hooks = hooks_for(get_game(name))
    assert hooks.measure in THRESHOLDS
    review = Review(record_json(expert_game(name, 3)), get_game(name).min_players - 1, seed=1,
                    rollouts=Rollouts(2, 2, 2))
    for d in [review.decide(i) for i in range(min(3, len(review)))]:
        assert has_message(d.reason_code)
        texts = {d.reason(lang) for lang in LANGUAGES}
        assert d.reason_code not in texts and all(t for t in texts)
        assert d.played_text and d.expert_text
    for code in message_codes("review"):
        assert all(render_message(code, {}, lang) for lang in LANGUAGES)
    assert all(has_message(f"review.label_{label}") for label in LABELS)


# -- the command ------------------------------------------------------------------------

def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    args = SimpleNamespace(record=argv[0], seat=1, lang="en", json=False, seed=0, start=1, count=None)
    for key, value in zip(argv[1::2], argv[2::2]):
        setattr(args, key, value)
    code = cmd_review(args, out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_command_reports_and_prints_json(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(record_json(planted("clever", 5, 0, clever_worst)[0]), encoding="utf-8")
    code, out, err = run(str(path), "count", 3, "lang", "es")
    assert code == 0 and not err
    lines = out.splitlines()
    assert lines[0].startswith("Revisión de las decisiones de jugador 1")
    assert "experto:" in out and "puntos perdidos" in lines[-1] and "3 decisiones" in lines[-1]
    code, out, err = run(str(path), "count", 3, "json", True)
    data = json.loads(out)
    assert code == 0 and data["game"] == "clever" and len(data["decisions"]) == 3
    assert {"played", "expert", "loss", "se", "label", "reason", "position"} <= set(data["decisions"][0])
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
    record = json.loads(record_json(expert_game("wideshut", 2)))
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
    assert dl.describe(None, Place(0, ((0, 0), (1, 2))), "en") == "cross row 1, column 1; row 2, column 3"
    assert dl.describe(None, Place(0, ((0, 0),)), "it") == "barrare riga 1, colonna 1"
    ws = hooks_for(get_game("wideshut"))
    state = get_game("wideshut").new(players=2, seed=1)
    state.apply(state.legal_actions()[0])  # the roll
    take = Take(0, "red", (0,), (("red", 0, 0),))
    assert ws.describe(state, take, "es") == f"tomar {state.roll[0]} como rojo: rojo, fila 1, columna 1"
