"""The message catalogue of Dice Wide Shut (namespace ``wideshut``): every
illegal action, hint reason and terminal text in English, Spanish and
Italian.  Texts show 1-based rows, columns and seats, never rule ids."""

from __future__ import annotations

from pathlib import Path

from ...core.errors import load_messages

__all__ = ["MESSAGES", "TERMS"]

MESSAGES, TERMS = load_messages("wideshut", Path(__file__).with_name("messages.json"))


