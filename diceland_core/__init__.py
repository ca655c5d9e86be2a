"""diceland_core: roll & write dice games as a pure-Python engine.

Three games share one core (:mod:`diceland_core.core`: the game protocol and
registry, dice, errors with translated messages, records, replay, bots and
the simulator); each game lives in its own package under
:mod:`diceland_core.games` and reads like its rules file: Diceland
(``RULES.md``, ids ``D2.4``), Ganz schön clever (``CLEVER.md``), Dice Wide
Shut (``WIDESHUT.md``).

Diceland's names are importable from here, as before::

    from diceland_core import Game, Choose, Stop, Place, Pass, Colour
    game = Game.new("A", players=2, seed=7)
    game.legal_actions()          # what may happen now
    events = game.apply(Choose(Colour.RED))
    record_json(game)             # a save; load_record() replays it

Any game, by name::

    from diceland_core import get_game
    clever = get_game("clever")
    state = clever.new(players=1, seed=7)
"""

from .core.errors import (
    BoardError, DicelandError, IllegalActionError, RecordError, ScenarioError, UnknownGameError,
)
from .core.protocol import GameDef, Hint, Outcome
from .core.record import RECORD_VERSION, load_record, record_json, record_of
from .core.registry import game_names, games, get_game
from .games.diceland.actions import (
    Action, BonusRollEarned, BonusRollStarted, Choose, ColourChosen, ColourCompleted,
    DiceSetAside, Event, GameWon, Pass, Passed, Phase1Ended, Phase2Ended, Place, Placed,
    Reroll, Rolled, StarCrossed, Stop, TurnStarted, action_from_json, action_to_json,
)
from .games.diceland.board import Board, Zone, board_from_mapping, board_ids, boards_dir, load_board
from .games.diceland.bots import BOT_KINDS, hint, make_bot
from .games.diceland.colours import COLOURS, Colour, parse_colour
from .games.diceland.dice import DiceSource, ScriptedDice, SeededDice
from .games.diceland.game import Game, Phase, Setup
from .games.diceland.scenario import Scenario, load_scenario, parse_scenario, replay_scenario
from .games.diceland.sheet import Sheet
from .version import __version__

__all__ = [
    "__version__",
    # games
    "get_game", "games", "game_names", "GameDef", "Outcome", "Hint",
    # Diceland values
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
    "UnknownGameError",
]
