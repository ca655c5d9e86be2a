"""Nothing the network does breaks a visit: a server that drops, stalls,
cuts, scrambles or replaces answers (:mod:`faulty`, with GitHub Pages'
``Cache-Control: max-age=600``) never leaves the page broken, silent, or
broken again on the next visit, and never loses a saved game."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from waits import wait_for_async

READY_TIMEOUT_MS = 60_000

pytestmark = pytest.mark.browser

LOCALES = Path(__file__).resolve().parents[2] / "site" / "diceland_site" / "locales"
WASM = "pyodide/pyodide.asm.wasm"
STDLIB = "pyodide/python_stdlib.zip"
PAGE = "diceland.html"
GAME = "?players=human,greedy&boards=A,B&seed=5&speed=0"
#: what a broken answer makes the browser log
NETWORK_NOISE = ("Failed to load resource", "net::ERR_", "Failed to fetch")


def text(lang: str, key: str) -> str:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))[key]


def wheel(site_dir: Path, name: str) -> str:
    return next(p.relative_to(site_dir).as_posix() for p in (site_dir / "wheels").glob(f"*/{name}-*.whl"))


def keep_a_save(site) -> None:
    """A saved game in the site's storage before the visit (from a small
    file of the same origin: no Python runs)."""
    site.page.goto(site.base_url + "manifest.webmanifest")
    site.page.evaluate("localStorage.setItem('diceland:save:kept', JSON.stringify({kept: true}))")


def the_save_is_kept(site) -> bool:
    return site.page.evaluate("localStorage.getItem('diceland:save:kept')") == '{"kept":true}'


def timed_ready(site, query: str = GAME, path: str = PAGE) -> float:
    started = time.monotonic()
    site.open(query, path)
    return time.monotonic() - started


def quiet(watch) -> None:
    for noise in NETWORK_NOISE:
        watch.allow(noise)


@pytest.mark.parametrize("damaged", [
    # one visit with five files damaged, each in its own way; the WebAssembly
    # scrambled in a visit of its own (a path has one fault at a time)
    ((WASM, "cut"), (STDLIB, "cut"), ("diceland_core", "scramble"), ("diceland_web", "cut"),
     (PAGE.replace(".html", ".py"), "cut")),
    ((WASM, "scramble"),),
], ids=["five-files", "webassembly-scrambled"])
def test_a_damaged_file_is_fetched_again_and_the_next_visit_plays(faulty, faulty_site, site_dir, watch, damaged):
    quiet(watch)
    damaged = [(wheel(site_dir, path) if path.startswith("diceland_") else path, kind) for path, kind in damaged]
    site = faulty_site()
    keep_a_save(site)
    for path, kind in damaged:
        faulty.faults.add(path, kind)
    timed_ready(site)
    again = [path for path, _ in damaged if faulty.faults.count(path) < 2]
    assert not again, f"the damaged answers of {again} were not fetched again"
    site.reload()  # the next visit: no bad copy kept (max-age=600)
    assert the_save_is_kept(site)


#: records the URL of every response the page compiles WebAssembly from
COMPILED_FROM = """(() => {
  window.compiledFrom = [];
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (source, ...rest) {
    const response = await source;
    window.compiledFrom.push(response.url);
    return streaming.call(this, response, ...rest);
  };
})();"""


def test_checked_webassembly_is_compiled_from_the_files_own_answer(faulty, faulty_site, watch):
    """The bytes boot.js checked reach Pyodide as the answer of the file's
    URL (not a copy of no address), which lets the browser keep the compiled
    code for the next visit; a damaged first answer too."""
    quiet(watch)
    site = faulty_site()
    site.page.add_init_script(COMPILED_FROM)
    faulty.faults.add(WASM, "scramble")
    timed_ready(site)
    assert faulty.faults.count(WASM) >= 2, "the damaged answer was not fetched again"
    assert site.page.evaluate("window.compiledFrom") == [site.base_url + WASM]
    site.wait_for_service_worker()
    site.reload()  # the service worker's copy
    assert site.page.evaluate("window.compiledFrom") == [site.base_url + WASM]


def test_a_dropped_download_goes_on_by_itself(faulty, faulty_site, site_dir, watch):
    """Three downloads of one visit dropped, each at its own share."""
    quiet(watch)
    dropped = {WASM: 0.9, STDLIB: 0.5, wheel(site_dir, "diceland_core"): 0.2}
    site = faulty_site()
    for path, share in dropped.items():
        faulty.faults.add(path, "drop", share=share)
    site.page.goto(site.base_url + PAGE + GAME)
    site.page.evaluate("window.sameDocument = true")
    site.wait_ready()
    assert site.page.evaluate("window.sameDocument === true"), "the page was reloaded"
    again = [path for path in dropped if faulty.faults.count(path) < 2]
    assert not again, f"{again} were not fetched again"


def test_a_stalled_download_says_so_and_goes_on_when_back_online(faulty, faulty_site, watch):
    """The WebAssembly stalls (the stalled label in each language: the
    tests below, one language each)."""
    lang = "es"
    quiet(watch)
    site = faulty_site()
    faulty.faults.add(WASM, "stall", share=0.3)
    site.page.goto(site.base_url + PAGE + GAME + f"&lang={lang}")
    site.page.evaluate("window.sameDocument = true")
    stalled = text(lang, "boot.stalled")
    site.page.wait_for_function("(said) => document.getElementById('boot-label').textContent === said",
                                arg=stalled, timeout=20_000)
    site.page.context.set_offline(True)
    site.page.context.set_offline(False)
    site.wait_ready()
    assert site.page.evaluate("window.sameDocument === true"), "the page was reloaded"


#: How long a test waits for the server to be asked for a file, or for the
#: service worker's work (a machine busy with other tests).
UNTIL_MS = 60_000
#: The service worker's install has ended (kept, or failed and gone).
INSTALL_ENDED = """async () => {
  const found = await navigator.serviceWorker.getRegistration();
  return !found || !found.installing;
}"""


def install_ended(site) -> None:
    wait_for_async(site.page, INSTALL_ENDED, "the service worker's install did not end", timeout=UNTIL_MS)


def test_a_login_page_is_never_kept_for_a_game(faulty, faulty_site, watch):
    quiet(watch)
    site = faulty_site()
    faulty.faults.add("clever.html", "replace", times=None)
    site.open(GAME)
    # the service worker's install fetches every page: clever.html under the fault
    faulty.faults.wait_until(lambda: faulty.faults.count("clever.html", "replace") >= 1)
    install_ended(site)
    faulty.faults.lift()
    site.open(path="clever.html")  # the real page, online
    site.wait_for_service_worker()
    wait_for_async(site.page, """async () => {
      const hit = await caches.match("./clever.html");
      return !!hit && (await hit.text()).includes('id="boot"');
    }""", "the real clever.html was not kept", timeout=UNTIL_MS)
    site.page.context.set_offline(True)  # and offline, once kept
    site.open(path="clever.html")
    assert "WiFi" not in site.page.content()


def test_an_open_tab_is_offered_the_new_version_and_keeps_its_game(faulty, faulty_site, site_dir, watch):
    site = faulty_site(locale="es-ES")
    site.open(GAME)
    site.wait_for_service_worker()
    save = site.save_id()
    worker = (site_dir / "sw.js").read_bytes()
    newer = worker.replace(b'const CACHE_NAME = "diceland-', b'const CACHE_NAME = "diceland-0', 1)
    assert newer != worker
    faulty.faults.add("sw.js", "replace", times=None, body=newer, content_type="text/javascript")
    site.page.evaluate("navigator.serviceWorker.getRegistration().then((found) => found.update())")
    offer = site.page.wait_for_selector("#new-version", timeout=READY_TIMEOUT_MS)
    assert text("es", "boot.new_version") in offer.text_content()
    site.page.evaluate("delete document.documentElement.dataset.ready")
    site.page.click("#new-version-reload")
    site.wait_ready()
    assert site.save_id() == save
    names = site.page.evaluate("caches.keys()")
    assert [n for n in names if n.startswith("diceland-0")], names


def test_a_broken_module_offers_a_repair_that_keeps_the_saved_games(faulty, faulty_site, watch):
    quiet(watch)
    watch.allow("SyntaxError")
    watch.allow("Unexpected end of input")
    watch.allow("missing ) after argument list")
    site = faulty_site()
    keep_a_save(site)
    faulty.faults.add("pyodide/pyodide.asm.mjs", "cut")
    site.page.goto(site.base_url + PAGE + GAME + "&lang=it")
    repair = site.page.wait_for_selector("#boot-repair", timeout=READY_TIMEOUT_MS)
    assert repair.text_content() == text("it", "boot.repair")
    repair.click()
    site.wait_ready()
    assert the_save_is_kept(site)


# -- what a probe found still broken --------------------------------------------------

#: How soon a download that stopped must be said (boot.js: 5 s with no bytes;
#: the rest is room for a machine busy with other tests).
SAID_WITHIN_S = 15
LABEL = "document.getElementById('boot-label').textContent"


def measured(what: str, seconds: float) -> None:
    """A time the reliability note gives (printed; pytest -s shows it)."""
    print(f"\n[measured] {what}: {seconds:.1f} s")


def wait_said(site, key: str, lang: str, timeout_s: float) -> float:
    """Seconds until the boot label says ``key`` in ``lang``."""
    started = time.monotonic()
    site.page.wait_for_function(f"(said) => {LABEL} === said", arg=text(lang, key), timeout=timeout_s * 1000)
    return time.monotonic() - started


def pyscript_is_in(faulty, path: str) -> bool:
    """PyScript's modules are in and it asks for Python (as they are long
    before the big downloads end on a slow network)."""
    waits = ["python.mjs"] + (["pyodide/pyodide-lock.json"] if path.startswith("pyodide/") else [])
    return faulty.faults.count_broken(path, "stall") >= 1 and all(faulty.faults.count(w) for w in waits)


def _visit_stalling(faulty, faulty_site, site_dir, watch, path, share, lang, save=False):
    """A first visit of the game page in ``lang`` whose download of
    ``path`` (a wheel named by its package) stalls at ``share`` of its
    bytes (with a game saved before, when ``save``): the site and the path."""
    quiet(watch)
    path = wheel(site_dir, path) if path.startswith("diceland_") else path
    site = faulty_site()
    if save:
        keep_a_save(site)
    faulty.faults.add(path, "stall", share=share)
    site.page.goto(site.base_url + PAGE + GAME + f"&lang={lang}", wait_until="commit")
    return site, path


#: each file at one point of its download and in one language (each first
#: visit costs a cold start: all nine pairs would triple the file's time)
@pytest.mark.parametrize("path, share, lang", [(WASM, 0.2, "en"), (STDLIB, 0.5, "es"), ("diceland_site", 0.9, "it")])
def test_a_download_dropped_with_the_connection_says_so_and_goes_on_when_back(
        faulty, faulty_site, site_dir, watch, path, share, lang):
    site, path = _visit_stalling(faulty, faulty_site, site_dir, watch, path, share, lang, save=True)
    faulty.faults.wait_until(lambda: pyscript_is_in(faulty, path))
    site.page.context.set_offline(True)
    faulty.faults.lift()  # the connection goes, the download with it
    said = wait_said(site, "boot.stalled", lang, SAID_WITHIN_S)
    measured(f"drop at {share:.0%} of {path}, offline: said after", said)
    site.page.evaluate("window.sameDocument = true")
    back = time.monotonic()
    site.page.context.set_offline(False)
    site.wait_ready()
    measured(f"drop at {share:.0%} of {path}: ready after back online", time.monotonic() - back)
    assert site.page.evaluate("window.sameDocument === true"), "the page was reloaded"
    site.reload()  # the next visit plays
    assert the_save_is_kept(site)


@pytest.mark.parametrize("path", [WASM, STDLIB])
def test_a_first_visit_cut_off_early_starts_again_when_back_online(faulty, faulty_site, watch, path):
    quiet(watch)
    site = faulty_site()
    keep_a_save(site)
    faulty.faults.add(path, "drop", share=0.2)
    site.page.goto(site.base_url + PAGE + GAME + "&lang=es", wait_until="commit")
    faulty.faults.wait_until(lambda: faulty.faults.count_broken(path, "drop") >= 1)
    site.page.context.set_offline(True)  # parts of PyScript still to come go with it
    said = wait_said(site, "boot.stalled", "es", SAID_WITHIN_S)
    measured(f"drop at 20% of {path} before PyScript is in, offline: said after", said)
    back = time.monotonic()
    site.page.context.set_offline(False)
    site.wait_ready()
    measured(f"drop at 20% of {path} before PyScript is in: ready after back online", time.monotonic() - back)
    site.reload()  # the next visit plays
    assert the_save_is_kept(site)


def test_pyscript_cut_off_by_the_connection_says_so_and_starts_again_when_back(faulty, faulty_site, site_dir, watch):
    """A module of PyScript the page imports (not one boot.js fetches) lost
    with the connection: its failure reaches only the script element."""
    quiet(watch)
    chunk = next(p.relative_to(site_dir).as_posix() for p in (site_dir / "pyscript").glob("core-*.js"))
    site = faulty_site()
    keep_a_save(site)
    faulty.faults.add(chunk, "stall", share=0.5)
    site.page.goto(site.base_url + PAGE + GAME + "&lang=it", wait_until="commit")
    faulty.faults.wait_until(lambda: faulty.faults.count_broken(chunk, "stall") >= 1)
    site.page.context.set_offline(True)
    faulty.faults.lift()  # the connection goes, the module with it
    said = wait_said(site, "boot.stalled", "it", SAID_WITHIN_S)
    measured("PyScript's module cut off, offline: said after", said)
    back = time.monotonic()
    site.page.context.set_offline(False)
    site.wait_ready()
    measured("PyScript's module cut off: ready after back online", time.monotonic() - back)
    assert the_save_is_kept(site)


@pytest.mark.parametrize("path, share, lang", [(STDLIB, 0.2, "it"), (STDLIB, 0.9, "en"), ("diceland_site", 0.5, "es")])
def test_any_stalled_download_says_so_and_goes_on_when_back_online(
        faulty, faulty_site, site_dir, watch, path, share, lang):
    site, path = _visit_stalling(faulty, faulty_site, site_dir, watch, path, share, lang)
    faulty.faults.wait_until(lambda: faulty.faults.count_broken(path, "stall") >= 1)
    if path.startswith("wheels/"):  # a wheel is waited for once Python has started (the page was busy)
        site.page.wait_for_selector("html[data-boot]", state="attached", timeout=READY_TIMEOUT_MS)
    said = wait_said(site, "boot.stalled", lang, SAID_WITHIN_S)
    measured(f"stall at {share:.0%} of {path}: said after", said)
    site.page.evaluate("window.sameDocument = true")
    back = time.monotonic()
    site.page.context.set_offline(True)
    site.page.context.set_offline(False)
    site.wait_ready()
    measured(f"stall at {share:.0%} of {path}: ready after back online", time.monotonic() - back)
    assert site.page.evaluate("window.sameDocument === true"), "the page was reloaded"


#: Put `bytes` cut to half in place of the service worker's copy of `path`.
SPOIL_KEPT = """async (path) => {
  // the site's cache (not python.mjs's snapshots nor its bytecode): the one that holds the file
  const names = (await caches.keys()).filter((n) => /^diceland-(?!snapshot-|bytecode-)/.test(n));
  let cache = null, hit = null;
  for (const name of names) {
    cache = await caches.open(name);
    hit = await cache.match("./" + path);
    if (hit) break;
  }
  const bytes = new Uint8Array(await hit.arrayBuffer());
  await cache.put("./" + path, new Response(bytes.slice(0, bytes.length >> 1), { headers: hit.headers }));
  return bytes.length;
}"""
#: Whether the service worker's copy of each path of `sizes` has its size.
KEPT_SIZES = """async (sizes) => {
  for (const [path, size] of Object.entries(sizes)) {
    const hit = await caches.match("./" + path);
    if ((hit ? (await hit.arrayBuffer()).byteLength : 0) !== size) return false;
  }
  return true;
}"""


def test_a_damaged_copy_the_service_worker_keeps_is_replaced(faulty, faulty_site, site_dir, watch):
    """The WebAssembly's and a wheel's kept copies, both damaged."""
    quiet(watch)
    sizes = {path: (site_dir / path).stat().st_size for path in (WASM, wheel(site_dir, "diceland_site"))}
    site = faulty_site()
    site.open(GAME)
    site.wait_for_service_worker()
    install_ended(site)
    before = {}
    for path, size in sizes.items():
        assert site.page.evaluate(SPOIL_KEPT, path) == size
        before[path] = faulty.faults.count(path)
    site.page.goto(site.base_url + PAGE + "?snapshot=off")  # a visit that reads the files
    site.wait_ready()
    again = [path for path in sizes if faulty.faults.count(path) <= before[path]]
    assert not again, f"the damaged copies of {again} were not fetched again"
    wait_for_async(site.page, KEPT_SIZES, "the damaged copies were not replaced", arg=sizes, timeout=UNTIL_MS)
    site.page.context.set_offline(True)  # the next visit plays from the kept copy
    site.reload()


def test_a_damaged_copy_in_the_http_cache_is_not_used_again(faulty, faulty_site, site_dir, watch):
    """The WebAssembly and a wheel, both cut in the HTTP cache."""
    quiet(watch)
    paths = [WASM, wheel(site_dir, "diceland_site")]
    site = faulty_site()
    keep_a_save(site)
    for path in paths:
        faulty.faults.add(path, "cut")
        # fetched past boot.js's checks (a Request), as another page might: kept for max-age=600
        site.page.evaluate("(url) => fetch(new Request(url)).then((r) => r.arrayBuffer())", site.base_url + path)
        assert faulty.faults.count(path, "cut") == 1
    site.open(GAME)
    again = [path for path in paths if faulty.faults.count(path) < 2]
    assert not again, f"the damaged copies of {again} were not fetched again"
    site.reload()
    assert the_save_is_kept(site)


def test_a_login_page_is_never_kept_for_a_site_file(faulty, faulty_site, watch):
    """boot.js (the service worker checks every file it holds no size and
    hash of, style.css the same, by the one rule: no page in their place)."""
    path = "boot.js"
    quiet(watch)
    site = faulty_site()
    site.page.goto(site.base_url + PAGE + GAME)  # this page's own copy is the real one
    faulty.faults.add(path, "replace")  # the service worker's first answer is a login page
    site.wait_ready()
    faulty.faults.wait_until(lambda: faulty.faults.count(path, "replace") >= 1)
    install_ended(site)
    faulty.faults.lift()
    site.open()  # the next visit, online
    site.wait_for_service_worker()
    wait_for_async(site.page, """async (path) => {
      const hit = await caches.match("./" + path);
      return !!hit && !(await hit.text()).includes("WiFi");
    }""", "the real file was not kept", arg=path, timeout=UNTIL_MS)
    site.page.context.set_offline(True)
    site.reload()


@pytest.fixture(scope="module")
def newer_dist(tmp_path_factory, site_dir) -> Path:
    """The site's next version: the same sources, but saves written in a
    newer envelope (which the version before cannot read), so the wheels,
    the snapshot's key and the pages' mark all change."""
    import build as build_module

    plain = build_module.package_files

    def newer(folder, prefix, strip=False):
        files = plain(folder, prefix, strip)
        return [(name, data + b"\nENVELOPE_VERSION = 2\nMIGRATIONS[1] = lambda env: {**env, 'envelope': 2}\n"
                 if name == "diceland_site/envelope.py" else data) for name, data in files]

    out = tmp_path_factory.mktemp("newer") / "dist"
    build_module.package_files = newer
    try:
        build_module.build(out, quiet=True)
    finally:
        build_module.package_files = plain
    return out


def mark(site) -> str:
    return site.page.evaluate("document.querySelector('meta[name=diceland-build]').content")


def envelope(site, save: str, expected: int) -> int:
    """The save's envelope, once it is ``expected`` (a save is written when
    the save lock is granted), or as it is after 15 s."""
    read = f"JSON.parse(localStorage.getItem('diceland:save:{save}')).envelope"
    try:
        site.page.wait_for_function(f"(e) => {read} === e", arg=expected, timeout=15_000)
    except PlaywrightTimeout:
        pass
    return site.page.evaluate(read)


def test_a_new_version_deployed_while_a_game_is_open(faulty, faulty_site, make_site, newer_dist, watch):
    site = faulty_site(locale="it-IT")
    site.open(GAME)
    site.wait_for_service_worker()
    # the snapshot is made while the service worker downloads the whole site
    site.page.wait_for_selector("html[data-snapshot=saved]", state="attached", timeout=180_000)
    save = site.save_id()
    site.play(1)
    old = mark(site)
    faulty.faults.deploy(newer_dist)
    # a tab opened after the deploy: one version whole, never the old snapshot in new code
    later = make_site(site.page.context.new_page(), site.base_url)
    later.open()
    later.play(1)
    first = mark(later)
    expected = 1 if first == old else 2
    assert envelope(later, save, expected) == expected, "two versions mixed in one page"
    # the open tab learns that a newer version is ready
    site.page.wait_for_selector("#new-version", timeout=READY_TIMEOUT_MS)
    assert text("it", "boot.new_version") in site.page.text_content("#new-version")
    if first == old:  # the later tab too, and it takes it
        later.page.wait_for_selector("#new-version-reload", timeout=READY_TIMEOUT_MS)
        later.page.evaluate("delete document.documentElement.dataset.ready")
        later.page.click("#new-version-reload")
        later.wait_ready()
        assert mark(later) != old
        later.play(1)
    assert envelope(later, save, 2) == 2
    # the old tab, after the newer one saved: still offered the newer version, which has the game
    site.page.wait_for_selector("#new-version-reload, #btn-message-reload", timeout=READY_TIMEOUT_MS)
    site.page.evaluate("delete document.documentElement.dataset.ready")
    site.page.click("#new-version-reload, #btn-message-reload >> nth=0")
    site.wait_ready()
    assert mark(site) == mark(later) != old
    assert site.save_id() == save
    assert site.record() == later.record()
