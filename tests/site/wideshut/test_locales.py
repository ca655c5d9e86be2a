"""The Dice Wide Shut page's strings: en, es and it have the same keys and
placeholders, and every key the page and its package ask for exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

from diceland_site.i18n import LANGUAGES, load_locale as shared_locale, placeholders
from diceland_site.games.wideshut.strings import WideStrings, load_locale, locale_dir

SITE = Path(__file__).resolve().parents[3] / "site"


def test_same_keys_and_placeholders_in_every_language():
    en = load_locale("en")
    for lang in LANGUAGES:
        table = json.loads((locale_dir() / f"{lang}.json").read_text(encoding="utf-8"))
        assert set(table) == set(en), lang
        for key, text in table.items():
            assert placeholders(text) == placeholders(en[key]), (lang, key)
            assert text.strip(), (lang, key)


def test_every_key_used_by_the_page_exists():
    sources = [*(SITE / "diceland_site" / "games" / "wideshut").glob("*.py"), SITE / "diceland_web" / "pages" / "wideshut.py"]
    used = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\.t\(\s*"([a-z_]+\.[a-z_.]+)"', text))
        used |= set(re.findall(r'data-i18n="([a-z_.]+)"', text))
    used |= set(re.findall(r'data-i18n="([a-z_.]+)"', (SITE / "wideshut.html").read_text(encoding="utf-8")))
    assert len(used) > 40
    known = load_locale("en") | shared_locale("en")
    missing = sorted(k for k in used if not k.endswith(".") and k not in known)
    assert missing == []


def test_spanish_and_italian_are_translated():
    assert WideStrings("es").t("button.roll") == "Tirar"
    assert WideStrings("it").t("button.confirm") == "Conferma"
    assert WideStrings("xx").lang == "en"
    assert WideStrings("es").t("no.such.key") == "no.such.key"
