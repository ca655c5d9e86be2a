"""The state machine of Ganz schön clever (CLEVER.md C4–C11).

A :class:`Game` is one position plus its history.  :meth:`apply`
checks an action in exactly the order of CLEVER.md's table *Illegal actions
and their rule ids* (:mod:`.checks`), raising :class:`IllegalActionError`
with the first failed rule and leaving the state unchanged; otherwise it
changes the state and returns the events.  The state rolls by itself at the
moments the rules say (a turn's first roll after C4.3, the next roll of
C5.5, a reroll, a solo passive roll), from its own dice source only
(:mod:`.turns`).

Phases (:class:`Phase`, the replay output's ``phase``):

``round_bonus``  round-4 choices outstanding (C8.7)
``rolling``      the active player picks or rerolls (C5)
``finish``       rolling has ended: takes, passes, +1 actions, ``end_turn`` (C6, C7.4, C9.1)
``over``         the game has ended (C9.3)

A pending ``yellow_x``/``blue_x`` choice (C8.6) belongs to one player at a
time: it blocks every other action, so a second player can never earn one
before the first is resolved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...core.dice import ScriptedDice, start_player_for
from ...core.errors import IllegalActionError
from ...core.history import History
from ...core.protocol import Outcome
from ...core.values import check_seats
from .actions import Action, Bonus, EndTurn, Event, Extra, Pass, Pick, Reroll, RoundBonus, Take
from .checks import Checks
from .sheet import AREAS, BLUE, COLOURS, ROUNDS, YELLOW, Sheet, yellow_bit
from .turns import (
    _DIE, ALL_DICE, FIELD, FINISH, HAND, OUT, OVER, PLATTER, ROLLING, ROUND_BONUS_PHASE, Phase,
    Turns, mark_field, winners_of,
)

__all__ = ["Game", "Setup", "Phase", "ROLLING", "FINISH", "ROUND_BONUS_PHASE", "OVER",
           "OUT", "HAND", "PLATTER", "FIELD", "mark_field", "winners_of"]


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
    #: carried into records untouched (seat names, bot kinds …), kept by an undo
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

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


class Game(Checks, Turns, History):
    """One game of Ganz schön clever; create with :meth:`new` or from a
    :class:`Setup`."""

    def __init__(self, setup: Setup):
        n = check_seats("Ganz schön clever", setup.players, 1, 4, setup.start_player, "C1.3")
        self.setup = setup
        self.seed = setup.seed
        #: the setup's ``meta``, carried into records untouched
        self.meta: dict[str, Any] = setup.meta
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
    _copied = ("loc", "fields", "done", "extra_dice", "pending", "owed", "faces")
    _copied_items = ("sheets",)

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
            "phase": self.phase.value,
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


_KIND = {"pick": Pick, "take": Take, "extra": Extra}
