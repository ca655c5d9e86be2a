"""diceland.html: the Diceland page (diceland_web.diceland_page over the shell)."""

from diceland_web.diceland_page import main

PAGE = main()
