"""Mutants of the kinds a suite that covers each rule can still let through: two checks taken
in the other order, a protocol answer changed at an unusual point, a token's letter-case
leniency dropped, canonical writing changed in a rare position, and a record of what was
seen answered wrongly partway.  Each patches the reference where that kind of mistake would
be made, and names the rule it is counted under.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import protocol
from .core import (
    CARDS,
    DICE,
    KUCKUCK,
    cards,
    cards_deck,
    cards_notation,
    cards_rules,
    dice_notation,
    dice_rules,
    kuckuck_notation,
    mutant,
    reference_module,
    rewritten,
)
from .operators import _everywhere

errors = reference_module("errors")


def _first(module: Any, name: str, check: Callable[..., None]) -> None:
    """*module*'s *name* makes *check* (which may raise) before its own checks, wherever
    the reference uses it."""
    original = getattr(module, name)

    def patched(*args: Any) -> Any:
        check(*args)
        return original(*args)

    setattr(module, name, patched)
    _everywhere(original, patched)


def _illegal(rule: str) -> Callable[[bool, str], None]:
    """A check of *rule*: raises an illegal move error unless its condition holds."""
    return lambda holds, message: errors.require(holds, rule, message)


# -- two checks taken in the other order -------------------------------------------------------


@mutant(DICE, "CD-PLACE-DIE", "the cell is checked before the die", kind="check-order")
def cell_before_die() -> None:
    _first(dice_rules, "_place", lambda state, move: dice_rules.require_open(state, move.cell))


@mutant(DICE, "CD-INFECT-LIMIT", "the sum is checked before the limit", kind="check-order")
def sum_before_limit() -> None:
    def check(state: Any, move: Any) -> None:
        total = sum(d.value for d in move.give)
        _illegal("CD-INFECT-SUM")(total == move.take.value, f"{total} is not {move.take}")

    _first(dice_rules, "_infect", check)


@mutant(
    DICE, "CD-INFECT-GIVE", "the die taken is checked before the dice given", kind="check-order"
)
def take_before_give() -> None:
    def check(state: Any, move: Any) -> None:
        other = state.nests[1 - state.to_move]
        held = dice_rules._remove(other, (move.take,)) is not None
        _illegal("CD-INFECT-TAKE")(held, f"no die {move.take} to take")

    _first(dice_rules, "_infect", check)


@mutant(CARDS, "CC-SWAP", "a king held is checked before who may swap or cut", kind="check-order")
def king_before_seat() -> None:
    def check(state: Any, move: Any) -> None:
        if state.step == "decide" and isinstance(move, (cards.Swap, cards.Cut)):
            held = state.cards[state.to_act]
            _illegal("CC-KING-HELD")(held is None or not held.is_king, "a king is kept")

    _first(cards_rules, "apply", check)


@mutant(
    CARDS, "CC-TURN-CHANCE", "the card is checked before whether a deal is due", kind="check-order"
)
def card_before_due() -> None:
    def check(state: Any, move: Any) -> None:
        if isinstance(move, (cards.Deal, cards.Reveal)) and move.card is not None:
            fresh = move.card in cards_deck.DECK and move.card not in state.seen
            _illegal("CC-CARD-DECK")(fresh, f"{move.card} is not in the stock")

    _first(cards_rules, "apply", check)


# -- a protocol answer changed at an unusual point --------------------------------------------


def _refused(cls: Any, name: str, when: Callable[[Any], bool], why: str) -> None:
    """The protocol's *cls*.*name* answers ``? protocol - WHY`` when *when* holds of it."""
    original = getattr(cls, name)

    def patched(self: Any, *args: Any) -> Any:
        if when(self):
            raise protocol.ProtocolError(why)
        return original(self, *args)

    setattr(cls, name, patched)


@mutant(
    CARDS, "CC-TURN-CHANCE", "chance, asked alone, is refused when no card is due", kind="protocol"
)
def chance_refused_when_none_due() -> None:
    original = protocol.CardGame.chance

    def chance(self: protocol.CardGame, text: str) -> str:
        if not text.strip() and self.state.step != "deal":
            raise protocol.ProtocolError("nothing is due")
        return original(self, text)

    protocol.CardGame.chance = chance  # type: ignore[method-assign]


