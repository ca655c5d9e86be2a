"""Written into the site's standard-library archive as ``_diceland_stdlib_guard``
(diceland_build/stdlib.py fills in :data:`LEFT_OUT`): the site ships only
the standard-library modules its pages import (and of its own packages, not
the command line's), and :func:`install` makes the import of one it left
out fail with a message that says so."""

import sys

#: The modules the build left out (a package: all of it): the standard
#: library's the pages do not import, and the command line's of the site's
#: own packages.
LEFT_OUT: frozenset[str] = frozenset()


def left_out(name: str) -> bool:
    """Whether ``name`` (or a package holding it) was left out."""
    parts = name.split(".")
    return any(".".join(parts[:i]) in LEFT_OUT for i in range(1, len(parts) + 1))


class LeftOutFinder:
    """Last on ``sys.meta_path``: asked only when no other finder has the
    module, and raises for a module the build left out."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if left_out(name):
            raise ModuleNotFoundError(
                f"No module named {name!r}: this site's Python leaves out the module {name}, which "
                "no page uses (build.py ships the standard-library modules of "
                "diceland_build/stdlib_keep.txt, which python -m diceland_build.stdlib_find --update "
                "finds again, and leaves the command line's modules out of the site's wheels: "
                "NOT_FOR_THE_SITE in diceland_build/wheels.py)", name=name)
        return None

    @staticmethod
    def invalidate_caches():
        pass


def install() -> None:
    """Put :class:`LeftOutFinder` last on ``sys.meta_path`` (once)."""
    if not any(getattr(f, "__name__", "") == "LeftOutFinder" for f in sys.meta_path):
        sys.meta_path.append(LeftOutFinder)
