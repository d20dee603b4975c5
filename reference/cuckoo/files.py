"""Reading and writing files so that nothing is ever lost and every problem is located.

Records are read line by line from bytes, so that a byte that is not UTF-8 is reported at
its own line and column; files are written beside the target and renamed over it, so that
a crash leaves the old file whole.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from types import FrameType
from typing import IO, TYPE_CHECKING, Final

from .errors import shown

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

__all__ = [
    "STREAM_WAIT",
    "FileProblem",
    "atomic_write",
    "check_output",
    "check_replaceable",
    "check_writable",
    "copy_files",
    "drop_stdout",
    "forget_reads",
    "hold_signals",
    "open_journal",
    "read_bounded",
    "reading",
    "replace_file",
    "session_lock",
    "terminate_cleanly",
    "write_output",
]

class FileProblem(Exception):
    """A file that cannot be read or written as asked: a usage error, exit status 2."""


@contextmanager
def atomic_write(path: Path, *, keep: bool = False, create: bool = False) -> Iterator[IO[str]]:
    """A file written beside *path*, flushed to disk and renamed over it only once complete,
    so that a crash, a full disk or Ctrl-C leaves the old file whole and no temporary file
    behind; the old file's permissions are kept.

    A symbolic link is followed, and what it points to is replaced. An output that is not a
    regular file (a FIFO, a device such as ``/dev/null``) is written to directly, as a
    shell's ``>`` does, since renaming over it would replace the device itself; with *keep*
    (a record saved after every move, a file rewritten in place) it is refused instead. A
    read-only file is never replaced. With *create* the file must not exist yet: one that
    has appeared meanwhile is never replaced (:class:`FileExistsError`).

    :raises FileProblem: for a read-only target, or one that *keep* refuses.
    :raises OSError: if the file cannot be written.
    """
    target = Path(os.path.realpath(path))
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    if keep or mode is None or stat.S_ISREG(mode):
        check_replaceable(path)
    else:
        fd = _open_stream(target, STREAM_WAIT)
        os.set_blocking(fd, True)  # a reader is there: it sets the pace from now on
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            yield handle
        return
    with (
        _beside(target, _mode_for(target), create=create) as fd,
        os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle,
    ):
        yield handle
        handle.flush()
        os.fsync(handle.fileno())


def replace_file(path: Path, data: bytes) -> None:
    """*data* written beside *path* and renamed over it, as :func:`atomic_write` does, but
    a symbolic link at *path* is never followed: the link itself is replaced by the file,
    and what it points to (perhaps outside the folder named) is left as it is.

    :raises OSError: if the file cannot be written (*path* a folder, say).
    """
    with _beside(path, _mode_for(path, follow=False)) as fd, os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


@contextmanager
def _beside(target: Path, mode: int, *, create: bool = False) -> Iterator[int]:
    """A new file beside *target* (its descriptor, with permissions *mode*), renamed over
    *target* once the block has written it, or linked there with *create*; removed if the
    block fails or a signal comes. The name is a fresh one (``mkstemp``), which follows no
    link; a rename replaces a link at *target* without following it."""
    release = hold_signals()  # Ctrl-C or SIGTERM here would leave the file created
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except BaseException:
        release()
        raise
    try:
        release()  # a signal held back arrives here, where the file is removed
        os.chmod(tmp, mode)
        yield fd
        if create:
            os.link(tmp, target)  # fails if the file exists, where a rename would replace it
            os.unlink(tmp)
        else:
            os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def check_replaceable(path: Path) -> None:
    """Refuse, with a message that says why, a file that a session saving after every move
    or ``format --in-place`` must not replace: anything but a regular file, or one that is
    read-only (renaming over it would succeed, and drop what its owner protected).

    :raises FileProblem: if *path* exists and is one of those.
    """
    try:
        mode = Path(os.path.realpath(path)).stat().st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise FileProblem(f"{shown(str(path))}: cannot read: {error.strerror or error}") from None
    if not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "a FIFO, a device or a socket"
        raise FileProblem(f"{shown(str(path))}: is {kind}, not a record file to rewrite")
    if not mode & 0o222 or not os.access(path, os.W_OK):  # root may write anything
        raise FileProblem(f"{shown(str(path))}: is read-only: make it writable first")


def _sync_folder(folder: Path) -> None:
    """Flush a rename to disk, where the system lets a folder be opened for it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextmanager
