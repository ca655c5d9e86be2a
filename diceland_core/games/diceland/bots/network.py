"""The learned bot's value network for Diceland, read and run in pure Python
(:class:`diceland_core.core.network.Network`).

The network reads an *afterstate* of a player ``p`` against one rival ``q``
— both sheets as they are after ``p``'s placement (or pass), the bonus rolls
each still has to take (D5), whether ``q`` still places in this phase 2
(D4.3), whether ``p`` is the next active player (D6.4) — and says what
``p``'s *margin* over ``q`` at the end will be.  Diceland has no points: a
player's result is its share of the win (1 alone, ``1/k`` shared by ``k``
winners, D6.2, 0 otherwise) and the margin is ``p``'s result less the best
rival's, so with two players +1 a win, −1 a loss, 0 a shared win; nothing
of it accrues before the end, so the margin now is 0 until someone reaches
the goal (D6.1) and the network's output is all that is still to come.
It was learned by TD(λ) self-play of 2-player games
(``training/diceland_td.py``); its weights ship in ``diceland_network.json``
beside this module.  With more players ``p`` is judged against its strongest
rival: the least of its margins over each other player (:func:`margin`).

:func:`features` is the one description of an afterstate, used by the
trainer and by the bot alike: a short list of ``(input, value)`` pairs.
Each player's sheet gives, independently of the board's layout (so one
network plays every board): its bonus cells crossed (D6.1 needs 9), the
distances to the nearest ones it still needs, the cells and zones left in
its two closest colours and the cells left in every colour (D6.1 needs one
complete), the free cells of its open zones (D2.2–D2.4: which numbers of
dice it can use), the colours next to its crosses, its frontier, cells
crossed, the greedy evaluation of the sheet (:mod:`.evaluate`), and its
bonus rolls still to take.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ....core.kept import Kept
from ....core.network import Network, read_network
from ..board import Board
from ..game import Game, Phase
from ..sheet import GOAL_STARS
from .evaluate import Evaluator, evaluator_for

__all__ = ["INPUTS", "NETWORK_FILE", "features", "own_part", "rival_part", "sheet_inputs", "pending", "result", "final_margin",
           "afterstate", "margin", "load_network", "value"]

NETWORK_FILE = Path(__file__).with_name("diceland_network.json")

# the first input of each block of one player's sheet
_STARS = 0                  # bonus cells crossed, 0..9 (one-hot)
_NEAR = _STARS + 10         # the needed bonus cells at distance 1, 2, 3, 4, 5+ (counts / 3)
_STAR_WORK = _NEAR + 5      # their summed distance / 20
_BEST = _STAR_WORK + 1      # cells left in the closest colour, 0..16 (one-hot)
_BEST_ZONES = _BEST + 17    # its unfinished zones, 0..4+ (one-hot)
_SECOND = _BEST_ZONES + 5   # cells left in the second closest colour (one-hot)
_LEFT = _SECOND + 17        # cells left in every colour, closest first (/ 16)
_OPEN = _LEFT + 6           # open zones with 1, 2, 3, 4, 5+ free cells (counts)
_NEXT_TO = _OPEN + 5        # colours next to the crosses, 0..6 (one-hot)
_FRONTIER = _NEXT_TO + 7    # cells next to the crosses / 20
_CROSSED = _FRONTIER + 1    # cells crossed / 60
_GREEDY = _CROSSED + 1      # the evaluation of evaluate.py / 20
_PENDING = _GREEDY + 1      # bonus rolls still to take, 0..3+ (one-hot)
_TO_PLACE = _PENDING + 4    # still to place in this phase 2
BLOCK = _TO_PLACE + 1
#: p's block, then q's, then whether p is the next active player, a bias
_RIVAL = BLOCK
_NEXT_ACTIVE = 2 * BLOCK
_BIAS = _NEXT_ACTIVE + 1
INPUTS = _BIAS + 1

_SHEETS = Kept(100_000)


def _star_distances(ev: Evaluator, crossed: int, need: int) -> list[int]:
    """The distances (steps over passable cells) to the ``need`` nearest
    bonus cells not crossed yet, nearest first."""
    board = ev.board
    dilate = ev.grid.dilate
    todo = board.star_mask & ~crossed
    reach = crossed
    front = dilate(crossed) & ~crossed
    out: list[int] = []
    d = 1
    while todo and front and len(out) < need:
        hit = front & todo
        if hit:
            out += [d] * min(hit.bit_count(), need - len(out))
            todo &= ~hit
        reach |= front
        front = dilate(front) & ~reach
        d += 1
    return out


def _colours(ev: Evaluator, crossed: int) -> list[tuple[int, int, int]]:
    """Every colour on the board as (cells left, unfinished zones, free cells
    of its open zone or 0), closest to complete first."""
    out = []
    for c in ev.present:
        left = (ev.colour_masks[c] & ~crossed).bit_count()
        zones = free = 0
        for zm in ev.zone_masks[c]:
            rest = zm & ~crossed
            if rest:
                zones += 1
                if rest != zm:
                    free = rest.bit_count()
        out.append((left, zones, free))
    out.sort(key=lambda t: (t[0] + 1.5 * t[1], t[0]))
    return out


def _sheet(board: Board, crossed: int) -> tuple:
    """The inputs of one sheet that depend on its crosses only (from 0)."""
    ev = evaluator_for(board)
    stars = (crossed & board.star_mask).bit_count()
    out = [(_STARS + min(stars, GOAL_STARS), 1.0)]
    dist = _star_distances(ev, crossed, max(0, GOAL_STARS - stars))
    near = [0] * 5
    for d in dist:
        near[min(d, 5) - 1] += 1
    out += [(_NEAR + i, k / 3) for i, k in enumerate(near) if k]
    if dist:
        out.append((_STAR_WORK, sum(dist) / 20))
    colours = _colours(ev, crossed)
    out.append((_BEST + min(colours[0][0], 16), 1.0))
    out.append((_BEST_ZONES + min(colours[0][1], 4), 1.0))
    if len(colours) > 1:
        out.append((_SECOND + min(colours[1][0], 16), 1.0))
    out += [(_LEFT + i, t[0] / 16) for i, t in enumerate(colours[:6]) if t[0]]
    opened = [0] * 5
    for _, _, free in colours:
        if free:
            opened[min(free, 5) - 1] += 1
    out += [(_OPEN + i, float(k)) for i, k in enumerate(opened) if k]
    adj = ev.grid.dilate(crossed) & ~crossed
    out.append((_NEXT_TO + sum(1 for m in ev.colour_masks if m & adj), 1.0))
    out.append((_FRONTIER, adj.bit_count() / 20))
    out.append((_CROSSED, crossed.bit_count() / 60))
    greedy = ev.value(crossed)
    if greedy:
        out.append((_GREEDY, greedy / 20))
    return tuple(out)


def sheet_inputs(board: Board, crossed: int, rival: bool) -> tuple:
    """One sheet's inputs in the own block or the rival's (cached)."""
    key = (id(board), crossed, rival)
    found = _SHEETS.get(key)
    if found is not None and found[0] is board:
        return found[1]
    at = _RIVAL if rival else 0
    inputs = tuple((at + i, v) for i, v in _sheet(board, crossed))
    _SHEETS.keep(key, (board, inputs))
    return inputs


def features(mine: tuple, theirs: tuple, next_active: bool) -> list:
    """The afterstate of the player whose side is ``mine`` against the rival
    with ``theirs``, each ``(board, crossed mask, bonus rolls still to take,
    still to place in this phase 2)``; ``next_active`` whether the player is
    the next active player."""
    out = list(sheet_inputs(mine[0], mine[1], False))
    out += sheet_inputs(theirs[0], theirs[1], True)
    out += _flags(0, mine) + _flags(_RIVAL, theirs)
    if next_active:
        out.append((_NEXT_ACTIVE, 1.0))
    out.append((_BIAS, 1.0))
    return out


def _flags(at: int, side: tuple) -> list:
    """A side's bonus rolls still to take and whether it still places."""
    _, _, rolls, to_place = side
    out = [(at + _PENDING + min(rolls, 3), 1.0)]
    if to_place:
        out.append((at + _TO_PLACE, 1.0))
    return out


