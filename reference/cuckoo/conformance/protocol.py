"""The engine protocol, reference side: one command a line in, one answer a line out.

Like GTP and UCI: an answer starts ``=`` (success, then the payload) or ``?`` (failure,
then the error kind, the rule ID or ``-``, and a message).  The implementer's guide in the
docs is the normative description; this module is its reference implementation.  Each game
plugs in through a small adapter.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import IO, Any, BinaryIO, Final, Protocol

from .. import cards, dice, kuckuck
from ..cards import notation as cards_notation
from ..cards import views as cards_views
from ..dice import notation as dice_notation
from ..dice import views as dice_views
from ..errors import CuckooError, NotationError, SetupError, shown
from ..games import Kit, read_records
from ..kuckuck import notation as kuckuck_notation
from ..kuckuck import views as kuckuck_views
from ..notation import Record
from ..parameters import whole_number

__all__ = ["PROTOCOL", "Session", "command_of", "read_params", "serve", "words"]

PROTOCOL: Final = "cuckoo-protocol 1"


class ProtocolError(Exception):
    """A command the protocol does not know, or one sent at the wrong time."""


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def read_params(words: list[str]) -> dict[str, object]:
    """``name=value`` words as parameters: numbers, ``none``, ``yes`` and ``no`` decoded.
    A name given twice is refused: which of the two counts, the guide leaves to no engine."""
    values: dict[str, object] = {"none": None, "yes": True, "no": False}
    params: dict[str, object] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep:
            raise ProtocolError(f"expected name=value, not {word!r}")
        if key in params:
            raise ProtocolError(f"the parameter {key!r} is given twice")
        number = whole_number(value)
        params[key] = number if isinstance(number, int) else values.get(value, value)
    return params


@contextmanager
def _named(rule: str, message: str) -> Iterator[None]:
    """A setup refused under *rule* says *message*: the name the command gave, where the
    engine's own message has only the seat it could not find (-1)."""
    try:
        yield
    except SetupError as error:
        if error.rule != rule:
            raise
        raise SetupError(message, rule=rule) from None


_DIGITS: Final = "0123456789"
"""The digits of a roll: ASCII only (``٣`` and ``²`` are no die's face, -1 for the rules'
CD-SETUP-ROLL to refuse)."""


class DiceGame:
    """The dice pyramid: ``new RULESET FIRST BLUEROLL REDROLL [param=value ...]``."""

    def __init__(self, state: dice.State) -> None:
        self.state = state

    @classmethod
    def new(cls, args: list[str]) -> DiceGame:
        if len(args) < 4:
            raise ProtocolError("usage: new RULESET FIRST BLUEROLL REDROLL [param=value ...]")
        name, first, blue, red, *params = args
        rolls = tuple(tuple(_DIGITS.find(ch) for ch in r) for r in (blue, red))
        player = dice.PLAYER_NAMES.index(first) if first in dice.PLAYER_NAMES else -1
        rules = dice.ruleset(name, **read_params(params))
        with _named("CD-SETUP-FIRST", f"the first player must be Blue or Red, not {first!r}"):
            return cls(dice.new_game(rules, dice.Setup((rolls[0], rolls[1]), player)))

    @staticmethod
    def read(state: dice.State, text: str) -> list[dice.Move]:
        """The move *text* writes in *state*: a placement as seen resolved, an infection
        with its re-roll (the app's recorder reads moves this way too)."""
        move = dice_notation.parse_move(text)
        if isinstance(move, dice_notation.Seen):
            move = dice_notation.resolve(state, move)
        if isinstance(move, dice.Infect) and move.rolls is None:
            raise NotationError(
                "an infection must carry its re-roll, such as 2+3x5(4;1,6)",
                rule="CD-NOTATION-ROLLS",
            )
        return [move]

    def apply(self, text: str) -> None:
        (move,) = self.read(self.state, text)
        self.state = dice.apply(self.state, move)

    def legal(self) -> list[str]:
        return [str(m) for m in dice.legal_moves(self.state)]

    def position(self) -> dict[str, Any]:
        return dice_views.position(self.state)

    def result(self) -> str:
        outcome = dice.result(self.state)
        return f"{outcome.token} {outcome.reason}" if outcome else "*"

    def chance(self, text: str) -> str:
        if not text:  # nothing is ever due: a re-roll comes with its infection
            raise ProtocolError("chance takes an infection without its re-roll, such as 2+3x5")
        move = dice_notation.parse_move(text)
        if not isinstance(move, dice.Infect) or move.rolls is not None:
            raise ProtocolError("chance takes an infection without its re-roll, such as 2+3x5")
        waiting = dice.apply(self.state, move)
        return " ".join(f"{r}={_fraction(p)}" for r, p in dice.chance_outcomes(waiting))

    def perft(self, depth: int, spend: Callable[[int], None]) -> int:
        return _dice_perft(self.state, depth, spend)


