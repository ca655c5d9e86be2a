"""A teacher's page with five examples (embed-loader.js, on another origin):
five pictures at once, no Python until the reader starts one, then one
Python and a live board at the step of the picture.  Lessons of Ganz schön
clever and Dice Wide Shut do the same, their pictures in the reader's
language."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pytest

from waits import wait_for_async

pytestmark = pytest.mark.browser

READY = 60_000
TUTORIAL = Path(__file__).resolve().parents[2] / "site" / "tutorial"
LESSONS = [("open-zones", 0), ("phase-1", 2), ("overshoot", 2), ("bonus-rolls", 3), ("winning", 1)]
GAME_EMBEDS = [("clever", "turn-and-platter"), ("wideshut", "split")]

HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Five examples</title>
<script src="BASEembed-loader.js" defer></script></head>
<body style="margin:0;width:420px">
DIVS
</body></html>"""


def host_page(base: str, divs: str = "") -> str:
    """The host page with ``divs`` (by default: Diceland's :data:`LESSONS`)."""
    divs = divs or "\n".join(f'<div data-diceland-lesson="{name}" data-step="{step}" data-lang="es" '
                             f'data-title="Ejemplo {n}"></div>' for n, (name, step) in enumerate(LESSONS))
    return HOST.replace("BASE", base).replace("DIVS", divs)


def python_requests(urls: list[str]) -> list[str]:
    return [u for u in urls if "/pyodide/" in u or "/pyscript/core.js" in u or u.endswith((".whl", ".py"))]


def started(frame) -> bool:
    """Whether the frame has started its Python (embed-picture.js's start(),
    which asks for it at once, marks the frame): a picture's frame decides
    so as it shows the picture, or on the reader's click or key."""
    return frame.evaluate("window.dicelandEmbedIntent !== undefined")


def test_five_embeds_show_pictures_and_start_one_python_on_interaction(site, serve, tmp_path, site_dir):
    page = site.page
    requests: list[str] = []  # the pages' own (the service worker's precache starts with a live board)
    page.context.on("request", lambda req: requests.append(req.url) if from_a_page(req) else None)
    (tmp_path / "host.html").write_text(host_page(site.base_url), encoding="utf-8")
    page.goto(serve(tmp_path).url + "host.html")
    page.wait_for_function("() => document.querySelectorAll('iframe.diceland-embed').length === 5")
    frames = [f for f in page.frames if "embed.html" in f.url]
    assert len(frames) == 5
    manifest = json.loads((site_dir / "pictures" / "index.json").read_text())["lessons"]
    for frame in frames:
        frame.wait_for_selector("#picture", state="visible", timeout=READY)
        frame.wait_for_function("() => document.getElementById('picture').complete")
        name = next(n for n, _ in LESSONS if f"scenario={n}&" in frame.url)
        step = dict(LESSONS)[name]
        src = frame.get_attribute("#picture", "src")
        assert src == "./" + manifest[name]["steps"][step]["src"]
        assert frame.evaluate("document.getElementById('picture').naturalWidth") > 100
        # the step, and whose board it is
        owner = manifest[name]["steps"][step]["name"]
        assert frame.text_content("#picture-status") == f"Paso {step} de {manifest[name]['last']} · {owner}"
        assert frame.get_attribute("#picture", "alt").startswith("Tablero de ")
        # the lesson's explanation and caption without the rulebook's ids
        shown = frame.text_content("#picture-explain") + frame.text_content("#picture-caption")
        assert shown.strip() and not re.search(r"\((?:[DCW]\d+\.\d+)", shown), shown
    # the host sized every frame from its height message
    heights = page.evaluate("[...document.querySelectorAll('iframe')].map(f => f.getBoundingClientRect().height)")
    assert all(h != 420 and h > 200 for h in heights), heights
    # opening or closing a lesson's explanation from the keyboard starts nothing
    frames[0].press("#picture-explain-summary", "Enter")
    assert frames[0].evaluate("document.getElementById('picture-explain-box').open") is False
    assert not [f.url for f in frames if started(f)]
    assert python_requests(requests) == []
    assert all(f.evaluate("document.documentElement.dataset.ready") is None for f in frames)

    # the reader steps to the next picture of the third example, then presses Play
    third = next(f for f in frames if "scenario=overshoot&" in f.url)
    third.click('#picture-controls button[data-picture="next"]')
    assert third.text_content("#picture-status").startswith("Paso 3 de")
    third.click("#picture-play")
    third.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY)
    state = json.loads(third.evaluate("window.dicelandEmbed.state()"))
    assert state["ok"] is not False and state["step"] == 3 and state["lang"] == "es"
    assert third.is_hidden("#embed-picture") and third.is_visible("#board")
    boots = [u for u in requests if u.endswith("/pyodide/pyodide.asm.wasm")]
    cores = [u for u in requests if u.endswith("/pyscript/core.js")]
    assert len(boots) == 1 and len(cores) == 1, (boots, cores)
    others = [f for f in frames if f is not third]
    assert all(f.evaluate("document.documentElement.dataset.ready") is None for f in others)
    assert all(f.is_visible("#picture") for f in others)


