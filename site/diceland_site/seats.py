"""Who sits at the table: a name and a kind (a human or a bot)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Seat", "SEAT_KINDS", "BOT_KINDS", "HUMAN", "MAX_NAME", "default_name", "default_names", "fitting_names", "numbered",
           "in_language"]

HUMAN = "human"
#: The bot kinds a page offers (every game has them: ``GameDef.make_bot``).
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
        or the kind's default (:func:`default_name`) when the field is empty
        or still holds a default name (a seat switched from bot to human does
        not stay "Easy bot").  ``strings``: a :class:`diceland_site.i18n.Strings`."""
        number = index + 1
        name = name.strip()
        return default_name(kind, number, strings) if not name or _a_default(name, number, strings) else name

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


def default_name(kind: str, number: int, strings) -> str:
    """The name of seat ``number`` (1-based) when none is given, the same on
    every page: "Player 2" for a person, the bot's kind for a bot ("Easy
    bot": its name says it is a bot, and which)."""
    if kind == HUMAN:
        return strings.t("seat.default_name", number=number)
    return strings.t(f"seat.{kind}")


def _a_default(name: str, number: int, strings) -> bool:
    """Whether ``name`` is one the page gave seat ``number``: a kind's
    default, a bot's numbered one ("Strong bot 2"), or the older "Bot 2"."""
    if name in {default_name(k, number, strings) for k in SEAT_KINDS} or name == strings.t("seat.bot_name", number=number):
        return True
    for kind in BOT_KINDS:
        label = strings.t(f"seat.{kind}")
        rest = name[len(label):]
        if name.startswith(label) and rest[:1] == " " and rest[1:].isdigit():
            return True
    return False


def fitting_names(names: list[str], kinds: list[str], strings) -> list[str]:
    """The new-game dialog's names for its rows (:meth:`Seat.fitting_name`
    of each, repeated bots numbered)."""
    return numbered([Seat.fitting_name(n, k, i, strings) for i, (n, k) in enumerate(zip(names, kinds))],
                    kinds, strings)


def numbered(names: list[str], kinds: list[str], strings) -> list[str]:
    """``names`` with the bots' default names told apart when a kind sits
    twice ("Strong bot", "Strong bot 2")."""
    labels = {kind: strings.t(f"seat.{kind}") for kind in BOT_KINDS}
    repeated = {k for k in BOT_KINDS if sum(n == labels[k] and kd == k for n, kd in zip(names, kinds)) > 1}
    seen: dict[str, int] = {}
    out = []
    for name, kind in zip(names, kinds):
        if kind in repeated and name == labels[kind]:
            seen[kind] = seen.get(kind, 0) + 1
            if seen[kind] > 1:
                name = f"{name} {seen[kind]}"
        out.append(name)
    return out


def default_names(kinds: list[str], given: list[str], strings) -> list[str]:
    """The seats' names: the ``given`` one (cut to :data:`MAX_NAME`) where
    there is one, else :func:`default_name`, repeated bots numbered."""
    names = [(given[i].strip()[:MAX_NAME] if i < len(given) else "") or default_name(kind, i + 1, strings)
             for i, kind in enumerate(kinds)]
    return numbered(names, list(kinds), strings)


def in_language(seats: list[Seat], strings, every: list) -> list[Seat]:
    """``seats`` with every name the page gave (a default of any language
    of ``every``, :class:`diceland_site.i18n.Strings` of each language) said
    in ``strings``' language: a game shared from a Spanish page opens on an
    Italian one with "Giocatore 1" and "Bot facile", not "Jugador 1" and
    "Bot fácil"; a typed name stays."""
    kinds = [seat.kind for seat in seats]
    names = [default_name(seat.kind, i + 1, strings) if any(_a_default(seat.name, i + 1, o) for o in every)
             else seat.name for i, seat in enumerate(seats)]
    return [Seat(name, kind) for name, kind in zip(numbered(names, kinds, strings), kinds)]
