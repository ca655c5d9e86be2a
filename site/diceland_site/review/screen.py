"""The review of a finished game on the page: every decision of one seat
judged against the game's value of positions (the engine's
``diceland_core.core.review``, fetched with its networks only when a review
is opened), stepped through on the game's own board.

Pure Python, tested in CPython.  :class:`ReviewRun` judges one decision per
call of :meth:`ReviewRun.step` (the page calls it once per task, so the page
stays alive, and can cancel between two); :class:`ReviewScreen` is what the
page shows: the graph of the seat's value over the game with the marks on
it, the decision under the cursor in words, stepping, key moments, "try it
yourself" and the summary.  :meth:`ReviewScreen.saved` /
:func:`restore_point` are what a reload needs to come back to the same
review.  This package, its words and the engine's review ship in the review's
bundle, not in the site's wheels (diceland_build/wheels.py).

The engine's objects are read only through the contract of the review
(``Review``: ``len``, ``decide``, ``judge``, ``position``; ``Decision.to_dict``;
``summarise``): the page never reads rule ids or zero-based coordinates, and
what it shows a player are marks, texts and numbers in the player's language.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from pathlib import Path

from diceland_core.core.errors import number_text

from ..i18n import Strings
from .link import ReviewError, review_param

__all__ = ["ERRORS", "MARKS", "ReviewError", "ReviewRun", "ReviewScreen", "ReviewStrings", "graph", "graph_svg",
           "restore_point", "review_param"]

#: Every mark a decision can have, from best to worst, then the two apart.
MARKS = ("best", "equivalent", "inaccuracy", "mistake", "blunder", "uncertain", "forced")
#: The marks the graph points at and "key moments" are chosen among.
ERRORS = ("inaccuracy", "mistake", "blunder")
#: The fields of a decision the page keeps (the position is drawn from the
#: engine's own state, never from this summary).
KEPT = ("index", "action_index", "turn", "seat", "kind", "forced", "dice", "played", "best",
        "value_before", "value_after", "loss", "mark", "mark_text", "symbol", "said", "luck", "unit")


class ReviewStrings(Strings):
    """The review screen's words (``review/locales``) over the shared ones."""

    folder = Path(__file__).resolve().parent / "locales"


def _kept(data: Mapping[str, Any]) -> dict:
    return {k: data[k] for k in KEPT if k in data}


class ReviewRun:
    """The review of ``review``'s decisions, one per :meth:`step`.
    ``summarise`` is the engine's (called once with every decision made);
    ``done`` and ``summary``: a whole review judged before (a reload), kept
    as it was (an unfinished one is judged again from the start)."""

    def __init__(self, review: Any, summarise: Callable[[Any, Sequence[Any]], dict], lang: str = "en",
                 done: Sequence[Mapping[str, Any]] = (), summary: Mapping[str, Any] | None = None):
        self.review = review
        self.summarise = summarise
        self.lang = lang
        self.total = len(review)
        whole = summary is not None and len(done) == self.total
        self.decisions: list[dict] = [_kept(d) for d in done] if whole else []
        self._made: list[Any] = []
        self.summary: dict | None = dict(summary) if whole else None
        self.cancelled = False

    @property
    def finished(self) -> bool:
        return self.summary is not None

    @property
    def progress(self) -> float:
        """From 0 to 1: the share of decisions judged."""
        return 1.0 if not self.total else len(self.decisions) / self.total

    def cancel(self) -> None:
        """Stop before the next decision (the ones judged stay)."""
        self.cancelled = True

    def step(self) -> bool:
        """Judge the next decision (the summary after the last); True while
        there is more to do."""
        if self.cancelled or self.summary is not None:
            return False
        if len(self.decisions) < self.total:
            decision = self.review.decide(len(self.decisions), cancel=lambda: self.cancelled)
            self._made.append(decision)
            self.decisions.append(_kept(decision.to_dict(self.lang)))
        if len(self.decisions) == self.total:
            self.summary = dict(self.summarise(self.review, self._made))
        return self.summary is None


