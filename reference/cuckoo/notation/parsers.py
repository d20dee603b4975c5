"""Each game's parser: built from its grammar, and kept between runs as plain data (JSON)
in a folder of the user's own, trusted only after it is checked at every start."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import lark
from lark import Lark, Transformer
from lark.grammar import Rule
from lark.lexer import TerminalDef

from ..files import write_private

__all__ = ["GRAMMAR_DIR", "MAX_CACHE_BYTES", "cache_folder", "load_grammar"]

GRAMMAR_DIR: Final = Path(__file__).parents[1] / "grammar"


def load_grammar(
    name: str,
    *,
    strict: bool = False,
    transformer: Transformer[Any, Any] | None = None,
    starts: tuple[str, ...] = (),
) -> Lark:
    """The LALR parser for ``grammar/<name>.lark``, with the start rules ``start`` and
    ``single`` and any *starts* besides.

    The tests build it with *strict* (no conflicts, no colliding terminals), which needs the
    ``interegular`` package; the engine does not need to check that again at every start,
    and loads the parser it built the first time from :func:`cache_folder` (building it
    takes longer than the rest of a command's start-up).
    """
    path = GRAMMAR_DIR / f"{name}.lark"
    text = path.read_text(encoding="utf-8")
    start = ["start", "single", *starts]
    key = f"{text}\0{starts}\0{lark.__version__}\0{sys.version_info[:2]}\0json"
    file = f"{name}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.lark"
    kept = None if strict else _kept(file)
    if kept is not None:
        try:  # Lark.load, which takes no transformer, as Lark reads its own cache
            parser: Lark = Lark.__new__(Lark)._load(kept, transformer=transformer)
        except Exception:  # a damaged cache only costs the time to build the parser
            pass
        else:
            return parser
    parser = Lark(
        text,
        source_path=str(path),
        parser="lalr",
        start=start,
        strict=strict,
        maybe_placeholders=False,
        transformer=transformer,
    )
    if not strict:
        _keep(file, parser)
    return parser


def cache_folder() -> Path:
    """Where built parsers are kept between runs: ``$CUCKOO_CACHE_DIR``, else ``cuckoo``
    in the user's cache folder (``$XDG_CACHE_HOME``, else ``~/.cache``)."""
    named = os.environ.get("CUCKOO_CACHE_DIR")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cuckoo"


MAX_CACHE_BYTES: Final = 1 << 20
"""A kept parser is some 25 kB; a bigger file is not one."""


_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
"""Opening a cache file does not follow a link (where the system can say so)."""


def _private(fd: int, kind: Callable[[int], bool]) -> bool:
    """Whether the file open as *fd* is of *kind*, the user's own, and nobody else can
    write it: what a kept parser and its folder must be to be trusted."""
    status = os.fstat(fd)
    return (
        kind(status.st_mode)
        and status.st_uid == os.geteuid()
        and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def _cache_dir() -> int | None:
    """The cache folder, opened (made private to the user if it is new); None unless it is
    a folder, not a link, that the user owns and nobody else can write to."""
    if not hasattr(os, "geteuid") or not {os.open, os.rename, os.unlink} <= os.supports_dir_fd:
        return None  # no owners to check, or no way to keep to the folder checked: no cache
    folder = cache_folder()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None
    if _private(fd, stat.S_ISDIR):
        return fd
    os.close(fd)
    return None


def _kept(file: str) -> dict[str, Any] | None:
    """The parser kept as *file* in the cache folder, as data, or None.

    A kept parser is JSON (:func:`_as_json`), so reading it runs nothing; and it is read,
    checked every time, only from a private folder
    (:func:`_cache_dir`) and a regular file the user owns and only the user can write,
    opened without following a link and without waiting (a FIFO is never read).
    """
    folder = _cache_dir()
    if folder is None:
        return None
    try:
        fd = os.open(file, os.O_RDONLY | _NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    except OSError:
        return None
    finally:
        os.close(folder)
    with os.fdopen(fd, "rb") as stream:
        if not _private(fd, stat.S_ISREG):
            return None
        data = stream.read(MAX_CACHE_BYTES + 1)
    if len(data) > MAX_CACHE_BYTES:
        return None
    try:
        kept = json.loads(data.decode("utf-8"), object_hook=_from_json)
    except (ValueError, TypeError, RecursionError):
        return None
    return kept if isinstance(kept, dict) else None


_ITEMS: Final = "\0items"
_TUPLE: Final = "\0tuple"
"""The marks of a dict with keys other than strings, and of a tuple, in a kept parser."""


def _as_json(value: Any) -> Any:
    """*value*, Lark's data of a parser (dicts, lists, tuples, strings, numbers), as JSON
    holds it: a tuple, and a dict with keys other than strings, marked for :func:`_from_json`.
    JSON, not a pickle or a literal: read by the standard library's C code, it runs nothing
    and takes a fraction of a millisecond."""
    if isinstance(value, dict):
        if all(isinstance(key, str) for key in value):
            return {key: _as_json(item) for key, item in value.items()}
        return {_ITEMS: [[_as_json(key), _as_json(item)] for key, item in value.items()]}
    if isinstance(value, (list, tuple)):
        items = [_as_json(item) for item in value]
        return {_TUPLE: items} if isinstance(value, tuple) else items
    return value


def _from_json(found: dict[str, Any]) -> Any:
    """The dict or tuple that :func:`_as_json` marked as *found*."""
    if _ITEMS in found:
        return dict(found[_ITEMS])
    if _TUPLE in found:
        return tuple(found[_TUPLE])
    return found


def _keep(file: str, parser: Lark) -> None:
    """Keep *parser* as *file* in the cache folder, if it is private, for the next run: as
    JSON, written under a name of its own, then renamed, so that no reader sees half of it.
    A cache that cannot be written only costs time."""
    folder = _cache_dir()
    if folder is None:
        return
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k != "transformer"}
    try:
        with contextlib.suppress(OSError, TypeError, ValueError):  # or data JSON cannot hold
            write_private(folder, file, json.dumps(_as_json({"data": data, "memo": memo})))
    finally:
        os.close(folder)
