"""The Dice Wide Shut page in Chromium: a game against a bot played by
tapping dice and boxes (the page's hint chooses each take, the taps make
it), reload and resume, offline reload, the page in Spanish, the start link
through index.html."""

from __future__ import annotations

import json

import pytest

PAGE = "wideshut.html"


def state(site) -> dict:
    return json.loads(site.page.evaluate("window.diceland.state()"))


def wait(site, condition: str, timeout: float = 60_000) -> dict:
    """Poll (the page's CSP forbids string functions) until ``condition``
    over ``s``, the parsed state, holds."""
    site.page.wait_for_function(
        "() => { if (!window.diceland) return false; const s = JSON.parse(window.diceland.state()); "
        f"return !!({condition}); }}", timeout=timeout)
    return state(site)


def box_position(take: dict, k: int):
    """Where mark ``k`` of a take (scenario JSON) is tapped: (half, row, col)."""
    mark = take["marks"][k]
    if mark is None:
        return None
    if isinstance(mark, dict):
        return take["colour"], mark["skip"], 5
    if len(mark) == 2:
        return mark[0][:-1], mark[1], 5
    return tuple(mark)


def tap_box(site, half: str, row: int, col: int) -> None:
    point = site.page.evaluate(f"window.diceland.boxCenter({json.dumps(half)}, {row}, {col})")
    site.page.mouse.click(point["x"], point["y"])


def play_my_take(site) -> None:
    """Tap in the hint's take: its dice, then a box per die, then Confirm."""
    take = json.loads(site.page.evaluate("window.diceland.hintAction()"))
    for index in take["dice"]:
        site.page.click(f'#dice button[data-index="{index}"]')
    for k in range(len(take["dice"])):
        pos = box_position(take, k)
        s = state(site)
        if pos is None or list(pos) not in [t[:3] for t in s["extra"]["targets"]]:
            continue  # marked already by the page ("nothing to mark") or by the first tap
        tap_box(site, *pos)
    s = state(site)
    assert s["buttons"]["confirm"], s
    if s["lang"] == "en":
        site.page.get_by_role("button", name="Confirm").click()
    else:
        site.click("btn-confirm")


def my_decision(site, seat: int = 0) -> dict:
    return wait(site, f"s.over || (s.seat === {seat} && !s.bot_pending && !s.handoff)")


def play_turns(site, turns: int, seat: int = 0) -> dict:
    """Play ``turns`` decisions of the person at ``seat`` (rolls included) and
    return the state once the person has the next decision (or the game is over)."""
    for _ in range(turns):
        s = my_decision(site, seat)
        if s["over"]:
            return s
        if s["phase"] == "roll":
            site.click("btn-roll")
            wait(site, f"s.phase !== 'roll' || s.seat !== {seat}")
        else:
            before = len(site.record()["history"]["actions"])
            play_my_take(site)
            site.page.wait_for_function(
                f"() => JSON.parse(window.diceland.record()).history.actions.length > {before}")
    # the bots' moves that follow are made before this returns: a record read
    # then stays as it is until the person moves again
    return my_decision(site, seat)


def test_game_against_a_bot_by_tapping(site):
    site.open("?players=human,expert&seed=7&speed=0", path=PAGE)
    assert site.page.evaluate("window.diceland.game()") == "wideshut"
    s = state(site)
    assert [x["kind"] for x in s["seats"]] == ["human", "expert"]
    for _ in range(200):
        s = play_turns(site, 1)
        if s["over"]:
            break
    assert s["over"], s
    record = site.record()
    assert record["game"] == "wideshut" and record["seed"] == 7
    assert site.page.locator("#game-over").evaluate("d => d.open")
    assert "win" in site.page.inner_text("#game-over-winners")
    # every die carries its colour's name, and every control a name
    assert all(b["label"] for b in s["extra"]["dice"])


LINK = "?players=human,expert&seed=11&speed=0"


def test_reload_resumes_the_identical_game(site):
    site.open(LINK, path=PAGE)
    play_turns(site, 3)
    before = site.record()
    assert len(before["history"]["actions"]) >= 3
    site.reload()
    # the same game, waiting on the same decision of the person
    assert site.record() == before
    assert site.page.evaluate("location.search") == "?speed=0"   # the link does not restart the game
    s = play_turns(site, 2)
    assert len(site.record()["history"]["actions"]) > len(before["history"]["actions"]) or s["over"]


