"""``cuckoo record``: write down a game played at the table, checked move by move.

The person at the table types the setup as the real dice and cards show it, then each move
in notation; the reference refuses an illegal move with its rule and asks again, asks for
the real re-roll of an infection or the real card of a deal or cut, and saves the record
after every move (atomically), so nothing typed is ever lost: ``--resume`` goes on from it.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, TypeVar

from . import cards, dice, kuckuck
from .cards import notation as cards_notation
from .cards.deck import UNSEEN as UNSEEN_CARD
from .dice import notation as dice_notation
from .errors import CuckooError, NotationError, shown
from .files import FileProblem, atomic_write, check_replaceable, lines_of
from .games import GAMES, Kit, read_records
from .kuckuck import notation as kuckuck_notation
from .kuckuck.cards import HAND_SIZE, UNSEEN
from .notation import MAX_RECORD_CHARS
from .parameters import whole_number

__all__ = ["NEW", "Recorder", "Session", "prompt", "refusal", "resume", "run"]

T = TypeVar("T")
Ask = Callable[[str], str]
Say = Callable[[str], None]

NOTATIONS: Final = {n.GAME: n for n in (dice_notation, cards_notation, kuckuck_notation)}
"""Each game's notation module, by the name of the game."""

HELP = """commands: a move in notation; 'legal' lists the legal moves; 'undo' takes back the
last move; 'help'; 'quit' stops (the record so far is saved)."""


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
        moves typed since then added in canonical form (see :func:`continued`)."""
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
        count = len(self.moves)
        self.moves.extend(moves)
        try:
            self.state()
            self.save()
        except BaseException:
            del self.moves[count:]
            raise
        self.entries.append(len(moves))

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


def continued(text: str, before: str, after: str) -> str | None:
    """*text*, the file of a game whose canonical form is *before*, with the moves that
    *after* (its canonical form with more moves) adds written in after the last move, in
    canonical form: on the last line where the canonical form goes on with it (the rest of a
    numbered line), then on lines of their own; the result token stays last, and a Result
    tag gets the new result. Comments, unknown tags and blank lines stay as they were.

    None if the canonical forms do not go on from each other (the caller then checks the
    text, which a comment inside a move could make unreadable, and falls back).
    """
    old_tags, old_lines, _ = _parts(before)
    new_tags, new_lines, new_result = _parts(after)
    if old_lines:
        *same, last = old_lines
        head = new_lines[len(same)] if len(new_lines) > len(same) else ""
        if new_lines[: len(same)] != same or not head.startswith(last):
            return None
        rest, more = head[len(last) :], new_lines[len(old_lines) :]
    else:
        rest, more = "", new_lines
    if not rest and not more:
        return None
    found = _RESULT_AT_END.search(text)
    if found is None:
        return None
    newline = "\r\n" if "\r\n" in text else "\n"
    ahead, behind = text[: found.start(1)], text[found.end(1) :]
    end = len(ahead.rstrip())
    if rest or not ahead.endswith("\n") or not ahead.strip():
        added = rest + "".join(newline + line for line in more)
        ahead = ahead[:end] + added + ahead[end:]
    else:
        ahead += newline.join(more) + newline
    if old_tags != new_tags:
        ahead = _result_tag(ahead, new_tags)
    return ahead + new_result + behind


_RESULT_AT_END: Final = re.compile(r'(\*|[01]-[01]|"(?:[^"\\\n]|\\["\\])*")\s*\Z')
"""The result token that ends a record: a score, ``*``, or a quoted name."""
_TAG: Final = re.compile(r'\s*\[\s*([A-Za-z][A-Za-z0-9_]*)\s*("(?:[^"\\\n]|\\["\\])*")\s*\]')
"""One tag pair, with the white space before it."""


def _parts(canonical: str) -> tuple[str, list[str], str]:
    """The Result tag's line, the movetext lines and the result token of a canonical
    record of the recorder (which has no comments)."""
    lines = canonical.rstrip("\n").split("\n")
    blank = lines.index("")
    tag = next((line for line in lines[:blank] if line.startswith("[Result ")), "")
    return tag, lines[blank + 1 : -1], lines[-1]


def _result_tag(text: str, canonical: str) -> str:
    """*text* with the value of its first Result tag made that of the tag line *canonical*
    (a header with none is left as it is)."""
    at = 0
    while found := _TAG.match(text, at):
        if found[1].lower() == "result":
            value = canonical[len("[Result ") : -1]
            return text[: found.start(2)] + value + text[found.end(2) :]
        at = found.end()
    return text


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
    setup_tags = ("Game", "Ruleset", "Variant", "First", "BlueRoll", "RedRoll", "Players")
    extra = (*setup_tags, "Dealer", "Result")
    tags = [(k, v) for k, v in record.tags if k not in extra]
    rules = record.ruleset() if isinstance(record, dice_notation.Record) else record.rules()
    saved = Saved(text, record, moves)
    recorder = Recorder(kit.dialect.game, path, rules, record.setup(), tags, list(moves))
    recorder.saved, recorder.written = saved, text
    return recorder


def refusal(error: Exception) -> str:
    """Why a line typed at a prompt was refused: the rule and what is wrong, without the
    ``1:1:`` place of a one-line text (a column is named when it helps)."""
    if not isinstance(error, CuckooError):
        return f"  refused: {error}"
    at = f" (at character {error.column})" if error.column and error.column > 1 else ""
    return f"  refused: {': '.join(p for p in (error.rule, error.detail) if p)}{at}"


def _ask_until(ask: Ask, say: Say, prompt: str, read: Callable[[str], T]) -> T:
    """Ask until *read* accepts the answer; its errors are shown, never raised."""
    while True:
        text = ask(prompt).strip()
        try:
            return read(text)
        except (CuckooError, ValueError) as error:
            say(refusal(error).replace("refused: ", "", 1))


def new_dice(path: Path, ask: Ask, say: Say) -> Recorder:
    """Ask for the setup of a dice game as the table shows it."""

    def rules(text: str) -> dice.Ruleset:
        return dice.ruleset(text or "cuckoo")

    ruleset = _ask_until(ask, say, "Ruleset (cuckoo, dwnsiwn, unnamed) [cuckoo]: ", rules)
    names = [(p, ask(f"{p}'s name (optional): ").strip()) for p in dice.PLAYER_NAMES]
    rolls = []
    for player in dice.PLAYER_NAMES:

        def roll(text: str, player: str = player) -> tuple[int, ...]:
            values = tuple(_digits(text))
            setup = dice.Setup((values, values), 0)
            dice.new_game(ruleset, setup)
            return values

        rolls.append(
            _ask_until(ask, say, f"{player}'s ten dice as rolled, e.g. 1223445566: ", roll)
        )

    def first(text: str) -> int:
        if text.title() not in dice.PLAYER_NAMES:
            raise ValueError("answer Blue or Red")
        return dice.PLAYER_NAMES.index(text.title())

    setup = dice.Setup((rolls[0], rolls[1]), _ask_until(ask, say, "Who moves first? ", first))
    tags = [(p, n) for p, n in names if n]
    return Recorder(dice_notation.GAME, path, ruleset, setup, tags)


def new_cards(path: Path, ask: Ask, say: Say) -> Recorder:
    """Ask for the players, the dealer and the number of lives."""

    def players(text: str) -> tuple[str, ...]:
        names = tuple(text.replace(",", " ").split())
        cards.new_game(None, cards.Setup(names, 0))
        return names

    names = _ask_until(ask, say, "Players, in seating order (left of each is next): ", players)

    def dealer(text: str) -> int:
        if text not in names:
            raise ValueError(f"answer one of {', '.join(names)}")
        return names.index(text)

    seat = _ask_until(ask, say, "Who deals first? ", dealer)
    variant = _ask_until(
        ask, say, "Lives [3]: ", lambda t: cards.rules(lives=whole_number(t or "3"))
    )
    return Recorder(cards_notation.GAME, path, variant, cards.Setup(names, seat))


def new_kuckuck(path: Path, ask: Ask, say: Say) -> Recorder:
    """Ask for the players and the version."""

    def players(text: str) -> tuple[str, ...]:
        names = tuple(text.replace(",", " ").split())
        kuckuck.new_game(None, kuckuck.Setup(names))
        return names

    names = _ask_until(ask, say, "Players, in seating order (left of each is next): ", players)
    variant = _ask_until(
        ask,
        say,
        "Version (basic, tactical) [basic]: ",
        lambda t: kuckuck.rules(variant=t or "basic"),
    )
    return Recorder(kuckuck_notation.GAME, path, variant, kuckuck.Setup(names))


def _kuckuck_moves(recorder: Recorder, text: str, ask: Ask, say: Say) -> list[Any]:
    """A line of the notation, or less: at the deal only the numbers, at a nest only the two
    cards, at the draw only the name, and in the tactical version only the card played."""
    state = recorder.state()
    words = text.split()
    keyword = words[0].lower() if words else ""
    if keyword in ("cockatoos", "show"):
        _kuckuck_seen(recorder, state, keyword, words[1:])
        return []
    if all(w.isdigit() for w in words):
        if state.step == "deal":
            text = f"deal {state.players[state.to_deal]} {text}"
        elif state.step == "nest":
            text = f"nest {text}"
        elif state.step == "play" and state.rules.in_turn:
            (seat,) = kuckuck.choosing(state)
            text = f"{state.players[seat]} {text}"
    elif state.step == "start" and len(words) == 1:
        text = f"start {text}"
    item = kuckuck_notation.parse_item(text)
    return kuckuck_notation.moves_of(state, item)


def _kuckuck_seen(recorder: Recorder, state: Any, keyword: str, words: list[str]) -> None:
    """What the table saw instead of the hands (ZK-PARTIAL-UNSEEN, ZK-PARTIAL-COUNT):
    ``cockatoos 4 3 5``, at the deal, the cockatoo cards each player took, the hands then
    unseen; ``show Ann 7 19 ...``, at any time, cards of the hand Ann holds, written into
    its deal in place of unseen cards.

    :raises CuckooError: for counts or cards that cannot be (nothing is recorded).
    :raises ValueError: for words that are not counts, names or cards."""
    if keyword == "cockatoos":
        if state.step != "deal" or any(state.dealt):
            raise ValueError("the cockatoo cards taken are typed before any hand is dealt")
        if not all(w.isdecimal() and len(w) <= 2 for w in words):
            raise ValueError("type the cockatoo cards each player took, e.g. cockatoos 4 3 5")
        setup = kuckuck.Setup(state.players, tuple(int(w) for w in words))
        unseen = [kuckuck.Deal(UNSEEN)] * (HAND_SIZE * len(state.players))
        recorder.revise(unseen, setup)
        return
    recorder.revise(hand_shown(state, recorder.moves, words))


def hand_shown(state: Any, moves: Sequence[Any], words: Sequence[str]) -> list[Any]:
    """ZK-PARTIAL-UNSEEN: *moves* (a match's, from its deal) with the cards that ``show NAME
    7 19`` (*words* after ``show``) says NAME's hand holds written into its deal in place of
    unseen cards; *state* is the position after *moves*. Shared by the terminal's recorder
    and the app's (``web/recorder.py``); the caller replays the result, which checks it.

    :raises ValueError: for words that are not a name and cards, or more cards than unseen.
    :raises CuckooError: for a name that is not a player's."""
    if not state.given or not words or not all(w.isdecimal() for w in words[1:]):
        raise ValueError("show NAME and the cards the hand NAME holds shows, e.g. show Ann 7 19")
    seat = kuckuck_notation._seat(state, words[0], "ZK-PARTIAL-UNSEEN")
    owner = (seat - state.cycle) % len(state.players) if state.hands else seat
    shown = [int(w) for w in words[1:] if int(w) not in state.dealt[owner]]
    filled = list(moves)
    slots = [
        k
        for k in range(HAND_SIZE * owner, HAND_SIZE * owner + HAND_SIZE)
        if filled[k] == kuckuck.Deal(UNSEEN)
    ]
    if len(shown) > state.dealt[owner].count(UNSEEN):
        raise ValueError(f"{words[0]}'s hand has {state.dealt[owner].count(UNSEEN)} unseen cards")
    for k, number in zip(slots, shown, strict=False):
        filled[k] = kuckuck.Deal(number)
    return filled


def _digits(text: str) -> list[int]:
    """The digits 0-9 typed in *text*, each one value (``²`` is not a digit here)."""
    return [int(ch) for ch in text if ch in "0123456789"]


def _dice_moves(recorder: Recorder, text: str, ask: Ask, say: Say) -> list[Any]:
    move = dice_notation.parse_move(text)
    state = recorder.state()
    if isinstance(move, dice_notation.Seen):
        move = dice_notation.resolve(state, move)
    if isinstance(move, dice.Infect) and move.rolls is None:
        dice.apply(state, move)  # refuse an illegal infection before asking for dice

        count = len(move.give)

        def reroll(answer: str) -> dice.Infect:
            values = _digits(answer)
            if len(values) != count + 1:
                raise ValueError(f"type {count + 1} dice: the taken die, then the given ones")
            written = f"{text}({values[0]};{','.join(map(str, values[1:]))})"
            infection = dice_notation.parse_move(written)
            assert isinstance(infection, dice.Infect)
            return infection

        move = _ask_until(
            ask, say, f"  re-roll: the taken die, then the {count} given dice: ", reroll
        )
    return [move]


def _card_moves(recorder: Recorder, text: str, ask: Ask, say: Say) -> list[Any]:
    """A card dealt, several as the notation writes a deal (``deal 7h Ks``), or a decision;
    a swap that a king stops is explained, since nothing seems to happen."""
    state = recorder.state()
    if state.step == "deal":
        words = text.split()
        if words and words[0].lower() == "deal":
            words = words[1:]
        dealt = [UNSEEN_CARD if word == "?" else cards.card_named(word) for word in words]
        if not dealt or None in dealt:
            raise ValueError(
                f"{text!r} is not a card, such as Qh or 10s, nor ? for one nobody saw, nor a "
                "deal of cards"
            )
        return [cards.Deal(card) for card in dealt if card is not None]
    move = cards_notation.parse_move(text if text.lower() != "cut" else "cut As")
    if isinstance(move, cards.Swap) and cards.apply(state, move).cards == state.cards:
        neighbour = state.players[cards.next_seat(state, state.to_act)]
        say(f"  {neighbour} shows a king: the swap does not happen (CC-SWAP-KING)")
    if isinstance(move, cards.Cut) and text.lower() == "cut":
        cards.apply(state, cards.CUT)  # refuse an illegal cut before asking for the card

        def turned(answer: str) -> cards.Cut:
            card = cards.card_named(answer)
            if card is None:
                raise ValueError(f"{answer!r} is not a card")
            return cards.Cut(card)

        move = _ask_until(ask, say, "  the card turned up: ", turned)
    if state.to_act == state.dealer and state.unseen:
        return [move, _show_down(state, ask, say)]
    return [move]


def _show_down(state: Any, ask: Ask, say: Say) -> cards.Show:
    """CC-PARTIAL-SHOW: a hand with cards nobody saw ends with the cards turned face up,
    asked for with the dealer's decision (the record is valid only with both)."""
    order = [cards.next_seat(state, state.dealer)]
    while order[-1] != state.dealer:
        order.append(cards.next_seat(state, order[-1]))
    names = " ".join(state.players[s] for s in order)

    def shown(answer: str) -> cards.Show:
        found = [cards.card_named(word) for word in answer.split()]
        if len(found) != len(order) or None in found:
            raise ValueError(f"type {len(order)} cards, the one each of {names} shows")
        return cards.Show(tuple(c for c in found if c is not None))

    return _ask_until(ask, say, f"  the show-down, the cards of {names}: ", shown)


NEW: Final[dict[str, Callable[[Path, Ask, Say], Recorder]]] = {
    dice_notation.GAME: new_dice,
    cards_notation.GAME: new_cards,
    kuckuck_notation.GAME: new_kuckuck,
}
"""How a new record of each game asks for its setup."""


def prompt(game: str, state: Any) -> str:
    """What the table enters next in *game*, in a few words (the terminal's prompt, the
    app's heading over its choices)."""
    if game == dice_notation.GAME:
        return f"{dice.PLAYER_NAMES[state.to_move]} (turn {state.ply + 1})"
    if game == kuckuck_notation.GAME:
        if state.step == "deal":
            name = state.players[state.to_deal]
            if any(state.dealt):
                return f"{name}'s twelve number cards"
            return f"{name}'s twelve number cards (unseen: cockatoos and the count of each)"
        if state.step == "start":
            return "the player the draw chose"
        if state.step == "nest":
            return "the two nest cards turned up"
        waiting = " ".join(state.players[s] for s in kuckuck.choosing(state))
        return f"card played by {waiting}" if state.rules.in_turn else f"cards of {waiting}"
    who = state.players[state.to_act]
    if state.step == "deal":
        return f"card dealt to {who} (? if not seen)"
    return f"{who} (keep/swap{'/cut' if state.to_act == state.dealer else ''})"


@dataclass(frozen=True)
class Session:
    """What every session at the terminal shares (``record``, ``play``): the commands
    ``help``, ``legal``, ``undo`` and ``quit`` beside the moves typed."""

    ask: Ask
    say: Say
    complete: Callable[[Iterable[str]], None]
    help: str
    undo: Callable[[], bool]

    def line(self, prompt: str, legal: list[str]) -> str | None:
        """The line typed if it is a move; "" after a command; None to quit."""
        self.complete([*legal, "legal", "undo", "help", "quit"])
        text = self.ask(prompt).strip()
        if text in ("quit", "exit"):
            return None
        if text == "help" or not text:
            self.say(self.help)
        elif text == "legal":
            self.say("  " + (", " if any(" " in m for m in legal) else " ").join(legal))
        elif text == "undo":
            self.say("  took back the last move" if self.undo() else "  nothing to undo")
        else:
            return text
        return ""


def run(recorder: Recorder, ask: Ask, say: Say, complete: Callable[[Iterable[str]], None]) -> int:
    """The recording loop, until the game ends or the user quits."""
    recorder.save()
    say(f"recording to {recorder.path}; {HELP}")
    reader = {
        dice_notation.GAME: _dice_moves,
        cards_notation.GAME: _card_moves,
        kuckuck_notation.GAME: _kuckuck_moves,
    }[recorder.game]
    drawn = None
    while True:
        state = recorder.state()
        if state != drawn:  # not again after a refusal or a command: it has not changed
            say(recorder.kit.diagram(state).rstrip())
            drawn = state
        if state.is_over:
            say(f"the game is over; the record is in {recorder.path}")
            return 0
        session = Session(ask, say, complete, HELP, recorder.undo)
        try:
            text = session.line(prompt(recorder.game, state) + "> ", recorder.kit.legal(state))
            if text is None:
                say(f"saved; go on with: cuckoo record --resume {shown(str(recorder.path))}")
                return 0
            if text:
                recorder.play(*reader(recorder, text, ask, say))
        except (CuckooError, ValueError) as error:
            say(refusal(error))
        except FileProblem as error:
            say(f"  not saved, so not recorded: {error}")
        except OSError as error:
            name = shown(str(recorder.path))
            say(f"  not saved, so not recorded: {name}: {error.strerror or error}")
