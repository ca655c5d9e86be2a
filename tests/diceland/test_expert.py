"""The expert is the learned network's play, the strong bot the hand-tuned
expert of before, and the hint the expert's choice with a reason from the
network's values (bots/expert.py, bots/strong.py)."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from diceland_core.core.errors import number_text
from diceland_core.core.simulate import play_game
from diceland_core.games.diceland import DEFINITION, hint, new
from diceland_core.games.diceland.actions import Choose, Pass, Place, Reroll, Stop
from diceland_core.games.diceland.bots import ExpertBot, LearnedBot, StrongBot
from diceland_core.games.diceland.bots import network as N
from diceland_core.games.diceland.bots.evaluate import WIN_VALUE, evaluator_for
from diceland_core.games.diceland.bots.expert import SCALE
from diceland_core.games.diceland.game import Phase

#: a message code, a placeholder, a rule id or Python data in a sentence
CODE_OR_DATA = re.compile(r"\b[a-z][a-z_]*\.[a-z_][a-z0-9_]*\b|[\[\]{}]|\bNone\b|\bD\d+\.\d+")
REASONS = {"diceland.hint_gain", "diceland.hint_even", "diceland.hint_only"}


def decisions(seed: int, players: int = 2, kinds=("greedy", "random", "greedy"), limit: int = 400):
    """Every decision of a seeded game of ``kinds`` (on the position before it):
    (game, player) pairs, the game moving on by the bots' choices."""
    state = new(players=players, seed=seed, board="ABCDEFGH"[seed % 8])
    bots = [DEFINITION.make_bot(kinds[i % len(kinds)], seed + i) for i in range(players)]
    while not state.over and limit > 0:
        p = state.waiting_for()[0]
        yield state, p
        state.apply(bots[p].choose(state, p))
        limit -= 1


def network_value(state, player: int, action) -> float:
    """The margin the network itself gives a placement or a pass (network.margin
    on the afterstate: the bonus rolls still to take and those it earns);
    with 3 or more players plus the sheet's own evaluation, its bonus cells
    crossed now at ``bonus_guess``, times ``own_weight`` (not at the goal)."""
    crossed = state.sheets[player].crossed
    board = state.boards[player]
    mask = board.mask_of(action.cells) if isinstance(action, Place) else 0
    stars = (mask & board.star_mask).bit_count()
    rolls = N.pending(state, player) - (1 if state.phase is Phase.BONUS else 0) + stars
    out = N.margin(state, player, crossed | mask, rolls, N.load_network())
    own = evaluator_for(board).value(crossed | mask)
    if state.players > 2 and own < WIN_VALUE:
        out += LearnedBot.own_weight * (own + stars * LearnedBot.bonus_guess)
    return out


def test_the_kinds_expert_learned_and_strong():
    assert DEFINITION.bot_kinds == ("random", "greedy", "strong", "learned", "expert", "search")
    assert isinstance(DEFINITION.make_bot("expert", 1), LearnedBot)
    assert type(DEFINITION.make_bot("strong", 1)) is StrongBot and not isinstance(DEFINITION.make_bot("strong", 1),
                                                                                  LearnedBot)


def test_the_expert_plays_the_networks_argmax():
    """At every decision of seeded games (2 and 3 players), the expert's
    action has the best value of every legal action, and a placement's or a
    pass's value is the network's margin of its afterstate (with 3 players
    plus the sheet's own evaluation, and a pass after every placement)."""
    seen = set()
    for seed, players in ((3, 2), (12, 3)):
        for state, p in decisions(seed, players, kinds=("expert",)):
            ranked = ExpertBot(0).ranked(state, p)
            legal = state.legal_actions(p)
            assert len(ranked) == len(legal) and {repr(a) for _, a in ranked} == {repr(a) for a in legal}
            chosen = DEFINITION.make_bot("expert", seed + 1).choose(state, p)
            value = next(v for v, a in ranked if a == chosen)
            assert value >= max(v for v, _ in ranked) - 1e-9, (state.phase, chosen, ranked)
            if state.phase in (Phase.PLACE, Phase.BONUS):
                for v, a in ranked[:6]:
                    if players > 2 and isinstance(a, Pass) and len(ranked) > 1:
                        # with 3 or more players a pass comes after every placement
                        assert v < min(w for w, b in ranked if b != a)
                    else:
                        assert v == pytest.approx(network_value(state, p, a), abs=1e-12)
            seen.add(state.phase)
    assert seen == {Phase.CHOOSE, Phase.DECIDE, Phase.PLACE, Phase.BONUS}


