"""diceland_core: the roll & write dice game Diceland, as a pure-Python engine.

The rules are RULES.md (ids like ``D2.4`` in docstrings and errors).  Quick
tour::

    from diceland_core import Game, Choose, Stop, Place, Pass, Colour
    game = Game.new("A", players=2, seed=7)
    game.legal_actions()          # what may happen now
    events = game.apply(Choose(Colour.RED))
    record_json(game)             # a save; load_record() replays it

Errors: see :mod:`diceland_core.errors`.
"""

from .actions import (
    Action, BonusRollEarned, BonusRollStarted, Choose, ColourChosen, ColourCompleted,
    DiceSetAside, Event, GameWon, Pass, Passed, Phase1Ended, Phase2Ended, Place, Placed,
    Reroll, Rolled, StarCrossed, Stop, TurnStarted, action_from_json, action_to_json,
)
from .board import Board, Zone, board_from_mapping, board_ids, boards_dir, load_board
from .bots import BOT_KINDS, hint, make_bot
from .colours import COLOURS, Colour, parse_colour
from .dice import DiceSource, ScriptedDice, SeededDice
from .errors import BoardError, DicelandError, IllegalActionError, RecordError, ScenarioError
from .game import Game, Phase, Setup
from .record import RECORD_VERSION, load_record, record_json, record_of
from .scenario import Scenario, load_scenario, parse_scenario, replay_scenario
from .sheet import Sheet
from .version import __version__

__all__ = [
    "__version__",
    # values
    "Colour", "COLOURS", "parse_colour",
    "Board", "Zone", "load_board", "board_from_mapping", "board_ids", "boards_dir",
    "Sheet", "Game", "Phase", "Setup",
    # bots
    "make_bot", "hint", "BOT_KINDS",
    "DiceSource", "SeededDice", "ScriptedDice",
    # actions and events
    "Action", "Choose", "Reroll", "Stop", "Place", "Pass", "action_from_json", "action_to_json",
    "Event", "TurnStarted", "Rolled", "ColourChosen", "DiceSetAside", "Phase1Ended", "Placed",
    "Passed", "StarCrossed", "ColourCompleted", "BonusRollEarned", "Phase2Ended",
    "BonusRollStarted", "GameWon",
    # files
    "Scenario", "load_scenario", "parse_scenario", "replay_scenario",
    "RECORD_VERSION", "record_of", "record_json", "load_record",
    # errors
    "DicelandError", "BoardError", "ScenarioError", "RecordError", "IllegalActionError",
]
