"""A review of every decision a player made, for any registered game.

**One yardstick.**  The worth of a position for the reviewed seat is the
game's own value, :attr:`GameDef.value` (Ganz schön clever's expert
network, Diceland's and Dice Wide Shut's learned networks): solo, the final
points the seat may expect; with several players, its expected final margin
over the strongest rival.  A game's review hooks state it in one unit
(``scale`` times the value: Diceland's value, a margin of the win between
−1 and 1, times 50 reads as points of win chance).

**Each decision.**  Every legal action of the seat is valued by the
position right after it (its afterstate, before any dice the move makes
roll: a game's ``ranked`` hook gives these values as its network reads
them, else ``GameDef.value`` of a copy with the action applied); the three
best are kept, and the **loss** is the best value less the value of the
move made (never negative).  The loss is marked by :data:`THRESHOLDS`, in
points of the game's unit (the only place they are set; docs/review.md
quotes them):

* ``best``: the move made is a best move (no loss);
* ``equivalent``: a loss under ``THRESHOLDS["inaccuracy"]`` (2.5 points);
* ``inaccuracy`` (``?!``) from 2.5 points, ``mistake`` (``?``) from 6,
  ``blunder`` (``??``) from 12 (``THRESHOLDS[mark]``);
* ``uncertain``: rollouts were asked to confirm a close call (``confirm``)
  and they contradict the value's mark;
* ``forced``: one legal action; left out of every rate.

**Close calls** (a loss within :data:`CLOSE` points either side of the
inaccuracy threshold) may be confirmed by seeded rollout pairs
(``Review(confirm=n)``; off by default): from both afterstates, the same
fresh dice (:class:`KeyedDice`), the hooks' ``expert`` in every seat, to the
end of the next round (the game's ``horizon`` moved :data:`CONFIRM_AHEAD`
steps; Diceland: turns), then scored by ``GameDef.value``.
Their standard error is the decision's ``se``; where no loss within
:data:`Z` standard errors of their mean has the value's mark, the mark is
``uncertain`` (the loss stays the value's).

**Luck**: before a decision, every roll since the seat's previous decision
is counted as the seat's value right after the roll less its value before
the dice were known: the value just before it (for the seat's own move
that rolled, that move's value), or, where a game's hooks say that value is
not the average over the rolls (``luck_samples``: Ganz schön clever with
2–4 players, Dice Wide Shut with 3–5), the mean over that many seeded rolls.

**Per game** (:func:`summarise`): accuracy ``100 · exp(−mean loss / 5)``
over the non-forced decisions (0 points lost on average: 100; 1 point:
81.9; 5 points: 36.8), the error total (the sum of the losses), the luck
summed over the game, the result (the seat's final value in the unit: its
points solo, its margin with several players) and the luck-adjusted result
(result − luck), the losses by kind of decision and the three key moments
(the largest losses).

What is game-specific (the unit, kinds of decision, moves, dice and effects
in words, move values, the rollouts' horizon and dice keys) comes from the
game's own module ``<its package>.review``, which calls
:func:`register_review`.  Shaped for a page: :meth:`Review.decisions`
yields one :class:`Decision` at a time from any index, each a pure function
of the record, the seat and the seed; :meth:`Review.judge` answers "try it
yourself"; :meth:`Review.position` gives the position to draw.
"""

from __future__ import annotations

import importlib
import json
import math
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

from .dice import ScriptedDice, SeededDice
from .errors import GameError, has_message, load_messages, render_message
from .errors import number_text as _number  # a player's number, in each language
from .protocol import GameDef
from .record import definition_of, load_record, record_of
from .rng import SplitMix64

load_messages("review", Path(__file__).with_name("review_messages.json"))

__all__ = ["THRESHOLDS", "MARKS", "SYMBOLS", "Z", "CLOSE", "ReviewHooks", "DEFAULT_HOOKS", "register_review",
           "hooks_for", "KeyedDice", "Decision", "Review", "Cancelled", "mark_for", "accuracy", "reseed",
           "play_out", "summarise", "Effect", "Move", "key_moments", "mean_se", "CONFIRM_AHEAD", "move_worth"]

