"""``python -m cuckoo`` and the ``cuckoo`` command.

Ctrl-C while Python is still loading the command line ends it as quietly as later on,
with one line and exit status 130, not a traceback through the imports; and once a command
has said it was interrupted, a second Ctrl-C (or one held back while a file was renamed, let
go as Python restores its default handlers at exit) can no longer kill it after its line
(exit -2 instead of 130: seen under load).
"""

import signal
import sys


def run() -> int:
    """Load the command line and run it; the exit status."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("cuckoo: interrupted", file=sys.stderr)
        return 130
    status = main()
    if status == 130:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    return status


if __name__ == "__main__":
    sys.exit(run())
