"""The other players' boards, small: beside the main board on a wide screen
(a live mini board per player, its name, bonus cells, finished colours and
last placement), as a row of player chips on a phone.  Plain data and draw
lists; the page paints them (:class:`diceland_site.paint.Painter`)."""

from __future__ import annotations

from dataclasses import dataclass

from diceland_core.games.diceland import Game
from diceland_core.games.diceland.actions import Place
from diceland_site.ops import poly as poly_op

from . import draw

__all__ = ["FinishedColour", "MiniBoard", "Minis", "minis", "home_player", "last_move", "mini_layout", "mini_ops",
           "last_move_ops", "LAST_MOVE_COLOUR"]

Cell = tuple[int, int]

#: The outline of the cells of a player's last placement.
LAST_MOVE_COLOUR = "#e6007e"


@dataclass(frozen=True)
class FinishedColour:
    colour: str
    name: str
    fill: str
    text: str


@dataclass(frozen=True)
class MiniBoard:
    player: int
    name: str
    stars: int
    board_id: str
    finished: tuple[FinishedColour, ...]
    last_move: tuple[Cell, ...]
    crossed: int            # cells crossed (the start cell not counted)
    shown: bool             # the main board shows this player now
    waiting: bool           # the game waits for this player's decision
    label: str              # accessible name of the mini board (a button)
    chip: str               # the chip's text on a phone: "Bo ★3"


@dataclass(frozen=True)
class Minis:
    home: int | None        # the player whose board is "mine" (None: only bots play)
    shown: int              # whose board is large
    boards: tuple[MiniBoard, ...]   # every player but ``home``, in seat order
    back: str               # the "back to my board" label; "" when the main board is already mine
    title: str              # the heading of the panel


def home_player(ctrl) -> int | None:
    """The player the screen belongs to: the human deciding, or last shown, or
    the first human seat before any was shown."""
    p = ctrl.current_seat()
    if p is None:
        p = ctrl.holder
    if p is None:
        humans = [i for i, seat in enumerate(ctrl.seats) if seat.is_human]
        p = humans[0] if humans else None
    return p


def last_move(game: Game, player: int) -> tuple[Cell, ...]:
    """The cells of ``player``'s last placement (empty before the first)."""
    for action in reversed(game.actions):
        if isinstance(action, Place) and action.player == player:
            return tuple(action.cells)
    return ()


def minis(ctrl) -> Minis:
    """The mini boards of every player but the home one, and whether the
    page offers to go back to the home board."""
    g = ctrl.game
    t, s = ctrl.strings.t, ctrl.strings
    home = home_player(ctrl)
    shown = ctrl.shown_player()
    waiting = set(g.waiting_for())
    boards = []
    for p, seat in enumerate(ctrl.seats):
        if p == home:
            continue
        sheet = g.sheets[p]
        done = sheet.completed_colours()
        finished = tuple(FinishedColour(c.key, s.colour(c), draw.PALETTE[c.key]["die"], draw.PALETTE[c.key]["text"])
                         for c in done)
        moved = last_move(g, p)
        parts = [t("button.view_sheet", name=seat.name), ctrl.stars_text("info.stars", sheet.stars)]
        if done:
            parts.append(t("mini.finished", colours=s.names([s.colour(c) for c in done])))
        if moved:
            colour = g.boards[p].colour_at(*moved[0])
            key = "mini.last_move_one" if len(moved) == 1 else "mini.last_move"
            parts.append(t(key, count=len(moved), colour=s.colour(colour)))
        boards.append(MiniBoard(p, seat.name, sheet.stars, g.boards[p].id, finished, moved,
                                sheet.crossed.bit_count() - 1, p == shown, p in waiting, ". ".join(parts),
                                f"{seat.name} ★{sheet.stars}"))
    back = ""
    if home is not None and ctrl.viewing is not None and ctrl.viewing != home:
        back = t("mini.back", name=ctrl.names[home])
    return Minis(home, shown, tuple(boards), back, t("mini.title"))


def mini_layout(board, width: float, dpr: float = 1.0) -> draw.Layout:
    """A layout ``width`` CSS pixels wide for a mini board (no info bar),
    as tall as the board needs."""
    probe = draw.Layout.for_board(board, width, 100000.0, dpr, margin=2.0, info_bar=False)
    return draw.Layout.for_board(board, width, probe.content_height, dpr, margin=2.0, info_bar=False)


def mini_ops(game: Game, player: int, layout: draw.Layout) -> list[tuple]:
    """The whole draw list of ``player``'s mini board: the board, the
    crosses and the last placement outlined."""
    ops = draw.static_ops(game.boards[player], layout)
    ops.extend(draw.frame_ops(game.sheets[player], layout))
    ops.extend(last_move_ops(game, player, layout))
    return ops


def last_move_ops(game: Game, player: int, layout: draw.Layout) -> list[tuple]:
    """The cells of ``player``'s last placement, outlined."""
    width = round(max(1.5, layout.size * 0.2), 2)
    return [poly_op(tuple(layout.cell_corners(r, c, 0.06)), None, LAST_MOVE_COLOUR, width)
            for r, c in last_move(game, player)]

