"""Dice Race: a small two-player dice race that lives only in the tests, to
prove that a game is a module of the same shape as the others and goes
through the registry, records, replay, the conformance suite, the playouts
and the review without a change to any shared module (docs/adding-a-game.md).

Rules (rule ids ``K…``):

- K1.1 Two players race their tokens along a track from square 0 to the
  goal, square :data:`GOAL`.  The start player is drawn from the seed.
- K2.1 Only the player whose turn it is acts.  K2.2 A turn starts with
  ``roll``: two dice.  Nothing else is done before the roll, and nobody
  rolls twice in a turn.
- K3.1 Then the player moves by each die once, in either order
  (``move`` with the die's index).  K3.2 No move goes past the goal.
  K3.3 When no unused die fits, the player ends the turn with ``pass``;
  a pass is allowed only then.  The turn ends when both dice are used or
  after a pass.
- K4.1 A token that lands on the other token's square (not square 0) sends
  it back to square 0.
- K5.1 Reaching the goal ends the game at once: that player wins.  After
  :data:`ROUNDS` rounds the game ends too: the furthest token wins (both on
  a tie).  K5.2 Nothing is done once the game is over.
- K6.1 Undo takes back moves and passes, never a roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Mapping, Union

from diceland_core.core.bots import SeededBot
from diceland_core.core.dice import ScriptedDice, start_player_for
from diceland_core.core.errors import IllegalActionError, ScenarioError, RecordError, Seat, load_messages
from diceland_core.core.history import History
from diceland_core.core.protocol import GameDef, GameOver, PlayerAction, PlayerEvent, Hint, Outcome, Scenario
from diceland_core.core.registry import register
from diceland_core.core.replay import actions_from_json
from diceland_core.core.values import action_object, action_player, check_seats, short, whole_number

__all__ = ["DEFINITION", "new", "Game", "Setup", "Phase", "hint"]

load_messages("race", Path(__file__).with_name("race_messages.json"))

#: K1.1, K5.1
GOAL, ROUNDS, PLAYERS = 50, 40, 2
SEED_LIMIT = (1 << 64) - 1


class Phase(StrEnum):
    ROLL = "roll"
    MOVE = "move"
    OVER = "over"


# -- actions and events ------------------------------------------------------------------

@dataclass(frozen=True)
class Roll(PlayerAction):
    """Roll the die."""


@dataclass(frozen=True)
class Move(PlayerAction):
    die: int


@dataclass(frozen=True)
class Pass(PlayerAction):
    """Pass: no move is possible."""


Action = Union[Roll, Move, Pass]


@dataclass(frozen=True)
class Moved(PlayerEvent):
    steps: int
    square: int


@dataclass(frozen=True)
class Bumped(PlayerEvent):
    """``player``'s token went back to the start."""


def action_to_json(action: Action) -> dict:
    out: dict[str, Any] = {"type": action.type, "player": action.player}
    if isinstance(action, Move):
        out["die"] = action.die
    return out


def action_from_json(data: object) -> Action:
    kind = action_object(data).get("type")
    if kind not in ("roll", "move", "pass"):
        raise ValueError(f"unknown action type {short(kind)} (expected roll, move or pass)")
    player = action_player(data, kind, 0)
    if kind == "move":
        return Move(player, whole_number(data.get("die"), "'die'", 0, 1))
    return Roll(player) if kind == "roll" else Pass(player)


# -- the state ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    players: int = PLAYERS
    start_player: int = 0
    seed: int = 0
    script: tuple[tuple[int, ...], ...] = ()
    meta: Mapping[str, Any] = field(default_factory=dict)


