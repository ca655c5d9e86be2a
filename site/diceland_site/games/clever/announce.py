"""What the clever page's log says of the engine's events: a mark, a roll,
a new round and the end of the game, in the reader's language."""

from __future__ import annotations

from typing import Any, Sequence

from diceland_core.games.clever import Game
from diceland_core.games.clever.actions import (
    BonusEarned, GameOver, Marked, PlatterFilled, Rolled, RoundStarted,
)
from diceland_core.games.clever.sheet import (
    BLUE_COLUMNS, BLUE_ROWS, CHOICE_BONUSES, COLOURS, GREEN_BONUS, ORANGE_BONUS, PURPLE_BONUS,
    YELLOW_DIAGONAL_BONUS, YELLOW_ROW_BONUS,
)

#: the bonus of each box of the areas filled left to right
_BOX_BONUS = {"green": GREEN_BONUS, "orange": ORANGE_BONUS, "purple": PURPLE_BONUS}

from ...turn_log import TurnLog, rebuild
from .strings import CleverStrings

__all__ = ["describe", "narrate", "build_log", "place_text", "bonus_text", "earned_by"]


def describe(event: Any, names: Sequence[str], strings: CleverStrings) -> str:
    """The log line of ``event`` ("" for an event the log leaves out)."""
    t = strings.t
    kind = event.kind
    if kind == "marked":
        return t("clever.log.marked", name=names[event.player], area=strings.area(event.area).lower(),
                 value=event.value)
    if kind == "rolled":  # a solo passive roll also carries its closeness order, not shown
        dice = ", ".join(f"{t('clever.colour.' + c)} {v}" for c, v in event.faces if c != "closest")
        return t("clever.log.rolled_passive" if event.purpose == "solo_passive" else "clever.log.rolled", dice=dice)
    if kind == "round_started":
        return t("clever.log.round", round=event.round)
    if kind == "game_over":
        return t("clever.log.over")
    return ""


# -- the turn log -------------------------------------------------------------------------------------

class _Opening(Game):
    """A fresh game that keeps the events of its own start (the round's
    track bonus and first roll, made before any action)."""

    def _start_round(self, events: list) -> None:
        super()._start_round(events)
        self.opening = list(events)


def place_text(area: str, fld: Any, strings: CleverStrings) -> str:
    """Where a mark went, in words: "yellow row 2, column 3", "blue 7", "green box 4", "green" (the next box)."""
    t = strings.t
    name = strings.area(area).lower()
    if area == "yellow":
        return t("clever.log.place_yellow", row=fld[0] + 1, column=fld[1] + 1)
    if area == "blue":
        return t("clever.log.place_blue", sum=fld)
    if isinstance(fld, int):
        return t("clever.log.place_box", area=name, box=fld + 1)
    return name


def earned_by(area: str, fld: Any, bonus: str, strings: CleverStrings) -> str:
    """What a mark on ``area``/``fld`` did to earn ``bonus``: "completing
    yellow row 2", "completing the blue column 3, 7, 11", "reaching box 6 of orange"."""
    t = strings.t
    if area == "yellow":
        if YELLOW_ROW_BONUS[fld[0]] == bonus:
            return t("clever.why.yellow_row", row=fld[0] + 1)
        if bonus == YELLOW_DIAGONAL_BONUS:
            return t("clever.why.yellow_diagonal")
    if area == "blue":
        for key, lines in (("clever.why.blue_row", BLUE_ROWS), ("clever.why.blue_column", BLUE_COLUMNS)):
            for sums, b in lines:
                if fld in sums and b == bonus:
                    return t(key, sums=", ".join(map(str, sums)))
    boxes = [i for i, b in _BOX_BONUS.get(area, {}).items() if b == bonus]
    if len(boxes) == 1:
        return t("clever.why.box", area=strings.area(area).lower(), box=boxes[0] + 1)
    return t("clever.why.mark", place=place_text(area, fld, strings))


def bonus_text(bonus: str, strings: CleverStrings) -> str:
    return strings.t(f"clever.bonus.{bonus}")


def _dice(faces, strings: CleverStrings) -> str:
    return ", ".join(f"{strings.t('clever.colour.' + c)} {v}" for c, v in faces if c != "closest")


