"""Every string of the clever page exists in en, es and it with the same
placeholders, and every key the page's code asks for is there."""

from __future__ import annotations

import re
from pathlib import Path

from diceland_site.games.clever.strings import CleverStrings, own_locale
from diceland_site.i18n import LANGUAGES, placeholders

SITE = Path(__file__).resolve().parents[3] / "site"


def test_same_keys_and_placeholders():
    en = own_locale("en")
    for lang in LANGUAGES:
        table = own_locale(lang)
        assert set(table) == set(en), lang
        for key, text in table.items():
            assert placeholders(text) == placeholders(en[key]), (lang, key)
            assert text.strip(), (lang, key)


def test_every_key_used_by_the_page_exists():
    sources = [SITE / "diceland_web" / "pages" / "clever.py", SITE / "clever.html", *(SITE / "diceland_site" / "games" / "clever").glob("*.py")]
    used = set()
    for path in sources:
        used |= set(re.findall(r"[\"'](clever\.[a-z_0-9]+(?:\.[a-z_0-9]+)*)[\"']", path.read_text()))
    used = {k for k in used if not k.endswith(".") and k not in ("clever.py", "clever.html", "clever.css")}
    s = CleverStrings("en")
    missing = sorted(k for k in used if k not in s.table)
    assert not missing


def test_spanish_and_italian_are_translated():
    for lang in ("es", "it"):
        s = CleverStrings(lang)
        assert s.t("clever.button.end_turn") != CleverStrings("en").t("clever.button.end_turn")
        assert s.die_name("purple", 5) != CleverStrings("en").die_name("purple", 5)
