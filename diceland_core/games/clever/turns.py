"""The turn and round machine of Ganz schön clever (CLEVER.md C4, C5.5,
C8.5, C9, C11): the phases, where each die lies, the rolls from the game's
dice source, marks and the bonus chains they set off, the start and end of
turns and rounds, and the end of the game.

:class:`Turns` is mixed into :class:`~.game.Game`; its methods change the
position after :mod:`.checks` has found an action legal.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from ...core.errors import ScenarioError
from .actions import (
    BonusEarned, Event, GameOver, Marked, Pick, PlatterFilled, RollingEnded, Rolled,
    RoundStarted, TurnEnded,
)
from .sheet import AREAS, COLOURS, ORANGE, ROUND_BONUS, YELLOW, Sheet, yellow_cell

__all__ = ["Turns", "Phase", "ROLLING", "FINISH", "ROUND_BONUS_PHASE", "OVER", "OUT", "HAND", "PLATTER",
           "FIELD", "ALL_DICE", "mark_field", "winners_of"]



class Phase(StrEnum):
    """The phases of a round (the replay output's ``phase``)."""

    ROUND_BONUS = "round_bonus"
    ROLLING = "rolling"
    FINISH = "finish"
    OVER = "over"


#: the phases under the names the site's pages read
ROUND_BONUS_PHASE, ROLLING, FINISH, OVER = Phase.ROUND_BONUS, Phase.ROLLING, Phase.FINISH, Phase.OVER
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


class Turns:
    """The moves of the phase machine; the state's fields are :class:`~.game.Game`'s."""

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
