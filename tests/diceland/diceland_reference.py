"""A second, deliberately naive implementation of RULES.md, written from the
rules text with sets and brute force and sharing no code with diceland_core.
Tests replay the same scripted games through both and compare the results
(FORMATS.md replay output), and count legal placements both ways."""

from __future__ import annotations

from itertools import combinations

from reference_errors import Illegal

COLOURS = ["red", "yellow", "green", "blue", "orange", "grey"]
LETTER = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "O": "orange", "S": "grey"}


class RefBoard:
    def __init__(self, grid: str):
        self.rows = [line.split() for line in grid.splitlines() if line.strip()]
        self.colour = {}
        self.star = set()
        self.obstacle = set()
        for r, row in enumerate(self.rows):
            for c, tok in enumerate(row):
                if tok == "#":
                    self.obstacle.add((r, c))
                elif tok == "@":
                    self.start = (r, c)
                else:
                    self.colour[(r, c)] = LETTER[tok[0]]
                    if tok.endswith("*"):
                        self.star.add((r, c))
        self.zone = {}
        self.zones = []
        for cell in sorted(self.colour):
            if cell in self.zone:
                continue
            members, todo = {cell}, [cell]
            while todo:
                x = todo.pop()
                for y in self.adjacent(x):
                    if y not in members and self.colour.get(y) == self.colour[cell]:
                        members.add(y)
                        todo.append(y)
            for m in members:
                self.zone[m] = len(self.zones)
            self.zones.append(frozenset(members))

    def on_board(self, cell):
        r, c = cell
        return 0 <= r < len(self.rows) and 0 <= c < len(self.rows[0])

    def adjacent(self, cell):
        """RULES D1.3, literally."""
        r, c = cell
        if r % 2 == 0:
            cand = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
        else:
            cand = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
        return [x for x in cand if self.on_board(x)]


def placement_ok(board: RefBoard, crossed: set, colour: str, n: int, cells: set) -> bool:
    """D2.1–D2.6 for one placement."""
    if len(cells) != n or n == 0:
        return False
    for x in cells:
        if x not in board.colour or board.colour[x] != colour or x in crossed:
            return False
    zones = {board.zone[x] for x in cells}
    if len(zones) != 1:
        return False
    (z,) = zones
    open_zones = [i for i, zc in enumerate(board.zones)
                  if board.colour[next(iter(zc))] == colour and zc & crossed and not zc <= crossed]
    if open_zones and z not in open_zones:
        return False
    have, todo = set(crossed), set(cells)
    progress = True
    while todo and progress:
        progress = False
        for x in list(todo):
            if any(y in have for y in board.adjacent(x)):
                have.add(x)
                todo.discard(x)
                progress = True
    return not todo


def all_placements(board: RefBoard, crossed: set, colour: str, n: int) -> list[frozenset]:
    out = []
    for zc in board.zones:
        if board.colour[next(iter(zc))] != colour:
            continue
        free = sorted(zc - crossed)
        for combo in combinations(free, n):
            if placement_ok(board, crossed, colour, n, set(combo)):
                out.append(frozenset(combo))
    return out


