"""Random scripted games made with the naive reference (tests/diceland/diceland_reference.py),
as FORMATS.md scenarios plus the replay output the reference expects."""

from __future__ import annotations

import random

from diceland_reference import COLOURS, Illegal, RefBoard, RefGame

LETTERS = "RYGBOS"


def random_grid(rng: random.Random, rows: int, cols: int) -> str:
    """A random test board: clumpy colours, a few obstacles, many stars (so
    that games reach the goal of D6.1), valid by FORMATS.md."""
    while True:
        tokens = [[rng.choice(LETTERS) for _ in range(cols)] for _ in range(rows)]
        for _ in range(rows * cols):  # clump: copy a neighbour's colour
            r, c = rng.randrange(rows), rng.randrange(cols)
            rr = min(rows - 1, max(0, r + rng.choice((-1, 0, 1))))
            cc = min(cols - 1, max(0, c + rng.choice((-1, 0, 1))))
            tokens[r][c] = tokens[rr][cc]
        for _ in range(rng.randrange(0, max(1, rows * cols // 10))):
            tokens[rng.randrange(rows)][rng.randrange(cols)] = "#"
        sr, sc = rows // 2, cols // 2
        tokens[sr][sc] = "@"
        grid = "\n".join(" ".join(row) for row in tokens)
        board = RefBoard(grid)
        # reachability (D1.6)
        seen, todo = {board.start}, [board.start]
        while todo:
            x = todo.pop()
            for y in board.adjacent(x):
                if y not in seen and y not in board.obstacle:
                    seen.add(y)
                    todo.append(y)
        if len(seen) != rows * cols - len(board.obstacle):
            continue
        # a star in most zones, at most one per zone (D1.5)
        for zone in board.zones:
            if rng.random() < 0.8:
                r, c = rng.choice(sorted(zone))
                tokens[r][c] += "*"
        return "\n".join(" ".join(row) for row in tokens)


def legal_moves(ref: RefGame) -> list[dict]:
    if ref.phase == "choose":
        return [{"type": "choose", "colour": c} for c in sorted(set(ref.roll))]
    if ref.phase == "decide":
        return [{"type": "reroll"}, {"type": "stop"}]
    players = sorted(ref.todo) if ref.phase == "place" else [ref.bonus_player]
    out = []
    for p in players:
        opts = ref.options(p)
        for cells_list in opts.values():
            for cells in cells_list:
                out.append({"type": "place", "player": p, "cells": [list(x) for x in sorted(cells)]})
        if not (ref.phase == "place" and p == ref.active and any(opts.values())):
            out.append({"type": "pass", "player": p})
    return out


def wild_move(rng: random.Random, ref: RefGame) -> dict:
    """Any action, often illegal: wrong phase, wrong player, bad cells."""
    kind = rng.choice(["choose", "reroll", "stop", "place", "pass", "place"])
    if kind == "choose":
        return {"type": "choose", "colour": rng.choice(COLOURS)}
    if kind in ("reroll", "stop"):
        return {"type": kind}
    p = rng.randrange(ref.n)
    if kind == "pass":
        return {"type": "pass", "player": p}
    rows, cols = len(ref.board.rows), len(ref.board.rows[0])
    start = rng.choice(sorted(ref.board.colour))
    cells = {start}
    for _ in range(rng.randrange(0, 5)):
        nb = ref.board.adjacent(rng.choice(sorted(cells)))
        cells.add(rng.choice(nb))
    if rng.random() < 0.1:
        cells.add((rng.randrange(rows + 1), rng.randrange(cols)))
    return {"type": "place", "player": p, "cells": [list(x) for x in sorted(cells)]}


def random_scenario(seed: int, grid: str, players: int, max_actions: int = 400,
                    wild: float = 0.02, pass_weight: float = 0.3) -> tuple[dict, dict]:
    rng = random.Random(seed)
    dice: list[list[str]] = []

    def roller(k: int) -> list[str]:
        roll = [rng.choice(COLOURS) for _ in range(k)]
        dice.append(roll)
        return roll

    start = rng.randrange(players)
    ref = RefGame(grid, players, start, {}, roller)
    actions: list[dict] = []
    error = None
    while ref.phase != "over" and len(actions) < max_actions:
        if rng.random() < wild:
            move = wild_move(rng, ref)
        else:
            moves = legal_moves(ref)
            places = [m for m in moves if m["type"] != "pass"]
            if places and rng.random() > pass_weight:
                move = rng.choice(places)
            else:
                move = rng.choice(moves)
        actions.append(move)
        try:
            ref.act(move)
        except Illegal:
            error = len(actions) - 1
            break
    scenario = {
        "board": {"id": "x", "test_board": True, "grid": grid},
        "players": players,
        "start_player": start,
        "dice": dice,
        "actions": actions,
    }
    expected = {"ok": error is None, "error": None if error is None else {"action_index": error},
                **ref.summary()}
    return scenario, expected
