"""A game with friends by turn links (diceland_site.friends): every game
played to its end by two or three devices that know each other only by the
links they send, each with its own store; old, tampered and foreign links."""

from __future__ import annotations

import importlib
import json

import pytest

from diceland_site.friends import compare_records, friends_of, make_friends, order_from
from diceland_site.games import GAMES
from diceland_site.save_errors import SaveError
from diceland_site.seats import Seat
from diceland_site.share import read_fragment, turn_fragment, turn_url
from diceland_site.storage import SaveStore
from diceland_site.surface import table_state
from diceland_site.table import Table

for _entry in GAMES:
    importlib.import_module(f"diceland_site.games.{_entry.game}.controller")
TABLES = {name: cls for name, cls in Table.tables.items() if name in {e.game for e in GAMES}}


class Device:
    """One phone: its own store, the game's table while it is open."""

    def __init__(self, game: str, seat: int):
        self.game, self.seat, self.store = game, seat, SaveStore({})
        self.save_id: str | None = None

    def open_link(self, fragment: str) -> str:
        save_id, verdict = self.store.import_turn(read_fragment(fragment, "turn"), "en", self.game)
        self.save_id = save_id
        return verdict

    def table(self) -> Table:
        state, seats = self.store.load(self.save_id)
        return TABLES[self.game](state, seats)

    def play(self, table: Table) -> None:
        """This device's decisions: its person's (the greedy bot's choice,
        made on screen) and the bots' it holds; then it saves."""
        person = table.definition.make_bot("greedy", 99)
        for _ in range(500):
            p = table.current_seat()
            if p is not None:
                assert p == self.seat
                assert table.apply(person.choose(table.game, p)).ok
            elif table.bot_pending():
                assert table.bot_step().ok
            else:
                break
        assert self.store.save(table.game, table.seats, self.save_id).ok


def start(game: str, seats: list[Seat]) -> tuple[Table, dict[int, Device]]:
    table = TABLES[game].start(seats, seed=11)
    make_friends(table.game, me=0)
    table = TABLES[game](table.game, seats)
    devices = {p: Device(game, p) for p, s in enumerate(seats) if s.is_human}
    devices[0].save_id = devices[0].store.save(table.game, seats).save_id
    return table, devices


@pytest.mark.parametrize("game", sorted(TABLES))
@pytest.mark.parametrize("line_up", ["two", "bot"])
def test_a_whole_game_by_turn_links(game, line_up):
    seats = [Seat("Ana"), Seat("Luis")] + ([Seat("Bot", "greedy")] if line_up == "bot" else [])
    table, devices = start(game, seats)
    here, sent = devices[0], 0
    for _ in range(400):
        here.play(table)
        if table.game.over:
            break
        assert table.current_seat() is None and not table.bot_pending()
        to = table.friend_due()
        assert to is not None and to != here.seat and seats[to].is_human
        assert table.friend_order()[0] == to == table.friend_recipient()
        waiting = table_state(game, table, {})["buttons"]  # nothing to press while a friend decides
        assert not any(on for name, on in waiting.items() if name != "undo"), waiting
        summary = here.store.list_saves()[0]["friends"]
        assert summary == {"id": table.friends.id, "me": here.seat, "yours": False, "waiting": to}
        fragment = turn_fragment(table.game, table.seats, to)
        here = devices[to]
        assert here.open_link(fragment) in ("new", "newer")
        sent += 1
        table = here.table()
        assert table.friends.me == to and table.current_seat() in (to, None)
        assert here.store.list_saves()[0]["friends"]["yours"]
    assert table.game.over and sent >= 4
    # the last device sends the end to the next other person round the table
    assert table.friend_recipient() == 1 - here.seat
    final = turn_fragment(table.game, table.seats, 1 - here.seat)
    other = devices[1 - here.seat]
    assert other.open_link(final) == "newer"
    assert other.table().game.over and other.table().game.scores() == table.game.scores()


def test_an_older_link_never_overwrites_newer_progress_and_a_tampered_one_is_refused():
    seats = [Seat("Ana"), Seat("Luis")]
    table, devices = start("wideshut", seats)
    ana, luis = devices[0], devices[1]
    ana.play(table)
    first = turn_fragment(table.game, seats, 1)
    assert luis.open_link(first) == "new"
    moved = luis.table()
    luis.play(moved)
    assert luis.open_link(first) == "older"  # the same link opened again later
    kept = luis.table()
    assert len(kept.game.actions) == len(moved.game.actions) > len(table.game.actions)
    assert luis.open_link(turn_fragment(moved.game, seats, 1)) == "same"
    # a link whose record was changed by hand: replayed, refused, the save kept
    text = json.loads(read_fragment(turn_fragment(moved.game, seats, 0), "turn"))
    actions = text["record"]["history"]["actions"]
    assert actions
    actions[-1] = dict(actions[-1], player=1 - actions[-1]["player"])
    with pytest.raises(SaveError):
        ana.store.import_turn(json.dumps(text), "en", "wideshut")
    assert len(ana.table().game.actions) == len(table.game.actions)


