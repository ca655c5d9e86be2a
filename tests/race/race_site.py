"""Dice Race's site controller: the fourth game on the shared table
(:class:`diceland_site.table.Table`), as small as a game's controller can
be.  It turns the page's buttons into the engine's actions and builds the
view model; the table does the rest (who decides, bots, the hand-over,
undo).  Imported by ``tests/conftest.py`` like the game itself, so the
shared tests of the table find it among ``Table.tables``."""

from __future__ import annotations

from typing import Any

from diceland_site.play import BaseView, ButtonView, Result
from diceland_site.table import Table

from race_game import Moved, Move, Pass, Phase, Roll

__all__ = ["RaceTable", "WORDS"]

#: what the page says, in every language of the site
WORDS = {
    "en": {"roll": "Roll", "pass": "End turn", "undo": "Undo", "prompt.roll": "{name}: roll the dice.",
           "prompt.move": "{name}: move by a die.", "prompt.over": "The race is over.",
           "handoff": "Pass the device to {name}", "take": "I am {name}",
           "log.move": "{name} moves {steps} to square {square}.", "log.pass": "{name} ends the turn.",
           "log.roll": "{name} rolls.", "nothing_to_undo": "There is nothing of yours to take back."},
    "es": {"roll": "Tirar", "pass": "Terminar el turno", "undo": "Deshacer", "prompt.roll": "{name}: tira los dados.",
           "prompt.move": "{name}: avanza con un dado.", "prompt.over": "La carrera ha terminado.",
           "handoff": "Pasa el dispositivo a {name}", "take": "Soy {name}",
           "log.move": "{name} avanza {steps} hasta la casilla {square}.", "log.pass": "{name} termina el turno.",
           "log.roll": "{name} tira.", "nothing_to_undo": "No tienes nada que deshacer."},
    "it": {"roll": "Lancia", "pass": "Fine turno", "undo": "Annulla", "prompt.roll": "{name}: lancia i dadi.",
           "prompt.move": "{name}: avanza con un dado.", "prompt.over": "La corsa è finita.",
           "handoff": "Passa il dispositivo a {name}", "take": "Sono {name}",
           "log.move": "{name} avanza di {steps} fino alla casella {square}.", "log.pass": "{name} finisce il turno.",
           "log.roll": "{name} lancia.", "nothing_to_undo": "Non hai nulla da annullare."},
}


class RaceTable(Table):
    GAME = "race"

    # -- the table's hooks -----------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.lang = lang if lang in WORDS else "en"
        self.rebuild_log()

    def t(self, key: str, **params: Any) -> str:
        return WORDS[self.lang][key].format(**params)

    def build_log(self) -> list[str]:
        """The game's actions told again, replayed on a fresh game of the same setup."""
        fresh, lines = type(self.game)(self.game.setup), []
        for action in self.game.actions:
            lines += self.lines(action, fresh.apply(action))
        return lines

    def lines(self, action: Any, events: Any) -> list[str]:
        name = self.names[action.player]
        if isinstance(action, Move):
            return [self.t("log.move", name=name, steps=e.steps, square=e.square)
                    for e in events if isinstance(e, Moved)]
        return [self.t("log.pass" if isinstance(action, Pass) else "log.roll", name=name)]

    def announce(self, events: Any, action: Any) -> Result:
        said = self.lines(action, events)
        self.turn_log += said
        return Result(True, changed=True, lines=tuple(said))

    def handoff_words(self, seat: int) -> tuple[str, str, str]:
        name = self.names[seat]
        return self.t("handoff", name=name), "", self.t("take", name=name)

    def nothing_to_undo(self) -> Result:
        return Result(False, self.t("nothing_to_undo"))

    # -- the page's inputs -----------------------------------------------------------------
    def press(self, button: str) -> Result:
        """A button of the page: ``roll``, ``pass``, ``move0``/``move1`` (a die) or ``undo``."""
        if button == "undo":
            return self.undo()
        seat = self.acting_seat()
        if seat is None:
            return Result(False, self.t("prompt.over") if self.game.over else "")
        actions = {"roll": Roll(seat), "pass": Pass(seat), "move0": Move(seat, 0), "move1": Move(seat, 1)}
        if button not in actions:
            return Result(False)
        return self.apply(actions[button])

    # -- what the page draws ---------------------------------------------------------------
    def model(self) -> BaseView:
        g, me = self.game, self.acting_seat()
        legal = set(g.legal_actions(me)) if me is not None else set()
        buttons = [ButtonView("roll", self.t("roll"), Roll(me) in legal if me is not None else False)]
        for i, value in enumerate(g.roll):
            buttons.append(ButtonView(f"move{i}", str(value), me is not None and Move(me, i) in legal))
        buttons += [ButtonView("pass", self.t("pass"), me is not None and Pass(me) in legal),
                    ButtonView("undo", self.t("undo"), self.can_undo())]
        if g.over:
            prompt = self.t("prompt.over")
        else:
            who = self.names[self.deciding_seat()]
            prompt = self.t("prompt.roll" if g.phase is Phase.ROLL else "prompt.move", name=who)
        return BaseView(lang=self.lang, current=self.current_seat(), shown=self.shown_player(),
                        seats=tuple(self.seats), dice=tuple(g.roll), buttons=tuple(buttons), prompt=prompt,
                        handoff=self.handoff_view(), bot_pending=self.bot_pending(), over=g.over,
                        winners=tuple(g.winners), can_undo=self.can_undo())
