"""What of the site one game (or the tutorial) alone uses, so that a page
fetches only its own game's code and data.

The site's three packages hold a folder per game (``diceland_core/games/<game>/``,
``diceland_site/games/<game>/``) and its page's DOM module
(``diceland_web/pages/<game>*.py``): those files go into the game's own
archive (``diceland_game_<game>``, unpacked into site-packages beside the
shared wheels), the rest into the shared wheels.  Each page names its wheels
in its PyScript configuration (:func:`config_name`): ``pyscript.toml`` the
shared ones (the tutorial), ``pyscript-<game>.toml`` those and its game's
(its page, and an embed of its lessons).

The service worker precaches what every page uses and keeps each group of
:func:`groups` once a page that uses it is opened (:func:`page_groups`):

* ``<game>``: the game's archive, with its page or an embed of its lessons;
* ``lessons-<game>``: its lessons' files, with the tutorial or an embed of them;
* ``pictures-<lang>``: the picture each lesson of the tutorial opens on, in
  that language, with the tutorial in that language on a first visit, in
  every language on the next ones (the service worker serves them).

A page's groups may name ``{game}`` (an embed's ``game=``, Diceland by
default) and ``{lang}`` (the page's ``lang=``, else the browser's language;
every language once the service worker serves the page): sw.js fills them
in from the page's address, as :func:`first_visit` does."""

from __future__ import annotations

import re
from typing import Mapping

__all__ = ["DEFAULT_GAME", "EMBED_PAGE", "GAME_ARCHIVE", "archive_game", "config_name", "first_visit",
           "groups", "page_groups"]

#: The name of a game's own archive: ``diceland_game_<game>``.
GAME_ARCHIVE = "diceland_game_{}"
#: The page that shows a lesson of any game (its ``game=``), and the game it
#: shows when it names none (teaching.py's parse_game).
EMBED_PAGE = "embed.html"
DEFAULT_GAME = "diceland"
#: A package file of one game: its engine and site folders, its page's DOM module(s).
_PACKAGE_FILE = re.compile(r"diceland_(?:core|site)/games/([a-z_]+)/.+|diceland_web/pages/([a-z]+)(?:_[a-z_]+)?\.py")
_WHEEL = re.compile(r"wheels/[^/]+/" + GAME_ARCHIVE.format("([a-z_]+)") + r"-[^/]+\.whl")
_LESSONS = re.compile(r"tutorial/([a-z_]+)/.+")


def archive_game(archive_path: str, games: tuple[str, ...]) -> str | None:
    """The game of ``games`` a file of the site's packages belongs to alone
    (``diceland_core/games/clever/sheet.py`` → ``"clever"``), else None."""
    match = _PACKAGE_FILE.fullmatch(archive_path)
    name = match and (match.group(1) or match.group(2))
    return name if name in games else None


def config_name(game: str | None) -> str:
    """The PyScript configuration of a page of ``game`` (None: the shared wheels)."""
    return "pyscript.toml" if game is None else f"pyscript-{game}.toml"


def groups(precache: list[str], opening: Mapping[str, set[str]], games: tuple[str, ...]) -> dict[str, list[str]]:
    """The files of ``precache`` that not every page uses, by group (see the
    module's text); ``opening``: the tutorial's opening pictures by language."""
    found: dict[str, list[str]] = {}
    for rel in precache:
        for pattern, name in ((_WHEEL, "{}"), (_LESSONS, "lessons-{}")):
            match = pattern.fullmatch(rel)
            if match and match.group(1) in games:
                found.setdefault(name.format(match.group(1)), []).append(rel)
        for lang, pictures in opening.items():
            if rel in pictures:
                found.setdefault(f"pictures-{lang}", []).append(rel)
    return {name: sorted(paths) for name, paths in sorted(found.items())}


def page_groups(pages: Mapping[str, str | None], games: tuple[str, ...]) -> dict[str, list[str]]:
    """The groups each page uses when opened (``pages``: page → its game or
    None): a game's page its game's, the tutorial every game's lessons and
    its language's pictures, an embed its game's archive and lessons."""
    table = {page: [game] for page, game in pages.items() if game is not None}
    table["tutorial.html"] = [f"lessons-{game}" for game in games] + ["pictures-{lang}"]
    table[EMBED_PAGE] = ["{game}", "lessons-{game}"]
    return table


def first_visit(page: str, shared: list[str], grouped: Mapping[str, list[str]],
                pages: Mapping[str, list[str]], game: str = DEFAULT_GAME, lang: str = "en") -> list[str]:
    """What a first visit to ``page`` downloads: the shared precache and the
    groups that page uses (``game``: an embed's, ``lang``: its language)."""
    names = [name.format(game=game, lang=lang) for name in pages.get(page, [])]
    return shared + [rel for name in names for rel in grouped.get(name, [])]