def session_lock(path: Path) -> Iterator[None]:
    """Hold *path* for a session that saves it again and again (``cuckoo record``), so that
    a second session on the same file is refused instead of each saving over the other.

    The lock is a hidden ``.NAME.lock`` beside the file (the file itself is replaced at every
    save, and a lock on the old one would hold nothing); ``flock`` ends with the process, so
    one killed leaves no lock that blocks; the file is removed at the end. A symbolic link
    put in its place is not followed (it could point at any file of the user's).

    :raises FileProblem: if another session holds the file, the lock cannot be made, or the
        file is one the session must not replace (see :func:`check_replaceable`).
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - a system without flock: no lock
        yield
        return
    check_replaceable(path)
    target = Path(os.path.realpath(path))
    lock = target.with_name(f".{target.name}.lock")
    name = shown(str(path))
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except OSError as error:
            why = error.strerror or str(error)
            if error.errno == errno.ELOOP:
                why = f"its lock {shown(str(lock))} is a symbolic link: remove it"
            raise FileProblem(f"{name}: cannot write: {why}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 20).decode("ascii", "replace").strip()
            os.close(fd)
            by = f" (process {holder})" if holder.isdigit() else ""
            raise FileProblem(
                f"{name} is being recorded by another session{by}: finish that one first"
            ) from None
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(lock))
        except FileNotFoundError:
            same = False
        if same:  # not a lock file that the session before removed as we opened it
            break
        os.close(fd)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        yield
    finally:
        lock.unlink(missing_ok=True)
        os.close(fd)


HELD: Final = frozenset(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that end a command, held back where a file or a process is being made."""


def hold_signals() -> Callable[[], object]:
    """Hold back Ctrl-C, SIGTERM and SIGHUP until the function returned is called."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        return lambda: None
    held = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    return lambda: signal.pthread_sigmask(signal.SIG_SETMASK, held)


def check_writable(path: Path) -> None:
    """Fail now, not after a long setup, if *path* could not be written.

    :raises OSError: if its folder does not exist or does not let us create a file.
    """
    target = Path(os.path.realpath(path))
    release = hold_signals()  # a signal between the two would leave the probe behind
    try:
        # a name of its own: the probe is never taken for the output's temporary file
        fd, tmp = tempfile.mkstemp(prefix=".cuckoo-probe-", dir=target.parent)
        os.close(fd)
        os.unlink(tmp)
    finally:
        release()


def _mode_for(path: Path, *, follow: bool = True) -> int:
    """The permissions a plain ``open`` would give: the old file's, or 0o666 less umask
    (*follow*: false for a link's own place, whose target's permissions are not its)."""
    try:
        mode = os.stat(path, follow_symlinks=follow).st_mode
    except OSError:
        mode = 0
    if stat.S_ISREG(mode):
        return stat.S_IMODE(mode)
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def terminate_cleanly() -> None:
    """Make SIGTERM, and SIGHUP (the terminal closed), unwind like Ctrl-C, so that a write
    under way removes its temporary file (SIGKILL cannot be caught: it may leave a hidden
    ``.NAME.xxxx`` beside NAME)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    for name in ("SIGTERM", "SIGHUP"):  # Windows has no SIGHUP
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)


def read_bounded(path: Path, limit: int) -> str:
    """The text of *path*, refused beyond *limit* bytes, so that a file that never ends
    (``/dev/zero``) costs a bounded read; noted as an input of the run and read through
    the one gate of inputs (:func:`open_input`).

    :raises ValueError: for a file too large or not UTF-8 (:class:`OSError` as ``open``,
        :class:`FileProblem` for an input :func:`open_input` refuses).
    """
    reading(path)
    return _text_of(path, limit)


def _text_of(path: str | os.PathLike[str], limit: int) -> str:
    with open_input(path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"{shown(str(path))}: larger than {limit:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{shown(str(path))}: not UTF-8 text (byte {error.start})") from None


