"""The game being recorded and its file: a new record, or one resumed from its file, saved
after every line typed, with undo."""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final

from ..cards import notation as cards_notation
from ..dice import notation as dice_notation
from ..errors import CuckooError, NotationError, shown
from ..files import FileProblem, atomic_write, check_replaceable
from ..games import GAMES, Kit, read_records
from ..kuckuck import notation as kuckuck_notation
from ..lines import lines_of
from ..notation import MAX_RECORD_CHARS
from .text import continued, noted

__all__ = ["NOTATIONS", "WAITING", "Recorder", "resume"]

NOTATIONS: Final = {n.GAME: n for n in (dice_notation, cards_notation, kuckuck_notation)}
"""Each game's notation module, by the name of the game."""

WAITING: Final = "entered, written once the hand is shown: "
"""How the file's last comment begins that keeps a line typed whose moves wait for what
completes them (the card game's dealer's decision, before its show-down: CC-PARTIAL-SHOW),
as the app keeps a round not yet whole."""


@dataclass(frozen=True)
class Saved:
    """A record file as ``--resume`` found it: its text, byte for byte, and what it holds, so
    that the moves typed are added to it without rewriting what was there."""

    text: str
    record: Any
    moves: tuple[Any, ...]
    """The engine's moves the record writes."""


@dataclass(frozen=True)
class Before:
    """What was recorded before a line that changed it rather than adding moves (a hand
    shown, the cockatoo cards taken), for undo to put back."""

    moves: tuple[Any, ...]
    setup: Any


@dataclass
class Recorder:
    """A game being recorded: its setup, its moves so far, and where it is saved."""

    game: str
    path: Path
    rules: Any
    setup: Any
    tags: list[tuple[str, str]] = field(default_factory=list)
    moves: list[Any] = field(default_factory=list)
    entries: list[int | Before] = field(default_factory=list)
    """For undo, per line typed: how many moves it added (a dealt hand is twelve), or what
    was recorded before it, for a line that changed that (:meth:`revise`)."""
    saved: Saved | None = None
    """The file as it was when resumed; None for a new record."""
    written: str | None = None
    """The text the file holds, as last read or saved; None before the first save."""
    waiting: str | None = None
    """A line typed that cannot be recorded yet (see :data:`WAITING`), or None: the file
    keeps it in a comment after the last move, and ``--resume`` goes on with it."""
    seen: Callable[[Recorder], str] | None = None
    """For a game played against bots: the text the file holds, made from the recorder,
    so that it shows only what the person's seat has seen until the game ends; None: the
    whole record, as the table saw it."""

    @property
    def kit(self) -> Kit:
        return GAMES[self.game]

    def state(self) -> Any:
        """The position after the moves so far."""
        *_, state = self.kit.replay(self.record())
        return state

    def record(self, moves: Sequence[Any] | None = None) -> Any:
        """The canonical record of the moves so far (or of *moves*), without comments."""
        notation: Any = NOTATIONS[self.game]
        chosen = self.moves if moves is None else moves
        return notation.record_of(self.rules, self.setup, chosen, self.tags)

    def text(self) -> str:
        """What the file holds after the moves so far: a resumed file as it was, with the
        moves typed since then added in canonical form (see :func:`continued`); the line
        :attr:`waiting`, if any, in a comment after the last move."""
        text = self._moves_text() if self.seen is None else self.seen(self)
        return text if self.waiting is None else noted(text, WAITING + self.waiting)

    def _moves_text(self) -> str:
        if self.saved is None:
            return self.kit.format_record(self.record())
        kept = len(self.saved.moves)
        if tuple(self.moves[:kept]) == self.saved.moves:
            if len(self.moves) == kept:
                return self.saved.text
            formatted = map(self.kit.format_record, (self.record(self.moves[:kept]), self.record()))
            text = continued(self.saved.text, *formatted)
            if text is not None and self._holds(text):
                return text
        return self._rewritten()

    def _rewritten(self) -> str:
        """The canonical text of the moves so far with the resumed file's tags and its
        comments on the moves still there: for an undo past where the file was resumed, or
        the rare addition that cannot be written after what was there."""
        assert self.saved is not None
        kept = 0
        for old, new in zip(self.saved.moves, self.moves, strict=False):
            if old != new:
                break
            kept += 1
        record = self.record()
        written = len(self.record(self.moves[:kept]).moves)
        result = dict(record.tags)["Result"]
        tags = tuple((k, result if k == "Result" else v) for k, v in self.saved.record.tags)
        comments = tuple((n, c) for n, c in self.saved.record.comments if n <= written)
        return self.kit.format_record(replace(record, tags=tags, comments=comments))

    def _holds(self, text: str) -> bool:
        """Whether *text* reads back as exactly this game (the check on :func:`continued`)."""
        try:
            *_, moves = _read(text.encode(), str(self.path))
        except (CuckooError, FileProblem):
            return False
        return moves == tuple(self.moves)

    def save(self) -> None:
        """Write the file if what it should hold has changed (a resumed game with nothing
        typed is not written at all), never over changes made to it meanwhile.

        :raises FileProblem: if the file was changed by another program since the last save,
            or may not be replaced.
        :raises OSError: if it cannot be written (the old file is then left whole).
        """
        text = self.text()
        if text == self.written:
            return
        if self.written is not None:
            try:
                now = self.path.read_bytes()
            except FileNotFoundError:  # deleted meanwhile: the whole record is written again
                now = self.written.encode()
            if now != self.written.encode():
                name = shown(str(self.path))
                raise FileProblem(f"{name} was changed by another program: not saved over it")
        with atomic_write(self.path, keep=True, create=self.written is None) as handle:
            handle.write(text)
        self.written = text

    def play(self, *moves: Any) -> None:
        """Add *moves* if they are legal here (raises the engine's error if not), and save;
        if the save fails or is interrupted, the moves are taken back, as the file has not
        got them."""
        if not moves:  # a line that changed what was recorded instead (revise)
            return
        count, waiting = len(self.moves), self.waiting
        self.moves.extend(moves)
        self.waiting = None  # the moves it waited for are these, or replace it
        try:
            self.state()
            self.save()
        except BaseException:
            del self.moves[count:]
            self.waiting = waiting
            raise
        self.entries.append(len(moves))

    def wait(self, line: str | None) -> None:
        """Keep *line* in the file as the line typed that waits (:attr:`waiting`), or with
        None drop it, and save."""
        before, self.waiting = self.waiting, line
        try:
            self.save()
        except BaseException:
            self.waiting = before
            raise

    def revise(self, moves: Sequence[Any], setup: Any = None) -> None:
        """Replace every move so far by *moves* (and the setup by *setup*), if the game
        they make replays, and save; on any failure nothing changes. For what is learnt
        late: a hand shown at the end of a round (ZK-PARTIAL-UNSEEN)."""
        before, old_setup = list(self.moves), self.setup
        self.moves[:] = moves
        self.setup = old_setup if setup is None else setup
        try:
            self.state()
            self.save()
        except BaseException:
            self.moves[:], self.setup = before, old_setup
            raise
        self.entries.append(Before(tuple(before), old_setup))

    def undo(self) -> bool:
        """Take back the last line typed: the moves it added, or what it changed (a hand
        shown is unseen again); for a resumed game, the last move the record writes alone
        (a basic round of Zum Kuckuck! whole).  False if there is nothing to take back."""
        if not (self.moves or self.entries):
            return False
        before, setup = list(self.moves), self.setup
        entry = self.entries.pop() if self.entries else 1
        if isinstance(entry, Before):
            self.moves[:], self.setup = entry.moves, entry.setup
        else:
            del self.moves[len(self.moves) - entry :]
            while self.moves and not _writable(self):
                self.moves.pop()
        try:
            self.save()
        except BaseException:
            self.moves[:], self.setup = before, setup
            self.entries.append(entry)
            raise
        return True