#: Losses, in points of the game's unit, from which a move is an
#: inaccuracy, a mistake, a blunder; a loss under the first is equivalent
#: (a loss of nothing: best).
THRESHOLDS: dict[str, float] = {"inaccuracy": 2.5, "mistake": 6.0, "blunder": 12.0}
MARKS: tuple[str, ...] = ("best", "equivalent", "inaccuracy", "mistake", "blunder", "uncertain", "forced")
SYMBOLS: dict[str, str] = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: a rollout-confirmed loss is sure of its mark when this many standard
#: errors either side of it stay within the mark's band
Z = 2.0
#: a loss this close to the inaccuracy threshold (points) is a close call
CLOSE = 2.0
#: confirming rollouts play until the horizon (the round; Diceland: the
#: turn) has moved this many steps, then value the position
CONFIRM_AHEAD = 2
#: accuracy = 100 · exp(−mean loss / ACCURACY_SCALE)
ACCURACY_SCALE = 5.0
#: a rollout stops after this many actions (a safety cap; no game gets near)
MAX_ACTIONS = 20000


class Cancelled(Exception):
    """The review of a decision was cancelled (its ``cancel`` returned true)."""


class _InLanguages(Mapping[str, str]):
    """Words in each of the review's languages, each written when it is
    first read (a review shows one language: the others are written only
    when asked for, as when the page's language changes)."""

    __slots__ = ("_write", "_written")

    def __init__(self, write: Callable[[str], str]):
        self._write = write
        self._written: dict[str, str] = {}

    def __getitem__(self, lang: str) -> str:
        if lang not in _LANGS:
            raise KeyError(lang)
        if lang not in self._written:
            self._written[lang] = self._write(lang)
        return self._written[lang]

    def __iter__(self) -> Iterator[str]:
        return iter(_LANGS)

    def __len__(self) -> int:
        return len(_LANGS)

    def __repr__(self) -> str:
        return f"_InLanguages({self._written!r})"


@dataclass(frozen=True)
class Effect:
    """What a move did, as message codes with parameters (rendered in the
    review's language): ``parts`` joined into one sentence."""

    parts: tuple[tuple[str, Mapping[str, Any]], ...] = ()

    def text(self, lang: str) -> str:
        return ", ".join(render_message(code, params, lang) for code, params in self.parts)


@dataclass(frozen=True)
class ReviewHooks:
    """What a game tells the review (see the module doc).

    ``scale`` and ``unit`` (a message code) state ``GameDef.value`` in
    points; ``measure`` names them (``points``, ``margin``, ``win``; with
    several players a ``points`` game reads as ``margin``); ``describe(state,
    action, lang)`` a move; ``kind(state, action)`` the kind of decision (a
    key; its words are ``review.<game>_kind_<key>``); ``dice(state, lang)``
    the dice a decision is made on; ``effect(before, action, after, events,
    seat)`` what a move did (:class:`Effect`); ``ranked(state, seat)`` the
    value of each legal move as ``[(value, action)]`` (default: every legal
    action's afterstate by ``GameDef.value``); ``move_value(state, action,
    seat)`` one move's value where ``ranked`` does not list it;
    ``horizon(state)`` where confirming rollouts stop (a change of it);
    ``roll_key`` where a roll happens (:class:`KeyedDice`); ``expert`` the
    bot kind of the rollouts; ``luck_samples(players)`` how many seeded
    rolls measure what a roll was worth on average, where the value before
    the roll is not that average (0 or none: the value before the roll)."""

    measure: str = "points"
    scale: float = 1.0
    unit: str = "review.unit_points"
    describe: Callable[[Any, Any, str], str] | None = None
    kind: Callable[[Any, Any], str] | None = None
    dice: Callable[[Any, str], str] | None = None
    effect: Callable[[Any, Any, Any, Sequence[Any], int], Effect] | None = None
    ranked: Callable[[Any, int], list] | None = None
    move_value: Callable[[Any, Any, int], float] | None = None
    turn_of: Callable[[Any], int] | None = None
    horizon: Callable[[Any], Any] | None = None
    roll_key: Callable[[Any], Sequence[int]] | None = None
    expert: str = "expert"
    luck_samples: Callable[[int], int] | None = None


