"""Offline play and newer versions: the menu's mark saying whether the
service worker holds the whole site (``sw.js`` answers
:data:`OFFLINE_ASK` with :data:`OFFLINE_ANSWER` once it has refilled what
is missing), and the reload into a newer version of the site."""

from __future__ import annotations

import asyncio

import js

from .dom import el, js_obj, window

__all__ = ["OfflineMark", "reload_newest", "OFFLINE_ASK", "OFFLINE_ANSWER"]

#: what a page posts to the service worker: is the site kept for offline play?
OFFLINE_ASK = "diceland:offline?"
#: the worker's answer: ``{type, ready, have, total}``
OFFLINE_ANSWER = "diceland:offline"


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
    """Reload the page into the newest version of the site (boot.js's
    ``dicelandReloadNewest``: the service worker is asked to update, and a
    newer one installed is told to take over first, so the reload is not
    served the old version again)."""
    newest = getattr(window, "dicelandReloadNewest", None)
    if newest is None:
        window.location.reload()
    else:
        newest()
