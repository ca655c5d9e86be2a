"""The start parameters every game page reads from a link or its new-game
dialog: ``players`` (seat kinds), ``names`` and ``seed``.  One reader, one
set of plain messages (``start.*`` in the locale files) for every game; each
game passes its own player counts, seed range and kind aliases.

The ``lang`` and ``speed`` parameters are read by the page shell
(:func:`.i18n.choose_language`, :func:`.settings.url_speed`): an unknown
language or speed is ignored, never an error.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .games import entry_for
from .i18n import Strings
from .seats import MAX_NAME, SEAT_KINDS

__all__ = ["StartError", "SEED_MAX", "seed_of", "kinds_of", "names_of", "param", "shown", "friends_query"]

#: the largest seed any game takes (the engines seed a 64-bit generator)
SEED_MAX = (1 << 64) - 1
#: a value quoted in a message is cut to this many characters
SHOWN = 24


class StartError(ValueError):
    """A start parameter that cannot be used: ``key`` is ``"seed"``,
    ``"kind"`` or ``"count"`` (``start.<key>`` in the locale files)."""

    def __init__(self, key: str, **params: object):
        super().__init__(f"{key}: {params}")
        self.key = key
        self.params = params

    def message(self, strings: Strings) -> str:
        params = dict(self.params)
        entry = entry_for(params.get("game")) if isinstance(params.get("game"), str) else None  # type: ignore[arg-type]
        if entry is not None:
            params["game"] = strings.t(entry.title)
        return strings.t(f"start.{self.key}", **params)


def shown(raw: str) -> str:
    """``raw`` as a message quotes it: at most :data:`SHOWN` characters."""
    return raw if len(raw) <= SHOWN else raw[:SHOWN] + "…"


def param(query: Mapping[str, object], name: str) -> str | None:
    """A parameter's text, stripped (the last one of a repeated name)."""
    value = query.get(name)
    if isinstance(value, (list, tuple)):
        value = value[-1] if value else None
    return None if value is None else str(value).strip()


def seed_of(raw: str | None, max_seed: int = SEED_MAX) -> int | None:
    """The seed ``raw`` names (None: none given, pick one).  Only ASCII
    digits, at most as many as ``max_seed`` has (so ``int`` never sees
    thousands of them), and not above ``max_seed``."""
    if raw is None or not raw.strip():
        return None
    text = raw.strip()
    digits = text.lstrip("0") or "0"
    if not (text.isascii() and text.isdigit()) or len(digits) > len(str(max_seed)) or int(digits) > max_seed:
        raise StartError("seed", value=shown(text), max=max_seed)
    return int(digits)


def kinds_of(raw: str | None, default: Sequence[str], lo: int, hi: int, game: str,
             aliases: Mapping[str, str] | None = None) -> list[str]:
    """The seat kinds ``players=`` names (``default`` when none), each one
    of :data:`.seats.SEAT_KINDS` (or an alias of one), ``lo`` to ``hi`` of them."""
    if not raw:
        return list(default)
    kinds = [(aliases or {}).get(k, k) for k in (k.strip().lower() for k in raw.split(","))]
    bad = next((k for k in kinds if k not in SEAT_KINDS), None)
    if bad is not None:
        raise StartError("kind", value=shown(bad), kinds=", ".join(SEAT_KINDS))
    if not lo <= len(kinds) <= hi:
        raise StartError("count", count=len(kinds), lo=lo, hi=hi, game=game)
    return kinds


def friends_query(query: Mapping[str, object]) -> dict[str, object]:
    """A start link of a game with friends (``friends=Ana,Luis``, with the
    game's usual parameters) as the start link every page reads: the
    people's names fill the person seats of ``players=`` in order (all the
    seats are people when it is not given), the bots keep their default
    names.  :class:`StartError` (``"friends"``) when the names do not fit:
    one for each person, at least two."""
    raw = param(query, "friends") or ""
    names = [n.strip() for n in raw.split(",")]
    kinds = [k.strip().lower() for k in (param(query, "players") or ",".join(["human"] * len(names))).split(",")]
    people = [i for i, k in enumerate(kinds) if k == "human"]
    if len(names) < 2 or not all(names) or len(people) != len(names):
        raise StartError("friends", names=shown(raw))
    seat_names = [""] * len(kinds)
    for seat, name in zip(people, names):
        seat_names[seat] = name
    out = {k: v for k, v in query.items() if k != "friends"}
    out.update(players=",".join(kinds), names=",".join(seat_names))
    return out


def names_of(raw: str | None) -> list[str]:
    """The names ``names=`` gives, in order, each cut to
    :data:`.seats.MAX_NAME` characters (an empty one stays empty)."""
    return [n.strip()[:MAX_NAME] for n in raw.split(",")] if raw else []
