"""The state machine of Ganz schön clever (CLEVER.md C4–C11).

A :class:`Game` is one position plus its history.  :meth:`apply`
checks an action in exactly the order of CLEVER.md's table *Illegal actions
and their rule ids* (:meth:`_check`), raising :class:`IllegalActionError`
with the first failed rule and leaving the state unchanged; otherwise it
changes the state and returns the events.  The state rolls by itself at the
moments the rules say (a turn's first roll after C4.3, the next roll of
C5.5, a reroll, a solo passive roll), from its own dice source only.

Phases (the replay output's ``phase``):

``round_bonus``  round-4 choices outstanding (C8.7)
``rolling``      the active player picks or rerolls (C5)
``finish``       rolling has ended: takes, passes, +1 actions, ``end_turn`` (C6, C7.4, C9.1)
``over``         the game has ended (C9.3)

A pending ``yellow_x``/``blue_x`` choice (C8.6) belongs to one player at a
time: it blocks every other action, so a second player can never earn one
before the first is resolved.
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Any, Mapping

from ...core.dice import ScriptedDice, SplitMix64, start_player_for
from ...core.errors import IllegalActionError, ScenarioError
from ...core.history import History
from ...core.protocol import Outcome
from .actions import (
    Action, Bonus, BonusEarned, EndTurn, Event, Extra, GameOver, Marked, Pass, Pick,
    PlatterFilled, Reroll, RollingEnded, Rolled, RoundBonus, RoundStarted, Take, TurnEnded,
)
from .sheet import (
    AREAS, BLUE, COLOURS, GREEN, ORANGE, PURPLE, ROUND_BONUS, ROUNDS, WHITE, YELLOW,
    YELLOW_GRID, GREEN_THRESHOLDS, Sheet, yellow_bit, yellow_cell,
)

__all__ = ["Game", "Setup", "ROLLING", "FINISH", "ROUND_BONUS_PHASE", "OVER",
           "OUT", "HAND", "PLATTER", "FIELD", "mark_field", "winners_of"]

ROUND_BONUS_PHASE, ROLLING, FINISH, OVER = "round_bonus", "rolling", "finish", "over"
#: where a die lies: nowhere in play (solo passive leftovers, before a roll), in
#: the active player's hand, on the platter, on a dice field
OUT, HAND, PLATTER, FIELD = 0, 1, 2, 3
_DIE = {c: i for i, c in enumerate(COLOURS)}
_AREA = {a: i for i, a in enumerate(AREAS)}
ALL_DICE = tuple(range(6))


def mark_field(area: int, f: Any) -> Any:
    """The action field of an internal mark field (yellow bit → [r, c])."""
    return yellow_cell(f) if area == YELLOW else f


def winners_of(sheets: list[Sheet]) -> tuple[int, ...]:
    """C10.8 / R7: the highest total; among those, the highest single area
    score; still tied → all of them."""
    scores = [s.area_scores() for s in sheets]
    totals = [sum(s.values()) for s in scores]
    best = max(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    top = {p: max(scores[p][a] for a in AREAS) for p in tied}
    high = max(top.values())
    return tuple(p for p in tied if top[p] == high)


@dataclass(frozen=True)
class Setup:
    """What a game starts from: players, start player, round (C4.1; a
    scenario may start later), seed, presets per player (the scenario's
    ``sheets`` object, already checked) and fixed rolls (the scenario's
    ``dice``)."""

    players: int
    start_player: int
    seed: int = 0
    round: int = 1
    presets: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    script: tuple = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"start_player": self.start_player, "round": self.round}
        if self.presets:
            out["sheets"] = {str(p): dict(v) for p, v in sorted(self.presets.items())}
        if self.script:
            out["dice"] = [dict(r) for r in self.script]
        return out


def preset_sheet(data: Mapping[str, Any]) -> Sheet:
    """A sheet from a checked preset (scenario ``sheets``): no bonuses are
    earned; foxes follow from the marks (Sheet.foxes)."""
    s = Sheet()
    for r, c in data.get("yellow", ()):
        s.y |= 1 << yellow_bit(r, c)
    for n in data.get("blue", ()):
        s.b |= 1 << n
    s.g = data.get("green", 0)
    s.o = list(data.get("orange", ()))
    s.p = list(data.get("purple", ()))
    s.rr = data.get("rerolls", 0)
    s.ex = data.get("extras", 0)
    return s


class Game(History):
    """One game of Ganz schön clever; create with :meth:`new` or from a
    :class:`Setup`."""

    def __init__(self, setup: Setup):
        n = setup.players
        if not 1 <= n <= 4:
            raise ValueError(f"Ganz schön clever is for 1 to 4 players, not {n} (C1.3)")
        if not 0 <= setup.start_player < n:
            raise ValueError(f"start player {setup.start_player} is not one of the {n} players")
        self.setup = setup
        self.seed = setup.seed
        #: carried into records untouched (seat names, bot kinds …)
        self.meta: dict[str, Any] = {}
        self.players = n
        self.rounds = ROUNDS[n]
        if not 1 <= setup.round <= self.rounds:
            raise ValueError(f"round {setup.round} is not one of the {self.rounds} rounds")
        self.dice = ScriptedDice((), setup.seed, check_length=False)
        self.dice.rolls = list(setup.script)      # rolls of named dice (dicts)
        self.sheets = [preset_sheet(setup.presets.get(p, {})) for p in range(n)]
        self.start_player = setup.start_player
        self.active = setup.start_player
        self.round = setup.round
        self.solo_passive = False
        self.phase = ROLLING
        self.faces: list[int] | None = None
        self.loc = [OUT] * 6
        self.fields: list[int] = []
        self.picked = False
        self.done = [True] * n
        self.extra_dice = [0] * n
        self.pending_player: int | None = None
        self.pending: list[str] = []
        self.owed: list[int] = []
        self.actions: list[Action] = []
        self.rolls: list[dict[str, Any]] = []
        self._rolls_before: list[int] = []
        self.winners: tuple[int, ...] = ()
        events: list[Event] = []
        self._start_round(events)

    @classmethod
    def new(cls, players: int = 1, seed: int = 0, start_player: int | None = None,
            round: int = 1) -> "Game":
        if start_player is None:
            start_player = start_player_for(seed, players)
        return cls(Setup(players, start_player, seed, round))

    # -- copying and history ----------------------------------------------------------
    def copy(self) -> "Game":
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new.sheets = [s.copy() for s in self.sheets]
        new.loc = self.loc[:]
        new.fields = self.fields[:]
        new.done = self.done[:]
        new.extra_dice = self.extra_dice[:]
        new.pending = self.pending[:]
        new.owed = self.owed[:]
        new.actions = self.actions[:]
        new.rolls = self.rolls[:]
        new._rolls_before = self._rolls_before[:]
        if self.faces is not None:
            new.faces = self.faces[:]
        dice = _copy.copy(self.dice)
        dice.then = _copy.copy(self.dice.then)
        dice.then._rng = SplitMix64(self.dice.then._rng.state)
        new.dice = dice
        return new

    def _undo_refused(self) -> IllegalActionError:
        """C12.1: nothing to take back, or dice were rolled after it."""
        if not self.actions:
            return IllegalActionError("C12.1", "clever.nothing_to_undo")
        return IllegalActionError("C12.1", "clever.undo_past_roll")

    # -- questions --------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def passive_players(self) -> list[int]:
        """The players who take from the platter this turn (C6.1, C11.3)."""
        if self.players == 1:
            return [0] if self.solo_passive else []
        return [p for p in range(self.players) if p != self.active]

    def compulsory(self) -> list[int]:
        """The replay output's ``waiting``: owed round-4 choices, the active
        player while rolling, passive players who have not taken or passed."""
        if self.phase == ROUND_BONUS_PHASE:
            return list(self.owed)
        if self.phase == ROLLING:
            return [self.active]
        if self.phase == FINISH:
            return [p for p in self.passive_players() if not self.done[p]]
        return []

    def waiting_for(self) -> tuple[int, ...]:
        """The players with a decision now, ascending: the player of a
        pending bonus choice (it blocks everything else); else the
        compulsory decisions; else, with rolling over and every take made,
        the active player, who may use +1 actions and ends the turn."""
        if self.phase == OVER:
            return ()
        if self.pending_player is not None:
            return (self.pending_player,)
        waiting = self.compulsory()
        if not waiting and self.phase == FINISH:
            return (0 if self.players == 1 else self.active,)
        return tuple(waiting)

    def part_over(self, player: int) -> bool:
        """C7.4: the player's own part of the turn is over."""
        if self.phase != FINISH:
            return False
        if self.players == 1:
            return not self.solo_passive or self.done[0]
        return player == self.active or self.done[player]

    def value(self, die: int, area: int) -> int:
        faces = self.faces
        return faces[0] + faces[2] if area == BLUE else faces[die]

    def platter(self) -> list[int]:
        return [d for d in ALL_DICE if self.loc[d] == PLATTER]

    def hand(self) -> list[int]:
        return [d for d in ALL_DICE if self.loc[d] == HAND]

    def platter_usable(self, player: int) -> bool:
        sheet, faces = self.sheets[player], self.faces
        return any(sheet.usable(d, faces) for d in ALL_DICE if self.loc[d] == PLATTER)

    def usable_dice(self, player: int) -> list[str]:
        """For the user interface: the dice ``player`` may enter now (pick,
        take or +1), in colour order."""
        return [COLOURS[d] for d, _ in self._die_sources(player)]

    def targets(self, player: int, die: str) -> list[tuple[str, Any]]:
        """For the user interface: the marks ``(area, field)`` that ``die``
        may make for ``player`` now (empty if it cannot be used now)."""
        d = _DIE[die]
        for dd, _ in self._die_sources(player):
            if dd == d:
                return [(AREAS[a], mark_field(a, f))
                        for a, f in self.sheets[player].die_marks(d, self.faces)]
        return []

    def _die_sources(self, player: int) -> list[tuple[int, str]]:
        """(die, action type) for each die ``player`` may use now."""
        if self.phase in (OVER, ROUND_BONUS_PHASE) or self.pending_player is not None:
            return []
        sheet, faces, loc = self.sheets[player], self.faces, self.loc
        if self.phase == ROLLING:
            if player != self.active:
                return []
            return [(d, "pick") for d in ALL_DICE if loc[d] == HAND and sheet.usable(d, faces)]
        out = []
        if player in self.passive_players() and not self.done[player]:
            out = [(d, "take") for d in ALL_DICE if loc[d] == PLATTER and sheet.usable(d, faces)]
            if not out and self.players > 1:
                out = [(d, "take") for d in self.fields if sheet.usable(d, faces)]
            return out
        if self.part_over(player) and sheet.extras > 0:
            used = self.extra_dice[player]
            out = [(d, "extra") for d in ALL_DICE if not used >> d & 1 and sheet.usable(d, faces)]
        return out

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal action now (of ``player`` only, if given)."""
        if self.phase == OVER:
            return []
        players = range(self.players) if player is None else [player]
        out: list[Action] = []
        if self.pending_player is not None:
            p = self.pending_player
            if p in players:
                area = YELLOW if self.pending[0] == "yellow_x" else BLUE
                out = [Bonus(p, AREAS[area], mark_field(area, f))
                       for f in self.sheets[p].free_fields(area)]
            return out
        if self.phase == ROUND_BONUS_PHASE:
            for p in players:
                if p in self.owed:
                    sheet = self.sheets[p]
                    for a in range(5):
                        out += [RoundBonus(p, AREAS[a], mark_field(a, f)) for f in sheet.free_fields(a)]
            return out
        faces = self.faces
        for p in players:
            if not 0 <= p < self.players:
                continue
            sheet = self.sheets[p]
            sources = self._die_sources(p)
            for d, kind in sources:
                cls = _KIND[kind]
                for a, f in sheet.die_marks(d, faces):
                    out.append(cls(p, COLOURS[d], AREAS[a], mark_field(a, f)))
            if self.phase == ROLLING and p == self.active:
                if not sources:
                    out += [Pick(p, COLOURS[d]) for d in ALL_DICE if self.loc[d] == HAND]
                if sheet.rerolls > 0:
                    out.append(Reroll(p))
            elif self.phase == FINISH and p in self.passive_players() and not self.done[p]:
                if not self.platter_usable(p):
                    out.append(Pass(p))
        if self.phase == FINISH and not self.compulsory():
            out.append(EndTurn())
        return out

    # -- checks, in the order of CLEVER.md's table ------------------------------------------
    def _check(self, a: Action) -> tuple | None:
        if self.phase == OVER:
            raise IllegalActionError("C9.4", "clever.game_over")
        t = a.type
        pp = self.pending_player
        if pp is not None and not (t == "bonus" and a.player == pp):
            raise IllegalActionError("C8.6", "clever.bonus_pending", player=pp + 1,
                                     area=self.pending[0][:-2])
        if t == "round_bonus":
            return self._check_round_bonus(a)
        if self.phase == ROUND_BONUS_PHASE and t != "bonus":
            raise IllegalActionError("C8.7", "clever.round_bonus_outstanding",
                                     players=[p + 1 for p in self.owed])
        if t == "bonus" and self.phase == ROUND_BONUS_PHASE and pp is None:
            raise IllegalActionError("C8.7", "clever.round_bonus_outstanding",
                                     players=[p + 1 for p in self.owed])
        if t == "pick":
            d = _DIE[a.die]
            if a.player != self.active or self.solo_passive:
                raise IllegalActionError("C5.2", "clever.not_active", player=a.player + 1)
            if self.phase != ROLLING:
                raise IllegalActionError("C5.2", "clever.rolling_over")
            if self.loc[d] != HAND:
                raise IllegalActionError("C5.2", "clever.die_not_in_roll", die=a.die)
            if a.area is None:
                sheet = self.sheets[a.player]
                if any(sheet.usable(x, self.faces) for x in self.hand()):
                    raise IllegalActionError("C5.3", "clever.must_enter")
                return None
            return self._check_mark(a.player, d, a.area, a.field)
        if t == "reroll":
            if a.player != self.active or self.phase != ROLLING or self.solo_passive:
                raise IllegalActionError("C7.3", "clever.no_reroll_now")
            if self.sheets[a.player].rerolls <= 0:
                raise IllegalActionError("C7.1", "clever.no_rerolls")
            return None
        if t == "extra":
            if not 0 <= a.player < self.players:
                raise IllegalActionError("C7.4", "clever.extra_too_early")
            if self.sheets[a.player].extras <= 0:
                raise IllegalActionError("C7.1", "clever.no_extras")
        if t in ("take", "pass"):
            p = a.player
            if p not in self.passive_players():
                raise IllegalActionError("C6.1", "clever.not_passive", player=p + 1)
            if self.phase != FINISH:
                raise IllegalActionError("C6.1", "clever.rolling_not_over")
            if self.done[p]:
                raise IllegalActionError("C6.1", "clever.already_took", player=p + 1)
            if t == "take":
                d = _DIE[a.die]
                if self.loc[d] != PLATTER:
                    if self.players == 1:
                        raise IllegalActionError("C11.3", "clever.solo_platter_only", die=a.die)
                    if self.platter_usable(p):
                        raise IllegalActionError("C6.3", "clever.platter_die_usable", die=a.die)
                return self._check_mark(p, d, a.area, a.field)
            if self.platter_usable(p):
                raise IllegalActionError("C6.4", "clever.must_take")
            return None
        if t == "extra":
            d = _DIE[a.die]
            if not self.part_over(a.player):
                raise IllegalActionError("C7.4", "clever.extra_too_early")
            if self.extra_dice[a.player] >> d & 1:
                raise IllegalActionError("C7.5", "clever.extra_die_used", die=a.die)
            return self._check_mark(a.player, d, a.area, a.field)
        if t == "bonus":
            if pp is None or a.player != pp:
                raise IllegalActionError("C8.6", "clever.no_bonus_pending")
            want = self.pending[0][:-2]
            if a.area != want:
                raise IllegalActionError("C8.6", "clever.bonus_wrong_area", area=want)
            area = _AREA[a.area]
            f = yellow_bit(*a.field) if area == YELLOW else a.field
            if f not in self.sheets[pp].free_fields(area):
                raise IllegalActionError("C8.6", "clever.field_not_free", area=a.area,
                                         **_field_params(area, f))
            return (area, f, 0)
        if t == "end_turn":
            if self.phase != FINISH or self.compulsory():
                raise IllegalActionError("C9.1", "clever.turn_not_over")
            return None
        raise IllegalActionError("C9.4", "clever.unknown_action")

    def _check_round_bonus(self, a: RoundBonus) -> tuple:
        if self.phase != ROUND_BONUS_PHASE or a.player not in self.owed:
            raise IllegalActionError("C8.7", "clever.round_bonus_not_now")
        area = _AREA[a.area]
        sheet = self.sheets[a.player]
        if sheet.area_full(area):
            raise IllegalActionError("C8.7", "clever.area_full", area=a.area)
        f = a.field
        if area == YELLOW:
            f = yellow_bit(*f)
        if area in (YELLOW, BLUE) and f not in sheet.free_fields(area):
            raise IllegalActionError("C8.7", "clever.field_not_free", area=a.area,
                                     **_field_params(area, f))
        return (area, f, 6)

    def _check_mark(self, player: int, d: int, area_name: str, f: Any) -> tuple:
        """C3.1–C3.7 for die ``d`` entered in ``area_name``."""
        area = _AREA[area_name]
        if d != WHITE and d - 1 != area:
            raise IllegalActionError("C3.1", "clever.wrong_area", die=COLOURS[d], area=area_name)
        sheet = self.sheets[player]
        v = self.value(d, area)
        if area == YELLOW:
            bit = yellow_bit(*f)
            if sheet.y >> bit & 1:
                raise IllegalActionError("C3.3", "clever.yellow_taken", row=f[0] + 1, column=f[1] + 1,
                                         cell=list(f))
            if YELLOW_GRID[f[0]][f[1]] != v:
                raise IllegalActionError("C3.3", "clever.yellow_value", value=v, row=f[0] + 1,
                                         column=f[1] + 1, shown=YELLOW_GRID[f[0]][f[1]], cell=list(f))
            return (area, bit, v)
        if area == BLUE:
            if f is not None and f != v:
                raise IllegalActionError("C3.4", "clever.blue_sum", value=v, field=f)
            if sheet.b >> v & 1:
                raise IllegalActionError("C3.4", "clever.blue_taken", value=v)
            return (area, v, v)
        if area == GREEN:
            if sheet.g >= 11:
                raise IllegalActionError("C3.5", "clever.area_full", area=area_name)
            if v < GREEN_THRESHOLDS[sheet.g]:
                raise IllegalActionError("C3.5", "clever.green_low", value=v,
                                         need=GREEN_THRESHOLDS[sheet.g])
            return (area, None, v)
        if area == ORANGE:
            if len(sheet.o) >= 11:
                raise IllegalActionError("C3.6", "clever.area_full", area=area_name)
            return (area, None, v)
        if len(sheet.p) >= 11:
            raise IllegalActionError("C3.7", "clever.area_full", area=area_name)
        if sheet.p and sheet.p[-1] != 6 and v <= sheet.p[-1]:
            raise IllegalActionError("C3.7", "clever.purple_low", value=v, last=sheet.p[-1])
        return (area, None, v)

    # -- applying ---------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        checked = self._check(action)
        events: list[Event] = []
        before = len(self.rolls)
        t = action.type
        p = getattr(action, "player", None)
        if t == "pick":
            self._do_pick(action, checked, events)
        elif t == "reroll":
            self.sheets[p].rr_used += 1
            self._roll(self.hand(), "reroll", events)
        elif t == "take":
            self.done[p] = True
            self._enter(p, checked, action.die, events)
        elif t == "pass":
            self.done[p] = True
        elif t == "extra":
            self.sheets[p].ex_used += 1
            self.extra_dice[p] |= 1 << _DIE[action.die]
            self._enter(p, checked, action.die, events)
        elif t == "bonus":
            bonus = self.pending.pop(0)
            self._enter(p, checked, bonus, events)
        elif t == "round_bonus":
            self.owed.remove(p)
            self._enter(p, checked, "black", events)
        else:
            self._end_turn(events)
        self._advance(events)
        self.actions.append(action)
        self._rolls_before.append(before)
        return events

    def _enter(self, player: int, checked: tuple, source: str, events: list[Event]) -> None:
        """Make a checked mark and resolve the bonuses it earns (C8.5)."""
        area, f, v = checked
        sheet = self.sheets[player]
        block = sheet.mark(area, f, v)
        written = v * 1 if area != ORANGE else sheet.o[-1]
        events.append(Marked(player, AREAS[area], mark_field(area, f), written, source))
        if block:
            for b in block:
                events.append(BonusEarned(player, b))
            self.pending[0:0] = block
        if self.pending:
            sheet.resolve(self.pending)
            self.pending_player = player if self.pending else None
        else:
            self.pending_player = None

    def _do_pick(self, a: Pick, checked: tuple | None, events: list[Event]) -> None:
        d = _DIE[a.die]
        faces, loc = self.faces, self.loc
        v = faces[d]
        loc[d] = FIELD
        self.fields.append(d)
        lower = tuple(COLOURS[x] for x in ALL_DICE if loc[x] == HAND and faces[x] < v)
        for x in ALL_DICE:
            if loc[x] == HAND and faces[x] < v:
                loc[x] = PLATTER
        if lower:
            events.append(PlatterFilled(lower))
        self.picked = True
        if checked is not None:
            self._enter(a.player, checked, a.die, events)

    def _advance(self, events: list[Event]) -> None:
        """Continue once no bonus choice is pending: the round's first roll
        after the round-4 choices (C8.7); C5.5 after a pick."""
        if self.pending_player is not None:
            return
        if self.phase == ROUND_BONUS_PHASE and not self.owed:
            self._start_turn(events)
        elif self.phase == ROLLING and self.picked:
            self.picked = False
            hand = self.hand()
            if len(self.fields) == 3 or not hand:
                if hand:
                    for d in hand:
                        self.loc[d] = PLATTER
                    events.append(PlatterFilled(tuple(COLOURS[d] for d in hand)))
                self.phase = FINISH
                for p in self.passive_players():
                    self.done[p] = False
                events.append(RollingEnded(self.active))
            else:
                self._roll(hand, "next", events)

    def _roll(self, dice: list[int], purpose: str, events: list[Event]) -> None:
        """Roll ``dice`` (indices) from the dice source; a solo passive roll
        also fixes the closeness order (R8)."""
        solo = purpose == "solo_passive"
        scripted = self.dice.next_scripted()
        closest: list[int] | None = None
        if scripted is None:
            values = self.dice.then.roll(len(dice))
            if solo:
                closest = list(ALL_DICE)
                self.dice.then.rng.shuffle(closest)
        else:
            names = [c for c in COLOURS if c in scripted]
            if set(scripted) - {"closest"} != {COLOURS[d] for d in dice} or (
                    "closest" in scripted and not solo):
                raise ScenarioError(
                    f"dice[{self.dice.used - 1}] has the dice {', '.join(names) or 'none'}, "
                    f"but this roll is of {', '.join(COLOURS[d] for d in dice)}")
            values = tuple(scripted[COLOURS[d]] for d in dice)
            if solo:
                closest = [_DIE[c] for c in scripted.get("closest", COLOURS)]
        if self.faces is None:
            self.faces = [0] * 6
        record: dict[str, Any] = {}
        for d, v in zip(dice, values):
            self.faces[d] = v
            record[COLOURS[d]] = v
        if solo:
            record["closest"] = [COLOURS[d] for d in closest]
        self.rolls.append(record)
        who = 0 if self.players == 1 else self.active
        events.append(Rolled(who, tuple(record.items()), purpose))
        if solo:
            rank = {d: i for i, d in enumerate(closest)}
            lowest = sorted(ALL_DICE, key=lambda d: (self.faces[d], rank[d]))[:3]
            for d in ALL_DICE:
                self.loc[d] = PLATTER if d in lowest else OUT
            events.append(PlatterFilled(tuple(COLOURS[d] for d in sorted(lowest))))
        else:
            for d in dice:
                self.loc[d] = HAND

    # -- turns and rounds (C4, C9, C11) -------------------------------------------------------------
    def _reset_turn(self) -> None:
        self.fields = []
        self.loc = [OUT] * 6
        self.picked = False
        self.done = [True] * self.players
        self.extra_dice = [0] * self.players

    def _start_round(self, events: list[Event]) -> None:
        """C4.3: the round's track bonus for every player, then the turn."""
        events.append(RoundStarted(self.round))
        bonus = ROUND_BONUS.get(self.round)
        if bonus == "black":
            self.owed = [p for p in range(self.players)
                         if not all(self.sheets[p].area_full(a) for a in range(5))]
            if self.owed:
                self._reset_turn()
                self.phase = ROUND_BONUS_PHASE
                self.faces = None
                return
        elif bonus:
            for p in range(self.players):
                self.sheets[p].apply_bonus(bonus)
                events.append(BonusEarned(p, bonus))
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        self._reset_turn()
        self.phase = ROLLING
        self._roll(list(ALL_DICE), "turn", events)

    def _end_turn(self, events: list[Event]) -> None:
        events.append(TurnEnded(self.active))
        if self.players == 1:
            if not self.solo_passive:
                self._reset_turn()
                self.solo_passive = True
                self.phase = FINISH
                self.done[0] = False
                self._roll(list(ALL_DICE), "solo_passive", events)
                return
            if self.round == self.rounds:
                return self._game_over(events)
            self.solo_passive = False
            self.round += 1
            return self._start_round(events)
        nxt = (self.active + 1) % self.players
        if nxt == self.start_player:
            if self.round == self.rounds:
                return self._game_over(events)
            self.active = nxt
            self.round += 1
            return self._start_round(events)
        self.active = nxt
        self._start_turn(events)

    def _game_over(self, events: list[Event]) -> None:
        self.phase = OVER
        self.winners = winners_of(self.sheets)
        events.append(GameOver(self.winners, self.scores()))

    # -- results -------------------------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """Every player's total now (C10)."""
        return tuple(s.total() for s in self.sheets)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        areas = tuple(s.area_scores() for s in self.sheets)
        return Outcome(tuple(sum(a.values()) for a in areas), self.winners, areas)

    def summary(self) -> dict[str, Any]:
        """The replay output of CLEVER.md, without ok/error."""
        faces = self.faces
        players = []
        for s in self.sheets:
            players.append({
                "yellow": s.yellow_cells(), "blue": s.blue_sums(), "green": s.g,
                "orange": list(s.o), "purple": list(s.p), "rerolls": s.rerolls,
                "extras": s.extras, "foxes": s.foxes(), "score": s.score(),
            })
        return {
            "game": "clever",
            "game_over": self.phase == OVER,
            "winners": list(self.winners),
            "round": self.round,
            "active_player": self.active,
            "solo_passive": self.solo_passive,
            "phase": self.phase,
            "waiting": self.compulsory(),
            "pending": (None if self.pending_player is None else
                        {"player": self.pending_player, "bonus": self.pending[0]}),
            "dice": None if faces is None else {c: faces[i] for i, c in enumerate(COLOURS)},
            "roll": [COLOURS[d] for d in ALL_DICE if self.loc[d] == HAND],
            "fields": [COLOURS[d] for d in self.fields],
            "platter": [COLOURS[d] for d in ALL_DICE if self.loc[d] == PLATTER],
            "players": players,
        }

    def __repr__(self) -> str:
        return (f"Game(players={self.players}, round={self.round}, active={self.active}, "
                f"phase={self.phase!r}, actions={len(self.actions)})")


def _field_params(area: int, f: Any) -> dict[str, Any]:
    if area == YELLOW:
        r, c = yellow_cell(f)
        return {"row": r + 1, "column": c + 1, "cell": [r, c]}
    return {"field": f}


_KIND = {"pick": Pick, "take": Take, "extra": Extra}
