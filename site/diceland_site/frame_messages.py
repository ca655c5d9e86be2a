"""The one reader of messages posted to a page by the frames it shows (a
lesson in the tutorial): a message is a plain object whose ``type`` names
it; only the fields a kind needs are read, each checked and bounded, and
anything else is dropped without a word (a message is never a player's
text).  The page checks the sender first (same origin, its own frame)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

__all__ = ["FrameMessage", "read_frame_message", "MAX_HEIGHT", "KINDS"]

#: a frame asking to be taller than this is not believed
MAX_HEIGHT = 20_000
#: what a lesson's frame may say: its content's height, a lesson solved
KINDS = ("diceland:height", "diceland:solved")
LESSON_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,47}(/[a-z0-9][a-z0-9_-]{0,47})?")


@dataclass(frozen=True)
class FrameMessage:
    kind: str
    height: int = 0
    lesson: str = ""


def read_frame_message(kind: object, height: object = None, lesson: object = None) -> FrameMessage | None:
    """The message whose ``type`` is ``kind`` with its fields ``height`` and
    ``lesson`` (as JavaScript gave them: strings and numbers arrive as
    Python's, anything else as an object), or None when it is not one a
    frame may send."""
    if not isinstance(kind, str) or kind not in KINDS:
        return None
    if kind == "diceland:height":
        if isinstance(height, bool) or not isinstance(height, (int, float)):
            return None
        if not (math.isfinite(height) and 0 < height < MAX_HEIGHT):
            return None
        return FrameMessage(kind, height=math.ceil(height))
    if not isinstance(lesson, str) or not LESSON_ID.fullmatch(lesson):
        return None
    return FrameMessage(kind, lesson=lesson)
