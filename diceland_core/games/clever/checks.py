"""The checks of Ganz schön clever's actions, in exactly the order of
CLEVER.md's table *Illegal actions and their rule ids*: the first failed
rule raises :class:`IllegalActionError`, the position unchanged.

:class:`Checks` is mixed into :class:`~.game.Game`; ``_check`` returns what
the mark of a legal action is (area, field, value), or None.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalActionError
from .actions import Action, RoundBonus
from .sheet import (
    BLUE, COLOURS, GREEN, GREEN_THRESHOLDS, ORANGE, WHITE, YELLOW, YELLOW_GRID, yellow_bit,
    yellow_cell,
)
from .turns import _AREA, _DIE, FINISH, HAND, OVER, PLATTER, ROLLING, ROUND_BONUS_PHASE

__all__ = ["Checks"]


class Checks:
    """The rules' checks; the state's fields are :class:`~.game.Game`'s."""

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
        check = self._CHECKS.get(t)
        if check is None:
            raise IllegalActionError("C9.4", "clever.unknown_action")
        return check(self, a)

    def _check_pick(self, a: Action) -> tuple | None:
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

    def _check_reroll(self, a: Action) -> None:
        if a.player != self.active or self.phase != ROLLING or self.solo_passive:
            raise IllegalActionError("C7.3", "clever.no_reroll_now")
        if self.sheets[a.player].rerolls <= 0:
            raise IllegalActionError("C7.1", "clever.no_rerolls")
        return None

    def _check_extra(self, a: Action) -> tuple | None:
        if not 0 <= a.player < self.players:
            raise IllegalActionError("C7.4", "clever.extra_too_early")
        if self.sheets[a.player].extras <= 0:
            raise IllegalActionError("C7.1", "clever.no_extras")
        d = _DIE[a.die]
        if not self.part_over(a.player):
            raise IllegalActionError("C7.4", "clever.extra_too_early")
        if self.extra_dice[a.player] >> d & 1:
            raise IllegalActionError("C7.5", "clever.extra_die_used", die=a.die)
        return self._check_mark(a.player, d, a.area, a.field)

    def _check_passive(self, a: Action) -> tuple | None:
        """A take or a pass of a passive player (C6)."""
        p = a.player
        if p not in self.passive_players():
            raise IllegalActionError("C6.1", "clever.not_passive", player=p + 1)
        if self.phase != FINISH:
            raise IllegalActionError("C6.1", "clever.rolling_not_over")
        if self.done[p]:
            raise IllegalActionError("C6.1", "clever.already_took", player=p + 1)
        if a.type == "take":
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

    def _check_bonus(self, a: Action) -> tuple:
        pp = self.pending_player
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

    def _check_end_turn(self, a: Action) -> None:
        if self.phase != FINISH or self.compulsory():
            raise IllegalActionError("C9.1", "clever.turn_not_over")
        return None

    #: each action type's check, after the ones every action goes through
    _CHECKS = {"pick": _check_pick, "reroll": _check_reroll, "extra": _check_extra, "take": _check_passive,
               "pass": _check_passive, "bonus": _check_bonus, "end_turn": _check_end_turn}

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


def _field_params(area: int, f: Any) -> dict[str, Any]:
    if area == YELLOW:
        r, c = yellow_cell(f)
        return {"row": r + 1, "column": c + 1, "cell": [r, c]}
    return {"field": f}
