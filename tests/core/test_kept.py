"""The bots' bounded cache (core/kept.py): at most ``limit`` entries, the
older half going when it is full, so the game in progress keeps its own."""

import pytest

from diceland_core.core.kept import Kept


def test_a_full_cache_lets_its_older_half_go_and_keeps_the_newer():
    kept = Kept(8)
    for k in range(8):
        kept.keep(k, k * 10)
    assert len(kept) == 8
    kept.keep("new", 1)
    assert list(kept) == [4, 5, 6, 7, "new"]
    for k in range(100):
        kept.keep(("more", k), k)
        assert len(kept) <= 8
    assert all(kept[("more", k)] == k for k in range(96, 100))  # the newest half always stays


def test_a_lookup_does_not_count_and_a_key_kept_again_takes_no_room():
    kept = Kept(4)
    for k in range(4):
        kept.keep(k, k)
    assert kept.get(0) == 0 and kept.keep(3, "again") == "again" and len(kept) == 4
    kept.keep(4, 4)
    assert 0 not in kept and list(kept) == [2, 3, 4]


def test_a_cache_holds_at_least_one_entry():
    with pytest.raises(ValueError):
        Kept(0)
    one = Kept(1)
    one.keep("a", 1)
    one.keep("b", 2)
    assert dict(one) == {"b": 2}
