"""Two network files of a game side by side: the learned bot reading the
first against the learned bot reading the second, in 2-player games from
the training pipeline's seeds (``training/<game>_td.py``: Diceland's two
boards drawn from each seed), seats rotated.  Prints the first file's win
share (a shared win a half) with its 95% margin and its mean final margin;
asserts nothing.  Needs numpy (requirements-dev.txt), as the trainers do.

    python bench/networks.py --game wideshut --new NEW.json --old diceland_core/games/wideshut/bots/wideshut_network.json \
        --games 400 --seed 400000000 [--workers 2]
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "training")]

GAMES = ("diceland", "wideshut")


def _load(game: str, path: str):
    from diceland_core.core.network import Network
    trainer = importlib.import_module(f"{game}_td")
    return Network.from_json(json.loads(Path(path).read_text(encoding="utf-8")), trainer.INPUTS)


def _part(job: tuple[str, str, str, int, int]) -> dict:
    """``games`` games from the seed ``base`` (an even number: seats rotated within)."""
    game, new, old, base, games = job
    td = importlib.import_module("td")
    trainer = importlib.import_module(f"{game}_td")
    bot = importlib.import_module(f"diceland_core.games.{game}.bots.learned").LearnedBot
    first, second = _load(game, new), _load(game, old)
    return td.head_to_head(trainer.ADAPTER, games, base, lambda seed: bot(seed, first).choose,
                           lambda seed: bot(seed, second).choose)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=GAMES)
    ap.add_argument("--new", required=True, help="the network file measured")
    ap.add_argument("--old", required=True, help="the network file it plays against")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=400_000_000, help="the first game's seed")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    for path in (args.new, args.old):
        if not Path(path).is_file():
            ap.error(f"no network file at {path}")
    per = 2 * max(1, args.games // (2 * args.workers))
    jobs = [(args.game, args.new, args.old, args.seed + i * per, per) for i in range(args.workers)]
    if args.workers == 1:
        parts = [_part(job) for job in jobs]
    else:
        with Pool(args.workers) as pool:
            parts = pool.map(_part, jobs)
    games = sum(p["games"] for p in parts)
    share = sum(p["win_share"] * p["games"] for p in parts) / games
    margin = sum(p["margin"] * p["games"] for p in parts) / games
    half = 1.96 * math.sqrt(share * (1 - share) / games)
    print(f"{args.game}: {Path(args.new).name} against {Path(args.old).name}, {games} games from seed {args.seed}, "
          f"seats rotated: win share {100 * share:.1f}% ± {100 * half:.1f}%, mean margin {margin:+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
