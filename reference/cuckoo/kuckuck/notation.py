"""The notation of a match of Zum Kuckuck!: read, write, replay (spec: *zum-kuckuck/notation*).

A record lists each player's dealt cards, then one line per round: the two nest cards and
the number cards played.  In the basic version the cards of a round are written together
in parentheses, in seating order, since they were chosen at the same time; in the tactical
version they are written in the order they were played.  The record holds every chance
outcome, so it replays to exactly one state.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Final

from lark import Token, v_args

from .. import notation
from .. import notation_shared as shared
from ..errors import CuckooError, NotationError
from ..notation import Located, at, quote
from .cards import HAND_SIZE, UNSEEN
from .moves import Deal, Nest, Play, Show, Start
from .rules import Move, apply, choosing, legal_moves
from .rulesets import Rules, rules
from .scoring import winners
from .state import Setup, State, new_game

__all__ = [
    "DIALECT",
    "GAME",
    "Draw",
    "Hand",
    "Item",
    "Played",
    "Record",
    "Shown",
    "Together",
    "engine_moves",
    "format_record",
    "legal_texts",
    "move_text",
    "moves_of",
    "numbered",
    "parse",
    "parse_item",
    "read_records",
    "record_of",
    "replay",
    "result_token",
]

GAME: Final = "zum-kuckuck"

ROSTER: Final = (
    "Game",
    "Variant",
    "Event",
    "Site",
    "Date",
    "Round",
    "Players",
    "Cockatoos",
    "Result",
)
REQUIRED: Final = ("Game", "Players")

TERMINALS: Final = {
    **shared.RECORD_TERMINALS,
    **shared.NAMED_RESULT_TERMINALS,
    "ROUND_NUMBER": "a round number such as 1.1.",
    "NUMBER": "a number",
    "UNSEEN": "? for a card nobody saw",
    "NAME": "a player's name",
    "DEAL": "deal",
    "SHOW": "show",
    "START": "start",
    "NEST": "nest",
    "LPAR": "(",
    "RPAR": ")",
}

SYNTAX_EXAMPLES: Final = {
    f"a record ends with {shared.NAMED_RESULT}": ["deal Ann 1 2", "1.1. nest 3 9"],
    "a deal names the player, then the cards: deal Ann 3 17 ...": ["deal 3 *", "deal Ann *"],
    "a round's nest cards are two numbers, such as nest 3 9": ["nest 3 *", "nest *"],
    "a play is a player's name and a number card, such as Ann 45": ["Ann *", "(Ann *"],
    "a show names the player, then the cards shown: show Ann 7 19": ["show Ann *", "show *"],
}


@dataclass(frozen=True, slots=True)
class Hand:
    """``deal NAME N ...``: the number cards dealt to one player, in the order dealt."""

    player: str
    numbers: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join(
            ["deal", self.player, *("?" if n == UNSEEN else str(n) for n in self.numbers)]
        )


@dataclass(frozen=True, slots=True)
class Shown:
    """``show NAME N ...``: cards of the hand NAME holds, shown to the table after the deal,
    written where they were seen (ZK-PARTIAL-SHOW)."""

    player: str
    numbers: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join(["show", self.player, *map(str, self.numbers)])


@dataclass(frozen=True, slots=True)
class Draw:
    """``start NAME``: the tactical version's draw among players tied for the start."""

    player: str

    def __str__(self) -> str:
        return f"start {self.player}"


@dataclass(frozen=True, slots=True)
class Played:
    """``NAME N``: one number card, played face up in turn (tactical version)."""

    player: str
    number: int

    def __str__(self) -> str:
        return f"{self.player} {self.number}"


@dataclass(frozen=True, slots=True)
class Together:
    """``(NAME N NAME N ...)``: the cards of a round shown together (basic version); the
    order they are written in means nothing."""

    plays: tuple[Played, ...]

    def __str__(self) -> str:
        return "(" + " ".join(map(str, self.plays)) + ")"


Item = Hand | Shown | Draw | Nest | Played | Together
"""What a record's movetext holds: moves with players named, as people write them."""


