"""A review of every decision a player made, for any registered game.

Given a game record and a seat, :class:`Review` finds each decision that
seat made with more than one legal action, asks the game's hint (its expert)
which action it prefers there, and, where the two differ, measures what the
difference costs by seeded rollout pairs: from the position, the move made
and the expert's move are each played on by the expert in every seat, with
the same fresh dice for both (common random numbers, :class:`KeyedDice`:
each roll is drawn by where it happens in the game, so the two rollouts stay
in step; never the record's own dice, which the player could not know),
to the end of the game, or, where the game gives a value function and a
horizon (Ganz schön clever: the end of the round), to the horizon and then
scored by the value.  The cost is the mean difference of the game's measure
with its standard error:

* ``points``: the seat's final score (Ganz schön clever);
* ``margin``: the seat's score minus the best other score (Dice Wide Shut);
* ``win``: the seat's win chance in percentage points, a shared win
  counting as a fraction (Diceland).

Each decision is labelled from the loss by :data:`THRESHOLDS` (the only
place they are stated; README's review section quotes them): ``best`` when
the move is the expert's, when the loss is under the first threshold, or
when it is within :data:`Z` (2.5) standard errors of nothing (a tie within the error);
else ``inaccuracy``, ``mistake`` or ``blunder``.  Rollouts come in batches
(:class:`Rollouts`) until :data:`Z` standard errors either side of the loss fall
under one label, or the batches run out.

What is game-specific (the measure, how a move and an area read to a
player, the rollout batches, the dice keys, a value function) comes from the game's own module
``<its package>.review`` (``diceland_core.games.<name>.review``), which calls :func:`register_review`;
a game without one is reviewed with :data:`DEFAULT_HOOKS`.  The review
plays through the registry only (``definition.hint``, ``make_bot``,
``copy``, ``apply``, ``outcome``), so a stronger expert makes a better
review with no change here.

Shaped for a page: :meth:`Review.decisions` yields one
:class:`Decision` at a time from any decision index (resumable), each a
pure function of the record, the seat and the review's seed
(deterministic, whatever was reviewed before), and :meth:`Review.decide`
takes a ``cancel`` callable checked between rollouts.
"""

from __future__ import annotations

import importlib
import math
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence

from .dice import ScriptedDice, SeededDice
from .errors import load_messages, render_message
from .protocol import GameDef, Hint, Outcome
from .record import definition_of, load_record, record_of
from .rng import SplitMix64

#: the review's own words: labels, reasons where a game's hint gives none,
#: the report and its summary
load_messages("review", Path(__file__).with_name("review_messages.json"))

__all__ = ["THRESHOLDS", "LABELS", "Z", "Rollouts", "ReviewHooks", "DEFAULT_HOOKS", "register_review",
           "hooks_for", "KeyedDice", "Decision", "Review", "Cancelled", "label_for", "measure", "reseed",
           "play_out", "summarise"]

#: Loss from which a decision is an inaccuracy, a mistake, a blunder, by
#: measure (points and margin in points of score, win in percentage points).
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    "points": (3.0, 8.0, 15.0),
    "margin": (3.0, 8.0, 15.0),
    "win": (5.0, 12.0, 25.0),
}
LABELS: tuple[str, ...] = ("best", "inaccuracy", "mistake", "blunder")
#: A loss within this many standard errors of nothing is a tie (label best).
Z = 2.5
#: A rollout stops after this many actions (a safety cap; no game gets near).
MAX_ACTIONS = 20000


class Cancelled(Exception):
    """The review of a decision was cancelled (its ``cancel`` returned true)."""


@dataclass(frozen=True)
class Rollouts:
    """Rollout pairs per contested decision: ``first`` pairs, then ``step``
    more while the label is uncertain, at most ``most``."""

    first: int = 4
    step: int = 4
    most: int = 12


