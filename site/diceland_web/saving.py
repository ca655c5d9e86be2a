"""Saving the game on screen: the autosave after each change, the retry of a
save the browser refused (storage full), the lasting warning while a save
is not written, and the unsaved save kept in the tab's ``sessionStorage``
(:mod:`diceland_site.unsaved`) so that a reload puts it back on screen.
A mixin of :class:`.shell.Shell`.

Where the browser has the Web Locks API, a save is written while the
site's save lock (:data:`SAVE_LOCK`) is held: two tabs saving in the same
few milliseconds write one after the other, so the second reads the
first's revision and is refused as a conflict instead of writing over it."""

from __future__ import annotations

import js
from pyodide.ffi import JsException, create_once_callable

from diceland_site import unsaved

from .dom import document, el, window

__all__ = ["LocalStorage", "MemoryStorage", "Saving", "session_storage", "in_frame", "save_locks", "RETRY_MS", "CURRENT_SETTING", "SAVE_LOCK"]

#: A save the browser refused (storage full) is tried again this often.
RETRY_MS = 4000
CURRENT_SETTING = "current"
#: the Web Lock every tab of the site holds while it reads and writes a save
SAVE_LOCK = "diceland:saves"


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


def save_locks():
    """The browser's lock manager (``navigator.locks``), or None where it
    has none (an old browser, a page not served securely)."""
    try:
        locks = window.navigator.locks
        return locks if locks and callable(getattr(locks, "request", None)) else None
    except Exception:
        return None


class Saving:
    #: set by the page: it is framed, so it never changes which game the
    #: site's own tabs resume (:meth:`set_current`)
    framed = False

    def set_current(self, save_id: str | None) -> None:
        """Make ``save_id`` the game the site resumes next time."""
        if not self.framed:
            self.store.set_setting(CURRENT_SETTING, save_id)

    #: a save waits for the save lock (the newest game is written when it is granted)
    save_queued = False

    def autosave(self) -> None:
        """Save the game on screen: under the save lock where the browser
        has one (a save already waiting writes the newest game), at once
        where it has none."""
        if self.save_queued:
            return
        locks = save_locks()
        if locks is None:
            self.save_now()
            return
        self.save_queued = True
        try:
            locks.request(SAVE_LOCK, create_once_callable(self.locked_save))
        except Exception as exc:  # the browser refused the request: save without the lock
            js.console.warn(f"{self.WHERE}: saving without the lock ({exc})")
            self.finish_saving()

    def locked_save(self, _lock=None) -> None:
        """The save lock is held: write the waiting save (unless leaving the
        page wrote it already).  The lock is let go when this returns."""
        try:
            self.finish_saving()
        except Exception as exc:  # never a rejected promise from the lock manager
            js.console.error(f"{self.WHERE}: saving failed ({exc})")

    def finish_saving(self) -> None:
        """Write a save that waits for the lock now (the page is being left:
        the lock cannot be waited for)."""
        if self.save_queued:
            self.save_queued = False
            self.save_now()

    def on_hidden(self, _evt=None) -> None:
        """The tab is hidden (a phone may end it without another word): a
        waiting save is written now."""
        if str(document.visibilityState) == "hidden":
            self.finish_saving()

    def save_now(self) -> None:
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
