"""Lessons of Ganz schön clever and Dice Wide Shut on a host page (embed-loader.js
on another origin), like Diceland's: the picture of the step at once, in the
reader's language, no Python until the reader starts one; Next shows the next
picture, and Try it starts that frame only, in try mode at the step shown."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

READY = 60_000
EMBEDS = [("clever", "turn-and-platter"), ("wideshut", "split")]

HOST = """<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>Two lessons</title>
<script src="BASEembed-loader.js" defer></script></head>
<body style="margin:0;width:520px">
DIVS
</body></html>"""


def host_page(base: str) -> str:
    divs = "\n".join(f'<div data-diceland-game="{game}" data-diceland-lesson="{name}" data-lang="it" '
                     f'data-title="{game}"></div>' for game, name in EMBEDS)
    return HOST.replace("BASE", base).replace("DIVS", divs)


def from_a_page(request) -> bool:
    try:
        return request.frame is not None
    except Exception:  # noqa: BLE001 - Playwright: a worker's request has no frame
        return False


def test_game_lessons_show_pictures_and_try_it_starts_one_frame(site, serve, tmp_path, site_dir):
    page = site.page
    requests: list[str] = []
    page.context.on("request", lambda req: requests.append(req.url) if from_a_page(req) else None)
    (tmp_path / "host.html").write_text(host_page(site.base_url), encoding="utf-8")
    page.goto(serve(tmp_path).url + "host.html")
    page.wait_for_function("() => document.querySelectorAll('iframe.diceland-embed').length === 2")
    manifest = json.loads((site_dir / "pictures" / "index.json").read_text())["lessons"]
    frames = {}
    for game, name in EMBEDS:
        frame = next(f for f in page.frames if f"game={game}&" in f.url)
        frames[game] = frame
        lesson = manifest[f"{game}/{name}"]
        frame.wait_for_selector("#picture", state="visible", timeout=READY)
        frame.wait_for_function("() => document.getElementById('picture').complete")
        assert frame.get_attribute("#picture", "src") == "./" + lesson["steps"]["it"][lesson["start"]]["src"]
        assert frame.evaluate("document.getElementById('picture').naturalWidth") > 100
        assert frame.text_content("#picture-status") == f"Passo {lesson['start']} di {lesson['last']}"
        data = json.loads((site_dir / lesson["folder"] / lesson["file"]).read_text(encoding="utf-8"))
        assert frame.text_content("#picture-title") == data["title"]["it"]
    page.wait_for_timeout(500)  # anything still on its way would show below
    assert not any(u.endswith("/pyodide/pyodide.asm.wasm") or u.endswith("/pyscript/core.js") for u in requests)
    assert all(f.evaluate("document.documentElement.dataset.ready") is None for f in frames.values())

    # Next: the next step's picture, still no Python
    wide = frames["wideshut"]
    lesson = manifest["wideshut/split"]
    before = wide.get_attribute("#picture", "src")
    wide.click('#picture-controls button[data-picture="next"]')
    shown = lesson["start"] + 1
    assert wide.text_content("#picture-status") == f"Passo {shown} di {lesson['last']}"
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
