"""The site in Chromium against its budgets, next to the floor of its stack.

Every game page (Diceland, Ganz schön clever, Dice Wide Shut) is measured
against the same bare page in one run.  Builds the site into a temporary
folder and adds ``bare.html``: the same PyScript, the same ``pyscript.toml`` (so the same Pyodide and wheels), the
same boot.js (service worker), but a Python script that only imports
``diceland_core``, opened with ``?snapshot=off`` (it never restores a memory
snapshot).  Serves it on 127.0.0.1 and drives Debian's Chromium with
Playwright, the pages and the bare page in a rotating order on every run:

* time to ready (``<html data-ready>``, measured in the page from the start of
  navigation), cold (a fresh browser profile per page, the pages one after
  another) and warm (the same profiles again, with the service worker
  installed, each visit opened from a blank page, the pages taking turns
  visit by visit so that whatever else the machine does, and the pause
  before a page's next visit, fall on all of them alike): the
  game page's warm visit three ways, with ``?snapshot=off`` (Python boots
  and reads the bytecode the visits before compiled: the cold one and a
  first, untimed return visit, which on a game page resumes the game) and
  with ``?snapshot=off&bytecode=off`` (it compiles every module again),
  those two in alternating order, then restoring python.mjs's memory
  snapshot (made in the background after the cold visit); ``--warm``
  rounds per run, the medians over every visit; the bare page never uses
  a snapshot, and is visited warm with and without its bytecode;
* the snapshot's size, the time to make it (in the background of the cold
  visit) and the time to read and restore it (in the warm visit);
* first meaningful paint on a warm visit: the first animation frame where the
  board, or boot.js's picture of the last frame, is visible and drawn;
* click → redraw: ``window.diceland.lastRedrawMs`` (from the click event to
  the end of the draw) over taps on a cell of the board;
* an expert bot decision inside Pyodide (``botbench.html``, a bench-only page
  made from ``bench/page_bot.py``) and,
  for comparison, under this CPython;
* bytes of a first visit, raw and gzip-compressed, counted by the server
  (every response body, the service worker's precache included).

Prints figures and a Markdown table with the targets; asserts nothing.

    python bench/site.py [--runs 10] [--warm 3] [--pages diceland,clever,wideshut] [--taps 100] [--decisions 20]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import platform
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from chromium import ARGS, CHROMIUM, ROOT, TIMEOUT_MS, build_bench_site, load_build, load_module, wait_ready

sys.path.insert(0, str(ROOT))
#: Every game page, with the start link of its first (cold) visit.
PAGES = {
    "diceland": "diceland.html?players=human,greedy&boards=A,B&seed=7&speed=0",
    "clever": "clever.html?players=human,expert&seed=7&speed=0",
    "wideshut": "wideshut.html?players=human,expert&seed=7&speed=0",
}
TITLES = {"diceland": "Diceland", "clever": "Ganz schön clever", "wideshut": "Dice Wide Shut"}
GAME_LINK = PAGES["diceland"]
#: The targets, as ratios to the bare page.
WARM_TARGET, COLD_TARGET, SNAPSHOT_TARGET = 1.10, 1.20, 0.5
BARE_PATH = "bare.html?snapshot=off"


#: In every page: when <html data-ready> is set, and the first frame where the
#: board or the boot screen's picture of it is visible and drawn.
PAGE_WATCH = """
window.__bench = { ready: null, paint: null };
new MutationObserver(() => {
  if (window.__bench.ready === null && document.documentElement
      && document.documentElement.dataset.ready === "true") window.__bench.ready = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
(function poll() {
  const shown = (el) => {
    if (!el || el.closest("[hidden]")) return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  const img = document.getElementById("boot-frame");
  const board = document.getElementById("board");
  const ready = document.documentElement && document.documentElement.dataset.ready === "true";
  if ((img && img.complete && img.naturalWidth > 0 && shown(img)) || (ready && board && board.width > 0 && shown(board))) {
    window.__bench.paint = performance.now();
    return;
  }
  requestAnimationFrame(poll);
})();
"""


class Counter:
    """What the server sent: (path, body bytes) per response."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sent: list[tuple[str, int]] = []

    def add(self, path: str, size: int) -> None:
        with self.lock:
            self.sent.append((path, size))

    def take(self) -> list[tuple[str, int]]:
        with self.lock:
            out, self.sent = self.sent, []
        return out


def serve(directory: Path, counter: Counter):
    load_build()  # the checkout on sys.path
    from diceland_build.server import SiteHandler

    class Handler(SiteHandler):
        def copyfile(self, source, outputfile):
            data = source.read()
            outputfile.write(data)
            counter.add(self.path.split("?", 1)[0], len(data))

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def bench_numbers(page) -> dict:
    page.wait_for_function("() => window.__bench && window.__bench.ready !== null", timeout=TIMEOUT_MS)
    return page.evaluate("() => window.__bench")


def wait_outcome(page, what: str, expected: tuple[str, ...] = ("saved",)) -> dict:
    """python.mjs's figures of the visit's ``what`` ("snapshot": ``window.dicelandSnapshot``;
    "bytecode": ``window.dicelandBytecode``), once <html data-WHAT> says it is kept."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    outcome = None
    while not outcome and time.monotonic() < deadline:
        time.sleep(0.1)
        outcome = page.evaluate(f"document.documentElement.dataset.{what} || null")
    if outcome not in expected:
        raise RuntimeError(f"the {what} was not kept: {outcome}")
    return page.evaluate(f"() => window.diceland{what.capitalize()}")


class Visitor:
    """One page's browser profile for a run: a cold visit in a fresh profile
    on disk (not an incognito context: an incognito context's memory cache
    does not keep the 9.6 MB WebAssembly file, so the service worker would
    download it a second time, which real visitors' disk caches do not),
    then warm visits in the same profile, each opened from a blank page (so
    no page's leaving is timed in the next one's start, and no page works
    while another is measured)."""

    def __init__(self, playwright, base: str, path: str, game: bool):
        self.base, self.path, self.game = base, path, game
        self.page_file = path.split("?", 1)[0]
        self.profile = tempfile.mkdtemp(prefix="diceland-profile-")
        self.context = playwright.chromium.launch_persistent_context(self.profile, executable_path=CHROMIUM,
                                                                     args=ARGS)
        self.context.add_init_script(PAGE_WATCH)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.out: dict = {}

    def close(self) -> None:
        self.context.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def cold(self, counter: Counter, sizes: dict[str, bytes]) -> None:
        """The first visit (a start link) with what it downloads, and what it
        keeps for the warm visits: the bytecode, the snapshot, the save's
        picture; then a first return visit, not timed."""
        page = self.page
        counter.take()
        page.goto(self.base + self.path)
        wait_ready(page)
        cold = bench_numbers(page)
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        keeps_frame = self.game and page.evaluate("!!document.querySelector('#boot[data-last-frame]')")
        if keeps_frame:  # the save's picture of the board, for the warm visit
            page.wait_for_function(
                "() => { const s = JSON.parse(localStorage.getItem('diceland:settings') || '{}');"
                " const save = JSON.parse(localStorage.getItem('diceland:save:' + s.current) || '{}');"
                " return (save.last_frame || '').startsWith('data:image/'); }", timeout=TIMEOUT_MS)
        compiled = wait_outcome(page, "bytecode")
        if self.game:
            made = wait_outcome(page, "snapshot")
            self.out.update(make=made["makeMs"], snapshot_bytes=made["bytes"])
        time.sleep(0.3)  # let the precache's last responses finish
        sent = counter.take()
        self.out.update(cold=cold["ready"], paint_cold=cold["paint"], bytes=sum(size for _, size in sent),
                        gzip=sum(gzip_size(sizes[p.lstrip("/")]) if p.lstrip("/") in sizes else size
                                 for p, size in sent),
                        requests=len(sent), bytecode_files=compiled["saved"], bytecode_bytes=compiled["bytes"])
        # The first return visit is not timed: it is slower than the ones
        # after it (0.3-0.5 s, seen on the bare page), and on a game page it
        # resumes the saved game, which needs a few modules a new game did
        # not (its record's reader): it compiles and keeps them.
        page.goto(self.base + self.page_file + "?snapshot=off")
        wait_ready(page)
        wait_outcome(page, "bytecode", ("saved", "kept"))
        page.goto("about:blank")

    def kinds(self, turn: int) -> list[str]:
        """The warm visits of one round: with and without the cached bytecode
        in an order alternated by ``turn``, then (a game page) restoring the
        snapshot."""
        pair = ["off", "none"][turn % 2:] + ["off", "none"][:turn % 2]
        return pair + (["snap"] if self.game else [])

    def warm(self, which: str) -> None:
        page = self.page
        warm_path = {"off": "?snapshot=off", "none": "?snapshot=off&bytecode=off", "snap": ""}[which]
        page.goto(self.base + self.page_file + warm_path)
        wait_ready(page)
        warm = bench_numbers(page)
        boot = page.evaluate("document.documentElement.dataset.boot")
        if boot != ("snapshot" if which == "snap" else "normal"):
            raise RuntimeError(f"{warm_path} started {boot}")
        if which == "off":
            # a visit before it may have been left before it kept what it compiled
            self.out.setdefault("recompiled", []).append(page.evaluate("window.dicelandBytecode.compiled"))
        self.out.setdefault(f"warm_{which}", []).append(warm["ready"])
        self.out.setdefault(f"paint_{which}", []).append(warm["paint"])
        if which == "snap":
            restored = page.evaluate("() => window.dicelandSnapshot")
            # (the reading and checking follow the look and overlap PyScript's loading and the restore: python.mjs)
            self.out.setdefault("restore", []).append(restored["lookMs"] + restored["restoreMs"])
        page.goto("about:blank")

    def figures(self) -> dict:
        out = self.out
        return {**out, "warm": out["warm_off"], "paint_warm": out["paint_snap" if self.game else "paint_off"]}


def to_placement(page) -> list[int]:
    """Play the person's decisions until a cell of the board can be tapped."""
    for _ in range(200):
        s = json.loads(page.evaluate("window.diceland.state()"))
        if s["over"]:
            raise RuntimeError("the game ended before a placement")
        if s["seat"] != 0 or s["bot_pending"]:
            time.sleep(0.05)
        elif s["handoff"]:
            page.click("#btn-handoff")
        elif s["buttons"].get("roll"):
            page.click("#btn-roll")
        elif s["phase"] == "choose":
            index = next(i for i, d in enumerate(s["extra"]["dice"]) if d["enabled"])
            page.click(f'#dice button.die[data-index="{index}"]')
        elif s["phase"] == "decide":
            page.click("#btn-stop")
        elif s["extra"]["highlights"]:
            return s["extra"]["highlights"][0]
        else:
            page.click("#btn-pass")
    raise RuntimeError("no placement after 200 steps")


def redraws(browser, base: str, taps: int) -> list[float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + GAME_LINK)
        wait_ready(page)
        row, col = to_placement(page)
        point = page.evaluate(f"window.diceland.cellCenter({row}, {col}, 0)")
        out = []
        for _ in range(taps):
            page.evaluate("() => { window.diceland.lastRedrawMs = null; }")
            page.mouse.click(point["x"], point["y"])
            page.wait_for_function("() => window.diceland.lastRedrawMs !== null")
            out.append(page.evaluate("window.diceland.lastRedrawMs"))
        return out
    finally:
        context.close()


def page_decisions(browser, base: str, n: int) -> list[float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(base + "botbench.html")
        wait_ready(page)
        page.evaluate("(n) => window.dicelandBench.benchBot(n)", 3)  # warm-up
        return json.loads(page.evaluate("(n) => window.dicelandBench.benchBot(n)", n))
    finally:
        context.close()


def cpython_decisions(n: int) -> list[float]:
    """The same decisions as botbench.html's benchBot, under this CPython (ms)."""
    from diceland_core.games.diceland import DEFINITION
    from diceland_core.core.simulate import game_seed, play_game
    bots = load_module("bench_bots", ROOT / "bench" / "bots.py")
    times: list[float] = []
    g = 0
    while len(times) < n:
        seed = game_seed(1, g)
        play_game("A", [bots.Timed(DEFINITION.make_bot("expert", seed + s), times) for s in range(4)], seed)
        g += 1
    return [t * 1000 for t in times[:n]]


def every(rows: list[dict], key: str) -> list[float]:
    """Every visit's figure ``key`` (a warm figure: one per visit) of ``rows``."""
    return [v for r in rows for v in r[key]]


def med(values) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10, help="cold+warm visits per page (default 10)")
    ap.add_argument("--taps", type=int, default=100, help="taps for click → redraw (default 100)")
    ap.add_argument("--decisions", type=int, default=20, help="expert decisions (default 20)")
    ap.add_argument("--warm", type=int, default=3, help="warm visits of each kind per run (default 3)")
    ap.add_argument("--pages", default=",".join(PAGES),
                    help=f"game pages to measure, comma-separated (default {','.join(PAGES)})")
    ap.add_argument("--keep", type=Path, help="build into this folder and keep it (default: a temporary one)")
    args = ap.parse_args()

    pages = [name.strip() for name in args.pages.split(",") if name.strip()]
    unknown = [name for name in pages if name not in PAGES]
    if unknown or not pages:
        ap.error(f"--pages: unknown page {', '.join(unknown) or '(none)'}; the pages are {', '.join(PAGES)}")

    from playwright.sync_api import Error as PlaywrightError, sync_playwright

    started = time.monotonic()
    tmp = None
    if args.keep:
        out = args.keep.resolve()
    else:
        tmp = Path(tempfile.mkdtemp(prefix="dist-bench-"))
        out = tmp / "dist-bench"
    try:
        sizes = build_bench_site(out)
        counter = Counter()
        server, base = serve(out, counter)
        results: dict[str, list[dict]] = {name: [] for name in [*pages, "bare"]}
        crashes: list[str] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)

            def again_if_crashed(what: str, work):
                """``work()``; a renderer that died is counted, and the visit made once more."""
                try:
                    return work()
                except PlaywrightError as exc:
                    if "crashed" not in str(exc):
                        raise
                    crashes.append(what)
                    print(f"{what}: the page crashed; visiting again", file=sys.stderr, flush=True)
                    return work()

            for i in range(args.runs):
                names = list(results)
                order = names[i % len(names):] + names[:i % len(names)]
                visitors: dict[str, Visitor] = {}
                try:
                    # cold visits one page at a time, each in a fresh profile
                    for which in order:
                        game = which != "bare"

                        def cold(which=which, game=game):
                            visitor = visitors.pop(which, None)
                            if visitor:
                                visitor.close()
                            visitors[which] = Visitor(p, base, PAGES[which] if game else BARE_PATH, game)
                            visitors[which].cold(counter, sizes)

                        again_if_crashed(f"run {i + 1} {which} cold", cold)
                    # then the warm visits, the pages taking turns visit by
                    # visit, so that what the machine does meanwhile falls on
                    # all of them, and every visit comes after the other
                    # pages' (a page's first visit after a pause is slower
                    # than one right after its last: were a page's visits of
                    # a round made back to back, the kind visited first in
                    # most rounds would show it)
                    for k in range(args.warm):
                        slots = max(len(visitor.kinds(i + k)) for visitor in visitors.values())
                        for slot in range(slots):
                            for which in order:
                                visitor = visitors[which]
                                kinds = visitor.kinds(i + k)
                                if slot >= len(kinds):
                                    continue
                                kind = kinds[slot]

                                def warm(visitor=visitor, kind=kind, tries=[0]):
                                    tries[0] += 1
                                    if tries[0] > 1:  # the page that crashed is gone
                                        visitor.page = visitor.context.new_page()
                                    visitor.warm(kind)

                                again_if_crashed(f"run {i + 1} {which} warm ({kind})", warm)
                finally:
                    for visitor in visitors.values():
                        visitor.close()
                for which in order:
                    r = visitors[which].figures()
                    results[which].append(r)
                    game = which != "bare"
                    snap = (f"  warm+snapshot {med(r['warm_snap']):6.0f} ms (restore {med(r['restore']):4.0f} ms, "
                            f"made in {r['make']:5.0f} ms)" if game else "")
                    print(f"run {i + 1:>2} {which:<8}  cold {r['cold']:7.0f} ms  warm {med(r['warm']):7.0f} ms "
                          f"(not cached {med(r['warm_none']):6.0f} ms){snap}  "
                          f"paint(warm) {med(r['paint_warm']):7.0f} ms  "
                          f"{r['requests']} responses, {r['bytes'] / 1e6:.2f} MB ({r['gzip'] / 1e6:.2f} MB gzip)",
                          file=sys.stderr, flush=True)
            taps = redraws(browser, base, args.taps)
            in_page = page_decisions(browser, base, args.decisions)
            browser.close()
        server.shutdown()
        server.server_close()
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    here = cpython_decisions(args.decisions)

    bare = results["bare"]
    cold_b, warm_b = med(r["cold"] for r in bare), med(every(bare, "warm"))
    none_b = med(every(bare, "warm_none"))
    bare_raw, bare_gz = med(r["bytes"] for r in bare), med(r["gzip"] for r in bare)
    figures = {}
    for name in pages:
        game = results[name]
        figures[name] = {"warm_s": med(every(game, "warm_snap")), "warm": med(every(game, "warm")),
                         "none": med(every(game, "warm_none")),
                         "cold": med(r["cold"] for r in game), "paint": med(every(game, "paint_warm")),
                         "gzip": med(r["gzip"] for r in game), "raw": med(r["bytes"] for r in game)}
    redraw = med(taps)
    decision = med(in_page)

    def ok(flag: bool) -> str:
        return "yes" if flag else "**no**"

    def row(label: str, key: str, bare_value: float | None, target: float | None, unit: str = "ms",
            limit: float | None = None) -> None:
        """One measure: each page's median, then (against the bare page) its ratio and whether it meets the target."""
        cells = []
        met = []
        for name in pages:
            value = figures[name][key]
            text = f"{value / 1e6:.2f} MB" if unit == "MB" else f"{value:.0f} ms"
            if bare_value:
                text += f" ({value / bare_value:.2f}×)"
                if target is not None:
                    met.append(value <= target * bare_value)
            if limit is not None:
                met.append(value <= limit)
            cells.append(text)
        bare_text = "–" if bare_value is None else (f"{bare_value / 1e6:.2f} MB" if unit == "MB" else
                                                    f"{bare_value:.0f} ms")
        shown_limit = limit / 1e6 if unit == "MB" and limit else limit
        goal = (f"≤ {target:.2f}× bare" if target is not None else "") + (f"≤ {shown_limit:g} {unit}" if limit else "")
        print(f"| {label} | " + " | ".join(cells) + f" | {bare_text} | {goal or '–'} | "
              f"{ok(all(met)) if met else '–'} |")

    print(f"Chromium (Debian, headless) on {platform.machine()}, {args.runs} runs of each page and the bare page "
          f"in rotating order, {args.warm} warm visits of each kind per run; {len(taps)} taps; {len(in_page)} expert decisions; "
          f"{time.monotonic() - started:.0f} s"
          + (f"; the page crashed and was visited again: {', '.join(crashes)}" if crashes else "")
          + "; warm visits with the cached bytecode that compiled modules anyway: "
          + ", ".join(f"{n} {sum(1 for r in results[n] for c in r.get('recompiled', []) if c)}" for n in results))
    print()
    print("| measure (median; ratio to the bare page) | " + " | ".join(TITLES[n] for n in pages)
          + " | bare stack | target | met |")
    print("|---|" + "---:|" * len(pages) + "---:|---|---|")
    row("time to ready, warm, memory snapshot", "warm_s", warm_b, SNAPSHOT_TARGET)
    row("time to ready, warm, `?snapshot=off` (cached bytecode)", "warm", warm_b, WARM_TARGET)
    row("time to ready, warm, `?snapshot=off&bytecode=off`", "none", none_b, WARM_TARGET)
    row("time to ready, cold (fresh profile)", "cold", cold_b, COLD_TARGET)
    row("first meaningful paint, warm", "paint", None, None, limit=300)
    row("first visit, gzip", "gzip", bare_gz, None, unit="MB", limit=7e6)
    row("first visit, raw", "raw", bare_raw, None, unit="MB")
    print()
    print(f"Diceland: click → redraw {redraw:.1f} ms (median of {len(taps)}; ≤ 16 ms: {ok(redraw <= 16)}), "
          f"p90 {sorted(taps)[int(0.9 * (len(taps) - 1))]:.1f} ms, max {max(taps):.1f} ms; "
          f"expert decision in the page {decision:.1f} ms (median of {len(in_page)}; ≤ 50 ms: "
          f"{ok(decision <= 50)}), p90 {sorted(in_page)[int(0.9 * (len(in_page) - 1))]:.1f} ms, "
          f"median under CPython {platform.python_version()} {med(here):.2f} ms.")
    for name in pages:
        game = results[name]
        print(f"{TITLES[name]}: memory snapshot {med(r['snapshot_bytes'] for r in game) / 1e6:.1f} MB, made in "
              f"{med(r['make'] for r in game):.0f} ms (in the background after the cold visit), read and "
              f"restored in {med(every(game, 'restore')):.0f} ms; first paint warm without it "
              f"{med(every(game, 'paint_off')):.0f} ms, cold {med(r['paint_cold'] for r in game):.0f} ms; "
              f"bytecode kept after the cold visit: {med(r['bytecode_files'] for r in game):.0f} files, "
              f"{med(r['bytecode_bytes'] for r in game) / 1e3:.0f} KB.")

if __name__ == "__main__":
    main()
