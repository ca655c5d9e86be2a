"""The expert's value network for Dice Wide Shut, read and run in pure
Python (:class:`diceland_core.core.network.Network`).

The network reads an *afterstate* of a player ``p`` against one rival
``q`` — both sheets as they are after ``p``'s take, the dice ``q`` may
still take from in this round (none once the round is over for ``q``),
whether the end is triggered (W6.2) — and says by how many points ``p``'s
margin over ``q`` (``score_p − score_q``, W7) will still grow until the
end.  It was learned by TD(λ) self-play of 2-player games
(``training/wideshut_td.py``); its weights ship in ``wideshut_network.json``
beside this module.

Why a margin: the game is won by the highest total (W7.5), and what a take
is worth depends on the rival as much as on one's own sheet — the dice it
leaves to the rival (with two players the rival takes from what is left,
then rolls and takes first), and when the end comes (a player ahead gains
by hurrying it, W6.2).  With more players ``p`` is judged against its
strongest rival: the least of its margins over each other player, each
read from the network as if that player were the only rival
(:func:`margin`).

:func:`features` is the one description of an afterstate, used by the
trainer and by the bot alike: a short list of ``(input, value)`` pairs.
Each half of ``p``'s own sheet gives its marks, its free and used 6s, each
column's valid marks as one of 32 patterns (so the runs and their points,
W7.2), each row's and each column's marks, its complete columns and the
marks of its three fullest columns (the race to the end, W6.1), and its
score; the rival's halves the same but for the column patterns (each
column's score instead).  Then the dice the rival may still take (a count
per colour and number), whether the rival still takes in this round,
whether the end is triggered, and the strong bot's hand-tuned evaluation
of the two sheets (its terms and the margin it expects: the network
learns how far to trust it).
"""

from __future__ import annotations

from functools import lru_cache, partial
from pathlib import Path

from ....core.kept import Kept
from ....core.network import KEPT, Network, read_network
from ..game import Game, Phase
from ..sheet import COL_MASK, COLUMN_SCORE, complete_count, ROW_MASK, column_patterns, half_score, valid_marks

__all__ = ["INPUTS", "NETWORK_FILE", "evaluate", "features", "load_network", "margin", "ranked", "ranked_ahead",
           "value", "view", "after_take", "LOOK", "looks"]

NETWORK_FILE = Path(__file__).with_name("wideshut_network.json")
#: a half's score and the rival's column scores are given in these units
POINTS, COLUMN = 50.0, 15.0

# the first input of each block of one half of the player's own sheet ...
_MARKS, _FREE6, _USED6, _PATTERN = 0, 25, 30, 35
_ROWS = _PATTERN + 5 * 32
_COLS = _ROWS + 30
_COMPLETE = _COLS + 30
_RACE = _COMPLETE + 4
_SCORE = _RACE + 16
OWN_HALF = _SCORE + 1
# ... and of one half of the rival's (its column scores for the patterns)
_O_COLSCORE = 35
_O_ROWS = _O_COLSCORE + 5
_O_COLS = _O_ROWS + 30
_O_COMPLETE = _O_COLS + 30
_O_RACE = _O_COMPLETE + 4
_O_SCORE = _O_RACE + 16
RIVAL_HALF = _O_SCORE + 1
_RIVAL = 2 * OWN_HALF
#: the dice the rival may still take: a count per colour (red, blue,
#: purple) and number
_DICE = _RIVAL + 2 * RIVAL_HALF
_TO_TAKE = _DICE + 18
_TRIGGERED = _TO_TAKE + 1
#: the strong bot's evaluation (strong.py) of both sheets: each one's
#: mobility and risks, the time left, the margin it expects
_STRONG = _TRIGGERED + 1
_BIAS = _STRONG + 6
INPUTS = _BIAS + 1

_HALVES = Kept(KEPT)


def _common(marks: int, six: int, used: int, at: int, rows: int) -> list:
    """The inputs both encodings of a half share: marks, 6s, each row's
    and column's marks, complete columns, the race (``rows``: where the
    row counts start, the rest following as in the own encoding)."""
    out = [(at + i, 1.0) for i in range(25) if marks >> i & 1]
    out += [(at + _FREE6 + r, 1.0) for r in range(5) if (six & ~used) >> r & 1]
    out += [(at + _USED6 + r, 1.0) for r in range(5) if used >> r & 1]
    out += [(at + rows + 6 * r + (marks & rm).bit_count(), 1.0) for r, rm in enumerate(ROW_MASK)]
    counts = [(marks & cm).bit_count() for cm in COL_MASK]
    out += [(at + rows + 30 + 6 * c + k, 1.0) for c, k in enumerate(counts)]
    complete = sum(1 for k in counts if k == 5)
    out.append((at + rows + 60 + min(3, complete), 1.0))
    out.append((at + rows + 64 + sum(sorted(counts)[2:]), 1.0))
    return out


