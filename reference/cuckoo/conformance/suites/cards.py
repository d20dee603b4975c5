"""The card game's cases: curated hands, two seats, parameter tags, spec examples, whole
games, and games of several hands where the order of the decisions in a hand decides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from random import Random
from typing import Any, Final

from ...cards import apply as cards_apply
from ...cards import new_game as cards_new_game
from ...cards import rules as cards_rules
from ...cards.notation import format_record as cards_format
from ...cards.notation import record_of as cards_record_of
from ...cards.playout import random_game as cards_random_game
from ...cards.state import MAX_PLAYERS as CARD_SEATS
from ..coverage.rounds import passed_on
from .cases import CARDS, Case, first_game, seated, spec_examples, whole_games


def card_cases(root: Path) -> Iterator[Case]:
    """Cuckoo (cards): the spec's examples, curated hands, whole games, perft."""

    hand = partial(seated, CARDS)
    yield hand("cards-start", ("CC-SETUP-PLAYERS", "CC-SETUP-DEALER", "CC-DEAL"))
    yield hand("cards-deal-outcomes", ("CC-DEAL", "CC-CARD-DECK"), ("deal 7h",), "chance")
    yield hand("cards-after-the-deal", ("CC-DEAL", "CC-TURN-ORDER"), ("deal 7h 3c 9s",))
    yield hand("cards-choices", ("CC-KEEP", "CC-SWAP"), ("deal 7h 3c 9s",), "legal")
    yield hand(
        "cards-dealer-choices", ("CC-CUT", "CC-KEEP"), ("deal 7h 3c 9s", "keep", "keep"), "legal"
    )
    yield hand("cards-swap", ("CC-SWAP", "CC-TURN-ORDER"), ("deal 7h 3c 9s", "swap"))
    yield hand("cards-king-blocks", ("CC-SWAP-KING",), ("deal 7h Ks 3c", "swap"))
    yield hand("cards-king-is-kept", ("CC-KING-HELD",), ("deal 7h Ks 3c", "swap"), "legal")
    yield hand("cards-king-may-not-swap", ("CC-KING-HELD",), ("deal Ks 7h 3c", "swap"), "error")
    yield hand(
        "cards-dealer-may-not-swap",
        ("CC-SWAP",),
        ("deal 7h 3c 9s", "keep", "keep", "swap"),
        "error",
    )
    yield hand("cards-only-the-dealer-cuts", ("CC-CUT",), ("deal 7h 3c 9s", "cut 2d"), "error")
    yield hand("cards-cut-outcomes", ("CC-CUT",), ("deal 7h 3c 9s", "keep", "keep"), "chance cut")
    yield hand(
        "cards-cut",
        ("CC-CUT", "CC-LOWEST", "CC-NEXT-DEALER"),
        ("deal 7h 3c 9s", "keep", "keep", "cut Ad"),
    )
    yield hand(
        "cards-cut-king", ("CC-CUT-KING", "CC-LOWEST"), ("deal 7h 3c 9s", "keep", "keep", "cut Kd")
    )
    yield hand(
        "cards-cut-seen-card",
        ("CC-CARD-DECK",),
        ("deal 7h 3c 9s", "keep", "keep", "cut 7h"),
        "error",
    )
    yield hand("cards-dealt-twice", ("CC-CARD-DECK",), ("deal 7h 7h",), "error")
    yield hand("cards-ties", ("CC-LOWEST",), ("deal 4h 4c 9s", "keep", "keep", "keep"))
    yield hand(
        "cards-void",
        ("CC-VOID", "CC-NEXT-DEALER"),
        ("deal 4h 4c", "keep", "keep"),
        players=("Ann", "Ben"),
        lives=1,
    )
    yield hand(
        "cards-out",
        ("CC-ELIMINATE", "CC-END", "CC-NOTATION-RESULT"),
        ("deal 9h 3c", "keep", "keep"),
        "result",
        players=("Ann", "Ben"),
        lives=1,
    )
    yield hand(
        "cards-over",
        ("CC-TURN-OVER",),
        ("deal 9h 3c", "keep", "keep", "keep"),
        "error",
        players=("Ann", "Ben"),
        lives=1,
    )
    yield hand("cards-chance-first", ("CC-TURN-CHANCE",), ("keep",), "error")
    yield hand("cards-decide-first", ("CC-TURN-CHANCE",), ("deal 7h 3c 9s", "deal 2c"), "error")
    yield hand(
        "cards-to-the-right",
        ("CC-RULESET-PARAMS", "CC-TURN-ORDER", "CC-DEAL", "CC-SWAP"),
        ("deal 7h 3c 9s", "swap"),
        direction="right",
    )
    yield hand(
        "cards-next-dealer-right",
        ("CC-NEXT-DEALER", "CC-RULESET-PARAMS"),
        ("deal 7h 3c 9s", "keep", "keep", "cut Ad"),
        direction="right",
    )
    for aces in ("low", "high"):
        yield hand(
            f"cards-aces-{aces}",
            ("CC-RULESET-PARAMS", "CC-CARD-ORDER", "CC-LOWEST"),
            ("deal Ah 3c 9s", "keep", "keep", "keep"),
            aces=aces,
        )
    yield hand(
        "cards-cut-aces-high",
        ("CC-CUT", "CC-CARD-ORDER", "CC-LOWEST"),
        ("deal 7h 3c 9s", "keep", "keep", "cut Ad"),
        aces="high",
    )
    yield from _two_seat_cases(hand)
    yield hand("cards-one-player", ("CC-SETUP-PLAYERS",), (), "error", players=("Ann",))
    yield hand("cards-bad-variant", ("CC-RULESET-PARAMS",), (), "error", lives=0)
    yield hand("cards-perft", ("CC-TURN-ORDER",), ("deal 7h 3c 9s",), "perft 4")
    yield hand("cards-cut-king-kept", ("CC-CUT-KING",), ("deal 7h 5c 2s", "keep", "keep", "cut Kd"))
    yield hand("cards-second-dealer", ("CC-SETUP-DEALER", "CC-DEAL"), ("deal 7h",), dealer="Ben")
    yield hand("cards-parameter-unknown", ("CC-RULESET-PARAMS",), (), "error", speed=2)
    yield hand("cards-lives-1", ("CC-RULESET-PARAMS",), (), lives=1)
    yield hand("cards-lives-99", ("CC-RULESET-PARAMS",), (), lives=99)
    yield hand("cards-lives-100", ("CC-RULESET-PARAMS",), (), "error", lives=100)
    yield hand(
        "cards-order-swap-before-king",
        ("CC-SWAP", "CC-KING-HELD"),
        ("deal 7h 3c Ks", "keep", "keep", "swap"),
        "error",
    )
    for chapter in sorted((root / "spec" / CARDS).glob("*.md")):
        yield from spec_examples(chapter)
    texts = []
    for seed in range(4):
        setup, moves = cards_random_game(cards_rules(), Random(seed), 3 + seed % 3)
        texts.append(cards_format(cards_record_of(cards_rules(), setup, moves)))
    yield from whole_games(
        CARDS,
        texts,
        (
            "cards-game",
            ("CC-END", "CC-ELIMINATE", "CC-LOWEST", "CC-NOTATION-TAGS", "CC-NOTATION-DEAL"),
        ),
        ("cards-canonical", ("CC-NOTATION-CANONICAL", "CC-NOTATION-LENIENT")),
    )
    yield from _card_tag_cases()
    yield from _ordered_card_games()
    yield Case(
        "cards-not-a-record",
        ("CC-NOTATION-SYNTAX",),
        expect="error",
        record='[Game "cuckoo-cards"] [Players "A B"] [Dealer "A"] deal 1h *',
    )


