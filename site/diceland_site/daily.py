"""The daily game of each game: the same game for everyone on one day,
with no server.  The day picks the seed (:func:`daily_seed`) and the page
plays a fixed line-up (:data:`LINE_UPS`); the result travels as text with
a link that replays the whole game (:func:`share_text`).

The day is the device's own calendar day, from its local midnight, as
Wordle's is: a player's "today" is the date on their phone, wherever they
are, and the game changes when their day does (docs/daily.md says why).

The first game of a day opened on that day is its **counted attempt**; a
game of the same day started again, or of a past day (the archive), is
played but never counted.  The stats (:class:`DailyStats`) live in the
browser's storage under :data:`STORAGE_KEY`, beside the settings, not in
them (years of days would crowd out every other setting): for each game,
each counted day's entry
``{"save": id, "score": points, "won": bool}`` (score and won once the
game is over)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Mapping, Sequence

from . import safejson
from .start_params import StartError, param, shown

__all__ = ["STORAGE_KEY", "MAX_STATS_CHARS", "DAILY", "kept_daily", "FIRST_DAY", "LINE_UPS", "day_of", "day_number", "daily_seed", "daily_query",
           "DailyStats", "Summary", "result_bar", "share_text"]

#: the storage key of the daily stats
STORAGE_KEY = "diceland:daily"
#: stats longer than this are not read (two years of three games' days are
#: under 130,000 characters)
MAX_STATS_CHARS = 400_000
#: the record's ``meta`` key of a daily game: ``{"day": "YYYY-MM-DD", "counted": bool}``
DAILY = "daily"
#: day 1 of the dailies (no earlier day has one)
FIRST_DAY = date(2026, 11, 1)
#: each game's seats for its daily (the person first); Diceland's board
#: goes round A–H with the days
LINE_UPS: dict[str, tuple[str, ...]] = {
    "clever": ("human",),
    "diceland": ("human", "expert"),
    "wideshut": ("human", "expert"),
}
BOARDS = "ABCDEFGH"
#: a day's entry kept at most this many days (older ones are dropped, so
#: the stats stay small)
KEEP_DAYS = 731

#: the emoji of each scoring area, and in the colour-blind bar a symbol
#: that needs no colour (those the dice and sheets already use)
AREA_MARKS: dict[str, tuple[str, str]] = {
    "yellow": ("🟨", "●"), "blue": ("🟦", "■"), "green": ("🟩", "▲"), "orange": ("🟧", "◆"),
    "purple": ("🟪", "★"), "fox": ("🦊", "🦊"), "red": ("🟥", "◆"),
}


def kept_daily(data: object) -> dict[str, Any] | None:
    """A record's valid :data:`DAILY` entry, or None: what a save keeps of it."""
    if not isinstance(data, dict) or not _valid_day(data.get("day")) or type(data.get("counted")) is not bool:
        return None
    return {"day": data["day"], "counted": data["counted"]}


def day_of(raw: str | None, today: date) -> date:
    """The day ``?daily=`` names (today's without a date):
    :class:`StartError` ``daily`` for anything but a real ``YYYY-MM-DD``
    from :data:`FIRST_DAY` to ``today`` (a device whose clock is before
    day 1 has no daily yet)."""
    text = today.isoformat() if raw is None or not raw.strip() else raw.strip()
    try:
        if len(text) != 10 or not text.isascii():
            raise ValueError(text)
        day = date.fromisoformat(text)
    except ValueError:
        raise StartError("daily", value=shown(text), first=FIRST_DAY.isoformat()) from None
    if day > today:
        raise StartError("daily_future", value=text)
    if day < FIRST_DAY:
        raise StartError("daily", value=text, first=FIRST_DAY.isoformat())
    return day


def day_number(day: date) -> int:
    """Day 1 is :data:`FIRST_DAY`."""
    return (day - FIRST_DAY).days + 1


