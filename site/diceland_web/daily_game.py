"""The daily game on the page (:mod:`diceland_site.daily`): ``?daily`` (or
``?daily=YYYY-MM-DD``) starts or resumes the day's game, the end screen
keeps a counted result and shows the stats and "Share result".  A part of
:class:`~diceland_web.shell.Shell`."""

from __future__ import annotations

from datetime import date

import js

from diceland_site.daily import DAILY, STORAGE_KEY, DailyStats, daily_query, day_number, share_text
from diceland_site.share import share_url
from diceland_site.start_params import StartError

from .dom import document, el, share_or_copy, window

__all__ = ["DailyGame", "local_today"]

#: the setting of the colour-blind result bar
COLOUR_BLIND_SETTING = "daily_symbols"


def local_today() -> date:
    """The device's own calendar day (its local midnight starts the next)."""
    now = js.Date.new()
    return date(int(now.getFullYear()), int(now.getMonth()) + 1, int(now.getDate()))


class DailyGame:
    def __init__(self, shell):
        self.shell = shell
        shell.on(el("btn-daily-share"), "click", lambda evt: self.send())
        shell.on(el("daily-symbols"), "change", lambda evt: self.colour_blind(bool(evt.target.checked)))

    def stats(self) -> DailyStats:
        return DailyStats.read(self.shell.store.backend.get(STORAGE_KEY))

    def keep(self, stats: DailyStats) -> None:
        try:
            self.shell.store.backend[STORAGE_KEY] = stats.text()
        except Exception as exc:  # noqa: BLE001 — a full storage: the stats stay as they were, the games are kept
            js.console.warn(f"{self.shell.where}: the daily stats were not saved ({exc})")

    # -- starting ------------------------------------------------------------------------
    def start(self) -> bool:
        """The day's game a ``?daily`` link names: today's counted game
        resumed if it is saved and not over, else a new game of that day
        (counted if it is today's first).  A link that names no day leaves
        the shell's ``link_problem``."""
        shell, game, today = self.shell, self.shell.game, local_today()
        try:
            query, day = daily_query(shell.query, game, today)
        except StartError as exc:
            shell.forget_link()
            shell.link_problem = exc.message(shell.strings)
            return False
        stats = self.stats()
        entry = stats.entry(game, day)
        if day == today and entry is not None and "score" not in entry and isinstance(entry.get("save"), str):
            shell.forget_link()
            if shell.resume(entry["save"]):
                return True
        shell.query = query
        if not shell.page.start_from_params():
            return False
        meta = shell.page.ctrl.game.setup.meta
        meta[DAILY] = {"day": day.isoformat(), "counted": False}
        shell.saver.finish()  # the new game's save written now: its id names the day's attempt
        meta[DAILY]["counted"] = counted = stats.claim(game, day, today, shell.saver.save_id or "")
        if counted:
            self.keep(stats)
            shell.autosave()
        key = "daily.counted" if counted else ("daily.replay" if day == today else "daily.archive")
        shell.notices.toast(shell.t(key, number=day_number(day), day=day.isoformat()))
        shell.page.render()
        return True

    # -- the end ---------------------------------------------------------------------------
    def finished(self, totals) -> None:
        """The end screen of the game on screen: a daily's section (its
        counted result kept once), hidden for any other game."""
        box = el("game-over-daily")
        info = self.info()
        box.hidden = info is None
        if info is None:
            return
        day, counted = info
        shell, game = self.shell, self.shell.game
        stats = self.stats()
        won = _won(shell.page.ctrl.game)
        if counted and stats.finish(game, day, shell.saver.save_id or "", totals[0], won):
            self.keep(stats)
        s = stats.summary(game, local_today())
        t = shell.t
        el("daily-title").textContent = t("daily.title", number=day_number(day))
        el("daily-stats").textContent = t(
            "daily.stats", played=s.played, average="–" if s.average is None else f"{s.average:.1f}",
            best="–" if s.best is None else s.best, streak=s.streak, longest=s.longest) + (
            "" if won is None else t("daily.wins", wins=s.wins))
        self._chart(s.scores)
        symbols = bool(shell.store.get_setting(COLOUR_BLIND_SETTING, False))
        el("daily-symbols").checked = symbols
        self.fill(symbols)

    def info(self) -> tuple[date, bool] | None:
        ctrl = self.shell.page.ctrl
        data = ctrl.game.setup.meta.get(DAILY) if ctrl is not None else None
        try:
            return date.fromisoformat(data["day"]), data.get("counted") is True
        except (TypeError, KeyError, ValueError):
            return None

    def _chart(self, scores) -> None:
        """The last scores as bars (each bar's height its share of the best)."""
        chart = el("daily-chart")
        chart.textContent = ""
        top = max((v for _, v in scores), default=0) or 1
        for day, value in scores:
            bar = document.createElement("span")
            bar.className = "daily-bar"
            bar.style.height = f"{max(4, round(100 * max(value, 0) / top))}%"
            bar.title = f"{day}: {value}"
            bar.setAttribute("aria-label", f"{day}: {value}")
            chart.appendChild(bar)
        chart.hidden = not scores

    def text(self, symbols: bool) -> str:
        """The result to send, with the link that replays the whole game."""
        shell, ctrl = self.shell, self.shell.page.ctrl
        day, _ = self.info()
        game = ctrl.game
        outcome = game.outcome()
        t = shell.t
        score = t("daily.score", score=outcome.scores[0])
        won = _won(game)
        if won is not None:
            score += " · " + t("daily.won" if won else "daily.lost")
        areas = dict(outcome.areas[0]) if outcome.areas else {}
        title = t(shell.page.TITLE_KEY)
        link = share_url(str(window.location.href), game, ctrl.seats)
        return share_text(title, day_number(day), score, areas, link, symbols)

    def fill(self, symbols: bool) -> None:
        """The result to send in its field (shown only to select by hand when
        sharing fails) and, without the long link, in the preview."""
        text = self.text(symbols)
        ctrl = self.shell.page.ctrl  # symbols stand for areas: no option where the game scores none
        el("daily-symbols").closest("label").hidden = not ctrl.game.outcome().areas
        field = el("daily-text")
        field.value, field.hidden = text, True
        el("daily-preview").textContent = text.rsplit("\n", 1)[0]

    def colour_blind(self, on: bool) -> None:
        self.shell.store.set_setting(COLOUR_BLIND_SETTING, on)
        self.fill(on)

    def send(self) -> None:
        """The share sheet where there is one, else a copy to the clipboard."""
        text = str(el("daily-text").value)
        share_or_copy({"text": text}, text, lambda: self.shell.notices.toast(self.shell.t("daily.copied")), "daily-text")


def _won(game) -> bool | None:
    """Whether the daily's person (seat 0) won the finished game; None in a
    solo game, where nobody is beaten."""
    return None if game.players == 1 else 0 in game.outcome().winners