DEFAULT_HOOKS = ReviewHooks()
_HOOKS: dict[str, ReviewHooks] = {}


def register_review(name: str, hooks: ReviewHooks) -> ReviewHooks:
    """A game's review hooks (called by ``games/<name>/review.py``)."""
    _HOOKS[name] = hooks
    return hooks


def hooks_for(definition: GameDef) -> ReviewHooks:
    """The game's hooks, importing its package's ``review`` module the first
    time (a game in one module registers its hooks itself)."""
    if definition.name not in _HOOKS:
        module = f"{definition.package}.review"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    return _HOOKS.get(definition.name, DEFAULT_HOOKS)


def move_worth(state: Any, action: Any, seat: int, ranked: bool = True) -> float:
    """What ``action`` of ``seat`` at ``state`` is worth by the game's own
    position values, in points of the review's unit: its value in the
    game's ranking of the moves (``ranked``), else the game's
    ``move_value``, else its afterstate's value.  ValueError for a game
    with no position values."""
    definition = definition_of(state)
    if definition.value is None:
        raise ValueError(f"{definition.title} has no position values to review a game by")
    hooks = hooks_for(definition)
    if ranked and hooks.ranked is not None:
        wanted = definition.action_to_json(action)
        for v, a in hooks.ranked(state, seat):
            if definition.action_to_json(a) == wanted:
                return float(v) * hooks.scale
    if hooks.move_value is not None:
        return float(hooks.move_value(state, action, seat)) * hooks.scale
    after = state.copy()
    after.apply(action)
    return float(definition.value(after, seat)) * hooks.scale


def mark_for(loss: float, forced: bool = False, best: bool = False) -> str:
    """The mark of a loss in points (:data:`THRESHOLDS`)."""
    if forced:
        return "forced"
    if best or loss <= 1e-9:
        return "best"
    for mark in ("blunder", "mistake", "inaccuracy"):
        if loss >= THRESHOLDS[mark]:
            return mark
    return "equivalent"


def _band(loss: float) -> str:
    mark = mark_for(loss)
    return "equivalent" if mark == "best" else mark


def _bands(lo: float, hi: float) -> set[str]:
    """The marks (``best`` as ``equivalent``) a loss between ``lo`` and ``hi`` can have."""
    cuts = [t for t in THRESHOLDS.values() if lo < t <= hi]
    return {_band(max(0.0, x)) for x in (lo, hi, *cuts)}


def accuracy(losses: Sequence[float]) -> float:
    """``100 · exp(−mean loss / 5)`` over the non-forced decisions' losses
    (100 with none)."""
    if not losses:
        return 100.0
    return 100.0 * math.exp(-(sum(losses) / len(losses)) / ACCURACY_SCALE)


# -- dice for rollouts --------------------------------------------------------------

class KeyedDice(SeededDice):
    """Dice from ``seed`` where each roll draws from its own generator, keyed
    by ``key()`` (where the game is: round, turn, pick …) and by how many
    rolls had that key before, so two rollouts of different moves see the
    same dice in the same places of the game (common random numbers)."""

    def __init__(self, seed: int, faces: Sequence[Any], key: Callable[[], Sequence[int]]):
        super().__init__(seed, faces)
        self._key = key
        self._seen: dict[tuple, int] = {}

    def copy(self) -> "KeyedDice":
        new = super().copy()
        new._seen = dict(self._seen)
        return new

    def roll(self, n: int) -> tuple:
        key = tuple(self._key())
        count = self._seen.get(key, 0)
        self._seen[key] = count + 1
        h = self.seed
        for x in (*key, count):
            h = SplitMix64(h ^ (int(x) * 0x9E3779B97F4A7C15)).next64()
        self._rng = SplitMix64(h)
        return super().roll(n)