def _half(half: int, marks: int, six: int, used: int, rival: bool) -> tuple:
    """One half's inputs (cached)."""
    key = (half, marks, six, used, rival)
    found = _HALVES.get(key)
    if found is not None:
        return found
    score = half_score(marks)
    patterns = column_patterns(valid_marks(marks))
    if rival:
        at = _RIVAL + half * RIVAL_HALF
        out = _common(marks, six, used, at, _O_ROWS)
        out += [(at + _O_COLSCORE + c, COLUMN_SCORE[p] / COLUMN) for c, p in enumerate(patterns)]
        last = at + _O_SCORE
    else:
        at = half * OWN_HALF
        out = _common(marks, six, used, at, _ROWS)
        out += [(at + _PATTERN + 32 * c + p, 1.0) for c, p in enumerate(patterns)]
        last = at + _SCORE
    if score:
        out.append((last, score / POINTS))
    return _HALVES.keep(key, tuple(out))


def features(mine: tuple, theirs: tuple, dice_left: tuple = (), triggered: bool = False) -> list:
    """The afterstate of the player with sheet key ``mine`` against the
    rival with ``theirs`` (:meth:`Sheet.key`): ``dice_left`` the
    ``(colour, number)`` of each die the rival may still take in this
    round (colour 0 red, 1 blue, 2 purple), ``triggered`` whether the end
    is triggered (W6.2)."""
    out = list(_half(0, mine[0], mine[2], mine[4], False))
    out += _half(1, mine[1], mine[3], mine[5], False)
    out += _half(0, theirs[0], theirs[2], theirs[4], True)
    out += _half(1, theirs[1], theirs[3], theirs[5], True)
    out += _dice(dice_left)
    if triggered:
        out.append((_TRIGGERED, 1.0))
    out += _strong(mine, theirs, triggered)
    out.append((_BIAS, 1.0))
    return out


_JUDGE: list = []
#: a sheet's terms for the strong bot's evaluation, by its key: its
#: (score, mobility, risks) and the race of its fuller half
_TERMS = Kept(KEPT)


def _terms(key: tuple) -> tuple:
    found = _TERMS.get(key)
    if found is None:
        if not _JUDGE:
            from .strong import StrongBot
            _JUDGE.append(StrongBot(0))
        judge = _JUDGE[0]
        found = _TERMS.keep(key, (judge.sheet_terms(key), max(judge.race(key[0]), judge.race(key[1]))))
    return found


def _strong(mine: tuple, theirs: tuple, triggered: bool) -> list:
    """The strong bot's view of the two sheets (strong.py): each one's
    mobility ``M`` and risks and 6s held ``K + S`` (:func:`_own_view`), how
    much of the game is left ``τ``, and the margin its evaluation expects
    (``E_p(τ) − score_q − τ M_q``), in units of 10 points (τ as it is)."""
    return _own_view(mine, False) + _own_view(theirs, True) + _shared_view(mine, theirs, triggered)


def _own_view(key: tuple, rival: bool) -> list:
    """The inputs of the strong bot's view of one sheet alone: its
    mobility and its risks and 6s held, in units of 10 points."""
    (a, _) = _terms(key)
    base = _STRONG + (2 if rival else 0)
    return [(base + k, v) for k, v in enumerate((a[1] / 10, a[2] / 10)) if v]


def _shared_view(mine: tuple, theirs: tuple, triggered: bool) -> list:
    """The inputs of the strong bot's view that read both sheets: ``τ`` and
    the margin its evaluation expects."""
    (a, race_a), (b, race_b) = _terms(mine), _terms(theirs)
    judge = _JUDGE[0]
    tau = judge.tau(max(race_a, race_b), triggered)
    expects = judge.value(a, tau) - b[0] - tau * b[1]
    return [(_STRONG + k, v) for k, v in ((4, tau), (5, expects / 10)) if v]


def _dice(dice_left: tuple) -> list:
    """The inputs of the dice the rival may still take."""
    if not dice_left:
        return []
    counts: dict[int, int] = {}
    for colour, n in dice_left:
        i = _DICE + 6 * colour + n - 1
        counts[i] = counts.get(i, 0) + 1
    return [(i, float(k)) for i, k in sorted(counts.items())] + [(_TO_TAKE, 1.0)]