@dataclass(frozen=True)
class ReviewHooks:
    """What a game tells the review: its measure (a key of
    :data:`THRESHOLDS`), how an action reads (``describe(state, action,
    lang)``, the state before it), how an area of its ``Outcome.areas`` reads
    (``area_name(area, lang)``), which turn a position is in, and the
    rollout batches."""

    measure: str = "margin"
    describe: Callable[[Any, Any, str], str] | None = None
    area_name: Callable[[str, str], str] | None = None
    turn_of: Callable[[Any], int] | None = None
    rollouts: Rollouts = field(default_factory=Rollouts)
    expert: str = "expert"
    #: where a roll happens, for :class:`KeyedDice` (default: the roll count)
    roll_key: Callable[[Any], Sequence[int]] | None = None
    #: the game's estimate of the seat's final measure from a position;
    #: with ``horizon`` a rollout stops once ``horizon(state)`` changes (the
    #: end of the round …) and is scored by ``value`` (a finished game by its
    #: outcome)
    value: Callable[[Any, int], float] | None = None
    horizon: Callable[[Any], Any] | None = None
    #: the seat's score by area now, for the split of a ``value`` (the rest
    #: of the value is the area ``later``)
    areas: Callable[[Any, int], Mapping[str, float]] | None = None


DEFAULT_HOOKS = ReviewHooks()
_HOOKS: dict[str, ReviewHooks] = {}


def register_review(name: str, hooks: ReviewHooks) -> ReviewHooks:
    """A game's review hooks (called by ``games/<name>/review.py``)."""
    if hooks.measure not in THRESHOLDS:
        raise ValueError(f"unknown review measure {hooks.measure!r} (expected one of {', '.join(THRESHOLDS)})")
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


# -- measures, labels, rollouts ---------------------------------------------------

def measure(kind: str, outcome: Outcome, seat: int) -> float:
    """The seat's value of a finished game by ``kind`` (see the module doc)."""
    scores = outcome.scores
    if kind == "points":
        return float(scores[seat])
    if kind == "win":
        return 100.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    others = [s for p, s in enumerate(scores) if p != seat]
    return float(scores[seat] - (max(others) if others else 0))


def _band(kind: str, loss: float) -> int:
    return sum(1 for t in THRESHOLDS[kind] if loss >= t)


def label_for(kind: str, loss: float, se: float) -> str:
    """The label of a loss with standard error ``se`` (:data:`THRESHOLDS`)."""
    if loss <= Z * se:
        return "best"
    return LABELS[_band(kind, loss)]


class KeyedDice(SeededDice):
    """Dice from ``seed`` where each roll draws from its own generator, keyed
    by ``key()`` (where the game is: round, turn, pick …) and by how many
    rolls had that key before.  Two rollouts of different moves thus see the
    same dice in the same places of the game, however many dice either
    rolled before (common random numbers that stay in step)."""

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
    """Give a copied state fresh dice from ``seed`` (the core's dice
    sources: a script still unplayed is dropped), keyed by ``key(state)``
    (default: how many rolls the game has made)."""
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


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


