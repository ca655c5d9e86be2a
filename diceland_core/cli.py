"""The command line: ``python -m diceland_core COMMAND``.

``replay``    replay scenario files of any game, one JSON line each
              (FORMATS.md; the file's ``"game"`` key picks the game)
``validate``  check Diceland board files, naming file, row and column
``play``      a game in the terminal (``--game NAME``)
``simulate``  bots against bots (``--game NAME``)
``review``    every decision of a player in a saved game, against the expert
``generate``, ``render``  Diceland boards
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path
from typing import Sequence

from .core import review_cli, simulate
from .core.commands import add_command, add_game_argument
from .core.errors import BoardError, ScenarioError
from .core.replay import game_from_args, load_scenario, replay_scenario
from .games.diceland import generate, render
from .games.diceland.board import BOARD_SUFFIXES, board_ids, boards_dir, load_board_file
from .version import __version__

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m diceland_core",
        description="Roll & write dice games (Diceland, Ganz schön clever, Dice Wide Shut): "
                    "rules engines and tools.",
    )
    parser.add_argument("--version", action="version", version=f"diceland_core {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    p = add_command(
        sub, "replay", cmd_replay,
        help="replay scenario files and print the resulting positions",
        description="Replay each scenario file (FORMATS.md; its \"game\" key names the game, "
                    "none means diceland) and print one JSON object per file, one per line. Exit "
                    "status: 0 when every replay is legal, 1 when an action was illegal, 2 when a "
                    "file itself is invalid (the highest over all files).",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="scenario JSON files")

    p = add_command(
        sub, "validate", cmd_validate,
        help="check board files",
        description="Check board files against FORMATS.md and RULES.md D1. Prints every problem "
                    "with file, row and column; exit status 1 if any.",
    )
    p.add_argument("boards", nargs="*", metavar="BOARD_FILE",
                   help="board files (default: every board in boards/)")

    p = add_command(
        sub, "play", cmd_play,
        help="play a game in the terminal",
        description="A game in the terminal, for people taking turns at one keyboard, with bots "
                    "in any seats.",
    )
    add_game_argument(p)
    p.add_argument("--players", type=int, default=None, help="number of players (default 2, solo games 1)")
    p.add_argument("--bots", default="",
                   help="bot kinds by seat, comma-separated; an empty place or 'human' is a person "
                        "(e.g. ',expert' for a person against the expert)")
    p.add_argument("--board", default="A", help="Diceland: board id or board file for everybody (default A)")
    p.add_argument("--seed", type=int, default=None, help="seed for the dice (default: a random one)")
    p.add_argument("--lang", default="en", choices=("en", "es", "it"), help="language of messages")
    generate.register(sub)
    render.register(sub)
    simulate.register(sub)
    review_cli.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


# -- replay -------------------------------------------------------------------

def replay_file(path: str) -> tuple[int, dict]:
    """Replay one scenario file of any game: (exit status, replay object)."""
    try:
        definition, scenario = load_scenario(path)
        _, result = replay_scenario(definition, scenario)
    except (ScenarioError, RecursionError) as exc:
        return 2, {"ok": False, "error": {"action_index": None, "message": f"{path}: {exc}"},
                   "invalid_file": True}
    return (0 if result["ok"] else 1), result


def cmd_replay(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        code, result = replay_file(path)
        if code == 2:
            print(f"{path}: invalid scenario: {result['error']['message'].removeprefix(path + ': ')}",
                  file=sys.stderr)
        print(json.dumps(result), flush=True)
        status = max(status, code)
    return status


# -- validate -----------------------------------------------------------------

def cmd_validate(args: argparse.Namespace) -> int:
    files = [Path(f) for f in args.boards] or sorted(boards_dir().glob("*.toml"))
    if not files:
        print(f"no board files in {boards_dir()}", file=sys.stderr)
        return 1
    bad = 0
    for path in files:
        try:
            board = load_board_file(path)
        except BoardError as exc:
            bad += 1
            for problem in exc.problems:
                print(problem)
            continue
        print(f"{path}: ok ({board.id}: {board.title})")
    if bad:
        print(f"{bad} of {len(files)} board files have problems", file=sys.stderr)
    return 1 if bad else 0


# -- play -----------------------------------------------------------------------

def cmd_play(args: argparse.Namespace) -> int:
    chosen = game_from_args(args.game, args.players, sys.stderr)
    if chosen is None:
        return 2
    definition, players = chosen
    bots = [b.strip() or None for b in args.bots.split(",")] if args.bots else []
    bots = [None if b in (None, "human") else b for b in bots]
    unknown = [b for b in bots if b is not None and b not in definition.bots]
    if unknown:
        print(f"unknown bot kind(s) {', '.join(unknown)} (expected {', '.join(definition.bots)})",
              file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    options = {}
    if definition.name == "diceland":
        ref = args.board
        try:
            board = load_board_file(ref) if ref.endswith(BOARD_SUFFIXES) else None
            if board is None and ref not in board_ids():
                print(f"unknown board {ref!r} (boards: {', '.join(board_ids())})", file=sys.stderr)
                return 2
        except BoardError as exc:
            print(exc, file=sys.stderr)
            return 2
        options["board"] = board or ref
    return definition.terminal(players=players, bots=bots, seed=seed, lang=args.lang,
                               input=sys.stdin, output=sys.stdout, **options)
