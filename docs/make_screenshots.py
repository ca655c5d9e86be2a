"""Screenshots of the Diceland page on a phone and on a desktop, for docs/site.md.

    python3 build.py && python3 docs/make_screenshots.py

Serves dist/ on 127.0.0.1, opens a seeded game against a bot in Debian's
Chromium, plays until the person places dice, and writes
docs/screenshots/phone.png (390 × 844) and docs/screenshots/desktop.png
(1280 × 800); then a three-player game some turns in:
docs/screenshots/desktop-opponents.png (the other players' boards beside the
board) and docs/screenshots/phone-opponents.png (a player chip tapped: another
player's board, the way back to one's own).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from chromium import ROOT, chromium, served_site, wait_ready  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
LINK = "diceland.html?players=human,expert&names=Ana,Bot&boards=A,C&seed=11&speed=0"
THREE = "diceland.html?players=human,greedy,expert&names=Ana,Bo,Cy&boards=A,B,C&seed=5&speed=0"
PHONE = ({"width": 390, "height": 844}, 2)
DESKTOP = ({"width": 1280, "height": 800}, 1)
#: name: (viewport and scale, link, decisions of the person to play first, a chip to tap)
SHOTS = {
    "phone": (PHONE, LINK, 0, None),
    "desktop": (DESKTOP, LINK, 0, None),
    "desktop-opponents": (DESKTOP, THREE, 12, None),
    "phone-opponents": (PHONE, THREE, 12, 1),
}


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


def play(page, decisions: int) -> None:
    """Make ``decisions`` of the person's decisions (the hint's, or stop, or pass)."""
    for _ in range(decisions):
        to_placement(page)
        s = json.loads(page.evaluate("window.diceland.state()"))
        if s["phase"] == "decide":
            page.click("#btn-stop")
            continue
        page.click("#btn-hint")
        s = json.loads(page.evaluate("window.diceland.state()"))
        page.click("#btn-confirm" if s["buttons"].get("confirm") else "#btn-pass")


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with served_site(ROOT / "dist", build=False) as url, chromium() as browser:
        for name, ((viewport, scale), link, decisions, chip) in SHOTS.items():
            context = browser.new_context(viewport=viewport, device_scale_factor=scale)
            page = context.new_page()
            page.goto(url + link)
            wait_ready(page)
            play(page, decisions)
            to_placement(page)
            if chip is not None:
                page.click(f'#seat-tabs button.seat-tab[data-seat="{chip}"]')
            for _ in range(100):  # let the announcements fade
                if not page.evaluate("document.querySelectorAll('#toasts .toast').length"):
                    break
                page.wait_for_timeout(100)
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            path = OUT / f"{name}.png"
            page.screenshot(path=str(path))
            print(f"wrote {path.relative_to(ROOT)}")
            context.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
