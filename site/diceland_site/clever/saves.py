"""Saves of the clever page: the site's one :class:`~diceland_site.storage.SaveStore`
(same envelope, migrations, backups, export and import, and one saved-games
list for every game), of which this page lists and resumes its own game's
saves by default."""

from __future__ import annotations

import json
from typing import Any, MutableMapping

from ..storage import SaveError, SaveStore

__all__ = ["GAME", "CleverSaves", "clever_store", "check_clever", "SaveError"]

GAME = "clever"


class CleverSaves(SaveStore):
    """The shared store; ``list_saves``/``last_unfinished`` of clever games
    unless another game (or None: every game) is asked for."""

    def list_saves(self, game: str | None = GAME) -> list[dict[str, Any]]:
        return super().list_saves(game)

    def last_unfinished(self, game: str = GAME) -> dict[str, Any] | None:
        return super().last_unfinished(game)


def clever_store(backend: MutableMapping, **kwargs) -> CleverSaves:
    return CleverSaves(backend, **kwargs)


def check_clever(text: str) -> None:
    """Refuse (``SaveError``) an imported file that is a record of another
    game; anything else is left to :meth:`SaveStore.import_json`."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return
    record = data.get("record", data) if isinstance(data, dict) else None
    game = record.get("game", "diceland") if isinstance(record, dict) else None
    if isinstance(record, dict) and game != "clever":
        raise SaveError("invalid", f"a record of {str(game)[:40]!r}, not of Ganz schön clever")
