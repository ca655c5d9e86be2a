"""A site that survives a strict Content-Security-Policy, bad saved data,
full storage and a hostile host page; the last frame on a return visit."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from support import stored_save
from waits import wait_for

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PERSON_VS_BOT = "?players=human,greedy&boards=A,B&seed=7&speed=0"
EVIL_NAME = "<img src=x onerror=f()>"  # within the 24 characters a name keeps

#: Every CSP violation of every frame lands in window.__csp.
CSP_WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push([e.violatedDirective, e.blockedURI, e.sourceFile, e.lineNumber].join(" "));
});
"""

#: When the boot screen's picture of the board is first decoded, and whether
#: Python was ready then.
FRAME_WATCH = """
window.__frameSeen = null;
(function poll() {
  const img = document.getElementById("boot-frame");
  if (img && img.complete && img.naturalWidth > 0) {
    window.__frameSeen = { t: performance.now(), ready: document.documentElement.dataset.ready === "true" };
    return;
  }
  requestAnimationFrame(poll);
})();
"""

#: navigator.storage.persist() counted across reloads (in localStorage).
PERSIST_COUNT = """
if (navigator.storage) {
  navigator.storage.persist = () => {
    localStorage.setItem("test:persist", String(Number(localStorage.getItem("test:persist") || 0) + 1));
    return Promise.resolve(true);
  };
}
"""


def pages_in(site_dir: Path) -> list[str]:
    wanted = {"index.html": "", "diceland.html": PERSON_VS_BOT, "embed.html": "?scenario=01-open-zones",
              "tutorial.html": ""}
    return [name + query for name, query in wanted.items() if (site_dir / name).exists()]


def violations(page) -> list[str]:
    return [v for frame in page.frames for v in (frame.evaluate("window.__csp || []") or [])]


def put(site, key: str, value: str) -> None:
    """Write localStorage from a same-site page that is not the game (the game
    page would write its own save over it when it goes away).

    The page is the manifest, a JSON file: for a document without an icon
    link Chromium asks for ``/favicon.ico`` in the background.  The site had
    none, and when that 404 arrived before the next navigation (a slow
    machine) the page logged "Failed to load resource: 404".  The site now
    ships ``favicon.ico`` (tests/test_build.py checks it)."""
    page = site.page
    page.goto(site.base_url + "manifest.webmanifest")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])


# -- Content-Security-Policy ----------------------------------------------------------------

@pytest.mark.parametrize("name", ["index.html", "diceland.html", "embed.html", "tutorial.html"])
def test_page_runs_under_the_policy(site, site_dir, watch, name):
    path = next((p for p in pages_in(site_dir) if p.startswith(name)), None)
    if path is None:
        pytest.skip(f"{name} is not part of the site yet")
    page = site.page
    page.add_init_script(CSP_WATCH)
    name, _, query = path.partition("?")
    site.open("?" + query if query else "", path=name)
    policy = page.evaluate("document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')?.content")
    assert policy and "'unsafe-eval'" not in policy and "connect-src 'self'" in policy
    if name == "diceland.html":
        for _ in range(3):  # play a few decisions under the policy
            s = site.human_decision(0)
            if s["over"]:
                break
            site.act(s)
        assert len(site.record()["history"]["actions"]) > 3
    elif name == "embed.html":
        page.wait_for_function("() => window.dicelandEmbed && JSON.parse(window.dicelandEmbed.state()).ok !== false")
        for control in ("prev", "next"):
            button = page.locator(f'#embed-controls button[data-control="{control}"]')
            if button.is_visible() and button.is_enabled():
                button.click()
        assert json.loads(page.evaluate("window.dicelandEmbed.state()")).get("ok") is not False
    assert violations(page) == []
    # the policy is enforced: an inline script injected into the page does not run
    watch.allow("Executing inline script violates")
    assert page.evaluate("""() => { const s = document.createElement("script");
        s.textContent = "window.__inline = true"; document.head.appendChild(s);
        return window.__inline === true; }""") is False


# -- the last frame ---------------------------------------------------------------------------

