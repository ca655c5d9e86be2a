"""Building a placement on the controller: the selection of cells and of a
colour, what a tap on a cell does and why it is refused, the dice buttons and
the hint.  The cells that may be tapped come from the engine
(``game.next_cells``); the rules are not re-implemented here."""

from __future__ import annotations

from typing import Any

from diceland_core import IllegalActionError
from diceland_core.core.protocol import Hint
from diceland_core.games.diceland import Phase
from diceland_core.games.diceland.actions import Action, Choose, Place, action_to_json
from diceland_core.games.diceland.colours import Colour

from . import model
from .hint_reason import reason
from ...play import Result, Tap, button, point
from ...i18n import error_details, error_text

__all__ = ["Placement"]


def _rejected(cell: tuple[int, int] | None, reason: str, details: str = "") -> Result:
    return Result(False, reason, details, change="rejected", cell=cell)


class Placement:
    """The selection half of :class:`~diceland_site.games.diceland.controller.Controller`."""

    # -- the selection -------------------------------------------------------------------------
    def _key(self, p: int | None) -> tuple:
        g = self.game
        return (p, g.turn, g.phase, len(g.rolls))

    def _clear_selection(self) -> None:
        self.selection = []
        self.sel_colour = None
        self._sel_key = None

    def _check_selection(self) -> None:
        """Forget a selection made for another decision."""
        if self._sel_key is not None and self._sel_key != self._key(self.current_seat()):
            self._clear_selection()
            self.hint_state = None

    def colour_for(self, p: int) -> Colour | None:
        dice = self.game.dice_for(p)
        if self.sel_colour is not None and self.sel_colour in dice:
            return self.sel_colour
        if len(dice) == 1:
            return next(iter(dice))
        return None

    def pick_colour(self, colour: Colour | str) -> Result:
        """Use the dice of ``colour`` (a leftover colour, or one of a bonus
        roll); in phase 1 this chooses the colour.  Pressing the selected
        colour again clears the choice."""
        colour = Colour[colour.upper()] if isinstance(colour, str) else colour
        if self.game.phase is Phase.CHOOSE:
            return self.choose(colour)
        who = self._human_decides((Phase.PLACE, Phase.BONUS), active_only=False)
        if isinstance(who, str):
            return Result(False, who)
        self._check_selection()
        if colour not in self.game.dice_for(who):
            return Result(False, self.strings.t("tap.no_dice", colour=self.strings.colour(colour)))
        if self.sel_colour is colour:
            self._clear_selection()
        else:
            self.selection = []
            self.sel_colour = colour
            self._sel_key = self._key(who)
        self.hint_state = None
        return Result(True)

    def clear_selection(self) -> None:
        self._clear_selection()
        self.hint_state = None

    def tap(self, row: int, col: int) -> Result:
        """Add a cell to the placement being built, or remove a selected one."""
        t = self.strings.t
        cell = (row, col)
        g = self.game
        if self.viewing_other() and self.acting_seat() is not None:
            return _rejected(cell, t("tap.viewing_other", name=self.names[self.viewing]))
        if not g.over and g.phase in (Phase.CHOOSE, Phase.DECIDE) and self.acting_seat() is not None:
            key = "tap.press_roll" if self.needs_roll() else (
                "tap.choose_first" if g.phase is Phase.CHOOSE else "tap.rolling")
            return _rejected(cell, t(key))
        who = self._human_decides((Phase.PLACE, Phase.BONUS), active_only=False)
        if isinstance(who, str):
            return _rejected(cell, who)
        p = who
        self._check_selection()
        board = g.boards[p]
        if not (0 <= row < board.rows and 0 <= col < board.cols):
            return _rejected(None, t("tap.off_board"))
        if cell in self.selection:
            self._remove(p, cell)
            return Result(True, change="removed", cell=cell)
        i = board.index(row, col)
        if board.obstacle_mask >> i & 1:
            return _rejected(cell, t("tap.obstacle"))
        if i == board.start:
            return _rejected(cell, t("tap.start"))
        if g.sheets[p].crossed >> i & 1:
            return _rejected(cell, t("tap.crossed"))
        dice = g.dice_for(p)
        cell_colour = board.colour_at(row, col)
        colour = self.colour_for(p)
        if colour is not cell_colour and not self.selection and cell_colour in dice \
                and not (g.phase is Phase.PLACE and p == g.active):
            colour = cell_colour  # a tap on a cell picks its colour when nothing is chosen yet
        if colour is None:
            return _rejected(cell, t("tap.no_dice", colour=self.strings.colour(cell_colour)))
        if cell_colour is not colour:
            return _rejected(cell, t("tap.wrong_colour", cell_colour=self.strings.colour(cell_colour),
                                     colour=self.strings.colour(colour)))
        n = dice[colour]
        if len(self.selection) >= n:
            return _rejected(cell, t("tap.full_one" if n == 1 else "tap.full", count=n))
        if cell in g.next_cells(p, colour, self.selection):
            self.sel_colour = colour
            self._sel_key = self._key(p)
            self.selection.append(cell)
            self.hint_state = None
            return Result(True, change="added", cell=cell)
        why = self._why_not(p, colour, n, cell)
        if why is None:
            return _rejected(cell, self.strings.t("tap.not_next"))
        return _rejected(cell, error_text(why, self.lang, self.names),
                         error_details(why, self.lang))

    def _why_not(self, p: int, colour: Colour, n: int, cell: tuple[int, int]) -> IllegalActionError | None:
        sheet = self.game.sheets[p]
        over = sheet.overshoot_reason(colour, n)
        if over is not None:
            return over
        try:
            sheet.check(colour, len(self.selection) + 1, sheet.board.mask_of([*self.selection, cell]))
        except IllegalActionError as err:
            return err
        return None

    def _remove(self, p: int, cell: tuple[int, int]) -> None:
        """Remove ``cell``; cells that no longer continue the placement go too."""
        colour = self.sel_colour or self.colour_for(p)
        rest = [c for c in self.selection if c != cell]
        self.selection = []
        for c in rest:
            if colour is not None and c in self.game.next_cells(p, colour, self.selection):
                self.selection.append(c)
        self.hint_state = None

    # -- dice buttons ------------------------------------------------------------------------------
    def press_die(self, index: int) -> Result:
        """A die button of ``model().dice`` was pressed."""
        dice = model.dice(self)
        if not 0 <= index < len(dice) or not dice[index].enabled:
            return Result(False, self.strings.t("tap.not_your_turn"))
        die = dice[index]
        if die.group == "roll":
            return self.choose(die.colour)
        return self.pick_colour(die.colour)

    # -- hint ---------------------------------------------------------------------------------------
    def _hinted(self) -> tuple[Action, Hint | None] | None:
        """The hinter's decision for the person on screen, with the
        hinter's :class:`Hint` when it gave one (None: no decision to make
        now, such as before Roll); changes nothing."""
        p = self.acting_seat()
        if p is None or self.needs_roll():
            return None
        g = self.game
        try:
            given = self.hinter(g, p)
            action = given.action if isinstance(given, Hint) else given
            if not g.is_legal(action):
                raise ValueError("illegal hint")
        except Exception:
            legal = g.legal_actions(p)
            if not legal:
                return None
            return next((a for a in legal if isinstance(a, Place)), legal[0]), None
        return action, given if isinstance(given, Hint) and given.code else None

    def _hint_action(self) -> Action | None:
        found = self._hinted()
        return None if found is None else found[0]

    def hint(self) -> dict[str, Any] | None:
        """Ask the hinter for the decision on screen: a placement is
        pre-selected (confirm to make it); other hints are shown in the model."""
        found = self._hinted()
        if found is None:
            return None
        action, given = found
        if isinstance(action, Place):
            board = self.game.boards[action.player]
            self.sel_colour = board.colour_at(*action.cells[0])
            self.selection = list(action.cells)
            self._sel_key = self._key(action.player)
            self.hint_state = {"action": "place", "colour": self.sel_colour.key,
                               "cells": [list(c) for c in action.cells]}
        elif isinstance(action, Choose):
            self.hint_state = {"action": "choose", "colour": action.colour.key}
        else:
            self._clear_selection()
            self.hint_state = {"action": action.type}
        self.hint_state["reason"] = given.text(self.lang) if given is not None else \
            reason(self.game, self.acting_seat(), action, self.strings)
        return self.hint_state

    def hint_move(self) -> dict[str, Any] | None:
        """The hint's engine action as JSON (None before Roll or a hand-over)."""
        action = self._hint_action()
        return None if action is None else action_to_json(action)

    def hint_clicks(self, layout: Any) -> list[Tap]:
        """The hint's move as the clicks a person makes: button ids (a die
        is ``die-<index>``) and the centres of cells on the canvas drawn
        with ``layout`` (the sheet of the person on screen)."""
        if self.game.over or self.current_seat() is None:
            return []
        if self.needs_handoff():
            return [button("btn-handoff")]
        if self.needs_roll():
            return [button("btn-roll")]
        action = self._hint_action()
        if action is None:
            return []
        if isinstance(action, Choose):
            return [self._die_button(action.colour, "roll")]
        if not isinstance(action, Place):
            return [button(f"btn-{action.type}")]
        p = action.player
        if sorted(self.selection) == sorted(action.cells):
            return [button("btn-confirm")]  # Hint has chosen the cells already
        colour = self.game.boards[p].colour_at(*action.cells[0])
        out = [point(*layout.cell_center(*c)) for c in reversed(self.selection)]  # the last one goes first
        if self.colour_for(p) not in (None, colour):
            out.append(self._die_button(colour))
        todo, built = list(action.cells), []
        while todo:  # an order in which each cell continues the ones before
            cell = next((c for c in todo if c in self.game.next_cells(p, colour, built)), todo[0])
            todo.remove(cell)
            built.append(cell)
            out.append(point(*layout.cell_center(*cell)))
        return out + [button("btn-confirm")]

    def _die_button(self, colour: Colour, group: str | None = None) -> Tap:
        die = next(d for d in model.dice(self) if d.colour == colour.key and d.enabled
                   and (group is None or d.group == group))
        return button(f"die-{die.index}")
