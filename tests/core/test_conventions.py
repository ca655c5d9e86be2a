"""The conventions every game keeps, the same in each (docs/adding-a-game.md):
the exports of its package, phases as an Enum, a copy with its own dice
source, a hint that is a :class:`~diceland_core.core.protocol.Hint`, one
name for the terminal entry."""

from __future__ import annotations

import enum
import importlib

import pytest

import diceland_core


#: what every game's package exports (docs/adding-a-game.md)
GAME_EXPORTS = {"DEFINITION", "new", "Game", "Setup", "Phase", "hint"}


@pytest.mark.parametrize("name", diceland_core.game_names())
def test_every_game_keeps_the_same_conventions(name):
    """The same exports, phases as an Enum the state is always in, a copy
    with its own dice (the core's), a hint that is a Hint, one terminal
    entry name."""
    definition = diceland_core.get_game(name)
    package = importlib.import_module(definition.package)
    assert set(package.__all__) == GAME_EXPORTS
    assert package.new is definition.new and package.hint is definition.hint
    assert issubclass(package.Phase, enum.Enum)
    state = definition.new(players=max(2, definition.min_players), seed=4)
    twin = state.copy()
    assert twin.dice is not state.dice and type(twin.dice) is type(state.dice)
    assert twin.dice.roll(3) == state.dice.copy().roll(3)
    for _ in range(12):
        if state.over:
            break
        assert isinstance(state.phase, package.Phase)
        player = state.waiting_for()[0]
        suggestion = definition.hint(state, player)
        assert isinstance(suggestion, diceland_core.Hint) and state.is_legal(suggestion.action)
        state.apply(suggestion.action)
    if definition.terminal is not None:
        assert definition.terminal.__name__ == "terminal"
