"""The learned bots' decision times in the page and under CPython, side by
side with the hand-tuned bot of the same game (the expert, which is the
game's learned bot, and the strong bot): ``n`` decisions of each kind
inside Pyodide (the bench-only page ``botbench.html``, with every game's
archive: each network comes with its game's) and the same decisions under
this CPython, in one run, kinds interleaved; each round on games of its
own (the same positions again would find the bots' caches full of them).

Builds the site with the bench pages into a temporary folder, serves it on
127.0.0.1, drives Debian's Chromium with Playwright; prints medians,
asserts nothing.

    python bench/learned_page.py [--game diceland] [--players 2] [--decisions 100] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from chromium import ROOT, chromium, open_ready, served_site

sys.path.insert(0, str(ROOT))
from page_bot import bench_decisions  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="diceland", choices=("diceland", "wideshut"))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--kinds", default=None, help="default: expert,strong (the learned bot and the hand-tuned one)")
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    kinds = (args.kinds or "expert,strong").split(",")
    page_ms: dict[str, list[float]] = {k: [] for k in kinds}
    cpython_ms: dict[str, list[float]] = {k: [] for k in kinds}
    with served_site(bench_pages=True) as url, chromium() as browser:
        page = open_ready(browser, url + "botbench.html", viewport={"width": 1280, "height": 900})
        call = ("([n, kind, game, players, first]) =>"
                " window.dicelandBench.benchBot(n, kind, game, players, true, first)")
        for kind in kinds:  # a warm-up of each (the network read, the first imports), on games of its own
            page.evaluate(call, [3, kind, args.game, args.players, 10_000])
            bench_decisions(3, kind, args.game, args.players, choices=True, first=10_000)
        for r in range(args.rounds):
            # each round on games of its own: the same positions again would
            # find the bots' caches full of them, which a real game never does
            first = 1000 * (r + 1)
            for kind in kinds:
                page_ms[kind] += json.loads(page.evaluate(call, [args.decisions, kind, args.game, args.players, first]))
                cpython_ms[kind] += bench_decisions(args.decisions, kind, args.game, args.players, choices=True,
                                                    first=first)
    print(f"{args.game}, {args.players} players, {args.rounds} × {args.decisions} decisions of each kind"
          " (decisions with more than one legal action)")
    print("| kind | page median ms | page p90 ms | CPython median ms | page ÷ CPython |")
    print("|---|---:|---:|---:|---:|")
    for kind in kinds:
        pm, cm = statistics.median(page_ms[kind]), statistics.median(cpython_ms[kind])
        p90 = statistics.quantiles(page_ms[kind], n=10)[-1]
        print(f"| {kind} | {pm:.2f} | {p90:.2f} | {cm:.2f} | {pm / cm:.1f}× |")


if __name__ == "__main__":
    main()
