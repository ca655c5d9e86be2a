"""Saving the game on screen: the autosave after each change with the
revision check (no save written over what another tab of the site played
since, and no move made on an old position), the retry of a save the
browser refused (storage full), the lasting warning while a save is not
written, the unsaved save kept in the tab's ``sessionStorage``
(:mod:`diceland_site.unsaved`) so that a reload puts it back on screen, and
the one request that the browser keep the site's storage.

Where the browser has the Web Locks API, a save is written while the
site's save lock (:data:`SAVE_LOCK`) is held: two tabs saving in the same
few milliseconds write one after the other, so the second reads the
first's revision and is refused as a conflict instead of writing over it.
A save waiting for the lock is written at once when the tab is hidden or
left (the lock cannot be waited for then)."""

from __future__ import annotations

import asyncio

import js

from diceland_site import unsaved

from pyodide.ffi import create_once_callable

from .dom import document, el, later, window
from .offline import reload_newest
from .saving import CURRENT_SETTING, in_frame, session_storage

__all__ = ["Autosave", "save_locks", "under_save_lock", "RETRY_MS", "PERSIST_SETTING", "SAVE_LOCK"]

#: A save the browser refused (storage full) is tried again this often.
RETRY_MS = 4000
#: Set once navigator.storage.persist() has been asked for (it is asked once).
PERSIST_SETTING = "persist_asked"
#: the Web Lock every tab of the site holds while it reads and writes a save
SAVE_LOCK = "diceland:saves"


def save_locks():
    """The browser's lock manager (``navigator.locks``), or None where it
    has none (an old browser, a page not served securely)."""
    try:
        locks = window.navigator.locks
        return locks if locks and callable(getattr(locks, "request", None)) else None
    except Exception:
        return None


def under_save_lock(where: str, what: str, work) -> None:
    """Run ``work()`` while the site's save lock is held, once the browser
    grants it; at once where the browser has no lock manager, or refuses
    the request then or later (a page being put away, a lock manager that
    throws): nothing waits for a lock that will not come.  An error of
    ``work`` under the lock is said on the console (``where``: the page,
    ``what``: the work), never a rejected promise in the lock manager."""
    locks = save_locks()
    if locks is None:
        work()
        return
    ran = False

    def held(_lock=None) -> None:
        nonlocal ran
        ran = True
        try:
            work()
        except Exception as exc:
            js.console.error(f"{where}: {what} failed ({exc})")

    try:
        request = locks.request(SAVE_LOCK, create_once_callable(held))
    except Exception as exc:  # the browser refused the request: no lock to wait for
        js.console.warn(f"{where}: {what} without the lock ({exc})")
        work()
        return

    async def refused() -> None:
        try:
            await request
        except Exception as exc:  # refused before the lock was granted: now, without it
            if not ran:
                js.console.warn(f"{where}: {what} without the lock ({exc})")
                work()

    asyncio.ensure_future(refused())


