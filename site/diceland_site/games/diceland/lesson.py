"""Diceland's lessons without a browser: the logic of ``embed.html`` for a
Diceland board (a scripted example stepped through or tried by the reader)
and of the game page's "Share position" link.

* :class:`Script`: a checked scenario with its texts, the position at each
  step and the "try" of each step; :func:`check_try` judges a reader's move.
* :class:`EmbedSession`: the widget's state machine (watch / try) over a
  :class:`~diceland_site.games.diceland.controller.Controller`, and :meth:`EmbedSession.state`.
* :func:`scenario_of_game`, :func:`share_link`: a game's position as a link.

The links of ``embed.html`` (``scenario=``, ``s=``, ``step``, ``lang``,
``seat``), their errors, a lesson's texts and the tutorial's progress are the
same for every game: :mod:`diceland_site.teaching`.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Mapping, Sequence

from diceland_core import ScenarioError
from diceland_core.games.diceland import (
    Action,
    Game,
    Pass,
    Place,
    action_from_json,
    action_to_json,
    load_board,
    parse_scenario,
)
from diceland_core.core.errors import BoardError
from diceland_core.core.replay import play

from .controller import Controller, Result
from ...i18n import Strings, error_text
from ...seats import HUMAN, MAX_NAME, Seat
from ...teaching import (
    EmbedError, LessonTexts, TryVerdict, check_scenario, embed_url, encode_scenario, engine_refusal, refused, text_in, without_rule_ids,
)

__all__ = ["Script", "EmbedSession", "check_try", "scenario_of_game", "share_link"]

#: Bot kind given to the seats the reader does not play (they never move).
_STILL = "random"


def _actor(game: Game, action: Action) -> int:
    return action.player if isinstance(action, (Place, Pass)) else game.active


def _kind(game: Game, action: Action) -> tuple:
    """What ``"any_legal_of_kind"`` compares: type, player and, for a
    placement, the colour of its cells."""
    if isinstance(action, Place):
        board = game.boards[action.player]
        return ("place", action.player, board.colour_at(*action.cells[0]) if action.cells else None)
    if isinstance(action, Pass):
        return ("pass", action.player)
    return (action.type, game.active)


def check_try(game: Game, spec: Mapping[str, Any], action: Action, lang: str = "en",
              names: Sequence[str] | None = None) -> TryVerdict:
    """Is ``action`` the move ``spec`` (a lesson's ``try``) asks for in ``game``?

    Accepted: one of ``expect`` (``"exact"``), or any legal action of the
    same type and player — for a placement, of the same colour
    (``"any_legal_of_kind"``).  Otherwise the message is the rule the move
    breaks (translated) and/or the lesson's ``why`` for that move."""
    expect = [action_from_json(a) for a in spec.get("expect", [])]
    error, _ = engine_refusal(game, action)
    if error is None:
        if action in expect:
            return TryVerdict(True)
        if spec.get("accept") == "any_legal_of_kind" and _kind(game, action) in {_kind(game, a) for a in expect}:
            return TryVerdict(True)
    why = None
    for wrong in spec.get("wrong", []):
        try:
            same = action_from_json(wrong.get("action")) == action
        except (ValueError, AttributeError):
            same = False
        if same and wrong.get("why"):
            why = wrong["why"]
            break
    return refused(error, why, lang, names)


class Script(LessonTexts):
    """A checked scenario object with its texts; raises :class:`EmbedError`
    when it is not a scenario or its actions do not replay."""

    def __init__(self, data: Mapping[str, Any], lesson: str | None = None):
        check_scenario(data)
        self.data = data
        self.lesson = lesson
        self.scenario = parse_scenario(data)
        self.actions = self.scenario.actions
        players = self.scenario.setup.players
        names = data.get("names")
        ok = isinstance(names, list) and len(names) == players and all(
            isinstance(n, str) and n.strip() for n in names)
        self.custom_names = [n.strip()[:MAX_NAME] for n in names] if ok else None
        #: a name was longer than ``MAX_NAME`` and was cut
        self.names_trimmed = bool(ok and any(len(n.strip()) > MAX_NAME for n in names))
        self.read_texts(data)
        self._games: dict[int, Game] = {}
        try:
            replayed = play(self.game_at(0), self.actions)
        except (ScenarioError, ValueError) as exc:
            raise EmbedError("scenario", detail=str(exc)) from None
        if replayed.error is not None:
            raise EmbedError("replay", index=replayed.applied + 1, detail=error_text(replayed.error))

    @property
    def players(self) -> int:
        return self.scenario.setup.players

    @property
    def last(self) -> int:
        return len(self.actions)

    def names(self, lang: str) -> list[str]:
        if self.custom_names:
            return list(self.custom_names)
        t = Strings(lang).t
        return [t("seat.default_name", number=i + 1) for i in range(self.players)]

    def game_at(self, step: int) -> Game:
        """A fresh game after the first ``step`` actions."""
        try:
            replayed = play(Game(self.scenario.setup), self.actions[:step])
        except (ScenarioError, ValueError) as exc:
            raise EmbedError("scenario", detail=str(exc)) from None
        if replayed.error is not None:  # checked when the script was read
            raise EmbedError("replay", index=replayed.applied + 1, detail=error_text(replayed.error))
        return replayed.state

    def check_view(self, step: int | None, seat: int | None) -> int:
        """The step to show (default: a lesson opens at step 1, where the
        reader can try the next move at once; a shared position at its end);
        raises for out-of-range values."""
        if step is not None and not 0 <= step <= self.last:
            raise EmbedError("step_range", value=step, max=self.last)
        if seat is not None and not 0 <= seat < self.players:
            raise EmbedError("seat_range", value=seat, max=self.players - 1)
        if step is None:
            return min(1, self.last) if self.lesson is not None else self.last
        return step

    def try_at(self, step: int) -> dict[str, Any] | None:
        """The try of ``step``: the lesson's own at its step, else "make the
        next scripted decision"; None at the end of the script."""
        if self.try_spec is not None and self.try_spec["step"] == step:
            return dict(self.try_spec, lesson=True)
        if step < self.last:
            return {"step": step, "expect": [action_to_json(self.actions[step])], "accept": "exact",
                    "wrong": [], "lesson": False}
        return None

    def shown_seat(self, step: int, seat: int | None = None) -> int:
        """Whose board the widget shows at ``step``: ``seat`` when given,
        else the player of the lesson's try there, else the one to move."""
        if seat is not None:
            return seat
        spec = self.try_at(step)
        player = self.try_player(step) if spec is not None and spec.get("lesson") else None
        if player is not None:
            return player
        game = self.game_at(step)
        return game.bonus_player if game.bonus_player is not None else game.active

    def try_player(self, step: int) -> int | None:
        spec = self.try_at(step)
        if spec is None:
            return None
        game = self.game_at(step)
        return _actor(game, action_from_json(spec["expect"][0]))


# -- the widget -------------------------------------------------------------------------

class _TryController(Controller):
    """The game controller, with every move judged before it is made."""

    def __init__(self, game: Game, seats: Sequence[Seat], lang: str, spec: Mapping[str, Any]):
        self.spec = spec
        self.verdict: TryVerdict | None = None
        super().__init__(game, seats, lang=lang)

    def _apply(self, action: Action) -> Result:
        verdict = check_try(self.game, self.spec, action, self.lang, self.names)
        self.verdict = verdict
        if not verdict.accepted:
            return Result(False, verdict.message, verdict.details)
        return super()._apply(action)


class EmbedSession:
    """What ``embed.html`` shows and does, as plain data.

    ``watch`` mode: the position after ``step`` actions, nobody may act;
    Previous / Next / Reset move through the script.  ``try`` mode: the
    reader plays the seat that must move, through the game's controller;
    every move is judged by :func:`check_try`; the right one is played and the
    session steps on (``solved`` is set when it was the lesson's own try)."""

    def __init__(self, script: Script, lang: str = "en", step: int | None = None, seat: int | None = None):
        self.script = script
        self.lang = lang
        self.strings = Strings(lang)
        self.start_step = script.check_view(step, seat)
        self.seat = seat
        self.names = script.names(lang)
        self.solved = False
        self.just_solved = False
        self.feedback = ""
        self.feedback_kind = ""
        #: the rule behind wrong feedback, shown behind a "details" link
        self.feedback_details = ""
        self.goto(self.start_step)
        if script.names_trimmed:
            self.say(self.strings.t("note.names_trimmed", max=MAX_NAME))

    # -- moving through the script ------------------------------------------------------
    def goto(self, step: int) -> None:
        self.step = max(0, min(self.script.last, step))
        self.mode = "watch"
        game = self.script.game_at(self.step)
        self.ctrl = Controller(game, [Seat(n, _STILL) for n in self.names], lang=self.lang)
        self.ctrl.view_sheet(self.script.shown_seat(self.step, self.seat))

    def say(self, text: str, kind: str = "info", details: str = "") -> None:
        self.feedback, self.feedback_kind = text, kind if text else ""
        self.feedback_details = details if text else ""

    def next(self) -> None:
        self.goto(self.step + 1)
        self.say("")

    def prev(self) -> None:
        self.goto(self.step - 1)
        self.say("")

    def reset(self) -> None:
        self.goto(self.start_step)
        self.say("")

    def can_try(self) -> bool:
        return self.mode == "watch" and self.script.try_at(self.step) is not None

    def start_try(self) -> bool:
        spec = self.script.try_at(self.step)
        if spec is None:
            return False
        game = self.script.game_at(self.step)
        player = _actor(game, action_from_json(spec["expect"][0]))
        seats = [Seat(n, HUMAN if i == player else _STILL) for i, n in enumerate(self.names)]
        self.ctrl = _TryController(game, seats, self.lang, spec)
        if self.ctrl.needs_roll():
            self.ctrl.roll()
        self.mode = "try"
        self.say("")
        return True

    def stop_try(self) -> None:
        self.goto(self.step)
        self.say("")

    # -- the reader's moves (try mode) ---------------------------------------------------
    def _after(self, ok: bool, reason: str, cell: tuple[int, int] | None = None, details: str = "") -> bool:
        ctrl = self.ctrl
        if not isinstance(ctrl, _TryController):
            return False
        ctrl.drain_messages()
        verdict, ctrl.verdict = ctrl.verdict, None
        if verdict is not None and verdict.accepted:
            lesson = bool(ctrl.spec.get("lesson"))
            self.goto(self.step + 1)
            self.say(self.strings.t("embed.try.right"), "right")
            if lesson:
                self.solved = self.just_solved = True
            return True
        if not ok and reason:
            if cell is not None:
                reason = self._with_why(reason, cell)
            self.say(reason, "wrong", details)
        elif ok:
            self.say("")
        return ok

    def _with_why(self, reason: str, cell: tuple[int, int]) -> str:
        """A rejected tap inside one of the lesson's wrong placements: add its ``why``."""
        ctrl = self.ctrl
        p = ctrl.current_seat()
        tapped = set(ctrl.selection) | {cell}
        for wrong in ctrl.spec.get("wrong", []):
            act = wrong.get("action", {})
            if act.get("type") == "place" and act.get("player") == p and wrong.get("why"):
                cells = {tuple(c) for c in act.get("cells", []) if isinstance(c, list)}
                if tapped <= cells:
                    return reason + " " + without_rule_ids(text_in(wrong["why"], self.lang))
        return reason

    def tap(self, row: int, col: int) -> bool:
        if self.mode != "try":
            return False
        self.ctrl.cursor = None
        result: Result = self.ctrl.tap(row, col)
        return self._after(result.ok, result.reason, (row, col), result.details)

    def press_die(self, index: int) -> bool:
        if self.mode != "try":
            return False
        result = self.ctrl.press_die(index)
        return self._after(result.ok, result.reason, details=result.details)

    def button(self, name: str) -> bool:
        """``confirm``, ``pass``, ``reroll``, ``stop`` (try mode), or the
        widget's own ``prev``, ``next``, ``reset``, ``try``, ``watch``."""
        own = {"prev": self.prev, "next": self.next, "reset": self.reset, "try": self.start_try,
               "watch": self.stop_try}
        if name in own:
            if name == "try" and not self.can_try():
                return False
            own[name]()
            return True
        if self.mode != "try":
            return False
        ctrl = self.ctrl
        method = {"confirm": ctrl.confirm, "pass": ctrl.pass_, "reroll": ctrl.reroll, "stop": ctrl.stop}.get(name)
        if method is None:
            return False
        result = method()
        return self._after(result.ok, result.reason, details=result.details)

    def handle_key(self, key: str) -> bool:
        if self.mode != "try":
            return False
        before = len(self.ctrl.game.actions)
        used = self.ctrl.handle_key(key)
        if used and (len(self.ctrl.game.actions) != before or self.ctrl.verdict is not None):
            self._after(True, "")
        return used

    def take_solved(self) -> bool:
        """True once after the lesson's try was solved (the page tells its parent)."""
        out, self.just_solved = self.just_solved, False
        return out

    # -- what the page shows ----------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.ctrl.game

    def shown_player(self) -> int:
        return self.ctrl.shown_player()

    def prompt(self) -> str:
        t = self.strings.t
        if self.mode == "try":
            spec = self.ctrl.spec
            own = text_in(spec.get("prompt"), self.lang)
            return (own + " " if own else "") + self.ctrl.model().prompt
        spec = self.script.try_at(self.step)
        if spec is not None and spec.get("lesson"):
            return text_in(spec.get("prompt"), self.lang) + " " + t("embed.try.available")
        if spec is not None:
            player = self.script.try_player(self.step)
            return t("embed.try.next", name=self.names[player])
        return ""

    def model(self) -> dict[str, Any]:
        t = self.strings.t
        m = self.ctrl.model()
        g = self.game
        trying = self.mode == "try"
        buttons = {b.id: b for b in m.buttons}
        controls = [
            {"id": "prev", "label": t("embed.button.prev"), "visible": not trying, "enabled": self.step > 0},
            {"id": "next", "label": t("embed.button.next"), "visible": not trying,
             "enabled": self.step < self.script.last},
            {"id": "try", "label": t("embed.button.try"), "visible": not trying, "enabled": self.can_try()},
            {"id": "watch", "label": t("embed.button.watch"), "visible": trying, "enabled": trying},
        ]
        for name in ("reroll", "stop", "confirm", "pass"):
            b = buttons[name]
            controls.append({"id": name, "label": b.label, "visible": trying and b.visible,
                             "enabled": trying and b.enabled})
        controls.append({"id": "reset", "label": t("embed.button.reset"), "visible": True, "enabled": True})
        shown = m.shown
        status = f"{m.turn_label} · {m.phase_label} · {m.status}" if not g.over else m.prompt
        return {
            "lang": self.lang,
            "title": self.script.title(self.lang),
            "explain": self.script.explain(self.lang),
            "caption": self.script.caption(self.step, self.lang),
            "step_label": t("embed.step", step=self.step, steps=self.script.last),
            "status": status,
            "prompt": self.prompt(),
            "board_label": t("board.label", name=self.names[shown]),
            "players": [{"index": p.index, "name": p.name, "stars": p.stars, "shown": p.shown,
                         "active": p.active} for p in m.seats],
            "stars_label": m.seats[shown].stars_label,
            "dice": [asdict(d) for d in m.dice],
            "controls": controls,
            "feedback": self.feedback,
            "feedback_kind": self.feedback_kind,
            "feedback_details": self.feedback_details,
            "mode": self.mode,
        }

    def state(self) -> dict[str, Any]:
        """The position on screen as JSON-ready data (tests compare it with
        a replay of the same scenario)."""
        g = self.game
        m = self.ctrl.model()
        return {
            "ok": True,
            "lesson": self.script.lesson,
            "lang": self.lang,
            "mode": self.mode,
            "step": self.step,
            "steps": self.script.last,
            "seat": self.shown_player(),
            "active": g.active,
            "phase": g.phase.value,
            "turn": g.turn,
            "crossed": [[list(c) for c in s.crossed_cells()] for s in g.sheets],
            "dice": [{"colour": d.colour, "group": d.group, "enabled": d.enabled} for d in m.dice],
            "highlights": [list(c) for c in m.highlights] if self.mode == "try" else [],
            "selection": [list(c) for c in m.selection],
            "can_try": self.can_try(),
            "feedback": self.feedback,
            "feedback_kind": self.feedback_kind,
            "feedback_details": self.feedback_details,
            "solved": self.solved,
            "names": self.names,
        }


# -- sharing a game's position -------------------------------------------------------------

def _board_ref(board) -> str | dict[str, Any]:
    """A shipped board by id (when it is the same board), else inline."""
    try:
        if load_board(board.id).to_mapping() == board.to_mapping():
            return board.id
    except (BoardError, ValueError, TypeError, OSError):
        pass
    return board.to_mapping()


def scenario_of_game(game: Game, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The game so far as a FORMATS.md scenario (``boards`` extension when
    the players' boards differ): its rolls as ``dice``, its actions, names."""
    setup = game.setup
    refs = [_board_ref(b) for b in setup.boards]
    data: dict[str, Any] = {"players": setup.players}
    if all(r == refs[0] for r in refs) and isinstance(refs[0], str):
        data["board"] = refs[0]
    else:
        data["boards"] = refs
    data["start_player"] = setup.start_player
    crossed = {str(p): [list(c) for c in setup.boards[p].cells_of(m)] for p, m in enumerate(setup.crossed) if m}
    if crossed:
        data["crossed"] = crossed
    data["dice"] = [[c.key for c in roll] for roll in game.rolls]
    data["actions"] = [action_to_json(a) for a in game.actions]
    if names:
        data["names"] = [str(n) for n in names]
    return data


def share_link(game: Game, names: Sequence[str] | None, page_url: str) -> str:
    return embed_url(page_url) + "?s=" + encode_scenario(scenario_of_game(game, names))


