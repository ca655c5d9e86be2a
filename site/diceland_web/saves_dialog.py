"""The saved-games dialog (the saves of every game: resume here or on the
game's own page, export, delete) and the import and export of a game as a
JSON file."""

from __future__ import annotations

import asyncio

import js
from pyodide.ffi import to_js

from diceland_site.envelope import MAX_IMPORT_CHARS
from diceland_site.games import entry_for
from diceland_site.query import quote
from diceland_site.save_errors import SaveError
from diceland_site.seats import MAX_NAME
from diceland_site.share import import_toast
from diceland_site.summaries import game_of_summary, progress_text

from .dom import document, el, js_obj, later, window
from .review_open import review
from .saving import CURRENT_SETTING

__all__ = ["SavesDialog"]

#: Dialogs an imported game closes (it is on screen at once).
CLOSED_BY_IMPORT = ("saves", "new-game", "welcome")


class SavesDialog:
    def __init__(self, shell):
        self.shell = shell
        self.store = shell.store
        on = shell.on
        on(el("btn-saves"), "click", lambda evt: self.open())
        on(el("btn-saves-close"), "click", lambda evt: el("saves").close())
        on(el("btn-export"), "click", lambda evt: self.export_current())
        for button in ("btn-import", "btn-saves-import"):
            on(el(button), "click", lambda evt: el("import-file").click())
        on(el("import-file"), "change", self.import_file)

    def open(self) -> None:
        self.fill()
        dialog = el("saves")
        if not dialog.open:
            dialog.showModal()

    def fill(self) -> None:
        t, lang = self.shell.t, self.shell.lang
        box = el("saves-list")
        box.innerHTML = ""
        saves = self.store.list_saves()
        if not saves:
            item = document.createElement("li")
            item.textContent = t("menu.no_saves")
            box.appendChild(item)
            return
        for s in saves:
            entry = entry_for(s.get("game"))
            item = document.createElement("li")
            item.dataset.id = s["id"]
            item.dataset.game = game_of_summary(s)
            title = document.createElement("span")
            title.className = "save-title"
            if s["broken"]:
                title.textContent = t("menu.broken_save")
            else:
                game = entry.title_in(lang) if entry else t("games.unknown", game=s.get("game"))
                names = ", ".join(p["name"] for p in s.get("players", []))
                when = str(js.Date.new(s.get("saved_at") or 0).toLocaleString(lang))
                state = progress_text(s, t)
                title.textContent = f"{game}: {names} · {state} · {t('menu.saved_at', date=when)}"
            item.appendChild(title)
            if not s["broken"] and entry is not None:
                self.button(item, "button.resume", lambda evt, i=s["id"], e=entry: self.open_save(i, e))
                self.button(item, "button.export", lambda evt, i=s["id"]: self.export(i))
                if s.get("over"):  # its review, for the first person's seat
                    kinds = [p.get("kind") if isinstance(p, dict) else None for p in s.get("players") or []]
                    seat = kinds.index("human") if "human" in kinds else 0
                    self.button(item, "review.open", lambda evt, i=s["id"], e=entry, n=seat: self.open_save(i, e, n))
                if entry.game == self.shell.game and self.shell.same.offered(s):
                    self.button(item, "same.button", lambda evt, i=s["id"]: self.shell.same.from_save(i))
            self.button(item, "button.delete", lambda evt, i=s["id"]: self.delete(i))
            box.appendChild(item)

    def button(self, item, key: str, handler) -> None:
        button = document.createElement("button")
        button.type = "button"
        button.textContent = self.shell.t(key)
        button.className = "save-" + key.split(".")[1]
        self.shell.on(button, "click", handler)
        item.appendChild(button)

    def open_save(self, save_id: str, entry, review_seat: int | None = None) -> None:
        """Resume a save here, or in its own game's page (``review_seat``:
        and open that seat's review)."""
        el("saves").close()
        if entry.game == self.shell.game:
            if self.shell.resume(save_id) and review_seat is not None:
                review(self.shell, "open_current", review_seat)
        else:
            tail = "" if review_seat is None else f"&review={review_seat + 1}"
            window.location.href = f"{entry.page}?save={quote(save_id)}{tail}"

    def delete(self, save_id: str) -> None:
        if not window.confirm(self.shell.t("menu.confirm_delete")):
            return
        self.store.delete(save_id)
        saver = self.shell.saver
        if save_id == saver.save_id:
            saver.save_id = None
            self.store.set_setting(CURRENT_SETTING, None)
        self.shell.notices.toast(self.shell.t("toast.deleted"))
        self.fill()

    # -- export and import ---------------------------------------------------------------
    def export_current(self) -> None:
        if self.shell.page.current_game() is None:
            return
        self.shell.saver.save()
        self.shell.saver.finish()
        if self.shell.saver.save_id:
            self.export(self.shell.saver.save_id)

    def export(self, save_id: str) -> None:
        lang = self.shell.lang
        try:
            text = self.store.export_json(save_id)
        except SaveError as err:
            self.shell.notices.show_message(err.message(lang), error=True, details=err.details(lang))
            return
        blob = js.Blob.new(to_js([text]), js_obj({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"{self.shell.game or 'diceland'}-{save_id}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        later(1000, lambda: js.URL.revokeObjectURL(url))

    def import_file(self, evt) -> None:
        files = evt.target.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        if int(file.size) > 4 * MAX_IMPORT_CHARS:  # refused unread (UTF-8 takes up to 4 bytes a character)
            evt.target.value = ""
            self.shell.notices.show_message(SaveError("too_big").message(self.shell.lang, importing=True),
                                            error=True)
            return

        async def read():
            text = await file.text()
            evt.target.value = ""
            self.import_text(str(text))

        asyncio.ensure_future(read())

    def import_text(self, text: str, link: bool = False) -> bool:
        """Import a save or record of this page's game (another game's is
        refused).  With ``link``, the text came from a shared link: a refusal
        is kept in the shell's ``link_problem`` (its message speaks of a
        link) for the caller to say."""
        shell = self.shell
        try:
            save_id = self.store.import_json(text, shell.lang, shell.game)
        except SaveError as err:
            if link:
                shell.link_problem = err.link_error()
            else:
                shell.notices.show_message(err.message(shell.lang, importing=True), error=True,
                                           details=err.details(shell.lang))
            return False
        return self.open_imported(save_id, import_toast(shell.query) if link else "toast.imported")

    def open_imported(self, save_id: str, toast: str | None) -> bool:
        """Put an imported game on screen: the dialogs an import leaves
        behind closed, the game resumed, the ``toast`` said (a message key,
        or None) and what the import changed on the way in."""
        shell = self.shell
        opened = document.querySelectorAll("dialog[open]")
        for i in range(opened.length):
            if str(opened.item(i).id) in CLOSED_BY_IMPORT:
                opened.item(i).close()
        if not shell.resume(save_id):
            return False
        if toast is not None:
            shell.notices.toast(shell.t(toast))
        if "names_trimmed" in self.store.import_notes:
            shell.notices.toast(shell.t("note.names_trimmed", max=MAX_NAME))
        return True
