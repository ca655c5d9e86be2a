"""The sheet data (sheet.py) checked against the tables of CLEVER.md C2,
written out here a second time by hand, and the totals of C2.8."""

from __future__ import annotations

from collections import Counter

from diceland_core.games.clever import sheet as S


def test_C2_1_yellow_grid_and_bonuses():
    assert [list(r) for r in S.YELLOW_GRID] == [[3, 6, 5, None], [2, 1, None, 5], [1, None, 2, 4], [None, 3, 4, 6]]
    assert S.YELLOW_ROW_BONUS == ("blue_x", "orange_4", "green_x", "fox")
    assert S.YELLOW_COLUMN_POINTS == (10, 14, 16, 20)
    assert S.YELLOW_DIAGONAL_BONUS == "extra"
    assert [S.YELLOW_GRID[i][i] for i in range(4)] == [3, 1, 2, 6]
    # every number 1..6 printed twice (C3.3)
    assert Counter(v for r in S.YELLOW_GRID for v in r if v) == {v: 2 for v in range(1, 7)}


def test_C2_2_blue_lines_and_points():
    assert S.BLUE_ROWS == (((2, 3, 4), "orange_5"), ((5, 6, 7, 8), "yellow_x"), ((9, 10, 11, 12), "fox"))
    assert S.BLUE_COLUMNS == (((5, 9), "reroll"), ((2, 6, 10), "green_x"), ((3, 7, 11), "purple_6"),
                              ((4, 8, 12), "extra"))
    assert S.BLUE_POINTS == (0, 1, 2, 4, 7, 11, 16, 22, 29, 37, 46, 56)


def test_C2_3_to_C2_5_rows():
    assert S.GREEN_THRESHOLDS == (1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6)
    assert S.GREEN_BONUS == {3: "extra", 5: "blue_x", 6: "fox", 8: "purple_6", 9: "reroll"}
    assert S.GREEN_POINTS == (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66)
    assert S.ORANGE_MULTIPLIERS == (1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3)
    assert S.ORANGE_BONUS == {2: "reroll", 4: "yellow_x", 5: "extra", 7: "fox", 9: "purple_6"}
    assert S.PURPLE_BONUS == {2: "reroll", 3: "blue_x", 4: "extra", 5: "yellow_x", 6: "fox",
                              7: "reroll", 8: "green_x", 9: "orange_6", 10: "extra"}


def test_C2_6_C2_7_C1_3_tracks_and_rounds():
    assert S.ROUND_BONUS == {1: "reroll", 2: "extra", 3: "reroll", 4: "black"}
    assert S.TRACK_BOXES == 7
    assert S.ROUNDS == {1: 6, 2: 6, 3: 5, 4: 4}


def test_C2_8_check_totals():
    sources = (list(S.YELLOW_ROW_BONUS) + [S.YELLOW_DIAGONAL_BONUS] + [b for _, b in S.BLUE_ROWS]
               + [b for _, b in S.BLUE_COLUMNS] + list(S.GREEN_BONUS.values())
               + list(S.ORANGE_BONUS.values()) + list(S.PURPLE_BONUS.values())
               + [b for b in S.ROUND_BONUS.values() if b != "black"])
    counts = Counter(sources)
    assert counts["reroll"] == 7 and counts["extra"] == 7 and counts["fox"] == 5


def test_C8_2_line_bonuses_of_a_full_sheet():
    """Marking every field earns every line bonus exactly once, in C8.5's order."""
    s = S.Sheet()
    earned = []
    for bit in range(16):
        if not S.YELLOW_PRINTED >> bit & 1:
            earned += s.mark(S.YELLOW, bit, 0)
    assert earned == ["blue_x", "orange_4", "green_x", "fox", "extra"]
    earned = []
    for n in range(2, 13):
        earned += s.mark(S.BLUE, n, n)
    assert earned == ["orange_5", "yellow_x", "reroll", "green_x", "purple_6", "fox", "extra"]
    assert s.foxes() == 2 and s.area_scores()["yellow"] == 60 and s.area_scores()["blue"] == 56


def test_C10_scores_of_the_best_sheet():
    s = S.Sheet()
    s.y, s.b, s.g = 0xFFFF, S.BLUE_ALL, 11
    s.o = [6 * m for m in S.ORANGE_MULTIPLIERS]
    s.p = [6] * 11
    sc = s.score()
    assert sc["yellow"] == 60 and sc["blue"] == 56 and sc["green"] == 66
    assert sc["orange"] == 6 * 16 and sc["purple"] == 66 and s.foxes() == 5
    assert sc["fox"] == 5 * 56 and sc["total"] == 60 + 56 + 66 + 96 + 66 + 280