@mutant(KUCKUCK, "ZK-TURN-CHANCE", "chance is refused when no card is due", kind="protocol")
def zk_chance_refused_when_none_due() -> None:
    _refused(
        protocol.KuckuckGame,
        "chance",
        lambda g: not reference_module("kuckuck").chance_outcomes(g.state),
        "nothing is due",
    )


@mutant(CARDS, "CC-NOTATION-SYNTAX", "record is refused until a game was started", kind="protocol")
def record_needs_new() -> None:
    original = protocol.Session.record

    def record(self: protocol.Session, text: str) -> str:
        if self.game is None:
            raise protocol.ProtocolError("no game: send new first")
        return original(self, text)

    protocol.Session.record = record  # type: ignore[method-assign]


@mutant(KUCKUCK, "ZK-TURN-OVER", "legal is refused once the match is over", kind="protocol")
def legal_refused_when_over() -> None:
    _refused(protocol.KuckuckGame, "legal", lambda g: g.state.is_over, "the match is over")


@mutant(
    DICE,
    "CD-TURN-OVER",
    "a move after the end is a protocol error, not CD-TURN-OVER",
    kind="protocol",
)
def move_after_end_unnamed() -> None:
    _refused(protocol.DiceGame, "apply", lambda g: g.state.is_over, "the game is over")


@mutant(CARDS, "CC-TURN-OVER", "state is refused once the game is over", kind="protocol")
def state_refused_when_over() -> None:
    _refused(protocol.CardGame, "position", lambda g: g.state.is_over, "the game is over")


# -- letter-case leniency dropped --------------------------------------------------------------


def _strict_cards(part: Callable[[str], str], what: str) -> None:
    """A card is read only with *part* of its name (rank or suit) in its canonical case."""
    original = cards_deck.card_named

    def card_named(name: str) -> Any:
        text = name.strip()
        card = original(name)
        if card is not None and part(text) != part(str(card)):
            raise errors.NotationError(f"{text}: {what}", rule="CC-NOTATION-LENIENT")
        return card

    cards_deck.card_named = card_named
    _everywhere(original, card_named)


@mutant(CARDS, "CC-NOTATION-LENIENT", "a card's suit is read in lower case only", kind="leniency")
def suit_case_strict() -> None:
    _strict_cards(lambda text: text[-1:], "write the suit in lower case")


@mutant(CARDS, "CC-NOTATION-LENIENT", "a card's rank is read in upper case only", kind="leniency")
def rank_case_strict() -> None:
    _strict_cards(lambda text: text[:-1].replace("10", "T"), "write the rank in upper case")


@mutant(
    KUCKUCK, "ZK-NOTATION-PLAYS", "a player's name is read in its own case only", kind="leniency"
)
def player_case_strict() -> None:
    original = kuckuck_notation._seat

    def seat(state: Any, name: str, rule: str) -> int:
        if name not in state.players:
            raise errors.NotationError(f"{name} is not a player", rule=rule)
        return int(original(state, name, rule))

    kuckuck_notation._seat = seat


@mutant(
    KUCKUCK,
    "ZK-NOTATION-RESULT",
    "the result's names are read in their own case only",
    kind="leniency",
)
def result_case_strict() -> None:
    shared = reference_module("notation_shared")

    def ended(record: Any, state: Any) -> None:
        token = kuckuck_notation.result_token(state)
        if record.result != token:
            raise shared.result_error(
                record, token, record.result, "ZK-NOTATION-RESULT", shared.last_line(record)
            )

    kuckuck_notation._ended = ended


@mutant(
    DICE,
    "CD-NOTATION-LENIENT",
    "the sides a die turns to are read in upper case only",
    kind="leniency",
)
def side_case_strict() -> None:
    original = dice_notation.parse_move

    def parse_move(text: str) -> Any:
        if "/" in text and not text.split("/", 1)[1].isupper():
            raise errors.NotationError(f"{text}: sides in upper case", rule="CD-NOTATION-LENIENT")
        return original(text)

    dice_notation.parse_move = parse_move
    _everywhere(original, parse_move)


def _value_strict(module: Any, key: str, change: Callable[[str], str]) -> None:
    """*module* reads the value of tag *key* only as *change* would write it."""
    dialect = module.DIALECT
    original = dialect.canonical_value
    rule = f"{dialect.prefix}-NOTATION-TAGS"

    def value(k: str, text: str) -> str:
        if k == key and change(text) != text:
            raise errors.NotationError(f"{key} {text!r} is not written canonically", rule=rule)
        return str(original(k, text))

    object.__setattr__(dialect, "canonical_value", value)  # a frozen dataclass


