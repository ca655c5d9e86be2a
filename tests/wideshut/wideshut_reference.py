"""A second, deliberately naive implementation of WIDESHUT.md, written from
the rules text alone (sets of marked boxes, everything recomputed from
scratch, no caches) and sharing no code with diceland_core.

``replay_reference(data)`` replays a parsed scenario object and returns
``(exit status, replay output)`` as WIDESHUT.md's data contracts describe:
0 and the output when every action is legal, 1 and the output at the first
illegal action, 2 and None when the file is invalid.

Rolls come from the scenario's ``dice`` list only: how a roll is drawn from
the seed is the engine's decision, so running out of listed rolls raises
:class:`DiceRanOut`.
"""

from __future__ import annotations

from reference_errors import DiceRanOut, Illegal, Invalid

HALVES = ("red", "blue")
ROWS = range(5)
COLS = range(5)
RUN_POINTS = {0: 0, 1: 1, 2: 3, 3: 7, 4: 10, 5: 15}  # W7.2, Ruling R1


# ---------------------------------------------------------------- checking the file

def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_rows(value) -> None:
    if not isinstance(value, list) or len(value) != 5:
        raise Invalid("a preset half is a list of 5 strings")
    for s in value:
        if not isinstance(s, str) or len(s) != 5 or any(ch not in "x." for ch in s):
            raise Invalid("a preset row is 5 characters x or .")


def _check_sixes(value) -> None:
    if not isinstance(value, str) or len(value) != 5 or any(ch not in ".xu" for ch in value):
        raise Invalid("a preset 6-box string is 5 characters . x or u")


def _check_entry(entry) -> None:
    """One ``marks`` entry: null, [half, r, c], [half6, r] or {"skip": r}."""
    if entry is None:
        return
    if isinstance(entry, dict):
        if set(entry) != {"skip"} or not _is_int(entry["skip"]) or entry["skip"] not in ROWS:
            raise Invalid("malformed skip entry")
        return
    if not isinstance(entry, list) or not entry:
        raise Invalid("malformed marks entry")
    head = entry[0]
    if head in HALVES:
        if len(entry) != 3 or not all(_is_int(v) and 0 <= v <= 4 for v in entry[1:]):
            raise Invalid("malformed number-box entry")
        return
    if head in ("red6", "blue6"):
        if len(entry) != 2 or not _is_int(entry[1]) or not 0 <= entry[1] <= 4:
            raise Invalid("malformed 6-box entry")
        return
    raise Invalid("malformed marks entry")


def check_file(data) -> None:
    """WIDESHUT.md "Scenario file": the whole file is checked before replay."""
    if not isinstance(data, dict) or data.get("game") != "wideshut":
        raise Invalid("not a wideshut scenario")
    players = data.get("players")
    if not _is_int(players) or not 2 <= players <= 5:  # W1.1
        raise Invalid("players must be 2..5")
    start = data.get("start_player", 0)
    if not _is_int(start) or not 0 <= start < players:
        raise Invalid("bad start_player")
    seed = data.get("seed", 0)
    if not _is_int(seed):
        raise Invalid("bad seed")
    sheets = data.get("sheets", {})
    if not isinstance(sheets, dict):
        raise Invalid("sheets must be an object")
    for key, sheet in sheets.items():
        if key not in [str(p) for p in range(players)]:
            raise Invalid("sheets key is not a player index")
        if not isinstance(sheet, dict):
            raise Invalid("a sheet preset is an object")
        for part, value in sheet.items():
            if part in HALVES:
                _check_rows(value)
            elif part in ("red6", "blue6"):
                _check_sixes(value)
            else:
                raise Invalid("unknown sheet part")
    dice = data.get("dice", [])
    if not isinstance(dice, list):
        raise Invalid("dice must be a list")
    for roll in dice:  # W1.2: 2P+3 values 1..6
        if not isinstance(roll, list) or len(roll) != 2 * players + 3:
            raise Invalid("a roll has 2P+3 values")
        if not all(_is_int(v) and 1 <= v <= 6 for v in roll):
            raise Invalid("roll values are 1..6")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise Invalid("actions must be a list")
    for a in actions:
        if not isinstance(a, dict):
            raise Invalid("an action is an object")
        kind = a.get("type")
        if kind not in ("roll", "take"):
            raise Invalid("unknown action type")
        p = a.get("player")
        if not _is_int(p) or not 0 <= p < players:
            raise Invalid("player out of range")
        if kind == "roll":
            continue
        if a.get("colour") not in HALVES:
            raise Invalid("colour is red or blue")
        idx = a.get("dice")
        if not isinstance(idx, list) or not 1 <= len(idx) <= 2:
            raise Invalid("take one or two dice")
        if not all(_is_int(i) and 0 <= i <= 2 * players + 2 for i in idx):
            raise Invalid("die index out of range")
        marks = a.get("marks")
        if not isinstance(marks, list) or len(marks) != len(idx):
            raise Invalid("marks as long as dice")
        for entry in marks:
            _check_entry(entry)


# ---------------------------------------------------------------- the sheet

