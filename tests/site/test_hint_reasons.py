"""Every game's hint says why, in plain words, in English, Spanish and
Italian: seeded games where the person asks for a hint at each decision."""

from __future__ import annotations

import re

import pytest

from diceland_core import get_game
from diceland_core.games.diceland.bots import hint as diceland_hint
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.games.diceland.hint_reason import reason
from diceland_site.games.wideshut.controller import Controller as WideController
from diceland_site.games.diceland.strings import DicelandStrings
from diceland_site.i18n import LANGUAGES
from diceland_site.seats import Seat

KEY_OR_DATA = re.compile(r"\b[a-z][a-z_]*\.[a-z_][a-z0-9_]*(\.[a-z0-9_]+)*\b|[\[\]{}]|\bNone\b|<[a-z]")


def test_diceland_hints_give_a_reason_in_every_language():
    game = get_game("diceland").new(players=2, seed=5, board="A")
    bots = [get_game("diceland").make_bot("greedy", 1), get_game("diceland").make_bot("greedy", 2)]
    kinds: set[str] = set()
    asked = 0
    while not game.over and asked < 60:
        p = game.waiting_for()[0]
        if p == 0:
            action = diceland_hint(game, 0).action
            texts = {lang: reason(game, 0, action, DicelandStrings(lang)) for lang in LANGUAGES}
            assert all(texts.values()) and len(set(texts.values())) == 3, texts
            for text in texts.values():
                assert not KEY_OR_DATA.search(text), text
            kinds.add(action.type)
            asked += 1
        game.apply(bots[p].choose(game, p))
    assert {"choose", "place"} <= kinds and kinds & {"reroll", "stop"}, kinds


def test_diceland_prompt_shows_the_hints_reason():
    game = get_game("diceland").new(players=2, seed=5, board="A")
    ctrl = DicelandController(game, [Seat("Ana"), Seat("Bot", "greedy")], lang="es")
    for _ in range(50):
        if ctrl.needs_roll():
            ctrl.roll()
        if ctrl.acting_seat() == 0:
            break
        ctrl.bot_step()
    assert ctrl.acting_seat() == 0
    state = ctrl.hint()
    assert state and state["reason"]
    prompt = ctrl.model().prompt
    assert state["reason"] in prompt and prompt != state["reason"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_clever_and_wideshut_hints_say_why(lang):
    for name, make in (("clever", CleverController), ("wideshut", WideController)):
        game = get_game(name).new(players=2, seed=9)
        ctrl = make(game, [Seat("Ana"), Seat("Bot", "greedy")], lang)
        for _ in range(60):
            if ctrl.current() == 0 and not getattr(ctrl, "handoff", None):
                break
            if name == "wideshut" and getattr(ctrl.game, "phase", "") == "roll":
                ctrl.roll()
                continue
            ctrl.bot_step()
        result = ctrl.hint()
        assert result.ok and result.reason, (name, result)
        assert not KEY_OR_DATA.search(result.reason), result.reason


def test_a_diceland_hint_values_the_moves_once(monkeypatch):
    """A hint on the page, its move and its reason, and the engine's hint
    value the legal actions once (one ``ranked``, no ``choose`` of their
    own), and the move is still the expert's choice, in every phase."""
    from diceland_core.games.diceland.bots import ExpertBot, LearnedBot

    calls: list[str] = []
    ranked, choose = LearnedBot.ranked, LearnedBot.choose
    monkeypatch.setattr(LearnedBot, "ranked", lambda bot, g, p: calls.append("ranked") or ranked(bot, g, p))
    monkeypatch.setattr(LearnedBot, "choose", lambda bot, g, p: calls.append("choose") or choose(bot, g, p))
    definition = get_game("diceland")
    game = definition.new(players=2, seed=7, board="C")
    bots = [definition.make_bot("greedy", 3), definition.make_bot("random", 4)]
    phases = set()
    while not game.over:
        p = game.waiting_for()[0]
        expected = choose(ExpertBot(len(game.actions)), game, p)
        calls.clear()
        h = diceland_hint(game, p)
        assert calls == ["ranked"] and h.action == expected
        ctrl = DicelandController(game.copy(), [Seat("Ana"), Seat("Ben")], lang="it")
        if ctrl.needs_roll():
            ctrl.roll()  # the dice shown, as the person's Roll shows them
        if ctrl.acting_seat() == p and not ctrl.needs_roll():
            calls.clear()
            state = ctrl.hint()
            assert calls == ["ranked"], calls
            assert state["reason"] == h.text("it") and ctrl.hint_move() == definition.action_to_json(expected)
            phases.add(game.phase.name)
        game.apply(bots[p].choose(game, p))
    assert phases >= {"CHOOSE", "DECIDE", "PLACE", "BONUS"}, phases
