"""clever.html: the Ganz schön clever page (diceland_web.pages.clever over the shell)."""

from diceland_web.pages.clever import main

PAGE = main()
