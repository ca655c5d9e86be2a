"""Bot strength of any registered game, through the registry only: each bot
kind's scores when it plays every seat (mean, median, p10/p90, per-area
means), then 2-player games between kinds, seats rotated (win rates), as
Markdown tables.

    python bench/strength.py [--game diceland] [--players N] [--games 100] [--seed 7] [--workers 1]
                             [--boards A,...] [--kinds K,...] [--score-games N] [--pairs expert-greedy,...]
                             [--time-games N] [--time-kinds K,...]

Scores are played with ``--players`` seats (default: solo where the game
has a solo mode, else 2), every seat the same kind, ``--score-games`` games
per kind (default ``--games``; ``--kinds none`` for no score table).
``--time-games N`` first times each kind's decisions (those with more than
one legal action) in N 2-player games against the expert, seats rotated:
median, mean and p90 milliseconds of this process's CPU time per decision
(so that other work on the machine does not count), and the CPU seconds
a whole game takes, both seats; ``--time-kinds`` the kinds timed.  Each pair row is one
``simulate`` run; the same run from the command line:
``python -m diceland_core simulate --game NAME --players 2 --bots expert,greedy --games 100 --seed 7``.
A shared win counts for both players.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.core.registry import game_names, get_game  # noqa: E402
from diceland_core.core.rng import SplitMix64  # noqa: E402
from diceland_core.core.simulate import _percentile, game_seed, play_game, run_games, seat_bots, simulate  # noqa: E402


def default_pairs(kinds: tuple[str, ...]) -> list[tuple[str, str]]:
    """The strongest kind against each weaker one, then the next strongest
    against the weakest (kinds are registered weakest first)."""
    strong = kinds[-1]
    pairs = [(strong, k) for k in reversed(kinds[:-1])]
    if len(kinds) > 2:
        pairs.append((kinds[-2], kinds[0]))
    return pairs


class Timed:
    """A bot whose decisions with more than one legal action, as ``seat``,
    add their CPU seconds to ``times``."""

    def __init__(self, bot, seat: int, times: list[float]):
        self.bot, self.kind, self.seat, self.times = bot, bot.kind, seat, times

    def choose(self, state, player):
        t = time.process_time()
        action = self.bot.choose(state, player)
        if player == self.seat and len(state.legal_actions(player)) > 1:
            self.times.append(time.process_time() - t)
        return action


def timing_table(game: str, boards: list[str], kinds: tuple[str, ...], games: int, seed: int) -> None:
    definition = get_game(game)
    print(f"CPU milliseconds per decision (more than one legal action), {games} 2-player games "
          "against the expert each, seats rotated:\n")
    print("| bot | decisions | median | mean | p90 | CPU s a game (both seats) |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind in kinds:
        times: list[float] = []
        start = time.process_time()
        for i in range(games):
            seats = seat_bots([kind, "expert"], 2, i)
            gseed = game_seed(seed, i)
            bots = [definition.make_bot(k, SplitMix64(gseed ^ (0xB07 + s)).next64()) for s, k in enumerate(seats)]
            timed = seats.index(kind)
            play_game(boards[(i // 2) % len(boards)] if boards else None, [Timed(b, timed, times) for b in bots],
                      gseed, game=game)
        ms = sorted(t * 1000 for t in times)
        print(f"| {kind} | {len(ms)} | {statistics.median(ms):.2f} | {statistics.mean(ms):.2f} | "
              f"{ms[int(0.9 * (len(ms) - 1))]:.2f} | {(time.process_time() - start) / games:.2f} |", flush=True)
    print()


def score_table(game: str, boards: list[str], players: int, kinds: tuple[str, ...], games: int, seed: int,
                workers: int) -> None:
    definition = get_game(game)
    areas = list(definition.areas)
    print(f"Scores, {players} player(s), every seat the same kind, {games} games each:\n")
    print("| bot | games | mean | median | p10 | p90 |" + "".join(f" {a} |" for a in areas))
    print("|---|---:|---:|---:|---:|---:|" + "---:|" * len(areas))
    for kind in kinds:
        results = run_games(boards, players, [kind], games, seed, workers=workers, game=game)
        scores = [s for r in results for s in r.scores]
        by_area = {a: [x.get(a, 0) for r in results for x in r.areas] for a in areas}
        mean = sum(scores) / len(scores)
        print(f"| {kind} | {len(results)} | {mean:.1f} | {_percentile(scores, 0.5):g} | "
              f"{_percentile(scores, 0.1):g} | {_percentile(scores, 0.9):g} |"
              + "".join(f" {sum(v) / len(v):.1f} |" for v in by_area.values()), flush=True)
    print()


def pair_table(game: str, boards: list[str], pairs: list[tuple[str, str]], games: int, seed: int,
               workers: int) -> None:
    print(f"2 players, seats rotated, {games} games per pair:\n")
    print("| bots | games | first wins | second wins | shared | first win rate (±95%) | mean turns | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for a, b in pairs:
        s = simulate(boards, 2, [a, b], games, seed, workers=workers, game=game)
        n = s["games"]
        wa, wb = s["wins_by_bot"][a], s["wins_by_bot"][b]
        p = wa / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        print(f"| {a} vs {b} | {n} | {wa} | {wb} | {s['shared_wins']} | {p:.1%} ± {half:.1%} | "
              f"{s['turns']['mean']:.1f} | {s['seconds']:.0f} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=game_names())
    ap.add_argument("--players", type=int, default=None,
                    help="seats in the score table (default: 1 where the game has a solo mode, else 2)")
    ap.add_argument("--boards", default=None, help="the game's first option's values (Diceland: board ids), "
                                                  "cycled over games (default: all)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--kinds", default=None, help="the kinds of the score table, comma-separated (default: all; "
                                                  "'none' for no score table)")
    ap.add_argument("--score-games", type=int, default=None, help="games per kind in the score table "
                                                                  "(default: --games)")
    ap.add_argument("--time-games", type=int, default=0, help="time each kind's decisions in this many 2-player "
                                                              "games against the expert (default 0: no timing)")
    ap.add_argument("--time-kinds", default=None, help="the kinds timed, comma-separated (default: all)")
    ap.add_argument("--pairs", default=None, help="e.g. expert-greedy,expert-random (default: the strongest "
                                                  "against each other kind; 'none' for no pairs)")
    args = ap.parse_args()
    definition = get_game(args.game)
    boards: list[str] = []
    if definition.options:
        option = definition.options[0]
        boards = [b for b in (args.boards or ",".join(option.values())).split(",") if b]
    players = args.players or max(1, definition.min_players)
    kinds = tuple(k for k in args.kinds.split(",") if k and k != "none") if args.kinds else definition.bot_kinds
    if args.pairs == "none" or definition.max_players < 2:
        pairs = []
    elif args.pairs:
        pairs = [tuple(p.split("-", 1)) for p in args.pairs.split(",")]
    else:
        pairs = default_pairs(kinds)
    where = f", boards {', '.join(boards)} cycled" if boards else ""
    print(f"{definition.title}: Python {platform.python_version()}, seed {args.seed}{where}\n")
    if args.time_games > 0 and definition.max_players >= 2:
        timed = tuple(args.time_kinds.split(",")) if args.time_kinds else definition.bot_kinds
        timing_table(definition.name, boards, timed, args.time_games, args.seed)
    if kinds:
        score_table(definition.name, boards, players, kinds, args.score_games or args.games, args.seed,
                    args.workers)
    if pairs:
        pair_table(definition.name, boards, pairs, args.games, args.seed, args.workers)


if __name__ == "__main__":
    main()
