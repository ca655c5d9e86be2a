"""Lessons of every game, written once: where a game's lessons live, the
``game=`` parameter, a lesson file as a checked :class:`LessonScript`, the
judgement of a reader's try (:func:`judge`), and :class:`LessonSession`, the
state machine of ``embed.html?game=…`` (watch / try, step navigation).

What is particular to a game (its controller, dice, targets, drawing) comes
from a *board* built by the game's plug-in (``clever/lesson.py``,
``wideshut/lesson.py``): see :class:`Board`.  Diceland keeps its own session
(:mod:`diceland_site.games.diceland.lesson`); its links have no ``game=`` and stay
as they are.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol, Sequence

from diceland_core.core.errors import ScenarioError
from diceland_core.core.replay import parse_scenario, play

from .teaching import (
    EmbedError, LessonTexts, TryVerdict, engine_refusal, refused, text_in, without_rule_ids,
)
from .i18n import Strings, error_text
from .query import quote
from .seats import HUMAN, Seat

__all__ = [
    "LESSON_GAMES", "DEFAULT_GAME", "lesson_folder", "lesson_key", "tutorial_lesson", "tutorial_entries", "embed_src", "parse_game", "LessonScript", "judge",
    "Outcome", "Board", "LessonSession", "board_factory", "lesson_seats", "refusal", "STILL",
]

#: The games with lessons, in the tutorial's order (Diceland first).
LESSON_GAMES = ("diceland", "clever", "wideshut")
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
    (``overshoot``, ``clever/extra``) or a Diceland lesson with its game
    (``diceland/overshoot``); None when it names none."""
    if not wanted:
        return None
    name = wanted.strip().lower()
    if name.startswith(DEFAULT_GAME + "/"):
        name = name[len(DEFAULT_GAME) + 1:]
    return name if name in keys else None


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


class LessonScript(LessonTexts):
    """A lesson file of ``game``: the scenario checked and replayed by the
    engine, its texts and its try; EmbedError when it is not a lesson."""

    def __init__(self, data: Mapping[str, Any], game: str, lesson: str | None = None):
        if not isinstance(data, dict) or data.get("game", DEFAULT_GAME) != game:
            raise EmbedError("scenario", detail=f"the file is not a {game} scenario")
        try:
            self.definition, self.scenario = parse_scenario(data)
        except (ScenarioError, ValueError, TypeError, RecursionError) as exc:
            raise EmbedError("scenario", detail=str(exc)) from None
        self.data, self.game, self.lesson = data, game, lesson
        self.actions = tuple(self.scenario.actions)
        self.read_texts(data)
        self.game_at(self.last)

    @property
    def last(self) -> int:
        return len(self.actions)

    @property
    def players(self) -> int:
        return self.game_at(0).players

    def names(self, lang: str) -> list[str]:
        names = self.data.get("names")
        if isinstance(names, list) and len(names) == self.players and all(isinstance(n, str) for n in names):
            return [n.strip()[:24] or str(i + 1) for i, n in enumerate(names)]
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

    def check_step(self, step: int | None) -> int:
        """The step to open at (default: the try's step, else 0)."""
        if step is None:
            return self.try_spec["step"] if self.try_spec else 0
        if not 0 <= step <= self.last:
            raise EmbedError("step_range", value=step, max=self.last)
        return step

    def try_at(self, step: int) -> Mapping[str, Any] | None:
        spec = self.try_spec
        return spec if spec is not None and spec["step"] == step else None

    def expected(self) -> list:
        spec = self.try_spec or {}
        return [self.definition.action_from_json(a) for a in spec.get("expect", [])]

    def wrong(self) -> list[tuple[Any, Any]]:
        spec = self.try_spec or {}
        return [(self.definition.action_from_json(w["action"]), w.get("why")) for w in spec.get("wrong", [])]


