"""Diceland's messages in English, Spanish and Italian: every illegal action
(RULES.md ids in the raising code) and the colour names.  Registered under
the namespace ``diceland``; :class:`~diceland_core.core.errors.Seat` and
:class:`~diceland_core.core.errors.Cell` parameters render as names and
1-based cells."""

from __future__ import annotations

from pathlib import Path

from ...core.errors import load_messages

MESSAGES, TERMS = load_messages("diceland", Path(__file__).with_name("messages.json"))


