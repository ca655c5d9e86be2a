"""Dice Wide Shut in a text terminal: people and bots at one keyboard, the
sheets drawn as text, messages in English, Spanish or Italian.

A person types a number from the list of distinct takes, or a take in full:
``colour die [die] mark [mark]`` with marks ``red:R:C``, ``blue:R:C``,
``red6:R``, ``blue6:R``, ``skip:R`` or ``-`` (rows and columns 1–5), e.g.
``red 0 8 red:1:3 red:1:5``.  ``h`` asks for a hint, ``u`` undoes the last
take (never a roll), ``q`` quits.  The start player's roll is made for them.
"""

from __future__ import annotations

import sys
from typing import Sequence, TextIO

from ...core.errors import IllegalActionError, render_message
from ...core.terminal import Console
from .actions import Action, Roll, Take
from . import DEFINITION
from .bots import BOTS, hint
from .game import DIE_COLOURS, Game, Phase
from .messages import TERMS
from .sheet import BLUE, HALVES, RED, Sheet, half_score

__all__ = ["terminal", "sheet_text", "describe_take", "parse_take", "roll_text"]

_LETTER = {"red": "R", "blue": "B", "purple": "P"}


def _word(word: str, lang: str) -> str:
    return TERMS.get(lang, TERMS["en"]).get(word, word)


def sheet_text(sheet: Sheet, lang: str = "en") -> str:
    """Both halves side by side: ``x`` marked, ``#`` crossed (a split row),
    ``.`` empty; the 6-box column shows ``.``, ``x`` or ``u`` (used); each
    half's number row shows what its boxes show (W1.3), the last lines the
    column scores (W7)."""
    out = []
    heads = []
    for h in (RED, BLUE):
        heads.append(f"{_word(HALVES[h], lang).upper():<14}6")
    out.append("     " + "      ".join(heads))
    for r in range(5):
        parts = []
        for h in (RED, BLUE):
            m = sheet.marks[h]
            full = (m >> (5 * r) & 31) == 31
            cells = []
            for c in range(5):
                n = c + 1 if h == RED else r + 1
                if m >> (5 * r + c) & 1:
                    cells.append("#" if full else "x")
                else:
                    cells.append(str(n))
            six = sheet.sixes_text(h)[r]
            parts.append(f"{r + 1} " + " ".join(f"{x:>2}" for x in cells) + f"  | {six}")
        out.append("  " + "     ".join(parts))
    scores = []
    for h in (RED, BLUE):
        scores.append("= " + " ".join(f"{s:>2}" for s in sheet.column_scores(h)) + f"  {sheet.score(h):>4}")
    out.append("  " + "    ".join(scores))
    out.append(f"  total {sheet.total}   splits {sheet.splits}")
    return "\n".join(out)


def roll_text(state: Game) -> str:
    """The untaken dice as ``index:letter value``, e.g. ``0:R3 8:P5``."""
    roll = state.roll or ()
    return "  ".join(f"{i}:{_LETTER[DIE_COLOURS[state.colours[i]]]}{roll[i]}"
                     for i in state.remaining_dice())


def _mark_text(entry) -> str:
    if entry is None:
        return "-"
    if entry[0] == "skip":
        return f"skip:{entry[1] + 1}"
    if len(entry) == 2:
        return f"{entry[0]}:{entry[1] + 1}"
    return f"{entry[0]}:{entry[1] + 1}:{entry[2] + 1}"


def describe_take(state: Game, take: Take) -> str:
    """A take in the input format: ``red 0 8 red:1:3 red:1:5``."""
    return " ".join([take.colour, *map(str, take.dice), *map(_mark_text, take.marks)])


def parse_take(player: int, text: str) -> Take:
    """The input format back to a Take; ValueError when malformed."""
    words = text.split()
    if not words or words[0] not in ("red", "blue"):
        raise ValueError("start with red or blue")
    dice = []
    rest = words[1:]
    while rest and rest[0].isdigit():
        dice.append(int(rest.pop(0)))
    if not 1 <= len(dice) <= 2 or len(rest) != len(dice):
        raise ValueError("give one or two dice and one mark per die")
    marks = []
    for word in rest:
        if word == "-":
            marks.append(None)
            continue
        kind, *nums = word.split(":")
        try:
            values = [int(x) - 1 for x in nums]
        except ValueError:
            raise ValueError(f"bad mark {word!r}") from None
        if kind in ("red", "blue") and len(values) == 2:
            marks.append((kind, *values))
        elif kind in ("red6", "blue6", "skip") and len(values) == 1:
            marks.append((kind, values[0]))
        else:
            raise ValueError(f"bad mark {word!r}")
        if not all(0 <= v <= 4 for v in values):
            raise ValueError(f"rows and columns are 1 to 5 in {word!r}")
    return Take(player, words[0], tuple(dice), tuple(marks))


