"""How far the projection of Ganz schön clever's strong bot is from what its games
score: at the end of every turn of seeded solo games played by the strong bot,
the projection's parts (``bots.evaluate.project``: each area's projected
final score and the projected foxes) against what that game's sheet scored
in the end, averaged by round and turn (active, then the solo passive turn).

    python bench/clever_calibration.py [--games 100] [--seed 0] [--kind strong]

Prints a Markdown table; asserts nothing.  A value the bot uses for
every decision should meet the final figures: where it is far below them
early in the game, the bot plays as if that area or the foxes were
worth little then.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_core.core.simulate import game_seed  # noqa: E402
from diceland_core.games.clever import new  # noqa: E402
from diceland_core.games.clever.actions import EndTurn  # noqa: E402
from diceland_core.games.clever.bots import BOTS  # noqa: E402
from diceland_core.games.clever.bots.evaluate import future_entries, project  # noqa: E402
from diceland_core.games.clever.sheet import AREAS  # noqa: E402

PARTS = (*AREAS, "foxes")


def play(seed: int, kind: str) -> tuple[list, list]:
    """One solo game: (round, passive turn, the projection's parts) at every
    turn's end, and the final area scores and foxes."""
    state = new(players=1, seed=seed)
    bot = BOTS[kind](seed)
    ends = []
    while not state.over:
        if state.phase == "finish" and not state.compulsory() and state.pending_player is None:
            action = bot.choose(state, 0)
            if action.type == "extra":
                state.apply(action)
                continue
            parts = project(state.sheets[0], future_entries(state, 0, bot.params), bot.params)
            ends.append((state.round, state.solo_passive, parts[:5] + (parts[5],)))
            state.apply(EndTurn())
        else:
            state.apply(bot.choose(state, state.waiting_for()[0]))
    sheet = state.sheets[0]
    scores = sheet.area_scores()
    return ends, [scores[a] for a in AREAS] + [sheet.foxes()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kind", default="strong", choices=["strong"])
    args = parser.parse_args()
    by_turn: dict = defaultdict(list)
    finals = []
    for i in range(args.games):
        ends, final = play(game_seed(args.seed, i), args.kind)
        finals.append(final)
        for rnd, passive, parts in ends:
            by_turn[(rnd, passive)].append(parts)
    final_means = [statistics.fmean(f[k] for f in finals) for k in range(len(PARTS))]
    print(f"The {args.kind}'s projection at the end of each turn against the final figures "
          f"({args.games} solo games, seed {args.seed}): projected / final\n")
    print("| turn |" + "".join(f" {p} |" for p in PARTS))
    print("|---|" + "---:|" * len(PARTS))
    for (rnd, passive), rows in sorted(by_turn.items()):
        means = [statistics.fmean(r[k] for r in rows) for k in range(len(PARTS))]
        name = f"round {rnd}, {'passive' if passive else 'active'}"
        print(f"| {name} |" + "".join(f" {m:.1f} / {f:.1f} |" for m, f in zip(means, final_means)))


if __name__ == "__main__":
    main()
