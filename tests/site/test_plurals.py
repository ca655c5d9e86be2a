"""Every message with a count reads right for 1 and for 2 in every
language: "1 die", "1 dado", never "1 dadi" nor "2 dado"."""

from __future__ import annotations

import re

import pytest

from diceland_site.games.clever.strings import CleverStrings
from diceland_site.games.diceland.strings import DicelandStrings
from diceland_site.games.wideshut.strings import WideStrings
from diceland_site.i18n import LANGUAGES, Strings, placeholders

#: the placeholders that hold a count
COUNTS = {"count", "n", "free", "held", "selected", "zones", "stars", "left", "done", "total", "points",
          "score", "splits", "room", "margin", "columns", "moves", "steps", "other_total", "runs", "foxes"}
#: the nouns a count can stand before, singular and plural, per language
NOUNS = {
    "en": ({"die", "cell", "point", "zone", "lesson", "row", "column", "bonus cell", "lit zone", "empty column"},
           {"dice", "cells", "points", "zones", "lessons", "rows", "columns", "bonus cells", "lit zones",
            "empty columns", "split rows", "more bonus cells", "free cells"}),
    "es": ({"dado", "casilla", "punto", "zona", "lección", "fila", "columna"},
           {"dados", "casillas", "puntos", "zonas", "lecciones", "filas", "columnas"}),
    "it": ({"dado", "casella", "punto", "zona", "lezione", "riga", "colonna"},
           {"dadi", "caselle", "punti", "zone", "lezioni", "righe", "colonne"}),
}
#: "3 of 1 cells" cannot happen: these never hold 1
NEVER_ONE = {("progress.colour", "total"), ("over.why_one", "stars"), ("over.why_bonus", "stars"),
             ("over.why_each", "stars"), ("breakdown.wide.start", "columns"), ("prompt.ready", "count"),
             ("tap.full", "count"), ("mini.last_move", "count"), ("log.replaying", "moves"),
             ("tutorial.progress", "total"), ("breakdown.clever.next_tier", "points")}


def _tables(lang):
    for strings in (DicelandStrings(lang), CleverStrings(lang), WideStrings(lang)):
        yield strings


def _wrong(text: str, n: int, lang: str) -> list[str]:
    singular, plural = NOUNS[lang]
    bad = plural if n == 1 else singular
    found = [m.group(0) for word in bad for m in re.finditer(rf"(?<![\d.,−-]){n} {re.escape(word)}\b", text)]
    found += re.findall(r"\(s\)|\(es\)|/e\b", text)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_counted_message_reads_right_for_one_and_two(lang):
    checked, wrong = 0, []
    for strings in _tables(lang):
        for key, text in strings.table.items():
            names = placeholders(text)
            for name in sorted(names & COUNTS):
                if (key, name) in NEVER_ONE:
                    continue
                for n in (1, 2):
                    params = {other: 7 if other in COUNTS else "X" for other in names}
                    params[name] = n
                    out = strings.t(key, **params)
                    assert "{" not in out and "|" not in out, (key, out)
                    if _wrong(out, n, lang):
                        wrong.append((key, name, out))
                    checked += 1
    assert not wrong, "\n".join(map(str, wrong))
    assert checked > 100


def test_a_count_picks_its_form():
    s = DicelandStrings("it")
    assert s.t("prompt.decide", held=5, colour="rosso", free=1).endswith("Rilancia l'altro dado oppure fermati.")
    assert "gli altri 2 dadi" in s.t("prompt.decide", held=4, colour="rosso", free=2)
    assert s.t("score.points", points=1) == "1 punto" and s.t("score.points", points="\u22121") == "\u22121 punto"
    assert Strings("es").t("score.points", points=0) == "0 puntos"
    assert Strings("en").t("tutorial.progress", done=1, total=4) == "1 of 4 lessons done"
