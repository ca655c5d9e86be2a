"""The shortcuts shown on the Diceland page match the keys the controller
handles, in every language; the player's settings (bot speed, sounds)."""

from __future__ import annotations

import pytest

from diceland_core.games.diceland import Game
from diceland_site.games.diceland.controller import Controller, Seat
from diceland_site.games.diceland.shortcuts import BUTTON_KEYS, HELP_LINES, tooltip
from diceland_site.games.diceland.strings import DicelandStrings
from diceland_site.i18n import LANGUAGES
from diceland_site.settings import (
    BOT_SPEEDS, DEFAULT_BOT_SPEED, bot_delay_ms, bot_speed_name, sound_on, url_speed,
    MAX_LINK_SPEED, speed_problem,
)
from diceland_site.sounds import CUES, EVENT_CUES, WAVES, cue_for


def _controller() -> Controller:
    game = Game.new(["A", "A"], seed=4)
    return Controller(game, [Seat("Ana", "human"), Seat("Bo", "human")])


def test_every_button_key_is_a_key_the_controller_uses():
    for button, key in BUTTON_KEYS.items():
        ctl = _controller()
        assert ctl.handle_key(key.lower()) is True, (button, key)
    assert _controller().handle_key("q") is False


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_panel_lists_every_button_key(lang):
    lines = [DicelandStrings(lang).t(key) for key in HELP_LINES]  # what the page's "?" panel lists
    assert len(lines) == len(HELP_LINES) and all(lines)
    assert "?" in lines[-1]
    for key in set(BUTTON_KEYS.values()):
        assert any(line.startswith(key + ":") for line in lines), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tooltips_name_the_key(lang):
    s = DicelandStrings(lang)
    text = tooltip(s, "confirm", s.t("button.confirm"))
    assert s.t("button.confirm") in text and "C" in text.replace(s.t("button.confirm"), "")
    assert tooltip(s, "play_again", "X") == "X"


def test_bot_speed_setting_scales_the_delay():
    assert bot_speed_name("fast") == "fast"
    assert bot_speed_name("warp") == bot_speed_name(None) == bot_speed_name(3) == DEFAULT_BOT_SPEED
    delays = [bot_delay_ms(600, name) for name in ("slow", "normal", "fast", "instant")]
    assert delays == sorted(delays, reverse=True) and delays[-1] == 0 and delays[1] == 600
    assert bot_delay_ms(600, "slow", override=0.0) == 0  # a link's speed=0 wins
    assert set(BOT_SPEEDS) == {"slow", "normal", "fast", "instant"}


def test_url_speed():
    assert url_speed({}) is None
    assert url_speed({"speed": "0"}) == 0.0
    assert url_speed({"speed": "2.5"}) == 2.5
    assert url_speed({"speed": "5"}) == MAX_LINK_SPEED
    for bad in ("-3", "fast", "nan", "inf", "1e308", "1000", "5.01", ""):
        assert url_speed({"speed": bad}) is None
        assert speed_problem({"speed": bad})["max"] == "5"
    assert speed_problem({}) is None and speed_problem({"speed": "0.5"}) is None
    assert speed_problem({"speed": "9" * 1000})["value"] == "9" * 24 + "…"  # a message quotes a short part


def test_sounds_are_off_unless_turned_on():
    assert sound_on(None) is False and sound_on("yes") is False
    assert sound_on(True) is True and sound_on(False) is False


def test_cues_are_short_and_well_formed():
    for name, notes in CUES.items():
        assert notes, name
        for start, freq, dur, wave, vol in notes:
            assert 0 <= start < 1 and 20 < freq < 5000 and 0 < dur <= 0.5 and wave in WAVES and 0 < vol <= 0.4
        assert max(s + d for s, _, d, _, _ in notes) < 1.0, name
    assert all(cue in CUES for _, cue in EVENT_CUES)


def test_one_cue_per_batch_the_most_important():
    assert cue_for([]) is None
    assert cue_for(["turn_started"]) is None
    assert cue_for(["placed", "star_crossed", "rolled"]) == "star"
    assert cue_for(["placed", "game_over", "colour_completed"]) == "win"
