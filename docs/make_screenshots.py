"""Screenshots of the Diceland page on a phone and on a desktop, for the README.

    python3 build.py && python3 docs/make_screenshots.py

Serves dist/ on 127.0.0.1, opens a seeded game against a bot in Debian's
Chromium, plays until the person places dice, and writes
docs/screenshots/phone.png (390 × 844) and docs/screenshots/desktop.png
(1280 × 800).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
LINK = "diceland.html?players=human,expert&names=Ana,Bot&boards=A,C&seed=11&speed=0"
SIZES = {"phone": ({"width": 390, "height": 844}, 2), "desktop": ({"width": 1280, "height": 800}, 1)}


def load_build():
    spec = importlib.util.spec_from_file_location("diceland_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def to_placement(page) -> None:
    """Play the person's decisions until cells can be tapped, then tap one."""
    for _ in range(200):
        s = json.loads(page.evaluate("window.diceland.state()"))
        if s["seat"] != 0 or s["bot_pending"]:
            page.wait_for_timeout(50)
        elif s["buttons"].get("roll"):
            page.click("#btn-roll")
        elif s["phase"] == "choose":
            enabled = [i for i, d in enumerate(s["dice"]) if d["enabled"]]
            best = max(enabled, key=lambda i: sum(d["colour"] == s["dice"][i]["colour"] for d in s["dice"]))
            page.click(f'#dice button.die[data-index="{best}"]')
        elif s["phase"] == "decide":
            return  # the reroll-or-stop decision, with its aid
        else:
            page.click("#btn-pass") if not s["highlights"] else None
            if s["highlights"]:
                return
    raise RuntimeError("no decision after 200 steps")


def main() -> int:
    from playwright.sync_api import sync_playwright
    build = load_build()
    httpd, url = build.serve_in_thread(ROOT / "dist")
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu"])
            for name, (viewport, scale) in SIZES.items():
                context = browser.new_context(viewport=viewport, device_scale_factor=scale)
                page = context.new_page()
                page.goto(url + LINK)
                page.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
                to_placement(page)
                page.wait_for_timeout(300)
                path = OUT / f"{name}.png"
                page.screenshot(path=str(path))
                print(f"wrote {path.relative_to(ROOT)}")
                context.close()
            browser.close()
    finally:
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
