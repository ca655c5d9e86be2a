"""The other players' boards, small: which boards, their accessible names,
the last placement outlined, the way back to one's own board."""

from __future__ import annotations

from diceland_core.games.diceland import Game
from diceland_core.games.diceland.actions import Place
from diceland_site.games.diceland import draw
from diceland_site.games.diceland.controller import Controller, Seat
from diceland_site.games.diceland.minis import LAST_MOVE_COLOUR, last_move, mini_layout, mini_ops, minis


def bot_game(board, kinds=("human", "greedy", "greedy"), seed=3, lang="en", start_player=0):
    seats = [Seat(n, k) for n, k in zip(["Ana", "Bo", "Cy", "Dee"], kinds)]
    return Controller(Game.new([board] * len(kinds), seed=seed, start_player=start_player), seats, lang=lang)


def play_until_a_bot_placed(ctl, limit=400):
    """Let the person make some decision and the bots move until bot 1 placed cells."""
    for _ in range(limit):
        if last_move(ctl.game, 1) or ctl.game.over:
            return
        if ctl.bot_pending() and ctl.current_seat() is None:
            ctl.bot_step()
            continue
        if ctl.needs_handoff():
            ctl.acknowledge_handoff()
        if ctl.needs_roll():
            ctl.roll()
            continue
        p = ctl.current_seat()
        ctl._apply(ctl.game.legal_actions(p)[-1])
    raise AssertionError("bot 1 never placed")


def test_every_other_player_has_a_mini_board_and_none_is_mine(board):
    ctl = bot_game(board)
    m = minis(ctl)
    assert m.home == 0 and m.shown == 0 and m.back == ""
    assert [b.player for b in m.boards] == [1, 2]
    assert [b.name for b in m.boards] == ["Bo", "Cy"]
    assert all(b.chip == f"{b.name} ★0" and not b.shown and b.last_move == () for b in m.boards)
    assert m.boards[0].label == "Show the board of Bo. Bonus cells: 0 of 9"
    assert ctl.model().minis == m
    # a bot starts: the person's board is still the one not shown small
    assert [b.player for b in minis(bot_game(board, start_player=1)).boards] == [1, 2]


def test_a_mini_board_names_the_stars_finished_colours_and_last_move(board):
    ctl = bot_game(board)
    play_until_a_bot_placed(ctl)
    g = ctl.game
    cells = next(a.cells for a in reversed(g.actions) if isinstance(a, Place) and a.player == 1)
    mini = minis(ctl).boards[0]
    assert mini.last_move == tuple(cells)
    assert mini.crossed == len(g.sheets[1].crossed_cells()) - 1 >= len(cells)
    colour = board.colour_at(*cells[0])
    assert f"{len(cells)} {colour.key} cell" in mini.label or f"one {colour.key} cell" in mini.label
    assert f"{g.sheets[1].stars} of 9" in mini.label
    italian = minis(Controller(g, ctl.seats, lang="it")).boards[0].label
    assert italian.startswith("Mostra il tabellone di Bo") and "Ultima mossa" in italian


def test_the_last_move_is_outlined_on_the_mini_board(board):
    ctl = bot_game(board)
    play_until_a_bot_placed(ctl)
    layout = mini_layout(board, 180.0, 2.0)
    assert layout.fits() and layout.css_width == 180.0 and not layout.info_bar
    ops = mini_ops(ctl.game, 1, layout)
    outlined = [op for op in ops if op[0] == "poly" and op[3] == LAST_MOVE_COLOUR]
    assert len(outlined) == len(last_move(ctl.game, 1)) > 0
    crosses = [op for op in draw.frame_ops(ctl.game.sheets[1], layout) if op[0] == "poly"]
    assert all(op in ops for op in crosses)
    assert not [op for op in mini_ops(ctl.game, 2, layout) if op[0] == "poly" and op[3] == LAST_MOVE_COLOUR] \
        or last_move(ctl.game, 2)


def test_finished_colours_are_named(board):
    ctl = bot_game(board, kinds=("human", "expert"), seed=9)
    for _ in range(3000):
        if ctl.game.sheets[1].completed_colours() or ctl.game.over:
            break
        play_step(ctl)
    done = ctl.game.sheets[1].completed_colours()
    assert done
    mini = minis(ctl).boards[0]
    assert [f.colour for f in mini.finished] == [c.key for c in done]
    assert "Finished: " in mini.label and mini.finished[0].name in mini.label


def play_step(ctl):
    if ctl.bot_pending() and ctl.current_seat() is None:
        ctl.bot_step()
    elif ctl.needs_handoff():
        ctl.acknowledge_handoff()
    elif ctl.needs_roll():
        ctl.roll()
    elif ctl.current_seat() is not None:
        ctl._apply(ctl.game.legal_actions(ctl.current_seat())[0])


def test_showing_an_opponent_offers_the_way_back(board):
    ctl = bot_game(board)
    ctl.view_sheet(2)
    m = minis(ctl)
    assert m.shown == 2 and [b.shown for b in m.boards] == [False, True]
    assert m.back == "Back to my board (Ana)"
    assert ctl.model().shown == 2
    ctl.view_sheet(None)
    assert minis(ctl).back == "" and ctl.shown_player() == 0


def test_in_a_game_of_bots_every_board_is_small(board):
    ctl = bot_game(board, kinds=("greedy", "random"))
    m = minis(ctl)
    assert m.home is None and [b.player for b in m.boards] == [0, 1] and m.back == ""


def test_an_opponent_shown_large_has_the_last_move_outlined(board):
    ctl = bot_game(board)
    play_until_a_bot_placed(ctl)
    layout = draw.Layout(360, 640)
    assert not [op for op in ctl.frame_ops(layout) if op[0] == "poly" and op[3] == LAST_MOVE_COLOUR]
    ctl.view_sheet(1)
    outlined = [op for op in ctl.frame_ops(layout) if op[0] == "poly" and op[3] == LAST_MOVE_COLOUR]
    assert len(outlined) == len(last_move(ctl.game, 1)) > 0
