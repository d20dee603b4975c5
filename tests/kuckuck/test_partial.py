"""Zum Kuckuck! records of what was seen (spec: *zum-kuckuck/notation*, records of
what was seen).

The two directions of the issue: hiding dealt cards of a valid full record gives a valid
record of what was seen, which replays to the same public position; filling the unseen
cards of such a record from the full record of the same match validates too.  And the
records that must be refused because what was seen is impossible.
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuckoo.errors import CuckooError, IllegalMoveError, NotationError, SetupError
from cuckoo.kuckuck import Deal, Move, Rules, Setup, Show, State, apply, legal_moves, new_game
from cuckoo.kuckuck.cards import UNSEEN, cockatoos
from cuckoo.kuckuck.notation import format_record, parse, record_of, replay
from cuckoo.kuckuck.partial import possible
from cuckoo.kuckuck.playout import random_game

from .helpers import BASIC, TACTICAL, spread

VARIANTS = st.sampled_from([BASIC, TACTICAL])
SEEDS = st.integers(0, 2**32)
PLAYERS = st.integers(3, 5)


def _match(variant: Rules, seed: int, players: int) -> tuple[Setup, list[Move], State]:
    """A random full match, its moves and its last state."""
    setup, moves = random_game(variant, Random(seed), players)
    state = new_game(variant, setup)
    for move in moves:
        state = apply(state, move)
    return setup, list(moves), state


def _hidden(moves: list[Move], hide: set[int]) -> list[Move]:
    """*moves* with the dealt cards at the places *hide* (0 to 12n - 1) unseen."""
    return [Deal(UNSEEN) if k in hide and isinstance(m, Deal) else m for k, m in enumerate(moves)]


def _public(state: State) -> tuple[object, ...]:
    """What the table sees of a position: everything but the hands."""
    return (
        state.step,
        state.cycle,
        state.round,
        state.counts,
        state.cockatoos,
        state.nests,
        state.shown,
        state.out,
        state.played,
        state.plays,
        state.starter,
        state.scores,
    )


def _counts(setup: Setup, moves: list[Move]) -> tuple[int, ...]:
    n = len(setup.players)
    dealt = [m.number for m in moves[: 12 * n] if isinstance(m, Deal)]
    return tuple(cockatoos(dealt[12 * s : 12 * s + 12]) for s in range(n))


def _last(text: str) -> State:
    *_, state = replay(parse(text))
    return state


@given(VARIANTS, SEEDS, PLAYERS, st.randoms(use_true_random=False), st.booleans())
def test_hiding_dealt_cards_of_a_full_record_gives_a_valid_record(
    variant: Rules, seed: int, players: int, rng: Random, everything: bool
) -> None:
    """ZK-PARTIAL-UNSEEN, ZK-PARTIAL-COUNT, ZK-PARTIAL-PLAY, ZK-PARTIAL-CANONICAL: any
    dealt cards written ? (all of them: the deal left out), with the counts seen, replay to
    the same public position, result included, and the canonical text is a fixed point."""
    setup, moves, full = _match(variant, seed, players)
    cards = 12 * players
    hide = set(range(cards)) if everything else set(rng.sample(range(cards), rng.randint(1, cards)))
    seen = Setup(setup.players, _counts(setup, moves))
    record = record_of(variant, seen, _hidden(moves, hide))
    text = format_record(record)
    assert ("deal" in text) == (len(hide) < cards)
    last = _last(text)
    assert _public(last) == _public(full)
    assert parse(text).result == record_of(variant, setup, moves).result
    assert format_record(parse(text)) == text


@given(VARIANTS, SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_filling_unseen_cards_from_the_full_record_validates(
    variant: Rules, seed: int, players: int, rng: Random
) -> None:
    """ZK-PARTIAL-UNSEEN, ZK-PARTIAL-CHECKS: the ? of a record of what was seen, filled in
    (some or all) with the cards of the full record of the same match, still validate, to
    the same position as the full record, hands and all once every card is filled."""
    setup, moves, full = _match(variant, seed, players)
    cards = 12 * players
    hidden = set(rng.sample(range(cards), rng.randint(1, cards)))
    filled = set(rng.sample(sorted(hidden), rng.randint(0, len(hidden))))
    seen = Setup(setup.players, _counts(setup, moves))
    partial = format_record(record_of(variant, seen, _hidden(moves, hidden)))
    if "deal" not in partial:  # the deal left out: write it back, every card unseen
        lines = partial.split("\n\n", 1)
        rows = [f"deal {p}" + " ?" * 12 for p in setup.players]
        partial = lines[0] + "\n\n" + "\n".join(rows) + "\n" + lines[1]
    dealt = [m.number for m in moves[:cards] if isinstance(m, Deal)]
    lines, seat = [], 0
    for line in partial.split("\n"):
        if line.startswith("deal "):
            words = line.split(" ")
            for k in range(12):
                place = 12 * seat + k
                if place not in hidden - filled:
                    words[2 + k] = str(dealt[place])
            line, seat = " ".join(words), seat + 1
        lines.append(line)
    last = _last("\n".join(lines))
    assert _public(last) == _public(full)
    if filled == hidden:
        assert last.dealt == full.dealt


# -- what was seen is impossible ---------------------------------------------------------------

TAGS = '[Game "zum-kuckuck"]\n[Players "Ann Bob Cy"]\n'
SPREAD = spread(3)
UNSEEN_HANDS = "deal Bob" + " ?" * 12 + "\ndeal Cy" + " ?" * 12 + "\n"


def _refused(text: str) -> CuckooError:
    with pytest.raises(CuckooError) as caught:
        _last(text)
    return caught.value


def test_a_card_dealt_twice_is_refused() -> None:
    """ZK-SETUP-DEAL: a card seen in two hands' deals, unseen cards or not."""
    text = TAGS + '[Cockatoos "4 4 4"]\n\ndeal Ann 1 2 3 4 5 6 7 8 9 10 11 12\n'
    text += "deal Bob 12" + " ?" * 11 + "\ndeal Cy" + " ?" * 12 + "\n*\n"
    error = _refused(text)
    assert isinstance(error, IllegalMoveError) and error.rule == "ZK-SETUP-DEAL"