@dataclass(frozen=True, slots=True)
class Record(notation.Record):
    """One match of Zum Kuckuck! as written down."""

    moves: tuple[Item, ...]
    """The deal, the nest cards and the plays, in order."""

    unit: ClassVar[str] = "item"

    def rules(self) -> Rules:
        """The version named by the Variant tag (ZK-RULESET-PARAMS)."""
        variant = self.tag("Variant")
        return rules() if variant is None else rules(variant=variant)

    def setup(self) -> Setup:
        """The players in seating order, and the cockatoo cards their hands earned when
        the Cockatoos tag gives them (ZK-PARTIAL-COUNT; -1 for a word that is no count)."""
        counts = notation.listed(self.tag("Cockatoos") or "")
        return Setup(
            tuple(notation.listed(self.tag("Players") or "")),
            tuple(int(w) if notation.is_number(w) and len(w) <= 3 else -1 for w in counts),
        )


class _ToValues(notation.RecordTransformer):
    """Grammar rules to record items, applied while parsing."""

    def deal(self, tokens: list[Token]) -> Located:
        numbers = tuple(UNSEEN if t == "?" else _number(t) for t in tokens[2:])
        return at(Hand(str(tokens[1]), numbers), tokens[0])

    def show_hand(self, tokens: list[Token]) -> Located:
        return at(Shown(str(tokens[1]), tuple(_number(t) for t in tokens[2:])), tokens[0])

    @v_args(inline=True)
    def start_draw(self, token: Token, name: Token) -> Located:
        return at(Draw(str(name)), token)

    @v_args(inline=True)
    def nest(self, token: Token, first: Token, second: Token) -> Located:
        low, high = sorted((_number(first), _number(second)))
        return at(Nest(low, high), token)

    @v_args(inline=True)
    def play(self, name: Token, number: Token) -> Located:
        return at(Played(str(name), _number(number)), name)

    def together(self, plays: list[Located]) -> Located:
        return _together(plays)


def _together(plays: list[Located]) -> Located:
    """The cards shown together, placed just before the first of them (on its opening
    bracket, as the canonical form writes it)."""
    first = plays[0]
    return Together(tuple(p for p, _, _ in plays)), first[1], first[2] - 1


def _hand(parts: list[notation.Moves]) -> notation.Moves:
    """A player's deal read card by card (``deal Ann 9``, ``deal Ann 38``, ...) as one hand,
    placed where the deal is written (the reading item by item, notation.Series)."""
    ((first, at),) = parts[0]
    return ((Hand(first.player, tuple(n for ((hand, _),) in parts for n in hand.numbers)), at),)


def _number(token: Token) -> int:
    """A card's number; more than three digits cannot be a card of the game, and a
    thousand digits should not cost a thousand digits' arithmetic."""
    if len(token) > 3:
        raise NotationError(
            f"{token[:12]}{'...' if len(token) > 12 else ''} is not a card: cards are numbered "
            "1 to 60, nest cards 1 to 12",
            rule="ZK-NOTATION-SYNTAX",
            line=token.line,
            column=token.column,
        )
    return int(token)


def _canonical_value(key: str, value: str) -> str:
    if key in ("Game", "Variant"):
        return value.strip(notation.WS).lower()
    if key in ("Players", "Cockatoos"):
        return " ".join(notation.listed(value))
    return value


def start(record: Record) -> State:
    """The state before the first item, from the tags (the engine's errors if impossible):
    before the deal, or after it when the record leaves it out, every card unseen
    (ZK-PARTIAL-UNSEEN)."""
    state = new_game(record.rules(), record.setup())
    if state.given and not isinstance(next(iter(record.moves), None), Hand):
        for move in _unseen_deal(state):
            state = apply(state, move)
    return state


def _unseen_deal(state: State) -> list[Deal]:
    """ZK-PARTIAL-UNSEEN: a deal nobody saw a card of, for a record that leaves it out."""
    return [Deal(UNSEEN)] * (HAND_SIZE * len(state.players))


