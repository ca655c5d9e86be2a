"""The pre-parse checks of diceland_site.safejson: depth and size measured
before json.loads, brackets in strings ignored, linear on hostile text."""

from __future__ import annotations

import json
import random

import pytest

from hostile import parser_depth

from diceland_site.safejson import MAX_DEPTH, JsonLimitError, check, loads, nesting_depth


@pytest.mark.parametrize("text, depth", [
    ("", 0), ("1", 0), ("[]", 1), ("{}", 1), ('{"a":[1,[2]]}', 3), ('["[[[[", "]"]', 1),
    ('["\\"[[[["]', 1), ("[" * 10_000 + "]" * 10_000, 10_000), ("[" * 100_000, 100_000),
    ('"unterminated [[[[', 0), ("[][][]" * 1000, 1), ("]]][[[", 0), ("]][[[", 1), ("[[]", 2), ('["\\', 1),
], ids=lambda v: str(v)[:12] if isinstance(v, str) else None)
def test_depth_of_known_texts(text, depth):
    assert nesting_depth(text) == depth


def test_depth_never_below_what_a_parser_reaches():
    rng = random.Random(5)
    for _ in range(10_000):
        text = "".join(rng.choice('[]{}"\\a,') for _ in range(rng.randrange(0, 40)))
        assert nesting_depth(text) >= parser_depth(text), text


def test_depth_of_valid_json_is_exact():
    rng = random.Random(6)

    def value(level):
        if level > 8 or rng.random() < 0.3:
            return rng.choice([1, "x[", "]\"{", None, 2.5])
        if rng.random() < 0.5:
            return [value(level + 1) for _ in range(rng.randrange(4))]
        return {f"k{i}[": value(level + 1) for i in range(rng.randrange(4))}

    for _ in range(2000):
        text = json.dumps(value(0))
        assert nesting_depth(text) == parser_depth(text)


def test_loads_refuses_deep_and_big_before_parsing():
    with pytest.raises(JsonLimitError) as info:
        loads("[" * 10_000 + "]" * 10_000)
    assert info.value.code == "too_deep"
    with pytest.raises(JsonLimitError) as info:
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert info.value.code == "too_deep"
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(JsonLimitError) as info:
        loads('"' + "a" * 100 + '"', max_chars=50)
    assert info.value.code == "too_big" and "50" in str(info.value)
    assert loads(b'{"a": [1]}') == {"a": [1]}
    with pytest.raises(ValueError):
        loads("{")
    check("[]" * 10)


@pytest.mark.parametrize("text", [
    '"\\' * 200_000,  # every quote escaped: no string ever closes
    '"' + "\\\"" * 200_000,
    "[" * 200_000,
    "[]" * 200_000,
    "[" * 100_000 + "]" * 100_000,
    '"a' * 200_000,
], ids=["escaped-quotes", "escaped-in-string", "open", "flat", "deep", "quotes"])
def test_hostile_texts_are_measured_in_one_pass(text):
    # the scan finishes (quadratic work on these would take minutes)
    depth = nesting_depth(text)
    assert depth >= 0
