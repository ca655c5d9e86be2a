"""The turn state machine of RULES.md D3–D6.

A :class:`Game` is one position plus its history.  :meth:`Game.apply` takes an
action, checks it against the rules (raising :class:`IllegalActionError` with
the rule id, leaving the game unchanged) and returns the events it caused.
Dice are rolled by the game itself at the moments the rules say (the first
roll of a turn, a reroll, a bonus roll), always from the dice source it was
given.

The phases (:class:`Phase`):

``choose``  the active player has rolled 6 dice and picks a colour (D3.2)
``decide``  reroll or stop (D3.4)
``place``   phase 2: every player has one pending choice, in any order (D4)
``bonus``   one player takes a bonus roll: place or pass (D5)
``over``    someone won (D6.2, D6.3)
"""

from __future__ import annotations

import copy as _copy
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable, Mapping, Sequence

from .actions import (
    Action, BonusRollEarned, BonusRollStarted, Choose, ColourChosen, ColourCompleted,
    DiceSetAside, Event, GameOver, Pass, Phase1Ended, Phase2Ended, Place, Placed, Passed,
    Reroll, Rolled, StarCrossed, Stop, TurnStarted,
)
from .board import Board, iter_bits, load_board
from .colours import Colour
from .dice import DiceSource, ScriptedDice, start_player_for
from ...core.errors import Cell, IllegalActionError, Seat
from .sheet import Sheet
from ...core.protocol import Outcome
from ...core.history import History

__all__ = ["Game", "Phase", "Setup", "DICE", "BONUS_DICE", "MIN_PLAYERS", "MAX_PLAYERS"]

#: D1.1 six dice; D5.3 a bonus roll uses five.
DICE = 6
BONUS_DICE = 5
#: D1.2
MIN_PLAYERS, MAX_PLAYERS = 2, 4


_COUNTS: dict[tuple[Colour, ...], dict[Colour, int]] = {}


def _counts(dice: tuple[Colour, ...]) -> dict[Colour, int]:
    """Dice by colour, in colour order (a fresh dict; cached per roll)."""
    found = _COUNTS.get(dice)
    if found is None:
        found = _COUNTS[dice] = dict(sorted(Counter(dice).items()))
    return dict(found)


class Phase(str, Enum):
    CHOOSE = "choose"
    DECIDE = "decide"
    PLACE = "place"
    BONUS = "bonus"
    OVER = "over"


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