def test_records_are_compared_by_their_game_and_the_actions_they_share():
    base = {"game": "wideshut", "players": 2, "seed": 1, "setup": {}, "history": {"actions": [1, 2]}}
    assert compare_records(base, base) == "same"
    assert compare_records(base, {**base, "history": {"actions": [1, 2, 3]}}) == "newer"
    assert compare_records(base, {**base, "history": {"actions": [1]}}) == "older"
    assert compare_records(base, {**base, "history": {"actions": [1, 3]}}) == "other"
    assert compare_records(base, {**base, "seed": 2, "history": {"actions": [1, 2, 3]}}) == "other"


def test_a_link_of_another_game_with_friends_starts_its_own_save():
    seats = [Seat("Ana"), Seat("Luis")]
    one, _ = start("wideshut", seats)
    two, _ = start("wideshut", seats)
    assert one.friends.id != two.friends.id
    phone = Device("wideshut", 1)
    phone.open_link(turn_fragment(one.game, seats, 1))
    first = phone.save_id
    assert phone.open_link(turn_fragment(two.game, seats, 1)) == "new" and phone.save_id != first
    assert len(phone.store.list_saves()) == 2


def test_the_link_names_the_seat_it_is_sent_to_never_the_senders():
    seats = [Seat("Ana"), Seat("Luis"), Seat("Cy")]
    table, _ = start("clever", seats)
    env = json.loads(read_fragment(turn_fragment(table.game, seats, 2), "turn"))
    assert env["record"]["meta"]["friends"] == {"id": table.friends.id, "to": 2}
    url = turn_url("https://example.org/games/index.html?x=1#y", table.game, seats, 2)
    assert url.startswith("https://example.org/games/clever.html#turn=")


def test_order_goes_round_the_table_from_the_sender():
    assert order_from(1, [0, 2, 3], 4) == [2, 3, 0]
    assert order_from(3, [0, 1, 2], 4) == [0, 1, 2]
    assert order_from(0, [], 2) == []


def test_a_game_on_one_device_is_no_game_with_friends():
    table = TABLES["diceland"].start([Seat("Ana"), Seat("Luis")], seed=3)
    assert friends_of(table.game) is None and table.friend_due() is None and table.friend_order() == []
    assert table.friend_recipient() is None


def test_a_finished_game_goes_to_the_next_person_round_the_table_skipping_bots():
    seats = [Seat("Ana"), Seat("Bot", "greedy"), Seat("Luis"), Seat("Eva")]
    table = TABLES["wideshut"].start(seats, seed=5)
    bot = table.definition.make_bot("greedy", 5)
    while not table.game.over:
        p = table.game.waiting_for()[0]
        table.game.apply(bot.choose(table.game, p))
    for me, to in ((0, 2), (2, 3), (3, 0)):
        table.friends = make_friends(table.game, me)
        assert table.friend_recipient() == to, me


def test_the_saved_games_list_says_whose_turn_it_is():
    from diceland_site.i18n import Strings
    from diceland_site.summaries import progress_text

    t = Strings("es").t
    seats = [Seat("Ana"), Seat("Luis")]
    table, devices = start("wideshut", seats)
    devices[0].play(table)
    summary = devices[0].store.list_saves()[0]
    assert progress_text(summary, t).endswith("esperando a Luis")
    devices[1].open_link(turn_fragment(table.game, seats, 1))
    assert progress_text(devices[1].store.list_saves()[0], t).endswith("te toca")
    assert progress_text({**summary, "friends": {"waiting": 7}}, t) == progress_text({**summary, "friends": None}, t)


def test_a_start_link_with_friends_names_the_people_and_keeps_the_bots():
    from diceland_site.start_params import StartError, friends_query

    q = friends_query({"friends": "Ana, Luis", "seed": "4", "lang": "es"})
    assert q == {"seed": "4", "lang": "es", "players": "human,human", "names": "Ana,Luis"}
    q = friends_query({"friends": "Ana,Luis", "players": "human,greedy,human"})
    assert q["players"] == "human,greedy,human" and q["names"] == "Ana,,Luis"
    for bad in ({"friends": "Ana"}, {"friends": "Ana,,Luis"}, {"friends": "Ana,Luis", "players": "human,greedy"}):
        with pytest.raises(StartError) as err:
            friends_query(bad)
        assert err.value.key == "friends"


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_link_of_a_whole_game_at_the_most_players_fits_in_a_chat_message(game):
    from diceland_core import get_game

    definition = get_game(game)
    n = definition.max_players
    seats = [Seat(f"Player {p + 1}") for p in range(n)]
    table, _ = start(game, seats)
    bots = [definition.make_bot("greedy", p) for p in range(n)]
    state = table.game
    while not state.over:
        p = state.waiting_for()[0]
        state.apply(bots[p].choose(state, p))
    url = turn_url("https://example.github.io/diceland/index.html", state, seats, 1)
    assert len(url) <= 2000, len(url)
    assert "rolls" not in read_fragment(url.split("#", 1)[1], "turn")  # the seed gives them
