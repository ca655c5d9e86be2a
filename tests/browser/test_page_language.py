"""The language the scripts before Python choose (site/shared.js), in
Chromium: the home page and the boot screen read ?lang=, the player's stored
choice and the browser's languages as the pages' Python does."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

TITLES = {"en": "Dice games", "es": "Juegos de dados"}


def home_language(site, query: str = "", settings: dict | None = None) -> str:
    page = site.page
    if settings is not None:
        page.add_init_script(f"localStorage.setItem('diceland:settings', {json.dumps(json.dumps(settings))})")
    site.open(query, path="index.html")
    return page.evaluate("document.documentElement.lang")


def test_the_home_page_speaks_the_browsers_language_without_a_choice(own_site):
    site = own_site(locale="it-IT")
    assert home_language(site) == "it"


def test_a_lang_link_goes_before_the_stored_choice_and_an_unknown_one_after_it(own_site):
    site = own_site(locale="it-IT")
    assert home_language(site, "?lang=es", {"lang": "en"}) == "es"
    assert site.page.inner_text("#home-title") == TITLES["es"]
    other = own_site(locale="it-IT")
    assert home_language(other, "?lang=fr", {"lang": "en"}) == "en"
    assert other.page.inner_text("#home-title") == TITLES["en"]


def test_the_choice_follows_the_pages_python(own_site):
    """?lang= is taken as it is (trimmed, any case), as i18n and teaching
    read it; a stored choice or a browser's tag by its primary subtag."""
    site = own_site(locale="es-ES")
    site.open(path="index.html")
    choose = "([have, asked, saved]) => window.DicelandShared.language(have, asked, saved)"
    have = ["en", "es", "it"]
    cases = [
        (["IT ", None], "it"),          # ?lang= trimmed, any case
        (["it-IT", ["en"]], "en"),      # a ?lang= tag is not a language: the stored one
        ([None, ["it_IT"]], "it"),      # a stored tag by its primary subtag
        ([None, [42, "fr"]], "es"),     # nothing usable stored: the browser's es-ES
        (["", []], "es"),
    ]
    for (asked, saved), expected in cases:
        assert site.page.evaluate(choose, [have, asked, saved or []]) == expected, (asked, saved)
    assert site.page.evaluate(choose, [{"en": {}, "it": {}}, None, []]) == "en"  # no es: English


def test_the_boot_screen_speaks_the_stored_choice_before_python(own_site):
    """A game page whose Python is held back: the boot screen's words are
    already in the player's stored language."""
    site = own_site(locale="en-GB")
    page = site.page
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.add_init_script("localStorage.setItem('diceland:settings', JSON.stringify({lang: 'es'}))")
    page.goto(site.base_url + "diceland.html")
    page.wait_for_function("() => document.getElementById('boot-progress')"
                           " && document.getElementById('boot-progress').getAttribute('aria-label')")
    strings = page.evaluate("window.DICELAND_BOOT_STRINGS")
    assert page.get_attribute("#boot-progress", "aria-label") == strings["es"]["boot.progress"]
    assert strings["es"]["boot.progress"] != strings["en"]["boot.progress"]
    assert page.evaluate("document.documentElement.dataset.ready") is None  # Python still held back