def _two_seat_cases(hand: Callable[..., Case]) -> Iterator[Case]:
    """Two players, where left and right are the same neighbour; the fewest and the most
    players (one past each refused); several hands, a void one first."""
    two = ("Ann", "Ben")
    for direction in ("left", "right"):
        yield hand(
            f"cards-two-swap-{direction}",
            ("CC-TURN-ORDER", "CC-DEAL", "CC-SWAP", "CC-SETUP-PLAYERS"),
            ("deal 7h 3c", "swap"),
            players=two,
            direction=direction,
        )
    yield hand(
        "cards-two-lowest",
        ("CC-LOWEST", "CC-NEXT-DEALER"),
        ("deal 7h 3c", "keep", "keep"),
        players=two,
    )
    yield hand(
        "cards-void-then-lowest",
        ("CC-VOID", "CC-LOWEST", "CC-NEXT-DEALER", "CC-ELIMINATE"),
        ("deal 4h 4c", "keep", "keep", "deal 9h 3c", "keep", "keep"),
        players=two,
        lives=2,
    )
    most = tuple(f"P{n}" for n in range(1, CARD_SEATS + 2))
    yield hand("cards-most-players", ("CC-SETUP-PLAYERS",), (), players=most[:-1])
    yield hand("cards-too-many-players", ("CC-SETUP-PLAYERS",), (), "error", players=most)


