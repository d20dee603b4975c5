"""``python -m cuckoo``: the same as the ``cuckoo`` command."""

import sys

from .cli import main

sys.exit(main())
