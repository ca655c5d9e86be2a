"""The daily game's pure part (:mod:`diceland_site.daily`): the day a link
names, the day's seed and line-up, one counted attempt a day, the stats
and the text to share."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from diceland_core import get_game
from diceland_site.daily import (FIRST_DAY, LINE_UPS, DailyStats, daily_query, daily_seed, day_number, day_of,
                                 result_bar, share_text)
from diceland_site.i18n import Strings
from diceland_site.start_params import StartError, kinds_of

TODAY = date(2026, 11, 28)


def test_a_link_names_today_or_a_past_day_never_a_later_one():
    assert day_of(None, TODAY) == day_of("", TODAY) == day_of("  ", TODAY) == TODAY
    assert day_of("2026-11-02", TODAY) == date(2026, 11, 2)
    for bad in ("2026-11-29", "2027-01-01"):
        with pytest.raises(StartError) as err:
            day_of(bad, TODAY)
        assert err.value.key == "daily_future"
    for bad in ("yesterday", "2026-13-01", "2026-1-1", "2026-10-31", "٢٠٢٦-١١-٠٢", "2026-11-02T00:00", "x" * 5000):
        with pytest.raises(StartError) as err:
            day_of(bad, TODAY)
        assert err.value.key == "daily"
        for lang in ("en", "es", "it"):  # a plain sentence, the value cut short
            text = err.value.message(Strings(lang))
            assert "start.daily" not in text and len(text) < 200


def test_the_day_picks_the_seed_the_same_on_every_device_another_each_day_and_game():
    assert daily_seed("clever", TODAY) == daily_seed("clever", date(2026, 11, 28))
    seeds = {daily_seed(g, FIRST_DAY + timedelta(days=d)) for g in LINE_UPS for d in range(60)}
    assert len(seeds) == 60 * len(LINE_UPS)
    assert all(0 <= s < 1 << 32 for s in seeds)
    assert day_number(FIRST_DAY) == 1 and day_number(TODAY) == 28


@pytest.mark.parametrize("game", sorted(LINE_UPS))
def test_the_daily_query_is_the_days_line_up_whatever_the_link_says(game):
    query, day = daily_query({"daily": "2026-11-20", "players": "human,human,human", "seed": "5", "lang": "es",
                              "names": "X"}, game, TODAY)
    assert day == date(2026, 11, 20)
    assert query["players"] == ",".join(LINE_UPS[game]) and query["seed"] == str(daily_seed(game, day))
    assert query["lang"] == "es" and "names" not in query
    definition = get_game(game)
    kinds = kinds_of(query["players"], (), definition.min_players, definition.max_players, game)
    assert kinds[0] == "human" and all(k != "human" for k in kinds[1:])
    if game == "diceland":  # the board goes round the days
        boards = {daily_query({"daily": (TODAY - timedelta(days=d)).isoformat()}, game, TODAY)[0]["boards"]
                  for d in range(8)}
        assert boards == set("ABCDEFGH")


def test_one_counted_attempt_a_day_and_the_archive_never_counts():
    stats = DailyStats(None)
    assert stats.claim("clever", TODAY, TODAY, "s1")
    assert not stats.claim("clever", TODAY, TODAY, "s2")  # started again: a replay
    assert stats.claim("diceland", TODAY, TODAY, "s3")  # another game's daily counts on its own
    assert not stats.claim("clever", TODAY - timedelta(days=1), TODAY, "s4")  # the archive
    assert not stats.finish("clever", TODAY, "s2", 250, None)  # the replay's end is not kept
    assert stats.finish("clever", TODAY, "s1", 231, None)
    assert not stats.finish("clever", TODAY, "s1", 999, None)  # kept once
    assert stats.entry("clever", TODAY) == {"save": "s1", "score": 231, "won": None}


def finished(days: dict[date, int]) -> DailyStats:
    stats = DailyStats({})
    for day, score in days.items():
        assert stats.claim("wideshut", day, day, f"s{day}")
        assert stats.finish("wideshut", day, f"s{day}", score, score > 60)
    return stats


def test_the_stats_count_streaks_up_to_today_or_yesterday():
    d = lambda n: TODAY - timedelta(days=n)  # noqa: E731
    stats = finished({d(9): 40, d(8): 50, d(7): 70, d(5): 80, d(2): 61, d(1): 59})
    s = stats.summary("wideshut", TODAY)
    assert (s.played, s.best, s.wins, s.streak, s.longest) == (6, 80, 3, 2, 3)
    assert s.average == pytest.approx(60.0)
    assert [v for _, v in s.scores] == [40, 50, 70, 80, 61, 59]
    assert stats.summary("wideshut", d(3)).streak == 0  # nothing on the day before d(3)
    assert stats.summary("wideshut", TODAY, last=2).scores == ((d(2).isoformat(), 61), (d(1).isoformat(), 59))
    empty = DailyStats({}).summary("clever", TODAY)
    assert (empty.played, empty.average, empty.best, empty.streak, empty.longest) == (0, None, None, 0, 0)


@pytest.mark.parametrize("data", [None, 7, "x", [1], {"clever": 3}, {"clever": {"not a day": {}}},
                                  {"clever": {"2026-11-28": "x"}}, {3: {}}, {"clever": {"2020-01-01": {"score": 1}}}])
def test_malformed_stats_read_as_none_never_an_error(data):
    stats = DailyStats(data)
    assert stats.entry("clever", TODAY) is None
    assert stats.summary("clever", TODAY).played == 0
    assert stats.claim("clever", TODAY, TODAY, "s")


def test_the_text_to_share_has_the_day_the_score_the_bar_and_the_link():
    areas = {"yellow": 24, "blue": 30, "green": 21, "orange": 40, "purple": 33, "fox": 30}
    text = share_text("Ganz schön clever", 28, "Score 178", areas, "https://x.test/clever.html#position=abc")
    lines = text.split("\n")
    assert lines == ["Ganz schön clever #28", "Score 178", "🟨24 🟦30 🟩21 🟧40 🟪33 🦊30",
                     "https://x.test/clever.html#position=abc"]
    assert result_bar({"red": 22, "blue": 49}, colour_blind=True) == "◆22 ■49"
    assert "🟥" not in result_bar({"red": 22}, colour_blind=True)
    assert share_text("Diceland", 3, "Score 9", {}, "L").split("\n") == ["Diceland #3", "Score 9", "L"]


@pytest.mark.parametrize("data, kept", [
    ({"day": "2026-11-28", "counted": True}, {"day": "2026-11-28", "counted": True}),
    ({"day": "2026-11-28", "counted": False, "x": "y" * 9}, {"day": "2026-11-28", "counted": False}),
    ({"day": "2026-11-28", "counted": 1}, None), ({"day": "yesterday", "counted": True}, None),
    ({"day": "2019-01-01", "counted": True}, None), ("2026-11-28", None), (None, None)])
def test_a_save_keeps_a_daily_entry_only_when_it_is_valid(data, kept):
    from diceland_site.envelope import bounded_record
    from diceland_site.seats import Seat

    game = get_game("clever").new(players=1, seed=3)
    game.setup.meta["daily"] = data
    record = bounded_record(game, [Seat("Ana")])
    assert record["meta"].get("daily") == kept


def test_a_share_link_carries_the_game_not_this_devices_daily_or_seat():
    """Whoever opens a Share link gets the game alone: not the sender's
    counted daily (their end screen would show it as their own) nor the
    seat the sender plays in a game with friends."""
    import json

    from diceland_site.friends import make_friends
    from diceland_site.seats import Seat
    from diceland_site.share import position_fragment, read_fragment, turn_fragment

    game = get_game("wideshut").new(players=2, seed=3)
    game.setup.meta["daily"] = {"day": "2026-11-28", "counted": True}
    make_friends(game, 0)
    seats = [Seat("Ana"), Seat("Luis")]
    meta = json.loads(read_fragment(position_fragment(game, seats)))["record"]["meta"]
    assert "daily" not in meta and "friends" not in meta and meta["seats"]
    turn = json.loads(read_fragment(turn_fragment(game, seats, 1), "turn"))["record"]["meta"]
    assert turn["friends"]["to"] == 1  # a turn link keeps its game with friends


@pytest.mark.parametrize("text", [None, "", "{", "[1]", "x" * 500_000, '{"clever": 5}'])
def test_stored_stats_that_cannot_be_read_are_none(text):
    stats = DailyStats.read(text)
    assert stats.entry("clever", TODAY) is None and stats.summary("clever", TODAY).played == 0
    assert stats.claim("clever", TODAY, TODAY, "s")


def test_the_stats_read_back_what_was_kept():
    stats = DailyStats.read(None)
    assert stats.claim("wideshut", TODAY, TODAY, "s1") and stats.finish("wideshut", TODAY, "s1", 71, True)
    assert DailyStats.read(stats.text()).summary("wideshut", TODAY).scores == ((TODAY.isoformat(), 71),)


def test_a_clock_before_day_one_has_no_daily_yet():
    with pytest.raises(StartError) as err:
        day_of(None, date(2026, 10, 31))
    assert err.value.key == "daily"
