"""Bots against bots, for any registered game: many seeded games and a
summary.

:func:`play_game` plays one game to the end; :func:`simulate` plays many,
rotating seats (every bot sits in every seat equally often when the number of
games is a multiple of the number of players) and, for Diceland, cycling
boards (every board gets every rotation).  Game ``i`` is seeded from the run's
seed and ``i`` only, so results do not depend on how many worker processes
play them.

Command line (registered by :func:`register`)::

    python -m diceland_core simulate --game clever --players 1 \\
        --bots expert --games 1000 --seed 1 --json
    python -m diceland_core simulate --board A,B --players 2 \\
        --bots expert,greedy --games 1000 --seed 1 --json
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from .errors import GameError
from .protocol import Bot
from .registry import LEGACY_GAME, games, get_game
from .rng import SplitMix64

if TYPE_CHECKING:  # the command line only: a game page plays games without argparse
    import argparse

__all__ = [
    "MAX_TURNS", "GameResult", "play_game", "game_seed", "seat_bots", "run_games",
    "simulate", "summarise", "register",
]

#: Safety cap: a game still running after this many turns is stopped and
#: reported as unfinished (random bots can take very long).
MAX_TURNS = 1000


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed`` (63 bits)."""
    return SplitMix64(seed * 0x100000001B3 + index).next64() >> 1


