"""The parts of a game a page does not need to start, imported when first called.

A page in the browser compiles every module it imports from source, and that
is most of its start-up: a game's terminal (and, for Ganz schön clever, its
scenario reader) is registered in its :class:`~.protocol.GameDef` through
:func:`deferred`, so a page that never plays in a terminal never compiles it;
its bots, hint and position value likewise (:func:`deferred_table` for the
bot kinds), so a page compiles them when the first bot is made or the first
hint asked for.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Sequence

__all__ = ["deferred", "deferred_table"]


def _entry(label: str, doc: str, resolve: Callable[[], Callable[..., Any]]) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        return resolve()(*args, **kwargs)

    call.__name__ = call.__qualname__ = label
    call.__doc__ = f"{doc}, imported when first called."
    call.resolve = resolve  # type: ignore[attr-defined]
    return call


def deferred(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported on the first call (``module`` absolute);
    its ``resolve()`` imports it now and returns it."""
    return _entry(name, f"{module}.{name}", lambda: getattr(importlib.import_module(module), name))


def deferred_table(module: str, table: str, keys: Sequence[str]) -> dict[str, Callable[..., Any]]:
    """``{key: module.table[key]}`` for each of ``keys``, in that order, each
    imported on its first call (and by its ``resolve()``): a game lists its
    bot kinds (``bots.BOTS``) and a page compiles its bots only when one is
    first made."""

    def entry(key: str) -> Callable[..., Any]:
        return _entry(f"{table}[{key!r}]", f"{module}.{table}[{key!r}]",
                      lambda: getattr(importlib.import_module(module), table)[key])

    return {key: entry(key) for key in keys}
