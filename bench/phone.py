"""The site's first visit as a phone on a mobile network meets it.

Chromium (Playwright, Debian's /usr/bin/chromium) emulating a mid-range
phone: a 390×844 touch screen, the processor 4× slower
(``Emulation.setCPUThrottlingRate``), "Slow 4G" (``Network.
emulateNetworkConditions``: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up),
a fresh profile for every visit (off the record; ``--disk``: a folder on
disk, as a phone's browser keeps, whose compiled code outlives a visit).  The site is built into a temporary folder
with bench/chromium.py's bare page (PyScript, Pyodide and the engine wheel,
importing ``diceland_core`` only) and served on 127.0.0.1 by a static server
that compresses as a static host does (gzip for everything but the archives
and pictures, ``Content-Encoding: gzip``), and again without compression.

Visited in a rotating order, each round: the three game pages, the tutorial,
an embed started by its reader (``embed.html?scenario=overshoot`` in a frame
of a bench-only host page, its Play pressed as soon as it shows; its times
are the frame's), the bare page, and Pyodide alone (``pyodide.html``:
``loadPyodide`` from Pyodide's own files, its whole standard library, then
the engine wheel, every game's, unpacked and ``diceland_core`` imported:
the stack as it comes, before the site trims and splits it).  For each visit:

* first paint (``first-contentful-paint``), the game's picture on the boot
  screen (boot.js's ``img.boot-frame`` loaded) and ready (``<html
  data-ready>``), from the start of the navigation;
* the bytes the server sent until ready (bodies as sent: compressed when
  compressed);
* the longest main-thread task (PerformanceObserver ``longtask``) in the
  ``--after`` seconds after ready;
* with ``--second``: once the first visit kept its Python snapshot (or
  made none) and its service worker is active, the same profile's next
  visit: ready, bytes and how Python started, against Pyodide alone's
  second visit (its files from the HTTP cache).

Prints each visit, then the medians per page and their ratios to the bare
page's and to Pyodide alone's, as a Markdown table; asserts nothing.

    python bench/phone.py [--rounds 1] [--rows gzip,plain] [--after 8] [--second] [--disk] [--pages diceland,clever,...]

(the bare page and Pyodide alone are always visited).
"""

from __future__ import annotations

import argparse
import collections
import functools
import gzip
import http.server
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from chromium import ARGS, CHROMIUM, ROOT, TIMEOUT_MS, build_bench_site, load_build

sys.path.insert(0, str(ROOT))

#: name → (path and query, whether the reader presses the embed's Play).
PAGES = {
    "diceland": ("diceland.html", False),
    "clever": ("clever.html", False),
    "wideshut": ("wideshut.html", False),
    "tutorial": ("tutorial.html", False),
    "embed": ("phone-embed.html", True),
    "bare": ("bare.html?snapshot=off", False),
    "pyodide": ("pyodide.html", False),
}
#: The pages every run visits, the two the others are compared with.
BASES = ("bare", "pyodide")
#: Pyodide alone: its own files (node_modules/pyodide, copied to
#: ``pyodide-whole/``) and the engine wheel, nothing of the site.
PYODIDE_ALONE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide alone</title></head>
<body><script type="module">
import {{ loadPyodide }} from "./pyodide-whole/pyodide.mjs";
const py = await loadPyodide({{ indexURL: new URL("./pyodide-whole/", location.href).href }});
const wheel = await (await fetch("{wheel}")).arrayBuffer();
py.unpackArchive(wheel, "wheel");
py.runPython("import diceland_core");
document.documentElement.dataset.ready = "true";
</script></body></html>
"""
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
EMBED_HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A lesson</title></head>
<body style="margin:0"><iframe src="embed.html?scenario=overshoot" title="A lesson"
style="width:100%;height:700px;border:0"></iframe></body></html>
"""
VIEWPORT = {"width": 390, "height": 844}
CPU_SLOWDOWN = 4
#: "Slow 4G" (Chrome DevTools' preset): bytes per second.
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
#: What a static host sends uncompressed (already compressed formats).
STORED = (".zip", ".whl", ".png", ".ico", ".jpg")
#: A slow visit on a loaded machine.
VISIT_TIMEOUT_MS = max(TIMEOUT_MS, 600_000)

WATCH = """
window.__phone = { ready: null, picture: null, tasks: [] };
new MutationObserver(() => {
  if (window.__phone.ready === null && document.documentElement
      && document.documentElement.dataset.ready === "true") window.__phone.ready = performance.now();
  // the tutorial's picture is its lesson list (tutorial-list.js)
  if (window.__phone.picture === null && document.querySelector("#lessons button[data-lesson]")) {
    window.__phone.picture = performance.now();
  }
  const img = document.querySelector("img.boot-frame");
  if (img && !img.__watched) {
    img.__watched = true;
    const seen = () => { if (window.__phone.picture === null) window.__phone.picture = performance.now(); };
    if (img.complete && img.naturalWidth) seen(); else img.addEventListener("load", seen);
  }
}).observe(document, { attributes: true, childList: true, subtree: true });
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__phone.tasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (_) { /* no long task timing */ }
"""


