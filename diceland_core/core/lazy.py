"""A game's rarely used parts, imported when first called.

A page in the browser compiles every module it imports from source, and that
is most of its start-up: a game's terminal (and, for Ganz schön clever, its
scenario reader) is registered in its :class:`~.protocol.GameDef` through
:func:`deferred`, so a page that never plays in a terminal never compiles it.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Sequence

__all__ = ["deferred", "deferred_table"]


def deferred(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported on the first call (``module`` absolute);
    its ``resolve()`` imports it now and returns it."""

    def resolve() -> Callable[..., Any]:
        return getattr(importlib.import_module(module), name)

    def call(*args: Any, **kwargs: Any) -> Any:
        return resolve()(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported when first called."
    call.resolve = resolve  # type: ignore[attr-defined]
    return call


def deferred_table(module: str, table: str, keys: Sequence[str]) -> dict[str, Callable[..., Any]]:
    """``{key: module.table[key]}`` for each of ``keys``, in that order, each
    imported on its first call: a game lists its bot kinds (``bots.BOTS``)
    and a page compiles its bots only when one is first made."""

    def entry(key: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            return getattr(importlib.import_module(module), table)[key](*args, **kwargs)

        call.__name__ = call.__qualname__ = f"{table}[{key!r}]"
        call.__doc__ = f"{module}.{table}[{key!r}], imported when first called."
        return call

    return {key: entry(key) for key in keys}
