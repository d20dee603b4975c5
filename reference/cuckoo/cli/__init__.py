"""The ``cuckoo`` command: validate, replay, inspect, generate and format game records.

Exit status: 0 when everything given is legal, 1 when a record is malformed or illegal,
2 for a usage error or a file that cannot be read, 130 when interrupted (Ctrl-C) and 143
when terminated (SIGTERM).  No input makes it print a traceback.

One module per command (``validate.py``, ``replay.py``, ...), each with its options
(``add``), its help and examples, and what it does (``run``); ``commands.py`` lists them
in the order the help shows; the options several commands take are defined once in
``options.py``; ``run.py`` turns every failure into its exit status.
"""

from .commands import build_parser
from .options import MAX_JOBS
from .parser import COMMANDS
from .run import main

__all__ = ["COMMANDS", "MAX_JOBS", "build_parser", "main"]
