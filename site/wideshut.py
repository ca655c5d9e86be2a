"""wideshut.html: the Dice Wide Shut page (diceland_web.pages.wideshut over the shell)."""

from diceland_web.pages.wideshut import main

PAGE = main()