def narrate(log: TurnLog, game: Game, events: Sequence[Any], done: int, names: Sequence[str],
            strings: CleverStrings) -> None:
    """The turn log's entries of ``events``, just applied on ``game`` as its
    ``done``-th action (0: the game's opening)."""
    t = strings.t
    action = game.actions[done - 1] if done else None
    kind = action.type if action is not None else ""
    marked = None
    round_bonus: list[str] = []
    for ev in events:
        if isinstance(ev, RoundStarted):
            log.begin(t("clever.log.turn", round=ev.round, name=names[game.active]), done)
            log.state["rolled"] = False
        elif isinstance(ev, Rolled):
            if ev.purpose == "turn" and log.state.get("rolled", True):
                log.begin(t("clever.log.turn", round=game.round, name=names[ev.player]), done)
            elif ev.purpose == "solo_passive":
                log.begin(t("clever.log.turn_passive", round=game.round, name=names[ev.player]), done)
            log.state["rolled"] = True
            log.add(t(f"clever.log.rolled_{ev.purpose}", name=names[ev.player], dice=_dice(ev.faces, strings)))
        elif isinstance(ev, PlatterFilled):
            faces = game.faces or [0] * len(COLOURS)
            dice = ", ".join(f"{t('clever.colour.' + c)} {faces[COLOURS.index(c)]}" for c in ev.dice)
            log.add(t("clever.log.platter", dice=dice))
        elif isinstance(ev, Marked):
            marked = ev
            where = place_text(ev.area, ev.field, strings)
            who = names[ev.player]
            if kind == "bonus" and log.chain(ev.player, t("clever.log.chain_mark", place=where)):
                continue
            if kind in ("pick", "take", "extra"):
                die = t(f"clever.colour.{action.die}")
                log.add(t(f"clever.log.{kind}", name=who, die=die, value=game_value(game, action.die, ev),
                          place=where))
            else:
                log.add(t(f"clever.log.{'round4' if kind == 'round_bonus' else 'bonus_mark'}", name=who,
                          place=where))
            log.open_chain(ev.player)
        elif isinstance(ev, BonusEarned):
            if marked is not None:
                log.chain(ev.player, bonus_text(ev.bonus, strings))
                if ev.bonus in CHOICE_BONUSES:  # what the bonus prompt says earned it
                    why = log.state.setdefault("why", {})
                    why[(ev.player, ev.bonus)] = earned_by(marked.area, marked.field, ev.bonus, strings)
            elif ev.bonus not in round_bonus:  # the round's track bonus, the same for everyone
                round_bonus.append(ev.bonus)
                log.add(t("clever.log.round_bonus", bonus=bonus_text(ev.bonus, strings)))
        elif isinstance(ev, GameOver):
            log.add(t("clever.log.over_winners", names=strings.names([names[w] for w in ev.winners])))
    p = game.pending_player
    if marked is not None and p == marked.player and (p, game.pending[0]) not in log.state.get("why", {}):
        # a choice earned down a chain of bonuses that were applied at once
        log.chain(p, bonus_text(game.pending[0], strings))
        log.state.setdefault("why", {})[(p, game.pending[0])] = t(
            "clever.why.chain", place=place_text(marked.area, marked.field, strings))
    if kind == "pass":
        log.add(t("clever.log.pass", name=names[action.player]))
    elif kind == "pick" and marked is None:
        die = t(f"clever.colour.{action.die}")
        log.add(t("clever.log.pick_only", name=names[action.player], die=die,
                  value=(game.faces or [0] * 6)[COLOURS.index(action.die)]))


def game_value(game: Game, die: str, ev: Any) -> int:
    """The face of ``die`` (the value a mark was made with)."""
    faces = game.faces
    return ev.value if faces is None else faces[COLOURS.index(die)]


def build_log(game: Game, names: Sequence[str], strings: CleverStrings) -> TurnLog:
    """The whole turn log of ``game`` so far, from its record."""
    def narrator(log, state, events, done):
        narrate(log, state, events, done, names, strings)
    return rebuild(game, narrator, lambda fresh: fresh.opening, make=_Opening)
