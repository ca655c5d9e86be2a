"""The review's picture of a decision (site/diceland_site/review/marks.py and
each game's games/<game>/review.py): your move and the better move marked
together on the position before the decision, told apart, through the shared
draw ops; the decision's dice are on the table there; and a review link
opening a shared game says that its review follows, not that it was imported."""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET

import pytest

from diceland_core.core.record import definition_of
from diceland_core.core.registry import get_game
from diceland_core.core.review import Review
from diceland_core.core.simulate import play_game
from diceland_site.i18n import Strings
from diceland_site.review.marks import BETTER, PLAYED, Spots, dice_marks, legend, mark_ops, spots_of
from diceland_site.review.screen import ReviewRun, ReviewScreen, ReviewStrings
from diceland_site.seats import Seat
from diceland_site.share import import_toast
from diceland_site.svg import ops_to_svg
from support import MESSAGE_KEY

from test_review_screen import Review as FakeReview, summarise

SQUARE = ((10.0, 10.0), (50.0, 10.0), (50.0, 50.0), (10.0, 50.0))
OTHER = ((60.0, 10.0), (100.0, 10.0), (100.0, 50.0), (60.0, 50.0))


def _box(op) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in op[1]], [y for _, y in op[1]]
    return min(xs), min(ys), max(xs), max(ys)


def _outlines(ops, colour):
    return [op for op in ops if op[0] == "poly" and op[3] == colour]


def test_a_review_link_says_its_review_follows_and_an_import_says_imported():
    assert import_toast({"review": "1.3", "lang": "es"}) == "toast.review_link"
    assert import_toast({"lang": "es"}) == "toast.imported"
    for lang in ("en", "es", "it"):
        said = Strings(lang).t("toast.review_link")
        assert said and not MESSAGE_KEY.search(said) and said != Strings(lang).t("toast.imported")


def test_the_moves_the_picture_marks():
    run = ReviewRun(FakeReview(), summarise)
    while run.step():
        pass
    screen = ReviewScreen(run, "clever", 0, "k")
    assert screen.shown_moves() == {"played": {"pick": 0}, "better": None}  # the best move: one mark
    screen.go(1)  # as good within the error, but the engine has a better one
    assert screen.shown_moves() == {"played": {"pick": 1}, "better": {"pick": 101}}
    screen.go(4)
    assert screen.shown_moves() == {"played": {"pick": 4}, "better": {"pick": 104}}
    waiting = ReviewScreen(ReviewRun(FakeReview(), summarise), "clever", 0, "k")
    assert waiting.shown_moves() is None


def test_both_moves_on_one_picture_told_apart():
    ops = mark_ops(Spots((SQUARE,), ("#die-1",)), Spots((SQUARE, OTHER), ("#die-1", "#die-2")))
    played, better = _outlines(ops, PLAYED), _outlines(ops, BETTER)
    assert len(played) == 1 and len(better) == 2
    # where both cross the same box, the better move's outline lies inside yours
    px0, py0, px1, py1 = _box(played[0])
    bx0, by0, bx1, by1 = _box(better[0])
    assert px0 < bx0 and py0 < by0 and bx1 < px1 and by1 < py1
    # a dot tags your move, a ring the better move
    circles = [op for op in ops if op[0] == "circle"]
    assert sorted((c[4], c[5]) for c in circles) == sorted([(PLAYED, "#ffffff")] + [("#ffffff", BETTER)] * 2)
    assert ops.index(better[0]) < ops.index(played[0])  # yours drawn over the better one
    assert dice_marks(Spots((), ("#die-1",)), Spots((), ("#die-1", "#die-2"))) == {
        "#die-1": "both", "#die-2": "better"}
    svg = ET.fromstring(ops_to_svg(ops, 120, 60).split("\n", 1)[1])  # the shared painters read them
    strokes = [p.get("stroke") for p in svg.iter("{http://www.w3.org/2000/svg}path")]
    assert strokes.count(PLAYED) == 1 and strokes.count(BETTER) == 2


def test_your_move_the_best_is_one_mark_saying_so():
    ops = mark_ops(Spots((SQUARE,), ("#die-3",)), None)
    assert not _outlines(ops, PLAYED) and len(_outlines(ops, BETTER)) == 1
    assert [op[3] for op in ops if op[0] == "text"] == ["\u2713"]
    assert dice_marks(Spots((), ("#die-3",)), None) == {"#die-3": "same"}


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_legend_in_each_language(lang):
    strings = ReviewStrings(lang)
    two, one = legend(strings, False), legend(strings, True)
    assert [w for w, _ in two] == ["played", "better"] and [w for w, _ in one] == ["same"]
    texts = [t for _, t in two + one]
    assert all(t and not MESSAGE_KEY.search(t) for t in texts) and len(set(texts)) == 3


