"""python.mjs: a visit after the first restores Python from a memory snapshot;
a broken, stale or switched-off snapshot means a normal boot, never a broken
page.  <html data-boot> says how Python started, <html data-snapshot> what
became of the visit's snapshot."""

from __future__ import annotations

import pytest

from support import cached_entry, html_data as dataset, wait_html_data

# first visits and the snapshot's own cache: each test starts with none
pytestmark = [pytest.mark.browser, pytest.mark.fresh_context]

PREFIX = "diceland-snapshot-"
BOTS = "?players=random,greedy&boards=A,B&seed=11&speed=0"
UNSEEDED = "?players=human,greedy&boards=A,B&speed=0"
SNAPSHOT_WAIT_S = 180

#: The one cached snapshot: its cache's name, its URL, its headers, its bytes.
READ = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("diceland-snapshot-"));
  if (names.length !== 1) return { names };
  const cache = await caches.open(names[0]);
  // beside python.bytecode (test_bytecode.py)
  const requests = (await cache.keys()).filter((r) => !r.url.endsWith("/python.bytecode"));
  if (requests.length !== 1) return { names, entries: requests.length };
  const hit = await cache.match(requests[0]);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  return { names, url: requests[0].url, headers: Object.fromEntries(hit.headers), length: bytes.length };
}"""

#: Where the test keeps a copy of the first visit's snapshot, each broken
#: version made from it (a name the site's caches never delete).
STASH = "test:snapshot-original"
KEEP = """async () => {
""" + cached_entry("/python.snapshot") + """  await (await caches.open("%s")).put(request.url, new Response(bytes, { headers: hit.headers }));
}""" % STASH

#: Write in place of the build's snapshot cache ``name`` what `change` makes
#: of the kept copy: {cache, headers, bytes}; returns the cache written.
REWRITE = """async ([change, name]) => {
  const stash = await caches.open("%s");
  const request = (await stash.keys())[0];
  const hit = await stash.match(request);
  let bytes = new Uint8Array(await hit.arrayBuffer());
  let headers = Object.fromEntries(hit.headers);
  let target = name;
  const hex = async (b) => Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", b)),
                                      (x) => x.toString(16).padStart(2, "0")).join("");
  if (change === "flipped") bytes[bytes.length >> 1] ^= 0xff;
  if (change === "truncated") bytes = bytes.slice(0, bytes.length >> 1);
  if (change === "not_a_snapshot") {  // whole and checksummed, but not Pyodide's
    bytes = new Uint8Array(bytes.length).fill(7);
    headers["x-snapshot-sha256"] = await hex(bytes);
  }
  if (change === "other_build") {  // an older build's snapshot, under its own name
    target = "diceland-snapshot-0000000000000000";
    headers["x-snapshot-key"] = "0000000000000000";
  }
  if (change === "other_key") headers["x-snapshot-key"] = "0000000000000000";
  await caches.delete(name);
  await (await caches.open(target)).put(request.url, new Response(bytes, { headers }));
  return target;
}""" % STASH

#: What the build's snapshot cache ``name`` holds at ``url``: "none", or
#: "sound" (this build's key, whole, Pyodide's) or "broken".
HOLDS = """async ([name, url, key]) => {
  const hit = await (await caches.open(name)).match(url);
  if (!hit) return "none";
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const hash = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
                          (x) => x.toString(16).padStart(2, "0")).join("");
  const whole = hit.headers.get("x-snapshot-sha256") === hash && Number(hit.headers.get("x-snapshot-length")) === bytes.length;
  return whole && hit.headers.get("x-snapshot-key") === key && !bytes.every((b) => b === 7) ? "sound" : "broken";
}"""

#: Each way a snapshot can be broken, and what the page says of it (its
#: console warning); an older build's under its own name is not read at all.
BROKEN = (("flipped", "the cached snapshot is damaged"), ("truncated", "the cached snapshot is damaged"),
          ("not_a_snapshot", "restoring failed"), ("other_key", "the cached snapshot belongs to another build"),
          ("other_build", None))


def wait_snapshot(page) -> str:
    """What became of the page's snapshot, once it is decided."""
    return wait_html_data(page, "snapshot", SNAPSHOT_WAIT_S)


def first_visit(site, query: str = "") -> dict:
    """A visit that boots normally and leaves a snapshot behind."""
    site.open(query)
    assert dataset(site.page, "boot") == "normal"
    assert wait_snapshot(site.page) == "saved"
    cached = site.page.evaluate(READ)
    assert cached["length"] > 1_000_000 and cached["url"].endswith("/python.snapshot")
    return cached


