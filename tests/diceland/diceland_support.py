"""Helpers of the Diceland tests (imported as ``diceland_support``): random
legal play, and the invariants of RULES.md a whole game keeps, checked after
every action by the shared playouts (tests/core/test_playouts.py) and by
Diceland's own playouts over every board."""

from __future__ import annotations

import random

from diceland_core.core.protocol import GameOver
from diceland_core.games.diceland import Game
from diceland_core.games.diceland.actions import ColourCompleted, Place, StarCrossed
from diceland_core.games.diceland.board import iter_bits
from diceland_core.games.diceland.game import Phase

#: the shared playouts' random games per player count (tests/core/test_playouts.py):
#: four, as Diceland's own playouts add 500 games over every board
PLAYOUT_SEEDS = range(4)


def random_playout(game: Game, seed: int, max_actions: int = 10_000, check=None) -> Game:
    """Random legal play (uniform among legal actions, seeded)."""
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.over:
            break
        actions = game.legal_actions()
        action = rng.choice(actions)
        events = game.apply(action)
        if check is not None:
            check(game, action, events)
    return game


def connected(sheet) -> bool:
    """D2.1: all crosses form one network grown from the start."""
    b = sheet.board
    seen = front = 1 << b.start
    while front:
        nxt = 0
        for i in iter_bits(front):
            nxt |= b.neighbours[i]
        front = nxt & sheet.crossed & ~seen
        seen |= front
    return seen == sheet.crossed


def open_zones_per_colour_ok(sheet) -> bool:
    """D2.2: at most one open zone per colour."""
    return all(len(sheet.open_zones(c)) <= 1 for c in range(6))


class Tracker:
    """Called after every action with the game, the action and its events:
    the crosses stay one network with one open zone per colour, the events
    announce exactly the bonus cells and colours the sheets gain, the phases
    hold their dice, and the game ends exactly when someone reaches the goal."""

    def __init__(self, game: Game):
        self.stars = [s.stars for s in game.sheets]
        self.completed = [set(s.completed_colours()) for s in game.sheets]
        self.actions = 0

    def __call__(self, game: Game, action, events) -> None:
        self.actions += 1
        for e in events:
            if isinstance(e, StarCrossed):
                self.stars[e.player] += 1
                assert e.stars == self.stars[e.player]
            if isinstance(e, ColourCompleted):
                assert e.colour not in self.completed[e.player]
                self.completed[e.player].add(e.colour)
        for p, s in enumerate(game.sheets):
            assert connected(s), (p, s.crossed_cells())
            assert open_zones_per_colour_ok(s)
            # D1.7: the info bar (events) matches the sheet
            assert s.stars == self.stars[p]
            assert set(s.completed_colours()) == self.completed[p]
        if isinstance(action, Place):
            assert game.boards[action.player].star_mask  # placements only on colour cells
        if game.phase is Phase.PLACE:
            assert game.held >= 1 and game.chosen is not None
            assert game.held + len(game.leftovers) <= 6
            assert game.chosen not in game.leftovers
        if game.phase is Phase.BONUS:
            assert len(game.roll) == 5
        won = [e for e in events if isinstance(e, GameOver)]
        if won:
            assert game.over and all(game.sheets[p].reached_goal() for p in won[0].winners)
            if won[0].during_bonus_rolls:
                assert len(won[0].winners) == 1
            else:
                assert set(won[0].winners) == {p for p in range(game.players) if game.sheets[p].reached_goal()}
        elif not game.over:
            # D6.2: nobody may stand at the goal after phase 2 without the game ending
            if game.phase is Phase.CHOOSE:
                assert not any(s.reached_goal() for s in game.sheets)


def playout_checker(game: Game) -> Tracker:
    """The shared playouts' check after every action of a Diceland game."""
    return Tracker(game)


def check_game_over(game: Game) -> None:
    """The shared playouts' check of a finished Diceland game (D6.2, D6.3)."""
    assert game.winners and all(game.sheets[p].reached_goal() for p in game.winners)
    assert game.summary()["winners"] == list(game.winners)