def reseed(state: Any, seed: int, key: Callable[[Any], Sequence[int]] | None = None) -> None:
    """Give a copied state fresh dice from ``seed`` (a script still unplayed
    is dropped), keyed by ``key(state)`` (default: how many rolls so far)."""
    key = key or (lambda s: (len(s.rolls),))
    dice = getattr(state, "dice", None)
    if isinstance(dice, ScriptedDice):
        dice.used = len(dice.rolls)
        dice.then = KeyedDice(seed, dice.then.faces, lambda: key(state))
    elif isinstance(dice, SeededDice):
        state.dice = KeyedDice(seed, dice.faces, lambda: key(state))
    else:
        raise TypeError(f"cannot reseed the dice of {type(state).__name__}")


def play_out(state: Any, bots: Sequence[Any], stop: Callable[[Any], bool] | None = None) -> Any:
    """Play ``state`` (changed in place) to its end, or until ``stop(state)``,
    one bot per seat; returns the state."""
    for _ in range(MAX_ACTIONS):
        if state.over or (stop is not None and stop(state)):
            return state
        p = state.waiting_for()[0]
        state.apply(bots[p].choose(state, p))
    raise RuntimeError(f"a rollout did not finish within {MAX_ACTIONS} actions")


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


# -- one decision -------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    """A move with its value (points of the unit), its words by language
    and what it did."""

    action: dict
    texts: Mapping[str, str]
    value: float
    effect: Effect = Effect()

    def text(self, lang: str = "en") -> str:
        return self.texts.get(lang) or self.texts.get("en", "")


@dataclass(frozen=True)
class Decision:
    """The review of one decision (the fields of ``to_dict``, the contract
    with the page: docs/review.md)."""

    index: int
    action_index: int
    turn: int
    seat: int
    kind: str
    forced: bool
    played: Move
    best: tuple[Move, ...]
    value_before: float
    loss: float
    se: float | None
    #: the confirming rollouts' mean loss (``confirm``), else None
    rollout_loss: float | None
    mark: str
    luck: float
    game: str
    measure: str
    unit: str
    dice: Mapping[str, str] = field(default_factory=dict)
    position: Mapping[str, Any] = field(default_factory=dict)

    @property
    def value_after(self) -> float:
        return self.played.value

    @property
    def same(self) -> bool:
        return bool(self.best) and self.best[0].action == self.played.action

    def kind_text(self, lang: str = "en") -> str:
        code = f"review.{self.game}_kind_{self.kind}"
        return render_message(code if has_message(code) else "review.kind_move", {}, lang)

    def mark_text(self, lang: str = "en") -> str:
        return render_message(f"review.mark_{self.mark}", {}, lang)

    def said(self, lang: str = "en") -> dict[str, str | None]:
        """Two short sentences: what the move made did, what the better one does."""
        played = render_message("review.said_played", {"move": self.played.text(lang),
                                                       "effect": self.played.effect.text(lang) or
                                                       render_message("review.effect_nothing", {}, lang)}, lang)
        better = None
        if self.mark not in ("best", "forced", "equivalent") and self.best:
            top = self.best[0]
            better = render_message("review.said_better", {
                "move": top.text(lang), "effect": top.effect.text(lang) or render_message("review.effect_nothing", {}, lang),
                "gain": _number(self.loss, lang), "unit": render_message(self.unit, {}, lang)}, lang)
        return {"played": played, "better": better}

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        def move(m: Move) -> dict:
            return {"action": m.action, "text": m.text(lang), "value": round(m.value, 3)}
        return {
            "index": self.index, "action_index": self.action_index, "turn": self.turn, "seat": self.seat,
            "kind": {"key": self.kind, "text": self.kind_text(lang)}, "forced": self.forced,
            "dice": self.dice[lang] if lang in self.dice else self.dice.get("en", ""),
            "played": move(self.played), "best": [move(m) for m in self.best],
            "value_before": round(self.value_before, 3), "value_after": round(self.value_after, 3),
            "loss": round(self.loss, 3), "se": None if self.se is None else round(self.se, 3),
            "rollout_loss": None if self.rollout_loss is None else round(self.rollout_loss, 3),
            "mark": self.mark, "mark_text": self.mark_text(lang), "symbol": SYMBOLS.get(self.mark, ""),
            "said": self.said(lang), "luck": round(self.luck, 3),
            "unit": render_message(self.unit, {}, lang), "measure": self.measure,
            "position": _plain(self.position),
        }


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _player_of(state: Any, action: Any) -> int | None:
    player = getattr(action, "player", None)
    if player is None:
        waiting = state.waiting_for()
        player = waiting[0] if waiting else None
    return player


class Review:
    """The review of ``seat``'s decisions in a record (JSON text, object or
    a loaded state).  ``confirm``: rollout pairs per close call (0: none);
    ``lang`` the language of the texts.  Raises :class:`RecordError` for a
    bad record and ``ValueError`` for a seat the game does not have."""

    def __init__(self, record: Any, seat: int = 0, seed: int = 0, lang: str = "en", confirm: int = 0):
        final = record if hasattr(record, "apply") else load_record(record)
        self.definition = definition_of(final)
        self.hooks = hooks_for(self.definition)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players:
            shown = seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat
            raise ValueError(f"this game has players 1 to {final.players}; there is no player {shown!r}")
        if self.definition.value is None:
            raise ValueError(f"{self.definition.title} has no position values to review a game by")
        self.seat, self.seed, self.lang, self.confirm = seat, seed, lang, max(0, int(confirm))
        self.players = final.players
        self.final = final
        self.record = record_of(final)
        self.actions = list(final.actions)
        self.measure = "margin" if self.hooks.measure == "points" and self.players > 1 else self.hooks.measure
        #: per decision: (action index, the position before it)
        self._positions: list[tuple[int, Any]] = []
        #: per decision: the rolls since the seat's previous decision, as
        #: (action index, the position before the action that rolled)
        self._rolls: list[list[tuple[int, Any]]] = []
        self._ranked: dict[int, list[tuple[float, Any]]] = {}
        self._replay()

    def _replay(self) -> None:
        rec, seat = self.record, self.seat
        state = self.definition.from_setup({**rec["setup"], "meta": rec.get("meta", {})}, rec["seed"], rec["players"])
        rolls: list[tuple[int, Any]] = []
        for i, action in enumerate(self.actions):
            if _player_of(state, action) == seat:
                self._positions.append((i, state.copy()))
                self._rolls.append(rolls)
                rolls = []
            before = state.copy()
            count = len(state.rolls)
            state.apply(action)
            if len(state.rolls) != count:
                rolls.append((i, before))
        #: the rolls after the seat's last decision (the game's last dice)
        self._tail = rolls

    def __len__(self) -> int:
        return len(self._positions)

    @property
    def unit(self) -> str:
        return "review.unit_margin" if self.measure == "margin" and self.hooks.unit == "review.unit_points" \
            else self.hooks.unit

    # -- values (points of the unit) ------------------------------------------------
    def value(self, state: Any) -> float:
        """The seat's value of ``state`` in points of the unit."""
        return float(self.definition.value(state, self.seat)) * self.hooks.scale

    def ranked(self, action_index: int, state: Any) -> list[tuple[float, Any]]:
        """Every legal move of the seat at ``state`` (the position before
        action ``action_index``) with its value, best first (ties in the
        game's order)."""
        if action_index not in self._ranked:
            hooks, scale = self.hooks, self.hooks.scale
            if hooks.ranked is not None:
                scored = [(float(v) * scale, a) for v, a in hooks.ranked(state, self.seat)]
            else:
                scored = [(self._after_value(state, a), a) for a in state.legal_actions(self.seat)]
            scored.sort(key=lambda va: -va[0])
            self._ranked[action_index] = scored
        return self._ranked[action_index]

    def _after_value(self, state: Any, action: Any) -> float:
        after = state.copy()
        after.apply(action)
        return self.value(after)

    def move_value(self, action_index: int, state: Any, action: Any) -> float:
        """The value of one move (ranked, or the game's ``move_value``, or its afterstate's)."""
        to_json = self.definition.action_to_json
        wanted = to_json(action)
        for v, a in self.ranked(action_index, state):
            if to_json(a) == wanted:
                return v
        return move_worth(state, action, self.seat, ranked=False)

    def luck(self, index: int) -> float:
        """What the rolls since the seat's previous decision gave it (points)."""
        return self._luck_of(self._rolls[index])

    def tail_luck(self) -> float:
        """What the rolls after the seat's last decision gave it (points):
        the game's last dice, part of the game's luck though no decision follows."""
        return self._luck_of(self._tail)

    def _luck_of(self, rolls: list[tuple[int, Any]]) -> float:
        total = 0.0
        samples = self.hooks.luck_samples(self.players) if self.hooks.luck_samples else 0
        for k, before in rolls:
            action = self.actions[k]
            after = before.copy()
            after.apply(action)
            total += self.value(after) - self._before_roll(k, before, action, samples)
        return total

    def _before_roll(self, k: int, before: Any, action: Any, samples: int) -> float:
        """The seat's value of action ``k`` before its dice are known: the
        mean over ``samples`` seeded rolls, or (0) the move's own value (the
        seat's own decision) or the position's before it."""
        if samples:
            values = []
            for j in range(samples):
                state = before.copy()
                reseed(state, SplitMix64((self.seed * 0x9E3779B1 + k) * 0x100000001B3 + j).next64() >> 1,
                       self.hooks.roll_key)
                state.apply(action)
                values.append(self.value(state))
            return sum(values) / samples
        if _player_of(before, action) == self.seat and len(before.legal_actions(self.seat)) > 1:
            return self.move_value(k, before, action)
        return self.value(before)

    def result(self) -> float:
        """The seat's final value (its points solo, its margin with several
        players; the value where the record stops before the end)."""
        return self.value(self.final)

    # -- decisions ------------------------------------------------------------------
    def decisions(self, start: int = 0, cancel: Callable[[], bool] | None = None) -> Iterator[Decision]:
        """Each decision from index ``start`` on, one at a time."""
        for i in range(max(0, start), len(self._positions)):
            yield self.decide(i, cancel)

    def position(self, index: int) -> Any:
        """A copy of the game state before decision ``index``."""
        return self._positions[index][1].copy()

    def decide(self, index: int, cancel: Callable[[], bool] | None = None) -> Decision:
        """The review of decision ``index`` (deterministic for the record,
        the seat and the seed); :class:`Cancelled` once ``cancel()`` is true."""
        action_index, position = self._positions[index]
        if cancel is not None and cancel():
            raise Cancelled(f"the review of decision {index} was cancelled")
        played = self.actions[action_index]
        forced = len(position.legal_actions(self.seat)) <= 1
        value = self.move_value(action_index, position, played)
        scored = self.ranked(action_index, position) or [(value, played)]
        top = scored[0][0]
        loss = max(0.0, top - value)
        se = rolled = None
        mark = mark_for(loss, forced)
        if self.confirm and not forced and abs(loss - THRESHOLDS["inaccuracy"]) < CLOSE and scored:
            rolled, se = self._confirm(index, position, played, scored[0][1], cancel)
            if _band(loss) not in _bands(rolled - Z * se, rolled + Z * se):
                mark = "uncertain"
        best = self._moves(position, [a for _, a in scored[:3]], [v for v, _ in scored[:3]])
        return Decision(
            index=index, action_index=action_index, turn=self._turn(position), seat=self.seat,
            kind=self.hooks.kind(position, played) if self.hooks.kind else "move", forced=forced,
            played=self._moves(position, [played], [value])[0], best=tuple(best),
            value_before=self.value(position), loss=loss, se=se, rollout_loss=rolled, mark=mark,
            luck=self.luck(index),
            game=self.definition.name, measure=self.measure, unit=self.unit,
            dice=_InLanguages(partial(self.hooks.dice, position) if self.hooks.dice else lambda lang: ""),
            position=position.summary(),
        )

    def _moves(self, state: Any, actions: Sequence[Any], values: Sequence[float]) -> list[Move]:
        out = []
        for action, v in zip(actions, values):
            after = state.copy()
            events = after.apply(action)
            effect = self.hooks.effect(state, action, after, events or (), self.seat) if self.hooks.effect \
                else Effect()
            texts = _InLanguages(partial(self.describe, state, action))
            out.append(Move(self.definition.action_to_json(action), texts, v, effect))
        return out

    def describe(self, state: Any, action: Any, lang: str | None = None) -> str:
        lang = lang or self.lang
        if self.hooks.describe is not None:
            return self.hooks.describe(state, action, lang)
        return " ".join(str(v) for v in self.definition.action_to_json(action).values())

    def _turn(self, state: Any) -> int:
        if self.hooks.turn_of is not None:
            return self.hooks.turn_of(state)
        for name in ("round", "turn"):
            value = getattr(state, name, None)
            if isinstance(value, int):
                return value
        return 0

    # -- confirming rollouts ------------------------------------------------------------
    def _confirm(self, index: int, position: Any, played: Any, best: Any,
                 cancel: Callable[[], bool] | None) -> tuple[float, float]:
        """(best − played) by ``confirm`` seeded rollout pairs to the horizon: mean and its standard error."""
        diffs = []
        for i in range(self.confirm):
            if cancel is not None and cancel():
                raise Cancelled(f"the review of decision {index} was cancelled")
            seed = SplitMix64((self.seed * 0x100000001B3 + index) * 0x9E3779B1 + i).next64() >> 1
            a, b = (self.rollout(position, move, seed, CONFIRM_AHEAD) for move in (played, best))
            diffs.append(b - a)
        return mean_se(diffs)

    def rollout(self, position: Any, move: Any, seed: int, ahead: int | None = 1) -> float:
        """The seat's value after ``move`` and a seeded rollout by the
        game's expert until the horizon has moved ``ahead`` steps (the end
        of the round with 1), or to the end of the game (``None``)."""
        hooks, definition = self.hooks, self.definition
        state = position.copy()
        reseed(state, seed, hooks.roll_key)
        state.apply(move)
        stop = None
        if ahead is not None and hooks.horizon is not None:
            here = hooks.horizon(position)
            stop = lambda s: hooks.horizon(s) - here >= ahead  # noqa: E731
        kind = hooks.expert if hooks.expert in definition.bot_kinds else definition.bot_kinds[-1]
        bots = [definition.make_bot(kind, seed + p) for p in range(self.players)]
        return self.value(play_out(state, bots, stop))

    # -- try it yourself ------------------------------------------------------------------
    def judge(self, index: int, action_json: Any) -> dict[str, Any]:
        """The seat chooses again at decision ``index``: is ``action_json``
        (a record action, as an object or JSON text) legal, its value, loss
        and mark, and a sentence saying so (why not, for an illegal one)."""
        lang = self.lang
        action_index, position = self._positions[index]
        try:
            data = json.loads(action_json) if isinstance(action_json, str) else action_json
            action = self.definition.action_from_json(data)
        except (ValueError, TypeError, KeyError, GameError) as exc:
            return _illegal(render_message("review.judge_malformed", {}, lang), str(exc))
        if _player_of(position, action) != self.seat:
            return _illegal(render_message("review.judge_not_yours", {}, lang))
        try:
            position.copy().apply(action)
        except GameError as exc:
            why = render_message(exc.code, exc.params, lang) if hasattr(exc, "code") and hasattr(exc, "params") \
                else str(exc)
            return _illegal(render_message("review.judge_illegal", {"why": why}, lang), str(exc))
        scored = self.ranked(action_index, position)
        value = self.move_value(action_index, position, action)
        loss = max(0.0, (scored[0][0] if scored else value) - value)
        mark = mark_for(loss, len(position.legal_actions(self.seat)) <= 1)
        unit = render_message(self.unit, {}, lang)
        if loss <= 1e-9:
            said = render_message("review.judge_best", {}, lang)
        else:
            said = render_message("review.judge_loses", {"loss": _number(loss, lang), "unit": unit,
                                                         "move": self.describe(position, scored[0][1])}, lang)
        return {"legal": True, "value": round(value, 3), "loss": round(loss, 3), "mark": mark,
                "mark_text": render_message(f"review.mark_{mark}", {}, lang), "is_best": loss <= 1e-9,
                "said": said, "symbol": SYMBOLS.get(mark, ""), "text": self.describe(position, action)}


