"""How right the review is, and how fast, in every game (docs/review.md).

For each game and each seed: an expert game (the page's ``expert`` kind in
every seat) whose seat 1 is reviewed as it stands (the expert's own
decisions), and the same game with one of seat 1's decisions (``--plants`` games per
seed, at decisions 7 apart from one drawn from the seed) replaced by another
legal move drawn from the seed (Dice Wide Shut: from the worse half by its
hand-tuned strong bot's own ranking, not the network the review reads), the
expert playing on: a planted move.  Each planted move is measured by seeded rollout
pairs from its position, the review's best move against the planted one
with the same fresh dice, the rollouts' own player in every seat (the hooks'
``expert``): by default ``--pairs 16`` pairs that play ``--ahead`` rounds
(Ganz schön clever and Dice Wide Shut 2 rounds, Diceland 2 turns) and are then
scored by the game's value; ``--long`` plays 64 pairs to the end of the game
(the final points or margin alone).  Printed per game:

* planted moves that lose at least 5 points by rollout: the share marked
  inaccuracy or worse (target at least 90%);
* planted moves marked mistake or blunder: the share within 1 point of the
  best by rollout (target at most 5%);
* the expert's own decisions (not forced): the share marked best or
  equivalent (target at least 95%), and the same for the bot that plays by
  the review's own values where that is another kind (Dice Wide Shut's
  ``learned``; Ganz schön clever's and Diceland's experts are theirs);
* CPU seconds (``time.process_time``) to review a whole game: median, max
  (target at most 10 s in CPython).

    python bench/review.py [--games clever,wideshut,diceland] [--seeds 8] [--plants 2] [--seed 1] [--pairs 16] [--long]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.core.record import record_json  # noqa: E402
from diceland_core.core.registry import get_game  # noqa: E402
from diceland_core.core.review import Review, mean_se  # noqa: E402
from diceland_core.core.rng import SplitMix64  # noqa: E402
from diceland_core.core.simulate import game_seed, play_game  # noqa: E402

AHEAD = {"clever": 2, "wideshut": 2, "diceland": 2}
#: the bot that plays by the review's own values, where the expert is another
#: kind (none now: every game's expert is its learned bot)
YARDSTICK: dict[str, str] = {}
BAD = ("inaccuracy", "mistake", "blunder")


def players_of(name: str) -> int:
    return 1 if name == "clever" else 2


def expert_game(name: str, seed: int, kind: str = "expert"):
    definition = get_game(name)
    bots = [definition.make_bot(kind if p == 0 else "expert", seed + p) for p in range(players_of(name))]
    return play_game("A" if name == "diceland" else None, bots, seed, game=name)


def _others(name: str, state, action) -> list:
    """The legal moves of seat 0 a plant draws from: every other legal move;
    in Dice Wide Shut, whose takes mostly differ little, the worse half by the
    hand-tuned strong bot's own ranking (not the network the review reads)."""
    definition = get_game(name)
    to_json = definition.action_to_json
    if name == "wideshut":
        from diceland_core.games.wideshut.bots.strong import StrongBot
        scored = sorted(StrongBot(0).scored_outcomes(state, 0), key=lambda o: o[0])
        worse = [o[1] for o in scored[:max(1, len(scored) // 2)] if to_json(o[1]) != to_json(action)]
        if worse:
            return worse
    return [a for a in state.legal_actions(0) if to_json(a) != to_json(action)]


def planted_game(name: str, seed: int, at: int):
    """The expert game of ``seed`` with seat 0's ``at``-th non-forced decision
    replaced by another legal move drawn from the seed (:func:`_others`);
    the final state and the planted action's index (None: fewer decisions)."""
    definition = get_game(name)
    rng = SplitMix64(seed * 7919 + 17)
    state = definition.new(players=players_of(name), seed=seed, **({"board": "A"} if name == "diceland" else {}))
    bots = [definition.make_bot("expert", seed + p) for p in range(state.players)]
    seen, where = 0, None
    while not state.over:
        p = state.waiting_for()[0]
        action = bots[p].choose(state, p)
        legal = state.legal_actions(0) if p == 0 else []
        if where is None and len(legal) > 1:
            if seen == at:
                others = _others(name, state, action)
                action = others[rng.next64() % len(others)]
                where = len(state.actions)
            seen += 1
        state.apply(action)
    return state, where


def rollout_loss(review: Review, index: int, pairs: int, ahead: int | None, seed: int) -> tuple[float, float]:
    """The review's best move less the move made, by seeded rollout pairs: mean and standard error."""
    action_index, position = review._positions[index]
    played = review.actions[action_index]
    best = review.ranked(action_index, position)[0][1]
    diffs = []
    for i in range(pairs):
        s = SplitMix64(seed * 1000003 + i).next64() >> 1
        diffs.append(review.rollout(position, best, s, ahead) - review.rollout(position, played, s, ahead))
    return mean_se(diffs)


def own_share(name: str, seeds: list[int], kind: str) -> tuple[int, int]:
    good = total = 0
    for seed in seeds:
        for d in Review(record_json(expert_game(name, seed, kind)), 0).decisions():
            if not d.forced:
                total += 1
                good += d.mark in ("best", "equivalent")
    return good, total


def bench_game(name: str, args: argparse.Namespace) -> None:
    seeds = [game_seed(args.seed, i) for i in range(args.seeds)]
    ahead = None if args.long else AHEAD[name]
    pairs = 64 if args.long and args.pairs == 16 else args.pairs
    seconds, rows = [], []
    for seed, at in [(seed, (seed >> 3) % 7 + 7 * j) for seed in seeds for j in range(args.plants)]:
        state, at = planted_game(name, seed, at)
        if at is None:
            continue
        start = time.process_time()
        review = Review(record_json(state), 0)
        decisions = list(review.decisions())
        seconds.append(time.process_time() - start)
        d = next(d for d in decisions if d.action_index == at)
        loss, se = rollout_loss(review, d.index, pairs, ahead, seed)
        rows.append((d, loss, se))
        if args.verbose:
            print(f"  {name} seed {seed}: decision {d.index + 1} {d.kind}: review {d.loss:.1f} {d.mark}; "
                  f"rollout {loss:.1f} ± {se:.1f}", flush=True)
    big = [(d, loss) for d, loss, _ in rows if loss >= 5]
    caught = sum(d.mark in BAD for d, _ in big)
    harsh = [(d, loss) for d, loss, _ in rows if d.mark in ("mistake", "blunder")]
    false = sum(loss < 1 for _, loss in harsh)
    good, total = own_share(name, seeds, "expert")
    line = (f"| {name} | {len(rows)} | {caught}/{len(big)} = {_pct(caught, len(big))} | "
            f"{false}/{len(harsh)} = {_pct(false, len(harsh))} | {good}/{total} = {_pct(good, total)} | ")
    if name in YARDSTICK:
        g2, t2 = own_share(name, seeds, YARDSTICK[name])
        line += f"{g2}/{t2} = {_pct(g2, t2)} | "
    else:
        line += "(the expert) | "
    line += f"{statistics.median(seconds):.2f} | {max(seconds):.2f} | {statistics.median(se for _, _, se in rows):.1f} |"
    print(line, flush=True)


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.0f}%" if b else "–"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="clever,wideshut,diceland")
    ap.add_argument("--seeds", type=int, default=8, help="planted games per game (default 8)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plants", type=int, default=2, help="planted games per seed, at decisions 7 apart (default 2)")
    ap.add_argument("--pairs", type=int, default=16, help="rollout pairs per planted move (default 16; 64 with --long)")
    ap.add_argument("--long", action="store_true", help="rollouts to the end of the game")
    ap.add_argument("--verbose", action="store_true", help="one line per planted move")
    args = ap.parse_args()
    how = "to the end of the game" if args.long else "ahead " + ", ".join(f"{g} {n}" for g, n in AHEAD.items())
    print(f"Python {platform.python_version()} ({platform.python_implementation()}); seeds "
          f"game_seed({args.seed}, 0..{args.seeds - 1}); rollouts {how}\n")
    print("| game | planted | lose ≥5 by rollout: marked inaccuracy or worse | marked mistake/blunder: "
          "within 1 of best by rollout | expert's own: best or equivalent | learned bot's own | "
          "CPU s per game (median) | max | rollout se (median) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.games.split(","):
        bench_game(name, args)


if __name__ == "__main__":
    main()
