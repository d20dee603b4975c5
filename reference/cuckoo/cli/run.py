"""Running the command line: the exit status of each kind of failure, and standard
output closed, full or unable to encode the text."""

from __future__ import annotations

import errno
import io
import sys
from collections.abc import Sequence
from itertools import pairwise

from ..errors import CuckooError
from ..escaping import on_terminal, terminal
from ..files import FileProblem, drop_stdout, forget_reads, terminate_cleanly
from .commands import build_parser
from .common import (
    EXIT_BUG,
    EXIT_INTERRUPTED,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    escaping,
    interrupted,
)
from .parser import COMMANDS


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    if argv is None:
        terminate_cleanly()
        escaping(sys.stdout)
        # the one way text reaches a terminal: made inert there (a file or pipe: as it is)
        sys.stdout = on_terminal(sys.stdout) or _Closed()
        sys.stderr = on_terminal(sys.stderr)
    forget_reads()
    try:
        words = sys.argv[1:] if argv is None else argv
        named = next((word for word in words if not word.startswith("-")), None)
        command = named if named in COMMANDS else None
        alone = command is not None and words[0] == command  # all else is the command's
        args = build_parser(command, _game(words), alone=alone).parse_args(argv)
        status: int = args.run(args)
        if sys.stdout is not None:
            sys.stdout.flush()
        return status
    except FileProblem as error:  # a file's name or text, quoted: shown escaped
        print(f"cuckoo: {terminal(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except CuckooError as error:
        print(error, file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        interrupted()
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        drop_stdout()
        return EXIT_OK
    except OSError as error:  # standard output full or failing: not the input's fault
        drop_stdout()
        print(f"cuckoo: cannot write the output: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    except Exception as error:  # a bug in this program, never the user's fault
        print(
            f"cuckoo: internal error ({type(error).__name__}: {error}); please report it",
            file=sys.stderr,
        )
        return EXIT_BUG


def _game(words: Sequence[str]) -> str | None:
    """The game that ``--game`` chooses in *words*, if any, before they are parsed."""
    for word, after in pairwise([*words, None]):
        if word == "--game":
            return after
        if word and word.startswith("--game="):
            return word.removeprefix("--game=")
    return None


class _Closed(io.TextIOBase):
    """Standard output closed (``>&-``), which Python gives as None: writing fails with a
    message, where ``None.write`` was an internal error."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")