_LANGS = ("en", "es", "it")


def _illegal(said: str, detail: str = "") -> dict[str, Any]:
    """An answer of :meth:`Review.judge` to a move it cannot judge (``detail``: for a details link)."""
    return {"legal": False, "value": 0.0, "loss": 0.0, "mark": "", "mark_text": "", "is_best": False,
            "said": said, "symbol": "", "detail": detail}


# -- the game -------------------------------------------------------------------------

def key_moments(decisions: Sequence[Decision], n: int = 3) -> list[int]:
    """The decisions that mattered most: the largest losses from an
    inaccuracy on, then the largest swings of luck; by index."""
    judged = [d for d in decisions if not d.forced]
    errors = sorted((d for d in judged if d.loss >= THRESHOLDS["inaccuracy"]), key=lambda d: (-d.loss, d.index))
    chosen = [d.index for d in errors[:n]]
    if len(chosen) < n:
        rest = sorted((d for d in decisions if d.index not in chosen and abs(d.luck) >= THRESHOLDS["inaccuracy"]),
                      key=lambda d: (-abs(d.luck), d.index))
        chosen += [d.index for d in rest[:n - len(chosen)]]
    return sorted(chosen)


def summarise(review: Review, decisions: Sequence[Decision]) -> dict[str, Any]:
    """What the decisions add up to (the contract's summary): accuracy,
    counts by mark, error total, luck, result, luck-adjusted result, losses
    by kind of decision, key moments, thresholds, the unit and one line of
    text in the review's language."""
    lang = review.lang
    counts = {mark: 0 for mark in MARKS}
    kinds: dict[str, list] = {}
    for d in decisions:
        counts[d.mark] += 1
        if not d.forced:
            entry = kinds.setdefault(d.kind, [d.kind_text(lang), 0, 0.0])
            entry[1] += 1
            entry[2] += d.loss
    losses = [d.loss for d in decisions if not d.forced]
    error_total = sum(losses)
    luck = sum(d.luck for d in decisions)
    if len(decisions) == len(review):  # the whole game: its last dice too
        luck += review.tail_luck()
    result = review.result()
    unit = render_message(review.unit, {}, lang)
    by_kind = [{"key": k, "text": t, "n": n, "loss": round(loss, 3)}
               for k, (t, n, loss) in sorted(kinds.items(), key=lambda kv: (-kv[1][2], kv[0]))]
    acc = accuracy(losses)
    text = render_message("review.summary", {
        "accuracy": _number(acc, lang), "n": len(losses), "errors": _number(error_total, lang), "unit": unit,
        "luck": _number(luck, lang, sign=True), "result": _number(result, lang),
        "adjusted": _number(result - luck, lang)}, lang)
    return {
        "accuracy": round(acc, 1), "counts": counts, "error_total": round(error_total, 3),
        "luck": round(luck, 3), "result": round(result, 3), "luck_adjusted": round(result - luck, 3),
        "by_kind": by_kind, "key_moments": key_moments(decisions), "thresholds": dict(THRESHOLDS),
        "unit": unit, "measure": review.measure, "decisions": len(decisions), "judged": len(losses),
        "text": text,
    }
