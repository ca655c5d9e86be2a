"""A teacher's page with five examples (embed-loader.js, on another origin):
five pictures at once, no Python until the reader starts one, then one
Python and a live board at the step of the picture."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

READY = 60_000
LESSONS = [("open-zones", 0), ("phase-1", 2), ("overshoot", 2), ("bonus-rolls", 3), ("winning", 1)]

HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Five examples</title>
<script src="BASEembed-loader.js" defer></script></head>
<body style="margin:0;width:420px">
DIVS
</body></html>"""


def host_page(base: str) -> str:
    divs = "\n".join(f'<div data-diceland-lesson="{name}" data-step="{step}" data-lang="es" '
                     f'data-title="Ejemplo {n}"></div>' for n, (name, step) in enumerate(LESSONS))
    return HOST.replace("BASE", base).replace("DIVS", divs)


def python_requests(urls: list[str]) -> list[str]:
    return [u for u in urls if "/pyodide/" in u or "/pyscript/core.js" in u or u.endswith((".whl", ".py"))]


def test_five_embeds_show_pictures_and_start_one_python_on_interaction(site, serve, tmp_path, site_dir):
    page = site.page
    requests: list[str] = []
    page.context.on("request", lambda req: requests.append(req.url))
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
        assert frame.text_content("#picture-status") == f"Paso {step} de {manifest[name]['last']}"
        assert frame.get_attribute("#picture", "alt").startswith("Tablero de ")
    # the host sized every frame from its height message
    heights = page.evaluate("[...document.querySelectorAll('iframe')].map(f => f.getBoundingClientRect().height)")
    assert all(h != 420 and h > 200 for h in heights), heights
    page.wait_for_timeout(500)  # anything still on its way would show below
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