class Game(History):
    """One game of Diceland.  Create with :meth:`new` or from a :class:`Setup`."""

    def __init__(self, setup: Setup, dice: DiceSource | None = None):
        n = setup.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"Diceland is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n} (RULES.md D1.2)")
        if not 0 <= setup.start_player < n:
            raise ValueError(f"start player {setup.start_player} is not one of the {n} players")
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
    def copy(self) -> "Game":
        """An independent copy of the position (history and dice included)."""
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new.sheets = [s.copy() for s in self.sheets]
        new.pending = set(self.pending)
        new.decided = dict(self.decided)
        new.earned = list(self.earned)
        new.bonus_queue = list(self.bonus_queue)
        new.actions = list(self.actions)
        new.rolls = list(self.rolls)
        new._rolls_before = list(self._rolls_before)
        new.log = list(self.log)
        new.dice = _copy.deepcopy(self.dice)
        return new

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

    def _check(self, action: Action) -> tuple[Colour, int] | None:
        """Raise if ``action`` is illegal; for a placement return (colour, mask)."""
        phase = self.phase
        if phase is Phase.OVER:
            if self.won_in_bonus:  # D6.3: the first to reach the goal in a bonus roll won alone
                raise IllegalActionError("D6.3", "diceland.won_in_bonus", player=Seat(self.winners[0]))
            raise IllegalActionError("D6.2", "diceland.over")
        if isinstance(action, Choose):
            if phase is Phase.DECIDE:
                raise IllegalActionError("D3.2", "diceland.chosen", colour=self.chosen.key)
            if phase is not Phase.CHOOSE:
                raise IllegalActionError("D3.2", "diceland.choose_over")
            if action.colour not in self.roll:
                raise IllegalActionError("D3.2", "diceland.no_die", colour=action.colour.key)
            return None
        if isinstance(action, (Reroll, Stop)):
            if phase is Phase.CHOOSE:
                raise IllegalActionError("D3.2", "diceland.choose_first")
            if phase is not Phase.DECIDE:
                if self.all_dice_aside and phase is Phase.PLACE:
                    # D3.3: six dice set aside ended phase 1; nothing to stop or reroll
                    raise IllegalActionError("D3.3", "diceland.all_dice_set_aside")
                raise IllegalActionError("D3.4", f"diceland.over_{action.type}")
            return None
        if not isinstance(action, (Place, Pass)):
            raise TypeError(f"not an action: {action!r}")
        p = action.player
        if not 0 <= p < self.players:
            raise IllegalActionError("D1.2", "diceland.no_player", player=Seat(p))
        if phase in (Phase.CHOOSE, Phase.DECIDE):
            raise IllegalActionError("D4", "diceland.not_begun")
        if phase is Phase.PLACE and p not in self.pending:
            raise IllegalActionError("D4.2", "diceland.decided", player=Seat(p))
        if phase is Phase.BONUS and p != self.bonus_queue[0]:
            raise IllegalActionError("D5.2", "diceland.not_your_bonus",
                                     roller=Seat(self.bonus_queue[0]), player=Seat(p))
        sheet = self.sheets[p]
        if isinstance(action, Pass):
            if phase is Phase.PLACE and p == self.active:
                assert self.chosen is not None
                if sheet.can_place(self.chosen, self.held):
                    raise IllegalActionError("D4.1", "diceland.must_place", dice=self.held,
                                             colour=self.chosen.key)
            return None
        board = sheet.board
        if not action.cells:
            raise IllegalActionError("D2.3", "diceland.empty")
        mask = 0
        for r, c in action.cells:
            if not (0 <= r < board.rows and 0 <= c < board.cols):
                raise IllegalActionError("D1.3", "diceland.off_board", cell=Cell(r, c))
            bit = 1 << (r * board.cols + c)
            if mask & bit:
                raise IllegalActionError("D2.3", "diceland.twice", cell=Cell(r, c))
            mask |= bit
        blocked = mask & (board.obstacle_mask | 1 << board.start)
        if blocked:
            sheet.check(Colour.RED, 0, blocked)  # raises D2.6 naming the cell
        colour = Colour(board.colour_of[next(iter_bits(mask))])
        dice = self.dice_for(p)
        n = dice.get(colour, 0)
        if not n:
            have = [c.key for c, k in dice.items() for _ in range(k)] or "none"
            if phase is Phase.BONUS:
                raise IllegalActionError("D5.3", "diceland.bonus_no_die", colour=colour.key, have=have)
            if p == self.active:
                raise IllegalActionError("D4.1", "diceland.active_colour", chosen=self.chosen.key,
                                         colour=colour.key)
            raise IllegalActionError("D4.2", "diceland.no_leftover", colour=colour.key, have=have)
        sheet.check(colour, n, mask)
        return colour, mask

    # -- the phases ---------------------------------------------------------
    def _roll(self, n: int, player: int, purpose: str, events: list[Event]) -> tuple[Colour, ...]:
        dice = tuple(self.dice.roll(n))
        self.rolls.append(dice)
        self.roll = dice
        events.append(Rolled(player, dice, purpose))
        return dice

    def _start_turn(self, events: list[Event]) -> None:
        """D3.1: the active player rolls all six dice."""
        self.turn += 1
        self.phase = Phase.CHOOSE
        self.chosen = None
        self.all_dice_aside = False
        self.held = 0
        self.leftovers = ()
        self.pending = set()
        self.decided = {}
        self.earned = [0] * self.players
        self.bonus_queue = []
        self.bonus_left = 0
        events.append(TurnStarted(self.active))
        self._roll(DICE, self.active, "turn", events)

    def _do_choose(self, colour: Colour, events: list[Event]) -> None:
        """D3.2: set aside every die showing the colour; D3.3 all six end phase 1."""
        self.chosen = colour
        self.held = self.roll.count(colour)
        self.leftovers = tuple(c for c in self.roll if c != colour)
        events.append(ColourChosen(self.active, colour, self.held))
        if self.held == DICE:
            self._end_phase1("all_dice", events)
        else:
            self.phase = Phase.DECIDE

    def _do_reroll(self, events: list[Event]) -> None:
        """D3.5: reroll the rest; no hit ends phase 1, hits are set aside."""
        assert self.chosen is not None
        dice = self._roll(DICE - self.held, self.active, "reroll", events)
        hits = dice.count(self.chosen)
        self.leftovers = tuple(c for c in dice if c != self.chosen)
        if not hits:
            self._end_phase1("no_hit", events)
            return
        self.held += hits
        events.append(DiceSetAside(self.active, self.chosen, hits, self.held))
        if self.held == DICE:
            self._end_phase1("all_dice", events)

    def _end_phase1(self, reason: str, events: list[Event]) -> None:
        """D3.6 then D4: every player gets a pending phase-2 choice."""
        assert self.chosen is not None
        self.all_dice_aside = reason == "all_dice"
        events.append(Phase1Ended(self.active, self.chosen, self.held, self.leftovers, reason))
        self.phase = Phase.PLACE
        self.pending = set(range(self.players))

    def _do_phase2_or_bonus(self, action: Action, checked: tuple[Colour, int] | None,
                            events: list[Event]) -> None:
        p = action.player  # type: ignore[union-attr]
        bonus = self.phase is Phase.BONUS
        stars = 0
        if checked is None:
            events.append(Passed(p, bonus))
        else:
            colour, mask = checked
            sheet = self.sheets[p]
            star_mask, completed = sheet.cross(mask)
            board = sheet.board
            events.append(Placed(p, colour, tuple(board.cells_of(mask)), bonus))
            for i in iter_bits(star_mask):
                stars += 1
                events.append(StarCrossed(p, colour, board.coords(i), sheet.stars))
            for c in completed:
                events.append(ColourCompleted(p, c))
            for _ in range(stars):
                events.append(BonusRollEarned(p))
        if not bonus:
            # D4.3: phase-2 choices are independent and take effect at once.
            self.pending.discard(p)
            self.decided[p] = action
            self.earned[p] += stars
            if not self.pending:
                self._end_phase2(events)
            return
        # D5.4: a bonus cell in a bonus roll earns another, taken at once.
        self.bonus_left += stars - 1
        if self.sheets[p].reached_goal():
            # D6.3: the first to reach the goal in the bonus rolls wins alone.
            self._win((p,), True, events)
            return
        self._next_bonus_roll(events, chained=stars > 0)

    def _end_phase2(self, events: list[Event]) -> None:
        events.append(Phase2Ended())
        winners = tuple(p for p in range(self.players) if self.sheets[p].reached_goal())
        if winners:
            self._win(winners, False, events)  # D6.2: no bonus rolls are taken
            return
        # D5.2: clockwise from the active player, each takes all of theirs.
        self.bonus_queue = [p for p in self._clockwise() if self.earned[p]]
        self.bonus_left = self.earned[self.bonus_queue[0]] if self.bonus_queue else 0
        self._next_bonus_roll(events, chained=False)

    def _next_bonus_roll(self, events: list[Event], chained: bool) -> None:
        while self.bonus_queue and self.bonus_left <= 0:
            self.bonus_queue.pop(0)
            self.bonus_left = self.earned[self.bonus_queue[0]] if self.bonus_queue else 0
            chained = False
        if not self.bonus_queue:
            self.active = (self.active + 1) % self.players  # D6.4
            self._start_turn(events)
            return
        p = self.bonus_queue[0]
        self.phase = Phase.BONUS
        events.append(BonusRollStarted(p, chained))
        self._roll(BONUS_DICE, p, "bonus", events)

    def _win(self, winners: tuple[int, ...], during_bonus: bool, events: list[Event]) -> None:
        self.winners = winners
        self.won_in_bonus = during_bonus
        self.phase = Phase.OVER
        self.bonus_queue = []
        events.append(GameOver(winners, self.scores(), during_bonus))

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
