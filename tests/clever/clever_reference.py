"""A second, deliberately naive implementation of CLEVER.md (Ganz schön
clever), written from the rules text alone with explicit lists of sheet
fields and brute force, sharing no code with diceland_core.games.clever.

:func:`replay_reference` takes a parsed scenario object (CLEVER.md, *Data
contracts*) and returns ``(exit status, replay output object)``: 0 and the
output when every action is legal, 1 and the output with ``"ok": false`` at
the first illegal action (rule ids checked in the order of CLEVER.md's table),
2 and None when the file is invalid.

The reference never draws dice from a seed (how the engine turns a seed into
a roll of named dice is not fixed by CLEVER.md): when the scenario's ``dice``
list runs out it raises :class:`DiceRanOut`.
"""

from __future__ import annotations

import copy

from reference_errors import DiceRanOut, Illegal, Invalid

__all__ = ["replay_reference", "DiceRanOut", "COLOURS", "AREAS", "YELLOW"]

# --------------------------------------------------------------------------
# C1 / C2: the components and the score sheet, written out literally
# --------------------------------------------------------------------------

# C1.1 the colour order
COLOURS = ["white", "yellow", "blue", "green", "orange", "purple"]
# the five areas of the sheet (C2), in sheet order
AREAS = ["yellow", "blue", "green", "orange", "purple"]

# C1.3 number of rounds by number of players
ROUNDS = {1: 6, 2: 6, 3: 5, 4: 4}

# C2.1 yellow: None is a printed cross
YELLOW = [
    [3, 6, 5, None],
    [2, 1, None, 5],
    [1, None, 2, 4],
    [None, 3, 4, 6],
]
YELLOW_ROW_BONUS = ["blue_x", "orange_4", "green_x", "fox"]
YELLOW_COLUMN_POINTS = [10, 14, 16, 20]
YELLOW_DIAGONAL = [(0, 0), (1, 1), (2, 2), (3, 3)]
YELLOW_DIAGONAL_BONUS = "extra"
YELLOW_FIELDS = [(r, c) for r in range(4) for c in range(4) if YELLOW[r][c] is not None]

# C2.2 blue
BLUE_FIELDS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
BLUE_ROWS = [
    ([2, 3, 4], "orange_5"),
    ([5, 6, 7, 8], "yellow_x"),
    ([9, 10, 11, 12], "fox"),
]
BLUE_COLUMNS = [
    ([5, 9], "reroll"),
    ([2, 6, 10], "green_x"),
    ([3, 7, 11], "purple_6"),
    ([4, 8, 12], "extra"),
]
BLUE_POINTS = [0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56]

# C2.3 green
GREEN_THRESHOLDS = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6]
GREEN_BONUS = {3: "extra", 5: "blue_x", 6: "fox", 8: "purple_6", 9: "reroll"}
GREEN_POINTS = [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66]

# C2.4 orange
ORANGE_MULTIPLIERS = [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3]
ORANGE_BONUS = {2: "reroll", 4: "yellow_x", 5: "extra", 7: "fox", 9: "purple_6"}

# C2.5 purple
PURPLE_BONUS = {2: "reroll", 3: "blue_x", 4: "extra", 5: "yellow_x", 6: "fox",
                7: "reroll", 8: "green_x", 9: "orange_6", 10: "extra"}

# C2.6 round track (round 4: the black bonus of C8.7)
ROUND_TRACK = {1: "reroll", 2: "extra", 3: "reroll", 4: "black", 5: None, 6: None}

# C2.7 action tracks: 7 boxes each
TRACK_BOXES = 7

ACTION_TYPES = ["pick", "reroll", "take", "pass", "extra", "bonus", "round_bonus", "end_turn"]


# --------------------------------------------------------------------------
# One player's sheet
# --------------------------------------------------------------------------

