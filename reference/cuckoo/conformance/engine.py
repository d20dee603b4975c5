"""An engine as the kit speaks to it: one process, a command a line, every answer awaited
for at most a timeout; and what the kit reads from outside (answers, files), bounded and
quoted briefly.

An engine is a command line; it is started once in a process group of its own (so that a
wrapper script and everything it started go together), restarted after a crash or a hang,
and every answer is awaited for at most a timeout, so a broken engine is reported, never
waited on forever.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import signal
import subprocess
import time
from contextlib import suppress
from typing import Any, Final

MAX_ANSWER: Final = 4_000_000
"""The longest answer line read from an engine, in bytes."""


class EngineFailure(Exception):
    """The engine crashed, hung, or answered with something that is not an answer."""


class Unsupported(Exception):
    """The engine answered ``? unsupported - WHY``: it cannot express the case or the game,
    which is skipped with that reason (never a pass)."""


UNSUPPORTED: Final = "? unsupported "


def unsupported(answer: str) -> str:
    """*answer*, unless it is ``? unsupported``, which raises :class:`Unsupported`."""
    if answer.startswith(UNSUPPORTED):
        raise Unsupported(answer.removeprefix(UNSUPPORTED).removeprefix("- "))
    return answer


class Engine:
    """A running engine, spoken to one line at a time.

    Its pipes are non-blocking and every exchange (the command written, the answer read)
    shares one deadline, so an engine that stops reading is as bounded as one that stops
    answering.
    """

    def __init__(self, command: str, timeout: float = 10.0) -> None:
        self.command, self.timeout = command, timeout
        self.process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self.timeouts = 0
        """How many exchanges have timed out so far: shrinking gives up on a slow engine."""
        self.pristine = False
        """Whether the engine, greeted with ``protocol``, has no game yet: set by the runner,
        cleared by a restart (a case that needs no game runs in such an engine)."""

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            self.process = subprocess.Popen(
                shlex.split(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                bufsize=0,
                start_new_session=True,  # its own process group: restart kills it all
            )
        except (OSError, ValueError) as error:
            raise EngineFailure(f"cannot start {quote(self.command)}: {error}") from None
        assert self.process.stdin is not None and self.process.stdout is not None
        for stream in (self.process.stdin, self.process.stdout):
            os.set_blocking(stream.fileno(), False)
        self._buffer = b""
        return self.process

    def _write(self, process: subprocess.Popen[bytes], data: bytes, deadline: float) -> bool:
        """Write *data* before *deadline*; False if the engine stopped reading."""
        assert process.stdin is not None
        fd = process.stdin.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_WRITE)
            while data:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    return False
                with suppress(BlockingIOError):
                    data = data[os.write(fd, data) :]
        return True

    def _fail(self, message: str, timed_out: bool = False) -> EngineFailure:
        """Restart the engine and say what went wrong."""
        self.timeouts += timed_out
        self.restart()
        return EngineFailure(message)

    def ask(self, line: str) -> str:
        """Send one command; return the answer line without its line break."""
        process = self.process or self._start()
        assert process.stdout is not None
        name = quote(line.split()[0] if line.split() else line)
        deadline = time.monotonic() + self.timeout
        try:
            if not self._write(process, line.encode("utf-8") + b"\n", deadline):
                raise self._fail(f"the engine did not read {name} in {self.timeout:g} s", True)
        except OSError:
            raise self._fail(f"the engine exited before {name}") from None
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise self._fail(f"no answer to {name} in {self.timeout:g} s", True)
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    raise self._fail(f"the engine exited while answering {name}")
                self._buffer += chunk
                if len(self._buffer) > MAX_ANSWER and b"\n" not in self._buffer:
                    raise self._fail(f"an answer longer than {MAX_ANSWER} bytes")
        answer, _, self._buffer = self._buffer.partition(b"\n")
        text = answer.decode("utf-8", errors="replace").rstrip("\r")
        if not (text == "=" or text.startswith(("= ", "? "))):
            raise self._fail(f"not an answer: {quote(text)}")
        return text

    def restart(self) -> None:
        """Stop the engine and every process it started (SIGTERM, then SIGKILL after a
        short grace, to the whole group); the next command starts afresh."""
        self.pristine = False
        if self.process is not None:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                with suppress(ProcessLookupError, PermissionError):  # the group is gone
                    os.killpg(self.process.pid, sig)
                with suppress(subprocess.TimeoutExpired):
                    self.process.wait(GRACE)
            self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
        self.process = None

    def close(self) -> None:
        """Ask the engine to quit, then make sure nothing of it is left running."""
        process = self.process
        if process is not None and process.poll() is None:
            with suppress(OSError, subprocess.TimeoutExpired):
                if self._write(process, b"quit\n", time.monotonic() + GRACE):
                    process.wait(GRACE)
        self.restart()


GRACE: Final = 0.5
"""Seconds an engine is given to quit, or to end after SIGTERM, before it is killed."""

QUOTED: Final = 200
"""The most characters of an engine's value a message quotes."""


def quote(value: object) -> str:
    """*value* as a message quotes it (its ``repr``), cut to :data:`QUOTED` characters, so
    that an engine's huge answer makes a short report.  Every message that shows an
    engine's value goes through here."""
    return cut(repr(value))


def cut(text: str, limit: int = QUOTED) -> str:
    """*text* cut to *limit* characters, saying how many more there were; a character that
    does not print (a control character, a line break) is written escaped, as ``repr``
    writes it.  An engine's text kept as a field of a report (a reason for skipping, an
    answer) goes through here, so that it is as short and as inert as a quoted one."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def parse_json(text: str, what: str) -> Any:
    """An engine's JSON answer; anything unreadable (even nested too deep for the parser)
    is the engine's failure, never the runner's crash."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise EngineFailure(f"{what} is not JSON: {quote(text)}") from None


def chance_pairs(text: str) -> dict[str, str]:
    """A ``chance`` answer, ``OUTCOME=P ...``, as a map; a word without ``=`` fails."""
    pairs = [word.split("=", 1) for word in text.split()]
    if any(len(pair) != 2 for pair in pairs):
        raise EngineFailure(f"a chance answer needs OUTCOME=P words: {quote(text)}")
    return dict(pairs)