def test_a_card_played_from_two_hands_is_refused() -> None:
    """ZK-PARTIAL-PLAY, ZK-ROUND-PLAY: a card once played from an unseen hand belongs to
    it; another seat playing it in a later cycle is refused."""
    plays = "(Ann 60 Bob 53 Cy 9)"
    text = TAGS + '[Cockatoos "4 4 4"]\n\n1.1. nest 3 9 ' + plays + "\n*\n"
    assert _last(text).dealt[0].count(60) == 1
    again = text.replace("*\n", "1.2. nest 4 5 (Ann 59 Bob 60 Cy 10)\n*\n")
    error = _refused(again)
    assert isinstance(error, IllegalMoveError) and error.rule == "ZK-ROUND-PLAY"


def test_a_card_played_twice_in_a_cycle_is_refused() -> None:
    """ZK-ROUND-PLAY: an unseen card played once is no longer unseen."""
    text = TAGS + '[Cockatoos "4 4 4"]\n\n1.1. nest 3 9 (Ann 60 Bob 53 Cy 9)\n'
    text += "1.2. nest 4 5 (Ann 60 Bob 54 Cy 10)\n*\n"
    error = _refused(text)
    assert isinstance(error, IllegalMoveError) and error.rule == "ZK-ROUND-PLAY"


def test_a_deal_filled_in_later_must_agree_with_the_plays() -> None:
    """ZK-PARTIAL-UNSEEN: Ann's hand, shown at the end and written into the deal, does not
    hold the 60 she played: the record is refused at her play."""
    hand = "deal Ann 1 2 3 4 25 26 27 28 57 58 59 61"
    text = TAGS + f'[Cockatoos "4 4 4"]\n\n{hand}\n{UNSEEN_HANDS}'
    text += "1.1. nest 3 9 (Ann 60 Bob 53 Cy 9)\n*\n"
    error = _refused(text.replace(" 61", " 56"))
    assert isinstance(error, IllegalMoveError) and error.rule == "ZK-ROUND-PLAY"


