"""Mutants of the card game: each one plausible misreading of one of its rules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .core import (
    CARDS,
    cards,
    cards_deck,
    cards_notation,
    cards_rules,
    cards_rulesets,
    cards_state,
    loosen,
    mutant,
    read_as,
    tags_sorted,
    unknown_ignored,
    wrap,
)


@mutant(CARDS, "CC-CARD-ORDER", "aces are always low: the aces parameter is not read")
def aces_always_low() -> None:
    cards_rules.rank_value = lambda card, aces: cards_deck.rank_value(card, "low")


@mutant(CARDS, "CC-CARD-DECK", "the stock is never short of a card: one dealt may come again")
def cards_repeat() -> None:
    loosen(cards_rules, "CC-CARD-DECK", lambda text: True)


@mutant(CARDS, "CC-LOWEST", "suits break ties, clubs lowest")
def suits_break_ties() -> None:
    cards_rules.rank_value = lambda card, aces: (
        cards_deck.rank_value(card, aces) * 4 + cards_deck.SUITS.index(card.suit)
    )


@mutant(CARDS, "CC-SWAP-KING", "a king shown by the neighbour does not stop the swap")
def king_does_not_block() -> None:
    def swap(state: Any, mover: int) -> Any:
        neighbour = cards_rules.next_seat(state, mover)
        held = list(state.cards)
        held[mover], held[neighbour] = held[neighbour], held[mover]
        return replace(state, cards=tuple(held))

    cards_rules._swap = swap


@mutant(CARDS, "CC-KING-HELD", "a player holding a king may still swap it away")
def king_may_swap() -> None:
    loosen(cards_rules, "CC-KING-HELD")


@mutant(CARDS, "CC-SWAP", "the swap goes against the direction of play")
def swap_backwards() -> None:
    flip = {"left": "right", "right": "left"}

    def make(original: Callable[[Any, int], Any]) -> Callable[[Any, int], Any]:
        def patched(state: Any, mover: int) -> Any:
            rules = state.rules
            turned = replace(state, rules=replace(rules, direction=flip[rules.direction]))
            return replace(original(turned, mover), rules=rules)

        return patched

    wrap(cards_rules, "_swap", make)


@mutant(CARDS, "CC-CUT-KING", "a king cut from the stock replaces the dealer's card too")
def cut_king_taken() -> None:
    def make(original: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def patched(state: Any, card: Any) -> Any:
            if not card.is_king:
                return original(state, card)
            held = list(state.cards)
            held[state.dealer] = card
            return cards_rules._end_of_hand(
                replace(state, cards=tuple(held), seen=state.seen | {card}, step="decide")
            )

        return patched

    wrap(cards_rules, "_reveal", make)


@mutant(CARDS, "CC-CUT", "the dealer keeps the better of the own card and the cut one")
def cut_keeps_better() -> None:
    def make(original: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def patched(state: Any, card: Any) -> Any:
            held, aces = state.cards[state.dealer], state.rules.aces
            if cards_deck.rank_value(card, aces) >= cards_deck.rank_value(held, aces):
                return original(state, card)
            return cards_rules._end_of_hand(replace(state, seen=state.seen | {card}, step="decide"))

        return patched

    wrap(cards_rules, "_reveal", make)


def _next_dealer(choose: Callable[[Any], int | None]) -> None:
    """After a hand, the dealer *choose* names deals next (None: the one the rules name)."""

    def make(original: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def patched(state: Any) -> Any:
            after = original(state)
            dealer = choose(after) if after.step == "deal" else None
            if dealer is None:
                return after
            return replace(after, dealer=dealer, to_act=cards_state.next_seat(after, dealer))

        return patched

    wrap(cards_rules, "_end_of_hand", make)


@mutant(CARDS, "CC-NEXT-DEALER", "whoever lost a life deals the next hand")
def loser_deals() -> None:
    def loser(after: Any) -> int | None:
        first = after.losers[:1]
        return first[0] if first and first[0] in after.active else None

    _next_dealer(loser)


@mutant(CARDS, "CC-VOID", "after a void hand the deal passes on as after any other")
def void_passes_deal() -> None:
    _next_dealer(lambda after: None if after.losers else cards_state.next_seat(after, after.dealer))


@mutant(CARDS, "CC-TURN-ORDER", "the deal always goes to the left, whatever the direction")
def deal_always_left() -> None:
    read_as(cards_rules, "_deal", "rules", direction="left")


@mutant(CARDS, "CC-SETUP-DEALER", "the first player listed deals first")
def first_listed_deals() -> None:
    wrap(cards, "new_game", lambda original: lambda rules, setup: original(
        rules, replace(setup, dealer=0) if setup.dealer in range(len(setup.players)) else setup
    ))  # fmt: skip


@mutant(CARDS, "CC-RULESET-PARAMS", "a parameter the game does not know is ignored")
def cards_unknown_ignored() -> None:
    unknown_ignored(cards_rulesets)


@mutant(CARDS, "CC-NOTATION-RESULT", "the result names the player who lost the last life")
def result_names_loser() -> None:
    cards_notation.winner = lambda state: state.losers[0] if state.is_over else None


@mutant(CARDS, "CC-NOTATION-CANONICAL", "canonical tags are in alphabetical order")
def cards_tags_sorted() -> None:
    tags_sorted(cards_notation)