# -- one decision -------------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    """The review of one decision: where (``index`` among the seat's
    decisions, ``action_index`` in the record, ``turn``), the move made and
    the expert's (as record JSON and as text), the loss (measure units, the
    expert's move minus the move made, over ``pairs`` rollout pairs) with its
    standard error and its split by area, the label and the reason (a
    message code with parameters, the hint's own where it gives one)."""

    index: int
    action_index: int
    turn: int
    seat: int
    played: dict
    expert: dict
    played_text: str
    expert_text: str
    loss: float
    se: float
    pairs: int
    label: str
    measure: str
    reason_code: str
    reason_params: Mapping[str, Any]
    areas: Mapping[str, float] = field(default_factory=dict)
    position: Mapping[str, Any] = field(default_factory=dict)

    @property
    def same(self) -> bool:
        return self.played == self.expert

    def label_text(self, lang: str = "en") -> str:
        return render_message(f"review.label_{self.label}", {}, lang)

    def reason(self, lang: str = "en") -> str:
        return render_message(self.reason_code, self.reason_params, lang)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "index": self.index, "action_index": self.action_index, "turn": self.turn,
            "seat": self.seat, "played": self.played, "expert": self.expert,
            "played_text": self.played_text, "expert_text": self.expert_text, "same": self.same,
            "loss": round(self.loss, 3), "se": round(self.se, 3), "pairs": self.pairs,
            "measure": self.measure, "label": self.label, "label_text": self.label_text(lang),
            "reason": {"code": self.reason_code, "params": _plain(self.reason_params),
                       "text": self.reason(lang)},
            "areas": {k: round(v, 3) for k, v in self.areas.items()},
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


class Review:
    """The review of ``seat``'s decisions in a record (JSON text, object or
    a loaded state).  ``full`` rolls out to the end of the game even where
    the game has a value function; ``rollouts`` replaces the game's batches.
    Raises :class:`RecordError` for a bad record and ``ValueError`` for a
    seat the game does not have."""

    def __init__(self, record: Any, seat: int = 0, seed: int = 0, lang: str = "en", full: bool = False,
                 rollouts: Rollouts | None = None):
        final = record if hasattr(record, "apply") else load_record(record)
        self.definition = definition_of(final)
        self.hooks = hooks_for(self.definition)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players:
            shown = seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat
            raise ValueError(f"this game has players 1 to {final.players}; there is no player {shown!r}")
        self.seat, self.seed, self.lang = seat, seed, lang
        #: rollouts to the end of the game even where the game has a value
        self.full = full or self.hooks.value is None or self.hooks.horizon is None
        #: the rollout batches (default: the game's)
        self.rollouts = rollouts or self.hooks.rollouts
        self.players = final.players
        self.final = final
        self.record = record_of(final)
        self.actions = list(final.actions)
        self._positions: list[tuple[int, Any]] = []
        state = self._start()
        for i, action in enumerate(self.actions):
            player = getattr(action, "player", None)
            if player is None:
                waiting = state.waiting_for()
                player = waiting[0] if waiting else None
            if player == seat and len(state.legal_actions(seat)) > 1:
                self._positions.append((i, state.copy()))
            state.apply(action)

    def _start(self) -> Any:
        rec = self.record
        return self.definition.from_setup({**rec["setup"], "meta": rec.get("meta", {})},
                                          rec["seed"], rec["players"])

    def __len__(self) -> int:
        return len(self._positions)

    @property
    def kind(self) -> str:
        return self.hooks.measure

    def decisions(self, start: int = 0, cancel: Callable[[], bool] | None = None) -> Iterator[Decision]:
        """Each decision from index ``start`` on, one at a time."""
        for i in range(max(0, start), len(self._positions)):
            yield self.decide(i, cancel)

    def decide(self, index: int, cancel: Callable[[], bool] | None = None) -> Decision:
        """The review of decision ``index`` (deterministic for the record,
        the seat and the seed); :class:`Cancelled` once ``cancel()`` is true."""
        action_index, position = self._positions[index]
        definition, hooks, seat = self.definition, self.hooks, self.seat
        played = self.actions[action_index]
        hint = self._hint(position)
        expert = hint.action
        reason_code, reason_params = hint.code, dict(hint.params)
        to_json = definition.action_to_json
        loss = se = 0.0
        pairs = 0
        areas: dict[str, float] = {}
        label = "best"
        if to_json(played) != to_json(expert):
            diffs: list[float] = []
            area_diffs: list[dict[str, float]] = []
            plan = self.rollouts
            while True:
                for i in range(len(diffs), min(len(diffs) + (plan.step if diffs else plan.first), plan.most)):
                    if cancel is not None and cancel():
                        raise Cancelled(f"the review of decision {index} was cancelled")
                    d, a = self._pair(position, played, expert, self._rollout_seed(action_index, i))
                    diffs.append(d)
                    area_diffs.append(a)
                loss, se = _mean_se(diffs)
                if len(diffs) >= plan.most or _band(self.kind, loss - Z * se) == _band(self.kind, loss + Z * se):
                    break
            pairs = len(diffs)
            for name in sorted({k for a in area_diffs for k in a}):
                areas[name] = sum(a.get(name, 0.0) for a in area_diffs) / pairs
            label = label_for(self.kind, loss, se)
            if label == "best":
                reason_code, reason_params = "review.tie", {}
            elif not reason_code:
                reason_code, reason_params = f"review.expert_better_{self.kind}", {}
        elif not reason_code:
            reason_code, reason_params = "review.same", {}
        return Decision(
            index=index, action_index=action_index, turn=self._turn(position), seat=seat,
            played=to_json(played), expert=to_json(expert),
            played_text=self._describe(position, played), expert_text=self._describe(position, expert),
            loss=loss, se=se, pairs=pairs, label=label, measure=self.kind,
            reason_code=reason_code, reason_params=reason_params, areas=areas,
            position=position.summary(),
        )

    # -- helpers ----------------------------------------------------------------------
    def _hint(self, position: Any) -> Any:
        definition = self.definition
        if definition.hint is not None:
            try:
                return definition.hint(position, self.seat)
            except ValueError:
                pass  # a decision the hint does not answer (not the seat's turn by its rules)
        bot = definition.make_bot(self._expert_kind(), len(position.actions))
        return Hint(bot.choose(position, self.seat))

    def _expert_kind(self) -> str:
        kinds = self.definition.bot_kinds
        return self.hooks.expert if self.hooks.expert in kinds else kinds[-1]

    def _rollout_seed(self, action_index: int, i: int) -> int:
        return SplitMix64((self.seed * 0x100000001B3 + action_index) * 0x9E3779B1 + i).next64() >> 1

    def _pair(self, position: Any, played: Any, expert: Any, seed: int) -> tuple[float, dict[str, float]]:
        """One rollout of each move with the same dice: (expert − played) of
        the measure and of each area."""
        hooks = self.hooks
        kind = self._expert_kind()
        stop = None
        if not self.full:
            here = hooks.horizon(position)
            stop = lambda state: hooks.horizon(state) != here  # noqa: E731
        results = []
        for move in (played, expert):
            state = position.copy()
            reseed(state, seed, hooks.roll_key)
            state.apply(move)
            bots = [self.definition.make_bot(kind, seed + p) for p in range(self.players)]
            results.append(self._score(play_out(state, bots, stop)))
        (base, base_areas), (best, best_areas) = results
        names = sorted(set(best_areas) | set(base_areas))
        return best - base, {k: best_areas.get(k, 0.0) - base_areas.get(k, 0.0) for k in names}

    def _score(self, state: Any) -> tuple[float, dict[str, float]]:
        """The seat's measure at the end of a rollout and its split by area."""
        outcome = state.outcome() if state.over else None
        if outcome is not None:
            areas = dict(outcome.areas[self.seat]) if outcome.areas else {}
            return measure(self.kind, outcome, self.seat), {k: float(v) for k, v in areas.items()}
        value = float(self.hooks.value(state, self.seat))
        areas = {k: float(v) for k, v in (self.hooks.areas(state, self.seat) if self.hooks.areas else {}).items()}
        if areas:
            areas["later"] = value - sum(areas.values())
        return value, areas

    def _turn(self, state: Any) -> int:
        if self.hooks.turn_of is not None:
            return self.hooks.turn_of(state)
        for name in ("round", "turn"):
            value = getattr(state, name, None)
            if isinstance(value, int):
                return value
        return 0

    def _describe(self, state: Any, action: Any) -> str:
        if self.hooks.describe is not None:
            return self.hooks.describe(state, action, self.lang)
        return " ".join(str(v) for v in self.definition.action_to_json(action).values())

    def area_name(self, area: str) -> str:
        if area == "later":
            return render_message("review.area_later", {}, self.lang)
        return self.hooks.area_name(area, self.lang) if self.hooks.area_name else area


def summarise(review: Review, decisions: Sequence[Decision], worst: int = 3) -> dict[str, Any]:
    """What the decisions add up to: the loss of every labelled decision
    (not best), by area, the counts by label and the worst few; ``text`` is
    the one-line summary in the review's language."""
    lang = review.lang
    counts = {label: 0 for label in LABELS}
    lost = 0.0
    areas: dict[str, float] = {}
    for d in decisions:
        counts[d.label] += 1
        if d.label != "best":
            lost += d.loss
            for name, v in d.areas.items():
                areas[name] = areas.get(name, 0.0) + v
    bad = sorted((d for d in decisions if d.label != "best"), key=lambda d: (-d.loss, d.index))[:worst]
    parts = [render_message("review.area_lost", {"area": review.area_name(k), "loss": round(v)}, lang)
             for k, v in sorted(areas.items(), key=lambda kv: -kv[1]) if round(v) != 0]
    parts += [render_message("review.worst", {"n": d.index + 1, "turn": d.turn, "label": d.label_text(lang),
                                              "loss": round(d.loss, 1)}, lang) for d in bad]
    head = render_message(f"review.lost_{review.kind}", {"loss": round(lost)}, lang)
    text = head + (": " + ", ".join(parts) if parts else "")
    counted = render_message("review.counts", {"n": len(decisions), **counts}, lang)
    return {"measure": review.kind, "lost": round(lost, 3), "counts": counts,
            "areas": {k: round(v, 3) for k, v in areas.items()},
            "worst": [d.index for d in bad], "text": f"{text}. {counted}"}