def _game(name: str):
    definition = get_game(name)
    players = 1 if name == "clever" else 2
    bots = [definition.make_bot("greedy" if p == 0 else "expert", 3 + p) for p in range(players)]
    return play_game("A" if name == "diceland" else None, bots, 3, game=name), players


def _controller(name: str, position, players: int):
    ctrl = importlib.import_module(f"diceland_site.games.{name}.controller").Controller(
        position, [Seat(f"P{q + 1}") for q in range(players)], lang="en")
    ctrl.viewing = 0
    if hasattr(ctrl, "revealed"):  # as a replay shows it: the dice as they fell
        ctrl.revealed = True
    return ctrl


def _layout(name: str):
    if name != "diceland":
        return None
    from diceland_site.games.diceland.draw import Layout
    return Layout(390.0, 500.0)


def _expected(name: str, action, model_dice, layout):
    """What each game's move must mark: (outlines, dice selectors)."""
    kind = action.type
    if name == "wideshut":
        if kind == "roll":
            return 0, ()
        return sum(m is not None for m in action.marks), tuple(f"#die-{i}" for i in action.dice)
    if name == "clever":
        die = getattr(action, "die", None)
        shapes = (die is not None) + (getattr(action, "area", None) is not None)
        return shapes, (() if die is None else (f'#dice button.die[data-colour="{die}"]',))
    if kind == "choose":
        return 0, tuple(f"#die-{d.index}" for d in model_dice if d.colour == action.colour.key and d.group == "roll")
    return (len(action.cells) if kind == "place" else 0), ()


@pytest.mark.parametrize("name", ["wideshut", "clever", "diceland"])
def test_every_decision_of_a_game_marked_on_its_position_with_its_dice(name):
    """Each game's own review: at every decision the position before it
    shows the dice the player chose from, and the played move and the best
    move are placed on the board (their boxes, cells or dice)."""
    state, players = _game(name)
    review = Review(state, seat=0)
    hook = importlib.import_module(f"diceland_site.games.{name}.review")
    layout = _layout(name)
    marked_dice = 0
    for i in range(len(review)):
        decision = review.decide(i).to_dict()
        position = review.position(i)
        ctrl = _controller(name, position, players)
        model_dice = ctrl.model().dice
        definition = definition_of(position)
        played = definition.action_from_json(decision["played"]["action"])
        if played.type in ("take", "pick", "choose"):
            assert model_dice and all(getattr(d, "colour", None) for d in model_dice), (i, model_dice)
        for move in (played, definition.action_from_json(decision["best"][0]["action"])):
            spots = spots_of(hook, ctrl, move, layout)
            shapes, dice = _expected(name, move, model_dice, layout)
            assert (len(spots.shapes), spots.dice) == (shapes, dice), (i, move)
            assert all(len(s) >= 4 for s in spots.shapes)
            marked_dice += len(spots.dice)
        ops = mark_ops(spots_of(hook, ctrl, played, layout), None)
        assert all(op[0] in ("poly", "circle", "text") for op in ops)
    assert marked_dice > 0


def test_a_point_in_a_box_or_a_hexagon():
    from diceland_site.review.marks import contains
    assert contains(SQUARE, 30, 30) and contains(SQUARE, 10, 30) and not contains(SQUARE, 55, 30)
    hexagon = ((0, -10), (8.66, -5), (8.66, 5), (0, 10), (-8.66, 5), (-8.66, -5))
    assert contains(hexagon, 0, 9) and not contains(hexagon, 8, 8)


def test_taps_on_the_board_narrow_the_moves_as_in_play():
    from diceland_site.review.marks import BoardTries
    # three moves: die 1 into the left box, die 2 into the left box, die 2 into the right box
    tries = BoardTries([Spots((SQUARE,), ("#die-1",)), Spots((SQUARE,), ("#die-2",)), Spots((OTHER,), ("#die-2",))])
    assert tries.chosen == [0, 1, 2]
    assert tries.tap((200, 200)) == [0, 1, 2]  # on nothing any move uses
    assert tries.tap(die="#die-2") == [1, 2]
    assert tries.tap((30, 30)) == [1]  # the die, then the box: one move
    assert tries.tap((80, 30)) == [2]  # a box none of those kept uses: from it again
    tries.clear()
    assert tries.tap((30, 30)) == [0, 1] and tries.dice() == {"#die-1", "#die-2"}