def own_part(mine: tuple, next_active: bool) -> list:
    """The inputs of :func:`features` that ``mine`` and ``next_active``
    alone set (with the bias)."""
    out = list(sheet_inputs(mine[0], mine[1], False)) + _flags(0, mine) + [(_BIAS, 1.0)]
    return out + [(_NEXT_ACTIVE, 1.0)] if next_active else out


def rival_part(theirs: tuple) -> list:
    """The inputs of :func:`features` that ``theirs`` alone sets."""
    return list(sheet_inputs(theirs[0], theirs[1], True)) + _flags(_RIVAL, theirs)


def pending(game: Game, player: int) -> int:
    """The bonus rolls ``player`` still has to take in this turn (D5.2, D5.4):
    the one being rolled counts."""
    if game.phase is Phase.PLACE:
        return game.earned[player]
    if game.phase is Phase.BONUS and player in game.bonus_queue:
        return game.bonus_left if game.bonus_queue[0] == player else game.earned[player]
    return 0


def result(winners: tuple, player: int) -> float:
    """``player``'s share of the win (D6.2: shared by every winner)."""
    return 1 / len(winners) if player in winners else 0.0


def final_margin(winners: tuple, player: int, players: int) -> float:
    """``player``'s result less the best other player's."""
    return result(winners, player) - max(result(winners, q) for q in range(players) if q != player)


