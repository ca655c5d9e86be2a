"""The turn log of every game (``diceland_site.turn_log`` and each game's
``announce``): a seeded whole game gives its turns in order, each with its
story; a bonus chain is one line with arrows; a game resumed from its
record gives the same log as the live game; an undo and a new language
rebuild it."""

from __future__ import annotations

import re

import pytest

from diceland_core import get_game
from diceland_core.core.record import load_record, record_json
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.games.wideshut.controller import Controller as WideController
from diceland_site.seats import Seat
from diceland_site.turn_log import ARROW, TurnLog, turn_entry

SEATS = (Seat("Ana"), Seat("Bo", "greedy"))


def controller(name: str, game, lang: str = "en"):
    if name == "diceland":
        return DicelandController(game, SEATS, lang=lang)
    if name == "clever":
        return CleverController(game, SEATS, lang)
    return WideController(game, SEATS, lang)


def state_of(ctrl):
    return ctrl.game if isinstance(ctrl, CleverController) else ctrl.game


def played(name: str, seed: int, steps: int = 10_000, lang: str = "en"):
    """A controller after ``steps`` decisions of a seeded two-player game
    (the person's moves made by a bot, through the controller)."""
    options = {"board": "A"} if name == "diceland" else {}
    ctrl = controller(name, get_game(name).new(players=2, seed=seed, **options), lang)
    bot = get_game(name).make_bot("greedy", 5)
    for _ in range(steps):
        game = state_of(ctrl)
        if game.over:
            break
        p = game.waiting_for()[0]
        if ctrl.seats[p].is_human or not ctrl.bot_step().ok:
            assert ctrl._apply(bot.choose(game, p)).ok
    return ctrl


#: a turn's heading: its round (or turn) number and whose turn it is
HEADING = {"diceland": re.compile(r"^Turn (\d+) · (Ana|Bo)'s turn$"),
           "clever": re.compile(r"^Round (\d+) · (Ana|Bo)'s turn$"),
           "wideshut": re.compile(r"^Round (\d+) · (Ana|Bo)'s turn$")}


@pytest.mark.parametrize("name", ["diceland", "clever", "wideshut"])
def test_a_whole_game_gives_its_turns_in_order(name):
    ctrl = played(name, seed=11)
    game = state_of(ctrl)
    assert game.over
    turns = ctrl.turn_log.turns
    assert len(turns) >= 6
    numbers, starts = [], []
    for turn in turns:
        m = HEADING[name].match(turn.title)
        assert m, turn.title
        numbers.append(int(m.group(1)))
        starts.append(turn.start)
        assert turn.lines, turn.title
    assert numbers == sorted(numbers) and numbers[0] == 1
    assert starts == sorted(starts) and starts[0] == 0 and starts[-1] < len(game.actions)
    # the players take turns: the heading names the player who rolls first in it
    first_roll = {"diceland": " rolls: ", "clever": " rolls: ", "wideshut": " rolls "}[name]
    for turn in turns:
        whose = HEADING[name].match(turn.title).group(2)
        assert turn.lines[0].startswith(whose + first_roll) or name == "clever", turn.lines[:2]
    assert any("wins" in line or "Winner" in line for line in turns[-1].lines)


def test_clever_lines_tell_the_turn_in_order():
    turn = played("clever", seed=3).turn_log.turns[0]
    assert turn.title == "Round 1 · Ana's turn"
    assert turn.lines[:5] == [
        "Round bonus for everyone: a reroll.",
        "Ana rolls: white 4, yellow 4, blue 4, green 6, orange 1, purple 2.",
        "To the silver platter: orange 1, purple 2.",
        "Ana picks white 4 → orange",
        "Ana rolls the remaining dice: yellow 1, blue 5, green 3.",
    ]
    assert turn.lines[-1] == "Bo takes purple 2 from the silver platter → purple"


def test_a_clever_bonus_chain_is_one_line():
    lines = played("clever", seed=3).turn_log.lines()
    # a die's mark, the choice bonus it earned and the cross placed with it
    chained = [line for line in lines if re.search(r"→ (yellow|blue) X → cross on (yellow|blue) ", line)]
    assert chained, lines
    assert any(re.search(r"^(Ana|Bo) picks \w+ \d → \w+.* → (a reroll|\+1 action|a fox)", line) for line in lines)
    # the cross is not also a line of its own
    assert not any(line.startswith("cross on") or "bonus cross" in line for line in lines)


