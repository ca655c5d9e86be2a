"""Who sits at the table: a name and a kind (a human or a bot)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Seat", "SEAT_KINDS", "BOT_KINDS", "HUMAN", "MAX_NAME"]

HUMAN = "human"
#: Bot kinds of ``diceland_core.games.diceland.bots.make_bot``.
BOT_KINDS: tuple[str, ...] = ("random", "greedy", "expert")
SEAT_KINDS: tuple[str, ...] = (HUMAN, *BOT_KINDS)
#: The longest name a seat keeps (the new-game dialog's limit); longer names,
#: from a link or a file, are cut to it.
MAX_NAME = 24


@dataclass(frozen=True)
class Seat:
    """A player of the page: ``kind`` is ``"human"`` or a bot kind; ``name``
    is cut to :data:`MAX_NAME` characters."""

    name: str
    kind: str = HUMAN

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {self.kind!r} (expected one of {', '.join(SEAT_KINDS)})")
        if not isinstance(self.name, str):
            raise ValueError("a seat's name must be a string")
        if len(self.name) > MAX_NAME:
            object.__setattr__(self, "name", self.name[:MAX_NAME])

    @staticmethod
    def fitting_name(name: str, kind: str, index: int, strings) -> str:
        """The name for seat ``index`` (0-based) of ``kind``: the one typed,
        or the kind's default ("Player 2", "Bot 2") when the field is empty
        or still holds a default name (a seat switched from bot to human does
        not stay "Bot 2").  ``strings``: a :class:`diceland_site.i18n.Strings`."""
        number = index + 1
        own = strings.t("seat.default_name" if kind == HUMAN else "seat.bot_name", number=number)
        defaults = {strings.t("seat.default_name", number=number), strings.t("seat.bot_name", number=number)}
        name = name.strip()
        return own if not name or name in defaults else name

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}

    @classmethod
    def from_json(cls, data: object) -> "Seat":
        if not isinstance(data, dict):
            raise ValueError(f"a seat must be an object, not {type(data).__name__}")
        name, kind = data.get("name"), data.get("kind", HUMAN)
        if not isinstance(name, str) or not isinstance(kind, str):
            raise ValueError("a seat needs a string 'name' and 'kind'")
        return cls(name, kind)