class Game(History):
    _copied = ("squares", "used")

    def __init__(self, setup: Setup):
        check_seats("Dice Race", setup.players, PLAYERS, PLAYERS, setup.start_player, "K1.1")
        self.setup, self.players, self.meta = setup, setup.players, dict(setup.meta)
        self.dice = ScriptedDice(setup.script, setup.seed)
        self.squares = [0] * self.players
        self.current, self.round, self.phase = setup.start_player, 1, Phase.ROLL
        self.roll: tuple[int, ...] = ()
        self.used = [False, False]
        self.winners: tuple[int, ...] = ()
        self.actions: list[Action] = []
        self.rolls: list[tuple[int, ...]] = []
        self._rolls_before: list[int] = []

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def waiting_for(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def fits(self, die: int) -> bool:
        return not self.used[die] and self.squares[self.current] + self.roll[die] <= GOAL

    def legal_actions(self, player: int | None = None) -> list:
        if self.over or player not in (None, self.current):
            return []
        p = self.current
        if self.phase is Phase.ROLL:
            return [Roll(p)]
        moves = [Move(p, d) for d in (0, 1) if self.fits(d)]
        return moves or [Pass(p)]

    def _check(self, action: Any) -> None:
        if self.over:
            raise IllegalActionError("K5.2", "race.game_over")
        if not isinstance(action, (Roll, Move, Pass)):
            raise IllegalActionError("K2.1", "race.not_an_action")
        if action.player != self.current:
            raise IllegalActionError("K2.1", "race.not_your_turn", seat=Seat(self.current))
        if isinstance(action, Roll) != (self.phase is Phase.ROLL):
            raise IllegalActionError("K2.2", "race.roll_first" if self.phase is Phase.ROLL else "race.rolled")
        if isinstance(action, Move):
            if self.used[action.die]:
                raise IllegalActionError("K3.1", "race.die_used", value=self.roll[action.die])
            if not self.fits(action.die):
                raise IllegalActionError("K3.2", "race.past_goal", value=self.roll[action.die], goal=GOAL)
        if isinstance(action, Pass) and any(self.fits(d) for d in (0, 1)):
            raise IllegalActionError("K3.3", "race.must_move")

    def apply(self, action: Action) -> list:
        self._check(action)
        self._rolls_before.append(len(self.rolls))
        self.actions.append(action)
        events: list = []
        if isinstance(action, Roll):
            self.roll = tuple(self.dice.roll(2))
            self.rolls.append(self.roll)
            self.phase, self.used = Phase.MOVE, [False, False]
        elif isinstance(action, Move):
            self._move(action.die, events)
        else:
            self._end_turn(events)
        return events

    def _move(self, die: int, events: list) -> None:
        """K3.1, K4.1, K5.1."""
        p, steps = self.current, self.roll[die]
        self.used[die] = True
        self.squares[p] += steps
        events.append(Moved(p, steps, self.squares[p]))
        for q in range(self.players):
            if q != p and self.squares[q] == self.squares[p]:
                self.squares[q] = 0
                events.append(Bumped(q))
        if self.squares[p] == GOAL:
            self._finish((p,), events)
        elif all(self.used):
            self._end_turn(events)

    def _end_turn(self, events: list) -> None:
        self.current = (self.current + 1) % self.players
        self.phase = Phase.ROLL
        if self.current == self.setup.start_player:
            self.round += 1
            if self.round > ROUNDS:
                best = max(self.squares)
                self._finish(tuple(p for p in range(self.players) if self.squares[p] == best), events)

    def _finish(self, winners: tuple[int, ...], events: list) -> None:
        self.phase, self.winners = Phase.OVER, winners
        events.append(GameOver(winners, self.scores()))

    def _undo_refused(self) -> IllegalActionError:
        return IllegalActionError("K6.1", "race.undo_roll")

    def scores(self) -> tuple[int, ...]:
        return tuple(self.squares)

    def outcome(self) -> Outcome | None:
        return Outcome(self.scores(), self.winners) if self.over else None

    def summary(self) -> dict[str, Any]:
        return {"phase": self.phase.value, "round": self.round, "current": self.current,
                "squares": list(self.squares), "roll": list(self.roll), "used": list(self.used),
                "game_over": self.over, "winners": list(self.winners)}


def new(players: int = PLAYERS, seed: int = 0, start_player: int | None = None,
        meta: Mapping[str, Any] | None = None, **options: Any) -> Game:
    if start_player is None:
        start_player = start_player_for(seed, PLAYERS)
    return Game(Setup(players, start_player, seed, meta=dict(meta or {})))


# -- files: scenarios and records --------------------------------------------------------

def _rolls(value: object) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list):
        raise ScenarioError("'dice' must be a list of rolls")
    for k, roll in enumerate(value):
        if not isinstance(roll, list) or len(roll) != 2 or not all(
                type(v) is int and 1 <= v <= 6 for v in roll):
            raise ScenarioError(f"dice[{k}] must be two numbers 1 to 6")
    return tuple(tuple(r) for r in value)


