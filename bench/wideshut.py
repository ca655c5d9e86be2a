"""Dice Wide Shut benchmarks and bot strength.

    python3 bench/wideshut.py [--games N] [--seed S] [--only speed|strength]

Prints medians (milliseconds) of ``apply``, ``legal_actions``, a whole random
game and an expert decision, then strength tables: the expert against the
greedy bot in 2-player games (seats alternate), the expert in one seat of
3–5 player games against greedy seats, with mean scores per bot and the
distribution of scores.  Every game is seeded: the same ``--seed`` gives the
same tables.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.games.wideshut import new  # noqa: E402
from diceland_core.games.wideshut import DEFINITION  # noqa: E402

make_bot = DEFINITION.make_bot
from diceland_core.core.rng import SplitMix64  # noqa: E402


def play(kinds: list[str], seed: int, bot_seed: int | None = None):
    """One game with one bot per seat; returns the final state."""
    state = new(players=len(kinds), seed=seed)
    base = seed if bot_seed is None else bot_seed
    bots = [make_bot(k, base * 31 + i) for i, k in enumerate(kinds)]
    while not state.over:
        p = state.current_player
        state.apply(bots[p].choose(state, p))
    return state


def _ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.3f} ms"


def speed(games: int, seed: int) -> None:
    rng = SplitMix64(seed)
    apply_t, legal_t, take_t, game_t = [], [], [], []
    for g in range(max(1, games)):
        players = 2 + g % 4
        state = new(players=players, seed=seed + g)
        t0 = time.perf_counter()
        while not state.over:
            t = time.perf_counter()
            actions = state.legal_actions()
            legal_t.append(time.perf_counter() - t)
            if state.phase == "take":
                take_t.append(legal_t[-1])
            action = actions[rng.below(len(actions))]
            t = time.perf_counter()
            state.apply(action)
            apply_t.append(time.perf_counter() - t)
        game_t.append(time.perf_counter() - t0)
    print(f"apply            median {_ms(apply_t)}  ({len(apply_t)} actions)")
    print(f"legal_actions    median {_ms(legal_t)}  ({len(legal_t)} positions; "
          f"{_ms(take_t)} over the {len(take_t)} take positions)")
    print(f"random game      median {_ms(game_t)}  ({len(game_t)} games, 2-5 players, "
          "legal_actions + apply per action)")
    expert_t = []
    for g in range(max(1, min(games, 40))):
        players = 2 + g % 4
        state = new(players=players, seed=seed + 1000 + g)
        expert = make_bot("expert", g)
        greedy = make_bot("greedy", g)
        while not state.over:
            p = state.current_player
            if state.phase == "take":
                bot = make_bot("expert", g)   # a fresh bot: no cached evaluations
                t = time.perf_counter()
                bot.choose(state, p)
                expert_t.append(time.perf_counter() - t)
            state.apply((expert if p == 0 else greedy).choose(state, p))
    print(f"expert decision  median {_ms(expert_t)}  max {max(expert_t) * 1000:.1f} ms "
          f"({len(expert_t)} decisions, fresh bot each)")


def _distribution(scores: list[int]) -> str:
    scores = sorted(scores)
    q = statistics.quantiles(scores, n=4) if len(scores) >= 2 else [scores[0]] * 3
    return (f"min {scores[0]}  q1 {q[0]:.0f}  median {q[1]:.0f}  q3 {q[2]:.0f}  max {scores[-1]}  "
            f"mean {statistics.mean(scores):.1f}  sd {statistics.pstdev(scores):.1f}")


def _histogram(scores: list[int], width: int = 20) -> list[str]:
    lo = (min(scores) // width) * width
    hi = max(scores)
    lines = []
    while lo <= hi:
        n = sum(1 for s in scores if lo <= s < lo + width)
        lines.append(f"    {lo:>5} .. {lo + width - 1:>4}  {n:>5}  " + "#" * round(60 * n / len(scores)))
        lo += width
    return lines


def strength(games: int, seed: int) -> None:
    print(f"\nexpert vs greedy, 2 players, {games} games (seats alternate)")
    wins = shared = 0
    exp_scores, gr_scores = [], []
    for g in range(games):
        seat = g % 2
        kinds = ["expert", "greedy"] if seat == 0 else ["greedy", "expert"]
        out = play(kinds, seed + g).outcome()
        e, o = seat, 1 - seat
        exp_scores.append(out.scores[e])
        gr_scores.append(out.scores[o])
        if out.winners == (e,):
            wins += 1
        elif e in out.winners:
            shared += 1
    print(f"  expert wins {wins}/{games} = {100 * wins / games:.1f}%  (shared {shared})")
    print(f"  expert scores: {_distribution(exp_scores)}")
    print(f"  greedy scores: {_distribution(gr_scores)}")
    print("  expert score histogram:")
    print("\n".join(_histogram(exp_scores)))
    print("  greedy score histogram:")
    print("\n".join(_histogram(gr_scores)))
    for players in (3, 4, 5):
        n = max(1, games // 2)
        wins = 0.0
        exp_scores, gr_scores = [], []
        for g in range(n):
            seat = g % players
            kinds = ["greedy"] * players
            kinds[seat] = "expert"
            out = play(kinds, seed + 10_000 * players + g).outcome()
            exp_scores.append(out.scores[seat])
            gr_scores += [s for q, s in enumerate(out.scores) if q != seat]
            if seat in out.winners:
                wins += 1 / len(out.winners)
        print(f"\nexpert in 1 seat vs {players - 1} greedy, {players} players, {n} games "
              f"(seat rotates)")
        print(f"  expert wins {wins:.1f}/{n} = {100 * wins / n:.1f}%  (fair share {100 / players:.1f}%)")
        print(f"  expert scores: {_distribution(exp_scores)}")
        print(f"  greedy scores: {_distribution(gr_scores)}")
    print("\nmean score per bot in self-play (2 players)")
    for kind in ("random", "greedy", "expert"):
        scores = []
        for g in range(max(2, games // 4)):
            scores += list(play([kind, kind], seed + 50_000 + g).outcome().scores)
        print(f"  {kind:<7} {_distribution(scores)}")


def protection_example(seed: int = 37) -> None:
    """The documented game of tests/wideshut/test_bots.py: the
    strong bot (the expert before the value network; player 1 in the
    texts, index 0) marks a 6 beside a row it is filling, then uses it
    (W5.3) instead of splitting the row."""
    from diceland_core.games.wideshut.actions import Take
    from diceland_core.games.wideshut.terminal import describe_take, sheet_text
    state = new(players=2, seed=seed)
    bots = [make_bot("strong", seed * 31), make_bot("greedy", seed * 31 + 1)]
    print(f"\nstrong (player 1) vs greedy, seed {seed}: the strong bot's 6s and skips")
    while not state.over:
        p = state.current_player
        action = bots[p].choose(state, p)
        if p == 0 and isinstance(action, Take) and any(
                e is not None and e[0] in ("red6", "blue6", "skip") for e in action.marks):
            print(f"  round {state.round}: {describe_take(state, action)}")
            print("\n".join("    " + line for line in sheet_text(state.sheets[0]).splitlines()))
        state.apply(action)
    print(f"  final scores {state.outcome().scores}, winners {[w + 1 for w in state.outcome().winners]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("speed", "strength", "example"))
    args = parser.parse_args(argv)
    print(f"Dice Wide Shut bench: --games {args.games} --seed {args.seed}, Python {sys.version.split()[0]}")
    if args.only == "example":
        protection_example()
        return 0
    if args.only != "strength":
        speed(args.games, args.seed)
    if args.only != "speed":
        strength(args.games, args.seed)
        protection_example()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