@pytest.mark.parametrize("value", ["4 4", "4 4 4 4", "4 x 4", "4 13 4", "4 -1 4"])
def test_a_cockatoos_tag_that_cannot_be_is_refused(value: str) -> None:
    """ZK-PARTIAL-COUNT: one count, 0 to 12, per player; the error names the tag's line."""
    error = _refused(TAGS + f'[Cockatoos "{value}"]\n\n*\n')
    assert (error.rule, error.line) == ("ZK-PARTIAL-COUNT", 3)


@pytest.mark.parametrize("counts", [(4, 4), (4, 4, 4, 4), (4, 13, 4), (4, -1, 4), (4, True, 4)])
def test_the_engine_refuses_counts_that_cannot_be(counts: tuple[int, ...]) -> None:
    """ZK-PARTIAL-COUNT, for a program that sets a match up itself."""
    with pytest.raises(SetupError, match="0 to 12"):
        new_game(BASIC, Setup(("Ann", "Bob", "Cy"), counts))


def test_unseen_cards_need_the_cockatoos_tag() -> None:
    """ZK-PARTIAL-COUNT: without the counts a ? cannot be replayed."""
    error = _refused(TAGS + "\ndeal Ann" + " ?" * 12 + "\n" + UNSEEN_HANDS + "*\n")
    assert isinstance(error, NotationError) and error.rule == "ZK-PARTIAL-COUNT"


def test_the_deal_is_left_out_only_with_the_counts() -> None:
    """ZK-PARTIAL-UNSEEN: without the Cockatoos tag a record still begins with its deal,
    as ZK-NOTATION-DEAL says; the message names the tag, the way to leave the deal out."""
    error = _refused(TAGS + "\n1.1. nest 3 9 (Ann 60 Bob 53 Cy 9)\n*\n")
    assert error.rule == "ZK-TURN-CHANCE" and "the Cockatoos tag" in str(error)


# -- a hand shown later ------------------------------------------------------------------------


