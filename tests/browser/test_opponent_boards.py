"""The other players' boards: small live boards beside the board on a
desktop, player chips a tap away on a phone."""

from __future__ import annotations

import pytest

from diceland_core import load_record
from diceland_core.games.diceland.actions import Place

pytestmark = pytest.mark.browser

THREE = "?players=human,greedy,greedy&names=Ana,Bo,Cy&boards=A,B,C&seed=7&speed=0"


def overlap(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def open_at(kept_site, width: int, height: int, **kw):
    site = kept_site(width, height, **kw)
    site.open(THREE)
    return site.page, site


def mini_picture(page, seat: int) -> str:
    return page.evaluate(f'document.querySelector(\'#mini-list button.mini[data-seat="{seat}"] canvas\').toDataURL()')


def bot_placements(site, seat: int) -> int:
    return sum(1 for a in load_record(site.record()).actions if isinstance(a, Place) and a.player == seat)


def test_desktop_shows_the_other_boards_beside_the_board(kept_site, watch):
    page, site = open_at(kept_site, 1280, 800)
    s = site.human_decision(0)
    minis = page.locator("#mini-list button.mini")
    assert page.is_visible("#minis") and minis.count() == 2
    assert page.is_hidden("#seat-tabs") and page.is_hidden("#btn-my-board")
    board = page.locator("#board").bounding_box()
    for i in range(2):
        mini = minis.nth(i)
        assert mini.is_visible()
        box = mini.bounding_box()
        assert not overlap(box, board) and box["width"] < board["width"] / 2
        label = mini.get_attribute("aria-label")
        assert label.startswith(f"Show the board of {['Bo', 'Cy'][i]}") and "Bonus cells" in label
        assert mini.locator("canvas").bounding_box()["height"] > 40
    # the bots move: their mini boards follow
    before = {seat: (mini_picture(page, seat), bot_placements(site, seat)) for seat in (1, 2)}
    for _ in range(40):
        site.act(s)
        s = site.human_decision(0)
        moved = [seat for seat in (1, 2) if bot_placements(site, seat) > before[seat][1]]
        if moved or s["over"]:
            break
    assert moved, "no bot placed anything"
    seat = moved[0]
    game = load_record(site.record())
    mini = page.locator(f'#mini-list button.mini[data-seat="{seat}"]')
    assert mini.get_attribute("data-crossed") == str(len(game.sheets[seat].crossed_cells()) - 1)
    assert "Last move" in mini.get_attribute("aria-label")
    assert mini_picture(page, seat) != before[seat][0]
    # a click shows that board large; the way back is offered
    mini.click()
    assert site.state()["shown"] == seat
    assert mini.get_attribute("aria-pressed") == "true"
    assert page.is_visible("#btn-my-board") and "Ana" in page.text_content("#btn-my-board")
    page.click("#btn-my-board")
    assert site.state()["shown"] == 0 and page.is_hidden("#btn-my-board")
    assert not watch.problems()


def test_phone_switches_boards_with_player_chips(kept_site, watch):
    page, site = open_at(kept_site, 390, 844, device_scale_factor=2, is_mobile=True, has_touch=True)
    site.human_decision(0)
    assert page.is_hidden("#minis")
    chips = page.locator("#seat-tabs button.seat-tab")
    assert chips.count() == 3 and chips.nth(1).is_visible()
    assert chips.nth(1).text_content().startswith("Bo ★")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    chips.nth(1).tap()
    assert site.state()["shown"] == 1
    assert chips.nth(1).get_attribute("aria-selected") == "true"
    back = page.locator("#btn-my-board")
    assert back.is_visible() and back.text_content() == "Back to my board (Ana)"
    box = back.bounding_box()
    assert box["x"] + box["width"] <= 390 and box["height"] >= 30
    back.tap()
    assert site.state()["shown"] == 0 and back.is_hidden()
    assert chips.nth(0).get_attribute("aria-selected") == "true"
    assert not watch.problems()