def graph(decisions: Sequence[Mapping[str, Any]], total: int, width: float, height: float,
          cursor: int | None = None, pad: float = 6.0) -> dict[str, Any]:
    """The evaluation graph of a review, in a box ``width``×``height``: the
    seat's value before each decision and after the last one judged
    (``line``, x from left to right over all ``total`` decisions), a point
    on the line at every decision marked an error (``marks``: index, x, y,
    mark, symbol), the ``cursor``'s x and the y of a value of 0 when the
    values cross it (``zero``, else None)."""
    values = [float(d["value_before"]) for d in decisions]
    if decisions:
        values.append(float(decisions[-1]["value_after"]))
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high - low < 1e-9:
        low, high = low - 1.0, high + 1.0
    inner_w, inner_h = width - 2 * pad, height - 2 * pad

    def x_of(i: float) -> float:
        return round(pad + inner_w * (i / max(1, total)), 2)

    def y_of(v: float) -> float:
        return round(pad + inner_h * (high - v) / (high - low), 2)

    line = [(x_of(i), y_of(v)) for i, v in enumerate(values)]
    marks = [{"index": i, "x": x_of(i + 1), "y": y_of(float(d["value_after"])), "mark": d["mark"],
              "symbol": d.get("symbol", "")}
             for i, d in enumerate(decisions) if d.get("mark") in ERRORS]
    at = None if cursor is None or not decisions else x_of(min(cursor, len(decisions) - 1) + 0.5)
    zero = y_of(0.0) if low < 0 < high else None
    return {"width": width, "height": height, "line": line, "marks": marks, "cursor": at, "zero": zero,
            "low": low, "high": high}


def graph_svg(g: Mapping[str, Any]) -> str:
    """:func:`graph`'s picture as SVG markup for the page (``viewBox`` in the
    graph's units, stretched to its box), made of numbers and class names
    only (its name for assistive technology is the box's, set as text): the
    zero line, the value line, a dot at each mark (the class names the
    mark), the cursor."""
    w, h = float(g["width"]), float(g["height"])
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:g} {h:g}" preserveAspectRatio="none" '
           f'aria-hidden="true" class="review-graph-svg">']
    if g["zero"] is not None:
        zero = float(g["zero"])
        out.append(f'<line class="zero" x1="0" x2="{w:g}" y1="{zero:g}" y2="{zero:g}"/>')
    if g["cursor"] is not None:
        cursor = float(g["cursor"])
        out.append(f'<line class="cursor" x1="{cursor:g}" x2="{cursor:g}" y1="0" y2="{h:g}"/>')
    if g["line"]:
        points = " ".join(f"{float(x):g},{float(y):g}" for x, y in g["line"])
        out.append(f'<polyline class="value" points="{points}"/>')
    for m in g["marks"]:
        if m["mark"] in MARKS:
            out.append(f'<circle class="mark {m["mark"]}" cx="{float(m["x"]):g}" cy="{float(m["y"]):g}" r="3.5"/>')
    out.append("</svg>")
    return "".join(out)


