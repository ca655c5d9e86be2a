"""The rules of Dice Wide Shut (WIDESHUT.md W2–W7) as a state machine.

A :class:`Game` is one position plus its history.  :meth:`Game.apply` takes
an action, checks it in exactly the order of WIDESHUT.md "Which rule an
illegal action reports" (:mod:`.checks`, raising :class:`IllegalActionError` with the rule
id, the game unchanged) and returns the events it caused.

Phases (:class:`Phase`): ``roll`` (the start player must roll, W2.2),
``take`` (the current player takes dice, W2.3) and ``over`` (W6.3).  Rolls are explicit
``roll`` actions; the values come from the game's dice source (scripted rolls
first, then the seed: W8; :mod:`.turns`).  Undo never crosses a roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Sequence

from ...core.dice import DiceSource, ScriptedDice, start_player_for
from ...core.errors import IllegalActionError
from ...core.protocol import Outcome
from ...core.history import History
from ...core.values import check_seats
from .actions import Action, Event, Mark, Roll, Take
from .checks import Checks
from .sheet import BLUE, HALVES, NUMBER_MASK, RED, ROW_MASK, Sheet, iter_bits
from .turns import (
    _HALF_OF, _SIX_HALF, DIE_COLOURS, PURPLE, Phase, Turns, _box_bit, dice_count, die_colour, die_colours,
)

__all__ = ["Game", "Setup", "Phase", "MIN_PLAYERS", "MAX_PLAYERS", "dice_count", "die_colour",
           "PURPLE", "DIE_COLOURS"]

#: W1.1
MIN_PLAYERS, MAX_PLAYERS = 2, 5

#: the phases bound once: the hot paths compare with them (a plain name is
#: cheaper to read than an enum member)
ROLL, TAKE, OVER = Phase.ROLL, Phase.TAKE, Phase.OVER


@dataclass(frozen=True)
class Setup:
    """What a game starts from: player count, start player, seed, fixed rolls
    used before the seed (W8.2) and preset sheets (scenario ``sheets``:
    ``sheets[p]`` is a :meth:`Sheet.key` or None)."""

    players: int
    start_player: int = 0
    seed: int = 0
    script: tuple[tuple[int, ...], ...] = ()
    sheets: tuple[tuple[int, ...] | None, ...] = ()
    meta: Mapping[str, object] = field(default_factory=dict)

    def dice(self) -> ScriptedDice:
        return ScriptedDice(self.script, self.seed, check_length=False)

    def sheet(self, player: int) -> Sheet:
        key = self.sheets[player] if player < len(self.sheets) else None
        if key is None:
            return Sheet()
        return Sheet(key[0:2], key[2:4], key[4:6])


class Game(Checks, Turns, History):
    """One game of Dice Wide Shut.  Create with :meth:`new` or from a :class:`Setup`."""

    def __init__(self, setup: Setup, dice: DiceSource | None = None):
        n = check_seats("Dice Wide Shut", setup.players, MIN_PLAYERS, MAX_PLAYERS, setup.start_player, "W1.1")
        self.setup = setup
        self.dice: Any = setup.dice() if dice is None else dice
        self.players = n
        self.colours = die_colours(n)
        self.sheets = [setup.sheet(p) for p in range(n)]
        self.start = setup.start_player
        self.round = 1
        self.phase = ROLL
        self.turns_done = 0           # takes made this round
        self.roll: tuple[int, ...] | None = None
        self.taken = 0                # bit i: die i taken this round
        self.end_triggered = False
        self.winners: tuple[int, ...] = ()
        self.actions: list[Action] = []
        self.rolls: list[tuple[int, ...]] = []
        self._rolls_before: list[int] = []

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, start_player: int | None = None,
            sheets: Mapping[int, Sheet] | Sequence[Sheet | None] | None = None,
            script: Sequence[Sequence[int]] = (), meta: Mapping[str, object] | None = None) -> "Game":
        """A new game; the start player is drawn from the seed unless given (W2.1)."""
        if start_player is None:
            start_player = start_player_for(seed, players)
        keys: list[tuple[int, ...] | None] = [None] * players
        if sheets:
            items = sheets.items() if isinstance(sheets, Mapping) else enumerate(sheets)
            for p, s in items:
                if s is not None:
                    keys[p] = s.key()
        setup = Setup(players, start_player, seed, tuple(tuple(r) for r in script),
                      tuple(keys) if any(k is not None for k in keys) else (), dict(meta or {}))
        return cls(setup)

    # -- copying and history ------------------------------------------------
    _copied_items = ("sheets",)

    def _undo_refused(self) -> IllegalActionError:
        """W8.1: only a take with no roll after it can be taken back."""
        return IllegalActionError("W8.1", "wideshut.undo_roll")

    # -- questions ----------------------------------------------------------
    @property
    def seed(self) -> int:
        return self.setup.seed

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int | None:
        """The start player in ``roll``, the player to take in ``take``, None when over."""
        if self.phase == ROLL:
            return self.start
        if self.phase == TAKE:
            return (self.start + self.turns_done) % self.players
        return None

    def waiting_for(self) -> tuple[int, ...]:
        p = self.current_player
        return () if p is None else (p,)

    def remaining_dice(self) -> list[int]:
        """W3.5: this round's untaken dice indices, sorted."""
        if self.roll is None:
            return []
        return [i for i in range(len(self.roll)) if not self.taken >> i & 1]

    def scores(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.sheets)

    def outcome(self) -> Outcome | None:
        """W7: totals, winners and the two halves' scores, once over."""
        if not self.over:
            return None
        return Outcome(self.scores(), self.winners,
                       tuple({"red": s.score(RED), "blue": s.score(BLUE)} for s in self.sheets))

    def leaders(self) -> tuple[int, ...]:
        """W7.5: the players who would win now (highest total, then most splits)."""
        best = max((s.total, s.splits) for s in self.sheets)
        return tuple(p for p, s in enumerate(self.sheets) if (s.total, s.splits) == best)

    # -- legal actions ------------------------------------------------------
    def _low_options(self, sheet: Sheet, half: int, value: int) -> tuple[int, list[Mark]]:
        """For a die showing ``value`` (1–5) taken as ``half``: the empty boxes
        of its number (mask) and every box or skip entry it may name alone."""
        empties = NUMBER_MASK[half][value] & ~sheet.marks[half]
        name = HALVES[half]
        out: list[Mark] = [(name, i // 5, i % 5) for i in iter_bits(empties)]
        free = sheet.six[half] & ~sheet.used[half]
        for r in iter_bits(free):
            if empties & ROW_MASK[r]:
                out.append(("skip", r))
        return empties, out

    @staticmethod
    def _pair_ok(e1: Mark, empties1: int, e2: Mark, empties2: int) -> bool:
        """W4.1, W4.2, W5.3 between the two entries of a two-dice take (each
        entry legal on its own)."""
        box1 = _box_bit(e1) if e1 is not None and e1[0] != "skip" else 0
        box2 = _box_bit(e2) if e2 is not None and e2[0] != "skip" else 0
        if box1 and box1 == box2:
            return False
        # written out, not through a helper: the hottest loop of legal_actions
        if e1 is None:
            if empties1 & ~box2:  # no entry only when its number has no other empty box
                return False
        elif e1[0] == "skip":
            if not empties1 & ROW_MASK[e1[1]] & ~box2:  # a skip keeps an empty box of its row
                return False
            if e2 is not None and e2[0] == "skip" and e2[1] == e1[1]:
                return False
        if e2 is None:
            if empties2 & ~box1:
                return False
        elif e2[0] == "skip":
            if not empties2 & ROW_MASK[e2[1]] & ~box1:
                return False
        return True

    def six_options(self, sheet: Sheet) -> list[Mark]:
        """W4.3: what a die showing 6 may do."""
        out: list[Mark] = [(kind, r) for h, kind in ((RED, "red6"), (BLUE, "blue6"))
                           for r in range(5) if not sheet.six[h] >> r & 1]
        return out or [None]

    def mark_combinations(self, player: int, colour: str, dice: Sequence[int]) -> list[tuple[Mark, ...]]:
        """Every legal ``marks`` for taking ``dice`` as ``colour`` (empty when
        the take itself is illegal)."""
        try:
            self._check_take_dice(Take(player, colour, tuple(dice), (None,) * len(dice)))
        except IllegalActionError:
            return []
        return self._combinations(self.sheets[player], _HALF_OF[colour], [self.roll[i] for i in dice])

    def dice_refusal(self, player: int | None, dice: Sequence[int]) -> IllegalActionError | None:
        """For the user interface: why ``player`` may not take ``dice`` now
        (W2, W3) in any colour they may be taken as, or None when some colour
        allows them (the marks come next).  One die that must wait for a
        second (W3.4) is refused too: the page says so while a second die
        may still be chosen."""
        own = sorted({HALVES[self.colours[i]] for i in dice
                      if isinstance(i, int) and 0 <= i < len(self.colours) and self.colours[i] != PURPLE})
        first: IllegalActionError | None = None
        for colour in own or ["red", "blue"]:
            try:
                self._check_take_dice(Take(player, colour, tuple(dice), (None,) * len(dice)))
            except IllegalActionError as err:
                first = first or err
                continue
            return None
        return first

    def _combinations(self, sheet: Sheet, half: int, values: Sequence[int]) -> list[tuple[Mark, ...]]:
        if len(values) == 1:
            v = values[0]
            if v == 6:
                return [(e,) for e in self.six_options(sheet)]
            empties, opts = self._low_options(sheet, half, v)
            if not empties:
                opts.append(None)
            return [(e,) for e in opts]
        e1s, o1 = self._low_options(sheet, half, values[0])
        e2s, o2 = self._low_options(sheet, half, values[1])
        o1.append(None)
        o2.append(None)
        ok = self._pair_ok
        return [(a, b) for a in o1 for b in o2 if ok(a, e1s, b, e2s)]

    def mark_options(self, player: int, colour: str, dice: Sequence[int]) -> list[list[Mark]]:
        """For the user interface: for each chosen die, every entry it may
        name in some legal completion of the take (boxes, 6-boxes, skips,
        None)."""
        combos = self.mark_combinations(player, colour, dice)
        out: list[list[Mark]] = [[] for _ in dice]
        for combo in combos:
            for k, e in enumerate(combo):
                if e not in out[k]:
                    out[k].append(e)
        return out

    def skip_rows(self, player: int, colour: str, dice: Sequence[int], k: int) -> list[int]:
        """For the user interface: the rows whose 6 may skip die ``dice[k]`` (W5.3)."""
        return sorted({e[1] for e in self.mark_options(player, colour, dice)[k]
                       if e is not None and e[0] == "skip"})

    def takes(self, player: int | None = None) -> Iterator[tuple[str, tuple[int, ...]]]:
        """Every legal choice of dice (W3) now, as (colour, indices ascending)."""
        if self.phase != TAKE or (player is not None and player != self.current_player):
            return
        roll = self.roll
        assert roll is not None
        cols = self.colours
        left = [i for i in range(len(roll)) if not self.taken >> i & 1]
        for name, half in (("red", RED), ("blue", BLUE)):
            mine = [i for i in left if cols[i] == half or cols[i] == PURPLE]
            lows = [i for i in mine if roll[i] != 6]
            for i in mine:
                if roll[i] == 6:
                    yield name, (i,)
            if len(lows) == 1:
                yield name, (lows[0],)
            for a in range(len(lows)):
                for b in range(a + 1, len(lows)):
                    yield name, (lows[a], lows[b])

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now (of ``player`` only, if given): the roll,
        or every take (dice in ascending index order) with every legal marks."""
        if self.phase == OVER:
            return []
        if self.phase == ROLL:
            return [Roll(self.start)] if player in (None, self.start) else []
        p = self.current_player
        if player not in (None, p):
            return []
        sheet = self.sheets[p]
        roll = self.roll
        out: list[Action] = []
        for name, dice in self.takes(p):
            for marks in self._combinations(sheet, _HALF_OF[name], [roll[i] for i in dice]):
                out.append(Take(p, name, dice, marks))
        return out

    def outcomes(self, player: int | None = None) -> list[tuple[Take, tuple[int, ...]]]:
        """Every distinct result of a take now: (a take, the sheet key after it),
        one take per different sheet (the bots' move list)."""
        p = self.current_player if player is None else player
        if self.phase != TAKE or p != self.current_player:
            return []
        sheet = self.sheets[p]
        roll = self.roll
        seen: dict[tuple[int, ...], Take] = {}
        done_values: set[tuple[str, tuple[int, ...]]] = set()
        for name, dice in self.takes(p):
            values = tuple(sorted(roll[i] for i in dice))
            if (name, values) in done_values:
                continue
            done_values.add((name, values))
            half = _HALF_OF[name]
            vals = [roll[i] for i in dice]
            for marks in self._combinations(sheet, half, vals):
                key = _after(sheet, half, marks)
                if key not in seen:
                    seen[key] = Take(p, name, dice, marks)
        return [(t, k) for k, t in seen.items()]

    # -- applying -----------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply ``action``; returns its events.  Raises
        :class:`IllegalActionError` (game unchanged) if the rules forbid it."""
        self._check(action)
        events: list[Event] = []
        self._rolls_before.append(len(self.rolls))
        self.actions.append(action)
        if isinstance(action, Roll):
            self._do_roll(events)
        else:
            self._do_take(action, events)
        return events

    # -- reports --------------------------------------------------------------
    def summary(self) -> dict[str, object]:
        """The position as WIDESHUT.md's replay output (without ok/error)."""
        players = []
        for s in self.sheets:
            players.append({
                "red": s.half_summary(RED),
                "blue": s.half_summary(BLUE),
                "splits": s.splits,
                "empty_columns": s.empty_columns(),
                "total": s.total,
            })
        return {
            "game": "wideshut",
            "round": self.round,
            "start_player": self.start,
            "phase": self.phase.value,
            "current_player": self.current_player,
            "roll": list(self.roll) if self.roll is not None else None,
            "remaining_dice": self.remaining_dice(),
            "end_triggered": self.end_triggered,
            "game_over": self.over,
            "winners": list(self.winners),
            "players": players,
        }

    def __repr__(self) -> str:
        return (f"Game(players={self.players}, round={self.round}, start={self.start}, "
                f"phase={self.phase}, current={self.current_player})")


def _after(sheet: Sheet, half: int, marks: Sequence[Mark]) -> tuple[int, ...]:
    """The sheet key after a take's marks (no checks)."""
    m = sheet.marks[:]
    six = sheet.six[:]
    used = sheet.used[:]
    for e in marks:
        if e is None:
            continue
        kind = e[0]
        if kind == "skip":
            used[half] |= 1 << e[1]
        elif kind in _SIX_HALF:
            six[_SIX_HALF[kind]] |= 1 << e[1]
        else:
            m[half] |= _box_bit(e)
    return (m[0], m[1], six[0], six[1], used[0], used[1])

