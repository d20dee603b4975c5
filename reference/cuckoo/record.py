"""``cuckoo record``: write down a game played at the table, checked move by move.

The person at the table types the setup as the real dice and cards show it, then each move
in notation; the reference refuses an illegal move with its rule and asks again, asks for
the real re-roll of an infection or the real card of a deal or cut, and saves the record
after every move (atomically), so nothing typed is ever lost: ``--resume`` goes on from it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeVar

from . import cards, dice, kuckuck
from .cards import notation as cards_notation
from .dice import notation as dice_notation
from .errors import CuckooError
from .files import atomic_write, open_lines
from .games import GAMES, Kit, read_records
from .kuckuck import notation as kuckuck_notation
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


@dataclass
class Recorder:
    """A game being recorded: its setup, its moves so far, and where it is saved."""

    game: str
    path: Path
    rules: Any
    setup: Any
    tags: list[tuple[str, str]] = field(default_factory=list)
    moves: list[Any] = field(default_factory=list)
    entries: list[int] = field(default_factory=list)
    """How many moves each line typed added (a dealt hand is twelve), for undo."""

    @property
    def kit(self) -> Kit:
        return GAMES[self.game]

    def state(self) -> Any:
        """The position after the moves so far."""
        *_, state = self.kit.replay(self.record())
        return state

    def record(self) -> Any:
        notation: Any = NOTATIONS[self.game]
        return notation.record_of(self.rules, self.setup, self.moves, self.tags)

    def save(self) -> None:
        with atomic_write(self.path) as handle:
            handle.write(self.kit.format_record(self.record()))

    def play(self, *moves: Any) -> None:
        """Add *moves* if they are legal here (raises the engine's error if not), and save."""
        self.moves.extend(moves)
        try:
            self.state()
        except CuckooError:
            del self.moves[len(self.moves) - len(moves) :]
            raise
        self.entries.append(len(moves))
        self.save()

    def undo(self) -> bool:
        """Take back the last line typed (one move for a resumed game); False if none."""
        if not self.moves:
            return False
        count = self.entries.pop() if self.entries else 1
        del self.moves[len(self.moves) - count :]
        self.save()
        return True


def resume(path: Path) -> Recorder:
    """The recorder of the game saved in *path*.

    :raises CuckooError: if the file does not hold exactly one game that replays.
    :raises FileProblem: if it cannot be read as text.
    """
    with open_lines(str(path), limit=MAX_RECORD_CHARS) as lines:
        items = list(read_records(lines, source=str(path)))
    if len(items) != 1:
        raise CuckooError(f"{path} holds {len(items)} games, not one", rule="CD-NOTATION-SYNTAX")
    (item,) = items
    if isinstance(item, CuckooError):
        raise item
    kit, record = item
    for _ in kit.replay(record):
        pass
    setup_tags = ("Game", "Ruleset", "Variant", "First", "BlueRoll", "RedRoll", "Players")
    extra = (*setup_tags, "Dealer", "Result")
    tags = [(k, v) for k, v in record.tags if k not in extra]
    moves: list[Any] = list(record.moves)
    if isinstance(record, dice_notation.Record):
        rules: Any = record.ruleset()
    elif isinstance(record, kuckuck_notation.Record):
        rules = record.rules()
        moves = kuckuck_notation.engine_moves(record)
    else:
        assert isinstance(record, cards_notation.Record)
        rules = record.rules()
    return Recorder(kit.dialect.game, path, rules, record.setup(), tags, moves)


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
        dealt = [cards.card_named(word) for word in words]
        if not dealt or None in dealt:
            raise ValueError(f"{text!r} is not a card, such as Qh or 10s, nor a deal of cards")
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
    return [move]


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
        return f"{dice.PLAYER_NAMES[state.to_move]} (ply {state.ply + 1})"
    if game == kuckuck_notation.GAME:
        if state.step == "deal":
            return f"{state.players[state.to_deal]}'s twelve number cards"
        if state.step == "start":
            return "the player the draw chose"
        if state.step == "nest":
            return "the two nest cards turned up"
        waiting = " ".join(state.players[s] for s in kuckuck.choosing(state))
        return f"card played by {waiting}" if state.rules.in_turn else f"cards of {waiting}"
    who = state.players[state.to_act]
    if state.step == "deal":
        return f"card dealt to {who}"
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
    shown = None
    while True:
        state = recorder.state()
        if state != shown:  # not again after a refusal or a command: it has not changed
            say(recorder.kit.diagram(state).rstrip())
            shown = state
        if state.is_over:
            say(f"the game is over; the record is in {recorder.path}")
            return 0
        session = Session(ask, say, complete, HELP, recorder.undo)
        text = session.line(prompt(recorder.game, state) + "> ", recorder.kit.legal(state))
        if text is None:
            say(f"saved; go on with: cuckoo record --resume {recorder.path}")
            return 0
        if text:
            try:
                recorder.play(*reader(recorder, text, ask, say))
            except (CuckooError, ValueError) as error:
                say(refusal(error))
