"""Who sits at the table: a name and a kind (a human or a bot)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Seat", "SEAT_KINDS", "BOT_KINDS", "HUMAN"]

HUMAN = "human"
#: Bot kinds of ``diceland_core.games.diceland.bots.make_bot``.
BOT_KINDS: tuple[str, ...] = ("random", "greedy", "expert")
SEAT_KINDS: tuple[str, ...] = (HUMAN, *BOT_KINDS)


@dataclass(frozen=True)
class Seat:
    """A player of the page: ``kind`` is ``"human"`` or a bot kind."""

    name: str
    kind: str = HUMAN

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {self.kind!r} (expected one of {', '.join(SEAT_KINDS)})")
        if not isinstance(self.name, str):
            raise ValueError("a seat's name must be a string")

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