class Server:
    """The built site on 127.0.0.1, gzip-compressed (``compress``) or not,
    counting the bytes of the bodies it sends."""

    def __init__(self, directory: Path, compress: bool):
        from diceland_build.server import SiteHandler
        self.sent = 0
        self.lock = threading.Lock()
        self.gz: dict[Path, bytes] = {}
        bench = self

        class Handler(SiteHandler):
            def do_GET(self):  # noqa: N802
                path = Path(self.translate_path(self.path.split("?", 1)[0]))
                if path.is_dir():
                    path = path / "index.html"
                if not path.is_file():
                    self.send_error(404)
                    return
                data = path.read_bytes()
                zipped = compress and path.suffix not in STORED and "gzip" in self.headers.get("Accept-Encoding", "")
                if zipped:
                    if path not in bench.gz:
                        bench.gz[path] = gzip.compress(data, compresslevel=6, mtime=0)
                    data = bench.gz[path]
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(path)))
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Cache-Control", "max-age=600")
                if zipped:
                    self.send_header("Content-Encoding", "gzip")
                    self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                self.wfile.write(data)
                with bench.lock:
                    bench.sent += len(data)

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def take(self) -> int:
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _load(page, server: Server, path: str, press_play: bool):
    """Navigate ``page`` to ``path`` (pressing the embed's Play) and wait
    until it is ready; the page or frame whose times are the visit's."""
    page.goto(server.url + path, wait_until="commit", timeout=VISIT_TIMEOUT_MS)
    if press_play:
        page = page.wait_for_selector("iframe", state="attached", timeout=VISIT_TIMEOUT_MS).content_frame()
        page.wait_for_selector("#picture-play", state="visible", timeout=VISIT_TIMEOUT_MS)
        page.click("#picture-play")
    page.wait_for_function("() => window.__phone && window.__phone.ready !== null", timeout=VISIT_TIMEOUT_MS,
                           polling=100)
    return page


#: What a visit's figures are read with (from the page or frame :func:`_load` gives).
FIGURES_JS = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const ready = window.__phone.ready;
  const after = window.__phone.tasks.filter(([start]) => start >= ready).map(([, d]) => d);
  return { paint: paint ? paint.startTime : null, picture: window.__phone.picture, ready,
           longest: after.length ? Math.max(...after) : 0,
           boot: document.documentElement.dataset.boot || null };
}"""
#: Until the first visit has kept what it keeps: its Python snapshot, or the
#: page makes none (python.mjs's <html data-snapshot>; a page restored from
#: one, or Pyodide alone, has no outcome to wait for), and the service worker
#: boot.js registers at ready has installed (its copy of the site made) and
#: taken the page (it claims it once active): a second visit that started
#: sooner would share the network with that copy's downloads.  (A promise
#: returned here would count as true: Playwright does not wait for it.)
SNAPSHOT_DONE_JS = """() => { const d = document.documentElement.dataset;
  if (!(!d.boot || d.boot === "snapshot" || !!d.snapshot)) return false;
  return !document.querySelector('script[src*="boot.js"]') || !navigator.serviceWorker
    || !!navigator.serviceWorker.controller; }"""


PHONE = {"viewport": VIEWPORT, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


def visit(browser, server: Server, name: str, after_s: float, second: bool = False, playwright=None) -> dict:
    """One first visit of page ``name`` in a fresh profile on the emulated
    phone; with ``second``, the same profile's next visit too, once the
    first has kept what it keeps (its ``second`` figures).  With
    ``playwright``, the profile is a folder on disk (a Chromium of its own),
    as a phone's browser keeps one: it keeps compiled code between visits,
    which a profile off the record does not."""
    path, press_play = PAGES[name]
    folder = tempfile.TemporaryDirectory() if playwright else None
    context = (playwright.chromium.launch_persistent_context(folder.name, executable_path=CHROMIUM, args=ARGS, **PHONE)
               if playwright else browser.new_context(**PHONE))
    try:
        context.add_init_script(WATCH)
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        server.take()
        target = _load(page, server, path, press_play)
        sent = server.take()
        page.wait_for_timeout(after_s * 1000)
        out = {**target.evaluate(FIGURES_JS), "bytes": sent}
        if second:
            target.wait_for_function(SNAPSHOT_DONE_JS, timeout=VISIT_TIMEOUT_MS, polling=250)
            out["snapshot"] = target.evaluate("document.documentElement.dataset.snapshot || null")
            server.take()
            again = _load(page, server, path, press_play)
            out["second"] = {**again.evaluate(FIGURES_JS), "bytes": server.take()}
        return out
    finally:
        context.close()
        if folder:
            folder.cleanup()


def boots(visits: list[dict]) -> str:
    """How the visits booted (python.mjs's <html data-boot>): "snapshot 2,
    normal 1"; Pyodide alone's say nothing."""
    counts = collections.Counter(v["boot"] for v in visits if v.get("boot"))
    return ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) or "–"