def test_try_it_on_a_picture_starts_the_try(site, serve, tmp_path):
    """Try it on the picture of a lesson's own step opens the live board in
    try mode there; a key pressed on another picture starts that one, and the
    first goes back to its picture (one live board on the page)."""
    page = site.page
    (tmp_path / "host.html").write_text(host_page(site.base_url), encoding="utf-8")
    page.goto(serve(tmp_path).url + "host.html")
    page.wait_for_function("() => document.querySelectorAll('iframe.diceland-embed').length === 5")
    frames = {n: next(f for f in page.frames if f"scenario={n}&" in f.url) for n, _ in LESSONS}
    first = frames["overshoot"]
    first.wait_for_selector("#picture", state="visible", timeout=READY)
    first.click('#picture-controls button[data-picture="try"]')
    first.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY)
    state = json.loads(first.evaluate("window.dicelandEmbed.state()"))
    assert state["mode"] == "try" and state["step"] == 2
    assert first.evaluate("document.activeElement && document.activeElement.id") == "board"

    second = frames["phase-1"]
    second.wait_for_selector("#picture", state="visible", timeout=READY)
    second.focus('#picture-controls button[data-picture="next"]')
    second.press('#picture-controls button[data-picture="next"]', "ArrowRight")
    second.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY)
    assert json.loads(second.evaluate("window.dicelandEmbed.state()"))["step"] == 2
    # the first example went back to its picture
    page.wait_for_function("() => document.querySelectorAll('iframe[data-live]').length === 1")
    first = next(f for f in page.frames if "scenario=overshoot&" in f.url)
    first.wait_for_selector("#picture", state="visible", timeout=READY)
    assert first.evaluate("document.documentElement.dataset.ready") is None



def from_a_page(request) -> bool:
    """Asked for by a page, not by the service worker's precache."""
    try:
        return request.frame is not None
    except Exception:  # noqa: BLE001 - Playwright: a worker's request has no frame
        return False


