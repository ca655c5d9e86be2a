"""The share dialog: a link to the position on screen and, where the game
has an embeddable board, an iframe for it."""

from __future__ import annotations

from .dom import document, el

__all__ = ["ShareDialog"]


class ShareDialog:
    def __init__(self, shell):
        self.shell = shell
        shell.on(el("btn-share"), "click", lambda evt: self.open())
        shell.on(el("btn-share-close"), "click", lambda evt: el("share").close())
        for name in ("link", "snippet"):
            shell.on(el(f"btn-share-copy-{name}"), "click", lambda evt, n=name: self.copy_field(f"share-{n}"))

    def open(self) -> None:
        """The page's ``share()`` gives ``(link, iframe attributes or None)``."""
        shared = self.shell.page.share()
        if shared is None:
            return
        link, attributes = shared
        embed_only = el("share").querySelectorAll(".embed-only")
        for i in range(embed_only.length):
            embed_only.item(i).hidden = attributes is None
        if attributes is not None:
            frame = document.createElement("iframe")
            for key, value in attributes.items():
                frame.setAttribute(key, value)
            el("share-snippet").value = frame.outerHTML
        el("share-link").value = link
        el("share").showModal()

    def copy_field(self, field_id: str) -> None:
        el(field_id).select()
        document.execCommand("copy")
        self.shell.notices.toast(self.shell.t("share.copied"))
