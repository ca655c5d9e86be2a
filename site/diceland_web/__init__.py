"""The site's DOM code, the only Python that imports ``js``/``pyodide``:
:mod:`~diceland_web.dom` (helpers written once), :mod:`~diceland_web.shell`
(what every game page has) and one page module per game
(:mod:`~diceland_web.pages.diceland`).  Everything that can be tested without
a browser lives in ``diceland_site``."""