def test_last_frame_shows_before_python_is_ready(site):
    page = site.page
    site.open(PERSON_VS_BOT)
    site.act(site.human_decision(0))
    save_id = site.save_id()
    page.wait_for_function(
        f"() => (JSON.parse(localStorage.getItem('diceland:save:{save_id}') || '{{}}').last_frame || '')"
        ".startsWith('data:image/')", timeout=15_000)
    frame = stored_save(page, save_id)["last_frame"]
    assert len(frame) < 200_000
    page.add_init_script(FRAME_WATCH)
    page.evaluate("delete document.documentElement.dataset.ready")
    page.goto(site.base_url + "diceland.html?speed=0")  # a plain visit, not a start link
    page.wait_for_function("() => window.__frameSeen !== null", timeout=30_000)
    seen = page.evaluate("window.__frameSeen")
    assert seen["ready"] is False, "the picture appears while Python starts"
    site.wait_ready()
    assert page.is_hidden("#boot")
    assert site.save_id() == save_id


def test_corrupt_save_with_a_hostile_picture_is_kept_and_ignored(site):
    page = site.page
    site.open(PERSON_VS_BOT)
    save_id = site.save_id()
    raw = json.dumps({"app": "diceland", "envelope": 1, "saved_at": 1, "record": {"format": "nonsense"},
                      "last_frame": "javascript:alert(1)"})
    put(site, f"diceland:save:{save_id}", raw)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    site.open()
    assert page.evaluate("document.getElementById('boot-frame')") is None
    assert site.state()["message"], "the page says the save cannot be read"
    assert page.evaluate(f"localStorage.getItem('diceland:backup:{save_id}:1')") == raw
    # an off-site picture is not fetched either
    good = {"app": "diceland"}
    put(site, f"diceland:save:{save_id}", json.dumps({**good, "last_frame": "http://example.org/x.png"}))
    site.open()
    assert page.evaluate("document.getElementById('boot-frame')") is None
    assert not dialogs


# -- storage ------------------------------------------------------------------------------------

def test_persistent_storage_is_asked_for_once_after_the_first_turn(site):
    page = site.page
    page.add_init_script(PERSIST_COUNT)
    site.open(PERSON_VS_BOT)
    if site.state()["extra"]["turn"] == 1:
        assert page.evaluate("localStorage.getItem('test:persist')") is None
    for _ in range(40):
        s = site.human_decision(0)
        if s["extra"]["turn"] >= 2 or s["over"]:
            break
        site.act(s)
    site.act(site.human_decision(0))
    page.wait_for_function("() => localStorage.getItem('test:persist') === '1'", timeout=10_000)
    site.reload()
    site.act(site.human_decision(0))
    # the page asks right after a save is written: checked once the move is saved
    # and nothing moves by itself
    saved = len(site.record()["history"]["actions"])
    page.wait_for_function(f"(n) => JSON.parse(localStorage.getItem('diceland:save:{site.save_id()}'))"
                           ".record.history.actions.length >= n", arg=saved, timeout=15_000)
    site.settled()
    assert page.evaluate("localStorage.getItem('test:persist')") == "1"


def test_full_storage_is_reported_and_retried(site):
    page = site.page
    site.open(PERSON_VS_BOT)
    save_id = site.save_id()
    page.evaluate("""() => { window.__setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () {
          throw new DOMException('the quota has been exceeded', 'QuotaExceededError'); }; }""")
    site.act(site.human_decision(0))
    site.human_decision(0)  # the bot has played on; nothing more will change
    assert page.is_visible("#message")
    assert "full" in page.text_content("#message")
    record = site.record()
    assert stored_save(page, save_id)["record"]["history"]["actions"] != record["history"]["actions"]
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")  # room again
    page.wait_for_function("() => document.getElementById('message').hidden", timeout=15_000)
    assert stored_save(page, save_id)["record"]["history"]["actions"] == record["history"]["actions"]
    site.reload()
    assert site.record() == record


# -- a hostile host page and hostile names ------------------------------------------------------

