"""What the page says besides the game: short toasts, the screen reader's
line, the message box (an error or a note, its technical part behind a
"details" link, maybe a "new game" button) and the lasting warning while a
save is not written."""

from __future__ import annotations

from typing import Callable

from .dom import document, el, later

__all__ = ["Notices", "TOAST_MS", "MAX_TOASTS"]

TOAST_MS = 3500
MAX_TOASTS = 2


class Notices:
    """``t`` translates a key; ``on`` binds an event; ``offer_new`` opens
    the new-game dialog (the message box's button)."""

    def __init__(self, t: Callable[..., str], on: Callable, offer_new: Callable[[], None]):
        self.t = t
        self.on = on
        self.offer_new = offer_new

    def details_node(self, details: str, body_id: str = ""):
        """A "details" disclosure holding the technical part of a message."""
        more = document.createElement("details")
        more.className = "rule-details"
        summary = document.createElement("summary")
        summary.textContent = self.t("message.details")
        body = document.createElement("span")
        body.textContent = details
        if body_id:
            body.id = body_id
        more.appendChild(summary)
        more.appendChild(body)
        return more

    def toast(self, text: str, details: str = "") -> None:
        """A short message; ``details`` (the rule behind a refusal) waits
        behind a "details" link, and the toast stays while it is open.  A
        refusal replaces every toast on screen, a line already shown is not
        shown twice, and at most :data:`MAX_TOASTS` show at once."""
        box = el("toasts")
        if details:
            box.innerHTML = ""
        nodes = box.querySelectorAll(".toast")
        for i in range(nodes.length):
            node = nodes.item(i)
            if node.firstChild and str(node.firstChild.textContent) == text:
                node.remove()
        item = document.createElement("div")
        item.className = "toast"
        item.textContent = text
        if details:
            item.appendChild(self.details_node(details))
        box.appendChild(item)
        while box.childElementCount > MAX_TOASTS:
            box.removeChild(box.firstElementChild)

        def expire() -> None:
            if item.querySelector("details[open]"):
                later(TOAST_MS, expire)
            else:
                item.remove()
        later(TOAST_MS, expire)

    def clear_toasts(self) -> None:
        el("toasts").innerHTML = ""

    def announce(self, text: str) -> None:
        el("announcer").textContent = text

    def say(self, text: str) -> None:
        """A toast, read out too."""
        self.toast(text)
        self.announce(text)

    def button(self, button_id: str, key: str, handler: Callable[[], None]):
        """A button of a message or warning: ``key``'s text, ``handler`` on a click."""
        button = document.createElement("button")
        button.type = "button"
        button.id = button_id
        button.textContent = self.t(key)
        self.on(button, "click", lambda evt: handler())
        return button

    def show_message(self, text: str, error: bool = False, offer_new: bool = False, details: str = "",
                     action: tuple[str, str, Callable[[], None]] | None = None) -> None:
        """The message box: ``text``, ``details`` behind a link, and the
        buttons asked for: ``action`` (its button id, text key and handler)
        and "new game" (``offer_new``)."""
        box = el("message")
        box.className = "message" + (" error" if error else "")
        box.innerHTML = ""
        p = document.createElement("p")
        p.id = "message-text"
        p.textContent = text
        box.appendChild(p)
        if details:
            box.appendChild(self.details_node(details, "message-rule"))
        if action is not None:
            box.appendChild(self.button(*action))
        if offer_new:
            button = self.button("btn-message-new", "button.new_game", self.offer_new)
            button.className = "primary"
            box.appendChild(button)
        box.hidden = False
        el("app").hidden = False

    def hide_message(self) -> None:
        el("message").hidden = True

    def message_text(self) -> str:
        box = el("message")
        return "" if box.hidden else str(box.querySelector("p").textContent if box.querySelector("p") else "")

    def show_save_warning(self, shown: bool, key: str = "warning.unsaved",
                          action: tuple[str, str, Callable[[], None]] | None = None) -> None:
        """The lasting warning while a save is held in memory only (``key``
        says why; ``action``: a button after it, as for :meth:`show_message`)."""
        box = el("save-warning")
        if box is not None:
            box.textContent = self.t(key) if shown else ""
            if shown and action is not None:
                box.appendChild(document.createTextNode(" "))
                box.appendChild(self.button(*action))
            box.hidden = not shown
