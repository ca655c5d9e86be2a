"""RULES.md D2: the placement rules, on small boards whose counts are
checked by hand, plus exhaustive agreement with the naive reference."""

from __future__ import annotations

import pytest

from support import SMALL_GRID, make_board
from diceland_core import IllegalActionError
from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland.sheet import Sheet
from diceland_reference import RefBoard, all_placements

R, Y, G, B, O, S = Colour

# Two red zones: (0,0)-(0,1) and (0,3)-(0,4), separated by yellow (0,2).
#   row 0:  R  R  Y  R  R
#   row 1:   B  @  G  G  Y
TWO_RED = "R  R  Y  R  R\n B  @  G  G  Y"


def sheet(grid, cells=()):
    board = make_board(grid)
    return Sheet.from_cells(board, cells)


def cells(s: Sheet, mask: int):
    return s.board.cells_of(mask)


def refusal(s: Sheet, colour: Colour, dice: int, crosses) -> IllegalActionError:
    """The error with which ``s`` refuses ``dice`` dice of ``colour`` on
    ``crosses`` (the test fails if it accepts them)."""
    with pytest.raises(IllegalActionError) as err:
        s.check(colour, dice, s.board.mask_of(crosses))
    return err.value


# -- D1.3 adjacency ------------------------------------------------------------

def test_d1_3_neighbours_even_and_odd_rows():
    board = make_board(SMALL_GRID)
    # even row 0: (0,1) touches row 1 columns 0 and 1
    assert sorted(board.cells_of(board.neighbours[board.index(0, 1)])) == [(0, 0), (0, 2), (1, 0), (1, 1)]
    # odd row 1: (1,1) touches rows 0 and 2 columns 1 and 2
    assert sorted(board.cells_of(board.neighbours[board.index(1, 1)])) == [
        (0, 1), (0, 2), (1, 0), (1, 2), (2, 1), (2, 2)]
    # obstacles are nobody's neighbour
    assert board.index(2, 3) not in [i for i in range(18) if board.neighbours[board.index(1, 3)] >> i & 1]


def test_d1_4_zones_are_inferred_as_connected_same_colour_groups():
    board = make_board(SMALL_GRID)
    zones = sorted((z.colour.key, z.cells) for z in board.zones)
    assert ("green", ((0, 5), (1, 5), (2, 4), (2, 5))) in zones
    assert ("orange", ((1, 2), (1, 3), (1, 4))) in zones
    assert len(board.zones) == 6


# -- perft: exact placement counts, verified by hand -------------------------

@pytest.mark.parametrize("colour,n,expected", [
    # red zone (0,0)(0,1)(0,2); the start (1,1) touches (0,1) and (0,2)
    (R, 1, [[(0, 1)], [(0, 2)]]),
    (R, 2, [[(0, 0), (0, 1)], [(0, 1), (0, 2)]]),  # (0,0)+(0,2) do not touch
    (R, 3, [[(0, 0), (0, 1), (0, 2)]]),
    (R, 4, []),  # D2.4 overshoot
    (S, 1, [[(2, 1)], [(2, 2)]]),
    (S, 2, [[(2, 0), (2, 1)], [(2, 1), (2, 2)]]),
    (O, 1, [[(1, 2)]]),
    (O, 2, [[(1, 2), (1, 3)]]),
    (O, 3, [[(1, 2), (1, 3), (1, 4)]]),
    (B, 1, [[(1, 0)]]),
    (B, 2, []),
    (Y, 1, []),  # D2.5: the yellow zone is out of reach
    (G, 1, []),
])
def test_perft_small_board_from_start(colour, n, expected):
    s = sheet(SMALL_GRID)
    got = sorted(cells(s, m) for m in s.placements(colour, n))
    assert got == sorted(expected)
    assert s.can_place(colour, n) == bool(expected)


