"""The boot screen speaks the player's language before Python runs: its texts
come from the locale files (boot.* keys) through boot-strings.js."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "site" / "diceland_site" / "locales"


def boot_texts(lang: str) -> set[str]:
    data = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    return {v for k, v in data.items() if k.startswith("boot.")}


def test_boot_screen_in_spanish_then_ready(site, watch):
    site.open("?lang=es", wait=False)
    site.page.wait_for_selector("#boot-label", state="attached")
    label = site.page.text_content("#boot-label")
    ready = site.page.evaluate("document.documentElement.dataset.ready === 'true'")
    assert ready or label in boot_texts("es"), label
    assert site.page.get_attribute("#boot-progress", "aria-label") == "Cargando Diceland"
    site.wait_ready()
