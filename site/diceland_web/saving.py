"""Saving the game on screen: the autosave after each change, the retry of a
save the browser refused (storage full), the lasting warning while a save
is not written, and the unsaved save kept in the tab's ``sessionStorage``
(:mod:`diceland_site.unsaved`) so that a reload puts it back on screen.
A mixin of :class:`.shell.Shell`."""

from __future__ import annotations

import js
from pyodide.ffi import JsException

from diceland_site import unsaved

from .dom import el, window

__all__ = ["LocalStorage", "MemoryStorage", "Saving", "session_storage", "in_frame", "RETRY_MS", "CURRENT_SETTING"]

#: A save the browser refused (storage full) is tried again this often.
RETRY_MS = 4000
CURRENT_SETTING = "current"


class LocalStorage:
    """``localStorage`` (or ``sessionStorage``) as the dict-like string store
    :class:`SaveStore` wants.
    Writes raise when the browser refuses them (quota); the store handles it."""

    def __init__(self, storage):
        self.storage = storage

    def get(self, key: str, default=None):
        value = self.storage.getItem(key)  # a string, or JavaScript's null (None or jsnull)
        return value if isinstance(value, str) else default

    def __getitem__(self, key: str) -> str:
        value = self.storage.getItem(key)
        if not isinstance(value, str):
            raise KeyError(key)
        return value

    def __setitem__(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except JsException as exc:
            raise OSError(f"localStorage refused the write: {exc}") from None

    def __delitem__(self, key: str) -> None:
        self.storage.removeItem(key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and isinstance(self.storage.getItem(key), str)

    def keys(self) -> list[str]:
        return [self.storage.key(i) for i in range(self.storage.length)]

    def __iter__(self):
        return iter(self.keys())

    def __len__(self) -> int:
        return int(self.storage.length)


class MemoryStorage(dict):
    """Used when the browser forbids localStorage (private modes)."""


def session_storage():
    """The tab's ``sessionStorage`` (a dict where the browser forbids it)."""
    try:
        session = LocalStorage(window.sessionStorage)
        session.keys()
        return session
    except Exception:
        return MemoryStorage()


def in_frame() -> bool:
    """The page is shown in a frame of another page (maybe of another site)."""
    try:
        return bool(window.parent != window)
    except Exception:  # a parent of another origin the proxy cannot look at
        return True


class Saving:
    #: set by the page: it is framed, so it never changes which game the
    #: site's own tabs resume (:meth:`set_current`)
    framed = False

    def set_current(self, save_id: str | None) -> None:
        """Make ``save_id`` the game the site resumes next time."""
        if not self.framed:
            self.store.set_setting(CURRENT_SETTING, save_id)

    def autosave(self) -> None:
        current = self.current_game()
        if current is None:
            return
        game, seats = current
        result = self.store.save(game, seats, self.save_id, self.last_frame_url)
        if result.reason == "conflict":
            js.console.warn(f"{self.WHERE}: not saved over another tab's game ({result.detail})")
            self.follow_other_tab()
            return
        if self.save_id != result.save_id:
            self.save_id = result.save_id
            self.set_current(result.save_id)
        if not result.ok:
            js.console.warn(f"{self.WHERE}: saving failed ({result.reason}: {result.detail})")
            self.not_written()
            if not self.quota_warned:
                self.quota_warned = True
                self.toast(self.t("toast.save_failed"))
                self.show_message(self.t("error.storage_full"), error=True)
        else:
            self.written()
            self.ask_persist()
        self.schedule_frame()

    def not_written(self) -> None:
        """A save is held in memory only: kept in the tab's session, said
        by a lasting warning, and tried again."""
        unsaved.keep(self.store, self.session)
        self.show_save_warning(True)
        self.schedule_retry()

    def written(self) -> None:
        """Every save is written (again): the session's copies and the warning go."""
        unsaved.forget(self.store, self.session)
        self.show_save_warning(False)
        if self.quota_warned:
            self.quota_warned = False
            self.hide_message()

    def show_save_warning(self, shown: bool) -> None:
        box = el("save-warning")
        if box is not None:
            box.textContent = self.t("warning.unsaved") if shown else ""
            box.hidden = not shown

    def schedule_retry(self) -> None:
        if self.retry_timer is None:
            self.retry_timer = self.later(RETRY_MS, self.retry_saves)

    def retry_saves(self) -> None:
        """Write the saves the browser refused before (storage may have room now)."""
        self.retry_timer = None
        if self.store.pending and self.store.flush():
            self.not_written()
        elif self.quota_warned or el("save-warning") is not None and not el("save-warning").hidden:
            self.written()
            self.toast(self.t("toast.save_recovered"))

    def restore_unsaved(self) -> None:
        """On opening: saves this tab could not write before a reload are
        held again (the resume then opens them) and said to be unsaved."""
        if unsaved.restore(self.store, self.session):
            self.toast(self.t("note.unsaved_restored"))
        if self.store.pending:
            self.not_written()