def median(values: list[float]) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The site's first visit on an emulated phone over Slow 4G.")
    parser.add_argument("--rounds", type=int, default=1, help="visits of each page per row (default 1)")
    parser.add_argument("--rows", default="gzip,plain", help="gzip (a static host's compression), plain, or both")
    parser.add_argument("--pages", default=",".join(PAGES), help="pages to visit (the bare page and Pyodide alone always are)")
    parser.add_argument("--after", type=float, default=8.0, help="seconds watched for long tasks after ready")
    parser.add_argument("--second", action="store_true",
                        help="also each profile's second visit, once the first kept its snapshot")
    parser.add_argument("--disk", action="store_true",
                        help="each profile a folder on disk (compiled code kept between visits), not off the record")
    args = parser.parse_args(argv)
    names = [n for n in args.pages.split(",") if n in PAGES and n not in BASES] + list(BASES)
    rows = [r for r in args.rows.split(",") if r in ("gzip", "plain")]
    from playwright.sync_api import sync_playwright

    results: dict[tuple[str, str], list[dict]] = {}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        files = build_bench_site(out)
        (out / "phone-embed.html").write_text(EMBED_HOST, encoding="utf-8")
        whole = out / "pyodide-whole"
        whole.mkdir()
        for name in PYODIDE_FILES:
            (whole / name).write_bytes((ROOT / "node_modules" / "pyodide" / name).read_bytes())
        # the whole engine (every game), as the site's pages had it in one wheel
        # before each game's code moved into its own archive
        name, data = load_build().build_core_wheel(strip=True)
        (whole / name).write_bytes(data)
        (out / "pyodide.html").write_text(PYODIDE_ALONE.format(wheel=f"./pyodide-whole/{name}"), encoding="utf-8")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                for row in rows:
                    server = Server(out, compress=row == "gzip")
                    try:
                        for turn in range(args.rounds):
                            order = names[turn % len(names):] + names[:turn % len(names)]
                            for name in order:
                                figures = visit(browser, server, name, args.after, args.second, playwright if args.disk else None)
                                results.setdefault((row, name), []).append(figures)
                                print(f"{row:5} {name:9} paint {figures['paint'] or 0:8.0f} ms  picture "
                                      f"{figures['picture'] or 0:8.0f} ms  ready "
                                      f"{figures['ready']:8.0f} ms  {figures['bytes'] / 1e6:5.2f} MB  "
                                      f"longest task after ready {figures['longest']:5.0f} ms"
                                      + (f"  second visit ready {figures['second']['ready']:8.0f} ms  "
                                         f"{figures['second']['bytes'] / 1e6:5.2f} MB  "
                                         f"booted from {figures['second']['boot'] or '–'} "
                                         f"(first visit's snapshot: {figures['snapshot'] or '–'})" if args.second else ""), flush=True)
                    finally:
                        server.stop()
            finally:
                browser.close()
    print(f"\n{args.rounds} round(s), {time.monotonic() - started:.0f} s; profiles "
          f"{'on disk' if args.disk else 'off the record'}; CPU {CPU_SLOWDOWN}x slower, "
          f"{NETWORK['latency']} ms, {NETWORK['downloadThroughput'] * 8 / 1e6:.1f} Mbit/s down, "
          f"{NETWORK['uploadThroughput'] * 8 / 1e3:.0f} kbit/s up; medians\n")
    print("| served | page | first paint | the game's picture (tutorial: its list) | ready | ratio to bare | ratio to Pyodide alone "
          "| bytes until ready | longest task after ready |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        bare = median([r["ready"] for r in results[(row, "bare")]])
        alone = median([r["ready"] for r in results[(row, "pyodide")]])
        for name in names:
            visits = results[(row, name)]
            ready = median([r["ready"] for r in visits])
            paint = median([r["paint"] for r in visits])
            paint_text = f"{paint / 1000:.2f} s" if paint is not None else "–"
            picture = median([r["picture"] for r in visits])
            picture_text = f"{picture / 1000:.2f} s" if picture is not None else "–"
            print(f"| {row} | {name} | {paint_text} | {picture_text} | {ready / 1000:.1f} s | {ready / bare:.2f}× | {ready / alone:.2f}× | "
                  f"{median([r['bytes'] for r in visits]) / 1e6:.2f} MB | "
                  f"{median([r['longest'] for r in visits]):.0f} ms |")
    if args.second:
        print("\n| served | page | second visit ready | ratio to Pyodide alone's second visit | bytes | booted from |")
        print("|---|---|---:|---:|---:|---|")
        for row in rows:
            alone = median([r["second"]["ready"] for r in results[(row, "pyodide")]])
            for name in names:
                again = [r["second"] for r in results[(row, name)]]
                ready = median([r["ready"] for r in again])
                print(f"| {row} | {name} | {ready / 1000:.2f} s | {ready / alone:.2f}× | "
                      f"{median([r['bytes'] for r in again]) / 1e6:.2f} MB | {boots(again)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
