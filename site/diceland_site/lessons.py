"""Lessons of every game, written once: where a game's lessons live, the
``game=`` parameter, a lesson file or a shared position as a checked
:class:`LessonScript`, the judgement of a reader's try (:func:`judge`); the
state machine of ``embed.html`` (watch / try, step navigation) is
:class:`diceland_site.lesson_session.LessonSession`.

What is particular to a game (its controller, dice, targets, drawing) comes
from a *board* built by the game's plug-in (``games/<game>/lesson.py``'s
``make_board``): see :class:`Board`; how its lessons open and what a try
accepts, from the plug-in's ``RULES`` (:class:`LessonRules`, the defaults
when it has none).  Diceland's links need no ``game=``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Mapping, Protocol, Sequence

from diceland_core.core.errors import ScenarioError
from diceland_core.core.replay import parse_scenario, play

from .teaching import EmbedError, LessonTexts, TryVerdict, engine_refusal, refused
from .games import GAMES
from .i18n import Strings, error_text
from .query import quote
from .seats import HUMAN, MAX_NAME, Seat

__all__ = [
    "LESSON_GAMES", "DEFAULT_GAME", "back_to_game", "lesson_folder", "picture_sources", "lesson_key", "tutorial_lesson", "tutorial_entries",
    "embed_src", "parse_game", "LessonRules", "lesson_rules", "LessonScript", "judge",
    "Outcome", "Board", "LessonBoard", "JudgedMoves", "lesson_seats", "refusal", "STILL",
]

#: The games with lessons, in the tutorial's order (Diceland first): every
#: game of games.json has its lessons in ``tutorial/<game>/``.
LESSON_GAMES = tuple(entry.game for entry in GAMES)
DEFAULT_GAME = "diceland"


def lesson_folder(game: str) -> str:
    """Where a game's lessons and their ``index.json`` live, from the site root."""
    return f"tutorial/{game}"


def lesson_key(game: str, lesson: str) -> str:
    """A lesson's id in the tutorial's progress and links (Diceland's ids stay
    bare, as stored progress and old ``tutorial.html?lesson=`` links have them)."""
    return lesson if game == DEFAULT_GAME else f"{game}/{lesson}"


def tutorial_lesson(wanted: str | None, keys: Sequence[str]) -> str | None:
    """The lesson key a ``tutorial.html?lesson=`` value names: a key
    (``overshoot``, ``clever/extra``), a Diceland lesson with its game
    (``diceland/overshoot``), or a game (``clever``: its first lesson);
    None when it names none."""
    if not wanted:
        return None
    name = wanted.strip().lower()
    if name in LESSON_GAMES:
        own = [k for k in keys if (k.split("/", 1)[0] == name if "/" in k else name == DEFAULT_GAME)]
        return own[0] if own else None
    if name.startswith(DEFAULT_GAME + "/"):
        name = name[len(DEFAULT_GAME) + 1:]
    return name if name in keys else None


def back_to_game(referrer: str, base: str, game: str | None, lang: str) -> str:
    """Where the tutorial's "Back to the game" goes: the game page of this
    site that opened it (``referrer``, under ``base``, the site's folder URL),
    else the page of ``game`` (the lesson a link named), else the home page;
    in ``lang``, without the other page's start parameters (its saved game
    resumes)."""
    pages = {e.page for e in GAMES}
    page = None
    if referrer.startswith(base):
        name = referrer[len(base):].split("?", 1)[0].split("#", 1)[0]
        page = name if name in pages else None
    if page is None and game is not None:
        page = next((e.page for e in GAMES if e.game == game), None)
    return f"./{page or 'index.html'}?lang={lang}"


def picture_sources(index: Any, lang: str) -> list[str]:
    """Every picture ``pictures/index.json`` names in ``lang`` (a lesson
    drawn in each language lists its steps by language), each once, sorted:
    what the tutorial fetches so that the service worker keeps it for
    offline reading; a malformed index names none."""
    lessons = index.get("lessons") if isinstance(index, dict) else None
    found = set()
    for lesson in (lessons.values() if isinstance(lessons, dict) else ()):
        steps = lesson.get("steps") if isinstance(lesson, dict) else None
        if isinstance(steps, dict):
            steps = steps.get(lang)
        for step in (steps if isinstance(steps, list) else ()):
            src = step.get("src") if isinstance(step, dict) else None
            if isinstance(src, str) and src.startswith("pictures/") and src.endswith(".svg") and ".." not in src:
                found.add(src)
    return sorted(found)