class Sheet:
    def __init__(self):
        self.yellow = set()      # crossed (r, c), printed crosses excluded
        self.blue = set()        # crossed sums
        self.green = 0           # number of crossed green fields
        self.orange = []         # numbers written (multiplied)
        self.purple = []         # numbers written
        self.reroll_circled = 0  # C7.1
        self.reroll_crossed = 0
        self.extra_circled = 0
        self.extra_crossed = 0
        self.pending = []        # C8.5 pending bonuses, first = next

    # ---- C2.1 yellow helpers
    def yellow_crossed(self, r, c):
        """Printed crosses count as crossed (C8.2)."""
        return YELLOW[r][c] is None or (r, c) in self.yellow

    def yellow_free(self):
        return [(r, c) for (r, c) in YELLOW_FIELDS if (r, c) not in self.yellow]

    def yellow_row_complete(self, r):
        return all(self.yellow_crossed(r, c) for c in range(4))

    def yellow_column_complete(self, c):
        return all(self.yellow_crossed(r, c) for r in range(4))

    def yellow_diagonal_complete(self):
        return all(self.yellow_crossed(r, c) for (r, c) in YELLOW_DIAGONAL)

    # ---- C2.2 blue helpers
    def blue_free(self):
        return [n for n in BLUE_FIELDS if n not in self.blue]

    # ---- C7.1 actions available
    def rerolls(self):
        return self.reroll_circled - self.reroll_crossed

    def extras(self):
        return self.extra_circled - self.extra_crossed

    # ---- full areas (C3.8)
    def area_full(self, area):
        if area == "yellow":
            return len(self.yellow_free()) == 0
        if area == "blue":
            return len(self.blue_free()) == 0
        if area == "green":
            return self.green >= 11
        if area == "orange":
            return len(self.orange) >= 11
        if area == "purple":
            return len(self.purple) >= 11
        raise AssertionError(area)

    # ---- foxes, from the sheet (a fox is held when its field is marked or
    # its line complete: C2.1 yellow row 3, C2.2 blue row 9..12, green[6],
    # orange[7], purple[6])
    def foxes(self):
        n = 0
        if self.yellow_row_complete(3):
            n += 1
        if all(x in self.blue for x in [9, 10, 11, 12]):
            n += 1
        if self.green >= 7:
            n += 1
        if len(self.orange) >= 8:
            n += 1
        if len(self.purple) >= 7:
            n += 1
        return n

    # ---- C10 scoring
    def score(self):
        yellow = sum(YELLOW_COLUMN_POINTS[c] for c in range(4) if self.yellow_column_complete(c))  # C10.1
        blue = BLUE_POINTS[len(self.blue)]  # C10.2
        green = GREEN_POINTS[self.green]  # C10.3
        orange = sum(self.orange)  # C10.4
        purple = sum(self.purple)  # C10.5
        lowest = min(yellow, blue, green, orange, purple)
        fox = self.foxes() * lowest  # C10.6 (0 when an area scores 0)
        total = yellow + blue + green + orange + purple + fox  # C10.7
        return {"yellow": yellow, "blue": blue, "green": green, "orange": orange,
                "purple": purple, "fox": fox, "total": total}

    # ---- marks; each returns the block of bonuses it earns (C8.5 order)
    def cross_yellow(self, r, c):
        assert YELLOW[r][c] is not None and (r, c) not in self.yellow
        self.yellow.add((r, c))
        earned = []
        # C8.2 row bonus, then diagonal bonus, earned by the mark completing them
        if self.yellow_row_complete(r):
            earned.append(YELLOW_ROW_BONUS[r])
        if (r, c) in YELLOW_DIAGONAL and self.yellow_diagonal_complete():
            earned.append(YELLOW_DIAGONAL_BONUS)
        return earned

    def cross_blue(self, n):
        assert n in BLUE_FIELDS and n not in self.blue
        self.blue.add(n)
        earned = []
        for line, bonus in BLUE_ROWS:  # row bonus first
            if n in line and all(x in self.blue for x in line):
                earned.append(bonus)
        for line, bonus in BLUE_COLUMNS:  # then column bonus
            if n in line and all(x in self.blue for x in line):
                earned.append(bonus)
        return earned

    def cross_green(self):
        assert self.green < 11
        i = self.green
        self.green += 1
        return [GREEN_BONUS[i]] if i in GREEN_BONUS else []

    def write_orange(self, number):
        assert len(self.orange) < 11
        i = len(self.orange)
        self.orange.append(number)
        return [ORANGE_BONUS[i]] if i in ORANGE_BONUS else []

    def write_purple(self, value):
        assert len(self.purple) < 11
        i = len(self.purple)
        self.purple.append(value)
        return [PURPLE_BONUS[i]] if i in PURPLE_BONUS else []

    # ---- C3.7 purple rule
    def purple_allows(self, value):
        if len(self.purple) >= 11:
            return False
        if not self.purple:
            return True
        last = self.purple[-1]
        return last == 6 or value > last

    # ---- C7.1 earning an action
    def earn(self, kind):
        if kind == "reroll":
            if self.reroll_circled < TRACK_BOXES:
                self.reroll_circled += 1
        elif kind == "extra":
            if self.extra_circled < TRACK_BOXES:
                self.extra_circled += 1
        else:
            raise AssertionError(kind)

    def choice_waiting(self):
        """C8.6: the first pending bonus is yellow_x/blue_x with a free field."""
        if not self.pending:
            return None
        first = self.pending[0]
        if first == "yellow_x" and self.yellow_free():
            return first
        if first == "blue_x" and self.blue_free():
            return first
        return None

    def resolve(self):
        """C8.3–C8.5: resolve pending bonuses from the front until the list is
        empty or a yellow_x/blue_x choice must be made."""
        while self.pending:
            first = self.pending[0]
            if first in ("yellow_x", "blue_x"):
                if self.choice_waiting():
                    return
                self.pending.pop(0)  # C8.4: area full, lost
                continue
            self.pending.pop(0)
            earned = []
            if first == "green_x":  # R4: ignores the threshold
                if self.green < 11:
                    earned = self.cross_green()
            elif first in ("orange_4", "orange_5", "orange_6"):  # R5: multiplied
                if len(self.orange) < 11:
                    n = int(first[-1])
                    earned = self.write_orange(n * ORANGE_MULTIPLIERS[len(self.orange)])
            elif first == "purple_6":
                if len(self.purple) < 11:
                    earned = self.write_purple(6)
            elif first in ("reroll", "extra"):
                self.earn(first)
            elif first == "fox":
                pass  # foxes are counted from the sheet
            else:
                raise AssertionError(first)
            self.pending[0:0] = earned

    def to_json(self):
        return {
            "yellow": [[r, c] for (r, c) in sorted(self.yellow)],
            "blue": sorted(self.blue),
            "green": self.green,
            "orange": list(self.orange),
            "purple": list(self.purple),
            "rerolls": self.rerolls(),
            "extras": self.extras(),
            "foxes": self.foxes(),
            "score": self.score(),
        }