def judge(script: LessonScript, state, action, lang: str = "en", names: Sequence[str] | None = None) -> TryVerdict:
    """Is ``action`` the move the lesson's try asks for?  Accepted when the
    engine allows it and it leaves the position one of ``expect`` leaves
    (a blue sum written out or not is the same move); otherwise the engine's
    refusal in plain words (the rule behind ``details``) and/or the lesson's
    ``why`` for that move."""
    error, probe = engine_refusal(state, action)
    if error is None:
        result = probe.summary()
        for expected in script.expected():
            missed, after = engine_refusal(state, expected)
            if missed is None and after.summary() == result:
                return TryVerdict(True)
    why = next((why for wrong, why in script.wrong() if wrong == action and why), None)
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

    def dice(self) -> list[dict]: ...          # id, label, text, fill, ink, enabled, selected
    def targets(self) -> list[dict]: ...       # id, label
    def buttons(self) -> list[dict]: ...       # id, label, enabled, visible
    def prompt(self) -> str: ...
    def status(self) -> str: ...
    def players(self) -> list[str]: ...
    def board_label(self) -> str: ...
    def shown_seat(self) -> int: ...           # whose sheet is drawn
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


def board_factory(game: str) -> BoardFactory:
    """The game plug-in's ``make_board(state, names, lang, human, check)``."""
    module = importlib.import_module(f"diceland_site.games.{game}.lesson")
    return module.make_board