class ReviewScreen:
    """What the review screen shows of ``run`` (a :class:`ReviewRun` of
    ``game``'s record, ``seat``'s decisions) with ``cursor`` on one
    decision; ``key`` names the record (a reload comes back to the same
    review only for the same game)."""

    def __init__(self, run: ReviewRun, game: str, seat: int, key: str, cursor: int = 0):
        self.run = run
        self.game = game
        self.seat = seat
        self.key = key
        self.cursor = max(0, cursor)
        #: what "try it yourself" said at the cursor's decision (None: not tried)
        self.tried: dict | None = None

    # -- stepping --------------------------------------------------------------------
    @property
    def judged(self) -> int:
        return len(self.run.decisions)

    @property
    def current(self) -> dict | None:
        """The decision under the cursor (None while it is not judged yet)."""
        return self.run.decisions[self.cursor] if self.cursor < self.judged else None

    def go(self, index: int) -> bool:
        """The cursor to decision ``index`` (kept within the game's
        decisions); True if it moved."""
        index = max(0, min(int(index), max(0, self.run.total - 1)))
        moved = index != self.cursor
        self.cursor = index
        if moved:
            self.tried = None
        return moved

    def next(self) -> bool:
        return self.go(self.cursor + 1)

    def prev(self) -> bool:
        return self.go(self.cursor - 1)

    @property
    def key_moments(self) -> list[int]:
        """The summary's key moments (none before the review is done)."""
        summary = self.run.summary or {}
        return [i for i in summary.get("key_moments", []) if isinstance(i, int) and 0 <= i < self.judged]

    def next_key(self) -> bool:
        """The cursor to the next key moment after it (the first after the last)."""
        moments = sorted(self.key_moments)
        if not moments:
            return False
        later = [i for i in moments if i > self.cursor]
        return self.go(later[0] if later else moments[0])

    def at_mark(self, x: float, width: float) -> bool:
        """The cursor to the decision nearest ``x`` on a graph ``width`` wide
        (a tap on the graph)."""
        if not self.run.total or width <= 0:
            return False
        return self.go(min(self.judged - 1, int(max(0.0, min(x / width, 0.999)) * self.run.total)))

    def graph(self, width: float, height: float) -> dict[str, Any]:
        return graph(self.run.decisions, self.run.total, width, height, self.cursor)

    # -- words -----------------------------------------------------------------------
    def view(self, strings: Strings) -> dict[str, Any]:
        """The decision under the cursor as the page writes it (every text
        in ``strings``' language): ``waiting`` while it is not judged yet."""
        lang = strings.lang
        d = self.current
        head = strings.t("review.heading", n=self.cursor + 1, total=self.run.total)
        if d is None:
            return {"waiting": True, "heading": head, "index": self.cursor}
        unit = d.get("unit", "")
        played = d["played"]
        best = [{"text": b["text"], "value": f"{number_text(float(b['value']), lang)} {unit}".strip(),
                 "played": b.get("action") == played.get("action")} for b in d.get("best", [])[:3]]
        loss = float(d.get("loss", 0.0))
        said = d.get("said") or {}
        return {
            "waiting": False, "index": self.cursor, "heading": head,
            "turn": strings.t("review.turn", turn=d.get("turn", 0)),
            "kind": (d.get("kind") or {}).get("text", ""), "dice": d.get("dice", ""),
            "played": played.get("text", ""), "mark": d.get("mark", ""), "mark_text": d.get("mark_text", ""),
            "symbol": d.get("symbol", ""),
            "better": None if not best or best[0]["played"] or loss < 0.05 else best[0]["text"],
            "loss": strings.t("review.loss", loss=number_text(loss, lang), unit=unit) if loss >= 0.05 else "",
            "said_played": said.get("played", ""), "said_better": said.get("better") or "",
            "best": best, "key": self.cursor in self.key_moments,
            "values": strings.t("review.values", before=number_text(float(d["value_before"]), lang),
                                after=number_text(float(d["value_after"]), lang), unit=unit),
            "can_try": not d.get("forced", False) and d.get("mark") != "forced",
        }

    def shown_moves(self) -> dict[str, Any] | None:
        """The two moves the picture marks at the cursor's decision (None
        while it is not judged yet): ``played``, your move's JSON, and
        ``better``, the best move's, or None where yours is the best (or
        loses nothing worth saying): then one mark says so."""
        d = self.current
        if d is None:
            return None
        best = d.get("best") or []
        played = d["played"].get("action")
        better = best[0].get("action") if best else None
        if better == played or float(d.get("loss", 0.0)) < 0.05:
            better = None
        return {"played": played, "better": better}

    def try_it(self, action_json: Any, strings: Strings) -> dict[str, Any]:
        """"Try it yourself": the seat chooses ``action_json`` again at the
        cursor's decision; what the engine's judge makes of it, in words
        (``ok`` false for a move that is not legal there)."""
        try:
            verdict = self.run.review.judge(self.cursor, action_json)
        except (ValueError, TypeError, KeyError) as exc:
            verdict = {"legal": False, "said": str(exc)}
        if not verdict.get("legal"):
            self.tried = {"ok": False, "text": strings.t("review.try_illegal"), "said": verdict.get("said", "")}
            return self.tried
        unit = (self.current or {}).get("unit", "")
        if verdict.get("is_best"):
            text = strings.t("review.try_best")
        else:
            text = strings.t("review.try_loses", loss=number_text(float(verdict.get("loss", 0.0)), strings.lang),
                             unit=unit, mark=verdict.get("mark_text", ""))
        self.tried = {"ok": True, "best": bool(verdict.get("is_best")), "mark": verdict.get("mark", ""),
                      "text": text, "said": verdict.get("said", "")}
        return self.tried

    def choices(self, lang: str) -> list[dict]:
        """The seat's legal moves at the cursor's decision, for "try it
        yourself": {"action": its JSON, "text": in words}, as the engine
        lists them."""
        review = self.run.review
        state = review.position(self.cursor)
        definition = getattr(review, "definition", None) or state.definition
        out = []
        for action in state.legal_actions(self.seat):
            out.append({"action": definition.action_to_json(action), "text": review.describe(state, action, lang)})
        return out

    def summary_view(self, strings: Strings) -> dict[str, Any] | None:
        """The whole game's figures in words (None before the review is done)."""
        s = self.run.summary
        if s is None:
            return None
        lang, unit = strings.lang, s.get("unit", "")
        counts = s.get("counts", {})
        return {
            "accuracy": strings.t("review.accuracy", accuracy=number_text(float(s.get("accuracy", 0.0)), lang)),
            "luck": strings.t("review.luck", luck=number_text(float(s.get("luck", 0.0)), lang, sign=True), unit=unit),
            "result": strings.t("review.result", result=number_text(float(s.get("result", 0.0)), lang, sign=True),
                                adjusted=number_text(float(s.get("luck_adjusted", 0.0)), lang, sign=True), unit=unit),
            "counts": [{"mark": m, "n": int(counts[m])} for m in MARKS if counts.get(m)],
            "by_kind": [{"text": k.get("text", ""), "n": int(k.get("n", 0)),
                         "loss": strings.t("review.kind_loss", loss=number_text(float(k.get("loss", 0.0)), lang),
                                           unit=unit)} for k in s.get("by_kind", [])],
            "text": s.get("text", ""),
        }

    # -- a reload --------------------------------------------------------------------
    def saved(self) -> dict[str, Any]:
        """What session storage keeps for a reload: the game, the record's
        key, the seat, the decision, and a finished review's judgements."""
        done = self.run.summary is not None
        return {"v": 1, "game": self.game, "key": self.key, "seat": self.seat, "decision": self.cursor,
                "decisions": self.run.decisions if done else [], "summary": self.run.summary if done else None}


def restore_point(data: Any, game: str, key: str) -> dict[str, Any] | None:
    """A reload's review from what :meth:`ReviewScreen.saved` kept: the
    same ``game`` and record ``key`` only, else None (so is anything
    damaged); {"seat", "decision", "decisions", "summary"}."""
    if not isinstance(data, dict) or data.get("v") != 1 or data.get("game") != game or data.get("key") != key:
        return None
    seat, decision = data.get("seat"), data.get("decision")
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10_000 for v in (seat, decision)):
        return None
    decisions, summary = data.get("decisions"), data.get("summary")
    whole = (isinstance(decisions, list) and isinstance(summary, dict)
             and all(isinstance(d, dict) and {"value_before", "value_after", "mark", "played"} <= d.keys()
                     for d in decisions))
    return {"seat": seat, "decision": decision, "decisions": decisions if whole else [],
            "summary": summary if whole else None}
