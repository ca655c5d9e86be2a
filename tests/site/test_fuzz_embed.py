"""Seeded fuzzing of the embed page's readers: ``s=`` links and the rest of
its query.  2,000 random and mutated inputs each by default, 10,000 with
``DICELAND_LONG=1`` (support.fuzz_runs), some nested to kill the parser
(refused before parsing as too deep); the only exception out is
EmbedError, with a message in every language; a link that is accepted
builds its whole script (texts, every step, the views)."""

from __future__ import annotations

import base64
import json
import random
import zlib
from pathlib import Path

from hostile import hostile, parser_depth
from support import fuzz_runs, mutate_json

from diceland_site.lessons import LessonScript
from diceland_site.teaching import EmbedError, encode_scenario, parse_params
from diceland_site.i18n import LANGUAGES
from diceland_site.safejson import MAX_DEPTH

RUNS = fuzz_runs()
ROOT = Path(__file__).resolve().parents[2]
LESSONS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "site" / "tutorial" / "diceland").glob("0*.json"))]
VALUES = [None, True, 0, -1, 3, 2**70, 1.5, "", "x", "red", [], {}, [[0, 0]], ["red"], {"en": "<b>x</b>"},
          "<img src=x onerror=alert(1)>", "\u202e", "A"]
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/= %\x00é"


def mutate_text(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(chars) + 1)
        r = rng.random()
        if r < 0.4 and chars:
            del chars[min(i, len(chars) - 1)]
        elif r < 0.7:
            chars.insert(i, rng.choice(ALPHABET))
        elif chars:
            chars[min(i, len(chars) - 1)] = rng.choice(ALPHABET)
    return "".join(chars)


def exercise(query: dict) -> str:
    """Everything the embed page does with a query before it draws."""
    try:
        params = parse_params(query, ["en"])
        if params.data is None:
            return "named"
        script = LessonScript(params.data, "diceland")
        step = script.check_view(params.step, params.seat)
        for lang in LANGUAGES:
            script.title(lang), script.explain(lang), script.caption(step, lang), script.names(lang)
        script.game_at(step)
        return "shown"
    except EmbedError as exc:
        for lang in LANGUAGES:
            assert exc.message(lang)
        return exc.key


def test_fuzz_s_links():
    rng = random.Random(11)
    outcomes: dict[str, int] = {}
    for i in range(RUNS):
        lesson = rng.choice(LESSONS)
        r = rng.random()
        kind = text = None
        if r < 0.45:
            s = encode_scenario(mutate_json(rng, lesson, VALUES))
        elif r < 0.55:  # nested to kill the parser, or brackets hidden in strings
            kind, text = hostile(rng, lesson)
            s = deflate(text)
        elif r < 0.85:
            s = mutate_text(rng, encode_scenario(lesson))
        else:
            s = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 200)))
        query = {"s": s}
        if rng.random() < 0.3:
            query["step"] = rng.choice(["0", "1", "-1", "999", "x", "", "³", "1e3"])
        if rng.random() < 0.2:
            query["seat"] = rng.choice(["0", "3", "-2", "nine"])
        key = exercise(query)
        if text is not None and len(query) == 1:  # (else a broken step or seat may be named first)
            too_deep = parser_depth(text, MAX_DEPTH) > MAX_DEPTH
            assert (key == "too_deep") == too_deep, kind
        outcomes[key] = outcomes.get(key, 0) + 1
    assert outcomes.get("shown", 0) > RUNS // 20 and outcomes.get("too_deep", 0) > RUNS // 50 and len(outcomes) >= 7, outcomes


def deflate(text: str) -> str:
    """An ``s=`` value of any text (raw deflate, base64url)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def test_fuzz_embed_queries():
    rng = random.Random(12)
    names = ["phase-1", "overshoot", "01-open-zones.json", "nope", "../etc/passwd", "", "<b>"]
    for i in range(RUNS):
        query: dict = {}
        for key in ("scenario", "s", "step", "seat", "lang", "extra"):
            if rng.random() < 0.4:
                pick = rng.random()
                if key == "scenario" and pick < 0.7:
                    value = rng.choice(names)
                elif pick < 0.2:
                    value = [rng.choice(names), "2"]
                else:
                    value = "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 30)))
                query[key] = value
        exercise(query)