def _writable(recorder: Recorder) -> bool:
    try:
        recorder.record()
    except NotationError:  # a basic Zum Kuckuck! round not yet shown by everyone
        return False
    return True


def _read(data: bytes, source: str) -> tuple[Kit, Any, tuple[Any, ...]]:
    """The one record that *data* holds, replayed: its kit, the record and the engine's
    moves it writes.

    :raises CuckooError: if it does not hold exactly one game that replays.
    :raises FileProblem: if it is not text.
    """
    lines = lines_of(io.BytesIO(data), source, limit=MAX_RECORD_CHARS)
    items = []
    for item in read_records(lines, source=source):
        if isinstance(item, CuckooError):  # what is wrong says more than how many
            raise item
        items.append(item)
    if len(items) != 1:
        raise CuckooError(f"{source} holds {len(items)} games, not one", rule="CD-NOTATION-SYNTAX")
    ((kit, record),) = items
    for _ in kit.replay(record):
        pass
    if isinstance(record, kuckuck_notation.Record):
        return kit, record, tuple(kuckuck_notation.engine_moves(record))
    return kit, record, tuple(record.moves)


def resume(path: Path) -> Recorder:
    """The recorder of the game saved in *path*, which is checked whole before anything is
    written: a file that is not one record of a game, or that may not be replaced, is
    refused untouched.

    :raises CuckooError: if the file does not hold exactly one game that replays.
    :raises FileProblem: if it cannot be read as text, or may not be replaced.
    """
    check_replaceable(path)
    name = shown(str(path))
    try:
        with path.open("rb") as handle:
            too_long = os.fstat(handle.fileno()).st_size > 4 * MAX_RECORD_CHARS
            data = b"" if too_long else handle.read(4 * MAX_RECORD_CHARS + 1)
    except OSError as error:
        raise FileProblem(f"{name}: cannot read: {error.strerror or error}") from None
    if too_long or len(data) > 4 * MAX_RECORD_CHARS:
        raise FileProblem(f"{name}: longer than a record of {MAX_RECORD_CHARS} characters")
    kit, record, moves = _read(data, name)
    text = data.decode("utf-8")
    waiting, record, without = _waiting(record, moves, text)
    setup_tags = ("Game", "Ruleset", "Variant", "First", "BlueRoll", "RedRoll", "Players")
    extra = (*setup_tags, "Dealer", "Result")
    tags = [(k, v) for k, v in record.tags if k not in extra]
    rules = record.ruleset() if isinstance(record, dice_notation.Record) else record.rules()
    saved = Saved(without, record, moves)
    recorder = Recorder(kit.dialect.game, path, rules, record.setup(), tags, list(moves))
    recorder.saved, recorder.written, recorder.waiting = saved, text, waiting
    return recorder


def _waiting(record: Any, moves: tuple[Any, ...], text: str) -> tuple[str | None, Any, str]:
    """The line a file keeps waiting (:data:`WAITING`), the record and its text without
    that comment; None, the record and the text as they are if it keeps none."""
    last = record.comments[-1] if record.comments else None
    if last is None or last[0] != len(record.moves) or not last[1].startswith(WAITING):
        return None, record, text
    comment = "{" + last[1] + "}"
    at = text.rfind(comment)
    start = at - 1 if text[at - 1 : at] == " " else at
    rest = replace(record, comments=record.comments[:-1])
    return last[1][len(WAITING) :].strip(), rest, text[:start] + text[at + len(comment) :]
