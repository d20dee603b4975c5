"""The notation of a game of Cuckoo (cards): read, write, replay (spec: *cuckoo-cards/notation*).

A record lists the hands, one numbered line each: the deal, card by card, then each
player's decision in turn, the dealer's cut with the card it showed.  It holds every chance
outcome, so it replays to exactly one state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar, Final

from lark import Token, v_args

from .. import notation
from ..errors import CuckooError, NotationError, SetupError
from ..notation import Located, at, quote
from ..parameters import whole_number
from .deck import Card, card_named
from .moves import KEEP, SWAP, Cut, Deal, Keep, Move, Swap
from .rules import apply, winner
from .rulesets import Rules, rules
from .state import Setup, State, new_game

__all__ = [
    "DIALECT",
    "GAME",
    "Record",
    "format_record",
    "parse",
    "parse_move",
    "read_records",
    "record_of",
    "replay",
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
    "TAG_NAME": "a tag name",
    "TAG_VALUE": 'a quoted tag value "..." (or the winner\'s name, quoted)',
    "MOVE_NUMBER": "a hand number such as 1.",
    "CARD": "a card such as Qh or 10s",
    "DEAL": "deal",
    "KEEP": "keep",
    "SWAP": "swap",
    "CUT": "cut",
    "RESULT": "* or the winner's name in quotes",
    "COMMENT": "a {comment}",
    "LSQB": "[",
    "RSQB": "]",
    "$END": "the end of the record",
}

SYNTAX_EXAMPLES: Final = {
    "a record ends with * or the winner's name in quotes": ["1. deal 7h 3c keep", "1. cut Qd"],
    "a deal lists the cards dealt, such as deal 7h 3c Ks": ["1. deal keep *", "1. deal *"],
    "a cut names the card it showed, such as cut Qd": ["1. cut *", "1. cut keep *"],
}


@dataclass(frozen=True, slots=True)
class Record(notation.Record):
    """One game of Cuckoo (cards) as written down."""

    moves: tuple[Move | Deal, ...]
    """Every card dealt and every decision, in order; a cut carries the card it showed."""

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
        players = tuple((self.tag("Players") or "").split())
        dealer = self.tag("Dealer") or ""
        return Setup(players, players.index(dealer) if dealer in players else -1)


class _ToValues(notation.RecordTransformer):
    """Grammar rules to engine values, applied while parsing."""

    def deal(self, tokens: list[Token]) -> list[Located]:
        return [at(Deal(_card(t)), t) for t in tokens[1:]]

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
        return value.strip().lower()
    if key == "Players":
        return " ".join(value.replace(",", " ").split())
    return value.strip() if key in ("Lives", "Dealer") else value


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
    items="{DEAL}(?: {CARD})+|{CUT} {CARD}",
)


def parse(text: str, *, source: str | None = None) -> Record:
    """Read one record.

    :raises NotationError: for text that is not a record (spec: cuckoo-cards, notation).
    """
    return DIALECT.parse(text, source=source)


def parse_move(text: str) -> Move | Deal:
    """Read one move written on its own, such as ``swap`` or ``cut Qd``."""
    move = DIALECT.parse_move(text)
    assert isinstance(move, (Keep, Swap, Cut, Deal))
    return move


def read_records(
    lines: Iterable[str], *, source: str | None = None
) -> Iterator[Record | NotationError]:
    """The records of a file, one at a time; a malformed one is yielded as its error, so
    that reading goes on with the next."""
    return DIALECT.read_records(lines, source=source)


def replay(record: Record) -> Iterator[State]:
    """The state before the first card and after every move, each move checked.

    :raises IllegalMoveError: naming the record, the move, its place and the rule.
    :raises NotationError: for a deal with too many or too few cards (CC-NOTATION-DEAL).
    """
    first = record.first_state  # made when the record was read
    state = first if isinstance(first, State) else start(record)
    yield state
    for ply, move in enumerate(record.moves):
        try:
            if not state.is_over and isinstance(move, Deal) != (state.step == "deal"):
                raise NotationError(
                    f"each hand deals one card to each of the {len(state.active)} players "
                    "still in the game, then each decides",
                    rule="CC-NOTATION-DEAL",
                )
            state = apply(state, move)
        except CuckooError as error:
            raise record.located(error, ply, move) from None
        yield state
    won = winner(state)
    token = "*" if won is None else state.players[won]
    if record.result != token:
        raise NotationError(
            f"game {record.index}: the result is {token}, but the record says {record.result}",
            rule="CC-NOTATION-RESULT",
            line=record.spans[-1][0] if record.spans else record.line,
            source=record.source,
        )


def format_record(record: Record) -> str:
    """The canonical text of *record* (CC-NOTATION-CANONICAL), ending with a newline."""
    notes: dict[int, list[str]] = {}
    for ply, text in record.comments:
        notes.setdefault(ply, []).append("{" + text + "}")
    lines = [*DIALECT.tag_lines(record), "", *notes.get(0, [])]
    words: list[str] = []
    hand = 0
    for ply, move in enumerate(record.moves):
        if isinstance(move, Deal) and (ply == 0 or not isinstance(record.moves[ply - 1], Deal)):
            if words:
                lines.append(" ".join(words))
            hand += 1
            words = [f"{hand}.", "deal"]
        words.append(str(move))
        words.extend(notes.get(ply + 1, []))
    if words:
        lines.append(" ".join(words))
    lines.append(record.result if record.result == "*" else quote(record.result))
    return "\n".join(lines) + "\n"


def record_of(
    variant: Rules,
    setup: Setup,
    moves: Iterable[Move | Deal],
    tags: Iterable[tuple[str, str]] = (),
) -> Record:
    """The record of a game played from *setup* with *moves*."""
    moves = tuple(moves)
    state = new_game(variant, setup)
    for move in moves:
        state = apply(state, move)
    won = winner(state)
    named = {"Game": GAME}
    for name, default in (("Lives", 3), ("Aces", "low"), ("Direction", "left")):
        if getattr(variant, name.lower()) != default:
            named[name] = str(getattr(variant, name.lower()))
    named.update(tags)
    named["Players"] = " ".join(setup.players)
    named["Dealer"] = setup.players[setup.dealer]
    named["Result"] = "*" if won is None else state.players[won]
    order = [k for k in ROSTER if k in named] + [k for k in named if k not in ROSTER]
    return Record(tuple((k, named[k]) for k in order), moves, (), named["Result"])