def test_a_diceland_bonus_chain_is_one_line():
    lines = played("diceland", seed=11).turn_log.lines()
    assert any(re.fullmatch(r"(Ana|Bo) crosses \d × \w+ → bonus cell \(\d of 9\) → bonus roll", line)
               for line in lines), lines
    assert not any(line.endswith("earns a bonus roll.") for line in lines)
    assert any(line.endswith("with a bonus roll") for line in lines)


def test_a_wideshut_split_continues_the_take():
    for seed in range(1, 30):
        lines = played("wideshut", seed=seed).turn_log.lines()
        split = [line for line in lines if "is full and splits" in line]
        if split:
            break
    assert split
    assert all(re.match(r"(Ana|Bo) takes .* → .* row \d is full and splits", line) for line in split), split


@pytest.mark.parametrize("name", ["diceland", "clever", "wideshut"])
@pytest.mark.parametrize("steps", [7, 10_000])
def test_resuming_from_the_record_gives_the_same_log(name, steps):
    live = played(name, seed=11, steps=steps)
    resumed = controller(name, load_record(record_json(state_of(live))))
    assert resumed.turn_log.to_json() == live.turn_log.to_json()
    assert resumed.turn_log.lines() and resumed.turn_log == live.turn_log


@pytest.mark.parametrize("name", ["diceland", "clever", "wideshut"])
def test_a_new_language_rebuilds_the_log(name):
    ctrl = played(name, seed=11, steps=12)
    before = ctrl.turn_log.to_json()
    ctrl.set_language("es")
    spanish = ctrl.turn_log.to_json()
    assert [len(t["lines"]) for t in spanish] == [len(t["lines"]) for t in before]
    assert spanish[0]["title"] != before[0]["title"] and spanish[0]["title"].startswith(("Ronda", "Turno"))
    assert spanish == played(name, seed=11, steps=12, lang="es").turn_log.to_json()


def test_an_undo_takes_the_move_out_of_the_log():
    ctrl = DicelandController(get_game("diceland").new(players=2, seed=11, board="A"), (Seat("Ana"), Seat("Cy")))
    assert ctrl.roll().ok
    before = ctrl.turn_log.to_json()
    assert ctrl.choose(ctrl.game.roll[0]).ok
    assert ctrl.turn_log.to_json() != before
    assert ctrl.undo().ok
    assert ctrl.turn_log.to_json() == before


def test_the_log_model():
    log = TurnLog()
    log.add("")                     # nothing to say: no line, no turn
    assert log.turns == []
    log.add("before any turn")      # a line before a heading gets a turn without one
    log.begin("Round 1 · Ana's turn", 0)
    log.add("Ana picks yellow 4 → yellow row 2, column 3")
    log.open_chain(0)
    log.add("To the silver platter: white 1.")
    assert log.chain(0, "blue X") and log.chain(0, "cross on blue 7")
    assert not log.chain(1, "nothing open for Bo")
    log.begin("Round 1 · Bo's turn", 3)
    assert not log.chain(0, "a chain ends with its turn")
    assert log.lines() == ["before any turn", "Round 1 · Ana's turn",
                           "Ana picks yellow 4" + ARROW + "yellow row 2, column 3" + ARROW + "blue X"
                           + ARROW + "cross on blue 7",
                           "To the silver platter: white 1.", "Round 1 · Bo's turn"]
    finished = turn_entry(log.turns[1], 1, current=False, replay="Replay")
    assert finished.title == "Round 1 · Ana's turn" and not finished.open and finished.replay == "Replay"
    assert not any(latest for _, latest in finished.lines)
    now = turn_entry(log.turns[1], 1, current=True, replay="Replay")
    assert now.open and now.replay == "" and [latest for _, latest in now.lines] == [False, True]