DIALECT: Final = notation.Dialect[Record](
    game=GAME,
    prefix="ZK",
    transformer=_ToValues,
    terminals=TERMINALS,
    examples=SYNTAX_EXAMPLES,
    roster=ROSTER,
    required=REQUIRED,
    canonical_value=_canonical_value,
    record_type=Record,
    start=start,
    setup_tags={
        "ZK-SETUP-PLAYERS": ("Players",),
        "ZK-RULESET-PARAMS": ("Variant",),
        "ZK-PARTIAL-COUNT": ("Cockatoos",),
    },
    items=(
        "{DEAL} {NAME}(?: (?:{NUMBER}|{UNSEEN}))+|{SHOW} {NAME}(?: {NUMBER})+"
        "|{NEST} {NUMBER} {NUMBER}|{START} {NAME}|{NAME} {NUMBER}"
    ),
    numbering="ROUND_NUMBER",
    group=notation.Group("(", ")", "play", _together),
    series=notation.Series("deal", 2, _hand),
)


parse: Final = DIALECT.parse
"""Read one record (:meth:`~cuckoo.notation.Dialect.parse`)."""
read_records: Final = DIALECT.read_records
"""The records of a file, one at a time (:meth:`~cuckoo.notation.Dialect.read_records`)."""


def parse_item(text: str) -> Item:
    """Read one item written on its own, such as ``nest 3 9`` or ``Ann 45``."""
    item: Item = DIALECT.parse_move(text)
    return item


def _seat(state: State, name: str, rule: str) -> int:
    """The seat of the player *name*, in any letter case (names differ in more than case)."""
    seats = {player.lower(): seat for seat, player in enumerate(state.players)}
    if name.lower() not in seats:
        raise NotationError(
            f"{name} is not a player; the players are {' '.join(state.players)}", rule=rule
        )
    return seats[name.lower()]


def moves_of(state: State, item: Item, *, piecewise: bool = False) -> list[Move]:
    """The engine's moves that *item* writes, read in *state* (names become seats).

    With *piecewise* (the conformance protocol, which sends one move at a time), a deal may
    give a player fewer than their 12 cards and the next deal go on with the same player,
    and in the basic version each player's choice may be sent on its own (``Ann 45``).

    :raises NotationError: for a deal out of place or of the wrong size
        (ZK-NOTATION-DEAL), or plays written the other version's way or naming someone
        who is not a player (ZK-NOTATION-PLAYS).
    """
    if isinstance(item, Hand):
        seat = _seat(state, item.player, "ZK-NOTATION-DEAL")
        if state.step != "deal" or seat != state.to_deal or (state.dealt[seat] and not piecewise):
            due = state.players[state.to_deal] if state.step == "deal" else None
            raise NotationError(
                f"the deal is written once per player, in seating order; next is {due}"
                if due
                else "the number cards are dealt once, at the start of the match",
                rule="ZK-NOTATION-DEAL",
            )
        if UNSEEN in item.numbers and not state.given:
            raise NotationError(
                "a deal with cards nobody saw (?) needs the Cockatoos tag: the cockatoo "
                "cards each hand earned, as the table saw them taken",
                rule="ZK-PARTIAL-COUNT",
            )
        room = HAND_SIZE - len(state.dealt[seat])
        if len(item.numbers) > room or (len(item.numbers) != HAND_SIZE and not piecewise):
            raise NotationError(
                f"{item.player} is dealt {HAND_SIZE} number cards, "
                f"not {len(item.numbers) + HAND_SIZE - room}",
                rule="ZK-NOTATION-DEAL",
            )
        return [Deal(n) for n in item.numbers]
    if isinstance(item, Shown):
        return [Show(_seat(state, item.player, "ZK-PARTIAL-SHOW"), item.numbers)]
    if isinstance(item, Draw):
        return [Start(_seat(state, item.player, "ZK-NOTATION-PLAYS"))]
    if isinstance(item, Nest):
        return [item]
    if isinstance(item, Played):
        if not state.rules.in_turn and not piecewise:
            raise NotationError(
                "in the basic version a round's cards are shown together: write them in "
                "parentheses, such as (Ann 45 Bob 12 Cy 33)",
                rule="ZK-NOTATION-PLAYS",
            )
        return [Play(_seat(state, item.player, "ZK-NOTATION-PLAYS"), item.number)]
    if state.rules.in_turn:
        raise NotationError(
            "in the tactical version cards are played in turn: write them one by one, "
            "without parentheses, in the order played",
            rule="ZK-NOTATION-PLAYS",
        )
    seats = [_seat(state, p.player, "ZK-NOTATION-PLAYS") for p in item.plays]
    if sorted(seats) != sorted(state.active):
        raise NotationError(
            "a round's group holds one card from each player still in: "
            + " ".join(state.players[s] for s in state.active),
            rule="ZK-NOTATION-PLAYS",
        )
    return [Play(s, p.number) for s, p in zip(seats, item.plays, strict=True)]


