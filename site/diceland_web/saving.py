"""Where the site keeps its games: ``localStorage`` as the dict-like store
:class:`diceland_site.storage.SaveStore` wants (or a dict where the browser
forbids it), the tab's ``sessionStorage``, and whether the page is framed.
The saving itself is :mod:`.autosave`."""

from __future__ import annotations

from pyodide.ffi import JsException

from .dom import window

__all__ = ["LocalStorage", "MemoryStorage", "local_storage", "session_storage", "in_frame", "CURRENT_SETTING"]

#: The setting naming the game the site resumes next time.
CURRENT_SETTING = "current"


class LocalStorage:
    """``localStorage`` (or ``sessionStorage``) as the dict-like string store
    :class:`SaveStore` wants.
    Writes raise when the browser refuses them (quota); the store handles it."""

    def __init__(self, storage):
        self.storage = storage

    def get(self, key: str, default=None):
        value = self.storage.getItem(key)  # a string, or JavaScript's null (None or jsnull)
        return value if isinstance(value, str) else default

    def __getitem__(self, key: str) -> str:
        value = self.storage.getItem(key)
        if not isinstance(value, str):
            raise KeyError(key)
        return value

    def __setitem__(self, key: str, value: str) -> None:
        try:
            self.storage.setItem(key, value)
        except JsException as exc:
            raise OSError(f"localStorage refused the write: {exc}") from None

    def __delitem__(self, key: str) -> None:
        self.storage.removeItem(key)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and isinstance(self.storage.getItem(key), str)

    def keys(self) -> list[str]:
        return [self.storage.key(i) for i in range(self.storage.length)]

    def __iter__(self):
        return iter(self.keys())

    def __len__(self) -> int:
        return int(self.storage.length)


class MemoryStorage(dict):
    """Used when the browser forbids localStorage (private modes)."""


def web_storage(name: str):
    """The window's ``name`` storage (``localStorage``, ``sessionStorage``),
    or a dict where the browser forbids it (cookies and site data blocked:
    reading it throws ``SecurityError``)."""
    try:
        storage = LocalStorage(getattr(window, name))
        storage.keys()
        return storage
    except Exception:
        return MemoryStorage()


def local_storage():
    """The site's ``localStorage`` (a dict where the browser forbids it)."""
    return web_storage("localStorage")


def session_storage():
    """The tab's ``sessionStorage`` (a dict where the browser forbids it)."""
    return web_storage("sessionStorage")


def in_frame() -> bool:
    """The page is shown in a frame of another page (maybe of another site)."""
    try:
        return bool(window.parent != window)
    except Exception:  # a parent of another origin the proxy cannot look at
        return True