def seat_bots(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bot kind in each seat for game ``index``: ``bots`` cycled to
    ``players`` seats, rotated by ``index`` seats."""
    base = [bots[s % len(bots)] for s in range(players)]
    r = index % players
    return base[-r:] + base[:-r] if r else base


def _turn(state) -> int:
    """How far a game has come, for the turn cap and the reports: the game's
    own turn or round counter, else its number of actions."""
    for name in ("turn", "round"):
        value = getattr(state, name, None)
        if isinstance(value, int):
            return value
    return len(state.actions)


def play_game(
    setup,
    bots: Sequence[Bot],
    seed: int,
    *,
    game: str = LEGACY_GAME,
    max_turns: int = MAX_TURNS,
    on_decision: Callable[[object, int], None] | None = None,
):
    """Play a game to its end (or ``max_turns`` turns): one bot per seat,
    dice and start player from ``seed``.  ``setup`` is Diceland's board(s)
    (one id or Board, or one per player): the value of the game's first
    option (:attr:`GameDef.options`); games without options take None.
    ``on_decision`` (if given) is called before each decision with the state
    and the player."""
    definition = get_game(game)
    kinds = [getattr(b, "kind", type(b).__name__) for b in bots]
    options = {definition.options[0].name: setup} if definition.options and setup is not None else {}
    state = definition.new(players=len(bots), seed=seed, meta={"bots": kinds}, **options)
    while not state.over:
        if _turn(state) > max_turns:
            break
        player = state.waiting_for()[0]
        if on_decision is not None:
            on_decision(state, player)
        state.apply(bots[player].choose(state, player))
    return state


@dataclass(frozen=True)
class GameResult:
    index: int
    board: str
    seats: tuple[str, ...]
    start_player: int
    winners: tuple[int, ...]
    turns: int
    finished: bool
    scores: tuple[int, ...] = ()
    areas: tuple[dict, ...] = ()


def _start_player(state) -> int:
    setup = getattr(state, "setup", None)
    for holder in (setup, state):
        value = getattr(holder, "start_player", None)
        if isinstance(value, int):
            return value
    return 0


def _play_one(job: tuple) -> GameResult:
    index, seed, boards, bots, players, max_turns, game = job
    board = boards[(index // players) % len(boards)] if boards else ""
    seats = seat_bots(bots, players, index)
    gseed = game_seed(seed, index)
    seat_seeds = [SplitMix64(gseed ^ (0xB07 + s)).next64() for s in range(players)]
    definition = get_game(game)
    state = play_game(board or None, [definition.make_bot(k, sd) for k, sd in zip(seats, seat_seeds)],
                      gseed, game=game, max_turns=max_turns)
    outcome = state.outcome() if state.over else None
    return GameResult(index, board, tuple(seats), _start_player(state),
                      tuple(outcome.winners) if outcome else (), _turn(state), state.over,
                      tuple(outcome.scores) if outcome else (),
                      tuple(dict(a) for a in outcome.areas) if outcome else ())


def run_games(
    boards: Sequence[str], players: int, bots: Sequence[str], games: int, seed: int,
    *, workers: int = 1, max_turns: int = MAX_TURNS, game: str = LEGACY_GAME,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` games; the results in game order (the same for any
    number of ``workers``).  ``boards`` is for Diceland (cycled over games)."""
    jobs = [(i, seed, tuple(boards), tuple(bots), players, max_turns, game) for i in range(games)]
    results: list[GameResult] = []

    def collect(it: Iterable[GameResult]) -> None:
        for r in it:
            results.append(r)
            if progress is not None:
                progress(len(results), games)

    if workers > 1 and games > 1:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else methods[0])
        with ctx.Pool(workers) as pool:
            collect(pool.imap_unordered(_play_one, jobs, chunksize=max(1, min(16, games // (8 * workers)))))
    else:
        collect(map(_play_one, jobs))
    results.sort(key=lambda r: r.index)
    return results


def _percentile(values: Sequence[int], q: float) -> float:
    """The ``q`` quantile (0–1) by linear interpolation."""
    if not values:
        return 0.0
    s = sorted(values)
    pos = (len(s) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def _score_by_bot(results: Sequence[GameResult], kinds: Sequence[str]) -> dict[str, dict[str, object]]:
    """Each bot kind's final scores (mean, median, p10, p90) and mean area points."""
    scores_by_bot: dict[str, list[int]] = {k: [] for k in kinds}
    areas_by_bot: dict[str, dict[str, list[int]]] = {k: {} for k in kinds}
    for r in results:
        for s, score in enumerate(r.scores):
            scores_by_bot[r.seats[s]].append(score)
            if s < len(r.areas):
                for area, value in r.areas[s].items():
                    areas_by_bot[r.seats[s]].setdefault(area, []).append(value)
    return {
        k: {"mean": round(sum(v) / len(v), 3) if v else 0.0,
            "median": _percentile(v, 0.5), "p10": _percentile(v, 0.1), "p90": _percentile(v, 0.9),
            "areas": {a: round(sum(x) / len(x), 3) for a, x in areas_by_bot[k].items()}}
        for k, v in scores_by_bot.items()
    }


def _per_board(results: Sequence[GameResult], players: int) -> dict[str, dict[str, object]]:
    """Each board's games, mean turns and wins by seat counted from the start player."""
    turns: dict[str, list[int]] = {}
    offsets: dict[str, list[int]] = {}
    for r in results:
        turns.setdefault(r.board, []).append(r.turns)
        by_offset = offsets.setdefault(r.board, [0] * players)
        for w in r.winners:
            by_offset[(w - r.start_player) % players] += 1
    return {name: {"games": len(t), "turns_mean": round(sum(t) / len(t), 3),
                   "wins_by_start_offset": offsets[name],
                   "start_player_win_rate": round(offsets[name][0] / len(t), 4)}
            for name, t in turns.items()}


def summarise(results: Sequence[GameResult], boards: Sequence[str], players: int,
              bots: Sequence[str], seconds: float, game: str = LEGACY_GAME) -> dict[str, object]:
    """The summary object of a run (the ``--json`` output)."""
    kinds = list(dict.fromkeys(bots))
    wins_by_bot = {k: 0 for k in kinds}
    seat_games = {k: 0 for k in kinds}
    wins_by_seat = [0] * players
    wins_by_start = [0] * players
    games_by_seat = {k: [0] * players for k in kinds}
    for r in results:
        for s, k in enumerate(r.seats):
            seat_games[k] += 1
            games_by_seat[k][s] += 1
        for w in r.winners:
            wins_by_bot[r.seats[w]] += 1
            wins_by_seat[w] += 1
            wins_by_start[(w - r.start_player) % players] += 1
    turns = [r.turns for r in results]
    n = len(results)
    unfinished = sum(1 for r in results if not r.finished)
    out = {
        "game": game,
        "games": n,
        "players": players,
        "boards": list(boards),
        "bots": list(bots),
        "finished": n - unfinished,
        "unfinished": unfinished,
        "shared_wins": sum(1 for r in results if len(r.winners) > 1),
        "wins_by_bot": wins_by_bot,
        "seat_games_by_bot": seat_games,
        "win_rate_by_bot": {k: round(wins_by_bot[k] / seat_games[k], 4) if seat_games[k] else 0.0
                            for k in kinds},
        "games_by_seat_by_bot": games_by_seat,
        "wins_by_seat": wins_by_seat,
        "wins_by_start_offset": wins_by_start,
        "turns": {
            "mean": round(sum(turns) / n, 3) if n else 0.0,
            "p50": _percentile(turns, 0.5),
            "p90": _percentile(turns, 0.9),
            "max": max(turns, default=0),
        },
        "score_by_bot": _score_by_bot(results, kinds),
        "per_board": _per_board(results, players),
        "seconds": round(seconds, 3),
    }
    if not get_game(game).options:
        del out["boards"], out["per_board"]
    return out


def simulate(boards: Sequence[str], players: int, bots: Sequence[str], games: int, seed: int,
             *, workers: int = 1, max_turns: int = MAX_TURNS, game: str = LEGACY_GAME,
             progress: Callable[[int, int], None] | None = None) -> dict[str, object]:
    """Play and summarise (see :func:`run_games` and :func:`summarise`)."""
    t0 = time.perf_counter()
    results = run_games(boards, players, bots, games, seed, workers=workers,
                        max_turns=max_turns, game=game, progress=progress)
    return summarise(results, boards, players, bots, time.perf_counter() - t0, game)


# -- command line ----------------------------------------------------------------

class _Progress:
    """A bar on a terminal; elsewhere one line at the end (or nothing)."""

    def __init__(self, stream, quiet: bool):
        self.stream = stream
        self.quiet = quiet
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.t0 = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if self.quiet:
            return
        if self.tty:
            width = 30
            filled = width * done // total
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games "
                              f"{time.perf_counter() - self.t0:.1f} s")
            if done == total:
                self.stream.write("\n")
            self.stream.flush()
        elif done == total:
            self.stream.write(f"{done}/{total} games in {time.perf_counter() - self.t0:.1f} s\n")


def _format_summary(s: dict) -> str:
    where = f"boards {','.join(s['boards'])}, " if "boards" in s else ""
    lines = [
        f"{s['game']}: {s['games']} games, {s['players']} players, {where}"
        f"bots {','.join(s['bots'])} ({s['seconds']} s)",
        f"finished {s['finished']}, unfinished {s['unfinished']} (turn cap), shared wins {s['shared_wins']}",
        "",
        "| bot | seat-games | wins | win rate | mean score | median | p90 |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for k, w in s["wins_by_bot"].items():
        sc = s["score_by_bot"][k]
        lines.append(f"| {k} | {s['seat_games_by_bot'][k]} | {w} | {s['win_rate_by_bot'][k]:.1%} | "
                     f"{sc['mean']} | {sc['median']} | {sc['p90']} |")
    for k, sc in s["score_by_bot"].items():
        if sc["areas"]:
            lines.append(f"{k} mean by area: " + ", ".join(f"{a} {v}" for a, v in sc["areas"].items()))
    lines += ["", "wins by seat: " + ", ".join(f"{i}: {w}" for i, w in enumerate(s["wins_by_seat"])),
              "wins by seat after the start player (0 = start player): "
              + ", ".join(f"{i}: {w}" for i, w in enumerate(s["wins_by_start_offset"])),
              f"turns: mean {s['turns']['mean']}, p50 {s['turns']['p50']}, p90 {s['turns']['p90']}, "
              f"max {s['turns']['max']}"]
    return "\n".join(lines)


def _csv(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def cmd_simulate(args: argparse.Namespace) -> int:
    from .replay import game_from_args
    chosen = game_from_args(args.game, args.players, sys.stderr)
    if chosen is None:
        return 2
    definition, players = chosen
    option = definition.options[0] if definition.options else None
    boards = _csv(getattr(args, option.name)) if option else []
    bots = _csv(args.bots)
    bad = [b for b in bots if b not in definition.bots]
    if bad or not bots:
        print(f"unknown bot kind(s) {', '.join(bad) or '(none given)'} "
              f"(expected {', '.join(definition.bots)})", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    if option:
        try:
            for b in boards:
                option.check(b)
        except GameError as exc:
            print(exc, file=sys.stderr)
            return 2
    summary = simulate(boards, players, bots, args.games, args.seed, workers=args.workers,
                       max_turns=args.max_turns, game=definition.name,
                       progress=_Progress(sys.stderr, args.quiet))
    print(json.dumps(summary) if args.json else _format_summary(summary))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``simulate`` command to the CLI's subparsers."""
    from .commands import add_command, add_game_argument

    p = add_command(
        subparsers, "simulate", cmd_simulate,
        help="play bots against bots and summarise",
        description="Play seeded games between bots, rotating seats (and, for Diceland, cycling "
                    "boards), and print a summary (wins and scores by bot and seat, game length). "
                    "Game i is seeded from --seed and i, so the same command gives the same numbers.",
    )
    add_game_argument(p)
    for definition in games().values():
        for option in definition.options:
            p.add_argument(f"--{option.name}", default=option.default,
                           help=f"{definition.title}: {option.help} (default {option.default})")
    p.add_argument("--players", type=int, default=None,
                   help="players per game (default 2; the game's range applies)")
    p.add_argument("--bots", default="expert,greedy",
                   help="bot kinds by seat before rotation, comma-separated, cycled to the number of "
                        "players (random, greedy, expert; default expert,greedy)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1; results do not depend on it)")
    p.add_argument("--max-turns", type=int, default=MAX_TURNS,
                   help=f"stop a game after this many turns and count it unfinished (default {MAX_TURNS})")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the text summary")
    p.add_argument("--quiet", action="store_true", help="no progress output on stderr")