def move_text(state: State, move: Move) -> str:
    """*move*, about to be made in *state*, as the notation writes it (a dealt card as a
    deal of one card)."""
    name = state.players
    if isinstance(move, Deal):
        return f"deal {name[state.to_deal]} {'?' if move.number == UNSEEN else move.number}"
    if isinstance(move, Start):
        return f"start {name[move.seat]}"
    if isinstance(move, Play):
        return f"{name[move.seat]} {move.number}"
    if isinstance(move, Show):
        return str(Shown(name[move.seat], move.numbers))
    return str(move)


def legal_texts(state: State) -> list[str]:
    """The legal moves of *state* as the notation writes them."""
    return [move_text(state, move) for move in legal_moves(state)]


def _moves(state: State, item: Item) -> tuple[list[Move], State]:
    """The engine's moves of *item* and the state after them."""
    moves = moves_of(state, item)
    for move in moves:
        state = apply(state, move)
    return moves, state


def _step(state: State, item: Item) -> State:
    return _moves(state, item)[1]


def engine_moves(record: Record) -> list[Move]:
    """The engine's moves that *record* writes, one per card dealt or played.

    :raises CuckooError: for a record that does not replay.
    """
    state = start(record)
    moves: list[Move] = [] if state.step == "deal" else list(_unseen_deal(state))
    for item in record.moves:
        written, state = _moves(state, item)
        moves.extend(written)
    return moves


def numbered(state: State, item: Item) -> tuple[str, str] | None:
    """ZK-NOTATION-NUMBERING: a number written before *item*, read in *state*, numbers its
    round, ``cycle.round``, both counted from 1; none belongs to a deal."""
    if isinstance(item, Hand):
        return None
    return "round", f"{state.cycle + 1}.{state.round + 1}"


def result_token(state: State) -> str:
    """``*`` while the match goes on; then the winner's name, or the names sharing the win
    (ZK-NOTATION-RESULT)."""
    won = winners(state)
    return " ".join(state.players[s] for s in won) if won else "*"


def replay(record: Record) -> Iterator[State]:
    """The state before the first card and after every item, each checked.

    :raises IllegalMoveError: naming the record, the item, its place and the rule.
    :raises NotationError: for an item written the wrong way, and for a wrong result.
    """
    return shared.replayed(record, start, _step, _ended)


def _ended(record: Record, state: State) -> None:
    """ZK-NOTATION-RESULT: the result token names the winners the last position gives."""
    token = result_token(state)
    if record.result.lower() != token.lower():
        shown, written = (t if t == "*" else quote(t) for t in (token, record.result))
        raise shared.result_error(
            record, shown, written, "ZK-NOTATION-RESULT", shared.last_line(record)
        )


def _spellings(record: Record) -> dict[str, str]:
    """Each player's name as the Players tag writes it, by its small letters, in seating
    order."""
    return {name.lower(): name for name in record.setup().players}


def _canonical(item: Item, spelt: Mapping[str, str]) -> Item:
    """*item* with the players' names as the Players tag writes them, and a basic round's
    cards in seating order (ZK-NOTATION-CANONICAL)."""

    def name(written: str) -> str:
        return spelt.get(written.lower(), written)

    if isinstance(item, Hand):
        return Hand(name(item.player), item.numbers)
    if isinstance(item, Shown):
        return Shown(name(item.player), item.numbers)
    if isinstance(item, Draw):
        return Draw(name(item.player))
    if isinstance(item, Played):
        return Played(name(item.player), item.number)
    if isinstance(item, Together):
        order = {low: seat for seat, low in enumerate(spelt)}
        plays = sorted(item.plays, key=lambda p: order.get(p.player.lower(), len(order)))
        return Together(tuple(Played(name(p.player), p.number) for p in plays))
    return item


