"""The small picture of the board kept with the save: boot.js shows it on
the next visit while Python starts."""

from __future__ import annotations

from .autosave import under_save_lock
from .dom import document, later, window

__all__ = ["Frames", "FRAME_WIDTH", "FRAME_DELAY_MS"]

#: At most this wide, taken this long after the last change.
FRAME_WIDTH = 480
FRAME_DELAY_MS = 1200


class Frames:
    def __init__(self, shell):
        self.shell = shell
        self.timer = None
        #: the picture kept with the save on screen (a data: URL), if any
        self.last_url: str | None = None

    def adopt(self, save_id: str | None) -> None:
        """The save on screen is now ``save_id``: its picture, if one is kept."""
        frame = self.shell.store.last_frame(save_id) if save_id else None
        self.last_url = frame if frame and frame.startswith("data:image/") else None

    def schedule(self) -> None:
        if self.timer is None and self.shell.saver.save_id:
            self.timer = later(FRAME_DELAY_MS, self.capture_locked)

    def capture_locked(self, _evt=None) -> None:
        """The picture taken after a change is written under the site's save
        lock, as a save is: written beside another tab's save of the game, it
        would put back the revision that tab had just replaced."""
        under_save_lock(self.shell.where, "keeping the picture", self.capture)

    def on_leaving(self, _evt=None) -> None:
        """Leaving the page: keep a picture only if the game changed since
        the last one was kept (one is due) or none is kept; encoding one
        delays the page the browser opens next."""
        if self.timer is not None or self.last_url is None:
            self.capture()

    def capture(self, _evt=None) -> None:
        """Keep a small picture of the game with the save."""
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        canvas = self.shell.page.frame_canvas()
        save_id = self.shell.saver.save_id
        if canvas is None or not save_id:
            return
        width, height = int(canvas.width), int(canvas.height)
        if width < 2 or height < 2:
            return
        scale = min(1.0, FRAME_WIDTH / width)
        small = document.createElement("canvas")
        small.width = max(1, round(width * scale))
        small.height = max(1, round(height * scale))
        small.getContext("2d").drawImage(canvas, 0, 0, small.width, small.height)
        url = str(small.toDataURL("image/webp", 0.8))
        if not url.startswith("data:image/webp"):
            url = str(small.toDataURL("image/png"))
        if url == self.last_url:
            return
        self.last_url = url
        result = self.shell.store.set_last_frame(save_id, url)
        if not result.ok and result.reason == "quota":
            self.shell.saver.schedule_retry()