def bonus_prompts(name: str, seeds) -> list[str]:
    """The prompts of every bonus cross (Clever) or bonus roll (Diceland) of
    seeded games of two people (the moves a bot's, through the controller)."""
    prompts = []
    for seed in seeds:
        options = {"board": "A"} if name == "diceland" else {}
        ctrl = controller(name, get_game(name).new(players=2, seed=seed, **options))
        ctrl.seats = [Seat("Ana"), Seat("Cy")]
        bot = get_game(name).make_bot("greedy", 5)
        while not state_of(ctrl).over:
            game = state_of(ctrl)
            prompt = ctrl.model().prompt
            if ("pending_player" in vars(game) and game.pending_player is not None) or "bonus roll" in prompt:
                prompts.append(prompt)
            assert ctrl._apply(bot.choose(game, game.waiting_for()[0])).ok
    return prompts


def test_a_clever_bonus_prompt_says_what_earned_it():
    prompts = bonus_prompts("clever", range(1, 9))
    assert prompts and all(re.fullmatch(
        r"(Ana|Cy): (yellow|blue) X, from (completing yellow row \d|completing the blue (row|column) [\d, ]+"
        r"|reaching box \d+ of (green|orange|purple)|the bonuses of the cross on [a-z ,\d]+)\. Place the cross on a lit field\.", p) for p in prompts), prompts
    assert any("completing yellow row" in p for p in prompts) and any("reaching box" in p for p in prompts)


def test_a_diceland_bonus_roll_prompt_says_what_earned_it():
    prompts = [p for p in bonus_prompts("diceland", [11]) if "Press Roll" in p]
    assert prompts and all(re.fullmatch(r"(Ana|Cy), a bonus roll for (the bonus cell you crossed|completing \w+)! "
                                        r"Press Roll\.", p) for p in prompts), prompts


@pytest.mark.parametrize("name", ["diceland", "clever", "wideshut"])
def test_a_finished_turn_replays_move_by_move(name):
    from diceland_site.turn_replay import TurnReplay

    ctrl = played(name, seed=11, steps=40)
    game, log = state_of(ctrl), ctrl.turn_log
    assert len(log.turns) >= 3
    before = len(game.actions), game.scores()
    replay = TurnReplay(game, log, 1)
    assert replay.start == log.turns[1].start and replay.end == log.turns[2].start
    assert replay.moves == replay.end - replay.start > 0
    seen = []
    while not replay.done:
        seen.append(len(replay.position.actions))
        replay.advance()
    assert seen == list(range(replay.start, replay.end + 1))
    assert replay.position is None and not replay.advance()
    # the last position is the next turn's start, as the record has it
    again = type(game).replay(game.setup, game.actions[:replay.end])
    assert replay.frames[-1].summary() == again.summary() and replay.frames[-1].rolls == again.rolls
    assert (len(game.actions), game.scores()) == before  # the game itself is untouched
    with pytest.raises(ValueError, match="not a finished turn"):
        TurnReplay(game, log, len(log.turns) - 1)
    stopped = TurnReplay(game, log, 0)
    stopped.stop()
    assert stopped.done


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("name", ["diceland", "clever", "wideshut"])
def test_while_a_bot_plays_the_prompt_tells_its_latest_move(name, lang):
    """Each of a bot's moves is read where the player looks (the prompt),
    one after another as the bot steps, not only in the closed log."""
    ctrl = played(name, seed=3, steps=0, lang=lang)
    bot = get_game(name).make_bot("greedy", 5)
    seen = []
    for _ in range(400):
        game = state_of(ctrl)
        if game.over or len(seen) >= 4:
            break
        p = game.waiting_for()[0]
        if ctrl.seats[p].is_human:
            assert ctrl._apply(bot.choose(game, p)).ok
            continue
        latest = ctrl.turn_log.latest()
        prompt = ctrl.model().prompt
        if latest:
            assert prompt.endswith(latest) and ctrl.strings.t("log.last", line=latest) in prompt, prompt
            assert prompt.startswith(ctrl.strings.t("prompt.waiting_bot" if name == "diceland" else
                                                    "clever.prompt.bot" if name == "clever" else "prompt.bot",
                                                    name="Bo")), prompt
            seen.append(latest)
        assert ctrl.bot_step().ok
    assert len(set(seen)) >= 3, seen  # the prompt followed the bot move by move