def tutorial_entries(indexes: Mapping[str, Sequence[Mapping[str, Any]]]) -> list[dict[str, str]]:
    """Every lesson of every game, in the tutorial's order, from each game's
    ``index.json``: ``key`` (its progress id), ``game``, ``lesson``, ``path``."""
    out = []
    for game in LESSON_GAMES:
        for entry in indexes.get(game, ()):
            lesson, file = str(entry["id"]), str(entry["file"])
            out.append({"key": lesson_key(game, lesson), "game": game, "lesson": lesson,
                        "path": f"{lesson_folder(game)}/{file}"})
    return out


def embed_src(entry: Mapping[str, str], lang: str, step: int | None) -> str:
    """The ``embed.html`` link of a tutorial entry (Diceland's links as they always were)."""
    game = "" if entry["game"] == DEFAULT_GAME else f"game={quote(entry['game'])}&"
    return (f"embed.html?{game}scenario={quote(entry['lesson'])}&lang={lang}"
            + (f"&step={step}" if step is not None else ""))


def parse_game(query: Mapping[str, Any]) -> str:
    """``game=`` of a link (absent: Diceland); EmbedError naming the known games."""
    value = query.get("game")
    if isinstance(value, (list, tuple)):
        value = value[-1] if value else None
    if value is None:
        return DEFAULT_GAME
    name = str(value).strip().lower()
    if name not in LESSON_GAMES:
        raise EmbedError("unknown_game", name=str(value)[:40], known=", ".join(LESSON_GAMES))
    return name


def player_of(state, action) -> int | None:
    """Who makes ``action``: its ``player``."""
    return getattr(action, "player", None)


def same_position(state, action, expected) -> bool:
    """``action`` leaves the position ``expected`` leaves (both legal in ``state``)."""
    mine, after = engine_refusal(state, action)
    missed, wanted = engine_refusal(state, expected)
    return mine is None and missed is None and after.summary() == wanted.summary()


@dataclass(frozen=True)
class LessonRules:
    """How a game's lessons open and what their tries accept; the defaults
    are Ganz schön clever's and Dice Wide Shut's (a plug-in with other ways
    sets ``RULES`` in its ``lesson.py``)."""

    make_board: Callable[..., "Board"]
    #: without ``&step=`` a lesson opens at step 1 (else at its try's step)
    opens_at_first_step: bool = False
    #: a step without the lesson's own try asks for the script's next move
    next_move_tries: bool = False
    #: while watching, the lesson's try step shows the board of the one who tries
    shows_try_player: bool = False
    #: who makes an action in a state
    actor: Callable[[Any, Any], int | None] = player_of
    #: is a legal ``action`` the ``expected`` move (default: it leaves the same position)
    same_move: Callable[[Any, Any, Any], bool] = same_position
    #: ``"accept": "any_legal_of_kind"``: is the move of the same kind as an expected one
    same_kind: Callable[[Any, Any, Any], bool] | None = None
    #: what a new game's scenario adds to its players and seed (the picture
    #: of an empty sheet the boot screen shows on a first visit)
    new_game: Mapping[str, Any] = field(default_factory=dict)


def lesson_rules(game: str) -> LessonRules:
    """The game plug-in's ``RULES``, else the defaults around its ``make_board``."""
    module = importlib.import_module(f"diceland_site.games.{game}.lesson")
    return getattr(module, "RULES", None) or LessonRules(module.make_board)


