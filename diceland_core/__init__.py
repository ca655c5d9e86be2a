"""diceland_core: roll & write dice games as a pure-Python engine.

Three games share one core (:mod:`diceland_core.core`: the game protocol and
registry, dice, errors with translated messages, records, replay, bots and
the simulator); each game lives in its own package under
:mod:`diceland_core.games` and reads like its rules file: Diceland
(``games/diceland``, RULES.md, ids ``D2.4``), Ganz schön clever
(``games/clever``, CLEVER.md, ``C5.4``), Dice Wide Shut (``games/wideshut``,
WIDESHUT.md, ``W3.2``).

This package exports only what every game shares; a game's own names come
from its package::

    from diceland_core import get_game, record_json, load_record
    clever = get_game("clever")
    state = clever.new(players=1, seed=7)
    state.legal_actions()          # what may happen now
    events = state.apply(state.legal_actions()[0])
    text = record_json(state)      # a save; load_record(text) replays it

    from diceland_core.games.diceland import Game        # DEFINITION, new, Game,
    from diceland_core.games.diceland.actions import Choose  # Setup, Phase, hint
    game = Game.new("A", players=2, seed=7)
"""

from .core.errors import (
    BoardError, GameError, IllegalActionError, RecordError, ScenarioError, UnknownGameError,
)
from .core.protocol import GameDef, GameOption, GameOver, Hint, Outcome
from .core.record import RECORD_VERSION, load_record, record_json, record_of
from .core.registry import game_names, get_game
from .version import __version__

__all__ = [
    "__version__",
    # games
    "get_game", "game_names", "GameDef", "GameOption", "GameOver", "Outcome", "Hint",
    # records
    "RECORD_VERSION", "record_of", "record_json", "load_record",
    # errors
    "GameError", "BoardError", "ScenarioError", "RecordError", "IllegalActionError",
    "UnknownGameError",
]
