"""A teacher's page with five examples, before and after picture-first embeds.

Builds this tree's site and the site of an earlier revision (``--before``;
default: the commit before ``site/embed-picture.js`` was added), serves each
on 127.0.0.1 with a server that counts what it sends, and opens a host page
on another origin with five lesson frames (``embed.html?scenario=…&step=…``,
as a teacher pastes them) in a fresh Chromium context, ``--runs`` times:

* time to first picture: from the host's navigation start to the first
  frame's height message (a frame posts it once it shows its position:
  before, the live board; now, the picture), and to the fifth;
* bytes the site's server sent until the page has settled (no response for
  2 s), raw and gzip-compressed, the service worker's precache included, and
  how often ``pyodide.asm.wasm`` was sent;
* now only: the reader presses Play in one frame; the time to its live board
  and the bytes that costs.

Prints a Markdown table; asserts nothing.

    python bench/embeds.py [--runs 3] [--before REV]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from chromium import ARGS, CHROMIUM, ROOT, load_build, load_module

TIMEOUT_MS = 180_000
LESSONS = [("open-zones", 0), ("phase-1", 2), ("overshoot", 2), ("bonus-rolls", 3), ("winning", 1)]

HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Five examples</title>
<script>
  window.__first = {};
  window.addEventListener("message", (e) => {
    if (!e.data || e.data.type !== "diceland:height") return;
    for (const f of document.querySelectorAll("iframe")) {
      if (f.contentWindow !== e.source) continue;
      f.style.height = e.data.height + "px";
      if (!(f.src in window.__first)) window.__first[f.src] = performance.now();
    }
  });
</script></head>
<body style="margin:0;width:480px">
FRAMES
</body></html>"""


#: bench/site.py's byte-counting server (its name would shadow the standard ``site``)
site_bench = load_module("diceland_site_bench", ROOT / "bench" / "site.py")


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def build_revision(rev: str, work: Path) -> Path:
    """The site as built from ``rev``'s sources (this tree's node_modules)."""
    src = work / "src"
    src.mkdir()
    archive = work / "src.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, stdout=out)
    with tarfile.open(archive) as tar:
        tar.extractall(src, filter="data")
    (src / "node_modules").symlink_to(ROOT / "node_modules")
    subprocess.run([sys.executable, str(src / "build.py"), "--out", str(work / "dist")], check=True,
                   capture_output=True)
    return work / "dist"


def host_page(base: str) -> str:
    frames = "\n".join(f'<iframe src="{base}embed.html?scenario={name}&step={step}&lang=en" title="Example {n}" '
                       f'style="display:block;width:100%;height:420px;border:0"></iframe>'
                       for n, (name, step) in enumerate(LESSONS))
    return HOST.replace("FRAMES", frames)


def settle(counter, quiet_s: float = 2.0, limit_s: float = 180.0) -> list[tuple[str, int]]:
    """Everything the server sent until nothing more came for ``quiet_s``."""
    sent: list[tuple[str, int]] = []
    last, start = time.monotonic(), time.monotonic()
    while time.monotonic() - last < quiet_s and time.monotonic() - start < limit_s:
        time.sleep(0.1)
        new = counter.take()
        if new:
            sent += new
            last = time.monotonic()
    return sent


def totals(sent: list[tuple[str, int]], dist: Path) -> dict:
    raw = sum(size for _, size in sent)
    compressed = 0
    for path, size in sent:
        file = dist / path.lstrip("/")
        compressed += site_bench.gzip_size(file.read_bytes()) if file.is_file() else size
    return {"bytes": raw, "gzip": compressed, "wasm": sum(p.endswith("pyodide.asm.wasm") for p, _ in sent),
            "responses": len(sent)}


def one_run(browser, dist: Path, host_dir: Path, picture_first: bool) -> dict:
    counter = site_bench.Counter()
    server, base = site_bench.serve(dist, counter)
    (host_dir / "host.html").write_text(host_page(base), encoding="utf-8")
    host_counter = site_bench.Counter()
    host_server, host_base = site_bench.serve(host_dir, host_counter)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(host_base + "host.html")
        page.wait_for_function("() => Object.keys(window.__first).length === 5", timeout=TIMEOUT_MS, polling=50)
        first = sorted(page.evaluate("Object.values(window.__first)"))
        out = {"first": first[0], "all": first[-1], **totals(settle(counter), dist)}
        if picture_first:
            frame = next(f for f in page.frames if "scenario=overshoot&" in f.url)
            started = page.evaluate("performance.now()")
            frame.click("#picture-play")
            frame.wait_for_selector("html[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
            out["live"] = page.evaluate("performance.now()") - started
            out["play"] = totals(settle(counter), dist)
        return out
    finally:
        context.close()
        for srv in (server, host_server):
            srv.shutdown()
            srv.server_close()


def med(values) -> float:
    return statistics.median(list(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--before", default=None, help="revision to compare with (default: the commit "
                        "before site/embed-picture.js was added)")
    args = parser.parse_args()
    before_rev = args.before or git("log", "--diff-filter=A", "--format=%H", "-1", "--", "site/embed-picture.js") + "^"
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "before").mkdir()
        (work / "host").mkdir()
        dists = {"before": build_revision(before_rev, work / "before"), "now": work / "now"}
        load_build().build(dists["now"], quiet=True)
        results: dict[str, list[dict]] = {"before": [], "now": []}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for run in range(args.runs):
                for name in ("before", "now"):
                    r = one_run(browser, dists[name], work / "host", picture_first=name == "now")
                    results[name].append(r)
                    print(f"run {run + 1} {name}: first {r['first']:.0f} ms, all five {r['all']:.0f} ms, "
                          f"{r['bytes'] / 1e6:.2f} MB ({r['gzip'] / 1e6:.2f} MB gzip), "
                          f"pyodide.asm.wasm sent {r['wasm']}×", flush=True)
            browser.close()

    print(f"\nFive lesson frames on one host page, {args.runs} runs, medians "
          f"(before: {git('rev-parse', '--short', before_rev)}):\n")
    print("| | first picture | all five | bytes sent (gzip) | pyodide.asm.wasm sent |")
    print("|---|---:|---:|---:|---:|")
    for name, label in (("before", "before: every frame starts Python"), ("now", "now: pictures first")):
        rs = results[name]
        print(f"| {label} | {med(r['first'] for r in rs) / 1000:.2f} s | {med(r['all'] for r in rs) / 1000:.2f} s "
              f"| {med(r['bytes'] for r in rs) / 1e6:.2f} MB ({med(r['gzip'] for r in rs) / 1e6:.2f} MB) "
              f"| {med(r['wasm'] for r in rs):.0f}× |")
    rs = results["now"]
    print(f"| now, then Play in one frame | +{med(r['live'] for r in rs) / 1000:.2f} s to the live board | "
          f"| +{med(r['play']['bytes'] for r in rs) / 1e6:.2f} MB ({med(r['play']['gzip'] for r in rs) / 1e6:.2f} MB) "
          f"| {med(r['play']['wasm'] for r in rs):.0f}× |")
    print(f"\n{sys.platform}, Chromium {CHROMIUM}")


if __name__ == "__main__":
    main()
