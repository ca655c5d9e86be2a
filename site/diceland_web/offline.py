"""Offline play and newer versions: the menu's mark saying whether the
service worker holds the whole site (``sw.js`` answers
:data:`OFFLINE_ASK` with :data:`OFFLINE_ANSWER` once it has refilled what
is missing), and the reload into a newer version of the site."""

from __future__ import annotations

import asyncio

import js
from pyodide.ffi import create_once_callable

from .dom import el, js_obj, window

__all__ = ["OfflineMark", "reload_newest", "OFFLINE_ASK", "OFFLINE_ANSWER"]

#: what a page posts to the service worker: is the site kept for offline play?
OFFLINE_ASK = "diceland:offline?"
#: the worker's answer: ``{type, ready, have, total}``
OFFLINE_ANSWER = "diceland:offline"
#: a reload waits this long at most for a newer service worker to take over
UPDATE_WAIT_S = 10


def service_workers():
    """``navigator.serviceWorker``, or None where there is none (an old
    browser, a page not served securely)."""
    try:
        return getattr(window.navigator, "serviceWorker", None) or None
    except Exception:
        return None


class OfflineMark:
    """``#offline-mark`` in the menu: shown with "available offline" once
    the worker says every file of the site is kept, "saving for offline
    play" while it fetches the missing ones; hidden when nothing is known."""

    def __init__(self, shell):
        self.shell = shell
        #: the worker's last answer (``have`` and ``total`` files), None before one
        self.answer: dict | None = None
        container = service_workers()
        if container is None or el("offline-mark") is None:
            return
        shell.on(container, "message", self.on_message)
        asyncio.ensure_future(self.ask(container))

    async def ask(self, container) -> None:
        try:
            registration = await container.ready
            registration.active.postMessage(js_obj({"type": OFFLINE_ASK}))
        except Exception as exc:
            js.console.warn(f"{self.shell.where}: the service worker was not asked about offline play ({exc})")

    def on_message(self, evt) -> None:
        data = evt.data
        if not data or getattr(data, "type", None) != OFFLINE_ANSWER:
            return
        self.answer = {"ready": bool(data.ready), "have": int(data.have), "total": int(data.total)}
        mark = el("offline-mark")
        key = "menu.offline_ready" if self.answer["ready"] else "menu.offline_filling"
        mark.dataset.i18n = key
        mark.dataset.ready = "true" if self.answer["ready"] else "false"
        mark.textContent = self.shell.t(key)
        mark.hidden = False


def reload_newest() -> None:
    """Reload the page into the newest version of the site: the service
    worker is asked to update first (a newer one takes over at once), so
    the reload is not served the old version again."""

    async def go() -> None:
        container = service_workers()
        try:
            registration = await container.getRegistration() if container is not None else None
            if registration:
                await registration.update()
                if registration.installing or registration.waiting:
                    await asyncio.wait_for(taken_over(container), UPDATE_WAIT_S)
        except Exception as exc:  # no update to wait for: the reload goes on
            js.console.warn(f"reloading without a service worker update ({exc})")
        window.location.reload()

    asyncio.ensure_future(go())


def taken_over(container) -> asyncio.Future:
    """Done when a newer service worker controls the page."""
    done = asyncio.get_event_loop().create_future()
    container.addEventListener("controllerchange", create_once_callable(
        lambda evt=None: done.done() or done.set_result(True)))
    return done
