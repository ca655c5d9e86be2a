"""The reader of messages a page's frames post to it: only the two kinds a
lesson frame sends, each field checked and bounded; fuzzed."""

from __future__ import annotations

import math
import random

import pytest

from diceland_site.frame_messages import KINDS, MAX_HEIGHT, FrameMessage, read_frame_message

N = 10_000
ODD = [None, True, False, 0, -1, 1, 0.5, 19_999.2, 20_000, 1e308, float("inf"), float("-inf"), float("nan"),
       "", "12", "1e3", "diceland:height", "diceland:solved", "open-zones", "clever/02-areas", "../../etc",
       "<img src=x onerror=alert(1)>", "a" * 100_000, "[" * 10_000, "DICELAND:HEIGHT", "diceland:height ",
       ["diceland:height"], {"type": "diceland:height"}, object(), b"diceland:height", 2**64, -(2**64)]


def test_a_lesson_frame_says_its_height_and_a_solved_lesson():
    assert read_frame_message("diceland:height", 412.3) == FrameMessage("diceland:height", height=413)
    assert read_frame_message("diceland:solved", None, "clever/02-areas") == FrameMessage("diceland:solved", lesson="clever/02-areas")
    assert read_frame_message("diceland:solved", None, "open-zones").lesson == "open-zones"


@pytest.mark.parametrize("kind, height, lesson", [
    ("diceland:height", 0, None), ("diceland:height", -5, None), ("diceland:height", MAX_HEIGHT, None),
    ("diceland:height", float("nan"), None), ("diceland:height", float("inf"), None), ("diceland:height", True, None),
    ("diceland:height", "300", None), ("diceland:solved", None, "../x"), ("diceland:solved", None, "a" * 200),
    ("diceland:solved", None, 7), ("diceland:live", 10, "x"), (None, 10, "x"), ("toString", 10, "x"),
])
def test_anything_else_is_dropped(kind, height, lesson):
    assert read_frame_message(kind, height, lesson) is None


def _value(rng: random.Random) -> object:
    pick = rng.random()
    if pick < 0.4:
        return rng.choice(ODD)
    if pick < 0.6:
        return rng.uniform(-1e6, 1e6)
    if pick < 0.8:
        return "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(0, 60)))
    return rng.choice(KINDS)


def test_fuzz_frame_messages():
    rng = random.Random(20261126)
    kept = {kind: 0 for kind in KINDS}
    for _ in range(N):
        kind = rng.choice(KINDS) if rng.random() < 0.5 else _value(rng)
        msg = read_frame_message(kind, _value(rng), _value(rng))
        if msg is None:
            continue
        kept[msg.kind] += 1
        assert msg.kind in KINDS
        if msg.kind == "diceland:height":
            assert isinstance(msg.height, int) and 0 < msg.height <= MAX_HEIGHT and msg.lesson == ""
        else:
            assert 0 < len(msg.lesson) <= 97 and msg.height == 0 and "." not in msg.lesson and "<" not in msg.lesson
    assert min(kept.values()) > 50, kept  # the fuzzing reached both kinds, not only refusals
