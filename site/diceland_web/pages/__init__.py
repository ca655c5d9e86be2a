"""One DOM module per game page (``pages/<game>.py``), each a thin layer over
the shell and its game's plug-in in ``diceland_site/games/<game>/``."""
