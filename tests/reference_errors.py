"""The errors of the second, naive implementations of the rules
(``tests/<game>/<game>_reference.py``), the same in every game: they know
nothing of the engine's own errors, so that a test compares outcomes, not
exception classes."""

from __future__ import annotations

__all__ = ["Invalid", "Illegal", "DiceRanOut"]


class Invalid(Exception):
    """The scenario file is invalid (exit status 2)."""


class Illegal(Exception):
    """An illegal action (exit status 1); ``rule`` is the rules file's id
    reported (empty where the reference does not name one)."""

    def __init__(self, rule: str = "", message: str = ""):
        super().__init__(f"{rule} {message}".strip())
        self.rule = rule
        self.message = message


class DiceRanOut(Exception):
    """The scenario's ``dice`` list has no roll left (the seeded generator
    is an engine decision the reference does not copy)."""
