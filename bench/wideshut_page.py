"""The Dice Wide Shut page in Chromium against its budgets: a tap → redraw
(``window.diceland.lastRedrawMs``, from the event to the end of the draw;
budget ≤ 16 ms median) and an expert decision inside Pyodide (the bench-only
page ``botbench.html``, ``bench/page_bot.py``; budget ≤ 50 ms median).

Builds ``dist/`` unless ``--skip-build``, serves it on 127.0.0.1, drives
Debian's Chromium with Playwright; prints medians, asserts nothing.

    python bench/wideshut_page.py [--taps 60] [--decisions 100] [--skip-build]
"""

from __future__ import annotations

import argparse
import json
import statistics

from chromium import ROOT, chromium, open_ready, served_site, wait_ready

LINK = "wideshut.html?players=human,expert&seed=7&speed=0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--skip-build", action="store_true")
    args = parser.parse_args()
    with served_site(ROOT / "dist", build=not args.skip_build, bench_pages=True) as url, chromium() as browser:
        page = open_ready(browser, url + LINK, viewport={"width": 1280, "height": 900})
        for _ in range(100):
            s = json.loads(page.evaluate("window.diceland.state()"))
            if s["seat"] == 0 and s["phase"] == "take":
                break
            if s["buttons"].get("roll"):
                page.click("#btn-roll")
            page.wait_for_timeout(100)
        die = next(d["index"] for d in s["extra"]["dice"] if d["enabled"])
        taps = []
        for _ in range(args.taps):
            page.click(f'#dice button[data-index="{die}"]')
            taps.append(float(page.evaluate("window.diceland.lastRedrawMs")))
        page.goto(url + "botbench.html")
        wait_ready(page)
        bot = json.loads(page.evaluate("(n) => window.dicelandBench.benchBot(n, 'expert', 'wideshut')", args.decisions))
    print(f"tap → redraw: median {statistics.median(taps):.1f} ms over {len(taps)} taps (budget 16 ms)")
    print(f"expert decision in the page: median {statistics.median(bot):.1f} ms over {len(bot)} "
          f"(budget 50 ms), max {max(bot):.1f} ms")


if __name__ == "__main__":
    main()
