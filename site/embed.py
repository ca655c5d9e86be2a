"""embed.html: one board of a scripted example of any game, or of a shared
Diceland position, wired to the DOM by :mod:`diceland_web.lesson_embed`
(embed-picture.js loads this file when the reader starts the example)."""

from __future__ import annotations

import asyncio

from diceland_web.lesson_embed import main

PAGE = asyncio.ensure_future(main())
