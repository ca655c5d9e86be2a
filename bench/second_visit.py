"""Second visits of one page from two or more builds of the site, side by side.

Each build (a folder ``build.py --out`` wrote) is served on 127.0.0.1 and
gets a context of its own in one Chromium; a first visit there leaves its
Python snapshot and service worker behind.  Then the builds' pages are
visited in turn, the order reversed every round, in new pages of those
contexts, with the processor ``--slowdown`` times slower
(``Emulation.setCPUThrottlingRate``) and no network throttling: every byte
of a second visit comes from the service worker's cache.  Prints each
build's times to ready (``<html data-ready>``, from the navigation's start)
and their median; asserts nothing.

    python build.py --out /tmp/before      # on the commit to compare with
    python build.py                         # this tree, into dist/
    python bench/second_visit.py --sites /tmp/before,dist --rounds 8 --slowdown 4 [--page wideshut.html]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from chromium import ARGS, CHROMIUM, ROOT, TIMEOUT_MS

sys.path.insert(0, str(ROOT))

from diceland_build.server import serve_in_thread  # noqa: E402

#: The first visit has made its snapshot and the service worker has the page.
KEPT_JS = ("() => document.documentElement.dataset.snapshot === 'saved'"
           " && !!navigator.serviceWorker.controller")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sites", required=True, help="built site folders, comma-separated")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--slowdown", type=float, default=4.0, help="the processor this many times slower")
    parser.add_argument("--page", default="diceland.html")
    args = parser.parse_args(argv)
    sites = [Path(s) for s in args.sites.split(",") if s]
    for site in sites:
        if not (site / args.page).is_file():
            parser.error(f"{site} holds no {args.page}: build it with build.py --out")
    from playwright.sync_api import sync_playwright

    urls = [serve_in_thread(site)[1] for site in sites]
    target = args.page + ("&" if "?" in args.page else "?") + "speed=0"
    times: dict[Path, list[float]] = {site: [] for site in sites}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            contexts = []
            for url in urls:
                context = browser.new_context()
                page = context.new_page()
                page.goto(url + target)
                page.wait_for_selector("html[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
                page.wait_for_function(KEPT_JS, timeout=TIMEOUT_MS, polling=200)
                page.close()
                contexts.append(context)
            turns = list(zip(sites, urls, contexts))
            for round_ in range(args.rounds):
                for site, url, context in (turns if round_ % 2 == 0 else turns[::-1]):
                    page = context.new_page()
                    if args.slowdown > 1:
                        cdp = context.new_cdp_session(page)
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.slowdown})
                    page.goto(url + target)
                    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
                    times[site].append(page.evaluate("performance.now()"))
                    boot = page.evaluate("document.documentElement.dataset.boot")
                    page.close()
                    if boot != "snapshot":
                        print(f"{site}: a visit started {boot}, not from the snapshot")
        finally:
            browser.close()
    print(f"{args.page}, {args.rounds} second visits each, the processor {args.slowdown:g}x slower")
    for site in sites:
        print(f"  {site}: ready {[round(t) for t in times[site]]} ms, median {statistics.median(times[site]):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