class Sheet:
    """W1.3: ``marked[half]`` is a set of (row, column); ``sixes[half]`` a list
    of five '.', 'x' or 'u' (W1.4).  Splits are not stored: W5.1 makes a row
    split exactly when its five number boxes are marked."""

    def __init__(self, preset: dict):
        self.marked = {h: set() for h in HALVES}
        self.sixes = {h: ["."] * 5 for h in HALVES}
        for h in HALVES:
            for r, line in enumerate(preset.get(h, ["....."] * 5)):
                for c, ch in enumerate(line):
                    if ch == "x":
                        self.marked[h].add((r, c))
            self.sixes[h] = list(preset.get(h + "6", "....."))

    @staticmethod
    def number(half: str, r: int, c: int) -> int:
        """W1.3: red boxes show c+1, blue boxes show r+1."""
        return c + 1 if half == "red" else r + 1

    def split_rows(self, half: str) -> list[int]:  # W5.1
        return [r for r in ROWS if all((r, c) in self.marked[half] for c in COLS)]

    def complete_columns(self, half: str) -> list[int]:  # W6.1 (crossed count)
        return [c for c in COLS if all((r, c) in self.marked[half] for r in ROWS)]

    def column_score(self, half: str, c: int) -> int:
        """W7.2/W7.3: runs of valid (marked, uncrossed) boxes."""
        split = self.split_rows(half)
        valid = [(r, c) in self.marked[half] and r not in split for r in ROWS]
        if not any(valid):
            return -5
        total, run = 0, 0
        for v in valid + [False]:
            if v:
                run += 1
            else:
                total += RUN_POINTS[run]
                run = 0
        return total

    def all_sixes_marked(self) -> bool:  # W4.3: used counts as marked
        return all(s != "." for h in HALVES for s in self.sixes[h])

    def summary(self) -> dict:
        out = {}
        for h in HALVES:
            scores = [self.column_score(h, c) for c in COLS]
            out[h] = {
                "rows": ["".join("x" if (r, c) in self.marked[h] else "." for c in COLS) for r in ROWS],
                "sixes": "".join(self.sixes[h]),
                "split_rows": self.split_rows(h),
                "complete_columns": self.complete_columns(h),
                "column_scores": scores,
                "score": sum(scores),
            }
        out["splits"] = len(self.split_rows("red")) + len(self.split_rows("blue"))
        out["empty_columns"] = sum(s == -5 for h in HALVES for s in out[h]["column_scores"])
        out["total"] = out["red"]["score"] + out["blue"]["score"]  # W7.4
        return out


# ---------------------------------------------------------------- the game

