"""The Ganz schön clever page in Chromium: tap → redraw and bot decisions.

Builds the site, serves it on 127.0.0.1 and drives Debian's Chromium with
Playwright:

* tap → redraw: ``window.diceland.lastRedrawMs`` (from the click event to the
  end of the draw it caused) over taps on the sheet: a die, then a lit field,
  the moves the hint chooses, through a solo game;
* a bot decision inside the page (``window.diceland.benchBot(n, kind)``, two
  bots of that kind playing) and, for comparison, under this CPython.

Prints medians against the targets (tap ≤ 16 ms, bot ≤ 50 ms); asserts nothing.

    python bench/clever_page.py [--taps 60] [--decisions 30] [--kind expert]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "site"))
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def load_build():
    spec = importlib.util.spec_from_file_location("diceland_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wait_ready(page) -> None:
    for _ in range(1200):
        if page.evaluate("document.documentElement.dataset.ready") == "true":
            return
        time.sleep(0.1)
    raise RuntimeError("the page never became ready")


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--kind", default="expert")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    build = load_build()
    with tempfile.TemporaryDirectory() as tmp:
        build.build(Path(tmp), quiet=True)
        httpd, url = build.serve_in_thread(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page(viewport={"width": 1200, "height": 1000})
                page.goto(url + "/clever.html?players=human&seed=7&speed=0")
                wait_ready(page)
                tap_ms = taps(page, args.taps)
                bot_ms = json.loads(page.evaluate(f"window.diceland.benchBot({args.decisions}, '{args.kind}')"))
                browser.close()
        finally:
            httpd.shutdown()
    from diceland_site.clever.timing import decision_times
    native = decision_times(args.decisions, args.kind)
    print("| measure | median | p90 | target |\n|---|---|---|---|")
    for name, values, target in (("tap → redraw (ms)", tap_ms, 16), (f"{args.kind} decision in the page (ms)", bot_ms, 50),
                                 (f"{args.kind} decision, CPython (ms)", native, None)):
        p90 = sorted(values)[int(0.9 * (len(values) - 1))]
        print(f"| {name} | {statistics.median(values):.1f} | {p90:.1f} | {target or '—'} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