def _dice_perft(state: dice.State, depth: int, spend: Callable[[int], None]) -> int:
    """The number of distinct records of *depth* more plies: every legal move, and for an
    infection every re-roll outcome, is a branch.  Leaves are counted in bulk."""
    if depth == 0 or state.is_over:
        return 1 if depth == 0 else 0
    total = 0
    moves = dice.legal_moves(state)
    spend(len(moves))
    for move in moves:
        after = dice.apply(state, move)
        outcomes = [r for r, _ in dice.chance_outcomes(after)] if after.is_chance else [None]
        if depth == 1:
            total += len(outcomes)
        else:
            total += sum(
                _dice_perft(dice.apply(after, r) if r else after, depth - 1, spend)
                for r in outcomes
            )
    return total


class CardGame:
    """Cuckoo (cards): ``new cuckoo-cards DEALER PLAYER PLAYER ... [param=value ...]``.

    A card nobody saw may be dealt as ``?`` and a hand ended by its show-down, ``show``
    and the cards (CC-PARTIAL-UNSEEN, CC-PARTIAL-SHOW): so the game keeps the moves of the
    hand under way and the state it began in, and replays that hand with each move, as a
    record's reader does, since a show-down can tell what the ``?`` cards were.
    """

    def __init__(
        self, state: cards.State, hand: cards.State | None = None, moves: tuple[Any, ...] = ()
    ) -> None:
        self.state = state
        self.hand = hand or state
        """The state before the deal of the hand under way."""
        self.moves = moves
        """The moves of that hand so far, show-down included."""

    @classmethod
    def new(cls, args: list[str]) -> CardGame:
        names = [a for a in args if "=" not in a]
        if len(names) < 2:
            raise ProtocolError("usage: new cuckoo-cards DEALER PLAYER PLAYER ... [param=value]")
        dealer, *players = names
        seat = players.index(dealer) if dealer in players else -1
        variant = cards.rules(**read_params([a for a in args if "=" in a]))
        said = f"the first dealer must be one of the players, not {dealer!r}"
        with _named("CC-SETUP-DEALER", said):
            return cls(cards.new_game(variant, cards.Setup(tuple(players), seat)))

    @classmethod
    def of_record(cls, record: Record, states: list[cards.State]) -> CardGame:
        """The game a record ends in (*states*: its replay), its last hand's moves kept for
        a show-down still to come."""
        moves = record.moves
        begins = [
            k for k, m in enumerate(moves) if isinstance(m, cards.Deal) and not any(states[k].cards)
        ]
        first = begins[-1] if begins else len(moves)
        return cls(states[-1], states[first], tuple(moves[first:]))

    @staticmethod
    def read(state: cards.State, text: str) -> list[Any]:
        """One decision, a show-down, or a deal of one or more cards (``deal 7h ? Ks``),
        read as the notation reads one item (a no-break space is part of a word)."""
        return cards_notation.parse_moves(text)

    def apply(self, text: str) -> None:
        moves = self.read(self.state, text)
        state = self.state
        begins = isinstance(next(iter(moves), None), cards.Deal) and not any(state.cards)
        hand, before = (state, ()) if begins and state.step == "deal" else (self.hand, self.moves)
        *_, self.state = cards_notation.follow(hand, (*before, *moves), piecewise=True)
        self.hand, self.moves = hand, (*before, *moves)

    def legal(self) -> list[str]:
        if self.state.step == "show":
            return ["show"]
        if self.state.unseen and self.state.step == "deal":
            return [str(card) for card in cards.DECK if card not in self._seen()]
        return [str(m) for m in cards.legal_moves(self.state)]

    def _seen(self) -> set[cards.Card | None]:
        """The cards the table saw in the hand under way: dealt face up, or turned up."""
        return {m.card for m in self.moves if isinstance(m, (cards.Deal, cards.Cut))}

    def position(self) -> dict[str, Any]:
        return cards_views.position(self.state)

    def result(self) -> str:
        seat = cards.winner(self.state)
        return "*" if seat is None else self.state.players[seat]

    def chance(self, text: str) -> str:
        """The next card's outcomes at a deal; ``chance cut``: those of the dealer's cut."""
        if text.lower() not in ("", "cut"):
            raise ProtocolError("chance takes nothing, or cut, in cuckoo-cards")
        self._all_seen("chance")
        state = cards.apply(self.state, cards.CUT) if text else self.state
        return " ".join(f"{o}={_fraction(p)}" for o, p in cards.chance_outcomes(state))

    def perft(self, depth: int, spend: Callable[[int], None]) -> int:
        self._all_seen("perft")
        return _perft(self.state, depth, cards.legal_moves, cards.apply, spend)

    def _all_seen(self, command: str) -> None:
        """Odds and counts need the cards held: refused while a card nobody saw is in a
        hand (what the decisions tell of it, the reference does not weigh)."""
        if self.state.unseen:
            raise ProtocolError(f"{command} needs every card held seen: a ? is in a hand")


