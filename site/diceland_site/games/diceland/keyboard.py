"""Keyboard play on the controller: the cell cursor, what it reads to a
screen reader, and the keys of the page."""

from __future__ import annotations

__all__ = ["Keyboard", "KEY_HELP"]

#: Keys of the keyboard help, in the order to show them (i18n keys).
KEY_HELP: tuple[str, ...] = ("keys.arrows", "keys.toggle", "keys.confirm", "keys.pass", "keys.roll",
                             "keys.stop", "keys.dice", "keys.undo", "keys.hint", "keys.escape")

_DIRECTIONS = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}


class Keyboard:
    """The keyboard half of :class:`~diceland_site.games.diceland.controller.Controller`."""

    def describe_cell(self, row: int, col: int) -> str:
        """The cell under the cursor, for a screen reader."""
        t, s = self.strings.t, self.strings
        board = self.shown_board()
        i = board.index(row, col)
        colour = board.colour_at(row, col)
        if board.obstacle_mask >> i & 1:
            what = t("cell.obstacle")
        elif i == board.start:
            what = t("cell.start")
        elif board.star_mask >> i & 1:
            what = t("cell.star", colour=s.colour(colour))
        else:
            what = t("cell.plain", colour=s.colour(colour))
        if self.shown_sheet().crossed >> i & 1 and i != board.start:
            what = t("cell.crossed", what=what)
        elif (row, col) in self.selection:
            what = t("cell.selected", what=what)
        elif [row, col] in [list(c) for c in self.highlights()]:
            what = t("cell.legal", what=what)
        return t("cell.describe", row=row + 1, col=col + 1, what=what)

    def move_cursor(self, direction: str) -> tuple[int, int]:
        """Move the keyboard cursor: ``left``/``right`` along the row,
        ``up``/``down`` to the nearest cell of the next row (keeping the column
        line, so up-down-up returns where it started)."""
        board = self.shown_board()
        if self.cursor is None:
            self.cursor = board.start_cell
            self._cursor_goal = None
            return self.cursor
        r, c = self.cursor
        if direction in ("left", "right"):
            c = max(0, min(board.cols - 1, c + (1 if direction == "right" else -1)))
            self._cursor_goal = None
        elif direction in ("up", "down"):
            goal = self._cursor_goal if self._cursor_goal is not None else 2 * c + (r & 1)
            nr = r + (1 if direction == "down" else -1)
            if 0 <= nr < board.rows:
                # x in half cells: column c of row r is at 2c + (r & 1)
                best = min(range(board.cols), key=lambda k: (abs(2 * k + (nr & 1) - goal), k))
                r, c = nr, best
            self._cursor_goal = goal
        self.cursor = (r, c)
        return self.cursor

    def handle_key(self, key: str) -> bool:
        """A key from the page (``KeyboardEvent.key``); True when it was used."""
        if self.needs_handoff():
            # the pass-the-device screen takes all input: only its OK goes through
            if key in ("Enter", " ", "Spacebar"):
                self.acknowledge_handoff()
                return True
            return False
        if key in _DIRECTIONS:
            self.move_cursor(_DIRECTIONS[key])
            return True
        if key in ("Enter", " ", "Spacebar"):
            if self.needs_roll():
                self.roll()
                return True
            if self.cursor is None:
                self.move_cursor("left")
                return True
            self.tap(*self.cursor)
            return True
        k = key.lower()
        if k == "escape":
            self.clear_selection()
            return True
        if k == "c":
            self.confirm()
        elif k == "p":
            self.pass_()
        elif k == "u":
            self.undo()
        elif k == "h":
            self.hint()
        elif k == "r":
            if self.needs_roll():
                self.roll()
            else:
                self.reroll()
        elif k == "s":
            self.stop()
        elif k in "123456" and len(k) == 1:
            self.press_die(int(k) - 1)
        else:
            return False
        return True
