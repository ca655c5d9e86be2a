"""wideshut.html: the Dice Wide Shut page (diceland_web.wideshut_page over the shell)."""

from diceland_web.wideshut_page import main

PAGE = main()