def _word(move: str) -> str:
    """A move with spaces in it as one word of a ``legal`` or ``chance`` answer."""
    return move.replace(" ", ":")


def _perft(
    state: Any,
    depth: int,
    legal: Callable[[Any], Any],
    apply: Callable[..., Any],
    spend: Callable[[int], None],
) -> int:
    """The number of move sequences of *depth* from *state*, chance outcomes included."""
    if depth == 0:
        return 1
    moves = legal(state)
    if depth == 1:  # counted in bulk: no position made
        spend(1)
        return len(moves)
    spend(len(moves))
    return sum(_perft(apply(state, m), depth - 1, legal, apply, spend) for m in moves)


class KuckuckGame:
    """Zum Kuckuck!: ``new zum-kuckuck PLAYER PLAYER PLAYER ... [variant=tactical]``.

    Its moves have spaces in them (``Ann 45``); ``legal`` and ``chance`` list each with its
    words joined by ``:`` (``Ann:45``, ``nest:3:9``), and ``apply`` takes either form.
    """

    def __init__(self, state: kuckuck.State) -> None:
        self.state = state

    @classmethod
    def new(cls, args: list[str]) -> KuckuckGame:
        names = tuple(a for a in args if "=" not in a)
        variant = kuckuck.rules(**read_params([a for a in args if "=" in a]))
        return cls(kuckuck.new_game(variant, kuckuck.Setup(names)))

    @staticmethod
    def read(state: kuckuck.State, text: str) -> list[kuckuck.Move]:
        """One item of the notation, or less: a deal may give a player fewer than 12 cards
        and go on where the last one stopped (``deal Ann 5``), and a basic round's cards
        may come one at a time (``Ann 45``), as the players choose them."""
        item = kuckuck_notation.parse_item(text.replace(":", " "))
        return kuckuck_notation.moves_of(state, item, piecewise=True)

    def apply(self, text: str) -> None:
        state = self.state
        for move in self.read(state, text):
            state = kuckuck.apply(state, move)
        self.state = state

    def legal(self) -> list[str]:
        return [_word(text) for text in kuckuck_notation.legal_texts(self.state)]

    def position(self) -> dict[str, Any]:
        return kuckuck_views.position(self.state)

    def result(self) -> str:
        return kuckuck_notation.result_token(self.state)

    def chance(self, text: str) -> str:
        """The next chance event's outcomes: a dealt card, the start draw or a nest pair."""
        if text:
            raise ProtocolError("chance takes nothing in zum-kuckuck")
        return " ".join(
            f"{_word(kuckuck_notation.move_text(self.state, o))}={_fraction(p)}"
            for o, p in kuckuck.chance_outcomes(self.state)
        )

    def perft(self, depth: int, spend: Callable[[int], None]) -> int:
        return _perft(self.state, depth, kuckuck.legal_moves, kuckuck.apply, spend)