def test_player_names_are_never_markup(site, server):
    page = site.page
    dialogs, requests = [], []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.on("request", lambda r: requests.append(r.url))
    site.open(f"?players=human,greedy&boards=A,B&seed=7&speed=0&names={quote(EVIL_NAME)},Bob")
    assert EVIL_NAME in page.text_content("#seat-tabs")
    site.act(site.human_decision(0))
    assert EVIL_NAME in page.text_content("#status") + page.text_content("#log") + page.text_content("#seat-tabs")
    site.click("btn-new")
    assert page.input_value("#seat-rows .seat-name >> nth=0") == EVIL_NAME
    site.click("btn-new-cancel")
    site.click("btn-saves")
    assert EVIL_NAME in page.text_content("#saves-list")
    site.click("btn-saves-close")
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert not [u for u in requests if u.endswith("/x")]
    assert not dialogs


def _host_page(embed_url: str) -> str:
    return f"""<!doctype html><meta charset="utf-8"><title>host</title>
<p id="secret">the host's own data</p>
<iframe id="embed" src="{embed_url}" width="600" height="700"></iframe>
<iframe id="other" srcdoc="<p>another frame</p>"></iframe>
<script>
  window.received = [];
  window.addEventListener("message", (e) => window.received.push(e.data));
</script>"""


HOSTILE_MESSAGES = [
    "next", {"type": "diceland:step", "step": 0}, {"type": "diceland:solved", "lesson": "x"},
    {"control": "next"}, {"control": "try"}, {"scenario": "02-phase-1"}, {"type": "diceland:height", "height": 1},
    {"__proto__": {"polluted": True}}, {"html": EVIL_NAME}, "x" * 100_000, None, 42,
]


#: What the test's own script in the embed says to the host last.
LAST_WORD = {"type": "test:last"}


def test_embed_ignores_messages_from_other_windows(site, serve, server, tmp_path, site_dir):
    if not (site_dir / "embed.html").exists():
        pytest.skip("embed.html is not part of the site yet")
    page = site.page
    (tmp_path / "host.html").write_text(_host_page(server.url + "embed.html?scenario=01-open-zones"))
    host = serve(tmp_path)  # another port: another origin than the embed
    page.goto(host.url + "host.html")
    embed = next(f for f in page.frames if "embed.html" in f.url)
    embed.wait_for_selector("#picture-play", state="visible", timeout=60_000)
    embed.click("#picture-play")  # a framed example starts on the reader's click
    embed.wait_for_selector("html[data-ready=true]", state="attached", timeout=60_000)
    embed.wait_for_function("() => window.dicelandEmbed && JSON.parse(window.dicelandEmbed.state()).ok !== false")
    before = embed.evaluate("window.dicelandEmbed.state()")
    # counted after the page's own listeners have had each message
    embed.evaluate("window.__delivered = 0; window.addEventListener('message', () => { window.__delivered += 1; })")
    page.evaluate("(msgs) => { const w = document.getElementById('embed').contentWindow;"
                  " for (const m of msgs) w.postMessage(m, '*'); }", HOSTILE_MESSAGES)
    sibling = next(f for f in page.frames if f.url.startswith("about:srcdoc"))
    sibling.evaluate("(msgs) => { for (const m of msgs) parent.frames[0].postMessage(m, '*'); }", HOSTILE_MESSAGES)
    embed.wait_for_function("(n) => window.__delivered >= n", arg=2 * len(HOSTILE_MESSAGES), timeout=15_000)
    assert embed.evaluate("window.dicelandEmbed.state()") == before
    assert embed.evaluate("({}).polluted") is None
    # the embed tells its host only its height, and that its board is live; a
    # last message of its own comes after anything it said before
    embed.evaluate(f"window.parent.postMessage({json.dumps(LAST_WORD)}, '*')")
    page.wait_for_function("(last) => window.received.some((m) => m && m.type === last.type)", arg=LAST_WORD)
    received = [m for m in page.evaluate("window.received") if m != LAST_WORD]
    kinds = {m.get("type") if isinstance(m, dict) else m for m in received}
    assert kinds == {"diceland:height", "diceland:live"}
    assert all(len(m) == 1 for m in received if m.get("type") == "diceland:live")