class _Terminal(Console):
    def __init__(self, players: int, kinds: Sequence[str | None], seed: int, lang: str,
                 stdin: TextIO, stdout: TextIO):
        self.state = Game.new(players=players, seed=seed)
        self.seed = seed
        self.lang = lang
        self.stdin, self.stdout = stdin, stdout
        self.kinds = list(kinds)
        self.bots = {p: DEFINITION.make_bot(k, seed * 31 + p) for p, k in enumerate(kinds) if k in BOTS}

    def t(self, code: str, **params) -> str:
        return render_message("wideshut." + code, params, self.lang)

    def run(self) -> int:
        s = self.state
        self.say(self.t("term_welcome", n=s.players, seed=self.seed))
        triggered = False
        while not s.over:
            p = s.current_player
            if s.phase == Phase.ROLL:
                self.say()
                self.say(self.t("term_rolls", round=s.round, seat=p + 1))
                s.apply(Roll(p))
                continue
            self.say(roll_text(s))
            if p in self.bots:
                action = self.bots[p].choose(s, p)
                assert isinstance(action, Take)
                dice = ", ".join(f"{_word(DIE_COLOURS[s.colours[i]], self.lang)} {s.roll[i]}" for i in action.dice)
                self.say(self.t("term_bot", seat=p + 1, kind=self.kinds[p], dice=dice,
                                colour=action.colour) + f"  [{describe_take(s, action)}]")
                s.apply(action)
            else:
                done = self.human(p)
                if done is None:
                    self.say(self.t("term_quit"))
                    return 0
                s = self.state
            if s.end_triggered and not triggered:
                triggered = True
                self.say(self.t("term_end_triggered"))
        self.say()
        for p, sheet in enumerate(s.sheets):
            self.say(f"P{p + 1}")
            self.say(sheet_text(sheet, self.lang))
        out = s.outcome()
        self.say(self.t("term_over", scores=", ".join(str(x) for x in out.scores),
                        winners=", ".join(str(w + 1) for w in out.winners)))
        return 0

    def human(self, p: int) -> bool | None:
        """One person's turn: True once a take is applied, None to quit."""
        s = self.state
        self.say(sheet_text(s.sheets[p], self.lang))
        # the distinct takes, those scoring most now first (W7)
        scored = [(-(half_score(k[0]) + half_score(k[1])), n, t) for n, (t, k) in enumerate(s.outcomes(p))]
        options = [t for _, _, t in sorted(scored)]
        for i, t in enumerate(options[:30], 1):
            self.say(f"  {i:>2}: {describe_take(s, t)}")
        if len(options) > 30:
            self.say(f"  ... +{len(options) - 30}")
        while True:
            answer = self.ask(self.t("term_turn", seat=p + 1) + "\n> ")
            if answer is None or answer.lower() in ("q", "quit"):
                return None
            if answer.lower() in ("h", "hint"):
                h = hint(s, p)
                self.say(self.t("term_hint", action=describe_take(s, h.action), reason=h.text(self.lang)))
                continue
            if answer.lower() in ("u", "undo"):
                try:
                    self.state = s.undo()
                except IllegalActionError as exc:
                    self.say(self.t("term_illegal", detail=exc.text(self.lang)))
                    continue
                self.say(self.t("term_undone"))
                return True
            action: Action
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                action = options[int(answer) - 1]
            else:
                try:
                    action = parse_take(p, answer)
                except ValueError as exc:
                    self.say(self.t("term_bad_input", detail=str(exc)))
                    continue
            try:
                s.apply(action)
            except IllegalActionError as exc:
                self.say(self.t("term_illegal", detail=exc.text(self.lang)))
                continue
            return True


def terminal(players: int = 2, bots: Sequence[str | None] | None = None, seed: int = 0,
             lang: str = "en", input: TextIO | None = None, output: TextIO | None = None) -> int:
    """Play a game in a text terminal.  ``bots[p]`` is seat p's bot kind
    (``"random"``, ``"greedy"``, ``"expert"``) or None/``"human"`` for a
    person; seats beyond the list are people.  Returns the exit status (0)."""
    kinds = list(bots or [])[:players]
    kinds += [None] * (players - len(kinds))
    for k in kinds:
        if k not in (None, "human", "") and k not in BOTS:
            raise ValueError(f"unknown bot kind {k!r} (expected one of {', '.join(BOTS)} or human)")
    return _Terminal(players, kinds, seed, lang, input or sys.stdin, output or sys.stdout).run()
