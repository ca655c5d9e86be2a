"""Hostile JSON for the fuzzers: structures nested far deeper than any save,
record or scenario, brackets hidden in strings, texts that never close.
Every reader of outside text must refuse what is too deep before parsing
it (:mod:`diceland_site.safejson`): under Pyodide, parsing it would exhaust
the JavaScript stack, a fatal error that ``except`` cannot catch."""

from __future__ import annotations

import json
import random

SENTINEL = "\u0000nest\u0000"


def parser_depth(text: str, stop_above: int | None = None) -> int:
    """The depth a recursive JSON parser reaches in ``text``: brackets outside
    strings, counted up to the first closing bracket with nothing open (or
    until the depth passes ``stop_above``)."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if stop_above is not None and deepest > stop_above:
                break
        elif c in "]}":
            depth -= 1
            if depth < 0:
                break
    return deepest


def _nest(rng: random.Random, depth: int) -> str:
    """A JSON value ``depth`` levels deep, lists and objects mixed."""
    opens, closes = [], []
    for _ in range(depth):
        if rng.random() < 0.5:
            opens.append("[")
            closes.append("]")
        else:
            opens.append('{"k":')
            closes.append("}")
    return "".join(opens) + "0" + "".join(reversed(closes))


def _splice(rng: random.Random, value, replacement):
    """``value`` with one leaf (or member) somewhere replaced."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted(value, key=str))
        return {**value, key: _splice(rng, value[key], replacement)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        return value[:i] + [_splice(rng, value[i], replacement)] + value[i + 1:]
    return replacement


def hostile(rng: random.Random, doc: object) -> tuple[str, str]:
    """``(kind, text)``: ``doc`` with a deep part spliced in (``deep``: valid
    JSON; ``open``: brackets that never close; ``quoted``: the brackets
    inside a string, harmless)."""
    depth = rng.choice([rng.randrange(1, 60), rng.randrange(55, 75), rng.randrange(75, 3000), 10_000])
    pick = rng.random()
    if pick < 0.5:
        text = json.dumps(_splice(rng, doc, SENTINEL), ensure_ascii=False)
        return "deep", text.replace(json.dumps(SENTINEL, ensure_ascii=False), _nest(rng, depth), 1)
    if pick < 0.8:
        text = json.dumps(doc, ensure_ascii=False)
        cut = rng.randrange(len(text) + 1)
        return "open", text[:cut] + rng.choice(["[", '{"a":', '[{"b":']) * depth
    return "quoted", json.dumps(_splice(rng, doc, "[{" * depth + '\\"' * rng.randrange(3)), ensure_ascii=False)
