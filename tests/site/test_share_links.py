"""One share link for every game (:mod:`diceland_site.share`):
``<game>.html#position=<packed>`` built by one function, read by one reader
and imported as a new save by the game's page; the older links still open
(Diceland's ``s=``, Dice Wide Shut's ``?position=``, Clever's
``#position=``, the same as the new one)."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from diceland_core import get_game, record_of
from diceland_site.games.diceland.lesson import share_link as embed_link
from diceland_site.games.diceland.share import game_of_link
from diceland_site.games.wideshut.share import decode_position, encode_position
from diceland_site.i18n import LANGUAGES
from diceland_site.packed import LinkError
from diceland_site.seats import Seat
from diceland_site.share import read_fragment, share_url
from diceland_site.storage import SaveStore

PAGES = {"diceland": "diceland.html", "clever": "clever.html", "wideshut": "wideshut.html"}


def played(name: str, steps: int = 12):
    definition = get_game(name)
    state = definition.new(players=2, seed=9)
    bots = [definition.make_bot("greedy", p) for p in range(2)]
    for _ in range(steps):
        if state.over:
            break
        p = state.waiting_for()[0]
        state.apply(bots[p].choose(state, p))
    return state


@pytest.mark.parametrize("name", sorted(PAGES))
def test_one_link_for_every_game_opens_the_same_position(name):
    state = played(name)
    seats = [Seat("Ana"), Seat("Bo", "expert")]
    url = share_url("https://example.org/games/clever.html?speed=0&lang=es#old", state, seats)
    assert url.startswith(f"https://example.org/games/{PAGES[name]}#position=")
    store = SaveStore({})
    save_id = store.import_json(read_fragment(url.split("#", 1)[1]), "en", name)
    game, seats_back = store.load(save_id)
    assert record_of(game)["history"] == record_of(state)["history"] and seats_back == seats


def test_a_link_carries_only_the_seats_of_a_records_meta():
    """A game opened from a file or a link may bring a meta of any size; a
    link made from it carries the seats only, as a save does."""
    state = played("clever", 4)
    state.meta = {"seats": [], "notes": "x" * 50_000}
    seats = [Seat("Ana"), Seat("Bo", "greedy")]
    fragment = share_url("https://x/clever.html", state, seats).split("#", 1)[1]
    assert len(fragment) < 5_000
    env = json.loads(read_fragment(fragment))
    assert env["record"]["meta"] == {"seats": [s.to_json() for s in seats]}


def test_the_fragment_reader_reads_only_positions():
    state = played("wideshut", 3)
    fragment = share_url("https://x/wideshut.html", state, [Seat("A"), Seat("B")]).split("#", 1)[1]
    assert read_fragment("#" + fragment + "&speed=0") == read_fragment(fragment) is not None
    assert read_fragment("") is None and read_fragment("#log") is None and read_fragment("#speed=0") is None
    with pytest.raises(LinkError) as info:
        read_fragment("#position=" + "A" * 300_000)
    assert info.value.key == "too_long"


def test_an_older_wideshut_link_still_opens():
    state = played("wideshut")
    game, seats = decode_position(encode_position(state, [Seat("Ana"), Seat("Bo", "greedy")]))
    assert record_of(game)["history"] == record_of(state)["history"]
    assert [(s.name, s.kind) for s in seats] == [("Ana", "human"), ("Bo", "greedy")]


def test_an_older_diceland_link_opens_on_the_diceland_page():
    state = played("diceland", 20)
    link = embed_link(state, ["Ana", "Bo"], "https://example.org/diceland.html")
    assert "embed.html?s=" in link
    game, seats = game_of_link(link.split("?s=", 1)[1], "es")
    assert game.actions == state.actions and game.rolls == state.rolls
    assert [s.name for s in seats] == ["Ana", "Bo"] and all(s.is_human for s in seats)
    store = SaveStore({})
    result = store.save(game, seats)
    assert result.ok and store.load(result.save_id)[0].actions == state.actions
    unnamed, _ = game_of_link(embed_link(state, None, "https://x/").split("?s=", 1)[1], "it")
    assert unnamed.actions == state.actions


def _pack(data) -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    return base64.urlsafe_b64encode(zlib.compress(text.encode())).decode().rstrip("=")


@pytest.mark.parametrize("value, key", [
    ("", "empty"), ("!!!", "damaged"), (_pack([1, 2]), "invalid"), (_pack({"game": "clever"}), "other_game"),
    (_pack({"players": 2, "board": "A", "actions": [{"type": "stop"}]}), "invalid"),
    (_pack({"players": 9, "board": "A"}), "invalid"), (_pack("[" * 10_000), "too_deep"),
])
def test_a_broken_older_diceland_link_says_so_in_plain_words(value, key):
    with pytest.raises(LinkError) as info:
        game_of_link(value)
    assert info.value.key == key
    for lang in LANGUAGES:
        text = info.value.message(lang, kept=True)
        assert "{" not in text and "link.error" not in text and "D" not in text.split()[0]


@pytest.mark.parametrize("name", sorted(PAGES))
def test_every_games_share_module_has_the_same_names_and_its_older_link_opens(name):
    """Each game's ``share`` module: ``OLDER_LINK`` (the query key of its
    older links, None for none), ``older_link`` and ``embed_link``; an older
    link, where the game has one, gives the game it was made of, and the
    page opens it through these names alone (``GamePage.open_older_link``)."""
    import importlib

    module = importlib.import_module(f"diceland_site.games.{name}.share")
    assert {"OLDER_LINK", "older_link", "embed_link"} <= set(module.__all__)
    state = played(name, 16)
    seats = [Seat("Ana"), Seat("Bo", "greedy")]
    embed = module.embed_link(state, [s.name for s in seats], "https://example.org/games/x.html")
    if module.OLDER_LINK is None:
        assert embed is None
        with pytest.raises(LinkError):
            module.older_link(_pack({"game": name}))
        return
    if name == "diceland":
        assert embed.startswith("https://example.org/games/embed.html?s=")
        value = embed.split(f"?{module.OLDER_LINK}=", 1)[1]
    else:
        assert embed is None
        value = encode_position(state, seats)
    game, opened = module.older_link(value, "es")
    assert record_of(game)["history"] == record_of(state)["history"]
    assert [s.name for s in opened] == ["Ana", "Bo"]
    with pytest.raises(LinkError):
        module.older_link("!!!", "es")


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_link_opened_in_another_language_says_the_default_names_in_it(name):
    state = played(name)
    seats = [Seat("Jugador 1"), Seat("Bot fácil", "greedy"), Seat("Bot fácil 2", "greedy"), Seat("Ana", "expert")]
    fragment = share_url("https://x/y.html", state, seats[:2]).split("#", 1)[1]
    store = SaveStore({})
    _, back = store.load(store.import_json(read_fragment(fragment), "it", name))
    assert back == [Seat("Giocatore 1"), Seat("Bot facile", "greedy")]
    from diceland_site.i18n import Strings
    from diceland_site.seats import in_language
    every = [Strings(lang) for lang in LANGUAGES]
    assert in_language(seats, Strings("en"), every) == [
        Seat("Player 1"), Seat("Easy bot", "greedy"), Seat("Easy bot 2", "greedy"), Seat("Ana", "expert")]
    assert in_language([Seat("Jugador 2"), Seat("Giocatore 2")], Strings("en"), every) == [
        Seat("Jugador 2"), Seat("Player 2")]
