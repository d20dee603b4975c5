"""The moves the recorder offers as rows of taps, for each game: the tap labels of each,
its text, and what the table saw that the move needs besides (the answers asked after)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from .. import cards, dice, kuckuck
from ..cards.partial import deal_order
from ..kuckuck import notation as kuckuck_notation
from ..kuckuck.cards import HAND_SIZE
from ..kuckuck.cards import UNSEEN as UNSEEN_NUMBER


@dataclass(frozen=True)
class Choice:
    """A move the page offers as a row of taps: the labels of each tap, then the text."""

    path: tuple[str, ...]
    text: str
    roll: tuple[str, ...] = ()
    """For a dice infection: the dice to re-roll, named, taken die first; the page asks
    for their new values and writes them after the move, as the notation does."""
    ask: tuple[Question, ...] = ()
    """What the table saw that the move needs besides its path (the cockatoo cards each
    player took, a show-down's cards): the page asks each in turn and writes the answers
    after *text*, separated by spaces."""

    def json(self, place: Mapping[Question, int]) -> dict[str, Any]:
        """The choice as the pages read it, each question named by its *place* in the
        view's list of questions (:func:`choices_json`)."""
        return {
            "path": list(self.path),
            "text": self.text,
            "roll": list(self.roll),
            "ask": [place[q] for q in self.ask],
        }


@dataclass(frozen=True)
class Question:
    """One answer a move needs, chosen by taps like a move: each option a path of labels
    and the text it writes; with *many*, any number of options, then a tap on Done."""

    label: str
    options: tuple[tuple[tuple[str, ...], str], ...]
    many: bool = False
    distinct: bool = False
    """The answers of the move's questions marked so are all different (the cards of a
    show-down: the deck has one of each, CC-CARD-DECK): the page offers none answered."""

    def json(self) -> dict[str, Any]:
        options = [{"path": list(path), "text": text} for path, text in self.options]
        return {
            "label": self.label,
            "options": options,
            "many": self.many,
            "distinct": self.distinct,
        }


def choices_json(choices: Sequence[Choice]) -> dict[str, Any]:
    """*choices* as a view gives them to a page: every question they ask written once, in
    ``questions``, and named by its place there in each choice's ``ask``. A card game's
    show-down asks the same questions after each of the dealer's 53 decisions: written
    with each, they made a view of 331 kB that took a slow phone a fifth of a second."""
    questions = list(dict.fromkeys(q for c in choices for q in c.ask))
    place = {q: k for k, q in enumerate(questions)}
    return {
        "choices": [c.json(place) for c in choices],
        "questions": [q.json() for q in questions],
    }


def _die_label(die: dice.Die, holder: int) -> str:
    colour = dice.PLAYER_NAMES[1 - holder if die.foreign else holder]
    return f"{colour}'s {die.value}"


def dice_choices(state: dice.State) -> list[Choice]:
    me = state.to_move
    out = []
    for move in dice.legal_moves(state):
        if isinstance(move, dice.Place):
            name = dice.CELL_NAMES[move.cell]
            turn = [
                f"{'value' if n == 0 else 'next face'} to side {dice.SIDE_NAMES[s]}"
                for n, s in enumerate(move.sides)
            ]
            path = ("Place a die", _die_label(move.die, me), f"cell {name}", *turn)
            out.append(Choice(path, str(move)))
        elif isinstance(move, dice.Infect):
            give = " + ".join(_die_label(d, me) for d in move.give)
            take = _die_label(move.take, 1 - me)
            roll = (f"{take} (taken)", *(f"{_die_label(d, me)} (given)" for d in move.give))
            out.append(Choice(("Infect", f"give {give}", f"take {take}"), str(move), roll))
        else:
            out.append(Choice(("Pass",), str(move)))
    return out


_SUIT_NAMES: Final = {"c": "clubs ♣", "d": "diamonds ♦", "h": "hearts ♥", "s": "spades ♠"}


def card_path(card: cards.Card) -> tuple[str, str]:
    return _SUIT_NAMES[card.suit], card.rank.replace("T", "10")


_ANY_CARD: Final = tuple((card_path(card), str(card)) for card in cards.DECK)


def cards_choices(state: cards.State) -> list[Choice]:
    """The cards dealt (``?`` for one nobody saw, first, as at a real table: CC-PARTIAL-UNSEEN)
    and the decisions; the dealer's decision in a hand with unseen cards asks for the
    show-down that must follow it (CC-PARTIAL-SHOW), so the record stays valid."""
    if state.step == "deal":
        unseen = [Choice(("Not seen (?)",), "deal ?")]
        if not any(state.cards):  # the first card of a hand: all of them at once
            unseen.insert(0, Choice(("All face down",), "deal" + " ?" * len(state.active)))
        seen = [
            Choice(card_path(o.card), f"deal {o.card}") for o, _ in cards.chance_outcomes(state)
        ]
        return unseen + seen
    ask: tuple[Question, ...] = ()
    if state.unseen and state.to_act == state.dealer:
        ask = tuple(
            Question(f"{state.players[seat]} shows", _ANY_CARD, distinct=True)
            for seat in deal_order(state)
        )
    out: list[Choice] = []
    show = " show" if ask else ""
    for move in cards.legal_moves(state):
        if isinstance(move, cards.Cut):
            out.extend(
                Choice(("cut", *card_path(card)), f"cut {card}{show}", ask=ask)
                for card in _cut_cards(state)
            )
        else:
            out.append(Choice((str(move),), f"{move}{show}", ask=ask))
    return out


def _cut_cards(state: cards.State) -> list[cards.Card]:
    """The cards the dealer's cut may turn up: any not seen in a hand (CC-CUT), the cards
    nobody saw being any of them (CC-PARTIAL-UNSEEN: the replay's stand-ins are not)."""
    if not state.unseen:
        return [o.card for o, _ in cards.chance_outcomes(cards.apply(state, cards.CUT))]
    held = {card for card in state.cards if card is not None} - state.unseen
    return [card for card in cards.DECK if card not in held]


def kuckuck_choices(state: kuckuck.State) -> list[Choice]:
    """The cards dealt, drawn, turned up or played; before the deal, the cockatoo cards
    each player took instead of the hands (ZK-PARTIAL-COUNT), and later a hand shown
    (ZK-PARTIAL-SHOW), these two first as the way a table records."""
    out = _kuckuck_seen(state)
    for move in kuckuck.legal_moves(state):
        if move == kuckuck.Deal(UNSEEN_NUMBER):
            continue  # the page writes hands nobody saw as the cockatoo cards taken
        text = kuckuck_notation.move_text(state, move)
        if isinstance(move, kuckuck.Deal):
            path: tuple[str, ...] = (str(move.number),)
        elif isinstance(move, kuckuck.Nest):
            path = (f"lower {move.low}", f"higher {move.high}")
        elif isinstance(move, kuckuck.Start):
            path = (state.players[move.seat],)
        else:
            assert isinstance(move, kuckuck.Play)  # a show is what was seen, never offered
            path = (state.players[move.seat], str(move.number))
        out.append(Choice(path, text))
    return _by_tens(out)


ROW_OF_CARDS: Final = 12
"""The most numbers offered as one tap: more would not fit a phone's screen unscrolled."""


def _tens(number: int) -> str:
    """The tap that opens the cards of *number*'s ten: 1 to 9, 10 to 19, ..., 60."""
    low = max(1, number // 10 * 10)
    high = min(number // 10 * 10 + 9, max(kuckuck.NUMBERS))
    return f"{low}\u2013{high}" if low < high else str(low)


def _by_tens(choices: list[Choice]) -> list[Choice]:
    """A card among more than a row of them is tapped in two: its ten, then itself (a card
    in at most three taps, a player's name first, on a phone's screen unscrolled)."""
    numbers = [c for c in choices if c.path[-1].isdecimal()]
    counts = Counter(c.path[:-1] for c in numbers)
    tens = Counter((*c.path[:-1], _tens(int(c.path[-1]))) for c in numbers)
    split = {
        c: (*c.path[:-1], _tens(int(c.path[-1])))
        for c in numbers
        if counts[c.path[:-1]] > ROW_OF_CARDS and tens[(*c.path[:-1], _tens(int(c.path[-1])))] > 1
    }
    return [replace(c, path=(*split[c], c.path[-1])) if c in split else c for c in choices]


_COUNTS: Final = tuple(((str(n),), str(n)) for n in range(HAND_SIZE + 1))


def _kuckuck_seen(state: kuckuck.State) -> list[Choice]:
    """``cockatoos 4 3 5`` before a card is dealt, and ``show NAME 7 19`` for each player
    whose hand this cycle still has cards nobody saw."""
    if state.step == "deal":
        if any(state.dealt):
            return []
        ask = tuple(Question(f"Cockatoo cards {name} took", _COUNTS) for name in state.players)
        return [Choice(("Hands not seen: the cockatoo cards taken",), "cockatoos", ask=ask)]
    if not state.given:
        return []
    seen = {n for hand in state.dealt for n in hand}
    numbers = [n for n in kuckuck.NUMBERS if n not in seen]
    # picked by its ten, as a played card is, when more than a row (about 50 at first)
    by_ten = len(numbers) > ROW_OF_CARDS
    free = tuple(((_tens(n), str(n)) if by_ten else (str(n),), str(n)) for n in numbers)
    out = []
    for seat, name in enumerate(state.players):
        owner = state.dealt_to(seat)
        if UNSEEN_NUMBER in state.dealt[owner]:
            ask = (Question(f"Cards {name} shows", free, many=True),)
            out.append(Choice(("Show a hand", name), f"show {name}", ask=ask))
    return out
