"""``python -m cuckoo.cli``, as ``python -m cuckoo``."""

import sys

from .run import main

sys.exit(main())
