"""The same dice as a friend on the page (:mod:`diceland_site.same_dice`):
the end screen's "Play these dice" (the share sheet on a phone, a copy on
a desktop, the link itself to select), a ``#same=…`` link opened as a new
game on the sender's dice, and at that game's end both results side by
side with where the two games parted.  A part of
:class:`~diceland_web.shell.Shell`."""

from __future__ import annotations

import js

from diceland_site.breakdown import Breakdown, Row
from diceland_site.same_dice import SAME, compare, log_words, parting_text, result_rows, review_valuer, sharable
from diceland_site.save_errors import SaveError
from diceland_site.packed import LinkError
from diceland_site.share import same_url

from .dom import document, el, share_or_copy, window
from .game_over import fill_table

__all__ = ["SameDice"]


class SameDice:
    def __init__(self, shell):
        self.shell = shell
        shell.on(el("btn-same"), "click", lambda evt: self.send())

    def link(self) -> str | None:
        """The "Play these dice" link of the game on screen (None: not one
        person's finished game)."""
        ctrl = self.shell.page.ctrl
        if ctrl is None or sharable(ctrl.game, ctrl.seats) is None:
            return None
        return same_url(str(window.location.href), ctrl.game, ctrl.seats)

    def finished(self) -> None:
        """The end screen's part: the comparison of a game played on a
        friend's dice, and the offer to send this game's dice."""
        link = self.link()
        shown = self._compare()
        el("same-offer").hidden = link is None
        field = el("same-link")
        field.value, field.hidden = link or "", True
        el("game-over-same").hidden = link is None and not shown

    def _compare(self) -> bool:
        shell, ctrl = self.shell, self.shell.page.ctrl
        c = compare(ctrl.game, ctrl.actor)
        for part in ("same-title", "same-results", "same-lines"):
            el(part).hidden = c is None
        if c is None:
            return False
        t = shell.t
        el("same-title").textContent = t("same.title", name=c.sender)
        rows = tuple(Row(label, values) for label, *values in result_rows(c, t))
        one, two = (int(v) for v in rows[0].values)
        winners = (0,) if one > two else (1,) if two > one else (0, 1)
        names = (c.sender, t("same.you"))
        fill_table(el("same-results"), Breakdown(t("same.title", name=c.sender), names, winners, rows, (one, two), "", ""))
        words = log_words(type(ctrl), ctrl.seats, c.seat, shell.lang)
        box = el("same-lines")
        box.textContent = ""
        try:
            lines = parting_text(c, t, words, review_valuer())
        except Exception as exc:  # noqa: BLE001 — the results still stand side by side
            js.console.warn(f"{shell.where}: where the games parted is not said ({exc})")
            lines = []
        box.hidden = not lines
        for text in lines:
            item = document.createElement("li")
            item.textContent = text
            box.appendChild(item)
        return True

    @staticmethod
    def offered(summary: dict) -> bool:
        """A saved game's summary is of a game "Play these dice" sends."""
        people = [p for p in summary.get("players", []) if p.get("kind") == "human"]
        return bool(summary.get("over")) and len(people) == 1 and not summary.get("friends")

    def from_save(self, save_id: str) -> None:
        """The saved-games list's "Play these dice": the game resumed and
        its end screen shown again, with the button and its link."""
        el("saves").close()
        if self.shell.resume(save_id):
            self.shell.page.over_shown = False
            self.shell.page.render()

    def send(self) -> None:
        """The share sheet where there is one, else a copy to the clipboard."""
        link = self.link()
        if link is None:
            return
        ctrl, t = self.shell.page.ctrl, self.shell.t
        seat = sharable(ctrl.game, ctrl.seats)
        text = t("same.share_text", score=ctrl.game.outcome().scores[seat], game=t(self.shell.page.TITLE_KEY))
        share_or_copy({"title": t("same.button"), "text": text, "url": link}, link,
                      lambda: self.shell.notices.toast(t("same.copied")), "same-link")

    def open_link(self, text: str) -> bool:
        """A ``#same=…`` link: the sender's game replayed and checked, a new
        game on its dice stored and put on screen.  A refused link leaves
        the shell's ``link_problem``; the saved games are kept."""
        shell = self.shell
        try:
            save_id = shell.store.import_same(text, shell.lang, shell.game)
        except SaveError as err:
            shell.link_problem = err.link_error()
            return False
        except LinkError as err:
            shell.link_problem = err
            return False
        if not shell.saves.open_imported(save_id, None):
            return False
        ctrl = shell.page.ctrl
        c = ctrl.game.setup.meta.get(SAME) if ctrl is not None else None
        if isinstance(c, dict):
            shell.notices.toast(shell.t("same.opened", name=c.get("name", "")))
        return True
