"""Play Ganz schön clever in a text terminal: humans and bots, the sheet
drawn as the paper sheet looks (C2), in English, Spanish or Italian.

A human chooses from a numbered list of the legal actions; ``h`` asks for a
hint (the expert's move and its reason), ``u`` undoes (never past a roll),
``q`` quits.  Before a turn ends, every player may still use +1 actions
(C7.4); a human answers ``0`` when done.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Sequence

from ...core.errors import IllegalActionError, render_message
from .actions import EndTurn
from .bots import BOTS, hint
from .bots.base import finish_order
from .game import Game
from .messages import rating_code
from .sheet import (
    BLUE_POINTS, COLOURS, GREEN_POINTS, GREEN_THRESHOLDS, ORANGE_MULTIPLIERS, YELLOW_GRID,
    YELLOW_PRINTED, Sheet,
)
from .words import colour_word as _c, describe, word as _w

__all__ = ["terminal", "render_sheet", "render_table", "describe"]


def _track(n_circled: int, n_used: int) -> str:
    return "".join("x" if i < n_used else "o" if i < n_circled else "." for i in range(7))


def render_sheet(sheet: Sheet, title: str, lang: str = "en") -> list[str]:
    """The sheet as text: yellow and blue grids side by side with their line
    bonuses, the three rows, the tracks and the score.  ``[..]`` is a crossed
    field, ``##`` a printed cross."""
    lines = [f"== {title} =="]
    blue_grid = ((None, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
    yellow_bonus = ("-> blue X", "-> orange 4", "-> green X", "-> fox")
    blue_bonus = ("-> orange 5", "-> yellow X", "-> fox")
    lines.append(f"{_c(lang, 'yellow').upper():<30}{_c(lang, 'blue').upper()} (= blue + white)")
    for r in range(4):
        cells = ""
        for c in range(4):
            v = YELLOW_GRID[r][c]
            bit = r * 4 + c
            if YELLOW_PRINTED >> bit & 1:
                cells += " ## "
            elif sheet.y >> bit & 1:
                cells += f"[{v:>2}]"
            else:
                cells += f"  {v} "
        left = f"{cells} {yellow_bonus[r]:<13}"
        right = ""
        if r < 3:
            for n in blue_grid[r]:
                if n is None:
                    right += "    "
                elif sheet.b >> n & 1:
                    right += f"[{n:>2}]"
                else:
                    right += f" {n:>2} "
            right += f" {blue_bonus[r]}"
        else:
            right = "   ^reroll ^green X ^purple 6 ^+1"
        lines.append(f"{left:<30}{right}")
    lines.append(f"  10  14  16  20  (diag -> +1)        "
                 f"{BLUE_POINTS[bin(sheet.b).count('1')]} pts")
    green = " ".join(f"[{'>=' + str(t)}]" if i < sheet.g else f" >={t} " for i, t in enumerate(GREEN_THRESHOLDS))
    lines.append(f"{_c(lang, 'green').upper():<7} {green}  = {GREEN_POINTS[sheet.g]}")
    orange = " ".join(f"[{sheet.o[i]:>2}]" if i < len(sheet.o) else (f" x{m} " if m > 1 else "  _ ")
                      for i, m in enumerate(ORANGE_MULTIPLIERS))
    lines.append(f"{_c(lang, 'orange').upper():<7} {orange}  = {sum(sheet.o)}")
    purple = " ".join(f"[{sheet.p[i]:>2}]" if i < len(sheet.p) else "  < " for i in range(11))
    lines.append(f"{_c(lang, 'purple').upper():<7} {purple}  = {sum(sheet.p)}")
    score = sheet.score()
    lines.append(f"{_w(lang, 'rerolls')}: {_track(sheet.rr, sheet.rr_used)} ({sheet.rerolls})   "
                 f"{_w(lang, 'extras')}: {_track(sheet.ex, sheet.ex_used)} ({sheet.extras})   "
                 f"{_w(lang, 'foxes')}: {sheet.foxes()}   {_w(lang, 'score')}: "
                 + " ".join(f"{_c(lang, k) if k in COLOURS else k}={v}" for k, v in score.items()))
    return lines


def render_table(state: Game, lang: str = "en") -> list[str]:
    """The dice: faces, the roll in hand, the dice fields and the platter."""
    s = state.summary()
    head = f"{_w(lang, 'round')} {s['round']}/{state.rounds} - {_w(lang, 'player')} {s['active_player'] + 1}"
    if s["solo_passive"]:
        head += f" ({_w(lang, 'solo_passive')})"
    out = [head]
    if s["dice"]:
        def dice(names):
            return ", ".join(f"{_c(lang, c)} {s['dice'][c]}" for c in names) or "-"
        out.append(f"  {_w(lang, 'roll')}: {dice(s['roll'])}")
        out.append(f"  {_w(lang, 'fields')}: {dice(s['fields'])}")
        out.append(f"  {_w(lang, 'platter')}: {dice(s['platter'])}")
    return out


def _reader(input: Callable[[str], str] | Any, out: Any) -> Callable[[str], str]:
    """A prompt-and-read function: the built-in input, a callable, or a
    file's lines (EOFError at its end)."""
    if input is None:
        import builtins
        return builtins.input
    if callable(input):
        return input

    def read(prompt: str) -> str:
        out.write(prompt)
        line = input.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")
    return read


class _Session:
    """One game at the terminal: the state, who plays each seat, the lines."""

    def __init__(self, players: int, kinds: list, seed: int, lang: str, read: Callable[[str], str], out: Any):
        self.players, self.lang, self.read, self.out = players, lang, read, out
        self.agents = [None if k in (None, "human") else BOTS[k](seed + p) for p, k in enumerate(kinds)]
        self.state = Game.new(players=players, seed=seed)

    def say(self, line: str = "") -> None:
        self.out.write(line + "\n")

    def show(self) -> None:
        self.say()
        for q in range(self.players):
            for line in render_sheet(self.state.sheets[q], f"{_w(self.lang, 'player')} {q + 1}", self.lang):
                self.say(line)
        for line in render_table(self.state, self.lang):
            self.say(line)

    def human(self, p: int, optional: bool) -> Any:
        """A person's choice (``optional``: a +1 or done), ``"undo"`` after an
        undo, None when they quit."""
        lang = self.lang
        while True:
            state = self.state
            actions = [a for a in state.legal_actions(p) if not (optional and a.type == "end_turn")]
            self.show()
            self.say(f"{_w(lang, 'player')} {p + 1}: {_w(lang, 'choose')}")
            if optional:
                self.say(f"  0: {_w(lang, 'done')}")
            for i, a in enumerate(actions, 1):
                self.say(f"  {i}: {describe(a, state, lang)}")
            answer = self.read("> ").strip().lower()
            if answer == "q":
                return None
            if answer == "h":
                h = hint(state, p)
                self.say(f"{_w(lang, 'hint')}: {describe(h.action, state, lang)} - {h.text(lang)}")
                continue
            if answer == "u":
                try:
                    self.state = state.undo()
                except IllegalActionError as exc:
                    self.say(exc.text(lang))
                return "undo"
            if optional and answer == "0":
                return EndTurn()
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1]
            self.say(_w(lang, "bad"))

    def choose(self, p: int, optional: bool) -> Any:
        return self.agents[p].choose(self.state, p) if self.agents[p] else self.human(p, optional)

    def play(self, p: int, action: Any) -> None:
        self.say(f"{_w(self.lang, 'player')} {p + 1}: {describe(action, self.state, self.lang)}")
        self.state.apply(action)

    def finish(self) -> bool | None:
        """The end of a turn: each player's +1s in turn order, then the turn
        ends; False when the turn goes on (a choice of field is still to
        make, or a person took a decision back), None on quit."""
        for p in finish_order(self.state):
            while self.state.pending_player is None and any(
                    a.type == "extra" for a in self.state.legal_actions(p)):
                action = self.choose(p, True)
                if action is None:
                    return None
                if action == "undo":
                    return False  # another position: start the turn's end again
                if action.type != "extra":
                    break
                self.play(p, action)
            if self.state.pending_player is not None:
                return False
        self.state.apply(EndTurn())
        return True

    def run(self) -> int:
        while not self.state.over:
            state = self.state
            if state.phase == "finish" and not state.compulsory() and state.pending_player is None:
                if self.finish() is None:
                    self.say(_w(self.lang, "bye"))
                    return 1
                continue
            p = state.waiting_for()[0]
            action = self.choose(p, False)
            if action is None:
                self.say(_w(self.lang, "bye"))
                return 1
            if action != "undo":
                self.play(p, action)
        return 0

    def end(self) -> None:
        lang = self.lang
        self.show()
        result = self.state.outcome()
        self.say(f"{_w(lang, 'total')}: " + ", ".join(f"{_w(lang, 'player')} {p + 1} = {s}"
                                                     for p, s in enumerate(result.scores)))
        if self.players == 1:
            self.say(render_message(rating_code(result.scores[0]), {}, lang))
        else:
            self.say(f"{_w(lang, 'winners')}: " + ", ".join(str(p + 1) for p in result.winners))


def terminal(players: int = 1, bots: Sequence[str | None] | None = None, seed: int = 0,
             lang: str = "en", input: Callable[[str], str] | Any = None, output: Any = None) -> int:
    """Play a game; ``bots[p]`` is a bot kind or None/"human" for a person
    (seats not listed are people).  Returns 0 at the end of the game, 1 when
    a person quits."""
    out = output or sys.stdout
    kinds = list(bots or [])[:players]
    kinds += [None] * (players - len(kinds))
    session = _Session(players, kinds, seed, lang, _reader(input, out), out)
    try:
        if session.run():
            return 1
    except EOFError:
        session.say(_w(lang, "bye"))
        return 1
    session.end()
    return 0