@mutant(CARDS, "CC-NOTATION-TAGS", "an Aces tag is read in lower case only", kind="leniency")
def aces_case_strict() -> None:
    _value_strict(cards_notation, "Aces", str.lower)


@mutant(KUCKUCK, "ZK-NOTATION-TAGS", "a Variant tag is read in lower case only", kind="leniency")
def variant_case_strict() -> None:
    _value_strict(kuckuck_notation, "Variant", str.lower)


@mutant(
    KUCKUCK, "ZK-NOTATION-TAGS", "a Players tag is read with spaces, not commas", kind="leniency"
)
def players_commas_refused() -> None:
    _value_strict(kuckuck_notation, "Players", lambda text: text.replace(",", " "))


# -- canonical writing changed in a rare position ----------------------------------------------


@mutant(CARDS, "CC-NOTATION-CANONICAL", "a Lives tag keeps its leading zeros", kind="canonical")
def lives_zeros_kept() -> None:
    dialect = cards_notation.DIALECT
    original = dialect.canonical_value
    kept = lambda k, value: value if k == "Lives" else original(k, value)  # noqa: E731
    object.__setattr__(dialect, "canonical_value", kept)  # a frozen dataclass


@mutant(CARDS, "CC-NOTATION-CANONICAL", "a winner is written unquoted", kind="canonical")
def winner_unquoted() -> None:
    rewritten(cards_notation, lambda lines: [*lines[:-2], lines[-2].strip('"'), lines[-1]])


@mutant(
    DICE, "CD-NOTATION-CANONICAL", "a comment before the first move is dropped", kind="canonical"
)
def first_note_dropped() -> None:
    def change(lines: list[str]) -> list[str]:
        at = lines.index("") + 1
        kept = [line for line in lines[at:-2] if not line.startswith("{")]
        return [*lines[:at], *kept, *lines[-2:]]

    rewritten(dice_notation, change)


@mutant(
    KUCKUCK,
    "ZK-NOTATION-CANONICAL",
    "a name is written as given, not as Players has it",
    kind="canonical",
)
def zk_names_as_given() -> None:
    kuckuck_notation._spellings = lambda record: {}


@mutant(
    DICE,
    "CD-NOTATION-SEEN",
    "a placement written as seen stays so in canonical form",
    kind="canonical",
)
def seen_kept() -> None:
    dice_notation.canonical = lambda record: record


# -- a record of what was seen, answered wrongly partway --------------------------------------


@mutant(
    CARDS, "CC-PARTIAL-UNSEEN", "legal at a deal after a ? offers the cards seen too", kind="seen"
)
def seen_cards_offered() -> None:
    protocol.CardGame._seen = lambda self: set()  # type: ignore[method-assign]


@mutant(CARDS, "CC-PARTIAL-SHOW", "legal offers nothing while a show-down is due", kind="seen")
def show_not_offered() -> None:
    original = protocol.CardGame.legal

    def legal(self: protocol.CardGame) -> list[str]:
        return [] if self.state.step == "show" else original(self)

    protocol.CardGame.legal = legal  # type: ignore[method-assign]


@mutant(CARDS, "CC-PARTIAL-UNSEEN", "chance and perft answer while a ? is in a hand", kind="seen")
def odds_with_unseen() -> None:
    protocol.CardGame._all_seen = lambda self, command: None  # type: ignore[method-assign]


@mutant(DICE, "CD-NOTATION-SEEN", "apply refuses a placement written as seen", kind="seen")
def seen_refused_partway() -> None:
    original = protocol.DiceGame.read

    def read(state: Any, text: str) -> Any:
        if isinstance(dice_notation.parse_move(text), dice_notation.Seen):
            raise errors.NotationError("write the die placed", rule="CD-NOTATION-SEEN")
        return original(state, text)

    protocol.DiceGame.read = staticmethod(read)  # type: ignore[method-assign]


@mutant(KUCKUCK, "ZK-PARTIAL-UNSEEN", "state counts no card unseen partway", kind="seen")
def zk_unseen_not_counted() -> None:
    original = protocol.KuckuckGame.position

    def position(self: protocol.KuckuckGame) -> dict[str, Any]:
        shown = original(self)
        return {**shown, "unseen": [0 for _ in shown.get("unseen", [])]}

    protocol.KuckuckGame.position = position  # type: ignore[method-assign]
