"""``window.diceland.hintTaps()`` without a browser: each game's plug-in
gives the hint's move as the clicks a person would make (button ids, and
points of the canvas from the game's own layout).  Here those clicks go
through what the page does with a click (the layout's hit test, the
controller's inputs), and the game must make the move the engine's hint
named."""

from __future__ import annotations

import pytest

from diceland_core import get_game
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.clever.draw import hit as clever_hit
from diceland_site.games.clever.layout import CanvasLayout
from diceland_site.games.diceland import draw as diceland_draw
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.games.wideshut.controller import Controller as WideController
from diceland_site.games.wideshut import draw as wideshut_draw
from diceland_site.games.wideshut.draw import layout_for
from diceland_site.seats import Seat


def press_by_id(ident, die, handoff, buttons):
    """What a click on the element ``ident`` does: ``die-N`` calls ``die(N)``,
    the handoff's button ``handoff()``, any other button its own in ``buttons``."""
    if ident.startswith("die-"):
        return die(int(ident[4:]))
    if ident == "btn-handoff":
        return handoff()
    return buttons[ident]()


class Diceland:
    name = "diceland"

    def __init__(self, seats, seed):
        self.ctrl = DicelandController(get_game("diceland").new(players=len(seats), seed=seed, board="A"), seats)

    def game(self):
        return self.ctrl.game

    def layout(self):
        return diceland_draw.Layout.for_board(self.ctrl.shown_board(), 420.0, 700.0, 1.0)

    def click(self, x, y, layout):
        cell = diceland_draw.hit(layout, x, y, [*self.ctrl.highlights(), *self.ctrl.selection])
        assert cell is not None, (x, y)
        return self.ctrl.tap(*cell)

    def press(self, ident):
        c = self.ctrl
        return press_by_id(ident, c.press_die, c.acknowledge_handoff, {
            "btn-roll": c.roll, "btn-reroll": c.reroll, "btn-stop": c.stop, "btn-confirm": c.confirm,
            "btn-pass": c.pass_})

    def bots(self):
        self.ctrl.run_bots()


class Clever:
    name = "clever"

    def __init__(self, seats, seed):
        self.ctrl = CleverController(get_game("clever").new(players=len(seats), seed=seed), seats)

    def game(self):
        return self.ctrl.game

    def layout(self):
        return CanvasLayout(420.0, 1.0)

    def click(self, x, y, layout):
        sx, sy = layout.to_sheet(x, y)
        spot = clever_hit(self.ctrl.model(), sx, sy)
        assert spot is not None, (x, y)
        return self.ctrl.tap(spot)

    def press(self, ident):
        return self.ctrl.press(ident[len("btn-"):])

    def bots(self):
        while self.ctrl.bot_step().ok:
            pass


class Wide:
    name = "wideshut"

    def __init__(self, seats, seed):
        self.ctrl = WideController(get_game("wideshut").new(players=len(seats), seed=seed), seats, "en")

    def game(self):
        return self.ctrl.game

    def layout(self):
        return layout_for(420.0, 1.0, 900.0)

    def click(self, x, y, layout):
        box = wideshut_draw.hit(layout, x, y)
        assert box is not None, (x, y)
        return self.ctrl.tap_box(*box)

    def press(self, ident):
        c = self.ctrl
        return press_by_id(ident, c.tap_die, c.acknowledge_handoff, {
            "btn-roll": c.roll, "btn-confirm": c.confirm, "btn-clear": lambda: c.key("Escape")})

    def bots(self):
        while self.ctrl.bot_pending():
            self.ctrl.bot_step()


def same_move(made: dict, hinted: dict) -> bool:
    """The same action (a placement's cells in any order)."""
    if "cells" in made and "cells" in hinted:
        return {**made, "cells": sorted(map(tuple, made["cells"]))} == \
            {**hinted, "cells": sorted(map(tuple, hinted["cells"]))}
    return made == hinted


def follow(page, taps) -> None:
    layout = page.layout()
    for tap in taps:
        result = page.press(tap["button"]) if "button" in tap else page.click(tap["x"], tap["y"], layout)
        assert result is None or result.ok, (tap, result)


@pytest.mark.parametrize("kind", [Diceland, Clever, Wide], ids=lambda k: k.name)
@pytest.mark.parametrize("seats", [("human", "greedy"), ("human", "human")], ids=["bot", "hot-seat"])
def test_following_the_hints_taps_makes_the_hints_move(kind, seats):
    page = kind([Seat(f"P{i}", k) for i, k in enumerate(seats)], seed=11)
    definition = get_game(kind.name)
    moves = 0
    for _ in range(80):
        page.bots()
        game = page.game()
        if game.over or moves >= 12:
            break
        hinted = page.ctrl.hint_move()
        taps = page.ctrl.hint_clicks(page.layout())
        assert taps, "a person is to act: the hint has taps"
        assert all(set(t) == {"button"} or set(t) == {"x", "y"} for t in taps), taps
        before = len(game.actions)
        follow(page, taps)
        game = page.game()
        if hinted is None:  # Roll, a hand-over or a turn's "Done": nothing for the engine yet
            continue
        assert len(game.actions) > before, (hinted, taps)
        assert same_move(definition.action_to_json(game.actions[before]), hinted), (hinted, taps)
        moves += 1
    assert moves >= 6


def test_no_taps_without_a_person_to_act():
    page = Wide([Seat("A", "greedy"), Seat("B", "expert")], seed=2)
    assert page.ctrl.hint_clicks(page.layout()) == []
    page = Diceland([Seat("A", "greedy"), Seat("B", "expert")], seed=2)
    assert page.ctrl.hint_clicks(page.layout()) == [] and page.ctrl.hint_move() is None
    page = Clever([Seat("A", "greedy"), Seat("B", "expert")], seed=2)
    assert page.ctrl.hint_clicks(page.layout()) == [] and page.ctrl.hint_move() is None


@pytest.mark.parametrize("kind", [Diceland, Clever, Wide], ids=lambda k: k.name)
@pytest.mark.parametrize("seed", [7, 11])
def test_no_taps_while_the_table_moves_for_the_person(kind, seed):
    """The page's timer plays the table's own moves (a turn's end with
    nothing left to decide) while a person reads the screen: the hint never
    offers a tap for a decision the table is about to make itself, which
    the timer would win (the game could even end under the finger)."""
    page = kind([Seat("P0", "human"), Seat("P1", "greedy")], seed=seed)
    ctrl, decisions = page.ctrl, 0
    while not page.game().over and decisions < 400:
        taps = ctrl.hint_clicks(page.layout())
        found = ctrl.next_move()
        if taps:
            assert found is None or found[1] is None, (decisions, taps, found)
            follow(page, taps)
            decisions += 1
        else:
            assert found is not None, "neither a person nor the table can move"
            ctrl.bot_step()
    assert page.game().over
