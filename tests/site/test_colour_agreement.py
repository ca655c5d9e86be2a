"""Every Spanish and Italian message that names a colour, in the site's
locales and in the engine's catalogues, rendered with every colour: the
colour agrees in gender and number with the noun it qualifies ("casilla
roja", "dadi rossi", never "casilla rojo").  The correct forms are this
file's own table, not the one the code reads."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

import diceland_core.games.clever  # noqa: F401  (registers its messages)
import diceland_core.games.diceland  # noqa: F401
import diceland_core.games.wideshut  # noqa: F401
import diceland_core.games.diceland.review  # noqa: F401
import diceland_core.games.wideshut.review  # noqa: F401
from diceland_core.core.errors import render_message
from diceland_site.games.clever.strings import CleverStrings
from diceland_site.games.diceland.strings import DicelandStrings
from diceland_site.games.wideshut.strings import WideStrings

ROOT = Path(__file__).resolve().parents[2]
#: masculine singular, feminine singular, masculine plural, feminine plural
FORMS = {
    "es": {"rojo": ("rojo", "roja", "rojos", "rojas"), "amarillo": ("amarillo", "amarilla", "amarillos", "amarillas"),
           "verde": ("verde", "verde", "verdes", "verdes"), "azul": ("azul", "azul", "azules", "azules"),
           "naranja": ("naranja",) * 4, "gris": ("gris", "gris", "grises", "grises"),
           "blanco": ("blanco", "blanca", "blancos", "blancas"), "lila": ("lila",) * 4,
           "morado": ("morado", "morada", "morados", "moradas")},
    "it": {"rosso": ("rosso", "rossa", "rossi", "rosse"), "giallo": ("giallo", "gialla", "gialli", "gialle"),
           "verde": ("verde", "verde", "verdi", "verdi"), "blu": ("blu",) * 4,
           "arancione": ("arancione", "arancione", "arancioni", "arancioni"),
           "grigio": ("grigio", "grigia", "grigi", "grigie"), "bianco": ("bianco", "bianca", "bianchi", "bianche"),
           "viola": ("viola",) * 4},
}
MS, FS, MP, FP = range(4)
#: the nouns a colour can qualify, with the form they ask for
NOUNS = {
    "es": {"casilla": FS, "casillas": FP, "zona": FS, "zonas": FP, "área": FS, "cruz": FS, "mitad": FS,
           "dado": MS, "dados": MP, "grupo": MS, "color": MS},
    "it": {"casella": FS, "caselle": FP, "zona": FS, "zone": FP, "area": FS, "croce": FS, "metà": FS,
           "dado": MS, "dadi": MP, "gruppo": MS, "gruppi": MP, "colore": MS},
}
#: words that may stand between a noun and its colour ("casilla comodín roja")
BETWEEN = {"es": {"comodín", "bonificación", "de"}, "it": {"premio", "bonus"}}
#: a colour after these is said of the sentence's subject ("los dados son rojos")
VERBS = {"es": {"es", "son", "está", "están"}, "it": {"è", "sono"}}
#: the placeholders that hold a colour's name
COLOUR_PARAMS = {"colour", "cell_colour", "chosen", "area", "die", "colours"}
COLOURS = {"es", "it"}


def _names(template: str) -> set[str]:
    """Every placeholder, also those nested in a plural spec."""
    found = set()
    for _, name, spec, _ in string.Formatter().parse(template):
        if name:
            found.add(name)
        if spec and "{" in spec:
            found |= _names(spec)
    return found


def _site_templates(lang):
    for strings in (DicelandStrings(lang), CleverStrings(lang), WideStrings(lang)):
        for key, text in strings.table.items():
            if _names(text) & COLOUR_PARAMS:
                yield f"site {type(strings).__name__} {key}", lambda p, s=strings, k=key: s.t(k, **p), _names(text)


def _engine_templates(lang):
    files = sorted(ROOT.glob("diceland_core/**/messages.json")) + sorted(ROOT.glob("diceland_core/**/review_messages.json"))
    for path in files:
        namespace = "review" if path.name == "review_messages.json" else (
            "core" if path.parent.name == "core" else path.parent.name)
        for code, langs in json.loads(path.read_text(encoding="utf-8"))["messages"].items():
            text = langs[lang]
            if _names(text) & COLOUR_PARAMS:
                yield (f"engine {namespace}.{code}",
                       lambda p, c=f"{namespace}.{code}": render_message(c, p, lang), _names(text))


def _expected(tokens: list[str], i: int, lang: str) -> int:
    """The form the colour at ``tokens[i]`` must take, from the words before it."""
    j = i - 1
    while j >= 0 and tokens[j] in BETWEEN[lang]:
        j -= 1
    if j >= 0 and tokens[j] in NOUNS[lang]:
        return NOUNS[lang][tokens[j]]
    if j >= 0 and tokens[j] in VERBS[lang]:
        for k in range(j - 1, max(j - 7, -1), -1):
            if tokens[k] in NOUNS[lang]:
                return NOUNS[lang][tokens[k]]
        raise AssertionError(f"a colour said of no noun: {' '.join(tokens)}")
    return MS  # the colour as a noun: "elige rojo", "3 × rojo"


def _disagreements(text: str, word: str, lang: str) -> list[str]:
    forms = FORMS[lang][word]
    tokens = re.findall(r"\w+|[^\w\s]", text.lower())
    return [f"{tokens[i - 1] if i else ''} {t} (want {forms[_expected(tokens, i, lang)]})"
            for i, t in enumerate(tokens) if t in forms and t != forms[_expected(tokens, i, lang)]]


@pytest.mark.parametrize("lang", sorted(COLOURS))
def test_every_colour_agrees_with_its_noun(lang):
    checked, wrong = 0, []
    for where, render, names in [*_site_templates(lang), *_engine_templates(lang)]:
        for word in FORMS[lang]:
            for n in (1, 3):
                params = {name: (word if name in COLOUR_PARAMS else n) for name in names}
                text = render(params)
                assert word in text.lower() or any(f in text.lower() for f in FORMS[lang][word]), (where, text)
                wrong += [f"{where}: {text} — {bad}" for bad in _disagreements(text, word, lang)]
                checked += 1
    assert checked > 300
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", sorted(COLOURS))
def test_every_colour_of_every_game_has_its_forms_in_the_table(lang):
    words = set()
    for strings in (DicelandStrings(lang), CleverStrings(lang), WideStrings(lang)):
        words |= {v.lower() for k, v in strings.table.items() if re.fullmatch(r"(clever\.)?colour\.\w+", k)}
    assert words and words <= set(FORMS[lang]), words - set(FORMS[lang])


def test_a_known_mistake_is_caught():
    assert _disagreements("tacha una casilla rojo por dado", "rojo", "es") == ["casilla rojo (want roja)"]
    assert _disagreements("i tuoi dadi sono rosso", "rosso", "it") == ["sono rosso (want rossi)"]
    assert _disagreements("tacha una casilla roja por dado", "rojo", "es") == []
