"""``python -m cuckoo`` and the ``cuckoo`` command.

Ctrl-C while Python is still loading the command line ends it as quietly as later on,
with one line and exit status 130, not a traceback through the imports.
"""

import sys


def run() -> int:
    """Load the command line and run it; the exit status."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("cuckoo: interrupted", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