def test_the_order_of_the_taps_tells_which_die_goes_where():
    from diceland_site.review.marks import BoardTries
    # the same two dice into the same two boxes, the other way round
    tries = BoardTries([Spots((SQUARE, OTHER), ("#die-1", "#die-2")), Spots((OTHER, SQUARE), ("#die-1", "#die-2"))])
    assert tries.tap(die="#die-2") == [0, 1] and tries.tap(die="#die-1") == [0, 1]
    assert tries.tap((30, 30)) == [0, 1]  # not every box tapped yet
    assert tries.tap((80, 30)) == [1]  # die 2 (tapped first) into the first box tapped: the second move
    tries.clear()
    for die in ("#die-1", "#die-2"):
        tries.tap(die=die)
    assert tries.tap((30, 30)) == [0, 1] and tries.tap((80, 30)) == [0]


def test_board_points_in_draw_units():
    from diceland_site.games.clever.layout import CanvasLayout
    from diceland_site.review.marks import board_point
    assert board_point(CanvasLayout(500.0), 50.0, 25.0) == pytest.approx((100.0, 50.0))
    assert board_point(_layout("diceland"), 50.0, 25.0) == (50.0, 25.0)


@pytest.mark.parametrize("name", ["wideshut", "clever", "diceland"])
def test_every_legal_move_can_be_tapped_on_the_board(name):
    """At each decision of a game with a choice, tapping the played move's
    dice and then its boxes or cells (the middle of each), as play does,
    leaves that move alone."""
    from diceland_site.review.marks import BoardTries
    state, players = _game(name)
    review = Review(state, seat=0)
    hook = importlib.import_module(f"diceland_site.games.{name}.review")
    layout = _layout(name)
    alone = tried = 0
    for i in range(len(review)):
        position = review.position(i)
        ctrl = _controller(name, position, players)
        definition = definition_of(position)
        legal = position.legal_actions(0)
        if len(legal) < 2:
            continue
        tries = BoardTries([spots_of(hook, ctrl, a, layout) for a in legal])
        played = definition.action_from_json(review.decide(i).to_dict()["played"]["action"])
        k = legal.index(played)
        spots = tries.moves[k]
        if not spots.shapes and not spots.dice:
            continue
        for die in spots.dice:
            tries.tap(die=die)
        for shape in spots.shapes:
            tries.tap((sum(x for x, _ in shape) / len(shape), sum(y for _, y in shape) / len(shape)))
        assert k in tries.chosen, (i, played)
        tried += 1
        alone += tries.chosen == [k]
    assert tried and alone == tried, (alone, tried)


def test_the_spots_of_a_decision_are_computed_once_however_often_it_is_drawn(monkeypatch):
    """The review draws the decision on screen again and again (a redraw,
    a resize to the same size, "try it yourself" on the board): its moves'
    spots are computed once each, with one controller of its position; a
    layout of another size, or another decision, computes them anew."""
    from diceland_site.games.diceland.draw import Layout
    from diceland_site.review.marks import DecisionSpots

    state, players = _game("diceland")
    review = Review(state, seat=0)
    kept = DecisionSpots("diceland")
    computed, controllers = [], []
    real = kept.hook.spots
    monkeypatch.setattr(kept.hook, "spots", lambda ctrl, action, layout: computed.append(action) or real(
        ctrl, action, layout))
    index = next(i for i in range(len(review)) if review.decide(i).to_dict()["played"]["action"]["type"] == "place")
    decision, position = review.decide(index).to_dict(), review.position(index)
    definition = definition_of(position)
    played = definition.action_from_json(decision["played"]["action"])
    better = definition.action_from_json(decision["best"][1]["action"])

    def make_ctrl():
        controllers.append(1)
        return _controller("diceland", position, players)

    drawn = []
    for _ in range(5):  # each redraw marks the moves again, on a layout made anew
        ops, dice = kept.marks(index, played, better, make_ctrl)
        drawn.append((ops(Layout(390.0, 500.0)), dice))
    assert len(computed) == 4 and len(controllers) == 1  # each move on the board, and for its dice
    assert all(d == drawn[0] for d in drawn) and _outlines(drawn[0][0], PLAYED) and _outlines(drawn[0][0], BETTER)
    fresh = _controller("diceland", position, players)
    assert drawn[0][0] == mark_ops(real(fresh, played, Layout(390.0, 500.0)), real(fresh, better, Layout(390.0, 500.0)))
    for action in position.legal_actions(0):  # "try it yourself" on the same board
        kept.of(index, action, Layout(390.0, 500.0), make_ctrl)
        kept.of(index, action, Layout(390.0, 500.0), make_ctrl)
    assert len(computed) == 4 + len(position.legal_actions(0)) - 2 and kept.computed == len(computed)
    ops(Layout(800.0, 700.0))  # another size: where the cells are changes
    assert len(computed) == 4 + len(position.legal_actions(0))
    kept.marks(index + 1, played, better, make_ctrl)  # another decision
    assert len(controllers) == 2 and kept.index == index + 1
