"""Why a saved game or an imported file cannot be used (:class:`SaveError`),
in the player's words: as a file, a save, or a shared link."""

from __future__ import annotations

from .i18n import Strings
from .packed import LinkError, game_titled

__all__ = ["SaveError"]

#: a save's problem met in a link → ``link.error.<key>``
LINK_KEYS = {"missing": "empty", "not_json": "damaged", "too_big": "too_long", "too_deep": "too_deep",
             "not_diceland": "invalid", "future": "future", "invalid": "invalid", "other_game": "other_game"}


class SaveError(Exception):
    """A saved game or an imported file cannot be used.

    ``code``: ``"missing"``, ``"not_json"``, ``"too_big"``, ``"too_deep"``,
    ``"not_diceland"``, ``"future"``, ``"invalid"`` or ``"other_game"`` (an
    import of another game's save: ``game`` names it); ``detail`` says what
    is wrong (English, from the engine); ``backup_key`` is where the raw text
    was copied (loads only)."""

    def __init__(self, code: str, detail: str = "", save_id: str | None = None,
                 backup_key: str | None = None, game: str | None = None):
        self.code = code
        self.game = game
        self.detail = detail
        self.save_id = save_id
        self.backup_key = backup_key
        super().__init__(f"{code}: {detail}" if detail else code)

    def message(self, lang: str = "en", importing: bool = False) -> str:
        """The error for the page, translated."""
        s = Strings(lang)
        if importing:
            key = {"not_json": "error.import_not_json", "not_diceland": "error.import_not_diceland",
                   "future": "error.import_future", "too_big": "error.import_too_big",
                   "too_deep": "error.import_too_deep", "other_game": "error.import_other_game",
                   }.get(self.code, "error.import_invalid")
        else:
            key = {"missing": "error.save_missing", "not_json": "error.save_corrupt",
                   "too_big": "error.save_corrupt", "too_deep": "error.save_corrupt",
                   "not_diceland": "error.save_corrupt", "future": "error.save_future",
                   "other_game": "error.save_other_game"}.get(
                       self.code, "error.save_invalid")
        return s.t(key, **game_titled({"game": self.game}, s.t))

    def link_error(self) -> LinkError:
        """The same problem met in a shared link (its message speaks of a link)."""
        return LinkError(LINK_KEYS.get(self.code, "invalid"), self.detail or self.code, game=self.game)

    def details(self, lang: str = "en") -> str:
        """The technical part, for a "details" link (what the reader of the
        file found wrong; English, from the engine)."""
        return self.detail or self.code