def _lines(record: Record, notes: dict[int, list[str]]) -> Iterator[str]:
    """The movetext, a line for each dealt hand and for each round, numbered
    cycle.round from the replay, a hand shown in a round on its line where it was seen and
    one shown before the first round on a line of its own; what follows an illegal item goes
    on one last line."""
    state: State | None = start(record)
    spelt = _spellings(record)
    hands = [item for item in record.moves if isinstance(item, Hand)]
    unseen = (
        record.tag("Cockatoos") is not None
        and len(hands) == len(record.setup().players)
        and all(set(item.numbers) == {UNSEEN} for item in hands)
    )  # ZK-PARTIAL-CANONICAL: a whole deal nobody saw a card of is left out; a record that
    # stops within its deal keeps it, since one without deal items starts after the deal
    words: list[str] = []
    drawn = False  # a start draw opens its round's line; the nest cards that follow join it
    dealing = True  # before the first round: a show there opens a line of its own
    for ply, item in enumerate(record.moves):
        opens = isinstance(item, (Hand, Draw)) or (isinstance(item, Nest) and not drawn)
        opens = opens or (isinstance(item, Shown) and dealing)
        if state is not None and opens:
            if words:
                yield " ".join(words)
            bare = isinstance(item, (Hand, Shown))  # a deal, or a show before the first round
            words = [] if bare else [f"{state.cycle + 1}.{state.round + 1}."]
        dealing = isinstance(item, Hand)
        drawn = isinstance(item, Draw)
        if not (unseen and isinstance(item, Hand)):
            words.append(str(_canonical(item, spelt)))
        words.extend(notes.get(ply + 1, []))
        try:
            state = _step(state, item) if state is not None else None
        except CuckooError:
            state = None
    if words:
        yield " ".join(words)


def format_record(record: Record) -> str:
    """The canonical text of *record* (ZK-NOTATION-CANONICAL), ending with a newline."""
    notes = shared.notes_by_ply(record)
    spelt = _spellings(record)
    result = " ".join(spelt.get(name.lower(), name) for name in record.result.split())
    record = replace(record, result=result)
    lines = [*DIALECT.tag_lines(record), "", *notes.get(0, [])]
    lines.extend(_lines(record, notes))
    lines.append(result if result == "*" else quote(result))
    return "\n".join(lines) + "\n"


def _written(state: State, moves: Sequence[Move]) -> tuple[tuple[Item, ...], State]:
    """The record items that write *moves*, played from *state* (the start of a match),
    and the state they end in: deals grouped by player, a basic round's plays grouped in
    seating order.

    :raises NotationError: for moves that stop inside a basic round, which no record can
        show, since its cards are shown together (ZK-NOTATION-PLAYS).
    """
    items: list[Item] = []
    pending: list[Play] = []
    for move in moves:
        if isinstance(move, Deal):
            seat = state.to_deal
            if state.dealt[seat]:
                last = items[-1]
                assert isinstance(last, Hand)
                items[-1] = Hand(last.player, (*last.numbers, move.number))
            else:
                items.append(Hand(state.players[seat], (move.number,)))
        elif isinstance(move, Show):
            items.append(Shown(state.players[move.seat], move.numbers))
        elif isinstance(move, Start):
            items.append(Draw(state.players[move.seat]))
        elif isinstance(move, Nest):
            items.append(move)
        elif state.rules.in_turn:
            items.append(Played(state.players[move.seat], move.number))
        else:
            pending.append(move)
            if len(pending) == len(state.active):
                group = sorted(pending, key=lambda p: p.seat)
                items.append(
                    Together(tuple(Played(state.players[p.seat], p.number) for p in group))
                )
                pending = []
        state = apply(state, move)
    if pending:
        raise NotationError(
            "a basic round is written once every player still in has shown a card: "
            + " ".join(state.players[s] for s in choosing(state))
            + " still to choose",
            rule="ZK-NOTATION-PLAYS",
        )
    return tuple(items), state


def record_of(
    variant: Rules,
    setup: Setup,
    moves: Iterable[Move],
    tags: Iterable[tuple[str, str]] = (),
) -> Record:
    """The record of a match played from *setup* with *moves*."""
    items, state = _written(new_game(variant, setup), tuple(moves))
    named: dict[str, str] = {"Game": GAME, "Variant": variant.variant}
    named.update(tags)
    named["Players"] = " ".join(setup.players)
    if setup.cockatoos:
        named["Cockatoos"] = " ".join(map(str, setup.cockatoos))
    named["Result"] = result_token(state)
    return shared.record_written(Record, ROSTER, named, items)