# --------------------------------------------------------------------------
# Reading the scenario file (invalid → exit status 2)
# --------------------------------------------------------------------------

def write(s, area, field, number):
    """Cross ``field`` (yellow), the box of ``number`` (blue), the next field
    (green) or write ``number`` (orange, with its multiplier; purple) on
    sheet ``s``; returns the bonuses earned."""
    if area == "yellow":
        return s.cross_yellow(*field)
    if area == "blue":
        return s.cross_blue(number)
    if area == "green":
        return s.cross_green()
    if area == "orange":
        return s.write_orange(number * ORANGE_MULTIPLIERS[len(s.orange)])
    return s.write_purple(number)


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def want_int(x, lo, hi, what):
    if not is_int(x) or x < lo or x > hi:
        raise Invalid(f"{what} must be a whole number from {lo} to {hi}, not {x!r}")
    return x


def read_sheet(data, p):
    if not isinstance(data, dict):
        raise Invalid(f"sheets[{p}] must be an object")
    known = ["yellow", "blue", "green", "orange", "purple", "rerolls", "extras"]
    for key in data:
        if key not in known:
            raise Invalid(f"sheets[{p}]: unknown key {key!r}")
    s = Sheet()
    if "yellow" in data:
        cells = data["yellow"]
        if not isinstance(cells, list):
            raise Invalid("yellow preset must be a list")
        for cell in cells:
            if not (isinstance(cell, list) and len(cell) == 2 and is_int(cell[0]) and is_int(cell[1])):
                raise Invalid(f"yellow preset {cell!r} is not [r, c]")
            r, c = cell
            if not (0 <= r < 4 and 0 <= c < 4):
                raise Invalid(f"yellow preset {cell!r} is not on the sheet")
            if YELLOW[r][c] is None:
                raise Invalid(f"yellow preset {cell!r} is a printed cross")
            if (r, c) in s.yellow:
                raise Invalid(f"yellow preset {cell!r} repeated")
            s.yellow.add((r, c))
    if "blue" in data:
        nums = data["blue"]
        if not isinstance(nums, list):
            raise Invalid("blue preset must be a list")
        for n in nums:
            if not is_int(n) or n not in BLUE_FIELDS:
                raise Invalid(f"blue preset {n!r} is not a blue field")
            if n in s.blue:
                raise Invalid(f"blue preset {n!r} repeated")
            s.blue.add(n)
    if "green" in data:
        s.green = want_int(data["green"], 0, 11, "green preset")
    if "orange" in data:
        nums = data["orange"]
        if not isinstance(nums, list) or len(nums) > 11:
            raise Invalid("orange preset must be a list of at most 11 numbers")
        for i, n in enumerate(nums):
            allowed = [face * ORANGE_MULTIPLIERS[i] for face in range(1, 7)]
            if not is_int(n) or n not in allowed:
                raise Invalid(f"orange preset {n!r} is not a face x multiplier")
            s.orange.append(n)
    if "purple" in data:
        nums = data["purple"]
        if not isinstance(nums, list) or len(nums) > 11:
            raise Invalid("purple preset must be a list of at most 11 numbers")
        for n in nums:
            if not is_int(n) or not 1 <= n <= 6:
                raise Invalid(f"purple preset {n!r} is not a face")
            if not s.purple_allows(n):
                raise Invalid("purple preset breaks C3.7")
            s.purple.append(n)
    if "rerolls" in data:
        s.reroll_circled = want_int(data["rerolls"], 0, 7, "rerolls preset")
    if "extras" in data:
        s.extra_circled = want_int(data["extras"], 0, 7, "extras preset")
    return s