def _setup(data: Mapping[str, Any], players: object, seed: object, key: str) -> Setup:
    players = whole_number(players, "'players'", PLAYERS, PLAYERS, ScenarioError)
    seed = whole_number(seed, "'seed'", 0, SEED_LIMIT, ScenarioError)
    start = whole_number(data.get("start_player", 0), "'start_player'", 0, players - 1, ScenarioError)
    return Setup(players, start, seed, _rolls(data.get(key, [])))


def parse_scenario(data: object) -> Scenario:
    if not isinstance(data, dict) or data.get("game") != "race":
        raise ScenarioError("a Dice Race scenario is an object with \"game\": \"race\"")
    setup = _setup(data, data.get("players"), data.get("seed", 0), "dice")
    actions = actions_from_json(data.get("actions", []), action_from_json)
    return Scenario("race", lambda: Game(setup), tuple(actions), data.get("title"), data.get("explain"))


def setup_of(state: Game) -> dict[str, Any]:
    out: dict[str, Any] = {"seed": state.setup.seed, "start_player": state.setup.start_player}
    if state.setup.script:
        out["script"] = [list(r) for r in state.setup.script]
    return out


def from_setup(setup: Mapping[str, Any], seed: int, players: int) -> Game:
    if not isinstance(setup, Mapping) or set(setup) - {"seed", "start_player", "script", "meta"}:
        raise RecordError("a Dice Race record's setup has only seed, start_player, script and meta")
    try:
        parsed = _setup(setup, players, seed, "script")
    except ScenarioError as exc:
        raise RecordError(f"bad Dice Race setup: {exc}") from None
    meta = setup.get("meta", {})
    return Game(Setup(parsed.players, parsed.start_player, parsed.seed, parsed.script,
                      dict(meta) if isinstance(meta, Mapping) else {}))


def rolls_of(state: Game) -> list[list[int]]:
    return [list(r) for r in state.rolls]


# -- bots and the hint -------------------------------------------------------------------

def value(state: Game, action: Action) -> tuple[int, str, dict]:
    """How good a move is now, and why: the goal first, then a bump, then
    the furthest square out of the other token's reach (a square one die
    ahead of it is likely hit, two dice ahead less so)."""
    if not isinstance(action, Move):
        return 0, f"race.hint_{action.type}", {}
    p = action.player
    square = state.squares[p] + state.roll[action.die]
    if square == GOAL:
        return 1000, "race.hint_goal", {}
    others = [state.squares[q] for q in range(state.players) if q != p]
    bump = square in others
    reach = sum(10 if 1 <= square - o <= 6 else 4 if 7 <= square - o <= 12 else 0 for o in others)
    code = "race.hint_bump" if bump else "race.hint_far" if not reach else "race.hint_risk"
    return square + 30 * bump - reach, code, {"square": square}


class RandomBot(SeededBot):
    kind = "random"

    def choose(self, state: Game, player: int) -> Action:
        self.check_waiting(state, player)
        legal = state.legal_actions(player)
        return legal[self.rng.below(len(legal))]


class GreedyBot(SeededBot):
    """The bigger die first."""
    kind = "greedy"

    def choose(self, state: Game, player: int) -> Action:
        self.check_waiting(state, player)
        legal = state.legal_actions(player)
        return max(legal, key=lambda a: state.roll[a.die] if isinstance(a, Move) else 0)


class ExpertBot(SeededBot):
    """The goal, a bump, or the furthest square (:func:`value`)."""
    kind = "expert"

    def choose(self, state: Game, player: int) -> Action:
        self.check_waiting(state, player)
        return max(state.legal_actions(player), key=lambda a: value(state, a)[0])


def position_value(state: Game, player: int) -> float:
    """The review's worth of a position: squares ahead of the other token
    (the goal counts double once reached)."""
    def worth(q: int) -> float:
        return state.squares[q] * (2 if state.squares[q] == GOAL else 1)
    return worth(player) - max(worth(q) for q in range(state.players) if q != player)


def hint(state: Game, player: int) -> Hint:
    action = ExpertBot().choose(state, player)
    _, code, params = value(state, action)
    return Hint(action, code, params)


DEFINITION = register(GameDef(
    name="race", title="Dice Race", package=__name__, min_players=PLAYERS, max_players=PLAYERS,
    rule_prefix="K", undo_rule="K6.1", new=new, parse_scenario=parse_scenario,
    action_from_json=action_from_json, action_to_json=action_to_json,
    setup_of=setup_of, from_setup=from_setup, rolls_of=rolls_of,
    bots={"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}, hint=hint, value=position_value,
))
