"""The boot screen speaks the player's language before Python runs: its texts
come from the locale files (boot.* keys) through boot-strings.js."""

from __future__ import annotations

import json
import re

import pytest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "site" / "diceland_site" / "locales"
# the boot screen of a first visit: the downloads, the bar, the sheet while Python loads
pytestmark = pytest.mark.fresh_context


def boot_texts(lang: str) -> set[str]:
    data = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    return {v for k, v in data.items() if k.startswith("boot.")}


def is_boot_text(label: str, lang: str) -> bool:
    """``label`` is one of the boot texts (``{detail}`` filled in any way)."""
    return any(re.fullmatch(re.escape(text).replace(re.escape("{detail}"), ".+"), label)
               for text in boot_texts(lang))


def test_boot_screen_in_spanish_then_ready(site, watch):
    site.open("?lang=es", path="clever.html", wait=False)
    site.page.wait_for_selector("#boot-label", state="attached")
    label = site.page.text_content("#boot-label")
    ready = site.page.evaluate("document.documentElement.dataset.ready === 'true'")
    assert ready or is_boot_text(label, "es"), label
    # the one boot line of every page names no game (the Clever page said "Cargando Diceland")
    assert site.page.get_attribute("#boot-progress", "aria-label") == "Cargando el juego"
    site.wait_ready()


PROGRESS = """
window.__bar = [];
document.addEventListener("DOMContentLoaded", () => {
  const bar = document.getElementById("boot-progress");
  const label = document.getElementById("boot-label");
  new MutationObserver(() => window.__bar.push([Number(bar.getAttribute("aria-valuenow")), label.textContent,
                                                 document.documentElement.dataset.ready === "true"]))
    .observe(bar, { attributes: true, attributeFilter: ["aria-valuenow"] });
});
"""


def test_the_progress_bar_moves_with_the_bytes_and_reaches_100_at_ready(page, server, watch, site_dir):
    sizes = (site_dir / "boot-strings.js").read_text(encoding="utf-8").split("window.DICELAND_DOWNLOADS = ", 1)[1].split("\n", 1)[0]
    total = sum(gz for _, gz in json.loads(sizes.strip().rstrip(";")).values())
    page.add_init_script(PROGRESS)
    # A network of 16 Mbit/s, so the bytes arrive a piece at a time as they do
    # from a real host (from the same machine they come in a few large pieces).
    network = page.context.new_cdp_session(page)
    network.send("Network.enable")
    network.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20, "downloadThroughput": 2_000_000, "uploadThroughput": 2_000_000})
    page.goto(server.url + "clever.html?lang=en")
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=60_000)
    page.wait_for_function("() => window.__bar.some(([value]) => value === 100)")
    seen = page.evaluate("window.__bar")
    values = [value for value, _, _ in seen]
    assert values == sorted(values), values
    assert values[-1] == 100 and seen[-1][2], seen[-1]
    counting = [(value, text) for value, text, _ in seen
                if re.fullmatch(r"Downloading Python: \d+\.\d / \d+\.\d MB", text)]
    assert len({value for value, _ in counting}) >= 10, seen  # it moves with the bytes, not file by file
    assert all(text.endswith(f"/ {total / 1e6:.1f} MB") for _, text in counting)
    assert max(value for value, _ in counting) >= 85


START_WATCH = """
window.__start = null;
(function poll() {
  const img = document.getElementById("boot-start");
  if (img && img.complete && img.naturalWidth > 0) {
    window.__start = { src: img.getAttribute("src"), ready: document.documentElement.dataset.ready === "true" };
    return;
  }
  requestAnimationFrame(poll);
})();
"""


@pytest.mark.parametrize("game", ["diceland", "wideshut"])
def test_a_first_visit_shows_the_games_new_sheet_while_python_loads(page, server, watch, game):
    page.add_init_script(START_WATCH)
    page.goto(server.url + f"{game}.html?lang=it")
    page.wait_for_function("() => window.__start !== null", timeout=60_000)
    seen = page.evaluate("window.__start")
    assert seen == {"src": f"./pictures/start/{game}-it.svg", "ready": False}
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=60_000)


BOOT_WATCH = """
window.__booted = null;
new MutationObserver(() => {
  if (window.__booted === null && document.documentElement.dataset.boot) window.__booted = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-boot"] });
"""
PRELOADS = ("Array.from(document.querySelectorAll('link[rel=preload], link[rel=modulepreload]'),"
            " (link) => new URL(link.href).pathname)")


def test_a_first_visit_asks_for_pythons_files_at_once_and_the_wheels_before_python_runs(page, server, watch,
                                                                                         site_dir):
    """No service worker serves the first visit: boot.js asks for Pyodide's
    big files as soon as it runs (before PyScript has even loaded
    python.mjs), and Pyodide is handed those very responses (each file is
    requested once); the wheels and the page's Python are fetched once the
    WebAssembly is in, before Python has started."""
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.add_init_script(BOOT_WATCH)
    page.goto(server.url + "wideshut.html?lang=en")
    page.wait_for_selector("html[data-ready=true]", state="attached", timeout=60_000)
    assert page.evaluate(PRELOADS) == ["/pyodide/pyodide.asm.mjs"]
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide.mjs"):
        assert sum(url.endswith("/pyodide/" + name) for url in requested) == 1, name
    started = "(url) => performance.getEntriesByName(url).map((e) => e.startTime)"
    loader = min(page.evaluate(started, server.url + "python.mjs"))
    for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
        assert min(page.evaluate(started, server.url + "pyodide/" + name)) < loader, name
    wheels = re.findall(r'"\./(wheels/[^"]+\.whl)"', (site_dir / "pyscript.toml").read_text(encoding="utf-8"))
    assert len(wheels) >= 3
    booted = page.evaluate("window.__booted")
    for path in wheels + ["wideshut.py"]:
        times = page.evaluate(started, server.url + path)
        assert times and min(times) < booted, (path, times, booted)


def test_a_visit_the_service_worker_serves_reads_pythons_files_ahead_once(own_site):
    """Once the service worker is in control, everything comes from its
    cache: no preload, each wheel asked for once (by PyScript); boot.js
    reads Pyodide's big files and imports python.mjs (which starts reading
    the snapshot) before PyScript has loaded its configuration, and each is
    asked for once: Pyodide and PyScript are handed what boot.js started.
    The bar says Python is loading, not downloading."""
    site = own_site()
    site.open(path="clever.html")
    site.wait_for_service_worker()
    requested: list[str] = []
    site.page.on("request", lambda request: requested.append(request.url))
    site.page.add_init_script(PROGRESS)
    site.reload()
    labels = {text for _, text, _ in site.page.evaluate("window.__bar")}
    assert any(re.fullmatch(r"Loading Python: \d+\.\d / \d+\.\d MB", text) for text in labels), labels
    assert not any(text.startswith("Downloading") for text in labels), labels
    assert site.page.evaluate(PRELOADS) == []
    wheels = [url for url in requested if url.endswith(".whl")]
    assert len(wheels) >= 3 and len(wheels) == len(set(wheels)), wheels
    ahead = [site.base_url + "pyodide/pyodide.asm.wasm", site.base_url + "pyodide/python_stdlib.zip",
             site.base_url + "python.mjs"]
    for url in ahead:
        assert requested.count(url) == 1, (url, requested)
    started = "(url) => performance.getEntriesByName(url).map((e) => e.startTime)"
    configuration = min(site.page.evaluate(started, site.base_url + "pyscript-clever.toml"))
    for url in ahead:
        assert min(site.page.evaluate(started, url)) < configuration, url
