"""The two small dialogs every game page may have: the settings (sounds, bot
speed) and the keyboard shortcuts panel ("?").  A page without their markup
simply has neither (``Panels.present``)."""

from __future__ import annotations

from typing import Callable

from .dom import document, el, esc

__all__ = ["Panels", "trap_focus"]

FOCUSABLE = "button:not([disabled]), select:not([disabled]), input:not([disabled]), a[href], [tabindex='0']"


def trap_focus(dialog, evt) -> None:
    """Tab and Shift+Tab cycle inside ``dialog`` (a keydown handler)."""
    if str(evt.key) != "Tab":
        return
    nodes = dialog.querySelectorAll(FOCUSABLE)
    if nodes.length == 0:
        evt.preventDefault()
        return
    first, last = nodes.item(0), nodes.item(nodes.length - 1)
    active = document.activeElement
    inside = bool(dialog.contains(active))
    if evt.shiftKey and (not inside or active == first):
        evt.preventDefault()
        last.focus()
    elif not evt.shiftKey and (not inside or active == last):
        evt.preventDefault()
        first.focus()


class Panels:
    """``shell`` gives ``on``, ``t``, the settings and what changes them."""

    def __init__(self, shell):
        self.shell = shell
        self.opener = None
        # (a missing element is JS null: falsy, though not always None)
        self.present = all(bool(el(name)) for name in ("settings", "keys-help", "btn-settings", "btn-keys"))
        if self.present:
            self.bind()

    def bind(self) -> None:
        on = self.shell.on
        on(el("btn-settings"), "click", lambda evt: self.open("settings"))
        on(el("btn-keys"), "click", lambda evt: self.open("keys-help"))
        for name in ("settings", "keys-help"):
            dialog = el(name)
            on(dialog, "keydown", lambda evt, d=dialog: trap_focus(d, evt))
            on(dialog, "close", lambda evt: self.restore_focus())
            on(el(f"btn-{name}-close"), "click", lambda evt, d=dialog: d.close())
        on(el("sound-toggle"), "change", lambda evt: self.shell.set_sound(bool(evt.target.checked)))
        on(el("bot-speed"), "change", lambda evt: self.shell.set_bot_speed(str(evt.target.value)))

    def translate(self, t: Callable[..., str], help_lines: list[str]) -> None:
        if not self.present:
            return
        for button, key in (("btn-settings", "settings.button"), ("btn-keys", "keys.button")):
            el(button).setAttribute("aria-label", t(key))
            el(button).title = t(key) + (" (?)" if button == "btn-keys" else "")
        el("keys-list").innerHTML = "".join(f"<li>{esc(line)}</li>" for line in help_lines)
        el("btn-keys").hidden = not help_lines

    def show_settings(self, sound: bool, speed: str) -> None:
        if self.present:
            el("sound-setting").hidden = not self.shell.plays_sounds
            el("sound-toggle").checked = sound
            el("bot-speed").value = speed

    def open(self, name: str) -> None:
        dialog = el(name)
        if not dialog or dialog.open:
            return
        if name == "keys-help" and el("keys-list").childElementCount == 0:
            return
        self.opener = document.activeElement
        dialog.showModal()
        close = el(f"btn-{name}-close")
        (close if name == "keys-help" else dialog.querySelector(FOCUSABLE)).focus()

    def restore_focus(self) -> None:
        opener, self.opener = self.opener, None
        if opener and hasattr(opener, "focus") and document.contains(opener):
            opener.focus()