def read_roll(roll, i):
    if not isinstance(roll, dict):
        raise Invalid(f"dice[{i}] must be an object")
    out = {}
    closest = None
    for key, value in roll.items():
        if key == "closest":
            if (not isinstance(value, list) or len(value) != 6
                    or not all(isinstance(c, str) for c in value) or sorted(value) != sorted(COLOURS)):
                raise Invalid(f"dice[{i}].closest must list the six colours")
            closest = list(value)
        elif key in COLOURS:
            out[key] = want_int(value, 1, 6, f"dice[{i}].{key}")
        else:
            raise Invalid(f"dice[{i}]: unknown colour {key!r}")
    return out, closest


def read_field(area, field, required, what):
    """A mark's field: [r, c] on the sheet for yellow, 2..12 for blue, none
    for green/orange/purple (a given one is ignored)."""
    if area == "yellow":
        if field is None:
            raise Invalid(f"{what}: yellow needs a field")
        if not (isinstance(field, list) and len(field) == 2 and is_int(field[0]) and is_int(field[1])):
            raise Invalid(f"{what}: yellow field must be [r, c]")
        r, c = field
        if not (0 <= r < 4 and 0 <= c < 4):
            raise Invalid(f"{what}: yellow field not on the sheet")
        return (r, c)
    if area == "blue":
        if field is None:
            if required:
                raise Invalid(f"{what}: blue field required")
            return None
        if not is_int(field) or field not in BLUE_FIELDS:
            raise Invalid(f"{what}: blue field not on the sheet")
        return field
    return None


def read_action(a, i, players):
    what = f"actions[{i}]"
    if not isinstance(a, dict):
        raise Invalid(f"{what} must be an object")
    t = a.get("type")
    if t not in ACTION_TYPES:
        raise Invalid(f"{what}: unknown type {t!r}")
    act = {"type": t}
    if t == "end_turn":
        return act
    if "player" not in a:
        raise Invalid(f"{what}: no player")
    act["player"] = want_int(a["player"], 0, players - 1, f"{what}.player")
    if t in ("reroll", "pass"):
        return act
    if t in ("pick", "take", "extra"):
        die = a.get("die")
        if die not in COLOURS:
            raise Invalid(f"{what}: unknown die {die!r}")
        act["die"] = die
    area = a.get("area")
    if t == "pick" and "area" not in a:
        act["area"] = None
        return act
    if t == "bonus":
        if area not in ("yellow", "blue"):
            raise Invalid(f"{what}: a bonus names yellow or blue")
    elif area not in AREAS:
        raise Invalid(f"{what}: unknown area {area!r}")
    act["area"] = area
    required = t in ("bonus", "round_bonus")
    act["field"] = read_field(area, a.get("field"), required, what)
    return act