def _card_tag_cases() -> Iterator[Case]:
    """CC-NOTATION-CANONICAL on parameter tags: one that names the default is kept (the
    canonical form keeps what the record says), its value written in one way; a record
    without them gains none."""
    hand = '[Players "Ann Ben"] [Dealer "Ann"] deal 7h 3c keep keep *'
    rules = ("CC-NOTATION-CANONICAL", "CC-NOTATION-LENIENT", "CC-RULESET-PARAMS")
    for slug, tags in (
        ("defaults-kept", '[lives " 03 "] [ACES "Low"] [direction "LEFT"]'),
        ("others-kept", '[Lives "099"] [Aces "HIGH"] [Direction "Right"]'),
        ("none-added", ""),
    ):
        record = f'[Game "cuckoo-cards"] {tags} {hand}'
        yield Case(f"cards-canonical-tags-{slug}", rules, expect="format", record=record)


_ORDERED_CARDS: Final = ("CC-LOWEST", "CC-ELIMINATE", "CC-END", "CC-NEXT-DEALER", "CC-SWAP")


def _ordered_card_games() -> Iterator[Case]:
    """Random games of several hands, one of them with a card passed on by two swaps (so
    the order of the decisions decides who ends with it), cut after the first hand that
    completes them, the state then: one with a void hand, one played to the right."""
    for slug, params, void in (("void", {}, True), ("right", {"direction": "right"}, False)):
        variant = cards_rules(**params)
        setup, moves, cut = first_game(
            partial(_some_players, variant), partial(_ordered_cut, variant, void=void)
        )
        record = cards_format(cards_record_of(variant, setup, moves[:cut]))
        extra = ("CC-VOID",) if void else ("CC-TURN-ORDER",)
        yield Case(
            f"cards-ordered-{slug}",
            (*_ORDERED_CARDS, *extra),
            expect="state",
            record=" ".join(record.split()),
            about=f"{len(setup.players)} players, several hands, a card passed on by two "
            f"swaps in one hand, {'a void hand' if void else 'play to the right'}",
        )


def _some_players(variant: Any, rng: Random) -> tuple[Any, Any]:
    """A random card game of three to five players."""
    return cards_random_game(variant, rng, 3 + rng.randrange(3))


def _ordered_cut(variant: Any, setup: Any, moves: tuple[Any, ...], *, void: bool) -> int:
    """How many of *moves* make up whole hands that include a card passed on by two swaps
    in one hand and, if *void*, a void hand, after at least two hands; 0 if none do."""
    state = cards_new_game(variant, setup)
    passed = voided = False
    hand: list[tuple[Any, Any]] = []
    for k, move in enumerate(moves):
        after = cards_apply(state, move)
        hand.append((state, move))
        if after.hands > state.hands:
            passed = passed or passed_on(iter(hand))
            voided = voided or after.lives == state.lives
            hand = []
            if passed and (voided or not void) and after.hands >= 2 and not after.is_over:
                return k + 1
        state = after
    return 0
