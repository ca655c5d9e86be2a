"""The exception tree of :mod:`diceland_core`.

``DicelandError``
    The root: every error the package raises on purpose.

``BoardError``
    A board file (``boards/*.toml`` or an inline board) is malformed or breaks
    RULES.md D1.  ``problems`` lists every problem found, each naming the file
    and, where there is one, the row and column.

``ScenarioError``
    A scenario file is malformed (FORMATS.md "Scenario files").

``RecordError``
    A saved game record is malformed, from a future format version, or does not
    replay to what it says.

``IllegalActionError`` (also a ``ValueError``)
    An action that is not allowed now.  ``rule`` is the RULES.md id it breaks
    (``"D2.4"``) and the message starts with that id.
"""

from __future__ import annotations

__all__ = [
    "DicelandError",
    "BoardError",
    "ScenarioError",
    "RecordError",
    "IllegalActionError",
]


class DicelandError(Exception):
    """Root of every error raised on purpose by diceland_core."""


class BoardError(DicelandError):
    """A board file is malformed or breaks the board rules (RULES.md D1)."""

    def __init__(self, problems: list[str] | str):
        if isinstance(problems, str):
            problems = [problems]
        self.problems: list[str] = list(problems)
        super().__init__("\n".join(self.problems))


class ScenarioError(DicelandError):
    """A scenario file is malformed (FORMATS.md)."""


class RecordError(DicelandError):
    """A saved game record cannot be loaded."""


class IllegalActionError(DicelandError, ValueError):
    """An action that the rules do not allow now.

    ``rule`` names the rule id (``"D2.4"``); ``detail`` is the explanation
    without the id; ``args`` values (``dice``, ``free`` …) are in ``data`` so
    a user interface can translate the message.
    """

    def __init__(self, rule: str, detail: str, **data: object):
        self.rule = rule
        self.detail = detail
        self.data = data
        super().__init__(f"{rule} {detail}")