@given(VARIANTS, SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_the_truth_shown_at_any_point_changes_nothing_the_table_sees(
    variant: Rules, seed: int, players: int, rng: Random
) -> None:
    """ZK-PARTIAL-SHOW, ZK-PARTIAL-CANONICAL: in a match recorded with every hand unseen,
    cards of the hand a player really holds, shown at random points after the deal (the end
    included), are accepted; each show changes nothing public, fills only that hand, and the
    record with its shows replays to the same public position as the full record, its
    canonical text a fixed point with every show where it was made."""
    setup, moves, full = _match(variant, seed, players)
    cards = 12 * players
    truth = [m.number for m in moves[:cards] if isinstance(m, Deal)]
    seen = Setup(setup.players, _counts(setup, moves))
    state = new_game(variant, seen)
    written: list[Move] = []
    for k, move in enumerate([*_hidden(moves, set(range(cards))), None]):
        seat = rng.randrange(players)
        if k >= cards and rng.random() < 0.2 and seat not in state.out:
            owner = state.dealt_to(seat)
            held = truth[12 * owner : 12 * owner + 12]
            new = [c for c in held if not any(c in hand for hand in state.dealt)]
            if new:
                show = Show(seat, tuple(rng.sample(new, rng.randint(1, len(new)))))
                after = apply(state, show)
                assert _public(after) == _public(state)
                changed = [o for o in range(players) if after.dealt[o] != state.dealt[o]]
                assert changed == [owner] and set(show.numbers) <= set(after.dealt[owner])
                assert after.unseen[seat] == state.unseen[seat] - len(show.numbers)
                state = after
                written.append(show)
        if move is not None:
            state = apply(state, move)
            written.append(move)
    assert _public(state) == _public(full)
    text = format_record(record_of(variant, seen, written))
    assert text.count("show ") == sum(isinstance(m, Show) for m in written)
    assert _public(_last(text)) == _public(full) and format_record(parse(text)) == text


SEEN = TAGS + '[Cockatoos "0 4 4"]\n\n1.1. nest 3 9 (Ann 60 Bob 53 Cy 9)\n'


@pytest.mark.parametrize(
    ("show", "says"),
    [
        ("show Zed 7", "Zed is not a player"),
        ("show Bob 53", "53 is seen already"),  # played by Bob
        ("show Ann 9", "9 is seen already"),  # played by Cy
        ("show Bob 7 7", "each once"),
        ("show Bob 61", "1 to 60"),
        ("show Bob " + " ".join(map(str, range(10, 22))), "11 cards nobody has seen, not 12"),
        ("show Ann 25", "Ann cannot hold 25"),  # no cockatoo card taken: no whole cockatoo
    ],
)
def test_a_show_that_cannot_be_is_refused_naming_its_rule(show: str, says: str) -> None:
    """ZK-PARTIAL-SHOW: each of the rule's refusals, with what is wrong."""
    error = _refused(SEEN + show + "\n*\n")
    assert error.rule == "ZK-PARTIAL-SHOW" and says in str(error), error


def test_a_show_in_the_deal_or_in_a_full_record_is_refused() -> None:
    """ZK-PARTIAL-SHOW: a card seen as it is dealt goes into the deal, and a full record has
    nothing left to show."""
    error = _refused(TAGS + '[Cockatoos "4 4 4"]\n\ndeal Ann' + " ?" * 12 + "\nshow Ann 7\n*\n")
    assert error.rule == "ZK-PARTIAL-SHOW" and "once the deal is complete" in str(error)
    dealt = "".join(
        f"deal {p} " + " ".join(map(str, h)) + "\n"
        for p, h in zip(("Ann", "Bob", "Cy"), SPREAD, strict=True)
    )
    error = _refused(TAGS + "\n" + dealt + f"show Ann {SPREAD[0][0]}\n*\n")
    assert error.rule == "ZK-PARTIAL-SHOW" and "seen already" in str(error)


def test_a_card_shown_is_played_from_the_hand_and_held_by_no_other() -> None:
    """ZK-PARTIAL-SHOW, ZK-PARTIAL-PLAY: the card shown stays in the hand until played,
    and another hand playing it is refused."""
    state = _last(SEEN + "show Ann 59\n*\n")
    assert 59 in state.hands[0] and 59 in state.dealt[0] and state.unseen[0] == 10
    error = _refused(SEEN + "show Ann 59\n1.2. nest 2 12 (Ann 1 Bob 59 Cy 49)\n*\n")
    assert error.rule == "ZK-ROUND-PLAY"
    after = _last(SEEN + "show Ann 59\n1.2. nest 2 12 (Ann 59 Bob 1 Cy 49)\n*\n")
    assert 59 not in after.hands[0] and after.unseen[0] == 10


def test_possible_is_exact_on_small_cases() -> None:
    """ZK-PARTIAL-COUNT: the search over kinds of cards agrees with the counts of a real
    deal, and refuses one that no deal gives."""
    hands = [list(h) for h in SPREAD]
    counts = [cockatoos(h) for h in hands]
    assert possible(hands, counts)
    hidden = [[UNSEEN] * 12 for _ in hands]
    assert possible(hidden, counts)
    assert possible(hidden, [12, 6, 6])  # the twelve whole cockatoos, then 24 halves
    assert not possible(hidden, [12, 7, 6])  # a hand of halves holds at most 6 wholes
    assert not possible(hidden, [12, 6, 7])
    assert not possible(hands, [counts[0] + 1, *counts[1:]])


def test_legal_moves_of_an_unseen_hand_are_the_cards_it_may_hold() -> None:
    """ZK-PARTIAL-PLAY: a hand that earned no cockatoo card may hold no card with a whole
    one (25 to 36), and no card seen elsewhere."""
    state = new_game(BASIC, Setup(("Ann", "Bob", "Cy"), (0, 4, 4)))
    for number in [1, 2, *[UNSEEN] * 10, *[UNSEEN] * 24]:
        state = apply(state, Deal(number))
    state = apply(state, next(m for m in legal_moves(state)))
    ann = {m.number for m in legal_moves(state) if getattr(m, "seat", None) == 0}
    assert ann and not ann & set(range(25, 37)) and ann >= {1, 2, 60}
    bob = {m.number for m in legal_moves(state) if getattr(m, "seat", None) == 1}
    assert not bob & {1, 2}


def test_the_position_shows_unseen_cards_as_unseen() -> None:
    """ZK-PARTIAL-UNSEEN: replay and render count the unseen cards and name none of them."""
    from cuckoo.kuckuck.svg import seats_svg
    from cuckoo.kuckuck.views import diagram, state_dict, table_svg

    hand = "deal Ann 1 2 3 4 25 26 27 28 57 58 59 60"
    text = TAGS + f'[Cockatoos "4 4 4"]\n\n{hand}\n{UNSEEN_HANDS}'
    state = _last(text + "1.1. nest 3 9 (Ann 60 Bob 53 Cy 9)\n*\n")
    assert "Bob  hand 11 (11 unseen)" in diagram(state)
    data = state_dict(state)
    assert data["dealt"][1] == [53, *["?"] * 11] and data["unseen"] == [0, 11, 11]
    for picture in (table_svg(state), seats_svg(state)):
        assert "hand 11 (11 unseen)" in picture
        assert "11 cards in hand, 11 of them unseen" in picture
    full = _last(
        TAGS
        + f"\n{hand}\ndeal Bob 5 6 7 8 29 30 31 32 53 54 55 56\n"
        + "deal Cy 9 10 11 12 33 34 35 36 49 50 51 52\n1.1. nest 3 9 (Ann 60 Bob 53 Cy 9)\n*\n"
    )
    assert "unseen" not in state_dict(full) and "unseen" not in diagram(full)


def test_validate_notes_what_it_could_not_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ZK-PARTIAL-CHECKS: a note per record with unseen cards, not a problem (exit 0), as
    text and as --json, with one process or several; a full record gets none."""
    from cuckoo.cli import main

    hand = "deal Ann 1 2 3 4 25 26 27 28 57 58 59 60"
    partial = TAGS + f'[Cockatoos "4 4 4"]\n\n{hand}\n{UNSEEN_HANDS}'
    partial += "1.1. nest 3 9 (Ann 60 Bob 53 Cy 9)\n*\n"
    path = tmp_path / "seen.txt"
    path.write_text(partial + "\n" + TAGS + "\n*\n", encoding="utf-8")
    for jobs in ("1", "2"):
        assert main(["validate", "-j", jobs, str(path)]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out == [
            f"{path}:1: note: ZK-PARTIAL-CHECKS: game 1: 22 dealt cards never seen; "
            "ZK-SETUP-DEAL, ZK-SETUP-COUNT and ZK-ROUND-PLAY checked only against some deal "
            "of them"
        ]
    assert main(["validate", "--json", str(path)]) == 0
    note, summary = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert (note["kind"], note["rule"], note["line"]) == ("note", "ZK-PARTIAL-CHECKS", 1)
    assert summary["problems"] == 0


@given(VARIANTS, SEEDS, PLAYERS, st.data())
def test_a_record_stopping_within_its_deal_keeps_it_in_canonical_form(
    variant: Rules, seed: int, players: int, data: st.DataObject
) -> None:
    """ZK-PARTIAL-CANONICAL, ZK-PARTIAL-UNSEEN: a record of what was seen that stops after
    any of its deal items (every card ? or some) is written back with those items, and
    `format` then the record reach the same state as the record itself; only a whole deal
    nobody saw a card of is left out."""
    setup, moves, _ = _match(variant, seed, players)
    hands = data.draw(st.integers(1, players), label="hands dealt")
    hide = data.draw(st.sets(st.integers(0, 12 * hands - 1), min_size=1), label="unseen")
    seen = Setup(setup.players, _counts(setup, moves))
    record = record_of(variant, seen, _hidden(moves[: 12 * hands], hide))
    text = format_record(record)
    left_out = hands == players and len(hide) == 12 * hands
    assert text.count("deal ") == (0 if left_out else hands)
    *_, direct = replay(record)
    assert _last(text) == direct
    assert format_record(parse(text)) == text
