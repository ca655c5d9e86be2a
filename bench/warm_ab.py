"""Two builds of the site side by side: a page's warm (and cold) visit in each.

Serves each built site (a ``dist/`` folder: ``python3 build.py --out DIR``
or a copy of ``dist/``) on 127.0.0.1, opens each page once cold in a fresh
Chromium profile per build and waits for its memory snapshot and service
worker; then visits the page warm, from a blank page, the builds taking
turns visit by visit (the first build first on even rounds, second on odd
ones), and prints the median time to ready (``<html data-ready>``, from
the start of navigation) of each build and their ratio.  With ``--cold N``,
first N cold visits of each page per build, each in a fresh profile, the
builds taking turns the same way.  Asserts nothing.

    python3 bench/warm_ab.py BEFORE_DIR AFTER_DIR [--rounds 8] [--cold 0] [--pages diceland,clever,wideshut]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from diceland_build.server import serve_in_thread  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
#: the time of <html data-ready="true">, from the start of navigation
READY_AT = """(() => {
  const mark = () => {
    const root = document.documentElement;
    if (root && root.dataset.ready === "true" && !window.__readyAt) window.__readyAt = performance.now();
  };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
})();"""
TIMEOUT_MS = 120_000


def warm_visits(browser, sites: list[str], page: str, rounds: int) -> list[list[float]]:
    """Each build's warm visits of ``page`` (ms), after one cold visit."""
    contexts = []
    for url in sites:
        context = browser.new_context()
        context.add_init_script(READY_AT)
        tab = context.new_page()
        tab.goto(url + page + "?speed=0")
        tab.wait_for_selector("html[data-snapshot=saved]", state="attached", timeout=TIMEOUT_MS)
        tab.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        tab.close()
        contexts.append(context)
    times: list[list[float]] = [[] for _ in sites]
    for r in range(rounds):
        order = list(range(len(sites))) if r % 2 == 0 else list(range(len(sites)))[::-1]
        for i in order:
            tab = contexts[i].new_page()
            tab.goto("about:blank")
            tab.goto(sites[i] + page + "?speed=0")
            tab.wait_for_selector("html[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
            times[i].append(tab.evaluate("window.__readyAt"))
            tab.close()
    for context in contexts:
        context.close()
    return times


def cold_visits(browser, sites: list[str], page: str, rounds: int) -> list[list[float]]:
    """Each build's cold visits of ``page`` (ms), each in a fresh profile."""
    times: list[list[float]] = [[] for _ in sites]
    for r in range(rounds):
        order = list(range(len(sites))) if r % 2 == 0 else list(range(len(sites)))[::-1]
        for i in order:
            context = browser.new_context()
            context.add_init_script(READY_AT)
            tab = context.new_page()
            tab.goto(sites[i] + page + "?speed=0")
            tab.wait_for_selector("html[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
            times[i].append(tab.evaluate("window.__readyAt"))
            context.close()
    return times


def report(kind: str, name: str, before: list[float], after: list[float]) -> None:
    b, a = statistics.median(before), statistics.median(after)
    print(f"{name:9s} {kind} before {b:6.0f} {[round(x) for x in before]}")
    print(f"{'':9s} {kind} after  {a:6.0f} {[round(x) for x in after]}  ratio {a / b:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--cold", type=int, default=0, help="cold visits of each page per build (0: none)")
    parser.add_argument("--pages", default="diceland,clever,wideshut")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    servers = [serve_in_thread(folder) for folder in (args.before, args.after)]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            urls = [url for _, url in servers]
            print(f"{args.cold} cold and {args.rounds} warm visits of each build per page, interleaved; "
                  "median (all) in ms")
            for name in args.pages.split(","):
                if args.cold:
                    report("cold", name, *cold_visits(browser, urls, f"{name}.html", args.cold))
                report("warm", name, *warm_visits(browser, urls, f"{name}.html", args.rounds))
            browser.close()
    finally:
        for server, _ in servers:
            server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
