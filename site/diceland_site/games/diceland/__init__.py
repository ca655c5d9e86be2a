"""Diceland's plug-in for the site: the controller (input → engine action,
the view model, announcements), the board's layout and draw lists (draw),
the lessons and shared positions of the teaching pages (lesson, share), and
what the saved-games list shows of a save (``summary``, from saves)."""

from .saves import summary

__all__ = ["summary"]