def open_input(path: str | os.PathLike[str]) -> IO[bytes]:
    """*path* opened to be read as bytes: the one gate of every input. A FIFO or a device
    (a terminal, a process substitution) is read a piece at a time, each waited for at most
    :data:`STREAM_WAIT`, so that a FIFO nobody writes to is given up, never waited on.

    :raises FileProblem: for a FIFO or device nobody writes to in :data:`STREAM_WAIT`
        seconds (at its start or between pieces).
    :raises OSError: if it cannot be opened (:class:`IsADirectoryError` for a folder).
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    if stat.S_ISDIR(mode):
        os.close(fd)
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    return io.BufferedReader(_Waited(fd, Path(path), STREAM_WAIT))


class _Waited(io.FileIO):
    """The raw reading of a FIFO or a device: each piece waited for at most *wait*."""

    def __init__(self, fd: int, path: Path, wait: float) -> None:
        super().__init__(fd, "rb", closefd=True)
        self._path, self._wait = path, wait

    def readinto(self, buffer: WriteableBuffer) -> int:
        import select

        while True:
            if not select.select([self.fileno()], [], [], self._wait)[0]:
                raise FileProblem(
                    f"{shown(str(self._path))}: nothing came in {self._wait:g} s: given up "
                    "(a FIFO nobody writes to?)"
                )
            got = super().readinto(buffer)
            if got is not None:  # None: no data after all (another reader took it)
                return got


# -- the one gate of every output -------------------------------------------------------------
#
# Every command that writes a file asks check_output before any work starts, and writes
# with write_output (or atomic_write, for a file written as it is made): the files the run
# reads are noted as they are read (read_bounded, open_lines) or named beforehand (reading),
# and none of them is ever a target.

_READ: Final[dict[str, tuple[tuple[int, int] | None, str]]] = {}
"""The files this run has read or will read: by resolved path, their device and inode (a
regular file's) and what they are to the run, as a message names them."""

STREAM_WAIT: Final = 10.0
"""How long, in seconds, a FIFO is waited for to be read (by default): a results FIFO
nobody reads is given up, not waited on for ever."""


READ: Final = "a file this run reads"


def reading(path: str | os.PathLike[str], label: str = READ) -> None:
    """Note *path* as an input of the run, read now or later (the suites a plain run loads;
    ``-``: the file standard input comes from), so that :func:`check_output` refuses to
    write over it; *label* says what it is (``the file of --suite``)."""
    key = os.path.realpath(path) if os.fspath(path) != "-" else "\0-"  # a name no path has
    if key in _READ and label == READ:  # a file read, named more tellingly before
        return
    with suppress(OSError, ValueError, AttributeError):  # stdin closed, or not a file
        _READ[key] = (_identity(path if key != "\0-" else sys.stdin.fileno()), label)


def forget_reads() -> None:
    """A new run starts with no input (each command of a test run in one process)."""
    _READ.clear()


def _identity(path: str | os.PathLike[str] | int) -> tuple[int, int] | None:
    """The device and inode of a regular file at *path* (or open as descriptor *path*; a
    hard link has its file's), or None: a device such as ``/dev/null`` may be read and
    written by one run."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return (status.st_dev, status.st_ino) if stat.S_ISREG(status.st_mode) else None


def _taken(path: str, outputs: dict[str, str]) -> str | None:
    """What *path* already is to the run (an input, or the output of another option)."""
    real, ident = os.path.realpath(path), _identity(path)
    named = {
        **{os.path.realpath(o): (_identity(o), f"the file of {w}") for o, w in outputs.items()},
        **_READ,
    }
    for other, (other_ident, label) in named.items():
        if other == real or (ident is not None and ident == other_ident):
            return label
    return None


def check_output(
    path: str | os.PathLike[str],
    option: str,
    *,
    stream: bool = False,
    append: bool = False,
    outputs: dict[str, str] | None = None,
) -> None:
    """Refuse now, before any work, a target of *option* that must not be written: a file
    the run reads or the target of another of its *outputs* (path: option), a link to a
    file outside its folder, a folder, a FIFO or a device (unless *stream*: then it is
    written to directly, as a shell's ``>`` does, and waited on at most
    :data:`STREAM_WAIT`), a read-only file, a folder that lets no file be made, or a file
    of the package itself (:func:`package_folders`); with *append*, a file whose text could
    not be read to be added to.

    :raises FileProblem: saying which, in one line.
    """
    name = shown(str(path))
    try:
        mode: int | None = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or error
        raise FileProblem(f"{name}: cannot write: {why}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise FileProblem(f"{name}: is a folder: name a file for {option}")
    if mode is not None and not stat.S_ISREG(mode):
        if stream and (stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):
            return
        raise FileProblem(f"{name}: is a FIFO, a device or a socket, not a file for {option}")
    real = os.path.realpath(path)
    folder = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    if os.path.islink(path) and os.path.dirname(real) != folder:
        raise FileProblem(f"{name}: is a link to a file outside its folder: name that file itself")
    if label := _taken(str(path), outputs or {}):
        raise FileProblem(f"{name} is {label} as well: choose another for {option}")
    if any(os.path.commonpath([real, own]) == own for own in package_folders()):
        raise FileProblem(
            f"{name} is a file of the cuckoo package itself (its grammars, suites and data "
            f"are read by every run): choose another for {option}"
        )
    if mode is not None:
        check_replaceable(Path(path))
    if mode is not None and append:
        try:
            _text_of(path, MAX_APPENDED)
        except (OSError, ValueError) as error:  # said now, not after the whole run
            why = f"{name}: cannot read: {error.strerror}" if isinstance(error, OSError) else error
            raise FileProblem(f"{why}: {option} adds to it, and cannot") from None
    try:
        check_writable(Path(path))
    except OSError as error:
        raise FileProblem(f"{name}: cannot write: {error.strerror or error}") from None


@cache
def package_folders() -> tuple[str, ...]:
    """The folder of the installed package, and every folder its links lead to (a
    checkout's grammars and suite data): what every run reads, never an output."""
    own = os.path.realpath(Path(__file__).parent)
    found = [own]
    for folder, names, files in os.walk(own):
        for name in [*names, *files]:
            if os.path.islink(os.path.join(folder, name)):
                found.append(os.path.realpath(os.path.join(folder, name)))
    return tuple(found)


def write_output(
    path: str | os.PathLike[str], text: str, *, append: bool = False, wait: float = STREAM_WAIT
) -> None:
    """*text* written to *path*, checked before by :func:`check_output`: a regular file is
    written beside and renamed over (*append*: after the old text, which stays whole if the
    write fails); a FIFO or a device is written to directly, given up after *wait* seconds
    if nobody reads it.

    :raises FileProblem: for a FIFO nobody reads.
    :raises OSError: if the file cannot be written.
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG
    if not stat.S_ISREG(mode):
        _stream(Path(path), text.encode("utf-8"), wait)
        return
    try:
        old = _text_of(path, MAX_APPENDED) if append and os.path.exists(path) else ""
    except ValueError as error:  # changed since check_output read it
        raise FileProblem(str(error)) from None
    with atomic_write(Path(path)) as handle:
        handle.write(old + text)


PIECE: Final = 1 << 16
"""The most written to a FIFO or a device at once."""

MAX_APPENDED: Final = 256_000_000
"""The largest file appended to (a step summary is a few kilobytes)."""


def _stream(path: Path, data: bytes, wait: float) -> None:
    """*data* written to a FIFO or a device, within *wait* seconds: opened without blocking
    (a FIFO with no reader yet is tried again), each piece written when it may be."""
    import select
    import time

    deadline = time.monotonic() + wait
    fd = _open_stream(path, wait)
    try:
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [fd], [], left)[1]:
                raise _unread(path, wait)
            try:
                view = view[os.write(fd, view[:PIECE]) :]
            except BlockingIOError:
                continue
    finally:
        os.close(fd)


def _open_stream(path: Path, wait: float) -> int:
    """A FIFO or a device opened for writing without blocking, its descriptor: a FIFO with
    no reader yet is tried again for *wait* seconds, then given up.

    :raises FileProblem: for a FIFO nobody opened to read.
    :raises OSError: if it cannot be opened.
    """
    import time

    deadline = time.monotonic() + wait
    while True:
        try:
            return os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as error:
            if error.errno != errno.ENXIO:
                raise
            if time.monotonic() > deadline:
                raise _unread(path, wait) from None
            time.sleep(0.05)


def _unread(path: Path, wait: float) -> FileProblem:
    return FileProblem(f"{shown(str(path))}: nobody read it in {wait:g} s: given up")


def drop_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of
    what could not be written (a closed pipe, a full disk) raises nothing more."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):  # no file behind it, as under pytest
        pass


def open_journal(path: Path, *, create: bool) -> int:
    """*path* opened to be appended to in whole lines as work is done (a study's results,
    checked by :func:`check_output` first), its descriptor: created now with *create*, and
    then only if no file has appeared there meanwhile (never one replaced).

    :raises OSError: if it cannot be opened.
    """
    flags = os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC
    return os.open(path, flags | (os.O_CREAT | os.O_EXCL if create else 0), 0o666)


def write_private(folder: int, name: str, text: str) -> None:
    """*text* as the file *name* in the private *folder* (a descriptor, so that no link on
    the way is followed): written under a name of its own, readable by its owner alone,
    then renamed over *name*, so that no reader sees half of it (the parser cache).

    :raises OSError: if it cannot be written (the partial file is removed).
    """
    partial = f".{name}.{os.getpid()}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        with os.fdopen(os.open(partial, flags, 0o600, dir_fd=folder), "w", encoding="utf-8") as out:
            out.write(text)
        os.rename(partial, name, src_dir_fd=folder, dst_dir_fd=folder)  # replaces (POSIX)
    except BaseException:
        with suppress(OSError):
            os.unlink(partial, dir_fd=folder)
        raise


def copy_files(paths: list[Path], folder: Path) -> None:
    """Each of *paths* (relative ones) copied to the same place under the new *folder*, a
    symbolic link as a link (a checkout's grammar and suite data are links), so that a
    copy of a checkout builds as it does."""
    for path in paths:
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            (folder / path).symlink_to(os.readlink(path))
        elif path.is_file():
            replace_file(folder / path, path.read_bytes())
