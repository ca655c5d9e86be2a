"""The log lines and announcements of what happened in a game: the
engine's events turned into sentences in the page's language."""

from __future__ import annotations

from typing import Iterable

from diceland_core import GameOver
from diceland_core.games.diceland.actions import (
    BonusRollEarned, BonusRollStarted, ColourChosen, ColourCompleted, DiceSetAside, Event, Passed,
    Phase1Ended, Phase2Ended, Placed, Rolled, StarCrossed, TurnStarted,
)

from diceland_core.games.diceland.game import Game

from ...i18n import error_text
from ...turn_log import TurnLog, rebuild

__all__ = ["announce", "feed", "build_log"]

#: what a line of these kinds continues after an arrow: a placement and what it earned
_CHAINS = ("placed", "star_crossed", "colour_completed")


def announce(ctrl, events: Iterable[Event]) -> None:
    """Log (and announce the notable) ``events`` just applied on ``ctrl``."""
    t, s, names = ctrl.strings.t, ctrl.strings, ctrl.names
    g = ctrl.game
    events = list(events)
    game_won = any(isinstance(ev, GameOver) for ev in events)
    for ev in events:
        who = names[ev.player] if hasattr(ev, "player") else ""
        kind = ev.kind
        if isinstance(ev, TurnStarted):
            ctrl._log(t("log.turn", turn=g.turn, name=who), kind, ev.player)
        elif isinstance(ev, Rolled):
            ctrl._log(t(f"log.rolled_{ev.purpose}", name=who, dice=s.dice(ev.dice)), kind, ev.player)
            human = ctrl.seats[ev.player].is_human
            ctrl.revealed = not (human and ev.purpose in ("turn", "bonus"))
        elif isinstance(ev, ColourChosen):
            ctrl._log(t("log.chosen", name=who, colour=s.colour(ev.colour), count=ev.set_aside), kind, ev.player)
        elif isinstance(ev, DiceSetAside):
            ctrl._log(t("log.set_aside", name=who, count=ev.count, colour=s.colour(ev.colour), held=ev.held),
                      kind, ev.player)
        elif isinstance(ev, Phase1Ended):
            ctrl._log(t(f"log.phase1_{ev.reason}", name=who, colour=s.colour(ev.colour), held=ev.held,
                        dice=s.dice(ev.leftovers)), kind, ev.player)
            if ev.reason == "no_hit":
                ctrl._toast(t("toast.no_hit", colour=s.colour(ev.colour)), kind, ev.player)
            elif ev.reason == "all_dice":
                ctrl._toast(t("toast.all_dice", colour=s.colour(ev.colour)), kind, ev.player)
            over = g.sheets[ev.player].overshoot_reason(ev.colour, ev.held)
            if over is not None:
                ctrl._toast(t("toast.overshoot", name=who, count=ev.held, colour=s.colour(ev.colour)),
                            "overshoot", ev.player)
                ctrl._log(error_text(over, ctrl.lang, names), "overshoot", ev.player)
        elif isinstance(ev, Placed):
            key = "log.placed_bonus" if ev.bonus_roll else "log.placed"
            ctrl._log(t(key, name=who, count=len(ev.cells), colour=s.colour(ev.colour)), kind, ev.player)
        elif isinstance(ev, Passed):
            ctrl._log(t("log.passed_bonus" if ev.bonus_roll else "log.passed", name=who), kind, ev.player)
        elif isinstance(ev, StarCrossed):
            ctrl._log(ctrl.stars_text("log.star", ev.stars, name=who), kind, ev.player,
                      ctrl.stars_text("log.chain_star", ev.stars), t("why.star"))
            ctrl._toast(ctrl.stars_text("toast.star", ev.stars, name=who), kind, ev.player)
        elif isinstance(ev, ColourCompleted):
            ctrl._log(t("log.colour_completed", name=who, colour=s.colour(ev.colour)), kind, ev.player,
                      t("log.chain_completed", colour=s.colour(ev.colour)),
                      t("why.completed", colour=s.colour(ev.colour)))
            ctrl._toast(t("toast.colour_completed", name=who, colour=s.colour(ev.colour)), kind, ev.player)
        elif isinstance(ev, BonusRollEarned):
            ctrl._log(t("log.bonus_earned", name=who), kind, ev.player, t("log.chain_bonus"))
            if not game_won:  # the game ends first: no bonus roll will happen
                ctrl._toast(t("toast.bonus_earned", name=who), kind, ev.player)
        elif isinstance(ev, Phase2Ended):
            ctrl._log(t("log.phase2_ended"), kind)
        elif isinstance(ev, BonusRollStarted):
            ctrl._log(t("log.bonus_chained" if ev.chained else "log.bonus_started", name=who), kind, ev.player)
            if ev.chained:
                ctrl._toast(t("toast.bonus_chained", name=who), kind, ev.player)
        elif isinstance(ev, GameOver):
            won = [names[p] for p in ev.winners]
            if len(won) == 1:
                ctrl._log(t("log.won_one", name=won[0]), kind)
                ctrl._toast(t("toast.winner_one", name=won[0]), kind)
            else:
                ctrl._log(t("log.won_several", names=s.names(won)), kind)
                ctrl._toast(t("toast.winner_several", names=s.names(won)), kind)


# -- the turn log -------------------------------------------------------------------------------------

def feed(log: TurnLog, text: str, kind: str, done: int, chain: str = "", player: int | None = None,
         why: str = "") -> None:
    """A log line of :func:`announce` into the turn log: a new turn's
    heading, a line, or (``chain``) the continuation of the placement
    line before it ("Ana crosses 3 × red → bonus cell (4 of 9) → bonus roll").
    ``why``: what a bonus roll of ``player``'s would be for (its prompt says so)."""
    if why and player is not None:
        log.state.setdefault("why", {})[player] = why
    if kind == "turn_started":
        log.begin(text, done)
    elif not (chain and log.state.get("last") in _CHAINS and log.extend_last(chain)):
        log.add(text, done)
    log.state["last"] = kind


class _Narrator:
    """What :func:`announce` needs of a controller, writing the turn log only."""

    def __init__(self, game: Game, seats, strings, stars_text, log: TurnLog):
        self.game, self.seats, self.strings, self.stars_text, self.log = game, seats, strings, stars_text, log
        self.names = [s.name for s in seats]
        self.lang = strings.lang
        self.revealed = True

    def _log(self, text: str, kind: str, player: int | None = None, chain: str = "", why: str = "") -> None:
        feed(self.log, text, kind, len(self.game.actions), chain, player, why)

    def _toast(self, *args) -> None:
        pass


def build_log(game: Game, seats, strings, stars_text) -> TurnLog:
    """The whole turn log of ``game`` so far, from its record."""
    def narrate(log, state, events, done):
        announce(_Narrator(state, seats, strings, stars_text, log), events)
    return rebuild(game, narrate, lambda fresh: list(fresh.log))
