"""Hostile input: arbitrary and mutated records, arbitrary move values.

The only outcomes allowed are a value or one of the documented errors (CuckooError and
its kinds), never another exception, never a hang.
"""

from __future__ import annotations

import contextlib
from random import Random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cuckoo import CuckooError, cards, kuckuck
from cuckoo.cards.notation import format_record as cards_format
from cuckoo.cards.notation import record_of as cards_record_of
from cuckoo.cards.playout import random_game as cards_random_game
from cuckoo.dice import RULESETS, Die, Infect, Place, Rolls, apply, new_game
from cuckoo.dice.notation import format_record, parse_move, record_of
from cuckoo.dice.playout import random_game
from cuckoo.games import read_records as read_any
from cuckoo.kuckuck.notation import format_record as kuckuck_format
from cuckoo.kuckuck.notation import record_of as kuckuck_record_of
from cuckoo.kuckuck.playout import random_game as kuckuck_random_game

ALPHABET = st.sampled_from(list("0123456789@/+x;,()[]{}'\"*-. \nABCabcpasPASS\\\t\r\x00é"))


def _replayed(text: str) -> None:
    """Read and replay *text*, whichever game it is: documented errors only."""
    for item in read_any(text.splitlines(keepends=True)):
        if isinstance(item, CuckooError):
            continue
        kit, record = item
        try:
            for _ in kit.replay(record):
                pass
            kit.format_record(record)
        except CuckooError:
            pass


@settings(max_examples=300, deadline=None)
@given(st.text(ALPHABET, max_size=200) | st.text(max_size=200))
@example('[Game "cuckoo-dice"]\n' * 3 + "*")
@example("{" * 1000)
@example("1. " * 1000 + "*")
def test_arbitrary_text(text: str) -> None:
    _replayed(text)
    with contextlib.suppress(CuckooError):
        parse_move(text)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A valid record of any game with a token dropped, duplicated, swapped or a number
    changed."""
    seed = draw(st.integers(0, 2**16))
    game = draw(st.sampled_from(["cuckoo-dice", "cuckoo-cards", "zum-kuckuck"]))
    if game == "cuckoo-dice":
        rules = RULESETS[draw(st.sampled_from(sorted(RULESETS)))]
        setup, moves = random_game(rules, Random(seed))
        text = format_record(record_of(rules, setup, moves))
    elif game == "cuckoo-cards":
        deal, plays = cards_random_game(cards.RULES, Random(seed), draw(st.integers(2, 5)))
        text = cards_format(cards_record_of(cards.RULES, deal, plays))
    else:
        variant = kuckuck.rules(variant=draw(st.sampled_from(kuckuck.VARIANTS)))
        seats, played = kuckuck_random_game(variant, Random(seed), draw(st.integers(3, 5)))
        text = kuckuck_format(kuckuck_record_of(variant, seats, played))
    tokens = text.replace("\n", " \n ").split(" ")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(tokens) - 1))
        j = draw(st.integers(0, len(tokens) - 1))
        match draw(st.sampled_from(["drop", "duplicate", "swap", "digit", "truncate"])):
            case "drop":
                del tokens[i]
            case "duplicate":
                tokens.insert(i, tokens[i])
            case "swap":
                tokens[i], tokens[j] = tokens[j], tokens[i]
            case "digit":
                digits = [k for k, ch in enumerate(tokens[i]) if ch.isdigit()]
                if digits:
                    k = draw(st.sampled_from(digits))
                    new = str(draw(st.integers(0, 9)))
                    tokens[i] = tokens[i][:k] + new + tokens[i][k + 1 :]
            case "truncate":
                tokens = tokens[:i]
        if not tokens:
            break
    return " ".join(tokens)


@settings(max_examples=200, deadline=None)
@given(mutated())
def test_mutated_records(text: str) -> None:
    _replayed(text)


VALUES = st.one_of(
    st.none(),
    st.integers(-3, 30),
    st.text(max_size=3),
    st.booleans(),
    st.tuples(st.integers(-1, 7)),
    st.just(()),
)
DICE = st.builds(Die, st.integers(-1, 8), st.booleans()) | VALUES
MOVES = st.one_of(
    st.builds(Place, DICE, VALUES, st.tuples(VALUES) | st.tuples(VALUES, VALUES) | st.just(())),
    st.builds(Rolls, st.integers(-1, 8), st.lists(st.integers(-1, 8), max_size=6).map(tuple)),
    VALUES,
)


@pytest.mark.pure
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**16), st.integers(0, 25), MOVES)
def test_arbitrary_move_values(seed: int, plies: int, move: object) -> None:
    """The engine fed any value as a move raises only its documented errors."""
    rules = RULESETS["cuckoo"]
    setup, moves = random_game(rules, Random(seed))
    state = new_game(rules, setup)
    for played in moves[:plies]:
        state = apply(state, played)
    with contextlib.suppress(CuckooError):
        apply(state, move)  # type: ignore[arg-type]


@settings(max_examples=100, deadline=None)
@given(
    st.integers(0, 2**16),
    st.lists(st.builds(Die, st.integers(0, 7), st.booleans()), max_size=5),
    st.builds(Die, st.integers(0, 7)),
)
def test_arbitrary_infections(seed: int, give: list[Die], take: Die) -> None:
    rules = RULESETS["cuckoo"]
    setup, _ = random_game(rules, Random(seed))
    with contextlib.suppress(CuckooError):
        apply(new_game(rules, setup), Infect(tuple(give), take, Rolls(1, (1,) * len(give))))


CARD_MOVES = st.one_of(
    st.builds(cards.Deal, st.builds(cards.Card, st.text(max_size=2), st.text(max_size=2))),
    st.builds(
        cards.Cut,
        st.none() | st.builds(cards.Card, st.sampled_from("AKQ2x"), st.sampled_from("cdhsz")),
    ),
    st.sampled_from([cards.KEEP, cards.SWAP, cards.CUT]),
    VALUES,
)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**16), st.integers(0, 30), CARD_MOVES)
def test_arbitrary_card_moves(seed: int, plies: int, move: object) -> None:
    """The card engine fed any value as a move raises only its documented errors."""
    deal, moves = cards_random_game(cards.RULES, Random(seed), 3)
    state = cards.new_game(cards.RULES, deal)
    for played in moves[:plies]:
        state = cards.apply(state, played)
    with contextlib.suppress(CuckooError):
        cards.apply(state, move)  # type: ignore[arg-type]


KUCKUCK_MOVES = st.one_of(
    st.builds(kuckuck.Deal, VALUES),
    st.builds(kuckuck.Start, VALUES),
    st.builds(kuckuck.Nest, VALUES, VALUES),
    st.builds(kuckuck.Play, VALUES, VALUES | st.integers(-5, 70)),
    VALUES,
)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**16), st.integers(0, 200), KUCKUCK_MOVES)
def test_arbitrary_kuckuck_moves(seed: int, plies: int, move: object) -> None:
    """The Zum Kuckuck! engine fed any value as a move raises only its documented errors,
    and a bool is never taken for a card."""
    variant = kuckuck.rules(variant=("basic", "tactical")[seed % 2])
    seats, moves = kuckuck_random_game(variant, Random(seed), 3 + seed % 3)
    state = kuckuck.new_game(variant, seats)
    for played in moves[:plies]:
        state = kuckuck.apply(state, played)
    try:
        after = kuckuck.apply(state, move)  # type: ignore[arg-type]
    except CuckooError:
        return
    assert all(type(n) is int for hand in after.dealt for n in hand)
    assert all(type(n) is int for n in after.plays if n is not None)
