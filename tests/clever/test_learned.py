"""The learned correction of the expert's projection (bots/learned.py): one
state per yellow line, weights mixed by the dice still to come, and the
shipped table that the expert reads."""

from __future__ import annotations

import json

import pytest

from diceland_core.games.clever.bots import learned
from diceland_core.games.clever.bots.evaluate import DEFAULT_PARAMS, value
from diceland_core.games.clever.sheet import Sheet, yellow_bit


def table(weights: dict[int, tuple[float, float]], horizon: float = 24.0) -> dict:
    w = [0.0] * (2 * learned.FEATURES)
    for i, (early, late) in weights.items():
        w[2 * i], w[2 * i + 1] = early, late
    return {"horizon": horizon, "features": learned.FEATURES, "weights": w}


def test_one_state_per_yellow_line_and_a_bias():
    s = Sheet()
    idx = learned.feature_indices(s)
    assert len(idx) == 10 and idx[-1] == learned.FEATURES - 1
    # nine lines of four fields, each in its own block of 16 states
    assert [i // 16 for i in idx[:9]] == list(range(9))
    # the empty sheet: each column and row shows only its printed cross
    printed = [i % 16 for i in idx[:8]]
    assert all(bin(m).count("1") == 1 for m in printed)
    assert idx[8] % 16 == 0            # the diagonal has no printed cross


def test_a_mark_changes_its_column_row_and_diagonal():
    s = Sheet()
    before = learned.feature_indices(s)
    s.y |= 1 << yellow_bit(0, 0)
    after = learned.feature_indices(s)
    changed = [k for k in range(10) if before[k] != after[k]]
    assert changed == [0, 4, 8]          # column 0, row 0, the diagonal


def test_correction_mixes_the_early_and_late_weights():
    s = Sheet()
    idx = learned.feature_indices(s)
    t = table({idx[0]: (10.0, 2.0), idx[-1]: (-4.0, 1.0)})
    assert learned.correction(s, 0.0, t) == pytest.approx(2.0 + 1.0)
    assert learned.correction(s, 24.0, t) == pytest.approx(10.0 - 4.0)
    assert learned.correction(s, 12.0, t) == pytest.approx(6.0 - 1.5)
    assert learned.correction(s, 99.0, t) == pytest.approx(6.0)     # past the horizon: the early weights


def test_value_adds_the_correction_only_with_a_table():
    s = Sheet()
    idx = learned.feature_indices(s)
    plain = value(s, 10.0, DEFAULT_PARAMS)
    with_table = value(s, 10.0, {**DEFAULT_PARAMS, "learned": table({idx[-1]: (7.0, 7.0)})})
    assert with_table == pytest.approx(plain + 7.0)


def test_the_shipped_table_is_whole_and_says_how_it_was_trained():
    data = learned.load_weights()
    assert len(data["weights"]) == 2 * learned.FEATURES == 2 * data["features"]
    assert data["horizon"] > 0 and any(data["weights"])
    trained = data["trained"]
    assert trained["games_per_iteration"] > 0 and trained["check_games"] > 0


def test_a_table_of_the_wrong_size_is_refused(tmp_path, monkeypatch):
    bad = tmp_path / "clever_value.json"
    bad.write_text(json.dumps({"horizon": 24, "features": 3, "weights": [0, 0, 0]}), encoding="utf-8")
    monkeypatch.setattr(learned, "__file__", str(bad))
    learned.load_weights.cache_clear()
    try:
        with pytest.raises(ValueError, match="has 3 weights"):
            learned.load_weights()
    finally:
        learned.load_weights.cache_clear()


def _training():
    from support import load_trainer

    return load_trainer("clever_value")


def test_training_fit_recovers_a_planted_correction():
    """Rows made from a known table (what the sheets scored = projection +
    that table's correction) give back a table whose correction, as the
    engine computes it, is the planted one on every row."""
    training = _training()
    rng = __import__("random").Random(3)
    planted = [0.0] * (2 * learned.FEATURES)
    for i in range(0, 2 * learned.FEATURES, 7):
        planted[i] = rng.uniform(-5, 5)
    games, sheets = [], {}
    for _ in range(400):
        rows = []
        for _ in range(12):
            s = Sheet()
            s.y |= rng.getrandbits(16)
            idx = learned.feature_indices(s)
            sheets[idx] = s
            t = rng.random()
            corr = sum(planted[2 * i] * t + planted[2 * i + 1] * (1 - t) for i in idx)
            rows.append((idx, t, 100.0 - corr))       # the projection misses exactly corr
        games.append((rows, 100.0))
    fitted = training.table_of(training.fit(games, 1e-6), {})
    # the weights of one line's states are not unique (the bias can take a
    # share), but the correction the engine reads back is the planted one
    for rows, final in games[:20]:
        for idx, t, proj in rows:
            s = sheets[idx]
            got = learned.correction(s, t * training.HORIZON, fitted)
            assert got == pytest.approx(final - proj, abs=0.01)   # weights kept to 3 decimals


def test_training_solve_is_gaussian_elimination():
    training = _training()
    a = [[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]
    x = [1.0, -2.0, 0.5]
    b = [sum(a[i][j] * x[j] for j in range(3)) for i in range(3)]
    assert training.solve([r[:] for r in a], b[:]) == pytest.approx(x)
