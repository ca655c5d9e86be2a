"""The games of the site, from ``games.json`` (one entry per game page).

The home page lists them (build.py writes the same data into ``games.js``
for it), and the saved-games list opens each save in its game's page: a
save carries its engine record's ``"game"``.  Adding a game page is one entry
in ``games.json`` (and its title and blurb in the locale files).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..i18n import Strings

__all__ = ["GameEntry", "GAMES", "entry_for", "load_games"]

DATA = Path(__file__).with_name("games.json")


@dataclass(frozen=True)
class GameEntry:
    """One game: its engine name, its page, its title and blurb (i18n keys)
    and its player counts."""

    game: str
    page: str
    title: str
    blurb: str
    min_players: int
    max_players: int

    def title_in(self, lang: str) -> str:
        return Strings(lang).t(self.title)


def load_games(text: str | None = None) -> tuple[GameEntry, ...]:
    data = json.loads(DATA.read_text(encoding="utf-8") if text is None else text)
    return tuple(GameEntry(e["game"], e["page"], e["title"], e["blurb"], *e["players"]) for e in data)


GAMES: tuple[GameEntry, ...] = load_games()


def entry_for(game: str | None) -> GameEntry | None:
    """The entry of the game named in a record (None, for records older than
    the game's name: Diceland), or None for a game this site does not have."""
    name = game or "diceland"
    return next((e for e in GAMES if e.game == name), None)
