"""Screenshots of every game at the moment of choosing, on a phone and on a
desktop, for docs/site.md (and the README's phone pictures).

    python3 build.py && python3 docs/make_game_screenshots.py [lang]

Serves dist/ on 127.0.0.1, opens a seeded three-player game (a person and
two bots) of each game in Debian's Chromium, plays the hint's first taps of
the person's first decision (the dice, or Diceland's first cell) and writes
docs/screenshots/<game>-phone.png (390 × 844, touch) and
docs/screenshots/<game>-desktop.png (1366 × 800, drawn at 0.6 scale to keep
the file small).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from chromium import ROOT, chromium, served_site, wait_ready  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
THREE = "?players=human,greedy,greedy&names=Ana,Bo,Cy&seed=7&speed=0"
GAMES = {"clever": "clever.html" + THREE, "wideshut": "wideshut.html" + THREE,
         "diceland": "diceland.html" + THREE + "&boards=A,B,C"}
SIZES = {"phone": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True,
                   "has_touch": True},
         "desktop": {"viewport": {"width": 1366, "height": 800}, "device_scale_factor": 0.6}}


def first_taps(page, game: str) -> None:
    """The hint's taps of the person's decision up to the boxes to mark."""
    taps = json.loads(page.evaluate("window.diceland.hintTaps()"))
    if game == "wideshut":
        taps = [t for t in taps if t.get("button", "").startswith("die-")]
    else:
        taps = taps[:1]
    for t in taps:
        if "button" in t:
            page.click(f"#{t['button']}")
        else:
            page.mouse.click(t["x"], t["y"])
        page.wait_for_timeout(200)


def main() -> int:
    lang = sys.argv[1] if len(sys.argv) > 1 else "en"
    OUT.mkdir(parents=True, exist_ok=True)
    with served_site(ROOT / "dist", build=False) as url, chromium() as browser:
        for game, link in GAMES.items():
            for size, options in SIZES.items():
                context = browser.new_context(**options)
                page = context.new_page()
                page.goto(f"{url}{link}&lang={lang}")
                wait_ready(page)
                page.wait_for_timeout(500)
                first_taps(page, game)
                page.evaluate("document.getElementById('toasts').innerHTML = ''")
                path = OUT / f"{game}-{size}.png"
                page.screenshot(path=str(path))
                print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} kB)")
                context.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
