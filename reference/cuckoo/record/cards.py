"""Recording a game of the card game: the players, the dealer and the lives; the cards dealt
as seen (``?`` for one nobody saw), each decision, the card a cut turns up and the show-down
of a hand with unseen cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from .. import cards
from ..cards import notation
from ..cards.deck import UNSEEN
from ..cards.partial import deal_order
from ..cards.state import State
from ..errors import CuckooError
from ..parameters import whole_number
from .asking import QUIT, Ask, Quit, Say, ask_until, refusal
from .recorder import Recorder

__all__ = ["moves", "new", "prompt"]

DECISIONS: Final = (cards.Keep, cards.Swap, cards.Cut)


def new(path: Path, ask: Ask, say: Say) -> Recorder:
    """Ask for the players, the dealer and the number of lives."""

    def players(text: str) -> tuple[str, ...]:
        names = tuple(text.replace(",", " ").split())
        cards.new_game(None, cards.Setup(names, 0))
        return names

    names = ask_until(ask, say, "Players, in seating order (left of each is next): ", players)

    def dealer(text: str) -> int:
        if text not in names:
            raise ValueError(f"answer one of {', '.join(names)}")
        return names.index(text)

    seat = ask_until(ask, say, "Who deals first? ", dealer)
    variant = ask_until(
        ask, say, "Lives [3]: ", lambda t: cards.rules(lives=whole_number(t or "3"))
    )
    return Recorder(notation.GAME, path, variant, cards.Setup(names, seat))


def moves(recorder: Recorder, text: str, ask: Ask, say: Say) -> list[Any]:
    """A card dealt, several as the notation writes a deal (``deal 7h Ks``), or a decision;
    a swap that a king stops is explained, since nothing seems to happen."""
    state = recorder.state()
    if state.step == "deal":
        words = text.split()
        if words and words[0].lower() == "deal":
            words = words[1:]
        dealt = [UNSEEN if word == "?" else cards.card_named(word) for word in words]
        if not dealt or None in dealt:
            raise ValueError(
                f"{text!r} is not a card, such as Qh or 10s, nor ? for one nobody saw, nor a "
                "deal of cards"
            )
        return [cards.Deal(card) for card in dealt if card is not None]
    move = notation.parse_move(text if text.lower() != "cut" else "cut As")
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

        move = ask_until(ask, say, "  the card turned up: ", turned)
    if state.to_act == state.dealer and state.unseen and isinstance(move, DECISIONS):
        cards.apply(state, cards.CUT if isinstance(move, cards.Cut) else move)  # before asking
        _show_down(recorder, move, ask, say)
        return []  # recorded with its show-down, or taken back
    return [move]


def _show_down(recorder: Recorder, decision: Any, ask: Ask, say: Say) -> None:
    """CC-PARTIAL-SHOW: a hand with cards nobody saw ends with the cards turned face up,
    asked for with the dealer's *decision* and recorded with it (the record is valid only
    with both). A show-down refused is asked again, the decision kept; ``undo`` takes the
    decision back; a session ended here keeps it in the file (:attr:`Recorder.waiting`)."""
    state = recorder.state()
    order = deal_order(state)
    names = " ".join(state.players[s] for s in order)
    typed = f"{state.players[state.dealer]}'s {decision}"
    question = f"  the show-down, the cards of {names} (undo takes back {typed}): "

    def shown(answer: str) -> cards.Show:
        found = [cards.card_named(word) for word in answer.split()]
        if len(found) != len(order) or None in found:
            raise ValueError(f"type {len(order)} cards, the one each of {names} shows")
        return cards.Show(tuple(c for c in found if c is not None))

    while True:
        try:
            answer = ask(question).strip()
            if answer.lower() in QUIT:
                raise Quit
        except (EOFError, KeyboardInterrupt, Quit):
            recorder.wait(str(decision))
            say(f"\n  kept in the record, in a comment: {typed}, before its show-down")
            raise
        if answer.lower() == "undo":
            recorder.wait(None)
            say(f"  took back {typed}")
            return
        try:
            recorder.play(decision, shown(answer))
            return
        except (CuckooError, ValueError) as error:
            say(refusal(error))


def prompt(state: State) -> str:
    """Who is dealt a card, or who decides and what they may do: the dealer keeps or cuts
    (CC-CUT), a player holding a king seen keeps it (CC-KING-HELD)."""
    who = state.players[state.to_act]
    if state.step == "deal":
        return f"card dealt to {who} (? if not seen)"
    return f"{who} ({'/'.join(map(str, cards.legal_moves(state)))})"
