"""The notation of a game of Cuckoo (cards): read, write, replay (spec: *cuckoo-cards/notation*).

A record lists the hands, one numbered line each: the deal, card by card, then each
player's decision in turn, the dealer's cut with the card it showed.  It holds every chance
outcome, so it replays to exactly one state.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Final

from lark import Token, v_args

from .. import notation
from .. import notation_shared as shared
from ..errors import CuckooError, IllegalMoveError, NotationError, SetupError
from ..notation import Located, at, quote
from ..parameters import whole_number
from .deck import DECK, UNSEEN, Card, card_named
from .moves import KEEP, SWAP, Cut, Deal, Keep, Move, Show, Swap
from .rules import apply, winner
from .rulesets import Rules, rules
from .state import Seat, Setup, State, new_game, next_seat

__all__ = [
    "DIALECT",
    "GAME",
    "Record",
    "follow",
    "format_record",
    "numbered",
    "parse",
    "parse_move",
    "read_records",
    "record_of",
    "replay",
    "unchecked",
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
        players = tuple((self.tag("Players") or "").split())
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
        return value.strip().lower()
    if key == "Players":
        return " ".join(value.replace(",", " ").split())
    if key == "Lives" and value.strip().isascii() and value.strip().isdigit():
        return value.strip().lstrip("0") or "0"  # one way to write a number: "03" is "3"
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
    :raises NotationError: for a deal with too many or too few cards (CC-NOTATION-DEAL),
        or a show-down out of place or missing (CC-PARTIAL-SHOW).
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
    state = first if isinstance(first, State) else start(record)
    yield state
    states = follow(state, record.moves)
    for ply, move in enumerate(record.moves):
        try:
            state = next(states)
        except CuckooError as error:
            raise record.located(error, ply, move) from None
        yield state
    return state


def follow(
    state: State, moves: Sequence[Move | Deal | Show], *, piecewise: bool = False
) -> Iterator[State]:
    """The state after each of *moves* played from *state*, each checked, the cards nobody
    saw hidden (CC-PARTIAL-UNSEEN); a show-down yields the state it ends the hand in again.

    A hand with cards nobody saw must end with its show-down (CC-PARTIAL-SHOW).  With
    *piecewise* (the protocol, which is sent one move at a time), *moves* may stop at the
    dealer's decision of such a hand: the last state is then the hand waiting for its
    show-down, step ``show``, the lives not yet known; and a move out of turn is the
    engine's error, not the notation's (which reads deals and decisions as items).

    :raises CuckooError: the engine's errors, and for a deal with too many or too few
        cards (CC-NOTATION-DEAL), or a show-down out of place or missing (CC-PARTIAL-SHOW).
    """
    dealt = state  # the state before the deal of the hand under way
    filled: dict[int, Card] = {}  # a card put in place of each ? of that hand, by ply
    for ply, move in enumerate(moves):
        if isinstance(move, Show):
            _show(dealt, state, move, moves[ply - 1] if ply else None)
            yield state
            continue
        if not (state.is_over or piecewise) and isinstance(move, Deal) != (state.step == "deal"):
            raise NotationError(
                f"each hand deals one card to each of the {len(state.active)} players "
                "still in the game, then each decides",
                rule="CC-NOTATION-DEAL",
            )
        if isinstance(move, Deal) and state.step == "deal" and not any(state.cards):
            dealt, filled = state, _filled(state, moves, ply)
        if not filled:  # every card of the hand seen: the common case
            state = apply(state, move)
            yield state
            continue
        before, state = state, apply(state, Deal(filled[ply]) if ply in filled else move)
        later = moves[ply + 1] if ply + 1 < len(moves) else None
        if state.hands > before.hands and not isinstance(later, Show):
            if later is None and piecewise:
                state = replace(before, cards=state.shown, step="show")
            else:
                raise NotationError(
                    "cards of this hand were not seen: its show-down, show and the card "
                    "each player still in holds, follows the dealer's decision",
                    rule="CC-PARTIAL-SHOW",
                )
        hidden = frozenset(filled.values()) & set(state.cards)
        yield replace(state, unseen=hidden) if hidden else state


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


def numbered(state: State, move: Move | Deal | Show) -> tuple[str, str]:
    """CC-NOTATION-NUMBERING: a number written before *move*, made in *state*, numbers
    its hand, counted from 1, void hands included (a show-down's is the hand it ends)."""
    return "hand", str(state.hands + (0 if isinstance(move, Show) else 1))


def _order(state: State) -> list[Seat]:
    """The seats in the order of the deal: from the dealer's neighbour, the dealer last."""
    seats = [next_seat(state, state.dealer)]
    while seats[-1] != state.dealer:
        seats.append(next_seat(state, seats[-1]))
    return seats


def _show(dealt: State, state: State, show: Show, before: object) -> None:
    """CC-PARTIAL-SHOW: a show-down follows the dealer's decision and shows what each
    player still in then held, in the order of the deal."""
    if not isinstance(before, (Keep, Cut)) or state.hands != dealt.hands + 1:
        raise NotationError(
            "a show-down ends a hand: it follows the dealer's decision", rule="CC-PARTIAL-SHOW"
        )
    order = _order(dealt)
    if len(show.cards) != len(order):
        raise NotationError(
            f"a show-down shows one card for each of the {len(order)} players in the hand",
            rule="CC-PARTIAL-SHOW",
        )
    for seat, card in zip(order, show.cards, strict=True):
        held = state.shown[seat]
        if held != card:
            raise IllegalMoveError(
                f"{state.players[seat]} cannot show {card}: the deal and the decisions leave "
                f"{'another card' if held in dealt.unseen or held is None else held} in "
                "that hand",
                rule="CC-PARTIAL-SHOW",
            )


def _filled(state: State, moves: Sequence[Move | Deal | Show], ply: int) -> dict[int, Card]:
    """CC-PARTIAL-UNSEEN: for the hand dealt from *ply*, a card for each ? of its deal: the
    one its show-down and decisions imply, traced back; any card seen nowhere in the hand,
    and no king, where nothing implies one (a card the dealer discarded, or a hand not yet
    shown).  Kings never change hands, so that choice makes the decisions legal whenever
    any choice does."""
    order = _order(state)
    deals = moves[ply : ply + len(order)]
    if not any(isinstance(m, Deal) and m.card == UNSEEN for m in deals):
        return {}
    end = ply + len(deals)
    while end < len(moves) and not isinstance(moves[end], (Deal, Show)):
        end += 1
    decisions = moves[ply + len(deals) : end]
    held: dict[Seat, Card] = {}
    if end < len(moves) and isinstance(moves[end], Show) and len(decisions) == len(order):
        show = moves[end]
        assert isinstance(show, Show)
        held = dict(zip(order, show.cards, strict=False))
        for seat, decision in reversed(list(zip(order, decisions, strict=True))):
            if isinstance(decision, Cut) and decision.card and not decision.card.is_king:
                held[seat] = UNSEEN  # CC-CUT: the card discarded is not shown
            elif isinstance(decision, Swap) and seat in held:
                theirs = next_seat(state, seat)
                mine, other = held[seat], held.get(theirs, UNSEEN)
                if not other.is_king:  # CC-SWAP-KING: a king there stopped it
                    held[seat], held[theirs] = other, mine
    seen = {m.card for m in deals if isinstance(m, Deal)} | set(held.values())
    seen |= {m.card for m in decisions if isinstance(m, Cut) and m.card}
    free = (c for c in DECK if c not in seen and not c.is_king)
    filled = {}
    for k, (seat, move) in enumerate(zip(order, deals, strict=False)):
        if isinstance(move, Deal) and move.card == UNSEEN:
            card = held.get(seat, UNSEEN)
            filled[ply + k] = card if card != UNSEEN else next(free)
    return filled


def format_record(record: Record) -> str:
    """The canonical text of *record* (CC-NOTATION-CANONICAL), ending with a newline."""
    notes = shared.notes_by_ply(record)
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
