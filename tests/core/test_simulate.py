"""The simulate module and command: seat rotation, board cycling, determinism,
the JSON summary, and the expert's strength against the greedy bot."""

from __future__ import annotations

import json

import pytest

from diceland_core.games.diceland.board import board_ids
from diceland_core.games.diceland import DEFINITION
from diceland_core.cli import main
from diceland_core.core.simulate import play_game, run_games, seat_bots, simulate

BOARDS = board_ids()
KEYS = {"games", "players", "boards", "bots", "wins_by_bot", "win_rate_by_bot", "wins_by_seat", "turns", "seconds"}


def run_json(capsys, *args: str) -> dict:
    assert main(["simulate", *args, "--json", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)


def test_seat_rotation():
    assert seat_bots(["expert", "greedy"], 2, 0) == ["expert", "greedy"]
    assert seat_bots(["expert", "greedy"], 2, 1) == ["greedy", "expert"]
    # fewer bots than players: the list is cycled
    assert seat_bots(["expert", "greedy"], 3, 0) == ["expert", "greedy", "expert"]
    assert [seat_bots(["a", "b", "c"], 3, i)[0] for i in range(3)] == ["a", "c", "b"]


def test_simulate_json_is_consistent(capsys):
    s = run_json(capsys, "--board", ",".join(BOARDS[:2]), "--players", "2", "--bots", "greedy,random",
                 "--games", "8", "--seed", "5")
    assert KEYS <= set(s)
    assert s["games"] == 8 and s["players"] == 2 and s["boards"] == BOARDS[:2]
    assert s["bots"] == ["greedy", "random"]
    # every game has a winner (D6); a shared win (D6.2) counts for each winner
    wins = sum(s["wins_by_bot"].values())
    assert wins == sum(s["wins_by_seat"]) == sum(s["wins_by_start_offset"]) == 8 + s["shared_wins"]
    assert s["finished"] == 8 and s["unfinished"] == 0
    # seats rotated evenly: each bot 4 times in each seat
    assert s["games_by_seat_by_bot"] == {"greedy": [4, 4], "random": [4, 4]}
    for k, w in s["wins_by_bot"].items():
        assert s["win_rate_by_bot"][k] == pytest.approx(w / s["seat_games_by_bot"][k], abs=1e-4)
    t = s["turns"]
    assert 1 <= t["p50"] <= t["p90"] <= t["max"] and t["mean"] > 0
    # boards cycled over whole rotations: each board 4 games
    assert {b: v["games"] for b, v in s["per_board"].items()} == {BOARDS[0]: 4, BOARDS[1]: 4}


def test_simulate_cycles_bots_over_more_seats(capsys):
    s = run_json(capsys, "--board", BOARDS[0], "--players", "3", "--bots", "random,greedy",
                 "--games", "6", "--seed", "1")
    # random,greedy,random rotated over 3 seats: random 2 seats a game, greedy 1
    assert s["seat_games_by_bot"] == {"random": 12, "greedy": 6}
    assert s["games_by_seat_by_bot"] == {"random": [4, 4, 4], "greedy": [2, 2, 2]}


def test_simulate_text_summary(capsys):
    assert main(["simulate", "--board", BOARDS[0], "--bots", "random", "--games", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "| random |" in out and "turns: mean" in out


def test_simulate_rejects_bad_arguments(capsys):
    assert main(["simulate", "--bots", "wizard", "--games", "1", "--quiet"]) == 2
    assert main(["simulate", "--players", "5", "--games", "1", "--quiet"]) == 2
    assert main(["simulate", "--board", "nope", "--games", "1", "--quiet"]) == 2
    assert "unknown" in capsys.readouterr().err


def test_same_seed_same_summary_for_any_worker_count():
    args = (BOARDS[:3], 3, ["greedy", "random"], 9, 42)
    one = run_games(*args, workers=1)
    two = run_games(*args, workers=2)
    assert one == two
    again = simulate(*args)
    assert again["wins_by_seat"] == simulate(*args)["wins_by_seat"]


def test_play_game_turn_cap():
    game = play_game(BOARDS[0], [DEFINITION.make_bot("random", 1), DEFINITION.make_bot("random", 2)], 3, max_turns=5)
    assert not game.over and game.turn == 6


def test_expert_beats_greedy():
    # Measured over 1,000 seat-rotated 2-player games on boards A–H, the
    # expert wins about 3 in 4 games against the greedy bot (shared wins count
    # for both).  Here: 60 games (30 per seat order; 51 won).  Under a true
    # rate of 0.75 the standard error of the observed rate is
    # sqrt(0.75*0.25/60) = 0.056, so the threshold 0.60 is 2.7 standard
    # errors below it, while a bot no better than greedy (about 0.52 with
    # shared wins) would pass with chance under 10%.  The games are seeded,
    # so the outcome is fixed; the margin guards against later tuning.  (One
    # process: the same numbers with any number of workers are checked above.)
    s = simulate(BOARDS, 2, ["expert", "greedy"], 60, 2024, workers=1)
    assert s["unfinished"] == 0
    rate = s["wins_by_bot"]["expert"] / s["games"]
    assert rate >= 0.60, s["wins_by_bot"]
    assert s["wins_by_bot"]["expert"] > s["wins_by_bot"]["greedy"]


@pytest.mark.parametrize("game,players,bots", [("clever", 1, "greedy"), ("clever", 2, "greedy,random"),
                                               ("wideshut", 3, "greedy,random")])
def test_simulate_other_games_json_and_workers(capsys, game, players, bots):
    """``--game``: the same JSON keys for every game, scores by bot with
    their parts by area, and the same numbers for any number of workers."""
    args = ["--game", game, "--players", str(players), "--bots", bots, "--games", "4", "--seed", "3"]
    one = run_json(capsys, *args, "--workers", "1")
    two = run_json(capsys, *args, "--workers", "2")
    assert one["game"] == game and one["games"] == 4 and one["finished"] == 4
    assert {"games", "win_rate_by_bot", "score_by_bot"} <= set(one)
    assert "boards" not in one
    for key in ("wins_by_bot", "win_rate_by_bot", "score_by_bot", "wins_by_seat"):
        assert one[key] == two[key], key
    areas = {"clever": {"yellow", "blue", "green", "orange", "purple", "fox"}, "wideshut": {"red", "blue"}}[game]
    for kind, score in one["score_by_bot"].items():
        assert set(score) == {"mean", "median", "p10", "p90", "areas"}
        assert set(score["areas"]) == areas
        assert score["p10"] <= score["median"] <= score["p90"]
