"""``python -m diceland_core review RECORD.json``: the review of a saved
game (:mod:`diceland_core.core.review`) as a readable report, one decision
per few lines as it is judged, then a summary; or (``--json``) one JSON
line per decision as it is judged (``Decision.to_dict``) and a last line
``{"summary": {...}}`` (:func:`summarise`).  A record that cannot be
reviewed (missing, not JSON, not a game record, an unknown game, an illegal
action, no such player) exits with status 2 and says why in plain words."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

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
        description="Value every legal move of one player at each of its decisions by the game's own "
                    "position values (Ganz schön clever: expected final points; with several players "
                    "or in Dice Wide Shut: expected margin; Diceland: points of win chance), and mark "
                    "the move made best, equivalent, inaccuracy, mistake or blunder by what it loses "
                    "against the best. The same record and seed give the same review. "
                    "Exit status 2 when the record cannot be reviewed.",
    )
    p.add_argument("record", metavar="RECORD", help="a game record (JSON) of any game")
    p.add_argument("--seat", type=int, default=1, help="which player to review, from 1 (default 1)")
    p.add_argument("--lang", default="en", choices=("en", "es", "it"), help="language of the report")
    p.add_argument("--json", action="store_true",
                   help="one JSON line per decision as it is judged, then a summary line")
    p.add_argument("--seed", type=int, default=0, help="seed of the confirming rollouts (default 0)")
    p.add_argument("--confirm", type=int, default=0,
                   help="rollout pairs to confirm each close call (default 0: none)")
    p.add_argument("--start", type=int, default=1, help="first decision to review, from 1 (default 1)")
    p.add_argument("--count", type=int, default=None, help="review at most this many decisions")


def decision_lines(review: Review, d: Decision) -> list[str]:
    """A decision as lines of the report: where, the kind, the dice, the
    move with its mark and loss; the best moves; the two sentences."""
    lang = review.lang
    data = d.to_dict(lang)
    turn = render_message("review.turn", {"turn": d.turn}, lang)
    mark = f"{data['symbol']} {data['mark_text']}".strip()
    loss = "" if d.forced or d.loss <= 1e-9 else f" (−{d.loss:.1f} {data['unit']})"
    lines = [f"{d.index + 1:>4}. {turn}, {data['kind']['text']}" + (f" [{data['dice']}]" if data["dice"] else "")
             + f": {d.played.text(lang)}   {mark}{loss}"]
    if not d.forced:
        moves = "; ".join(f"{m.text(lang)} {m.value:.1f}" for m in d.best)
        lines.append("        " + render_message("review.best_moves", {"moves": moves}, lang))
    said = data["said"]
    lines.append("        " + said["played"] + (" " + said["better"] if said["better"] else ""))
    if abs(d.luck) >= 0.05:
        lines.append("        " + render_message("review.luck_line", {"luck": f"{d.luck:+.1f}"}, lang))
    return lines


def summary_lines(review: Review, summary: dict) -> list[str]:
    """The summary as lines: the figures, the losses by kind, the key moments."""
    lang = review.lang
    parts = ", ".join(f"{k['text']} {k['loss']:.1f} ({k['n']})" for k in summary["by_kind"])
    moments = ", ".join(render_message("review.decision_n", {"n": i + 1}, lang) for i in summary["key_moments"])
    lines = [summary["text"]]
    if parts:
        lines.append(render_message("review.by_kind", {"parts": parts}, lang))
    if moments:
        lines.append(render_message("review.key_moments", {"parts": moments}, lang))
    return lines


def _fail(path: str, message: str, err: TextIO) -> int:
    print(f"review: {path}: {message}", file=err)
    return 2


def cmd_review(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        data = read_json_file(args.record)
        review = Review(data, args.seat - 1, args.seed, args.lang, confirm=getattr(args, "confirm", 0))
    except (GameError, ValueError) as exc:
        return _fail(args.record, str(exc), err)
    if args.start < 1 or (args.count is not None and args.count < 0):
        return _fail(args.record, "--start counts from 1 and --count cannot be negative", err)
    stop = len(review) if args.count is None else min(len(review), args.start - 1 + args.count)
    decisions: list[Decision] = []
    if not args.json:
        title = render_message("review.title", {"player": Seat(review.seat), "game": review.definition.title,
                                                "seed": args.seed}, args.lang)
        print(title, file=out, flush=True)
    for i in range(args.start - 1, stop):
        d = review.decide(i)
        decisions.append(d)
        if args.json:
            print(json.dumps(d.to_dict(args.lang), ensure_ascii=False), file=out, flush=True)
        else:
            print("\n".join(decision_lines(review, d)), file=out, flush=True)
    summary = summarise(review, decisions)
    if args.json:
        print(json.dumps({"summary": {"game": review.definition.name, "seat": review.seat, "seed": args.seed,
                                      **summary}}, ensure_ascii=False), file=out, flush=True)
    else:
        print("\n".join(summary_lines(review, summary)), file=out)
    return 0
