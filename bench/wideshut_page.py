"""The Dice Wide Shut page in Chromium against its budgets: a tap → redraw
(``window.diceland.lastRedrawMs``, from the event to the end of the draw;
budget ≤ 16 ms median) and an expert decision inside the page
(``window.diceland.benchBot``; budget ≤ 50 ms median).

Builds ``dist/`` unless ``--skip-build``, serves it on 127.0.0.1, drives
Debian's Chromium with Playwright; prints medians, asserts nothing.

    python bench/wideshut_page.py [--taps 60] [--decisions 100] [--skip-build]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
LINK = "wideshut.html?players=human,expert&seed=7&speed=0"


def load_build():
    spec = importlib.util.spec_from_file_location("diceland_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--skip-build", action="store_true")
    args = parser.parse_args()
    build = load_build()
    dist = ROOT / "dist"
    if not args.skip_build:
        build.build(dist, quiet=True)
    httpd, url = build.serve_in_thread(dist)
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url + LINK)
            page.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
            for _ in range(100):
                s = json.loads(page.evaluate("window.diceland.state()"))
                if s["current"] == 0 and s["phase"] == "take":
                    break
                if s["buttons"].get("roll"):
                    page.click("#btn-roll")
                page.wait_for_timeout(100)
            die = next(d["index"] for d in s["dice"] if d["enabled"])
            taps = []
            for _ in range(args.taps):
                page.click(f'#dice button[data-index="{die}"]')
                taps.append(float(page.evaluate("window.diceland.lastRedrawMs")))
            bot = json.loads(page.evaluate(f"window.diceland.benchBot({args.decisions})"))
            browser.close()
    finally:
        httpd.shutdown()
    print(f"tap → redraw: median {statistics.median(taps):.1f} ms over {len(taps)} taps (budget 16 ms)")
    print(f"expert decision in the page: median {statistics.median(bot):.1f} ms over {len(bot)} "
          f"(budget 50 ms), max {max(bot):.1f} ms")


if __name__ == "__main__":
    main()