class RefGame:
    """Phases: 'choose', 'decide', 'place', 'bonus', 'over'."""

    def __init__(self, grid: str, players: int, start_player: int, crossed: dict, roller):
        self.board = RefBoard(grid)
        self.n = players
        self.crossed = [set(crossed.get(p, [])) | {self.board.start} for p in range(players)]
        self.active = start_player
        self.roller = roller  # roller(k) -> list of colour names
        self.winners = []
        self.new_turn()

    # state
    def stars(self, p):
        return len(self.crossed[p] & self.board.star)

    def complete(self, p):
        out = []
        for col in COLOURS:
            cells = {x for x, c in self.board.colour.items() if c == col}
            if cells and cells <= self.crossed[p]:
                out.append(col)
        return out

    def goal(self, p):
        return self.stars(p) >= 9 and bool(self.complete(p))

    def new_turn(self):
        self.phase = "choose"
        self.roll = self.roller(6)
        self.colour = None
        self.held = 0
        self.left = []
        self.todo = set()
        self.bonus_earned = [0] * self.n

    def dice(self, p):
        if self.phase == "place" and p in self.todo:
            if p == self.active:
                return {self.colour: self.held}
            out = {}
            for c in self.left:
                out[c] = out.get(c, 0) + 1
            return out
        if self.phase == "bonus" and p == self.bonus_player:
            out = {}
            for c in self.roll:
                out[c] = out.get(c, 0) + 1
            return out
        return {}

    def options(self, p):
        return {c: all_placements(self.board, self.crossed[p], c, k) for c, k in self.dice(p).items()}

    def act(self, a):
        kind = a["type"]
        if self.phase == "over":
            raise Illegal("over")
        if kind == "choose":
            if self.phase != "choose" or a["colour"] not in self.roll:
                raise Illegal("choose")
            self.colour = a["colour"]
            self.held = self.roll.count(self.colour)
            self.left = [c for c in self.roll if c != self.colour]
            if self.held == 6:
                self.phase1_over()
            else:
                self.phase = "decide"
        elif kind == "stop":
            if self.phase != "decide":
                raise Illegal("stop")
            self.phase1_over()
        elif kind == "reroll":
            if self.phase != "decide":
                raise Illegal("reroll")
            self.roll = self.roller(6 - self.held)
            hits = self.roll.count(self.colour)
            self.left = [c for c in self.roll if c != self.colour]
            self.held += hits
            if hits == 0 or self.held == 6:
                self.phase1_over()
        elif kind in ("place", "pass"):
            p = a["player"]
            if self.phase == "place":
                if p not in self.todo:
                    raise Illegal("not pending")
            elif self.phase == "bonus":
                if p != self.bonus_player:
                    raise Illegal("not the bonus player")
            else:
                raise Illegal("not phase 2")
            earned = 0
            if kind == "pass":
                if self.phase == "place" and p == self.active and any(self.options(p).values()):
                    raise Illegal("active must place")
            else:
                cells = {tuple(x) for x in a["cells"]}
                if len(cells) != len(a["cells"]) or not cells:
                    raise Illegal("cells")
                if any(x not in self.board.colour for x in cells):
                    raise Illegal("not a zone cell")
                colour = self.board.colour[next(iter(cells))]
                dice = self.dice(p)
                if colour not in dice or not placement_ok(self.board, self.crossed[p], colour, dice[colour], cells):
                    raise Illegal("placement")
                earned = len(cells & self.board.star)
                self.crossed[p] |= cells
            if self.phase == "place":
                self.todo.discard(p)
                self.bonus_earned[p] += earned
                if not self.todo:
                    self.phase2_over()
            else:
                self.bonus_left += earned - 1
                if self.goal(p):
                    self.winners = [p]
                    self.phase = "over"
                    return
                self.next_bonus()
        else:
            raise Illegal("unknown")

    def phase1_over(self):
        self.phase = "place"
        self.todo = set(range(self.n))

    def phase2_over(self):
        won = [p for p in range(self.n) if self.goal(p)]
        if won:
            self.winners = won
            self.phase = "over"
            return
        self.queue = [(self.active + i) % self.n for i in range(self.n)]
        self.queue = [p for p in self.queue if self.bonus_earned[p]]
        self.bonus_left = None
        self.next_bonus()

    def next_bonus(self):
        if self.bonus_left is not None and self.bonus_left > 0:
            self.roll = self.roller(5)
            return
        if self.bonus_left is not None:
            self.queue.pop(0)
        if not self.queue:
            self.active = (self.active + 1) % self.n
            self.new_turn()
            return
        self.bonus_player = self.queue[0]
        self.bonus_left = self.bonus_earned[self.bonus_player]
        self.phase = "bonus"
        self.roll = self.roller(5)

    def summary(self):
        return {
            "game_over": self.phase == "over",
            "winners": sorted(self.winners),
            "active_player": self.active,
            "players": [
                {"crossed": sorted([list(x) for x in self.crossed[p]]),
                 "bonus_cells": self.stars(p), "completed_colours": self.complete(p)}
                for p in range(self.n)
            ],
        }
