"""What the command line's commands share (``python -m diceland_core
COMMAND``): a command is a subparser with a one-line help, a description and
the function that runs it; commands of any game take ``--game``."""

from __future__ import annotations

import argparse
from typing import Any, Callable

from .registry import LEGACY_GAME, game_names

__all__ = ["add_command", "add_game_argument"]


def add_command(subparsers: Any, name: str, run: Callable[[argparse.Namespace], int], *,
                help: str, description: str) -> argparse.ArgumentParser:
    """The parser of command ``name``, which ``run(args)`` carries out."""
    parser = subparsers.add_parser(name, help=help, description=description)
    parser.set_defaults(run=run)
    return parser


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    """``--game NAME``: which registered game (default Diceland)."""
    parser.add_argument("--game", default=LEGACY_GAME,
                        help=f"which game ({', '.join(game_names())}; default {LEGACY_GAME})")