class LessonSession:
    """What ``embed.html?game=…`` shows and does, as plain data: ``watch``
    mode steps through the script (nobody may act); ``try`` mode lets the
    reader play the seat the try names, every move judged by :func:`judge`;
    the right one steps on and sets ``solved``."""

    def __init__(self, script: LessonScript, lang: str = "en", step: int | None = None,
                 make_board: BoardFactory | None = None):
        self.script = script
        self.lang = lang
        self.strings = Strings(lang)
        self.make_board = make_board or board_factory(script.game)
        self.start_step = script.check_step(step)
        self.names = script.names(lang)
        self.solved = self.just_solved = False
        self.verdict: TryVerdict | None = None
        self.say("")
        self.goto(self.start_step)

    # -- moving through the script --------------------------------------------------
    def goto(self, step: int) -> None:
        self.step = max(0, min(self.script.last, step))
        self.mode = "watch"
        self.board = self.make_board(self.script.game_at(self.step), self.names, self.lang, None, self.check)

    def say(self, text: str, kind: str = "info", details: str = "") -> None:
        self.feedback, self.feedback_kind = text, (kind if text else "")
        self.feedback_details = details if text else ""

    def can_try(self) -> bool:
        return self.mode == "watch" and self.script.try_at(self.step) is not None

    def try_player(self) -> int | None:
        expected = self.script.expected()
        return getattr(expected[0], "player", None) if expected else None

    def start_try(self) -> bool:
        if not self.can_try():
            return False
        self.board = self.make_board(self.script.game_at(self.step), self.names, self.lang,
                                     self.try_player(), self.check)
        self.mode = "try"
        self.say("")
        return True

    def check(self, state, action) -> TryVerdict:
        """Called by the board before it applies ``action`` in try mode."""
        self.verdict = judge(self.script, state, action, self.lang, self.names)
        return self.verdict

    def button(self, name: str) -> bool:
        """The widget's own ``prev``, ``next``, ``reset``, ``try``, ``watch``,
        or (try mode) one of the board's buttons."""
        own: dict[str, Callable[[], Any]] = {
            "prev": lambda: self.goto(self.step - 1), "next": lambda: self.goto(self.step + 1),
            "reset": lambda: self.goto(self.start_step), "watch": lambda: self.goto(self.step)}
        if name == "try":
            return self.start_try()
        if name in own:
            own[name]()
            self.say("")
            return True
        if self.mode != "try":
            return False
        return self._after(self.board.press(name))

    def tap_die(self, ident: str) -> bool:
        return self.mode == "try" and self._after(self.board.tap_die(str(ident)))

    def tap_target(self, ident: str) -> bool:
        return self.mode == "try" and self._after(self.board.tap_target(str(ident)))

    def tap_point(self, layout, x: float, y: float) -> bool:
        if self.mode != "try":
            return False
        result = self.board.tap_point(layout, x, y)
        return result is not None and self._after(result)

    def key(self, key: str) -> bool:
        if self.mode != "try":
            return False
        result = self.board.key(key)
        return result is not None and self._after(result)

    def _after(self, result: Outcome) -> bool:
        verdict, self.verdict = self.verdict, None
        if verdict is not None and verdict.accepted:
            self.goto(self.step + 1)
            self.say(self.strings.t("embed.try.right"), "right")
            self.solved = self.just_solved = True
            return True
        if not result.ok and result.reason:
            self.say(self._with_why(result.reason), "wrong", result.details)
        elif result.ok:
            self.say("")
        return result.ok

    def _with_why(self, reason: str) -> str:
        """A refusal, with the lesson's own explanation when the reader is
        making one of its wrong moves."""
        for action, why in self.script.wrong():
            text = without_rule_ids(text_in(why, self.lang)) if why else ""
            if text and text not in reason and self.board.touches(action):
                return reason + " " + text
        return reason

    def take_solved(self) -> bool:
        out, self.just_solved = self.just_solved, False
        return out

    # -- what the page shows -----------------------------------------------------------
    def prompt(self) -> str:
        spec = self.script.try_at(self.step)
        own = text_in(spec.get("prompt"), self.lang) if spec else ""
        if self.mode == "try":
            return (own + " " if own else "") + self.board.prompt()
        if spec is not None:
            return own + " " + self.strings.t("embed.try.available")
        return ""

    def controls(self) -> list[dict]:
        t = self.strings.t
        trying = self.mode == "try"
        out = [
            {"id": "prev", "label": t("embed.button.prev"), "visible": not trying, "enabled": self.step > 0},
            {"id": "next", "label": t("embed.button.next"), "visible": not trying,
             "enabled": self.step < self.script.last},
            {"id": "try", "label": t("embed.button.try"), "visible": not trying, "enabled": self.can_try()},
            {"id": "watch", "label": t("embed.button.watch"), "visible": trying, "enabled": trying},
        ]
        out += [dict(b, visible=trying and b["visible"], enabled=trying and b["enabled"])
                for b in self.board.buttons()]
        out.append({"id": "reset", "label": t("embed.button.reset"), "visible": True, "enabled": True})
        return out

    def model(self) -> dict[str, Any]:
        t = self.strings.t
        trying = self.mode == "try"
        return {
            "game": self.script.game,
            "lang": self.lang,
            "title": self.script.title(self.lang),
            "explain": self.script.explain(self.lang),
            "caption": self.script.caption(self.step, self.lang),
            "step_label": t("embed.step", step=self.step, steps=self.script.last),
            "status": self.board.status(),
            "prompt": self.prompt(),
            "board_label": self.board.board_label(),
            "players": self.board.players(),
            "dice": self.board.dice(),
            "targets": self.board.targets() if trying else [],
            "controls": self.controls(),
            "feedback": self.feedback,
            "feedback_kind": self.feedback_kind,
            "feedback_details": self.feedback_details,
            "mode": self.mode,
        }

    def state(self) -> dict[str, Any]:
        """The position on screen as JSON-ready data (for tests and tools)."""
        return {
            "ok": True,
            "game": self.script.game,
            "lesson": self.script.lesson,
            "lang": self.lang,
            "mode": self.mode,
            "step": self.step,
            "steps": self.script.last,
            "actions": len(self.board.state.actions),
            "summary": self.board.state.summary(),
            "can_try": self.can_try(),
            "prompt": self.prompt(),
            "targets": self.board.targets() if self.mode == "try" else [],
            "feedback": self.feedback,
            "feedback_kind": self.feedback_kind,
            "feedback_details": self.feedback_details,
            "solved": self.solved,
            "names": self.names,
        }