class LessonScript(LessonTexts):
    """A lesson file of ``game`` (``lesson`` its id), or a shared position
    (``lesson`` None): the scenario checked and replayed by the engine, its
    texts, its players' names and its tries; EmbedError when it is not one."""

    def __init__(self, data: Mapping[str, Any], game: str, lesson: str | None = None):
        if not isinstance(data, dict) or data.get("game", DEFAULT_GAME) != game:
            raise EmbedError("scenario", detail=f"the file is not a {game} scenario")
        try:
            self.definition, self.scenario = parse_scenario(data)
        except (ScenarioError, ValueError, TypeError, RecursionError) as exc:
            raise EmbedError("scenario", detail=str(exc)) from None
        self.data, self.game, self.lesson = data, game, lesson
        self.rules = lesson_rules(game)
        self.actions = tuple(self.scenario.actions)
        self.read_texts(data)
        self.game_at(self.last)
        names = data.get("names")
        ok = isinstance(names, list) and len(names) == self.players and all(
            isinstance(n, str) and n.strip() for n in names)
        self.custom_names = [n.strip()[:MAX_NAME] for n in names] if ok else None
        #: a name was longer than ``MAX_NAME`` and was cut
        self.names_trimmed = bool(ok and any(len(n.strip()) > MAX_NAME for n in names))

    @property
    def last(self) -> int:
        return len(self.actions)

    @cached_property
    def players(self) -> int:
        return self.game_at(0).players

    def names(self, lang: str) -> list[str]:
        if self.custom_names:
            return list(self.custom_names)
        t = Strings(lang).t
        return [t("seat.default_name", number=i + 1) for i in range(self.players)]

    def game_at(self, step: int):
        """A fresh state after the first ``step`` actions."""
        try:
            replayed = play(self.scenario.game(), self.actions[:step])
        except (ScenarioError, ValueError) as exc:
            raise EmbedError("scenario", detail=str(exc)) from None
        if replayed.error is not None:
            raise EmbedError("replay", index=replayed.applied + 1, detail=error_text(replayed.error))
        return replayed.state

    def check_view(self, step: int | None, seat: int | None = None) -> int:
        """The step to open at; raises for an out-of-range ``step`` or
        ``seat``.  Without ``step``: a shared position at its end, a lesson
        at its try's step (step 1 for a game whose ``opens_at_first_step``)."""
        if step is not None and not 0 <= step <= self.last:
            raise EmbedError("step_range", value=step, max=self.last)
        if seat is not None and not 0 <= seat < self.players:
            raise EmbedError("seat_range", value=seat, max=self.players - 1)
        if step is not None:
            return step
        if self.lesson is None:
            return self.last
        if self.rules.opens_at_first_step:
            return min(1, self.last)
        return self.try_spec["step"] if self.try_spec else 0

    def try_at(self, step: int) -> dict[str, Any] | None:
        """The try of ``step``: the lesson's own (``"lesson": True``) at its
        step; for a game with ``next_move_tries``, "make the script's next
        move" at the others; None where there is none."""
        spec = self.try_spec
        if spec is not None and spec["step"] == step:
            return dict(spec, lesson=True)
        if self.rules.next_move_tries and 0 <= step < self.last:
            return {"step": step, "expect": [self.definition.action_to_json(self.actions[step])],
                    "accept": "exact", "wrong": [], "lesson": False}
        return None

    def try_player(self, step: int) -> int | None:
        """Who makes the move the try of ``step`` asks for (found once a step:
        it replays the lesson that far)."""
        known = self.__dict__.setdefault("_try_players", {})
        if step not in known:
            expected = self.expected(self.try_at(step))
            known[step] = self.rules.actor(self.game_at(step), expected[0]) if expected else None
        return known[step]

    def expected(self, spec: Mapping[str, Any] | None = None) -> list:
        """The moves a try (default: the lesson's own) accepts."""
        spec = spec if spec is not None else (self.try_spec or {})
        return [self.definition.action_from_json(a) for a in spec.get("expect", [])]

    def wrong(self, spec: Mapping[str, Any] | None = None) -> list[tuple[Any, Any]]:
        """The lesson's wrong moves of a try (default: its own) with their ``why``."""
        spec = spec if spec is not None else (self.try_spec or {})
        out = []
        for item in spec.get("wrong", []):
            try:
                out.append((self.definition.action_from_json(item.get("action")), item.get("why")))
            except (ValueError, TypeError, KeyError, AttributeError):
                continue
        return out


def judge(script: LessonScript, state, action, lang: str = "en", names: Sequence[str] | None = None,
          spec: Mapping[str, Any] | None = None) -> TryVerdict:
    """Is ``action`` the move the try ``spec`` (default: the lesson's own)
    asks for?  Accepted when the engine allows it and it leaves the position
    one of ``expect`` leaves (a blue sum written out or not is the same
    move; the game's ``same_move``), or, with ``"accept": "any_legal_of_kind"``, when it is of the
    same kind as one of them (the game's ``same_kind``); otherwise the
    engine's refusal in plain words (the rule behind ``details``) and/or
    the lesson's ``why`` for that move."""
    spec = spec if spec is not None else (script.try_spec or {})
    error, _ = engine_refusal(state, action)
    if error is None:
        expected = script.expected(spec)
        if any(script.rules.same_move(state, action, want) for want in expected):
            return TryVerdict(True)
        same_kind = script.rules.same_kind
        if spec.get("accept") == "any_legal_of_kind" and same_kind is not None and any(
                same_kind(state, action, want) for want in expected):
            return TryVerdict(True)
    why = next((why for wrong, why in script.wrong(spec) if wrong == action and why), None)
    return refused(error, why, lang, names)