def test_offline_reload_resumes_and_plays_on(site, serve, site_dir):
    own = serve(site_dir)  # its own origin, so this test owns the service worker
    site.base_url = own.url
    site.open(LINK, path=PAGE)
    assert site.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    play_turns(site, 2)
    before = site.record()
    site.page.context.set_offline(True)
    own.stop()
    site.reload()
    assert site.record() == before
    play_turns(site, 2)
    assert len(site.record()["history"]["actions"]) > len(before["history"]["actions"])


def test_the_page_in_spanish(site):
    site.open("?players=human,greedy&seed=3&speed=0&lang=es", path=PAGE)
    assert site.page.evaluate("document.documentElement.lang") == "es"
    assert site.page.text_content("#btn-roll") == "Tirar"
    assert site.page.text_content("#btn-confirm") == "Confirmar"
    s = play_turns(site, 2)
    assert s["lang"] == "es"
    assert [x["name"] for x in s["seats"]] == ["Jugador 1", "Bot fácil"]
    labels = [d["label"] for d in state(site)["extra"]["dice"]]
    assert labels and all(label.startswith("dado ") for label in labels)
    log = site.page.text_content("#log")
    assert "Ronda 1" in log


def test_index_link_reaches_the_page_and_refusals_are_plain(site):
    site.open("?game=wideshut&players=human,random&seed=5&speed=0", path="index.html", wait=False)
    site.page.wait_for_url("**/wideshut.html*", timeout=60_000)
    site.wait_ready()
    assert site.page.evaluate("window.diceland.game()") == "wideshut"
    assert [x["kind"] for x in state(site)["seats"]] == ["human", "random"]
    s = my_decision(site)
    if s["phase"] == "roll":
        site.click("btn-roll")
        s = my_decision(site)
    six = next((d for d in s["extra"]["dice"] if d["value"] == 6 and d["enabled"]), None)
    # a die the 6 could be taken with by colour (W3.1), so that W3.2 is what refuses the pair
    low = [d for d in s["extra"]["dice"] if six is not None and d["value"] != 6 and d["enabled"]
           and (d["colour"] == six["colour"] or "purple" in (d["colour"], six["colour"]))]
    assert six is not None and low, "this seed's first take has a 6 and a die it could go with"
    for die in (low[0], six):
        site.page.click('#dice button[data-index="%d"]' % die["index"])
    message = site.page.text_content("#message")
    assert "A die showing 6 is taken alone." in message
    assert "W3.2" not in site.page.inner_text("#message")     # behind the closed details link
    # every button of the page has a name
    names = site.page.evaluate(
        "Array.from(document.querySelectorAll('button')).filter(b => !b.closest('[hidden]'))"
        ".map(b => (b.getAttribute('aria-label') || b.textContent).trim())")
    assert names and all(names)


def test_keyboard_plays_a_take(site):
    site.open("?players=human,expert&seed=21&speed=0", path=PAGE)
    s = my_decision(site)
    if s["phase"] == "roll":
        site.page.keyboard.press("r")
        s = my_decision(site)
        s = wait(site, "s.phase === 'take'")
    site.page.focus("#board")
    take = json.loads(site.page.evaluate("window.diceland.hintAction()"))
    for index in take["dice"]:
        site.page.focus(f'#dice button[data-index="{index}"]')
        site.page.keyboard.press("Enter")
    site.page.focus("#board")
    site.page.keyboard.press("ArrowDown")          # the cursor appears at red row 1, column 1
    rows = [("red", r) for r in range(5)] + [("blue", r) for r in range(5)]
    cursor = ("red", 0, 0)
    for k in range(len(take["dice"])):
        pos = box_position(take, k)
        if pos is None or list(pos) not in [t[:3] for t in state(site)["extra"]["targets"]]:
            continue
        steps = rows.index(pos[:2]) - rows.index(cursor[:2])
        for _ in range(abs(steps)):
            site.page.keyboard.press("ArrowDown" if steps > 0 else "ArrowUp")
        dc = pos[2] - cursor[2]
        for _ in range(abs(dc)):
            site.page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")
        site.page.keyboard.press("Enter")
        cursor = pos
    assert state(site)["buttons"]["confirm"]
    before = len(site.record()["history"]["actions"])
    site.page.keyboard.press("c")
    site.page.wait_for_function(
        f"() => JSON.parse(window.diceland.record()).history.actions.length > {before}")