def test_perft_small_board_after_orange():
    """After crossing orange (1,2)-(1,4): yellow (0,3)(0,4) and green (0,5),
    (1,5), (2,4), (2,5) come within reach."""
    s = sheet(SMALL_GRID, [(1, 2), (1, 3), (1, 4)])
    assert sorted(cells(s, m) for m in s.placements(Y, 1)) == [[(0, 3)], [(0, 4)]]
    assert sorted(cells(s, m) for m in s.placements(Y, 2)) == [[(0, 3), (0, 4)]]
    # green: (1,4) touches (0,5)? no — row 1 touches row 0 columns 4,5: (0,5) yes;
    # (1,5) yes (same row); (2,4) and (2,5) (row 2, columns 4,5) yes.
    assert sorted(cells(s, m) for m in s.placements(G, 1)) == [[(0, 5)], [(1, 5)], [(2, 4)], [(2, 5)]]
    # pairs: every adjacent pair of the four (they form a connected blob):
    # (0,5)-(1,5), (1,5)-(2,4), (1,5)-(2,5), (2,4)-(2,5); (0,5)-(2,4), (0,5)-(2,5)
    # are not adjacent but both touch the crosses, so they grow cell by cell too.
    assert len(s.placements(G, 2)) == 6
    assert len(s.placements(G, 3)) == 4
    assert len(s.placements(G, 4)) == 1


def test_perft_agrees_with_brute_force_on_every_colour_and_count():
    """All placements from several positions equal the reference's brute force."""
    positions = [[], [(1, 2)], [(1, 2), (1, 3), (1, 4)], [(0, 1), (2, 1)], [(1, 2), (1, 3), (1, 4), (0, 5)]]
    ref_board = RefBoard(SMALL_GRID)
    for pre in positions:
        s = sheet(SMALL_GRID, pre)
        crossed = set(pre) | {(1, 1)}
        for colour in Colour:
            for n in range(1, 7):
                mine = sorted(tuple(cells(s, m)) for m in s.placements(colour, n))
                ref = sorted(tuple(sorted(p)) for p in all_placements(ref_board, crossed, colour.key, n))
                assert mine == ref, (pre, colour, n)


# -- D2.1 adjacency --------------------------------------------------------------

def test_d2_1_cell_not_touching_the_crosses_is_rejected():
    s = sheet(SMALL_GRID)
    assert refusal(s, R, 2, [(0, 0), (0, 2)]).rule == "D2.1"


def test_d2_1_crosses_of_the_same_placement_count():
    s = sheet(SMALL_GRID)
    s.check(O, 3, s.board.mask_of([(1, 4), (1, 3), (1, 2)]))  # order does not matter


# -- D2.2 one open zone per colour -------------------------------------------------

def test_d2_2_open_zone_must_be_finished_first():
    s = sheet(TWO_RED, [(0, 1), (1, 2)])  # red zone 1 open; green opens the way east
    assert s.open_zones(R) == [s.board.zone_of[s.board.index(0, 1)]]
    assert refusal(s, R, 1, [(0, 3)]).rule == "D2.2"
    assert [cells(s, m) for m in s.placements(R, 1)] == [[(0, 0)]]
    s.cross(s.board.mask_of([(0, 0)]))  # zone 1 complete: another may open
    assert sorted(cells(s, m) for m in s.placements(R, 1)) == [[(0, 3)]]


def test_d2_2_any_reachable_zone_may_be_opened():
    s = sheet(TWO_RED, [(1, 2)])
    assert sorted(cells(s, m) for m in s.placements(R, 1)) == [[(0, 1)], [(0, 3)]]
    assert sorted(cells(s, m) for m in s.placements(R, 2)) == [[(0, 0), (0, 1)], [(0, 3), (0, 4)]]


# -- D2.3 one cross per die, one zone ------------------------------------------------

def test_d2_3_exactly_one_cross_per_die():
    s = sheet(SMALL_GRID)
    refused = refusal(s, R, 3, [(0, 1), (0, 2)])
    assert refused.rule == "D2.3" and refused.data["dice"] == 3


def test_d2_3_cells_of_another_colour_are_rejected():
    s = sheet(SMALL_GRID)
    assert refusal(s, R, 2, [(0, 1), (1, 2)]).rule == "D2.3"


def test_d2_3_d2_4_a_placement_never_spills_into_a_second_zone():
    s = sheet(TWO_RED, [(1, 2)])
    assert refusal(s, R, 3, [(0, 0), (0, 1), (0, 3)]).rule in ("D2.3", "D2.4")
    assert s.placements(R, 3) == () and not s.can_place(R, 3)


# -- D2.4 overshoot, D2.5 reachability ---------------------------------------------

