"""Diceland speaks plainly where a player reads: no "overshoot" jargon
(nor "sobretirada", "dadi in eccesso") in the page's messages, the engine's
sentences or the lessons; the rule's name stays behind the details link."""

from __future__ import annotations

import json
from pathlib import Path

from diceland_site.i18n import LANGUAGES, load_locale

ROOT = Path(__file__).resolve().parents[3]
JARGON = ("overshoot", "sobretirada", "in eccesso")


def _worded(value) -> list[str]:
    """The texts of every language inside a lesson or message file."""
    if isinstance(value, dict):
        if set(LANGUAGES) <= set(value) and all(isinstance(value[k], str) for k in LANGUAGES):
            return [value[k] for k in LANGUAGES]
        return [t for v in value.values() for t in _worded(v)]
    if isinstance(value, list):
        return [t for v in value for t in _worded(v)]
    return []


def test_no_jargon_where_a_player_reads():
    texts = [text for lang in LANGUAGES for key, text in load_locale(lang).items()
             if not key.startswith("rule.title.")]
    texts += _worded(json.loads((ROOT / "diceland_core/games/diceland/messages.json").read_text("utf-8")))
    lessons = sorted((ROOT / "site/tutorial/diceland").glob("*.json"))
    assert len(lessons) > 3
    for path in lessons:
        texts += _worded(json.loads(path.read_text("utf-8")))
    found = [t for t in texts if any(word in t.lower() for word in JARGON)]
    assert not found, found[:5]
    assert len(texts) > 500
