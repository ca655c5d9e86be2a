"""The Ganz schön clever page in Chromium: tap → redraw and bot decisions.

Builds the site, serves it on 127.0.0.1 and drives Debian's Chromium with
Playwright:

* tap → redraw: ``window.diceland.lastRedrawMs`` (from the click event to the
  end of the draw it caused) over taps on the sheet: a die, then a lit field,
  the moves the hint chooses, through a solo game;
* a bot decision inside Pyodide (the bench-only page ``botbench.html``:
  ``window.dicelandBench.benchBot``, two bots of that kind playing; see
  ``bench/page_bot.py``) and, for comparison, under this CPython;
* the review (``--reviews`` games, 0 for none): a solo game played by the
  greedy bot at full speed, its review opened from the end screen and run to
  its end: the task that opens it and each decision's task (the longest of
  each game), as ``window.diceland.review()`` reports them.

Prints medians against the targets (tap ≤ 16 ms, bot ≤ 50 ms, a review's
task ≤ 200 ms); asserts nothing.

    python bench/clever_page.py [--taps 60] [--decisions 30] [--kind expert] [--reviews 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from chromium import ROOT, chromium, open_ready, served_site, wait_ready

sys.path.insert(0, str(ROOT))


def taps(page, n: int) -> list[float]:
    out: list[float] = []
    while len(out) < n:
        state = json.loads(page.evaluate("window.diceland.state()"))
        if state["over"]:
            page.click("#btn-play-again")
            continue
        for tap in json.loads(page.evaluate("window.diceland.hintTaps()")):
            if "button" in tap:
                page.click("#" + tap["button"])
                continue
            page.evaluate("window.diceland.lastRedrawMs = null")
            page.mouse.click(tap["x"], tap["y"])
            ms = page.evaluate("window.diceland.lastRedrawMs")
            if ms is not None:
                out.append(float(ms))
    return out


def reviews(page, url: str, games: int) -> tuple[list[float], list[float]]:
    """The opening task and the longest decision's task (ms) of the review
    of ``games`` solo games (seeds 7, 8, ...)."""
    opening: list[float] = []
    longest: list[float] = []
    for seed in range(7, 7 + games):
        page.goto(url + f"clever.html?players=greedy&seed={seed}&speed=0")
        wait_ready(page)
        page.wait_for_selector("#game-over[open]", timeout=120_000)
        page.click("#btn-over-review")
        page.wait_for_function("() => JSON.parse(window.diceland.review()).finished", timeout=300_000)
        done = json.loads(page.evaluate("window.diceland.review()"))
        opening.append(float(done["opening_ms"]))
        longest.append(float(done["longest_ms"]))
        page.click("#review-close")  # a closed review: the next game's page opens on its game
    return opening, longest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--kind", default="expert")
    parser.add_argument("--reviews", type=int, default=5)
    args = parser.parse_args(argv)
    with served_site(bench_pages=True) as url, chromium() as browser:
        page = open_ready(browser, url + "clever.html?players=human&seed=7&speed=0",
                          viewport={"width": 1200, "height": 1000})
        tap_ms = taps(page, args.taps)
        opening_ms, longest_ms = reviews(page, url, args.reviews) if args.reviews else ([], [])
        page.goto(url + "botbench.html")
        wait_ready(page)
        bot_ms = json.loads(page.evaluate("([n, kind]) => window.dicelandBench.benchBot(n, kind, 'clever')",
                                          [args.decisions, args.kind]))
    from page_bot import bench_decisions
    native = bench_decisions(args.decisions, args.kind, "clever")
    print("| measure | median | p90 | target |\n|---|---|---|---|")
    for name, values, target in (("tap → redraw (ms)", tap_ms, 16), (f"{args.kind} decision in the page (ms)", bot_ms, 50),
                                 (f"{args.kind} decision, CPython (ms)", native, None),
                                 ("the review's opening task (ms)", opening_ms, 200),
                                 ("the review's longest decision task, per game (ms)", longest_ms, 200)):
        if not values:
            continue
        p90 = sorted(values)[int(0.9 * (len(values) - 1))]
        print(f"| {name} | {statistics.median(values):.1f} | {p90:.1f} | {target or '—'} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
