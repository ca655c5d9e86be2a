"""A game of Diceland in a text terminal (``python -m diceland_core play``)."""

from __future__ import annotations

from typing import Sequence, TextIO

from .actions import (
    BonusRollStarted, Choose, ColourCompleted, Event, GameOver, Pass, Phase1Ended, Place,
    Reroll, Rolled, StarCrossed, Stop,
)
from .board import Board
from .colours import parse_colour
from ...core.errors import IllegalActionError
from ...core.terminal import Console
from .game import Game, Phase
from .sheet import Sheet
from . import DEFINITION

__all__ = ["TerminalGame", "sheet_text", "terminal"]

def sheet_text(sheet: Sheet) -> str:
    """The board as text: ``R`` a red cell, ``R*`` a red bonus cell, ``x``
    before the letter once crossed, ``#`` obstacle, ``@`` start."""
    board: Board = sheet.board
    lines = ["    " + "".join(f"{c:<4}" for c in range(board.cols))]
    for r, row in enumerate(board.tokens):
        cells = []
        for c, tok in enumerate(row):
            if tok not in ("#", "@") and sheet.is_crossed(r, c):
                tok = "x" + tok
            cells.append(f"{tok:<4}")
        lines.append(f"{r:>2} " + ("  " if r % 2 else "") + "".join(cells).rstrip())
    done = ", ".join(c.key for c in sheet.completed_colours()) or "none"
    lines.append(f"   bonus cells: {sheet.stars}/12   colours complete: {done}")
    return "\n".join(lines)

def _dice(dice) -> str:
    return " ".join(c.key for c in dice)

def _describe(action) -> str:
    if isinstance(action, Choose):
        return f"keeps {action.colour.key}"
    if isinstance(action, Place):
        return "crosses " + " ".join(f"{r},{c}" for r, c in action.cells)
    return action.type


def terminal(players: int = 2, bots: Sequence[str | None] = (), seed: int = 0, lang: str = "en",
         input: TextIO | None = None, output: TextIO | None = None, board: Board | str = "A") -> int:
    """Play in a text terminal (the ``play`` command)."""
    import sys
    return TerminalGame(board, players, seed, input or sys.stdin, output or sys.stdout, bots).run()


class TerminalGame(Console):
    def __init__(self, board: Board | str, players: int, seed: int, stdin: TextIO, stdout: TextIO,
                 bots: Sequence[str | None] = ()):
        self.game = Game.new(board, players=players, seed=seed)
        self.stdin, self.stdout = stdin, stdout
        self.seed = seed
        # seats played by bots (a kind per seat, None for a person)
        self.bots = {p: DEFINITION.make_bot(kind, seed + p) for p, kind in enumerate(bots) if kind}

    def announce(self, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, Rolled):
                self.say(f"Player {e.player + 1} rolls: {_dice(e.dice)}")
            elif isinstance(e, Phase1Ended):
                why = {"all_dice": "all six dice set aside", "no_hit": "the reroll missed",
                       "stopped": "stopped"}[e.reason]
                self.say(f"Phase 1 over ({why}): {e.held} {e.colour.key} for player {e.player + 1}; "
                         f"leftovers: {_dice(e.leftovers) or 'none'}")
            elif isinstance(e, StarCrossed):
                self.say(f"*** Player {e.player + 1} crossed a {e.colour.key} bonus cell ({e.stars} in all)!")
            elif isinstance(e, ColourCompleted):
                self.say(f"*** Player {e.player + 1} completed {e.colour.key}!")
            elif isinstance(e, BonusRollStarted):
                self.say(f"Bonus roll for player {e.player + 1}")
            elif isinstance(e, GameOver):
                names = " and ".join(f"player {p + 1}" for p in e.winners)
                self.say(f"Game over: {names} won.")

    def run(self) -> int:
        g = self.game
        self.say(f"Diceland, {g.players} players on board {g.boards[0].id} (seed {self.seed}). "
                 "Type 'q' to quit.")
        self.announce(g.log)
        while not g.over:
            player = g.waiting_for()[0]
            try:
                if player in self.bots:
                    action = self.bots[player].choose(g, player)
                    self.say(f"Player {player + 1} ({self.bots[player].kind} bot): {_describe(action)}")
                else:
                    action = self.ask_action(player)
            except EOFError:
                self.say("\nbye")
                return 0
            if action is None:
                continue
            try:
                self.announce(g.apply(action))
            except IllegalActionError as exc:
                self.say(f"Not allowed: {exc}")
        return 0

    def ask_action(self, player: int):
        g = self.game
        name = f"Player {player + 1}"
        if g.phase is Phase.CHOOSE:
            answer = self.read(f"{name}, choose a colour ({_dice(sorted(set(g.roll)))}): ")
            try:
                return Choose(parse_colour(answer))
            except ValueError as exc:
                self.say(str(exc))
                return None
        if g.phase is Phase.DECIDE:
            answer = self.read(f"{name}: {g.held} {g.chosen.key} set aside. (r)eroll or (s)top? ").lower()
            if answer in ("r", "reroll"):
                return Reroll()
            if answer in ("s", "stop"):
                return Stop()
            return None
        self.say()
        self.say(sheet_text(g.sheets[player]))
        dice = g.dice_for(player)
        what = "bonus roll" if g.phase is Phase.BONUS else "phase 2"
        self.say(f"{name}, {what}: dice " + ", ".join(f"{n} {c.key}" for c, n in dice.items()))
        options = g.legal_actions(player)
        places = [a for a in options if isinstance(a, Place)]
        for i, a in enumerate(places[:40], 1):
            self.say(f"  {i:>2}: " + " ".join(f"{r},{c}" for r, c in a.cells))
        if len(places) > 40:
            self.say(f"  … and {len(places) - 40} more: type the cells as row,col row,col …")
        can_pass = any(isinstance(a, Pass) for a in options)
        answer = self.read("Number, cells (row,col …)" + (", or p to pass" if can_pass else "") + ": ")
        if answer.lower() in ("p", "pass"):
            return Pass(player)
        if answer.isdigit() and 1 <= int(answer) <= len(places):
            return places[int(answer) - 1]
        try:
            cells = tuple(tuple(int(x) for x in tok.split(",")) for tok in answer.split())
            if cells and all(len(c) == 2 for c in cells):
                return Place(player, cells)  # type: ignore[arg-type]
        except ValueError:
            pass
        self.say("Please type a number from the list, cells like 4,5 4,6, or p.")
        return None

    def read(self, prompt: str) -> str:
        answer = self.ask(prompt)
        if answer is None or answer.lower() in ("q", "quit"):
            raise EOFError
        return answer

