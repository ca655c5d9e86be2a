"""``python -m diceland_core``: see :mod:`diceland_core.cli`."""

import sys

from .cli import main

sys.exit(main())