def read_scenario(data):
    if not isinstance(data, dict):
        raise Invalid("a scenario must be an object")
    if data.get("game") != "clever":
        raise Invalid("not a clever scenario")
    players = want_int(data.get("players"), 1, 4, "players")
    if "start_player" in data:
        start = want_int(data["start_player"], 0, players - 1, "start_player")
    else:
        start = None
    round_ = want_int(data.get("round", 1), 1, ROUNDS[players], "round")
    seed = want_int(data.get("seed", 0), 0, (1 << 64) - 1, "seed")
    sheets = [Sheet() for _ in range(players)]
    raw_sheets = data.get("sheets", {})
    if not isinstance(raw_sheets, dict):
        raise Invalid("sheets must be an object")
    for key, value in raw_sheets.items():
        if key not in [str(p) for p in range(players)]:
            raise Invalid(f"sheets: no player {key!r}")
        sheets[int(key)] = read_sheet(value, key)
    raw_dice = data.get("dice", [])
    if not isinstance(raw_dice, list):
        raise Invalid("dice must be a list")
    rolls = [read_roll(r, i) for i, r in enumerate(raw_dice)]
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise Invalid("actions must be a list")
    actions = [read_action(a, i, players) for i, a in enumerate(raw_actions)]
    if start is None:
        # C4.1 seeded random start player, as the project draws it
        from diceland_core.core.dice import start_player_for
        start = start_player_for(seed, players)
    return players, start, round_, sheets, rolls, actions


# --------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------