class Game(Protocol):
    """What a session asks of the game under way (each game's adapter above; the
    OpenSpiel engine's too)."""

    def apply(self, text: str) -> None: ...
    def legal(self) -> list[str]: ...
    def position(self) -> dict[str, Any]: ...
    def result(self) -> str: ...
    def chance(self, text: str) -> str: ...
    def perft(self, depth: int, spend: Callable[[int], None]) -> int: ...


class Session:
    """One engine session: the current game and the commands that read or change it."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.commands: dict[str, Callable[[str], str]] = {
            "protocol": lambda _: PROTOCOL,
            "new": lambda rest: self.new(words(rest)),
            "apply": lambda rest: self.apply(words(rest)),
            "legal": lambda _: " ".join(sorted(self.current.legal())),
            "state": lambda _: json.dumps(
                self.current.position(), sort_keys=True, separators=(",", ":")
            ),
            "result": lambda _: self.current.result(),
            "chance": lambda rest: self.current.chance(rest),
            "perft": lambda rest: self.perft(words(rest)),
            "record": self.record,
            "format": self.format,
        }

    @property
    def current(self) -> Game:
        if self.game is None:
            raise ProtocolError("no game: send new first")
        return self.game

    def new(self, args: list[str]) -> str:
        """``new cuckoo-cards ...`` starts a card game, ``new zum-kuckuck ...`` a match of
        Zum Kuckuck!; anything else, a dice game."""
        game = args[:1]
        if game == ["cuckoo-cards"]:
            self.game = CardGame.new(args[1:])
        elif game == ["zum-kuckuck"]:
            self.game = KuckuckGame.new(args[1:])
        else:
            self.game = DiceGame.new(args)
        return ""

    def apply(self, args: list[str]) -> str:
        self.current.apply(" ".join(args))
        return ""

    def perft(self, args: list[str]) -> str:
        """``perft N``, within :data:`PERFT_BUDGET` positions made: a count that would
        take longer is refused at once rather than computed for minutes."""
        game, depth, left = self.current, _depth(_one(args)), PERFT_BUDGET

        def spend(moves: int) -> None:
            nonlocal left
            left -= moves
            if left < 0:
                raise ProtocolError(
                    f"perft {depth} needs more than {PERFT_BUDGET} positions, "
                    "the budget of this engine"
                )

        return str(game.perft(depth, spend))

    @staticmethod
    def _record(text: str) -> tuple[Kit, Record]:
        item = next(read_records([text]), None)
        if item is None:
            raise NotationError("holds no game", rule="CD-NOTATION-SYNTAX")
        if isinstance(item, NotationError):
            raise item
        return item

    def record(self, text: str) -> str:
        """``record TEXT``: replay a whole record written on one line; the game it ends in
        becomes the current one."""
        kit, record = self._record(text)
        states = list(kit.replay(record))
        state = states[-1]
        if isinstance(state, cards.State):
            self.game = CardGame.of_record(record, states)
        elif isinstance(state, kuckuck.State):
            self.game = KuckuckGame(state)
        else:
            self.game = DiceGame(state)
        return ""

    def format(self, text: str) -> str:
        """``format TEXT``: the canonical form of a record on one line, as a JSON string
        (the text as sent: two spaces in a tag value stay two)."""
        kit, record = self._record(text)
        for _ in kit.replay(record):
            pass
        return json.dumps(kit.format_record(record))

    def answer(self, line: str) -> str:
        """The answer line to one command line."""
        name, rest = command_of(line)
        if not name:
            return "? protocol - empty command"
        command = self.commands.get(name)
        if command is None:
            return _failure("protocol", "-", f"unknown command {name!r}")
        try:
            payload = command(rest)
        except CuckooError as error:
            return _failure(error.kind, error.rule or "-", error.detail)
        except (ProtocolError, ValueError, IndexError) as error:
            return _failure("protocol", "-", str(error))
        return f"= {payload}" if payload else "="


SEPARATORS: Final = " \t"
"""What separates the words of a command line: spaces and tabs, nothing else (a no-break
space, U+2028 or an ideographic space is a character of the word it stands in)."""
_SEPARATED: Final = re.compile(f"[{SEPARATORS}]+")


def words(text: str) -> list[str]:
    """The words of *text*, split at runs of :data:`SEPARATORS` (``str.split`` takes more)."""
    return [word for word in _SEPARATED.split(text) if word]


def command_of(line: str) -> tuple[str, str]:
    """A command line's command word and the rest, as sent: the separators around them and
    the line break (a CR before it too) left out, the rest's inner spacing kept."""
    parts = _SEPARATED.split(line.removesuffix("\n").removesuffix("\r").strip(SEPARATORS), 1)
    return parts[0], parts[1] if len(parts) > 1 else ""


