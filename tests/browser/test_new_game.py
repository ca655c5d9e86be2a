"""The new-game dialog, written once for every game page: in each seat row
a name field and the same kinds, as many rows as the game seats, Diceland's
board column, the seed under "More options", and the typed names and seed
in the game that starts."""

from __future__ import annotations

import pytest

KIND_LABELS = ["Person", "Beginner bot", "Easy bot", "Strong bot"]
ROWS = """() => [...document.querySelectorAll('#seat-rows .seat-row')].map((row) => ({
  name: row.querySelector('input.seat-name') ? row.querySelector('input.seat-name').value : null,
  kinds: [...row.querySelectorAll('select.seat-kind option')].map((o) => o.textContent),
  board: !!row.querySelector('select.seat-board'),
}))"""


@pytest.mark.parametrize("path, query, lo, hi, boards", [
    ("diceland.html", "?players=human,expert&boards=A,B&seed=3&speed=0", 2, 4, True),
    ("clever.html", "?players=human,expert&seed=3&speed=0", 1, 4, False),
    ("wideshut.html", "?players=human,expert&seed=3&speed=0", 2, 5, False),
], ids=["diceland", "clever", "wideshut"])
def test_the_new_game_dialog_is_one_dialog_on_every_page(site, path, query, lo, hi, boards):
    site.open(query, path=path)
    page = site.page
    site.click("btn-new")
    page.wait_for_selector("#new-game[open]")
    rows = page.evaluate(ROWS)
    # the seats on screen, each with its name, the one list of kinds, and a board only on Diceland
    assert [r["name"] for r in rows] == [s["name"] for s in site.state()["seats"]]
    assert all(r["kinds"] == KIND_LABELS and r["board"] == boards for r in rows)
    while page.is_enabled("#btn-add-seat"):
        site.click("btn-add-seat")
    rows = page.evaluate(ROWS)
    # added seats are bots named by their kind, the second of a kind numbered
    assert len(rows) == hi and rows[-1]["kinds"] == KIND_LABELS
    assert rows[-1]["name"].startswith(("Easy bot ", "Strong bot ")) and rows[-1]["name"].split()[-1].isdigit()
    while page.is_enabled("#btn-remove-seat"):
        site.click("btn-remove-seat")
    assert len(page.evaluate(ROWS)) == lo
    if lo == 1:
        site.click("btn-add-seat")
    page.fill("#seat-rows .seat-name >> nth=0", "Ana")
    page.select_option("#seat-rows .seat-kind >> nth=1", "human")
    page.fill("#seat-rows .seat-name >> nth=1", "")  # an empty name: the kind's own default
    page.click("#new-game .more-options summary")
    page.fill("#seed-input", "9" * 30)  # digits, but more than any seed has
    site.click("btn-new-start")
    assert "999" in page.text_content("#new-game-error")  # said in the dialog, which stays open
    assert page.locator("#new-game").evaluate("d => d.open")
    page.fill("#seed-input", "42")
    site.click("btn-new-start")
    page.wait_for_selector("#new-game:not([open])", state="attached")
    seats = site.wait_state("s.seats && s.seats[0].name === 'Ana'")["seats"]
    assert [(s["name"], s["kind"]) for s in seats] == [("Ana", "human"), ("Player 2", "human")]
    assert site.record()["seed"] == 42