def test_pages_never_read_their_parent():
    """The embed and tutorial scripts touch ``window.parent``/``window.top``
    only to post a message or to ask whether they are framed."""
    for name in ("embed.py", "tutorial.py"):
        path = ROOT / "site" / name
        if not path.exists():
            continue
        text = re.sub(r"window\.parent\.postMessage\(|window\.parent\s*(==|!=)\s*window\b"
                      r"|window\s*(==|!=)\s*window\.parent\b", "", path.read_text())
        assert "window.top" not in text, name
        assert "window.parent" not in text, f"{name} uses window.parent other than to post or compare"


#: Counts the pictures the page encodes (canvas.toDataURL) in window.__encodes.
ENCODE_COUNT = """
window.__encodes = 0;
const __toDataURL = HTMLCanvasElement.prototype.toDataURL;
HTMLCanvasElement.prototype.toDataURL = function (...args) {
  window.__encodes += 1;
  return __toDataURL.apply(this, args);
};
"""


def picture_kept(site) -> None:
    """Until nothing moves by itself and the picture of the last change is kept."""
    site.settled()
    site.page.wait_for_function("() => !window.diceland.pictureDue()", timeout=15_000)


def test_leaving_the_page_encodes_a_picture_only_when_the_game_changed(site):
    """pagehide keeps a new picture when a move is not in the kept one yet,
    and encodes nothing when it is (the next page would wait for it)."""
    page = site.page
    page.add_init_script(ENCODE_COUNT)
    site.open(PERSON_VS_BOT)
    save_id = site.save_id()
    page.wait_for_function(
        f"() => (JSON.parse(localStorage.getItem('diceland:save:{save_id}') || '{{}}').last_frame || '')"
        ".startsWith('data:image/')", timeout=15_000)
    picture_kept(site)
    before = page.evaluate("window.__encodes")
    assert before >= 1
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    assert page.evaluate("window.__encodes") == before, "nothing changed: no picture encoded"
    frame = stored_save(page, save_id)["last_frame"]

    site.act(site.human_decision(0))
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    assert page.evaluate("window.__encodes") > before
    assert stored_save(page, save_id)["last_frame"] != frame, "the move is in the kept picture"

    picture_kept(site)
    page.goto(site.base_url + "diceland.html?speed=0")  # resumed: its picture is kept already
    site.wait_ready()
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    assert page.evaluate("window.__encodes") == 0


#: The key of a save of ``game`` kept with its picture ("": none).
KEPT_FRAME_OF = """(game) => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key.startsWith("diceland:save:")) continue;
      const save = JSON.parse(localStorage.getItem(key));
      if ((save.summary || {}).game === game && String(save.last_frame || "").startsWith("data:image/"))
        return key;
    }
    return "";
}"""


@pytest.mark.parametrize("game", ["clever", "wideshut"])
def test_each_game_page_shows_its_own_last_frame_and_no_other_games(site, game):
    """The boot screen shows the picture kept with the save the page will
    resume, of the page's own game: not the last game of another page."""
    page = site.page
    site.open("?players=human,greedy&seed=7&speed=0", path=f"{game}.html")
    wait_for(page, KEPT_FRAME_OF, "the page keeps a picture with its save", arg=game)
    page.add_init_script(FRAME_WATCH)
    page.evaluate("delete document.documentElement.dataset.ready")
    page.goto(site.base_url + f"{game}.html?speed=0")
    page.wait_for_function("() => window.__frameSeen !== null", timeout=30_000)
    assert page.evaluate("window.__frameSeen")["ready"] is False
    site.wait_ready()
    # the Diceland page has no Diceland save: it shows no picture, not this game's
    page.goto(site.base_url + "diceland.html?speed=0")
    site.wait_ready()
    assert page.evaluate("document.getElementById('boot-frame')") is None
