"""The same dice as a friend (diceland_site.same_dice): every game's
finished game against bots sent as "Play these dice", opened on another
device as a new game on the same dice, played there and compared; the
link's length; tampered, malformed and unsuitable links refused with the
saves kept."""

from __future__ import annotations

import base64
import importlib
import json
import zlib

import pytest

from diceland_site.games import GAMES
from diceland_site.i18n import LANGUAGES
from diceland_site.packed import LinkError
from diceland_site.same_dice import (
    SAME, compare, kept_same, log_words, parting_text, result_rows, review_valuer, sharable,
)
from diceland_site.save_errors import SaveError
from diceland_site.seats import Seat
from diceland_site.share import read_fragment, same_url, share_url
from diceland_site.storage import SaveStore
from diceland_site.table import Table

for _entry in GAMES:
    importlib.import_module(f"diceland_site.games.{_entry.game}.controller")

PAGE = "https://example.github.io/diceland/index.html"
#: each game at its most players, the person among bots (the longest links)
LINE_UPS = {
    "clever": ["Ana", "expert", "expert", "expert"],
    "diceland": ["Ana", "expert", "expert", "expert"],
    "wideshut": ["Ana", "expert", "expert", "expert", "expert"],
}
SMALL = {"clever": ["Ana"], "diceland": ["Ana", "greedy"], "wideshut": ["Ana", "expert", "greedy"]}


def seats_of(names: list[str]) -> list[Seat]:
    return [Seat(n) if n == "Ana" else Seat(f"Bot {i}", n) for i, n in enumerate(names)]


def play(table: Table, kind: str, seed: int) -> Table:
    """The person's decisions by a ``kind`` bot, the bots' their own, to the end."""
    person = table.definition.make_bot(kind, seed)
    for _ in range(5000):
        p = table.current_seat()
        if p is not None:
            assert table.apply(person.choose(table.game, p)).ok
        elif table.bot_pending():
            assert table.bot_step().ok
        else:
            break
    assert table.game.over
    return table


def finished(game: str, names: list[str], seed: int = 7, kind: str = "greedy") -> Table:
    return play(Table.tables[game].start(seats_of(names), seed=seed), kind, 1)


def open_same(game: str, url: str, store: SaveStore | None = None, lang: str = "en") -> tuple[SaveStore, str]:
    store = store if store is not None else SaveStore({})
    return store, store.import_same(read_fragment(url.split("#", 1)[1], "same"), lang, game)


@pytest.mark.parametrize("game", sorted(SMALL))
def test_a_friend_plays_the_same_dice_and_sees_both_results(game):
    sent = finished(game, SMALL[game])
    url = same_url(PAGE, sent.game, sent.seats)
    assert f"{game}.html#same=" in url
    store, save_id = open_same(game, url)
    state, seats = store.load(save_id)
    # the same seed, setup and bots; the friend in the sender's seat; nothing played yet
    assert (state.setup.seed, state.players, state.actions) == (sent.game.setup.seed, sent.game.players, [])
    assert [s.kind for s in seats] == [s.kind for s in sent.seats] and seats[0].name == "Player 1"
    assert seats[1:] == sent.seats[1:]
    assert kept_same(state.setup.meta[SAME], state.players)["name"] == "Ana"
    friend = play(Table.tables[game](state, seats), "expert", 2)
    assert store.save(friend.game, friend.seats, save_id).ok
    state, seats = store.load(save_id)  # the sender's decisions kept with the save
    table = Table.tables[game](state, seats)
    c = compare(state, table.actor)
    assert c is not None and c.sender == "Ana" and c.seat == 0
    assert [a for a in c.theirs.actions] == list(sent.game.actions)
    rows = result_rows(c, table.strings.t)
    assert rows[0] == ("Score", str(sent.game.outcome().scores[0]), str(state.outcome().scores[0]))
    if game != "clever":
        assert rows[1][0] == "Result" and set(rows[1][1:]) <= {"won", "lost"}
    assert all("." not in label for label, _, _ in rows)  # words, never a message key
    words = log_words(type(table), seats, 0, "en")
    lines = parting_text(c, table.strings.t, words)
    assert c.parting is not None and c.parting.chose  # the greedy and the expert part somewhere
    assert lines[0] == "Different from the first decision:" or lines[0].startswith("The same first ")
    assert lines[-1] == "From there on your games differ."
    theirs, yours = lines[1], lines[2]
    assert theirs.startswith("Ana: ") and yours.startswith("You: ")
    assert words(c.parting.position, c.parting.theirs, "Ana") in theirs and "worth" not in theirs
    # with the engine's review on the page, what each choice was worth
    valued = parting_text(c, table.strings.t, words, review_valuer())
    assert "(worth " in valued[1] and "(worth " in valued[2]


