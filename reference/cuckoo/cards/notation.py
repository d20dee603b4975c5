"""The notation of a game of Cuckoo (cards): read, write, replay (spec: *cuckoo-cards/notation*).

A record lists the hands, one numbered line each: the deal, card by card, then each
player's decision in turn, the dealer's cut with the card it showed.  It holds every chance
outcome, so it replays to exactly one state.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar, Final

from lark import Token, v_args

from .. import notation
from .. import notation_shared as shared
from ..errors import NotationError, SetupError
from ..notation import Located, at, quote
from ..parameters import whole_number
from .deck import DECK, UNSEEN, Card, card_named
from .moves import KEEP, SWAP, Cut, Deal, Keep, Move, Show, Swap
from .partial import follow, followed
from .rules import legal_moves, winner
from .rulesets import Rules, rules
from .state import Setup, State, new_game

__all__ = [
    "DIALECT",
    "GAME",
    "Record",
    "follow",
    "format_record",
    "numbered",
    "parse",
    "parse_move",
    "parse_moves",
    "read_records",
    "record_of",
    "replay",
    "unchecked",
    "written_next",
]

GAME: Final = "cuckoo-cards"

ROSTER: Final = (
    "Game",
    "Lives",
    "Aces",
    "Direction",
    "Event",
    "Site",
    "Date",
    "Round",
    "Players",
    "Dealer",
    "Result",
)
REQUIRED: Final = ("Game", "Players", "Dealer")

TERMINALS: Final = {
    **shared.RECORD_TERMINALS,
    **shared.NAMED_RESULT_TERMINALS,
    "MOVE_NUMBER": "a hand number such as 1.",
    "CARD": "a card such as Qh or 10s",
    "DEAL": "deal",
    "KEEP": "keep",
    "SWAP": "swap",
    "CUT": "cut",
    "SHOW": "show",
    "UNSEEN": "? for a card nobody saw",
}

SYNTAX_EXAMPLES: Final = {
    f"a record ends with {shared.NAMED_RESULT}": ["1. deal 7h 3c keep", "1. cut Qd"],
    "a deal lists the cards dealt, such as deal 7h 3c Ks": ["1. deal keep *", "1. deal *"],
    "a cut names the card it showed, such as cut Qd": ["1. cut *", "1. cut keep *"],
}


@dataclass(frozen=True, slots=True)
class Record(notation.Record):
    """One game of Cuckoo (cards) as written down."""

    moves: tuple[Move | Deal | Show, ...]
    """Every card dealt and every decision, in order; a cut carries the card it showed; a
    show-down ends a hand where it was written."""

    unit: ClassVar[str] = "move"

    def rules(self) -> Rules:
        """The variant named by the tags (CC-RULESET-PARAMS)."""
        overrides: dict[str, object] = {}
        for tag in ("Lives", "Aces", "Direction"):
            value = self.tag(tag)
            if value is not None:
                overrides[tag.lower()] = whole_number(value)
        return rules(**overrides)

    def setup(self) -> Setup:
        """The players in seating order and the first dealer."""
        players = tuple(notation.listed(self.tag("Players") or ""))
        dealer = self.tag("Dealer") or ""
        return Setup(players, players.index(dealer) if dealer in players else -1)


class _ToValues(notation.RecordTransformer):
    """Grammar rules to engine values, applied while parsing."""

    def deal(self, tokens: list[Token]) -> list[Located]:
        return [at(Deal(UNSEEN if t == "?" else _card(t)), t) for t in tokens[1:]]

    def show(self, tokens: list[Token]) -> Located:
        return at(Show(tuple(_card(t) for t in tokens[1:])), tokens[0])

    @v_args(inline=True)
    def keep(self, token: Token) -> Located:
        return at(KEEP, token)

    @v_args(inline=True)
    def swap(self, token: Token) -> Located:
        return at(SWAP, token)

    @v_args(inline=True)
    def cut(self, token: Token, card: Token) -> Located:
        return at(Cut(_card(card)), token)


def _card(token: Token) -> Card:
    card = card_named(str(token))
    assert card is not None, "the grammar admits only cards"
    return card


def _canonical_value(key: str, value: str) -> str:
    if key in ("Game", "Aces", "Direction"):
        return value.strip(notation.WS).lower()
    if key == "Players":
        return " ".join(notation.listed(value))
    if key == "Lives" and notation.is_number(value.strip(notation.WS)):
        return value.strip(notation.WS).lstrip("0") or "0"  # one way to write "03": "3"
    return value.strip(notation.WS) if key in ("Lives", "Dealer") else value


def start(record: Record) -> State:
    """The state before the first card, from the tags (the engine's errors if impossible;
    a first dealer who is not at the table named as the Dealer tag writes it)."""
    setup = record.setup()
    try:
        return new_game(record.rules(), setup)
    except SetupError as error:
        if error.rule != "CC-SETUP-DEALER":
            raise
        raise SetupError(
            f"the first dealer must sit at the table: {record.tag('Dealer')!r} is not one of "
            f"the players, {' '.join(setup.players)}",
            rule=error.rule,
        ) from None


DIALECT: Final = notation.Dialect[Record](
    game=GAME,
    prefix="CC",
    transformer=_ToValues,
    terminals=TERMINALS,
    examples=SYNTAX_EXAMPLES,
    roster=ROSTER,
    required=REQUIRED,
    canonical_value=_canonical_value,
    record_type=Record,
    start=start,
    once=frozenset((*REQUIRED, "Lives", "Aces", "Direction", "Result")),
    setup_tags={
        "CC-SETUP-PLAYERS": ("Players",),
        "CC-SETUP-DEALER": ("Dealer",),
        "CC-RULESET-PARAMS": ("Lives", "Aces", "Direction"),
    },
    items="{DEAL}(?: (?:{CARD}|{UNSEEN}))+|{CUT} {CARD}|{SHOW}(?: {CARD})+",
    series=notation.Series("deal", 1, notation.concatenated),  # a dealt card each
)


def parse(text: str, *, source: str | None = None) -> Record:
    """Read one record.

    :raises NotationError: for text that is not a record (spec: cuckoo-cards, notation).
    """
    return DIALECT.parse(text, source=source)


def parse_move(text: str) -> Move | Deal | Show:
    """Read one move written on its own, such as ``swap`` or ``cut Qd``."""
    move = DIALECT.parse_move(text)
    assert isinstance(move, (Keep, Swap, Cut, Deal, Show))
    return move


def parse_moves(text: str) -> list[Move | Deal | Show]:
    """Read one item written on its own: a decision, a cut, a show-down, or a deal of one
    or more cards (``deal 7h ? Ks``), one :class:`Deal` for each card."""
    moves = DIALECT.parse_moves(text)
    assert all(isinstance(m, (Keep, Swap, Cut, Deal, Show)) for m in moves)
    return moves


def read_records(
    lines: Iterable[str], *, source: str | None = None
) -> Iterator[Record | NotationError]:
    """The records of a file, one at a time; a malformed one is yielded as its error, so
    that reading goes on with the next."""
    return DIALECT.read_records(lines, source=source)


def replay(record: Record) -> Iterator[State]:
    """The state before the first card and after every move, each move checked; the cards
    nobody saw are hidden in the states (CC-PARTIAL-UNSEEN).

    :raises IllegalMoveError: naming the record, the move, its place and the rule.
    :raises NotationError: for a card dealt where a decision is due, or a decision where a
        card is (CC-NOTATION-DEAL: a record may stop in the middle of a deal), or a
        show-down out of place or missing (CC-PARTIAL-SHOW).
    """
    state = yield from _states(record)
    won = winner(state)
    token = "*" if won is None else state.players[won]
    if record.result != token:
        raise shared.result_error(
            record, token, record.result, "CC-NOTATION-RESULT", shared.last_line(record)
        )


def _states(record: Record) -> Generator[State, None, State]:
    """:func:`replay` without the check of the result; returns the last state."""
    first = record.first_state  # made when the record was read
    return followed(record, first if isinstance(first, State) else start(record))


def unchecked(record: Record, state: State) -> tuple[tuple[str, str], ...]:
    """CC-PARTIAL-CHECKS: what *record* could not check, for the note of ``cuckoo
    validate``; nothing for a full record."""
    count = sum(1 for m in record.moves if isinstance(m, Deal) and m.card == UNSEEN)
    if not count:
        return ()
    cards = "card" if count == 1 else "cards"
    return (
        (
            "CC-PARTIAL-CHECKS",
            f"{count} dealt {cards} written ?; CC-DEAL and CC-CARD-DECK checked only against "
            "the deal the show-downs imply (a card discarded by a cut is never known)",
        ),
    )


def written_next(record: Record, turn: int) -> list[str]:
    """CC-PARTIAL-UNSEEN: what a record of what was seen may write after its first *turn*
    moves, as the table knew it then (a later show-down unknown): at a deal ``?`` and each
    card not seen in the hand; a decision as the kings seen allow; ``show`` after the
    dealer's decision of a hand with a ``?``. Empty for a full record (its replay's state
    knows every card: :func:`~cuckoo.cards.rules.legal_moves`)."""
    if not any(isinstance(m, Deal) and m.card == UNSEEN for m in record.moves):
        return []
    first = record.first_state
    start_state = first if isinstance(first, State) else start(record)
    *_, state = start_state, *follow(start_state, record.moves[:turn], piecewise=True)
    if state.step == "show":
        return ["show"]
    if state.step != "deal" or state.is_over:
        return [str(m) for m in legal_moves(state)]
    seen = {c for c in state.cards if c is not None} - state.unseen
    return ["?", *(str(c) for c in DECK if c not in seen)]


def numbered(state: State, move: Move | Deal | Show) -> tuple[str, str]:
    """CC-NOTATION-NUMBERING: a number written before *move*, made in *state*, numbers
    its hand, counted from 1, void hands included (a show-down's is the hand it ends)."""
    return "hand", str(state.hands + (0 if isinstance(move, Show) else 1))


def format_record(record: Record) -> str:
    """The canonical text of *record* (CC-NOTATION-CANONICAL), ending with a newline.

    A comment written among the cards of a deal (``deal 7h {..} deal 3c``) is written after
    the deal's last card: the grammar reads no comment inside a deal."""
    notes = shared.notes_by_ply(record)
    lines = [*DIALECT.tag_lines(record), "", *notes.get(0, [])]
    words: list[str] = []
    held: list[str] = []  # comments among the cards of the deal under way
    hand = 0
    moves = record.moves
    for ply, move in enumerate(moves):
        if isinstance(move, Deal) and (ply == 0 or not isinstance(moves[ply - 1], Deal)):
            if words:
                lines.append(" ".join(words))
            hand += 1
            words = [f"{hand}.", "deal"]
        words.append(str(move))
        held.extend(notes.get(ply + 1, []))
        if not (
            isinstance(move, Deal) and ply + 1 < len(moves) and isinstance(moves[ply + 1], Deal)
        ):
            words.extend(held)
            held = []
    if words:
        lines.append(" ".join(words))
    lines.append(record.result if record.result == "*" else quote(record.result))
    return "\n".join(lines) + "\n"


def record_of(
    variant: Rules,
    setup: Setup,
    moves: Iterable[Move | Deal | Show],
    tags: Iterable[tuple[str, str]] = (),
) -> Record:
    """The record of a game played from *setup* with *moves* (which may hold cards nobody
    saw and show-downs: CC-PARTIAL-UNSEEN)."""
    moves = tuple(moves)
    named = {"Game": GAME}
    for name, default in (("Lives", 3), ("Aces", "low"), ("Direction", "left")):
        if getattr(variant, name.lower()) != default:
            named[name] = str(getattr(variant, name.lower()))
    named.update(tags)
    named["Players"] = " ".join(setup.players)
    named["Dealer"] = setup.players[setup.dealer]
    record = Record((), moves, (), "*")
    object.__setattr__(record, "first_state", new_game(variant, setup))
    *_, state = _states(record)
    won = winner(state)
    named["Result"] = "*" if won is None else state.players[won]
    return shared.record_written(Record, ROSTER, named, moves)