def _ending(game: Game, player: int, crossed: int, phase: Phase) -> tuple | None:
    """The players at the goal if the game ends with ``player``'s sheet at
    ``crossed`` in ``phase``: in a bonus roll the goal wins alone (D6.3);
    in phase 2 everyone at the goal wins once the others have placed (D6.2;
    a rival still to place is taken not to reach it)."""
    mine = evaluator_for(game.boards[player]).reached_goal(crossed)
    if phase is Phase.BONUS:
        return (player,) if mine else None
    if phase is not Phase.PLACE:
        return None
    at_goal = tuple(q for q in range(game.players)
                    if (q == player and mine) or (q != player and game.sheets[q].reached_goal()))
    return at_goal or None


def afterstate(game: Game, player: int, crossed: int, rolls: int, rival: int,
               planned: bool = False) -> tuple[list | None, float]:
    """``player``'s afterstate against ``rival`` with its sheet at ``crossed``
    and ``rolls`` bonus rolls still to take, the rest of ``game`` as it is
    (``planned``: the active player's phase-2 placement planned in phase 1,
    everyone else still to place): its inputs (None once the game ends) and
    the margin now (0 before the end)."""
    if game.over:
        return None, final_margin(game.winners, player, game.players)
    phase = Phase.PLACE if planned else game.phase
    others = set(range(game.players)) - {player} if planned else game.pending - {player}
    winners = _ending(game, player, crossed, phase)
    if winners is not None and (player in winners or not (phase is Phase.PLACE and others)):
        return None, final_margin(winners, player, game.players)
    turn_started = phase in (Phase.CHOOSE, Phase.DECIDE)
    next_active = game.active if turn_started else (game.active + 1) % game.players
    mine = (game.boards[player], crossed, rolls, False)
    theirs = (game.boards[rival], game.sheets[rival].crossed, pending(game, rival),
              phase is Phase.PLACE and rival in others)
    return features(mine, theirs, next_active == player), 0.0


def strongest(game: Game, player: int, crossed: int, rolls: int, net: Network,
              planned: bool = False) -> tuple[float, tuple]:
    """``player``'s afterstate (:func:`afterstate`) against its strongest
    rival, the one its margin is least over (now plus the network's margin
    still to come), as ``(that margin, (pairs, now))``."""
    found = None
    for q in range(game.players):
        if q == player:
            continue
        pairs, now = afterstate(game, player, crossed, rolls, q, planned)
        v = now if pairs is None else now + net(pairs)
        if found is None or v < found[0]:
            found = (v, (pairs, now))
    return found


def margin(game: Game, player: int, crossed: int, rolls: int, net: Network, planned: bool = False) -> float:
    """The margin ``player`` may expect over its strongest rival from its
    afterstate (:func:`strongest`)."""
    return strongest(game, player, crossed, rolls, net, planned)[0]


def value(state: Game, player: int, net: Network | None = None) -> float:
    """The margin ``player`` may expect over its strongest rival at the end
    of the game from the position ``state`` (the review's position value,
    between −1 and 1; with two players twice the win chance less one, a
    shared win counting a half): the final margin once over; at
    ``player``'s own decision, its best choice's (:class:`LearnedBot`); with
    two players, at the rival's phase 1, the rival's value turned round;
    else the state as ``player``'s afterstate."""
    from .learned import LearnedBot
    net = net if net is not None else load_network()
    if state.over:
        return final_margin(state.winners, player, state.players)
    waiting = state.waiting_for()
    bot = LearnedBot(0, net)
    if player in waiting:
        return bot.decision_value(state, player)
    if state.players == 2 and state.phase in (Phase.CHOOSE, Phase.DECIDE):
        return -bot.decision_value(state, state.active)
    return margin(state, player, state.sheets[player].crossed, pending(state, player), net)


@lru_cache(maxsize=1)
def load_network() -> Network:
    """The shipped network (read once)."""
    return read_network(NETWORK_FILE, INPUTS)