class Game:
    def __init__(self, data: dict):
        self.n = data["players"]
        self.start_player = data.get("start_player", 0)
        presets = data.get("sheets", {})
        self.sheets = [Sheet(presets.get(str(p), {})) for p in range(self.n)]
        self.dice_left = [list(r) for r in data.get("dice", [])]
        self.round = 1
        self.phase = "roll"
        self.current = self.start_player
        self.roll = None
        self.remaining: set[int] = set()
        self.turns_this_round = 0
        self.end_triggered = False

    # W1.2: red 0..P, blue P+1..2P+1, purple 2P+2
    def die_colour(self, i: int) -> str:
        if i <= self.n:
            return "red"
        if i <= 2 * self.n + 1:
            return "blue"
        return "purple"

    def summary(self) -> dict:
        over = self.phase == "over"
        winners = []
        if over:  # W7.5, Ruling R7
            best = max((s.summary()["total"], s.summary()["splits"]) for s in self.sheets)
            winners = [p for p, s in enumerate(self.sheets)
                       if (s.summary()["total"], s.summary()["splits"]) == best]
        return {
            "game": "wideshut",
            "round": self.round,
            "start_player": self.start_player,
            "phase": self.phase,
            "current_player": None if over else self.current,
            "roll": None if self.roll is None else list(self.roll),
            "remaining_dice": sorted(self.remaining),
            "end_triggered": self.end_triggered,
            "game_over": over,
            "winners": winners,
            "players": [s.summary() for s in self.sheets],
        }

    def act(self, a: dict) -> None:
        if self.phase == "over":
            raise Illegal("W6.4", "the game is over")
        if a["type"] == "roll":
            self.do_roll(a)
        else:
            self.do_take(a)

    def do_roll(self, a: dict) -> None:
        if self.phase != "roll" or a["player"] != self.start_player:  # W2.2
            raise Illegal("W2.2", "only the start player rolls, once per round")
        if not self.dice_left:
            raise DiceRanOut("the scenario's dice list has no roll left")
        self.roll = self.dice_left.pop(0)
        self.remaining = set(range(2 * self.n + 3))
        self.phase = "take"
        self.current = self.start_player
        self.turns_this_round = 0

    def do_take(self, a: dict) -> None:
        self.check_take(a)
        self.apply_take(a)

    def check_take(self, a: dict) -> None:
        """Raise Illegal for the first failed check, in WIDESHUT.md's order."""
        if self.phase == "over":
            raise Illegal("W6.4", "the game is over")
        if self.phase == "roll":
            raise Illegal("W2.2", "the start player must roll first")
        p, colour, idx, marks = a["player"], a["colour"], a["dice"], a["marks"]
        if p != self.current:
            raise Illegal("W2.3", "not this player's turn")
        if len(set(idx)) != len(idx) or any(i not in self.remaining for i in idx):
            raise Illegal("W3.5", "die taken already or given twice")
        if any(self.die_colour(i) not in (colour, "purple") for i in idx):
            raise Illegal("W3.1", "a die of the other colour")
        values = [self.roll[i] for i in idx]
        if len(idx) == 2 and 6 in values:
            raise Illegal("W3.2", "a 6 is taken alone")
        if len(idx) == 1 and values[0] != 6:
            others = [j for j in self.remaining if j != idx[0]
                      and self.die_colour(j) in (colour, "purple") and self.roll[j] <= 5]
            if others:
                raise Illegal("W3.4", "a single low die while another low die of the colour remains")
        sheet = self.sheets[p]
        for k in range(len(idx)):
            other = marks[1 - k] if len(idx) == 2 else None
            self.check_entry(sheet, colour, values[k], marks[k], other)

    def apply_take(self, a: dict) -> None:
        colour, idx, marks = a["colour"], a["dice"], a["marks"]
        sheet = self.sheets[a["player"]]
        # all legal: apply (W4, W5.3); splits follow from the marks (W5.1)
        for entry in marks:
            if entry is None:
                continue
            if isinstance(entry, dict):
                sheet.sixes[colour][entry["skip"]] = "u"
            elif entry[0] in HALVES:
                sheet.marked[entry[0]].add((entry[1], entry[2]))
            else:
                sheet.sixes[entry[0][:-1]][entry[1]] = "x"
        self.remaining -= set(idx)
        # W6.2: every player's sheet, each half alone
        if any(len(s.complete_columns(h)) >= 3 for s in self.sheets for h in HALVES):
            self.end_triggered = True
        # W2.3 / W2.4 / W6.3
        self.turns_this_round += 1
        if self.turns_this_round < self.n:
            self.current = (self.current + 1) % self.n
        elif self.end_triggered:
            self.phase = "over"
        else:
            self.round += 1
            self.start_player = (self.start_player + 1) % self.n
            self.current = self.start_player
            self.phase = "roll"
            self.roll = None
            self.remaining = set()

    @staticmethod
    def check_entry(sheet: Sheet, colour: str, value: int, entry, other) -> None:
        """WIDESHUT.md "Which rule an illegal action reports", step 4, for one
        die; ``other`` is the other die's entry (or None)."""
        other_box = None
        if isinstance(other, list) and other[0] in HALVES:
            other_box = (other[0], other[1], other[2])
        if value == 6:  # W4.3
            if isinstance(entry, list) and entry[0] in ("red6", "blue6"):
                if sheet.sixes[entry[0][:-1]][entry[1]] == ".":
                    return
            elif entry is None and sheet.all_sixes_marked():
                return
            raise Illegal("W4.3", "a 6 marks an empty 6-box")
        if entry is None:  # W4.2
            for r in ROWS:
                for c in COLS:
                    if Sheet.number(colour, r, c) != value:
                        continue
                    if (r, c) not in sheet.marked[colour] and (colour, r, c) != other_box:
                        raise Illegal("W4.2", "marking is compulsory")
            return
        if isinstance(entry, dict):  # W5.3
            r = entry["skip"]
            if sheet.sixes[colour][r] != "x":
                raise Illegal("W5.3", "that 6 is not marked or already used")
            if isinstance(other, dict) and other["skip"] == r:
                raise Illegal("W5.3", "two dice cannot use the same 6")
            boxes = [(r, c) for c in COLS if Sheet.number(colour, r, c) == value
                     and (r, c) not in sheet.marked[colour] and (colour, r, c) != other_box]
            if not boxes:
                raise Illegal("W5.3", "no empty box of that number in the row")
            return
        # a box: W4.1 (a 6-box for a low die is W4.1 too)
        if entry[0] != colour:
            raise Illegal("W4.1", "a box of the half of the colour taken")
        _, r, c = entry
        if Sheet.number(colour, r, c) != value:
            raise Illegal("W4.1", "the box does not show the die's number")
        if (r, c) in sheet.marked[colour]:
            raise Illegal("W4.1", "the box is marked already")
        if (colour, r, c) == other_box:
            raise Illegal("W4.1", "two dice mark two different boxes")


def replay_reference(data: dict) -> tuple[int, dict | None]:
    """(exit status, replay output) for a parsed scenario object."""
    try:
        check_file(data)
    except Invalid:
        return 2, None
    game = Game(data)
    for i, action in enumerate(data.get("actions", [])):
        try:
            game.act(action)
        except Illegal as exc:  # raised before any change: the position before action i
            return 1, {"ok": False,
                       "error": {"action_index": i, "rule": exc.rule, "message": str(exc)},
                       **game.summary()}
    return 0, {"ok": True, "error": None, **game.summary()}
