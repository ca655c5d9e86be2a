"""Saves of the clever page: the site's :class:`~diceland_site.storage.SaveStore`
(same envelope, migrations, backups, export and import) over a namespaced
view of the browser's store, so the Diceland page never lists or resumes a
clever game and the other way round."""

from __future__ import annotations

import json
from typing import Iterator, MutableMapping

from ..storage import SaveError, SaveStore

__all__ = ["PREFIX", "Namespaced", "clever_store", "check_clever", "SaveError"]

PREFIX = "clever:"


class Namespaced(MutableMapping):
    """``backend`` seen through ``prefix``: keys are stored as prefix + key."""

    def __init__(self, backend: MutableMapping, prefix: str = PREFIX):
        self.backend = backend
        self.prefix = prefix

    def __getitem__(self, key: str) -> str:
        return self.backend[self.prefix + key]

    def get(self, key: str, default=None):
        return self.backend.get(self.prefix + key, default)

    def __setitem__(self, key: str, value: str) -> None:
        self.backend[self.prefix + key] = value

    def __delitem__(self, key: str) -> None:
        del self.backend[self.prefix + key]

    def keys(self) -> list[str]:  # type: ignore[override]
        n = len(self.prefix)
        return [k[n:] for k in list(self.backend.keys()) if k.startswith(self.prefix)]

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())


def clever_store(backend: MutableMapping, **kwargs) -> SaveStore:
    return SaveStore(Namespaced(backend), **kwargs)


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