def evaluate(net: Network, mine: tuple, theirs: tuple, dice_left: tuple = (), triggered: bool = False) -> float:
    """``net(features(mine, theirs, dice_left, triggered))``, summed from
    the parts the network keeps (:meth:`Network.kept_part`,
    :meth:`Network.kept_sum`): each sheet (its two halves and the strong
    bot's view of it alone), the dice left with the end triggered or not,
    and the two inputs that read both sheets, the only ones summed every
    time.  The afterstates of a decision, and of the rival's replies, share
    most of their parts."""
    kept = net.kept_sum
    parts = [kept(("sheet", key, rival), partial(_sheet, net, key, rival)) for key, rival in ((mine, False), (theirs, True))]
    parts.append(net.kept_part((tuple(sorted(dice_left)), triggered), partial(_rest, dice_left, triggered)))
    return net.of_parts(parts, _shared_view(mine, theirs, triggered))


def _sheet(net: Network, key: tuple, rival: bool) -> tuple[list, list]:
    """A sheet's part of an afterstate (:meth:`Network.kept_sum`): its two
    halves' kept parts and the strong bot's view of it alone."""
    halves = [net.kept_part(half, partial(_half, *half))
              for half in ((0, key[0], key[2], key[4], rival), (1, key[1], key[3], key[5], rival))]
    return halves, _own_view(key, rival)


def _rest(dice_left: tuple, triggered: bool) -> list:
    """The inputs of an afterstate that are neither sheet's: the dice
    left, the end triggered, the bias."""
    return _dice(dice_left) + ([(_TRIGGERED, 1.0)] if triggered else []) + [(_BIAS, 1.0)]


def _triggers(key: tuple) -> bool:
    """W6.2: 3 complete columns in a half of the sheet ``key``."""
    return complete_count(key[0]) >= 3 or complete_count(key[1]) >= 3


def _total(key: tuple) -> int:
    return half_score(key[0]) + half_score(key[1])


def after_take(state: Game, player: int, take) -> tuple[tuple, bool]:
    """What follows ``player``'s ``take`` now: the dice the next players
    may still take in this round, and whether the take is the round's
    last."""
    last = state.turns_done + 1 >= state.players
    left = () if last else tuple((state.colours[i], state.roll[i]) for i in state.remaining_dice()
                                 if i not in take.dice)
    return left, last


def margin(keys: list, player: int, net: Network, dice_left: tuple = (), triggered: bool = False,
           over: bool = False, against: int | None = None) -> float:
    """The margin ``player`` may expect over its strongest rival from the
    afterstate of the sheets ``keys``: the least over the rivals of the
    margin now plus the network's margin still to come (nothing to come
    once the game is ``over``); over the rival ``against`` alone when
    given."""
    mine = keys[player]
    own = _total(mine)
    out = None
    for q, theirs in enumerate(keys):
        if q == player or (against is not None and q != against):
            continue
        v = own - _total(theirs)
        if not over:
            v += evaluate(net, mine, theirs, dice_left, triggered)
        out = v if out is None else min(out, v)
    return out


def ranked(state: Game, player: int, net: Network | None = None,
           against: int | None = None) -> list[tuple[float, object]]:
    """Every distinct take of ``player`` (:meth:`Game.outcomes`) with the
    margin it leads to (:func:`margin`; over the rival ``against`` alone
    when given), in the order of ``outcomes``."""
    net = net if net is not None else load_network()
    keys = [s.key() for s in state.sheets]
    out = []
    for take, key in state.outcomes(player):
        left, last = after_take(state, player, take)
        after = keys[:]
        after[player] = key
        triggered = state.end_triggered or _triggers(key)
        out.append((margin(after, player, net, left, triggered, triggered and last, against), take))
    return out


def leader(state: Game, player: int) -> int:
    """The rival of ``player`` with the most points now (the first of
    those level)."""
    totals = [(_total(s.key()), -q) for q, s in enumerate(state.sheets) if q != player]
    return -max(totals)[1]


#: when another player takes after the mover in this round: the best takes
#: by the network that are each valued after its reply (:func:`looks`)
LOOK = 6
#: up to this many players the next player's takes are each valued against
#: every rival of its own when the mover looks at its reply; with more,
#: against the rival leading now only (each rival is one more reading of
#: every take: a whole 5-player game of experts took 8-10 s with all)
EVERY_RIVAL = 3
#: the best takes looked at with more than :data:`EVERY_RIVAL` players: each
#: is valued against 3 or 4 rivals after a reply (with 6, a 5-player
#: decision took 87.5 ms median in the page; the mean ranks among strong
#: bots were the same with 3 on seed 2029: 2.548 and 2.915 with 4 and 5
#: players against 2.579 and 2.910)
LOOK_MANY = 3


def looks(players: int) -> int:
    """How many of the mover's best takes are valued after the next
    player's reply in a game of ``players``."""
    return LOOK if players <= EVERY_RIVAL else LOOK_MANY


#: the positions last ranked by :func:`ranked_ahead` (a review asks for one
#: position's ranking more than once)
_AHEAD = Kept(64)