def s_value(data: dict) -> str:
    """A scenario as embed.html's ``s=`` value (raw deflate, base64url)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(json.dumps(data).encode()) + packer.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_a_shared_position_shows_its_kept_picture_the_next_time(site, serve, tmp_path):
    """A shared position has no picture at first: a note and Play; once its
    live board has been drawn, the next visit shows that drawing before
    Python, and starts no Python until Play."""
    page = site.page
    requests: list[str] = []
    page.context.on("request", lambda req: requests.append(req.url) if from_a_page(req) else None)
    data = json.loads((TUTORIAL / "diceland" / "04-overshoot.json").read_text(encoding="utf-8"))
    src = site.base_url + "embed.html?s=" + s_value(data) + "&step=2"
    (tmp_path / "host.html").write_text(
        f'<!doctype html><meta charset="utf-8"><title>host</title><iframe src="{src}" '
        'style="width:480px;height:700px;border:0"></iframe>', encoding="utf-8")
    host = serve(tmp_path).url + "host.html"
    page.goto(host)
    frame = next(f for f in page.frames if "embed.html" in f.url)
    frame.wait_for_selector("#picture-none", state="visible", timeout=READY)
    assert frame.is_hidden("#picture") and python_requests(requests) == []
    frame.click("#picture-play")
    frame.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY)
    assert json.loads(frame.evaluate("window.dicelandEmbed.state()"))["step"] == 2
    assert any(u.endswith("/pyscript/core.js") for u in requests)  # the page's own requests are seen
    # the drawing is kept in the background
    wait_for_async(frame, "() => caches.open('diceland:embed-pictures').then(c => c.keys()).then(k => k.length)",
                   "the embed's drawing was not kept")

    requests.clear()
    page.goto(host)
    frame = next(f for f in page.frames if "embed.html" in f.url)
    frame.wait_for_selector("#picture", state="visible", timeout=READY)
    assert frame.get_attribute("#picture", "src").startswith("blob:")
    assert frame.evaluate("document.getElementById('picture').naturalWidth") > 100
    assert frame.is_hidden("#picture-none")
    assert not started(frame)
    assert python_requests(requests) == []


def test_game_lessons_show_pictures_and_try_it_starts_one_frame(site, serve, tmp_path, site_dir):
    """A clever and a wideshut lesson in Italian: both pictures at once, no
    Python; Next shows the next picture; Try it starts that frame only, in
    try mode at the step shown."""
    page = site.page
    requests: list[str] = []
    page.context.on("request", lambda req: requests.append(req.url) if from_a_page(req) else None)
    divs = "\n".join(f'<div data-diceland-game="{game}" data-diceland-lesson="{name}" data-lang="it" '
                     f'data-title="{game}"></div>' for game, name in GAME_EMBEDS)
    (tmp_path / "host.html").write_text(host_page(site.base_url, divs), encoding="utf-8")
    page.goto(serve(tmp_path).url + "host.html")
    page.wait_for_function("() => document.querySelectorAll('iframe.diceland-embed').length === 2")
    manifest = json.loads((site_dir / "pictures" / "index.json").read_text())["lessons"]
    frames = {}
    for game, name in GAME_EMBEDS:
        frame = next(f for f in page.frames if f"game={game}&" in f.url)
        frames[game] = frame
        lesson = manifest[f"{game}/{name}"]
        frame.wait_for_selector("#picture", state="visible", timeout=READY)
        frame.wait_for_function("() => document.getElementById('picture').complete")
        assert frame.get_attribute("#picture", "src") == "./" + lesson["steps"]["it"][lesson["start"]]["src"]
        assert frame.evaluate("document.getElementById('picture').naturalWidth") > 100
        owner = lesson["steps"]["it"][lesson["start"]]["name"]
        assert frame.text_content("#picture-status") == f"Passo {lesson['start']} di {lesson['last']} · {owner}"
        data = json.loads((site_dir / lesson["folder"] / lesson["file"]).read_text(encoding="utf-8"))
        assert frame.text_content("#picture-title") == data["title"]["it"]
    assert not [f.url for f in frames.values() if started(f)]
    assert python_requests(requests) == []
    assert all(f.evaluate("document.documentElement.dataset.ready") is None for f in frames.values())

    # Next: the next step's picture, still no Python
    wide = frames["wideshut"]
    lesson = manifest["wideshut/split"]
    before = wide.get_attribute("#picture", "src")
    wide.click('#picture-controls button[data-picture="next"]')
    shown = lesson["start"] + 1
    owner = lesson["steps"]["it"][shown]["name"]
    assert wide.text_content("#picture-status") == f"Passo {shown} di {lesson['last']} · {owner}"
    assert wide.get_attribute("#picture", "src") == "./" + lesson["steps"]["it"][shown]["src"] != before
    wide.click('#picture-controls button[data-picture="prev"]')
    assert wide.get_attribute("#picture", "src") == before

    # Try it on the clever picture: that frame's live board, in try mode at the step shown
    clever = frames["clever"]
    clever.click('#picture-controls button[data-picture="try"]')
    clever.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY)
    state = json.loads(clever.evaluate("window.dicelandEmbed.state()"))
    assert state["game"] == "clever" and state["mode"] == "try" and state["lang"] == "it"
    assert state["step"] == manifest["clever/turn-and-platter"]["start"]
    assert clever.is_hidden("#embed-picture") and clever.is_visible("#board")
    boots = [u for u in requests if u.endswith("/pyodide/pyodide.asm.wasm")]
    assert len(boots) == 1, boots
    assert wide.evaluate("document.documentElement.dataset.ready") is None and wide.is_visible("#picture")


#: The page's word to its service worker that it has started (boot.js), held back.
HOLD_STARTED = """(() => {
  const send = ServiceWorker.prototype.postMessage;
  ServiceWorker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "diceland:started" && !window.__letStarted) {
      window.__heldStarted = true;
      return undefined;
    }
    return send.call(this, message, ...rest);
  };
})();"""
#: Whether the paths are in the service worker's cache: ``every`` (one
#: cache, as the worker keeps once its check is done) or any (in any cache).
KEPT = """async ([paths, every]) => {
  const names = (await caches.keys()).filter((n) => /^diceland-[0-9a-f]{16}$/.test(n));
  if (every && names.length !== 1) return false;
  const caches_ = await Promise.all(names.map((n) => caches.open(n)));
  const found = await Promise.all(paths.map(async (p) => {
    for (const cache of caches_) if (await cache.match(p)) return true;
    return false;
  }));
  return every ? found.every(Boolean) : found.some(Boolean);
}"""


def test_the_tutorial_shows_a_lessons_picture_offline(own_site, serve, site_dir, watch):
    """A first visit to the tutorial (in English, a Diceland lesson) installs
    the service worker with the picture each lesson opens on in English (a
    first visit downloads its own language's); the next visit keeps them in
    every language: offline, a Dice Wide Shut lesson never opened, in
    Italian, still opens on its picture.  The worker fetches them once the
    page says it has started, not while it starts (held back here: past the
    5 s a check waits at least, nothing of them is kept until it is said)."""
    own = serve(site_dir)  # its own origin: this test owns the service worker
    site = own_site()
    site.base_url = own.url
    site.open("?lesson=diceland/open-zones", path="tutorial.html")
    assert site.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    site.page.context.add_init_script(HOLD_STARTED)
    site.open("?lesson=diceland/open-zones", path="tutorial.html")
    groups = json.loads(re.search(r"^const GROUPS = (.*?);$", (site_dir / "sw.js").read_text(), re.M | re.S).group(1))
    pictures = groups["pictures-es"] + groups["pictures-it"]
    assert set(pictures) - set(groups["pictures-en"])  # some are drawn in each language's words
    site.page.wait_for_function("() => window.__heldStarted === true && performance.now() > 7000", timeout=READY)
    assert not site.page.evaluate(KEPT, [sorted(set(pictures) - set(groups["pictures-en"])), False])
    site.page.evaluate("window.__letStarted = true; "
                       "navigator.serviceWorker.controller.postMessage({ type: 'diceland:started' })")
    wait_for_async(site.page, KEPT, "the pictures of every language were not kept", arg=[pictures, True],
                   timeout=READY)
    watch.allow("Failed to load resource")  # the tutorial keeps other pictures when it can: not offline
    site.page.context.set_offline(True)
    own.stop()
    site.open("?lesson=wideshut/split&lang=it", path="tutorial.html")
    frame = site.page.wait_for_selector("#lesson-frame", state="attached").content_frame()
    frame.wait_for_selector("#picture", state="visible", timeout=READY)
    frame.wait_for_function("() => document.getElementById('picture').complete")
    assert frame.evaluate("document.getElementById('picture').naturalWidth") > 100
    assert frame.is_hidden("#picture-none")