def test_the_same_decisions_all_game_are_said_so():
    sent = finished("clever", ["Ana"], kind="expert")
    store, save_id = open_same("clever", same_url(PAGE, sent.game, sent.seats))
    state, seats = store.load(save_id)
    table = play(Table.tables["clever"](state, seats), "expert", 1)
    c = compare(table.game, table.actor)
    assert c.parting is None
    assert parting_text(c, table.strings.t, log_words(type(table), seats, 0, "en")) == [
        "You and Ana chose alike all game."]
    fresh, _ = store.load(save_id)
    assert compare(fresh, table.actor) is None  # not over yet


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_comparison_speaks_every_language(lang):
    sent = finished("wideshut", SMALL["wideshut"])
    store, save_id = open_same("wideshut", same_url(PAGE, sent.game, sent.seats), lang=lang)
    state, seats = store.load(save_id)
    table = play(Table.tables["wideshut"](state, seats, lang=lang), "expert", 2)
    c = compare(table.game, table.actor)
    texts = [x for row in result_rows(c, table.strings.t) for x in row]
    texts += parting_text(c, table.strings.t, log_words(type(table), seats, 0, lang))
    for text in texts:
        assert "same." not in text and "area." not in text and "{" not in text


@pytest.mark.parametrize("game", sorted(LINE_UPS))
def test_a_whole_games_link_fits_a_chat_message(game):
    lengths = []
    for seed in (1, 2, 3):
        sent = finished(game, LINE_UPS[game], seed=seed, kind="expert")
        lengths.append(len(same_url(PAGE, sent.game, sent.seats)))
    assert max(lengths) <= 2000, lengths


def test_only_one_persons_finished_game_is_sent():
    sent = finished("wideshut", SMALL["wideshut"])
    assert sharable(sent.game, sent.seats) == 0
    table = Table.tables["wideshut"].start(seats_of(SMALL["wideshut"]), seed=3)
    assert sharable(table.game, table.seats) is None  # not over
    two = [Seat("Ana"), Seat("Luis"), Seat("Bot", "expert")]
    assert sharable(sent.game, two) is None
    # a link of a game that is not one person's finished game: refused in words
    url = share_url(PAGE, table.game, table.seats).replace("#position=", "#same=")
    store = SaveStore({})
    with pytest.raises(LinkError) as err:
        open_same("wideshut", url, store)
    assert err.value.key == "not_same" and "cannot be played again" in err.value.message("en")
    assert store.list_saves() == []


def _repacked(url: str, change) -> str:
    """``url`` with its packed envelope changed by ``change(env)``."""
    head, value = url.split("#same=", 1)
    env = json.loads(zlib.decompress(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))))
    change(env)
    raw = zlib.compress(json.dumps(env).encode(), 9)
    return f"{head}#same={base64.urlsafe_b64encode(raw).decode().rstrip('=')}"


def test_a_tampered_or_malformed_link_is_refused_and_the_saves_kept():
    sent = finished("clever", ["Ana"])
    url = same_url(PAGE, sent.game, sent.seats)
    store, kept = open_same("clever", url)
    before = store.list_saves()

    def illegal(env):
        env["record"]["history"]["actions"][3] = env["record"]["history"]["actions"][0]

    with pytest.raises(SaveError):
        open_same("clever", _repacked(url, illegal), store)
    with pytest.raises(LinkError) as err:
        read_fragment(url.split("#", 1)[1][:-9] + "x", "same")
    assert err.value.key == "damaged"
    with pytest.raises(SaveError) as other:
        open_same("wideshut", url, store)
    assert other.value.code == "other_game"
    assert store.list_saves() == before and store.load(kept)[0].actions == []


def test_a_saved_friends_entry_keeps_only_what_is_valid():
    assert kept_same({"seat": 0, "name": "Ana" * 20, "actions": []}, 1) == {"seat": 0, "name": ("Ana" * 20)[:24],
                                                                              "actions": []}
    for bad in (None, [], {"seat": 2, "name": "A", "actions": []}, {"seat": 0, "name": 3, "actions": []},
                {"seat": True, "name": "A", "actions": []}, {"seat": 0, "name": "A", "actions": {}}):
        assert kept_same(bad, 2) is None
    # a save whose kept decisions were changed: no comparison, never an error
    sent = finished("clever", ["Ana"])
    store, save_id = open_same("clever", same_url(PAGE, sent.game, sent.seats))
    state, seats = store.load(save_id)
    table = play(Table.tables["clever"](state, seats), "expert", 2)
    table.game.setup.meta[SAME]["actions"] = table.game.setup.meta[SAME]["actions"][:5]
    assert compare(table.game, table.actor) is None
    for garbage in ([{"type": "nonsense"}], [None, 3], [{"type": "pick", "player": 9}]):
        table.game.setup.meta[SAME]["actions"] = garbage
        assert compare(table.game, table.actor) is None