class RefGame:
    def __init__(self, players, start, round_, sheets, rolls):
        self.n = players
        self.start = start
        self.last_round = ROUNDS[players]  # C1.3
        self.round = round_
        self.sheets = sheets
        self.rolls = rolls
        self.used_rolls = 0
        self.over = False
        self.active = start
        self.solo_passive = False
        self.faces = None            # colour -> face; None before a turn's first roll
        self.hand = []               # the current roll (dice in hand)
        self.fields = []             # the active player's dice fields, pick order
        self.platter = []
        self.phase = "rolling"
        self.owes_round_bonus = set()  # C8.7
        self.done_passive = set()      # players who took or passed (C6.1)
        self.extra_chosen = {p: set() for p in range(players)}  # C7.5
        self.after_pick = False        # C5.5 waits for the pick's bonuses
        self.start_round()

    # ---- dice
    def next_roll(self, colours, solo_passive=False):
        """C12 / the scenario's `dice`: the next roll, exactly these colours."""
        if self.used_rolls >= len(self.rolls):
            raise DiceRanOut("the scenario's dice list ran out")
        faces, closest = self.rolls[self.used_rolls]
        self.used_rolls += 1
        if sorted(faces) != sorted(colours):
            raise Invalid(f"roll {self.used_rolls - 1} has colours {sorted(faces)}, expected {sorted(colours)}")
        if closest is not None and not solo_passive:
            raise Invalid("closest only in a solo passive roll")
        if closest is None:
            closest = list(COLOURS)  # R8 default
        if self.faces is None:
            self.faces = {}
        for c in colours:
            self.faces[c] = faces[c]
        return closest

    # ---- C4 rounds and turns
    def start_round(self):
        """C4.3: the round's track bonus for every player, then the first turn."""
        bonus = ROUND_TRACK[self.round]
        self.active = self.start
        self.solo_passive = False
        if bonus in ("reroll", "extra"):
            for s in self.sheets:
                s.earn(bonus)
        if bonus == "black":
            # C8.7: each player for whom one of the five is possible owes a choice
            self.phase = "round_bonus"
            self.faces = None
            self.hand, self.fields, self.platter = [], [], []
            self.done_passive = set()
            self.extra_chosen = {p: set() for p in range(self.n)}
            self.owes_round_bonus = set()
            for p, s in enumerate(self.sheets):
                if any(not s.area_full(a) for a in AREAS):
                    self.owes_round_bonus.add(p)
            if not self.owes_round_bonus:
                self.start_turn()
            return
        self.start_turn()

    def start_turn(self):
        """C4.4 / C5.1: the active player rolls all six dice."""
        self.phase = "rolling"
        self.solo_passive = False
        self.hand, self.fields, self.platter = [], [], []
        self.done_passive = set()
        self.extra_chosen = {p: set() for p in range(self.n)}
        self.after_pick = False
        self.next_roll(COLOURS)
        self.hand = list(COLOURS)

    def start_solo_passive(self):
        """C11.3: roll six dice; the three lowest (ties: closest to the
        platter first, R8) go to the platter."""
        self.solo_passive = True
        self.phase = "finish"
        self.hand, self.fields, self.platter = [], [], []
        self.done_passive = set()
        self.extra_chosen = {p: set() for p in range(self.n)}
        closest = self.next_roll(COLOURS, solo_passive=True)
        order = sorted(COLOURS, key=lambda c: (self.faces[c], closest.index(c)))
        self.platter = sorted(order[:3], key=COLOURS.index)

    def end_turn(self):
        """C9.2 / C9.3 / C11.1."""
        if self.n == 1:
            if not self.solo_passive:
                self.start_solo_passive()
                return
            self.next_round()
            return
        self.active = (self.active + 1) % self.n
        if self.active == self.start:
            self.active = (self.active - 1) % self.n  # kept if the game ends
            self.next_round()
            return
        self.start_turn()

    def next_round(self):
        if self.round == self.last_round:
            self.over = True  # C9.3; the last turn's dice etc. are kept
            self.phase = "over"
            return
        self.round += 1
        self.start_round()

    # ---- who is who
    def passive_players(self):
        if self.n == 1:
            return [0] if self.solo_passive else []
        return [p for p in range(self.n) if p != self.active]

    def rolling_ended(self):
        return self.phase == "finish"

    def part_over(self, p):
        """C7.4: the player's own part of the turn is over."""
        if self.phase != "finish":
            return False
        if p in self.passive_players():
            return p in self.done_passive
        return p == self.active

    def pending_choice(self):
        """(player, bonus) whose yellow_x/blue_x choice is waited for (C8.6)."""
        for p, s in enumerate(self.sheets):
            b = s.choice_waiting()
            if b:
                return p, b
        return None

    # ---- C3 marks by a die
    def die_value(self, colour, area):
        if area == "blue":  # C3.2: blue is a sum of blue and white
            return self.faces["blue"] + self.faces["white"]
        return self.faces[colour]

    def die_mark_rule(self, p, colour, area, field):
        """The rule a die mark breaks (C3.1, C3.3–C3.7), or None."""
        s = self.sheets[p]
        if colour != "white" and area != colour:  # C3.1
            return "C3.1"
        value = self.die_value(colour, area)
        if area == "yellow":  # C3.3
            r, c = field
            if YELLOW[r][c] is None or (r, c) in s.yellow or YELLOW[r][c] != value:
                return "C3.3"
            return None
        if area == "blue":  # C3.4
            if field is not None and field != value:
                return "C3.4"
            if value in s.blue:
                return "C3.4"
            return None
        if area == "green":  # C3.5
            if s.green >= 11 or value < GREEN_THRESHOLDS[s.green]:
                return "C3.5"
            return None
        if area == "orange":  # C3.6
            if len(s.orange) >= 11:
                return "C3.6"
            return None
        if area == "purple":  # C3.7
            if not s.purple_allows(value):
                return "C3.7"
            return None
        raise AssertionError(area)

    def usable(self, p, colour):
        """C3.8 by brute force over every area and field."""
        for area in AREAS:
            if area == "yellow":
                for (r, c) in [(r, c) for r in range(4) for c in range(4)]:
                    if self.die_mark_rule(p, colour, "yellow", (r, c)) is None:
                        return True
            elif self.die_mark_rule(p, colour, area, None) is None:
                return True
        return False

    def enter_die(self, p, colour, area, field):
        s = self.sheets[p]
        value = self.die_value(colour, area)
        s.pending[0:0] = write(s, area, field, value)  # C8.5
        s.resolve()

    # ---- after every action: what happens by itself
    def settle(self):
        if self.pending_choice():
            return
        if self.phase == "round_bonus" and not self.owes_round_bonus:
            self.start_turn()  # C8.7 the round's first roll waits until now
            return
        if self.phase == "rolling" and self.after_pick:
            self.after_pick = False
            # C5.5
            if len(self.fields) == 3:
                self.platter = sorted(self.platter + self.hand, key=COLOURS.index)
                self.hand = []
                self.phase = "finish"
            elif not self.hand:
                self.phase = "finish"
            else:
                self.next_roll(self.hand)

    # ---- one action, checked in CLEVER.md's table order
    def act(self, a):
        t = a["type"]
        p = a.get("player")
        # C9.4
        if self.over:
            raise Illegal("C9.4", "the game has ended")
        # C8.6: a bonus choice is pending and this is not that player's bonus
        pend = self.pending_choice()
        if pend is not None and not (t == "bonus" and p == pend[0]):
            raise Illegal("C8.6", "a bonus choice is pending")
        # C8.7
        outstanding = self.phase == "round_bonus" and bool(self.owes_round_bonus)
        if outstanding:
            owed_rb = t == "round_bonus" and p in self.owes_round_bonus
            the_pending_bonus = t == "bonus" and pend is not None and p == pend[0]
            if not owed_rb and not the_pending_bonus:
                raise Illegal("C8.7", "round-4 choices are outstanding")
        elif t == "round_bonus":
            raise Illegal("C8.7", "no round-4 choice now")
        if t == "round_bonus":
            s = self.sheets[p]
            area, field = a["area"], a["field"]
            if s.area_full(area):
                raise Illegal("C8.7", "that area is full")
            if area == "yellow" and (r_c_not_free(s, field)):
                raise Illegal("C8.7", "that field is not free")
            if area == "blue" and field in s.blue:
                raise Illegal("C8.7", "that field is not free")
            # apply the black X / black 6
            earned = write(s, area, field, field if area == "blue" else 6)
            self.owes_round_bonus.discard(p)
            s.pending[0:0] = earned
            s.resolve()
            self.settle()
            return

        if t == "pick":
            d = a["die"]
            # C5.2
            if p != self.active or self.solo_passive or self.phase != "rolling" or d not in self.hand:
                raise Illegal("C5.2", "cannot pick that die")
            usable_any = any(self.usable(p, c) for c in self.hand)
            if a["area"] is None:
                if usable_any:  # C5.3
                    raise Illegal("C5.3", "a die of the roll is usable")
            else:
                rule = self.die_mark_rule(p, d, a["area"], a["field"])
                if rule:
                    raise Illegal(rule, "that mark is not allowed")
            # C5.2 / C5.4
            picked_value = self.faces[d]
            self.hand.remove(d)
            self.fields.append(d)
            lower = [c for c in self.hand if self.faces[c] < picked_value]
            self.hand = [c for c in self.hand if c not in lower]
            self.platter = sorted(self.platter + lower, key=COLOURS.index)
            if a["area"] is not None:
                self.enter_die(p, d, a["area"], a["field"])
            self.after_pick = True
            self.settle()
            return

        if t == "reroll":
            # C7.3
            if p != self.active or self.phase != "rolling" or self.solo_passive:
                raise Illegal("C7.3", "no reroll now")
            # C7.1
            if self.sheets[p].rerolls() <= 0:
                raise Illegal("C7.1", "no reroll available")
            self.sheets[p].reroll_crossed += 1
            self.next_roll(self.hand)
            return

        if t == "extra":
            # C7.1
            if self.sheets[p].extras() <= 0:
                raise Illegal("C7.1", "no +1 available")
            # C7.4
            if not self.part_over(p):
                raise Illegal("C7.4", "the player's part of the turn is not over")
            d = a["die"]
            # C7.5
            if d in self.extra_chosen[p]:
                raise Illegal("C7.5", "die already chosen by +1 this turn")
            rule = self.die_mark_rule(p, d, a["area"], a["field"])
            if rule:
                raise Illegal(rule, "that mark is not allowed")
            self.sheets[p].extra_crossed += 1
            self.extra_chosen[p].add(d)
            self.enter_die(p, d, a["area"], a["field"])
            self.settle()
            return

        if t in ("take", "pass"):
            # C6.1
            if p not in self.passive_players() or not self.rolling_ended() or p in self.done_passive:
                raise Illegal("C6.1", "not a passive player who may take now")
            platter_usable = any(self.usable(p, c) for c in self.platter)
            if t == "take":
                d = a["die"]
                if d not in self.platter:
                    if self.n == 1:  # C11.3 / R9
                        raise Illegal("C11.3", "solo: only a platter die")
                    if platter_usable:  # C6.3
                        raise Illegal("C6.3", "a platter die is usable")
                    if d not in self.fields:
                        raise AssertionError("a die neither on the platter nor on a field")
                rule = self.die_mark_rule(p, d, a["area"], a["field"])
                if rule:
                    raise Illegal(rule, "that mark is not allowed")
                self.done_passive.add(p)
                self.enter_die(p, d, a["area"], a["field"])
                self.settle()
                return
            # pass: C6.4
            if platter_usable:
                raise Illegal("C6.4", "a platter die is usable")
            self.done_passive.add(p)
            return

        if t == "bonus":
            # C8.6
            if pend is None or pend[0] != p:
                raise Illegal("C8.6", "no choice pending for that player")
            s = self.sheets[p]
            area, field = a["area"], a["field"]
            if area + "_x" != pend[1]:
                raise Illegal("C8.6", "another area")
            if area == "yellow" and r_c_not_free(s, field):
                raise Illegal("C8.6", "field not free")
            if area == "blue" and field in s.blue:
                raise Illegal("C8.6", "field not free")
            s.pending.pop(0)
            earned = s.cross_yellow(*field) if area == "yellow" else s.cross_blue(field)
            s.pending[0:0] = earned
            s.resolve()
            self.settle()
            return

        if t == "end_turn":
            # C9.1
            if not self.rolling_ended():
                raise Illegal("C9.1", "rolling has not ended")
            for q in self.passive_players():
                if q not in self.done_passive:
                    raise Illegal("C9.1", "a passive player has not taken or passed")
            self.end_turn()
            return

        raise AssertionError(t)

    # ---- the replay output object
    def waiting(self):
        if self.over:
            return []
        if self.phase == "round_bonus":
            return sorted(self.owes_round_bonus)
        if self.phase == "rolling":
            return [self.active]
        return sorted(q for q in self.passive_players() if q not in self.done_passive)

    def winners(self):
        """C10.8 / R7 (solo: [0], C11.4)."""
        if not self.over:
            return []
        scores = [s.score() for s in self.sheets]
        best = max(sc["total"] for sc in scores)
        tied = [p for p in range(self.n) if scores[p]["total"] == best]
        def best_area(p):
            return max(scores[p][a] for a in AREAS)
        top = max(best_area(p) for p in tied)
        return [p for p in tied if best_area(p) == top]

    def summary(self):
        pend = None if self.over else self.pending_choice()
        in_round_bonus = self.phase == "round_bonus"
        return {
            "game": "clever",
            "game_over": self.over,
            "winners": self.winners(),
            "round": self.round,
            "active_player": self.active,
            "solo_passive": self.solo_passive,
            "phase": self.phase,
            "waiting": self.waiting(),
            "pending": None if pend is None else {"player": pend[0], "bonus": pend[1]},
            "dice": None if (in_round_bonus or self.faces is None) else {c: self.faces[c] for c in COLOURS},
            "roll": sorted(self.hand, key=COLOURS.index),
            "fields": list(self.fields),
            "platter": sorted(self.platter, key=COLOURS.index),
            "players": [s.to_json() for s in self.sheets],
        }


def r_c_not_free(sheet, field):
    r, c = field
    return YELLOW[r][c] is None or (r, c) in sheet.yellow


def replay_reference(data):
    """(exit status, replay output object or None) for a scenario object."""
    try:
        players, start, round_, sheets, rolls, actions = read_scenario(data)
        game = RefGame(players, start, round_, sheets, rolls)
        for i, a in enumerate(actions):
            before = copy.deepcopy(game)
            try:
                game.act(a)
            except Illegal as exc:
                out = {"ok": False,
                       "error": {"action_index": i, "rule": exc.rule, "message": str(exc)},
                       **before.summary()}
                return 1, out
    except Invalid:
        return 2, None
    return 0, {"ok": True, "error": None, **game.summary()}
