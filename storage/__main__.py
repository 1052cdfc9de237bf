"""``python -m storage migrate`` and ``python -m storage copy``: see :mod:`storage.cli`."""

import sys

from .cli import main

sys.exit(main(sys.argv[1:]))
