"""``python -m diceland_core review RECORD.json``: the review of a saved
game (:mod:`diceland_core.core.review`) as a readable report, one decision
per line as it is reviewed, then a summary; or one JSON object
(``--json``).  A record that cannot be reviewed (missing, not JSON, not a
game record, an unknown game, an illegal action, no such player) exits
with status 2 and says why in plain words."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from .commands import add_command
from .errors import GameError, Seat, render_message
from .replay import read_json_file
from .review import Decision, Review, summarise

__all__ = ["register", "cmd_review", "decision_lines"]


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``review`` command to the CLI's subparsers."""
    p = add_command(
        subparsers, "review", cmd_review,
        help="review every decision of a player in a saved game",
        description="Compare each decision of one player in a game record with the expert's, "
                    "measure what the difference costs by seeded rollouts (Ganz schön clever: final "
                    "points; Dice Wide Shut: margin; Diceland: win chance) and label it best, "
                    "inaccuracy, mistake or blunder. The same record and seed give the same review. "
                    "Exit status 2 when the record cannot be reviewed.",
    )
    p.add_argument("record", metavar="RECORD", help="a game record (JSON) of any game")
    p.add_argument("--seat", type=int, default=1, help="which player to review, from 1 (default 1)")
    p.add_argument("--lang", default="en", choices=("en", "es", "it"), help="language of the report")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    p.add_argument("--seed", type=int, default=0, help="seed of the rollouts (default 0)")
    p.add_argument("--start", type=int, default=1, help="first decision to review, from 1 (default 1)")
    p.add_argument("--count", type=int, default=None, help="review at most this many decisions")


def _number(value: float) -> str:
    return f"{value:.1f}"


def decision_lines(review: Review, d: Decision) -> list[str]:
    """A decision as two lines of the report: the move, the expert's, the
    label and loss; then the reason."""
    lang = review.lang
    expert = "" if d.same else "   " + render_message("review.expert_plays", {"move": d.expert_text}, lang)
    head = f"{d.index + 1:>4}. {render_message('review.turn', {'turn': d.turn}, lang)}: {d.played_text}{expert}"
    tail = d.label_text(lang)
    if d.pairs:
        unit = render_message(f"review.unit_{d.measure}", {}, lang)
        tail += "  " + render_message("review.loss", {"loss": _number(d.loss), "se": _number(d.se),
                                                      "unit": unit}, lang)
    return [f"{head}   [{tail}]", f"        {d.reason(lang)}"]


def _fail(path: str, message: str, err: TextIO) -> int:
    print(f"review: {path}: {message}", file=err)
    return 2


def cmd_review(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        data = read_json_file(args.record)
        review = Review(data, args.seat - 1, args.seed, args.lang)
    except GameError as exc:
        return _fail(args.record, str(exc), err)
    except ValueError as exc:
        return _fail(args.record, str(exc), err)
    if args.start < 1 or (args.count is not None and args.count < 0):
        return _fail(args.record, "--start counts from 1 and --count cannot be negative", err)
    stop = len(review) if args.count is None else min(len(review), args.start - 1 + args.count)
    decisions: list[Decision] = []
    if not args.json:
        title = render_message("review.title", {"player": Seat(review.seat), "game": review.definition.title,
                                                "seed": args.seed}, args.lang)
        print(title, file=out, flush=True)
    for d in review.decisions(args.start - 1):
        if d.index >= stop:
            break
        decisions.append(d)
        if not args.json:
            print("\n".join(decision_lines(review, d)), file=out, flush=True)
    summary = summarise(review, decisions)
    if args.json:
        result: dict[str, Any] = {
            "game": review.definition.name, "seat": review.seat, "seed": args.seed,
            "measure": review.kind, "decisions": [d.to_dict(args.lang) for d in decisions],
            "summary": summary,
        }
        print(json.dumps(result, ensure_ascii=False), file=out)
    else:
        print(summary["text"], file=out)
    return 0
