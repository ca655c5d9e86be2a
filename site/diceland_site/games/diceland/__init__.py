"""Diceland's plug-in for the site: the controller (input → engine action,
the view model, announcements), the board's layout and draw lists (view), and
the lessons and shared positions of the teaching pages (embed)."""