def test_the_expert_plays_as_the_learned_bot():
    """The same seeds make the same choices, the learned kind's (an alias);
    the strong bot plays differently."""
    def moves(kind: str, seed: int = 5):
        game = play_game("D", [DEFINITION.make_bot(kind, seed + i) for i in range(2)], seed)
        return [DEFINITION.action_to_json(a) for a in game.actions]
    assert moves("expert") == moves("expert") == moves("learned")
    assert moves("expert") != moves("strong")


def test_the_strong_bot_keeps_the_hand_tuned_experts_seeded_choices():
    """The strong bot is the expert of before, move for move: two seeded
    games (2 players on board C, 3 on board F) whose moves the hand-tuned
    expert played when it was the ``expert`` kind, as a fingerprint of
    their JSON."""
    for (seed, board, players), (length, digest) in zip(((7, "C", 2), (8, "F", 3)),
                                                        ((84, "2b92cac5b749fbd2"), (148, "28cbe3da89cdb4c6"))):
        game = play_game(board, [DEFINITION.make_bot("strong", seed * 10 + i) for i in range(players)], seed)
        played = json.dumps([DEFINITION.action_to_json(a) for a in game.actions], sort_keys=True)
        assert (len(game.actions), hashlib.sha256(played.encode()).hexdigest()[:16]) == (length, digest)


def test_the_hint_is_the_experts_choice_and_says_what_it_gains():
    """At every decision of seeded games the hint's action is the expert's
    (seeded by the position), and its reason names the second best action
    and what the choice gains over it in points of win chance, in English,
    Spanish and Italian, with no code, rule id or data."""
    codes, kinds = set(), set()
    for seed in (5, 6):
        for state, p in decisions(seed):
            h = hint(state, p)
            assert h.action == ExpertBot(len(state.actions)).choose(state, p)
            assert h.code in REASONS, h.code
            ranked = ExpertBot(0).ranked(state, p)
            mine = next(v for v, a in ranked if a == h.action)
            rest = [v for v, a in ranked if a != h.action]
            texts = {lang: h.text(lang) for lang in ("en", "es", "it")}
            assert len(set(texts.values())) == 3 and all(texts.values()), texts
            for text in texts.values():
                assert not CODE_OR_DATA.search(text), text
            if rest:
                gain = (mine - max(rest)) * SCALE
                assert gain >= -1e-9
                if h.code == "diceland.hint_gain":
                    for lang, text in texts.items():
                        assert number_text(gain, lang) in text, (gain, text)
                else:
                    assert h.code == "diceland.hint_even" and gain < 0.05
            else:
                assert h.code == "diceland.hint_only"
            codes.add(h.code)
            kinds.add(type(h.action))
    assert codes == REASONS and {Choose, Place} <= kinds and kinds & {Reroll, Stop}, (codes, kinds)


def test_the_hints_reason_names_the_second_best_move_in_each_language():
    state = new(players=2, seed=3, board="B")
    p = state.waiting_for()[0]
    assert state.phase is Phase.CHOOSE
    h = hint(state, p)
    ranked = sorted(ExpertBot(0).ranked(state, p), key=lambda va: -va[0])
    second = ranked[1][1].colour.key
    names = {"en": second, "es": {"red": "rojo", "yellow": "amarillo", "green": "verde", "blue": "azul",
                                  "orange": "naranja", "grey": "gris"}[second],
             "it": {"red": "rosso", "yellow": "giallo", "green": "verde", "blue": "blu",
                    "orange": "arancione", "grey": "grigio"}[second]}
    assert h.text("en").startswith("Worth ") and "points of win chance" in h.text("en")
    assert "puntos de probabilidad de ganar" in h.text("es") and "punti di probabilità di vittoria" in h.text("it")
    for lang, name in names.items():
        assert name in h.text(lang), (lang, h.text(lang))


def test_the_hint_refuses_a_player_without_a_decision():
    state = new(players=2, seed=1, board="A")
    with pytest.raises(ValueError):
        hint(state, 1 - state.active)