#: the kind given to the seats nobody plays in a lesson (they are never asked)
STILL = "random"


def lesson_seats(names: Sequence[str], human: int | None) -> list[Seat]:
    """The seats of a lesson: the reader plays ``human`` (None: nobody)."""
    return [Seat(n, HUMAN if i == human else STILL) for i, n in enumerate(names)]


def refusal(check: Callable | None, state, action) -> TryVerdict | None:
    """The verdict refusing ``action`` when a lesson's ``check`` does not accept it."""
    if check is None:
        return None
    verdict = check(state, action)
    return None if verdict.accepted else verdict


@dataclass(frozen=True)
class Outcome:
    """What an input on a board did: ``ok``, or a plain ``reason`` (the rule behind ``details``)."""

    ok: bool = True
    reason: str = ""
    details: str = ""


class Board(Protocol):
    """What a game's plug-in gives the session for one position.

    ``human`` is the seat the reader plays (None while watching); every
    action the board's controller would apply goes through ``check`` first
    and is refused with its verdict's message when not accepted."""

    state: Any

    def dice(self) -> list[dict]: ...          # id, label, text, fill, ink, enabled, selected, dim;
                                               # optional: svg, classes, group, group_label
    def targets(self) -> list[dict]: ...       # id, label
    def buttons(self) -> list[dict]: ...       # id, label, enabled, visible
    def prompt(self) -> str: ...
    def status(self) -> str: ...
    def players(self) -> list[str | dict]: ...  # a text, or {"text", "shown", "active"}
    def board_label(self) -> str: ...
    def shown_seat(self) -> int: ...           # whose sheet is drawn
    def view(self, seat: int) -> None: ...     # draw that seat's sheet
    def facts(self) -> dict[str, Any]: ...     # what tests compare with the engine
    def tap_die(self, ident: str) -> Outcome: ...
    def tap_target(self, ident: str) -> Outcome: ...
    def press(self, name: str) -> Outcome: ...
    def key(self, key: str) -> Outcome | None: ...
    def layout(self, css_width: float, dpr: float, max_height: float | None = None) -> Any: ...
    def static_ops(self) -> list[tuple]: ...
    def frame_ops(self) -> list[tuple]: ...
    def tap_point(self, layout: Any, css_x: float, css_y: float) -> Outcome | None: ...
    def answer_taps(self, action: Any) -> list[tuple[str, str]]: ...
    def touches(self, action: Any) -> bool: ...
    def target_point(self, layout: Any, ident: str) -> tuple[float, float] | None: ...


BoardFactory = Callable[..., Board]


class LessonBoard:
    """How every game's lesson board starts: its controller (``CONTROLLER``,
    the game page's own with :class:`JudgedMoves` mixed in) for ``names``,
    the reader playing ``human`` (None: watching, nothing to check), then
    the board's own :meth:`start`; the controller's results become
    :class:`Outcome` (their text in the attribute ``REASON``)."""

    CONTROLLER: Callable[..., Any]
    REASON = "reason"

    def __init__(self, state, names: Sequence[str], lang: str, human: int | None, check: Callable | None):
        self.ctrl = self.CONTROLLER(state, lesson_seats(names, human), lang, check if human is not None else None)
        self.human = human
        self.strings = self.ctrl.strings
        self.start()

    def start(self) -> None:
        """What the board does first (which sheet it shows …)."""

    def outcome(self, result: Any) -> Outcome:
        return Outcome(result.ok, getattr(result, self.REASON), result.details)


class JudgedMoves:
    """Mixed into a game's controller for a lesson (before the controller):
    every action goes to ``check`` before the controller applies it, and a
    refused one comes back as the controller's own result (``RESULT``,
    built from ``ok, message, details``)."""

    RESULT: Callable[..., Any]

    def __init__(self, state, seats, lang: str, check: Callable | None):
        self.check = check
        #: the die the reader tapped last (which of the lesson's wrong moves they are making)
        self.last_die: Any = None
        #: an action reached ``check`` (set here; the board may reset it)
        self.check_called = False
        super().__init__(state, seats, lang=lang)  # type: ignore[call-arg]

    def apply(self, action: Any) -> Any:
        self.check_called = self.check is not None
        verdict = refusal(self.check, self.game, action)
        if verdict is not None:
            return self.RESULT(False, verdict.message, verdict.details)
        return super().apply(action)  # type: ignore[misc]
