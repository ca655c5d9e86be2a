"""diceland.html: the Diceland page (diceland_web.pages.diceland over the shell)."""

from diceland_web.pages.diceland import main

PAGE = main()