def test_two_people_pass_the_device(site):
    site.open("?players=human,human&seed=4&speed=0&names=Ana,Bo", path=PAGE)
    handoffs = 0
    last = None
    for _ in range(8):
        s = state(site)
        person = s["seat"]
        # the device changes hands exactly when the next decision is another
        # person's (the first person holds it already)
        assert bool(s["handoff"]) == (last is not None and person != last), (s, last)
        if s["handoff"]:
            assert site.page.is_visible("#handoff")
            assert s["seats"][person]["name"] in site.page.text_content("#handoff-text")
            site.click("btn-handoff")
            handoffs += 1
        s = state(site)
        assert not s["handoff"] and s["shown"] == person
        if last is not None and last != person:
            # the take before is the other person's: not this one's to take back
            assert not s["buttons"]["undo"] and site.page.is_disabled("#btn-undo"), s["buttons"]
        if s["phase"] == "roll":
            site.click("btn-roll")
        before = len(site.record()["history"]["actions"])
        play_my_take(site)
        site.page.wait_for_function(
            f"() => JSON.parse(window.diceland.record()).history.actions.length > {before}")
        last = person
    assert handoffs >= 4
    assert [x["name"] for x in state(site)["seats"]] == ["Ana", "Bo"]


def test_shared_link_opens_the_same_position(site):
    site.open("?players=human,greedy&seed=8&speed=0", path=PAGE)
    play_turns(site, 2)
    before = site.record()
    site.click("btn-share")
    link = site.page.input_value("#share-link")
    assert link.startswith(site.base_url + "wideshut.html#position=")
    site.click("btn-share-close")
    site.page.goto("about:blank")
    site.page.goto(link.replace("#", "?speed=0#"))
    site.wait_ready()
    after = site.record()
    assert after["history"] == before["history"] and after["seed"] == before["seed"]
    assert [x["name"] for x in state(site)["seats"]] == ["Player 1", "Easy bot"]
    assert "position=" not in site.page.evaluate("location.href")


def test_an_older_position_link_still_opens(site):
    """Links shared before every game had one format: ``?position=``."""
    from diceland_core import load_record
    from diceland_site.games.wideshut.share import encode_position
    from diceland_site.seats import Seat

    site.open("?players=human,greedy&seed=3&speed=0", path=PAGE)
    play_turns(site, 2)
    before = site.record()
    value = encode_position(load_record(before), [Seat("Ana"), Seat("Bo", "expert")])
    site.page.goto("about:blank")
    site.open("?speed=0&position=" + value, path=PAGE)
    assert site.record()["history"] == before["history"]
    assert [(x["name"], x["kind"]) for x in state(site)["seats"]] == [("Ana", "human"), ("Bo", "expert")]
    assert "position=" not in site.page.evaluate("location.href")


def test_five_players_to_the_end_scores_match_the_engine(site):
    """One person and four bots of every kind play a whole five-player game
    through the page; the end screen's scores, split rows and winners are
    what the engine makes of the page's record."""
    from diceland_core import load_record

    site.open("?players=human,random,greedy,expert,greedy&seed=13&speed=0&names=Ana", path=PAGE)
    s = state(site)
    assert [x["kind"] for x in s["seats"]] == ["human", "random", "greedy", "expert", "greedy"]
    for _ in range(300):
        s = play_turns(site, 1)
        if s["over"]:
            break
    assert s["over"], s
    site.page.wait_for_function("() => document.getElementById('game-over').open")
    record = site.record()
    assert record["game"] == "wideshut" and record["players"] == 5
    game = load_record(record)
    assert game.over
    outcome = game.outcome()
    names = [x["name"] for x in s["seats"]]
    heads = site.page.locator("#game-over-stats thead th").all_inner_texts()
    assert [h.removeprefix("★ ").split("(")[0].strip() for h in heads] == names
    rows = {r.locator("th").inner_text(): r.locator("td").all_inner_texts()
            for r in site.page.locator("#game-over-stats tbody tr").all()}
    assert rows["Total"] == [str(game.sheets[q].total).replace("-", "−") for q in range(5)]
    assert rows["Split rows (break a tie)"] == [str(game.sheets[q].splits) for q in range(5)]
    assert [x["total"] for x in s["seats"]] == list(outcome.scores)
    assert s["winners"] == list(outcome.winners)
    winners_text = site.page.inner_text("#game-over-winners")
    assert all(names[w] in winners_text for w in outcome.winners), winners_text
