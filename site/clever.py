"""clever.html: the Ganz schön clever page (diceland_web.clever_page over the shell)."""

from diceland_web.clever_page import main

PAGE = main()