def test_second_visit_restores_and_plays_on(site, watch):
    first_visit(site)
    site.reload()
    assert dataset(site.page, "boot") == "snapshot"
    assert dataset(site.page, "snapshot") is None  # nothing to make
    # read and checked by a worker of its own, off the page's main thread
    reader = site.base_url + "python-snapshot-read.mjs"
    assert site.page.evaluate("(url) => performance.getEntriesByName(url).length", reader) == 1
    assert site.page.evaluate("window.dicelandSnapshot.readMs") > 0
    site.open(UNSEEDED)
    assert dataset(site.page, "boot") == "snapshot"
    site.act(site.human_decision(0))  # the game is played with the restored Python
    first = site.record()
    assert first["history"]["actions"]
    site.open(UNSEEDED)
    assert dataset(site.page, "boot") == "snapshot"
    # each restore reseeds Python's random: a new game gets a new seed
    assert site.record()["seed"] != first["seed"]
    # an embed of a Diceland lesson unpacks the same wheels: the same snapshot
    site.open("?scenario=01-open-zones", path="embed.html")
    assert dataset(site.page, "boot") == "snapshot"
    assert site.page.is_visible("#embed-body")
    # the tutorial unpacks no game's archive: a snapshot of its own, made on
    # its first visit beside the game's, which stays
    site.open(path="tutorial.html")
    assert dataset(site.page, "boot") == "normal"
    assert wait_snapshot(site.page) == "saved"
    assert len(site.page.evaluate(READ)["names"]) == 2
    site.reload()
    assert dataset(site.page, "boot") == "snapshot"
    assert site.page.evaluate("window.dicelandPython.modules()").count("diceland_core.games.diceland") == 0
    site.open(UNSEEDED)
    assert dataset(site.page, "boot") == "snapshot"


def test_broken_stale_or_switched_off_snapshots_mean_a_normal_boot(site, watch):
    """Each way a snapshot can be broken, one after the other, made from the
    first visit's: the visit boots normally, says why, and the broken one is
    gone (a snapshot is then made again as on a first visit: checked once,
    after the last); a stale one (an older build's, under its own name) is
    removed when the new one is saved; a link or the setting switches
    snapshots off."""
    before = first_visit(site)
    key = before["headers"]["x-snapshot-key"]
    warnings: list[str] = []
    site.page.on("console", lambda msg: msg.type == "warning" and warnings.append(msg.text))
    site.page.evaluate(KEEP)
    for change, said in BROKEN:
        site.page.goto(site.base_url + "manifest.webmanifest")  # no Python of the site runs while it is changed
        target = site.page.evaluate(REWRITE, [change, before["names"][0]])
        assert (target not in before["names"]) == (change == "other_build"), change
        warnings.clear()
        site.open()
        assert dataset(site.page, "boot") == "normal", change
        assert site.page.evaluate("typeof window.diceland.record") == "function"
        assert said is None or any(said in w for w in warnings), (change, warnings)
        # deleted before Python started (a new one may be made by now)
        assert site.page.evaluate(HOLDS, [before["names"][0], before["url"], key]) in ("none", "sound"), change
    assert wait_snapshot(site.page) == "saved"
    after = site.page.evaluate(READ)  # one cache, the stale one gone
    assert after["names"] == before["names"] and after["length"] == before["length"]
    site.reload()
    assert dataset(site.page, "boot") == "snapshot"
    # switched off by a link or by the setting
    site.open("?snapshot=off")
    assert dataset(site.page, "boot") == "normal"
    assert dataset(site.page, "snapshot") == "off"
    site.page.evaluate("localStorage.setItem('diceland:snapshot', 'off')")
    site.open()
    assert dataset(site.page, "boot") == "normal"
    site.page.evaluate("localStorage.removeItem('diceland:snapshot')")
    site.open()
    assert dataset(site.page, "boot") == "snapshot"


def test_game_after_restore_replays_like_after_normal_boot(site, watch):
    site.open(BOTS)
    assert dataset(site.page, "boot") == "normal"
    site.wait_state("s.over", timeout=120_000)
    normal = site.record()
    assert wait_snapshot(site.page) == "saved"
    site.open(BOTS)
    assert dataset(site.page, "boot") == "snapshot"
    site.wait_state("s.over", timeout=120_000)
    restored = site.record()
    assert restored["history"]["actions"]
    assert {k: v for k, v in restored.items() if k != "meta"} == {k: v for k, v in normal.items() if k != "meta"}


#: Browsers without Cache Storage, and storage that refuses every request.
NO_STORAGE = {
    "missing": "Object.defineProperty(window, 'caches', { value: undefined, configurable: true });",
    "refused": "CacheStorage.prototype.open = () => Promise.reject(new DOMException('refused', 'SecurityError'));",
}


@pytest.mark.parametrize("storage", sorted(NO_STORAGE))
def test_without_cache_storage_the_page_boots_normally(site, watch, storage):
    site.page.add_init_script(NO_STORAGE[storage])
    site.open(UNSEEDED)
    assert dataset(site.page, "boot") == "normal"
    assert wait_snapshot(site.page) == ("off" if storage == "missing" else "failed")
    site.act(site.human_decision(0))
    assert site.record()["history"]["actions"]
    site.open()
    assert dataset(site.page, "boot") == "normal"


def test_offline_visit_restores_beside_the_service_worker(site, serve, site_dir, watch):
    own = serve(site_dir)  # its own origin, so this test owns the service worker
    site.base_url = own.url
    first_visit(site)
    assert site.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    site.reload()  # the service worker has activated by now and kept this build's snapshot
    assert dataset(site.page, "boot") == "snapshot"
    site.page.context.set_offline(True)
    own.stop()
    site.reload()
    assert dataset(site.page, "boot") == "snapshot"
    assert site.page.evaluate("typeof window.diceland.record") == "function"
