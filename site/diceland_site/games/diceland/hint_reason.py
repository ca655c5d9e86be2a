"""Why Diceland's hint suggests what it does, in plain words: the engine's
reason from the expert's own values (what the move gains over the second
best, in points of win chance; :func:`diceland_core.games.diceland.bots.expert.hint_reason`),
in the page's language, never a rule id or a zero-based cell."""

from __future__ import annotations

from diceland_core.core.errors import render_message

__all__ = ["reason"]


def reason(game, player: int, action, strings) -> str:
    """The reason for the hint ``action`` (a legal action) of ``player`` in ``game``."""
    from diceland_core.games.diceland.bots.expert import hint_reason  # (the bots: when first asked for)

    code, params = hint_reason(game, player, action)
    return render_message(code, params, strings.lang)