def looked_ahead(state: Game, player: int, scored: list[tuple[float, object]], net: Network | None = None,
                 k: int | None = None) -> list[tuple[float, object]]:
    """When a player takes after ``player`` in this round, from the dice it
    leaves, which nobody rolls again before: ``player``'s ``k`` best takes
    of ``scored`` (:func:`ranked`; ``k`` by default :func:`looks`), each
    worth what the next player's best take makes of it.  With two players
    the rival's best reply turned round (the rival's value, as the network
    values its takes for it); with more, the margin ``player`` may expect
    after the next player's best take by its own values (with more than
    :data:`EVERY_RIVAL` players, its margin over the rival leading now), the
    dice it leaves and the end triggered or not.  The other takes are left
    out.  Last in the round: ``scored`` as it is."""
    if state.turns_done >= state.players - 1 or len(scored) < 2:
        return scored
    net = net if net is not None else load_network()
    k = looks(state.players) if k is None else k
    best = sorted(range(len(scored)), key=lambda i: -scored[i][0])[:k]
    out = []
    for i in sorted(best):  # (in the order of ``scored``: ties go the same way)
        v, take = scored[i]
        after = state.copy()
        after.apply(take)
        if not after.over and after.phase == Phase.TAKE and after.current_player != player:
            mover = after.current_player
            rival = None if state.players <= EVERY_RIVAL else leader(after, mover)
            replies = ranked(after, mover, net, rival)
            if replies and state.players == 2:
                v = -max(r for r, _ in replies)
            elif replies:
                after.apply(max(replies, key=lambda rt: rt[0])[1])
                keys = [s.key() for s in after.sheets]
                left, triggered = view(after, player)
                v = margin(keys, player, net, left, triggered, after.over)
        out.append((v, take))
    return out


def ranked_ahead(state: Game, player: int, net: Network | None = None) -> list[tuple[float, object]]:
    """Every distinct take of ``player`` valued as the expert reads it, for
    the review and the position value, in the order of :func:`ranked`:
    when another player takes after it in this round, the :func:`looks` best
    by the network each worth what that player's best reply makes of it
    (:func:`looked_ahead`), and each other take its network value moved by
    the mean change the look made to those (the reply's value is another
    reading of the same margin, most often a lower one).  The best take is
    the expert's choice: the best looked at is worth at least their mean,
    and no other take's network value is above theirs.  Else
    :func:`ranked` as it is."""
    net = net if net is not None else load_network()
    key = (player, state.current_player, state.over, state.players, state.turns_done, state.end_triggered, state.phase,
           tuple(state.roll or ()), tuple(state.colours or ()), state.taken, tuple(s.key() for s in state.sheets))
    found = _AHEAD.get(key)
    if found is not None and found[0] is net:
        return list(found[1])
    scored = ranked(state, player, net)
    looked = looked_ahead(state, player, scored, net)
    if looked is not scored:
        plain = {id(t): v for v, t in scored}
        new = {id(t): v for v, t in looked}
        shift = sum(v - plain[i] for i, v in new.items()) / len(new)
        scored = [(new[id(t)], t) if id(t) in new else (v + shift, t) for v, t in scored]
    _AHEAD.keep(key, (net, scored))
    return list(scored)


def view(state: Game, player: int) -> tuple[tuple, bool]:
    """The state as ``player``'s afterstate: the dice the others may still
    take in this round and whether the end is triggered."""
    left = ()
    if state.phase == Phase.TAKE:
        left = tuple((state.colours[i], state.roll[i]) for i in state.remaining_dice())
    return left, state.end_triggered


def value(state: Game, player: int, net: Network | None = None) -> float:
    """The margin ``player`` may expect over its strongest rival at the end
    of the game from the position ``state`` (the review's position value):
    the final margin once over; at ``player``'s take, the best take's
    (:func:`ranked_ahead`);
    with two players, at the rival's first take of a round or its roll, the
    rival's value turned round (the rival decides next); else the state as
    ``player``'s afterstate."""
    net = net if net is not None else load_network()
    keys = [s.key() for s in state.sheets]
    if state.over:
        return float(margin(keys, player, net, over=True))
    mover = state.current_player
    if state.phase == Phase.TAKE and mover == player:
        return max(v for v, _ in ranked_ahead(state, player, net))
    if state.players == 2 and mover != player and (state.phase == Phase.ROLL or state.turns_done == 0):
        if state.phase == Phase.TAKE:
            return -max(v for v, _ in ranked_ahead(state, mover, net))
        return -margin(keys, mover, net, (), state.end_triggered)
    left, triggered = view(state, player)
    return margin(keys, player, net, left, triggered)


@lru_cache(maxsize=1)
def load_network() -> Network:
    """The shipped network (read once)."""
    return read_network(NETWORK_FILE, INPUTS)
