"""Every string of the Diceland page (its own ``locales/<lang>.json`` over
the shared table) exists in en, es and it with the same placeholders; its
own words are not also shared ones; every key its code asks for is there,
and no shared module asks for one of its words (they are not in the
shared table)."""

from __future__ import annotations

import re
from pathlib import Path

from diceland_site.games.diceland.strings import DicelandStrings, own_locale
from diceland_site.i18n import LANGUAGES, load_locale, placeholders

SITE = Path(__file__).resolve().parents[3] / "site"
#: a key in quotes (not a CSS selector: ``closest("button.die")``)
QUOTED_KEY = re.compile(r"(?<!closest\()[\"']([a-z][a-z_0-9]*(?:\.[a-z_0-9]+)+)[\"']")


def test_same_keys_and_placeholders():
    en = own_locale("en")
    assert len(en) > 100
    for lang in LANGUAGES:
        table = own_locale(lang)
        assert set(table) == set(en), (lang, set(table) ^ set(en))
        for key, text in table.items():
            assert placeholders(text) == placeholders(en[key]), (lang, key)
            assert text.strip(), (lang, key)


def test_its_own_words_are_not_shared_ones():
    for lang in LANGUAGES:
        assert not set(own_locale(lang)) & set(load_locale(lang))


def diceland_sources() -> list[Path]:
    return [SITE / "diceland.html", SITE / "diceland_web" / "pages" / "diceland.py",
            SITE / "diceland_web" / "pages" / "diceland_view.py", *(SITE / "diceland_site" / "games" / "diceland").glob("*.py")]


def test_every_key_used_by_the_page_exists():
    table = DicelandStrings("en").table
    prefixes = {k.split(".", 1)[0] for k in own_locale("en")}
    used = set()
    for path in diceland_sources():
        used |= {k for k in QUOTED_KEY.findall(path.read_text(encoding="utf-8")) if k.split(".", 1)[0] in prefixes}
    assert len(used) > 100
    assert not sorted(k for k in used if k not in table)


def test_no_shared_module_asks_for_a_diceland_word():
    own = set(own_locale("en"))
    shared = [p for p in (*(SITE / "diceland_site").glob("*.py"), *(SITE / "diceland_web").glob("*.py"),
                          SITE / "tutorial.py", SITE / "embed.py", *(SITE / "partials").glob("*.html"))]
    asked = {(p.name, k) for p in shared for k in QUOTED_KEY.findall(p.read_text(encoding="utf-8")) if k in own}
    assert not asked
