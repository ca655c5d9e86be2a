"""Saves of the clever page: the site's one :class:`~diceland_site.storage.SaveStore`
(same envelope, migrations, backups, export and import, and one saved-games
list for every game), of which this page lists and resumes its own game's
saves by default."""

from __future__ import annotations

from typing import Any, MutableMapping

from ...save_errors import SaveError
from ...storage import SaveStore

__all__ = ["GAME", "CleverSaves", "clever_store", "SaveError"]

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