MAX_MESSAGE: Final = 300
"""The most characters of an error answer's message: it may quote the command, which can
be as long as :data:`MAX_LINE`."""


def _failure(kind: str, rule: str, message: str) -> str:
    """An error answer: one line (a control character in the message is escaped), its
    message cut to :data:`MAX_MESSAGE` characters."""
    message = shown(message)
    if len(message) > MAX_MESSAGE:
        message = f"{message[:MAX_MESSAGE]}… ({len(message) - MAX_MESSAGE} more characters)"
    return f"? {kind} {rule} {message}"


PERFT_BUDGET: Final = 30_000
"""The most positions ``perft`` makes before it gives up: about two seconds for the dice
game (whose re-roll outcomes are the costly part), five times what the suites' largest
perft needs (5,694 positions)."""

MAX_PERFT_DEPTH: Final = 6
"""The deepest ``perft`` the engine answers: the suites ask for 4 at most, and the count
grows by the branching factor (tens to hundreds) with each ply."""


def _depth(text: str) -> int:
    depth = whole_number(text)
    if not isinstance(depth, int):
        raise ProtocolError(f"perft takes a depth of 0 or more, not {text!r}")
    if depth > MAX_PERFT_DEPTH:
        raise ProtocolError(f"perft goes {MAX_PERFT_DEPTH} plies deep at most, not {depth}")
    return depth


def _one(args: list[str]) -> str:
    if len(args) != 1:
        raise ProtocolError("expected one argument")
    return args[0]


MAX_LINE: Final = 1_000_000
"""The longest command line read, in bytes, its line break not counted: a whole record
fits many times over."""


def serve(
    stream: BinaryIO | None = None, out: IO[str] | None = None, session: Session | None = None
) -> int:
    """Answer commands until ``quit`` or the end of input, in *session* (a new one by
    default).  A line longer than :data:`MAX_LINE` is never held whole: it is answered
    with one error and skipped, and the session goes on."""
    stream = stream or sys.stdin.buffer
    out = out or sys.stdout
    session = session or Session()
    while raw := stream.readline(MAX_LINE + 1):
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while (rest := stream.readline(65536)) and not rest.endswith(b"\n"):
                pass
            answer = f"? protocol - a line longer than {MAX_LINE} bytes"
        elif command_of(line := raw.decode("utf-8", errors="replace"))[0] == "quit":
            out.write("=\n")
            out.flush()
            break
        else:
            answer = session.answer(line)
        out.write(answer + "\n")
        out.flush()
    return 0
