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


def terminal(players: int = 1, bots: Sequence[str | None] | None = None, seed: int = 0,
             lang: str = "en", input: Callable[[str], str] | Any = None, output: Any = None) -> int:
    """Play a game; ``bots[p]`` is a bot kind or None/"human" for a person
    (seats not listed are people).  Returns 0 at the end of the game, 1 when
    a person quits."""
    out = output or sys.stdout
    if input is None:
        import builtins
        read = builtins.input
    elif callable(input):
        read = input
    else:
        def read(prompt: str) -> str:
            out.write(prompt)
            line = input.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
    kinds = list(bots or [])[:players]
    kinds += [None] * (players - len(kinds))
    agents = [None if k in (None, "human") else BOTS[k](seed + p) for p, k in enumerate(kinds)]
    state = Game.new(players=players, seed=seed)

    def say(line: str = "") -> None:
        out.write(line + "\n")

    def show(p: int) -> None:
        say()
        for q in range(players):
            for line in render_sheet(state.sheets[q], f"{_w(lang, 'player')} {q + 1}", lang):
                say(line)
        for line in render_table(state, lang):
            say(line)

    def human(p: int, optional: bool) -> Any:
        nonlocal state
        while True:
            actions = [a for a in state.legal_actions(p) if not (optional and a.type == "end_turn")]
            show(p)
            say(f"{_w(lang, 'player')} {p + 1}: {_w(lang, 'choose')}")
            if optional:
                say(f"  0: {_w(lang, 'done')}")
            for i, a in enumerate(actions, 1):
                say(f"  {i}: {describe(a, state, lang)}")
            answer = read("> ").strip().lower()
            if answer == "q":
                return None
            if answer == "h":
                h = hint(state, p)
                say(f"{_w(lang, 'hint')}: {describe(h.action, state, lang)} - {h.text(lang)}")
                continue
            if answer == "u":
                try:
                    state = state.undo()
                except IllegalActionError as exc:
                    say(exc.text(lang))
                return "undo"
            if optional and answer == "0":
                return EndTurn()
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1]
            say(_w(lang, "bad"))

    try:
        while not state.over:
            if state.phase == "finish" and not state.compulsory() and state.pending_player is None:
                ended = True
                for p in finish_order(state):
                    while state.pending_player is None and any(
                            a.type == "extra" for a in state.legal_actions(p)):
                        action = agents[p].choose(state, p) if agents[p] else human(p, True)
                        if action is None:
                            say(_w(lang, "bye"))
                            return 1
                        if action == "undo" or action.type != "extra":
                            break
                        say(f"{_w(lang, 'player')} {p + 1}: {describe(action, state, lang)}")
                        state.apply(action)
                    if state.pending_player is not None:
                        ended = False
                        break
                if not ended:
                    continue
                state.apply(EndTurn())
                continue
            p = state.waiting_for()[0]
            action = agents[p].choose(state, p) if agents[p] else human(p, False)
            if action is None:
                say(_w(lang, "bye"))
                return 1
            if action == "undo":
                continue
            say(f"{_w(lang, 'player')} {p + 1}: {describe(action, state, lang)}")
            state.apply(action)
    except EOFError:
        say(_w(lang, "bye"))
        return 1
    show(0)
    result = state.outcome()
    say(f"{_w(lang, 'total')}: " + ", ".join(f"{_w(lang, 'player')} {p + 1} = {s}"
                                            for p, s in enumerate(result.scores)))
    if players == 1:
        say(render_message(rating_code(result.scores[0]), {}, lang))
    else:
        say(f"{_w(lang, 'winners')}: " + ", ".join(str(p + 1) for p in result.winners))
    return 0