class Autosave:
    """The saving of one page's game; ``shell`` gives the store, the game
    on screen (its page's ``current_game()``), the notices and ``resume``."""

    def __init__(self, shell):
        self.shell = shell
        self.store = shell.store
        #: the save the game on screen is written to (None: a new one)
        self.save_id: str | None = None
        self.quota_warned = False
        self.retry_timer = None
        self.persist_asked = False
        self.session = session_storage()
        #: framed pages never change which game the site's own tabs resume
        self.framed = in_frame()
        #: a save waits for the save lock (the newest game is written when it is granted)
        self.queued = False
        #: a newer version of the site (another tab) has saved the game on
        #: screen in a form this page cannot read: nothing is written, no
        #: input taken, and a reload into that version is offered
        self.held_by_newer = False
        shell.on(window, "pagehide", lambda evt: self.finish())
        shell.on(document, "visibilitychange", self.on_hidden)

    def set_current(self, save_id: str | None) -> None:
        """Make ``save_id`` the game the site resumes next time."""
        if not self.framed:
            self.store.set_setting(CURRENT_SETTING, save_id)

    def save(self) -> None:
        """Save the game on screen (after each change): under the save lock
        where the browser has one (a save already waiting writes the newest
        game), at once where it has none."""
        if self.queued:
            return
        self.queued = True
        under_save_lock(self.shell.where, "saving", self.finish)

    def finish(self) -> None:
        """Write a save that waits for the lock now (the lock is granted,
        or the page is left or hidden; a save already written by then is
        not written twice)."""
        if self.queued:
            self.queued = False
            self.save_now()

    def on_hidden(self, _evt=None) -> None:
        """The tab is hidden (a phone may end it without another word)."""
        if str(document.visibilityState) == "hidden":
            self.finish()

    def save_now(self) -> None:
        """Write the game on screen."""
        shell = self.shell
        current = shell.page.current_game()
        if current is None or self.held_by_newer:  # never a fork of the newer version's game
            return
        game, seats = current
        result = self.store.save(game, seats, self.save_id, shell.frames.last_url)
        if result.reason == "conflict":
            js.console.warn(f"{shell.where}: not saved over another tab's game ({result.detail})")
            self.follow_other_tab()
            return
        if self.save_id != result.save_id:
            self.save_id = result.save_id
            self.set_current(result.save_id)
        if not result.ok:
            js.console.warn(f"{shell.where}: saving failed ({result.reason}: {result.detail})")
            self.not_written()
            if not self.quota_warned:
                self.quota_warned = True
                shell.notices.toast(shell.t("toast.save_failed"))
                shell.notices.show_message(shell.t("error.storage_full"), error=True)
        else:
            self.written()
            self.ask_persist()
        shell.frames.schedule()

    def not_written(self) -> None:
        """A save is held in memory only: kept in the tab's session, said
        by a lasting warning, and tried again."""
        unsaved.keep(self.store, self.session)
        self.shell.notices.show_save_warning(True)
        self.schedule_retry()

    def written(self) -> None:
        """Every save is written (again): the session's copies and the warning go
        (the warning of blocked storage stays: the store is the tab's memory)."""
        unsaved.forget(self.store, self.session)
        if self.shell.storage_blocked:
            self.warn_blocked()
        else:
            self.shell.notices.show_save_warning(False)
        if self.quota_warned:
            self.quota_warned = False
            self.shell.notices.hide_message()

    def warn_blocked(self) -> None:
        """The lasting warning of a browser that blocks the site's storage,
        with the game on screen offered as a file."""
        shell = self.shell
        shell.notices.show_save_warning(True, "warning.storage_blocked",
                                        ("btn-warning-export", "button.export", shell.saves.export_current))

    def schedule_retry(self) -> None:
        if self.retry_timer is None:
            self.retry_timer = later(RETRY_MS, self.retry_saves)

    def retry_saves(self) -> None:
        """Write the saves the browser refused before (storage may have room now)."""
        self.retry_timer = None
        if self.store.pending and self.store.flush():
            self.not_written()
        elif self.quota_warned or el("save-warning") is not None and not el("save-warning").hidden:
            self.written()
            self.shell.notices.toast(self.shell.t("toast.save_recovered"))

    def restore_unsaved(self) -> None:
        """On opening: saves this tab could not write before a reload are
        held again (the resume then opens them) and said to be unsaved."""
        if unsaved.restore(self.store, self.session):
            self.shell.notices.toast(self.shell.t("note.unsaved_restored"))
        if self.store.pending:
            self.not_written()

    def ask_persist(self) -> None:
        """Ask once (ever) that the browser keep this site's storage, when
        there is a game worth keeping."""
        if self.persist_asked or not self.shell.page.worth_keeping():
            return
        self.persist_asked = True
        if self.store.get_setting(PERSIST_SETTING):
            return
        storage = getattr(window.navigator, "storage", None)
        if storage is None or not hasattr(storage, "persist"):
            return
        self.store.set_setting(PERSIST_SETTING, True)
        where = self.shell.where

        async def ask():
            try:
                await storage.persist()
            except Exception as exc:
                js.console.warn(f"{where}: navigator.storage.persist() failed: {exc}")

        asyncio.ensure_future(ask())

    # -- other tabs of the site ----------------------------------------------------------
    def stale(self) -> bool:
        """True (after showing the newer game) when another tab has played on
        this game since this tab read or wrote it: no move is made on an old
        position and no save written over a newer one."""
        if self.held_by_newer:
            return True
        if not self.store.changed_elsewhere(self.save_id):
            return False
        return self.follow_other_tab()

    def follow_other_tab(self) -> bool:
        """Show what another tab made of this game: its latest position, or a
        note that it deleted the game (which then goes on here as a new save)."""
        shell = self.shell
        if self.store.stored_revision(self.save_id) is None:
            self.store.release(self.save_id)
            self.save_id = None
            shell.notices.say(shell.t("sync.deleted"))
            return False
        if self.store.newer_version(self.save_id):
            self.hold_for_newer()
            return True
        if shell.resume(self.save_id):
            shell.notices.say(shell.t("sync.reloaded"))
            return True
        # the other tab left something unreadable (kept under a backup key):
        # the game on screen goes on as a new save
        self.store.release(self.save_id)
        self.save_id = None
        return False

    def hold_for_newer(self) -> None:
        """A newer version of the site holds this game: this tab stops (no
        bot plays, nothing is written) and offers to reload into it."""
        self.held_by_newer = True
        self.queued = False
        shell = self.shell
        shell.cancel_bots()
        shell.notices.show_message(shell.t("sync.newer_version"), error=True,
                                   action=("btn-message-reload", "button.reload", reload_newest))
