"""The turn state machine of RULES.md D3–D6.

A :class:`Game` is one position plus its history.  :meth:`Game.apply` takes an
action, checks it against the rules (:mod:`.checks`, raising :class:`IllegalActionError` with
the rule id, leaving the game unchanged) and returns the events it caused.
Dice are rolled by the game itself at the moments the rules say (the first
roll of a turn, a reroll, a bonus roll), always from the dice source it was
given (:mod:`.turns`).

The phases (:class:`Phase`):

``choose``  the active player has rolled 6 dice and picks a colour (D3.2)
``decide``  reroll or stop (D3.4)
``place``   phase 2: every player has one pending choice, in any order (D4)
``bonus``   one player takes a bonus roll: place or pass (D5)
``over``    someone won (D6.2, D6.3)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from .actions import Action, Choose, Event, Pass, Place, Reroll, Stop
from .board import Board, load_board
from .checks import Checks
from .colours import Colour
from ...core.dice import DiceSource, start_player_for
from .dice import ScriptedDice
from ...core.errors import IllegalActionError
from .sheet import Sheet
from ...core.protocol import Outcome
from ...core.history import History
from ...core.values import check_seats
from .turns import BONUS_DICE, DICE, Phase, Turns

__all__ = ["Game", "Phase", "Setup", "DICE", "BONUS_DICE", "MIN_PLAYERS", "MAX_PLAYERS"]

#: D1.2
MIN_PLAYERS, MAX_PLAYERS = 2, 4


_COUNTS: dict[tuple[Colour, ...], dict[Colour, int]] = {}


def _counts(dice: tuple[Colour, ...]) -> dict[Colour, int]:
    """Dice by colour, in colour order (a fresh dict; cached per roll)."""
    found = _COUNTS.get(dice)
    if found is None:
        found = _COUNTS[dice] = dict(sorted(Counter(dice).items()))
    return dict(found)


@dataclass(frozen=True)
class Setup:
    """What a game starts from: one board per player, the start player, the
    seed, fixed rolls to use before the seed (scenarios, D7.2) and cells
    crossed before play (scenarios).  ``meta`` is carried into records
    untouched (seat names, bot kinds …)."""

    boards: tuple[Board, ...]
    start_player: int
    seed: int = 0
    script: tuple[tuple[Colour, ...], ...] = ()
    crossed: tuple[int, ...] = ()
    meta: Mapping[str, object] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.boards)

    def dice(self) -> ScriptedDice:
        return ScriptedDice(self.script, self.seed)


class Game(Checks, Turns, History):
    """One game of Diceland.  Create with :meth:`new` or from a :class:`Setup`."""

    def __init__(self, setup: Setup, dice: DiceSource | None = None):
        n = check_seats("Diceland", setup.players, MIN_PLAYERS, MAX_PLAYERS, setup.start_player, "D1.2")
        self.setup = setup
        self.dice: DiceSource = setup.dice() if dice is None else dice
        self.players = n
        self.boards = setup.boards
        self.sheets = [
            Sheet(b, setup.crossed[p] if p < len(setup.crossed) else None)
            for p, b in enumerate(setup.boards)
        ]
        self.active = setup.start_player
        self.phase = Phase.CHOOSE
        self.turn = 0
        self.roll: tuple[Colour, ...] = ()
        self.chosen: Colour | None = None
        self.held = 0
        self.leftovers: tuple[Colour, ...] = ()
        self.pending: set[int] = set()
        self.decided: dict[int, Action] = {}
        self.earned = [0] * n
        self.bonus_queue: list[int] = []
        self.bonus_left = 0
        self.winners: tuple[int, ...] = ()
        #: D3.3: phase 1 ended because all six dice were set aside
        self.all_dice_aside = False
        #: D6.3: the game was won alone in a bonus roll
        self.won_in_bonus = False
        self.actions: list[Action] = []
        self.rolls: list[tuple[Colour, ...]] = []
        self._rolls_before: list[int] = []
        self.log: list[Event] = []
        events: list[Event] = []
        self._start_turn(events)
        self.log.extend(events)

    @classmethod
    def new(
        cls,
        boards: Sequence[Board | str] | Board | str,
        *,
        players: int | None = None,
        seed: int = 0,
        start_player: int | None = None,
        script: Iterable[Sequence[Colour]] = (),
        crossed: Sequence[Iterable[tuple[int, int]]] = (),
        meta: Mapping[str, object] | None = None,
    ) -> "Game":
        """A new game.  ``boards`` is one board (or id) for everybody, with
        ``players``, or one per player.  The start player is drawn from the
        seed unless given (D6.5)."""
        if isinstance(boards, (Board, str)):
            if players is None:
                raise ValueError("give players= with a single board")
            boards = [boards] * players
        resolved = tuple(b if isinstance(b, Board) else load_board(b) for b in boards)
        if start_player is None:
            start_player = start_player_for(seed, len(resolved))
        masks = tuple(b.mask_of(cells) for b, cells in zip(resolved, crossed))
        setup = Setup(resolved, start_player, seed, tuple(tuple(r) for r in script), masks, dict(meta or {}))
        return cls(setup)

    # -- copying and history ------------------------------------------------
    _copied = ("pending", "decided", "earned", "bonus_queue", "log")
    _copied_items = ("sheets",)

    def _undo_refused(self) -> IllegalActionError:
        """D7.1: no action to take back, or dice were rolled after it."""
        return IllegalActionError("D7.1", "core.nothing_to_undo")

    # -- questions ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def bonus_player(self) -> int | None:
        """Who is taking a bonus roll now (D5), else None."""
        return self.bonus_queue[0] if self.phase is Phase.BONUS else None

    def waiting_for(self) -> tuple[int, ...]:
        """The players who have a decision to make now, clockwise from the
        active player."""
        if self.phase in (Phase.CHOOSE, Phase.DECIDE):
            return (self.active,)
        if self.phase is Phase.PLACE:
            return tuple(p for p in self._clockwise() if p in self.pending)
        if self.phase is Phase.BONUS:
            return (self.bonus_queue[0],)
        return ()

    def _clockwise(self) -> list[int]:
        return [(self.active + i) % self.players for i in range(self.players)]

    def dice_for(self, player: int) -> dict[Colour, int]:
        """The dice ``player`` may place with now, by colour: the set-aside
        dice for the active player (D4.1), the leftovers for the others
        (D4.2), the bonus roll for its roller (D5.3)."""
        if self.phase is Phase.PLACE and player in self.pending:
            if player == self.active:
                assert self.chosen is not None
                return {self.chosen: self.held}
            return _counts(self.leftovers)
        if self.phase is Phase.BONUS and player == self.bonus_queue[0]:
            return _counts(self.roll)
        return {}

    def must_place(self, player: int) -> bool:
        """D4.1: the active player in phase 2 with a legal placement must make one."""
        if self.phase is not Phase.PLACE or player != self.active or player not in self.pending:
            return False
        assert self.chosen is not None
        return self.sheets[player].can_place(self.chosen, self.held)

    def placements(self, player: int) -> list[tuple[Colour, int]]:
        """Every legal placement for ``player`` now, as ``(colour, mask)``."""
        sheet = self.sheets[player]
        return [(c, m) for c, n in self.dice_for(player).items() for m in sheet.placements(c, n)]

    def next_cells(self, player: int, colour: Colour, selected: Iterable[tuple[int, int]] = ()) -> list[tuple[int, int]]:
        """Cells ``player`` may tap next while building a placement of
        ``colour`` (empty when they hold no dice of it)."""
        n = self.dice_for(player).get(colour, 0)
        if not n:
            return []
        sheet = self.sheets[player]
        board = sheet.board
        return board.cells_of(sheet.next_cells(colour, n, board.mask_of(selected)))

    def completion_cells(self, player: int, colour: Colour,
                         selected: Iterable[tuple[int, int]] = ()) -> list[tuple[int, int]]:
        """Every cell of a legal placement of ``colour`` (D2.1–D2.5) that the
        ``selected`` cells can still become part of, the selection left out."""
        n = self.dice_for(player).get(colour, 0)
        if not n:
            return []
        sheet = self.sheets[player]
        board = sheet.board
        chosen = board.mask_of(selected)
        out = 0
        for placement in sheet.placements(colour, n):
            if placement & chosen == chosen:
                out |= placement
        return board.cells_of(out & ~chosen)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now (of ``player`` only, if given)."""
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.CHOOSE:
            if player not in (None, self.active):
                return []
            return [Choose(c) for c in sorted(set(self.roll))]
        if self.phase is Phase.DECIDE:
            return [Reroll(), Stop()] if player in (None, self.active) else []
        out: list[Action] = []
        for p in self.waiting_for():
            if player is not None and p != player:
                continue
            board = self.boards[p]
            placements = self.placements(p)
            out.extend(Place.sorted_cells(p, board.cell_tuple(m)) for _, m in placements)
            if not (placements and self.phase is Phase.PLACE and p == self.active):
                out.append(Pass(p))
        return out

    # -- applying -----------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply ``action``; returns its events.  Raises
        :class:`IllegalActionError` (game unchanged) if the rules forbid it."""
        checked = self._check(action)
        events: list[Event] = []
        self._rolls_before.append(len(self.rolls))
        self.actions.append(action)
        if isinstance(action, Choose):
            self._do_choose(action.colour, events)
        elif isinstance(action, Reroll):
            self._do_reroll(events)
        elif isinstance(action, Stop):
            self._end_phase1("stopped", events)
        else:
            self._do_phase2_or_bonus(action, checked, events)
        self.log.extend(events)
        return events

    # -- reports --------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Every player's bonus cells crossed now (D6.1's goal counts them)."""
        return tuple(s.stars for s in self.sheets)

    def outcome(self) -> Outcome | None:
        """Once the game is over: bonus cells crossed per player and the
        winners (D6.2, D6.3)."""
        if not self.over:
            return None
        return Outcome(tuple(s.stars for s in self.sheets), self.winners)

    def summary(self) -> dict[str, object]:
        """The position as FORMATS.md's replay output (without ok/error)."""
        return {
            "game_over": self.over,
            "winners": list(self.winners),
            "active_player": self.active,
            "players": [
                {
                    "crossed": [list(c) for c in s.crossed_cells()],
                    "bonus_cells": s.stars,
                    "completed_colours": [c.key for c in s.completed_colours()],
                }
                for s in self.sheets
            ],
        }

    def __repr__(self) -> str:
        return (f"Game(players={self.players}, turn={self.turn}, active={self.active}, "
                f"phase={self.phase.value})")