def test_d2_4_overshoot_in_the_open_zone_even_when_another_zone_is_big_enough():
    s = sheet(TWO_RED, [(0, 1), (1, 2)])  # zone 1 has 1 free cell; zone 2 has 2
    assert not s.can_place(R, 2)
    reason = s.overshoot_reason(R, 2)
    assert reason.rule == "D2.4" and reason.code == "diceland.overshoot_free"
    assert str(reason) == "D2.4 too many dice: 2 red dice, but the zone has only 1 free cell; cross nothing (pass)"
    assert reason.text("es") == "demasiados dados: 2 × rojo, pero la zona solo tiene 1 casilla libre: no se tacha nada (pasa)"


def test_d2_4_overshoot_on_the_small_board():
    s = sheet(SMALL_GRID)
    assert str(s.overshoot_reason(R, 4)) == \
        "D2.4 too many dice: 4 red dice, but the zone has only 3 free cells; cross nothing (pass)"
    assert s.overshoot_reason(R, 3) is None


#: a 5-cell red zone beside the start, a 7-cell red zone out of reach
FIVE_AND_SEVEN = "R  R  R  R  R  Y  R  R  R  R  R  R  R\n B  @  G  G  G  Y  G  G  G  G  G  G  B"


def test_d2_4_six_dice_against_a_reachable_five_cell_zone_is_an_overshoot():
    """D2.4, not D2.5: the zone the player must use (the only one within
    reach) has fewer free cells than dice, although a bigger red zone exists
    out of reach."""
    s = sheet(FIVE_AND_SEVEN)
    assert not s.can_place(R, 6)
    reason = s.overshoot_reason(R, 6)
    assert reason.rule == "D2.4" and reason.params["free"] == 5
    # with five dice the near zone takes them all
    assert s.can_place(R, 5)


def test_d2_5_free_cells_out_of_reach_give_no_placement():
    # yellow (0,2) is the only yellow cell within reach; (1,4) is its own zone, unreachable
    s = sheet(TWO_RED)
    assert [cells(s, m) for m in s.placements(Y, 1)] == [[(0, 2)]]
    s2 = sheet(SMALL_GRID)
    assert s2.placements(Y, 2) == () and s2.overshoot_reason(Y, 2).rule == "D2.5"


def test_d2_5_zone_partly_out_of_reach():
    # a 3-cell yellow zone where only one end touches the crosses
    grid = "Y  Y  Y  #\n #  #  @  #"
    s = sheet(grid)
    # (1,2) (odd) touches row 0 columns 2 and 3 -> only (0,2)
    assert [cells(s, m) for m in s.placements(Y, 1)] == [[(0, 2)]]
    assert [cells(s, m) for m in s.placements(Y, 2)] == [[(0, 1), (0, 2)]]
    assert refusal(s, Y, 1, [(0, 0)]).rule == "D2.1"


# -- D2.6 ---------------------------------------------------------------------------

def test_d2_6_obstacles_and_start_are_never_placed():
    s = sheet(SMALL_GRID)
    for cell in [(2, 3), (1, 1)]:
        assert refusal(s, R, 1, [cell]).rule == "D2.6"


def test_already_crossed_cell_is_rejected():
    s = sheet(SMALL_GRID, [(0, 1)])
    assert refusal(s, R, 1, [(0, 1)]).rule == "D2.3"


# -- next cells (the UI's one-tap-at-a-time question) --------------------------------

def test_next_cells_grow_one_tap_at_a_time():
    s = sheet(SMALL_GRID, [(1, 2), (1, 3), (1, 4)])
    b = s.board
    first = cells(s, s.next_cells(G, 3, 0))
    assert first == [(0, 5), (1, 5), (2, 4), (2, 5)]
    after = cells(s, s.next_cells(G, 3, b.mask_of([(0, 5)])))
    assert after == [(1, 5), (2, 4), (2, 5)]
    full = b.mask_of([(0, 5), (1, 5), (2, 5)])
    assert s.next_cells(G, 3, full) == 0
    # red, 2 dice: (0,0) only becomes tappable after (0,1)
    assert cells(s, s.next_cells(R, 2, 0)) == [(0, 1), (0, 2)]
    assert cells(s, s.next_cells(R, 2, b.mask_of([(0, 1)]))) == [(0, 0), (0, 2)]
    assert cells(s, s.next_cells(R, 2, b.mask_of([(0, 2)]))) == [(0, 1)]
