"""Saves the browser refused (storage full), kept in the tab's
``sessionStorage`` until they are written: a reload of the tab then puts
them back on screen instead of the older stored save.

``store`` is a :class:`.storage.SaveStore`; ``session`` any dict-like string
store (the page wraps ``sessionStorage``; its writes may fail too, which
loses nothing more than before)."""

from __future__ import annotations

from typing import MutableMapping

__all__ = ["UNSAVED_PREFIX", "keep", "forget", "restore"]

UNSAVED_PREFIX = "diceland:unsaved:"


def _ids(session: MutableMapping[str, str]) -> list[str]:
    try:
        return [k[len(UNSAVED_PREFIX):] for k in list(session.keys()) if k.startswith(UNSAVED_PREFIX)]
    except Exception:
        return []


def _drop(session: MutableMapping[str, str], save_id: str) -> None:
    try:
        del session[UNSAVED_PREFIX + save_id]
    except Exception:
        pass


def keep(store, session: MutableMapping[str, str]) -> None:
    """Copy every save the store holds in memory into ``session``."""
    for save_id in store.pending:
        text = store.held(save_id)
        if text is not None:
            try:
                session[UNSAVED_PREFIX + save_id] = text
            except Exception:
                pass


def forget(store, session: MutableMapping[str, str]) -> None:
    """Drop from ``session`` the saves that are written now."""
    for save_id in _ids(session):
        if save_id not in store.pending:
            _drop(session, save_id)


def restore(store, session: MutableMapping[str, str]) -> list[str]:
    """Hold again (and try to write) the saves ``session`` kept that are
    newer than the stored ones; returns their ids.  The others are dropped."""
    restored = []
    for save_id in _ids(session):
        text = session.get(UNSAVED_PREFIX + save_id)
        if isinstance(text, str) and store.hold_unsaved(save_id, text):
            restored.append(save_id)
        else:
            _drop(session, save_id)
    store.flush()
    forget(store, session)
    return restored