def daily_seed(game: str, day: date) -> int:
    """The day's seed of ``game``: the same on every device, another each day
    and for each game (32 bits: every game's start link takes it)."""
    digest = hashlib.sha256(f"diceland daily {game} {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def daily_query(query: Mapping[str, Any], game: str, today: date) -> tuple[dict[str, Any], date]:
    """A ``?daily=`` link's start parameters: the day's seed and line-up
    (and Diceland's board) in place of any the link gives; the page's own
    ``lang`` and ``speed`` kept."""
    day = day_of(param(query, "daily"), today)
    out = {k: v for k, v in query.items() if k in ("lang", "speed")}
    out["players"] = ",".join(LINE_UPS[game])
    out["seed"] = str(daily_seed(game, day))
    if game == "diceland":
        out["boards"] = BOARDS[(day_number(day) - 1) % len(BOARDS)]
    return out, day


@dataclass(frozen=True)
class Summary:
    """What the stats say of one game's dailies on ``today``."""

    played: int                      # counted days finished
    average: float | None
    best: int | None
    wins: int
    streak: int                      # days in a row up to today (or yesterday)
    longest: int
    scores: tuple[tuple[str, int], ...]  # the last finished days' (day, score), oldest first


class DailyStats:
    """The daily entries of every game, read from and written to the
    text stored under :data:`STORAGE_KEY` (anything malformed there reads as no
    entry, never an error)."""

    def __init__(self, data: object):
        self.data: dict[str, dict[str, dict[str, Any]]] = {}
        if isinstance(data, dict):
            for game, days in data.items():
                if isinstance(game, str) and isinstance(days, dict):
                    kept = {d: e for d, e in days.items() if _valid_day(d) and isinstance(e, dict)}
                    self.data[game] = kept

    @classmethod
    def read(cls, text: str | None) -> "DailyStats":
        """The stats from their stored text (none when unreadable)."""
        try:
            return cls(safejson.loads(text or "{}", max_chars=MAX_STATS_CHARS))
        except Exception:  # noqa: BLE001 — damaged or too long: no entry, never an error
            return cls(None)

    def text(self) -> str:
        return json.dumps(self.data, separators=(",", ":"))

    def entry(self, game: str, day: date) -> dict[str, Any] | None:
        return self.data.get(game, {}).get(day.isoformat())

    def claim(self, game: str, day: date, today: date, save_id: str) -> bool:
        """A game of ``day`` starts: it is the counted attempt (True, and
        kept) when ``day`` is today and none was started today."""
        if day != today or self.entry(game, day) is not None:
            return False
        days = self.data.setdefault(game, {})
        days[day.isoformat()] = {"save": save_id}
        oldest = (today - timedelta(days=KEEP_DAYS)).isoformat()
        for old in [d for d in days if d < oldest]:
            del days[old]
        return True

    def finish(self, game: str, day: date, save_id: str, score: int, won: bool | None) -> bool:
        """The counted game ``save_id`` of ``day`` is over: its result kept
        (False when it is not that day's counted game, or already kept)."""
        entry = self.entry(game, day)
        if entry is None or entry.get("save") != save_id or "score" in entry:
            return False
        entry["score"], entry["won"] = int(score), won
        return True

    def summary(self, game: str, today: date, last: int = 14) -> Summary:
        days = self.data.get(game, {})
        done = sorted((d, e) for d, e in days.items() if isinstance(e.get("score"), int))
        scores = [e["score"] for _, e in done]
        finished = {d for d, _ in done}
        return Summary(
            played=len(done), average=sum(scores) / len(scores) if scores else None,
            best=max(scores) if scores else None, wins=sum(1 for _, e in done if e.get("won") is True),
            streak=_streak(finished, today), longest=_longest(finished),
            scores=tuple((d, e["score"]) for d, e in done[-last:]))


def _valid_day(text: object) -> bool:
    try:
        return isinstance(text, str) and len(text) == 10 and date.fromisoformat(text) >= FIRST_DAY
    except ValueError:
        return False


def _streak(finished: set[str], today: date) -> int:
    """Days in a row with a finished daily, ending today (or yesterday,
    while today's is still to play)."""
    day = today if today.isoformat() in finished else today - timedelta(days=1)
    n = 0
    while day.isoformat() in finished:
        n, day = n + 1, day - timedelta(days=1)
    return n


def _longest(finished: set[str]) -> int:
    best = run = 0
    previous: date | None = None
    for text in sorted(finished):
        day = date.fromisoformat(text)
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best, previous = max(best, run), day
    return best


def result_bar(areas: Mapping[str, int], colour_blind: bool = False) -> str:
    """The points by scoring area as a line of marks and numbers (an area
    without a mark is named as it is)."""
    marks = [f"{AREA_MARKS.get(a, (a, a))[1 if colour_blind else 0]}{int(v)}" for a, v in areas.items()]
    return " ".join(marks)


def share_text(title: str, number: int, score_line: str, areas: Mapping[str, int], link: str,
               colour_blind: bool = False, extra: Sequence[str] = ()) -> str:
    """The result to send: the game and the day's number, the score, the
    bar by area (when the game scores by area), any ``extra`` lines and the
    link that replays the whole game."""
    lines = [f"{title} #{number}", score_line]
    if areas:
        lines.append(result_bar(areas, colour_blind))
    return "\n".join([*lines, *extra, link])
