"""The same dice as a friend: a finished game of one person (solo or
against bots) sent as "Play these dice" (``<game>.html#same=<packed>``,
packed like a share link: :func:`.share.same_url`).  The page that opens
it replays the sender's game with the engine (a tampered or malformed link
is refused like any other), then starts a new game with the same seed, the
same options and the same bots in the same seats, the friend in the
sender's seat (:func:`same_game`).

The friend's game carries the sender's seat, name and decisions in its
record's ``meta`` under :data:`SAME`; at its end the page compares the two
games (:func:`compare`): both results side by side (:func:`result_rows`)
and the first decision where the two chose differently while the
positions were still the same (from there on the games differ), each
choice in the turn log's words and, where the engine's position values can
be read (:func:`review_valuer`), what it was worth."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from diceland_core import load_record, record_of
from diceland_core.core.record import definition_of

from .friends import FRIENDS, friends_of
from .packed import LinkError
from .seats import MAX_NAME, Seat

__all__ = ["SAME", "LINK_KEY", "MAX_ACTIONS", "kept_same", "sharable", "same_game", "Parting", "Comparison",
           "compare", "review_valuer", "result_rows", "parting_text", "log_words"]

#: the record's ``meta`` key of a game played on a friend's dice
SAME = "same"
#: the fragment key of a "Play these dice" link
LINK_KEY = "same"
#: a sender's record with more decisions than this is not kept (a whole
#: game of any game has fewer than 1,000)
MAX_ACTIONS = 5000


def kept_same(data: object, players: int) -> dict[str, Any] | None:
    """The valid part of a :data:`SAME` entry (``seat``, ``name``,
    ``actions``), or None: what a save keeps of it."""
    if not isinstance(data, dict):
        return None
    seat, name, actions = data.get("seat"), data.get("name"), data.get("actions")
    if type(seat) is not int or not 0 <= seat < players or not isinstance(name, str) \
            or not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        return None
    return {"seat": seat, "name": name[:MAX_NAME], "actions": actions}


def sharable(game: Any, seats: Sequence[Seat]) -> int | None:
    """The seat of the one person of a finished game alone or against bots
    (what "Play these dice" sends); None for any other game."""
    people = [p for p, s in enumerate(seats) if s.is_human]
    if not game.over or len(people) != 1 or friends_of(game) is not None:
        return None
    return people[0]


def same_game(state: Any, seats: Sequence[Seat], strings: Any) -> tuple[Any, list[Seat]]:
    """The friend's new game on the dice of the sender's finished ``state``
    (already replayed by the engine): the same seed, setup and bots, the
    friend in the sender's seat (named as ``strings`` name a seat's
    person), the sender's decisions kept under :data:`SAME`.
    :class:`LinkError` ``not_same`` for a game that is no such game."""
    seat = sharable(state, seats)
    if seat is None:
        raise LinkError("not_same", "not a finished game of one person alone or against bots")
    record = record_of(state)
    you = strings.t("seat.default_name", number=seat + 1)
    new_seats = [Seat(you, "human") if p == seat else s for p, s in enumerate(seats)]
    fresh = load_record({**record, "meta": {"seats": [s.to_json() for s in new_seats]},
                         "history": {"actions": []}})
    fresh.setup.meta[SAME] = {"seat": seat, "name": seats[seat].name, "actions": record["history"]["actions"]}
    return fresh, new_seats


def sender_game(state: Any) -> tuple[Any, dict[str, Any]] | None:
    """The sender's game replayed from the friend's game's :data:`SAME`
    entry, with that entry; None when there is none or it does not replay."""
    data = kept_same(state.setup.meta.get(SAME), state.players)
    if data is None:
        return None
    record = record_of(state)
    meta = {k: v for k, v in (record.get("meta") or {}).items() if k not in (SAME, FRIENDS)}
    try:
        theirs = load_record({**record, "meta": meta, "history": {"actions": data["actions"]}})
    except Exception:  # noqa: BLE001 — decisions changed in the save: no comparison, never an error
        return None
    return (theirs, data) if theirs.over else None


@dataclass(frozen=True)
class Parting:
    """Where the two games first went different ways: ``agreed`` decisions
    of the seat were alike before it, ``index`` actions were the same;
    ``chose``: it was the seat's own decision (else a bot's or the game's);
    the two actions and the position before them."""

    agreed: int
    index: int
    chose: bool
    position: Any
    theirs: Any
    yours: Any


@dataclass(frozen=True)
class Comparison:
    """The friend's finished game beside the sender's."""

    seat: int
    sender: str
    theirs: Any            # the sender's finished game
    yours: Any             # the friend's finished game
    parting: Parting | None  # None: every decision alike


def compare(yours: Any, actor: Callable[[Any], int | None]) -> Comparison | None:
    """The comparison of a finished game played on a friend's dice with
    the friend's game; None when ``yours`` is not over or no such game.
    ``actor(action)``: the seat that made an action (None: the game's own)."""
    if not yours.over:
        return None
    found = sender_game(yours)
    if found is None:
        return None
    theirs, data = found
    seat, a, b = data["seat"], list(theirs.actions), list(yours.actions)
    to_json = definition_of(yours).action_to_json
    same = 0
    while same < min(len(a), len(b)) and to_json(a[same]) == to_json(b[same]):
        same += 1
    parting = None
    if same < max(len(a), len(b)):
        record = record_of(yours)
        position = load_record({**record, "history": {"actions": record["history"]["actions"][:same]}})
        agreed = sum(1 for x in a[:same] if actor(x) == seat)
        mine, other = (b[same] if same < len(b) else None), (a[same] if same < len(a) else None)
        chose = mine is not None and other is not None and actor(mine) == seat == actor(other)
        parting = Parting(agreed, same, chose, position, other, mine)
    return Comparison(seat, data["name"], theirs, yours, parting)


def review_valuer() -> Callable[[Any, Any, int], float] | None:
    """``value(position, action, seat)``, what a move is worth by the game's
    own position values, as the review judges it, in the review's points;
    None when the review is not on this page (it loads when a review is
    opened)."""
    try:
        from diceland_core.core.review import move_worth
    except ImportError:
        return None
    return move_worth


def result_rows(c: Comparison, t: Callable[..., str]) -> list[tuple[str, str, str]]:
    """Both results side by side: ``(label, sender's, yours)`` for the
    score, won or lost where there are opponents, and each scoring area."""
    one, two = c.theirs.outcome(), c.yours.outcome()
    p = c.seat
    rows = [(t("same.score"), str(one.scores[p]), str(two.scores[p]))]
    if c.yours.players > 1:
        rows.append((t("same.result"), *(t("same.won" if p in o.winners else "same.lost") for o in (one, two))))
    if one.areas and two.areas:
        game = definition_of(c.yours).name  # the game's own words of its areas
        rows += [(t(f"{game}.area.{area}"), str(v), str(two.areas[p].get(area, 0))) for area, v in one.areas[p].items()]
    return rows


def parting_text(c: Comparison, t: Callable[..., str], words: Callable[[Any, Any, str], str],
                 value: Callable[[Any, Any, int], float] | None = None) -> list[str]:
    """What the end screen says of where the games parted, in a few
    sentences: the choices in ``words(position, action, name)`` (the turn
    log's, the seat named ``name``), and with ``value`` what each was worth."""
    part = c.parting
    if part is None:
        return [t("same.alike", name=c.sender)]
    if not part.chose:
        return [t("same.parted", name=c.sender, count=part.agreed)]
    lines = [t("same.agreed" if part.agreed else "same.first", count=part.agreed)]
    worth = _worth(part, c.seat, value)
    you = t("same.you")
    for action, v, who in ((part.theirs, worth[0], c.sender), (part.yours, worth[1], you)):
        text = f"{who}: {words(part.position, action, who)}"
        lines.append(text if v is None else f"{text} {t('same.worth', value=f'{v:.1f}')}")
    lines.append(t("same.differ"))
    return lines


def _worth(part: Parting, seat: int, value: Callable[[Any, Any, int], float] | None) -> tuple:
    if value is None:
        return None, None
    try:
        return value(part.position, part.theirs, seat), value(part.position, part.yours, seat)
    except Exception:  # noqa: BLE001 — no values for this game here: the words alone
        return None, None


def log_words(table: Any, seats: Sequence[Seat], seat: int, lang: str) -> Callable[[Any, Any, str], str]:
    """``words(position, action, name)``: the turn log's line of ``action``
    made at ``position`` by ``seat`` (``table``: the game's
    :class:`~.table.Table`), without the name it starts with (the line
    "Ana crosses 2 × blue" reads "crosses 2 × blue"; elsewhere in the
    line the seat is called ``name``)."""
    def words(position: Any, action: Any, name: str) -> str:
        named = [Seat(_SENTINEL, s.kind) if p == seat else s for p, s in enumerate(seats)]
        ctrl = table(position.copy(), named, lang=lang)
        before = ctrl.turn_log.lines()
        ctrl.apply(action)
        after = ctrl.turn_log.lines()
        new = [line for i, line in enumerate(after) if i >= len(before) or line != before[i]]
        line = next((x for x in new if _SENTINEL in x), new[0] if new else "")
        if line.startswith(_SENTINEL):
            line = line[len(_SENTINEL):].strip()
        return line.replace(_SENTINEL, name)

    return words


#: the name the seat is given while its line is written, to be found in it
_SENTINEL = "\u2063"
