"""Reading, writing and replaying dice records (spec chapter *notation*)."""

from __future__ import annotations

import re
from dataclasses import replace
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuckoo import AmbiguousMoveError, IllegalMoveError, NotationError
from cuckoo.dice import RULESETS, Die, Infect, Place, apply, cell_named, new_game
from cuckoo.dice.notation import Record, Seen, format_record, parse, read_records, record_of, replay
from cuckoo.dice.playout import random_game

COMMENT = st.text(
    st.characters(blacklist_characters="{}", blacklist_categories=("Cs",)), max_size=20
).map(str.strip)


@st.composite
def records(draw: st.DrawFn) -> Record:
    """Whole random games in every ruleset, with comments anywhere."""
    rules = RULESETS[draw(st.sampled_from(sorted(RULESETS)))]
    setup, moves = random_game(rules, Random(draw(st.integers(0, 2**32))))
    tags = [("Event", draw(st.text(max_size=10).filter(lambda t: "\n" not in t)))]
    record = record_of(rules, setup, moves, tags)
    plies = st.integers(0, len(moves))
    comments = draw(st.lists(st.tuples(plies, COMMENT), max_size=4))
    return replace(record, comments=tuple(sorted(comments, key=lambda c: c[0])))


@given(records())
def test_round_trip(record: Record) -> None:
    """CD-NOTATION-CANONICAL: ``parse(format(game)) == game`` and the text is a fixed point."""
    text = format_record(record)
    again = parse(text)
    assert again == record
    assert format_record(again) == text


def _mangle(text: str, rng: Random) -> str:
    """The same record as a careless hand would write it: case, spacing, no move numbers."""
    head, _, movetext = text.partition("\n\n")
    head = re.sub(r"^\[(\w+)", lambda m: "[ " + m[1].swapcase(), head, flags=re.M)
    movetext = re.sub(r"^\d+\. ", "", movetext, flags=re.M)
    movetext = re.sub(r"(?<=[@+x(;,/])", lambda _: " " * rng.randint(0, 2), movetext)
    movetext = "".join(ch.upper() if rng.random() < 0.5 else ch for ch in movetext)
    return head.replace('"] ', '"]') + "\n\t\n" + movetext.replace("\n", "\n \n  ")


@given(records(), st.randoms(use_true_random=False))
def test_import_is_lenient_export_is_canonical(record: Record, rng: Random) -> None:
    """CD-NOTATION-LENIENT: letter case, white space and move numbers are free on input."""
    text = format_record(replace(record, comments=()))
    assert parse(_mangle(text, rng)) == parse(text)


def test_canonical_form_is_exact() -> None:
    """The bytes of the canonical form, including tag order and line breaks."""
    text = (
        '[result "*"]\n[BLUEROLL "6 5 4 3 2 1 1 1 1 1"]\n[game "Cuckoo-Dice"] [Ruleset "CUCKOO"]\n'
        '[Custom "x \\"y\\""][First "blue"]\n[RedRoll "1111122222"]\n'
        "{opening}  1.6@003/a {good}   2+3x5 ( 4 ; 6 , 1 )  2. 1@111 *"
    )
    assert format_record(parse(text)) == (
        '[Game "cuckoo-dice"]\n'
        '[Ruleset "cuckoo"]\n'
        '[First "Blue"]\n'
        '[BlueRoll "1 1 1 1 1 1 2 3 4 5 6"]\n'.replace("1 1 1 1 1 1 2", "1 1 1 1 1 2")
        + '[RedRoll "1 1 1 1 1 2 2 2 2 2"]\n'
        '[Result "*"]\n'
        '[Custom "x \\"y\\""]\n'
        "\n"
        "{opening}\n"
        "1. 6@003/A {good} 2+3x5(4;1,6)\n"
        "2. 1@111\n"
        "*\n"
    )


HEADER = (
    '[Game "cuckoo-dice"]\n[Ruleset "cuckoo"]\n[First "Blue"]\n'
    '[BlueRoll "1 2 2 3 4 4 5 5 6 6"]\n[RedRoll "1 1 2 3 3 4 5 6 6 6"]\n\n'
)


@pytest.mark.parametrize(
    ("header", "rule"),
    [
        (HEADER.replace('[Game "cuckoo-dice"]\n', ""), "CD-NOTATION-TAGS"),
        (HEADER.replace("cuckoo-dice", "chess"), "CD-NOTATION-TAGS"),
        (HEADER + '[ruleset "cuckoo"]\n', "CD-NOTATION-TAGS"),
        (HEADER.replace('"Blue"', '"Green"'), "CD-SETUP-FIRST"),
        (HEADER.replace('"1 2 2 3 4 4 5 5 6 6"', '"1 2 3"'), "CD-SETUP-DICE"),
        (HEADER.replace('"1 2 2 3 4 4 5 5 6 6"', '"1 2 2 3 4 4 5 5 6 7"'), "CD-SETUP-ROLL"),
        (HEADER.replace('"cuckoo"]', '"chess"]'), "CD-RULESET-PARAMS"),
        (HEADER + '[InfectionPool "some"]\n', "CD-RULESET-PARAMS"),
        (HEADER + '[Result "1-0"]\n', "CD-NOTATION-RESULT"),
    ],
)
def test_bad_tags(header: str, rule: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(header + "*")
    assert caught.value.rule == rule


@pytest.mark.parametrize(
    "tags",
    [
        '[InfectionLimit "2"]\n[InfectionLimit "3"]\n',
        '[Result "*"]\n[Result "*"]\n',
        '[First "Blue"]\n',
    ],
)
def test_tags_that_change_the_game_are_given_once(tags: str) -> None:
    """CD-NOTATION-TAGS: the required tags, the parameter tags and Result at most once."""
    with pytest.raises(NotationError) as caught:
        parse(HEADER.replace("\n\n", "\n" + tags + "\n") + "*")
    assert caught.value.rule == "CD-NOTATION-TAGS"
    assert "given twice" in caught.value.detail


def test_free_tags_may_repeat_and_keep_their_order() -> None:
    """CD-NOTATION-TAGS: every other tag is free text (issue #18: two Event tags were
    refused); the canonical form writes each value, in the order given."""
    text = HEADER.replace("\n\n", '\n[Event "heat 1"]\n[Note "a"]\n[Event "final"]\n\n')
    record = parse(text + "*")
    assert [v for k, v in record.tags if k == "Event"] == ["heat 1", "final"]
    written = format_record(record)
    assert written.index('[Event "heat 1"]') < written.index('[Event "final"]')
    assert format_record(parse(written)) == written


def test_parameter_tags_set_the_ruleset() -> None:
    """CD-RULESET-PARAMS: a parameter tag overrides the named ruleset."""
    tags = '[InfectionLimit "2"]\n[DungeonTiebreak "owner"]\n[DungeonBonus "yes"]\n'
    rules = parse(HEADER + tags + "*").ruleset()
    assert (rules.infection_limit, rules.dungeon_tiebreak, rules.dungeon_bonus) == (
        2,
        "owner",
        True,
    )
    assert rules.tiebreak == RULESETS["cuckoo"].tiebreak


def _first_error(text: str) -> Exception:
    with pytest.raises((IllegalMoveError, AmbiguousMoveError, NotationError)) as caught:
        list(replay(parse(text, source="g.cuckoo")))
    return caught.value


def test_illegal_move_names_game_ply_move_and_rule() -> None:
    error = _first_error(HEADER + "1. 6@003/A 5@011 *")
    assert isinstance(error, IllegalMoveError)
    assert error.rule == "CD-PLACE-SUPPORT"
    assert (error.source, error.line, error.column) == ("g.cuckoo", 7, 12)
    assert error.detail.startswith("game 1, turn 2, 5@011: ")


def test_an_infection_in_a_record_carries_its_reroll() -> None:
    """CD-NOTATION-ROLLS: a record replays to exactly one state."""
    error = _first_error(HEADER + "1. 6@003/A 2+3x5 *")
    assert isinstance(error, NotationError) and error.rule == "CD-NOTATION-ROLLS"


def test_result_must_match_the_game() -> None:
    """CD-NOTATION-RESULT: an unfinished game ends with *, a finished one with its result."""
    error = _first_error(HEADER + "1. 6@003/A 1-0")
    assert isinstance(error, NotationError) and error.rule == "CD-NOTATION-RESULT"
    setup, moves = random_game(RULESETS["cuckoo"], Random(5))
    text = format_record(record_of(RULESETS["cuckoo"], setup, moves))
    wrong = "0-1" if "1-0\n" in text else "1-0"
    with pytest.raises(NotationError) as caught:
        list(
            replay(
                parse(
                    re.sub(r"(1-0|0-1)\n\Z", wrong + "\n", text)
                    .replace('[Result "1-0"]', "")
                    .replace('[Result "0-1"]', "")
                )
            )
        )
    assert caught.value.rule == "CD-NOTATION-RESULT"


def test_a_placement_written_as_seen() -> None:
    """CD-NOTATION-SEEN: the die is worked out from the faces; ambiguity is an error."""
    state = new_game(parse(HEADER + "*").ruleset(), parse(HEADER + "*").setup())
    # Blue's own 6 on edge cell 003 shows A6 B2: exactly one die fits.
    record = parse(HEADER + "1. @003/A6B2 *")
    assert isinstance(record.moves[0], Seen)
    *_, after = replay(record)
    assert after == apply(state, Place(Die(6), cell_named("003"), (0,)))
    # An own 1 on A shows A1 B2, and an own 2 on B shows A1 B2 too.
    error = _first_error(HEADER + "1. @003/A1B2 *")
    assert isinstance(error, AmbiguousMoveError) and error.rule == "CD-NOTATION-SEEN"
    assert "1@003/A" in error.detail and "2@003/B" in error.detail
    # No die shows 6 beside 6 (a 6 is not adjacent to itself).
    error = _first_error(HEADER + "1. @003/A6B6 *")
    assert isinstance(error, IllegalMoveError) and error.rule == "CD-NOTATION-SEEN"


def test_files_hold_many_records_read_one_at_a_time() -> None:
    """A ``[`` inside a comment starts no record; a bad record does not stop the reading."""
    good = HEADER + "{a comment\n[not a tag]\n} 1. 6@003/A *\n"
    bad = HEADER + "1. 6@00/A *\n"

    def lines():  # an endless file: reading must not need its end
        while True:
            yield from (good + "\n" + bad + "\n").splitlines(keepends=True)

    items = read_records(lines(), source="many.cuckoo")
    first, second, third = next(items), next(items), next(items)
    assert isinstance(first, Record) and first.comments == ((0, "a comment\n[not a tag]"),)
    assert isinstance(second, NotationError) and second.line == 17
    assert isinstance(third, Record) and third.index == 3


def test_infections_keep_their_rolls_in_canonical_order() -> None:
    text = HEADER + "1. 6@003/A 1+2x3(5;6,2) *"
    record = parse(text)
    move = record.moves[1]
    assert isinstance(move, Infect) and move.rolls is not None
    assert move.rolls.give == (2, 6)
    assert "1+2x3(5;2,6)" in format_record(record)


@given(records(), st.randoms(use_true_random=False))
def test_the_word_by_word_reading_is_the_full_reading(record: Record, rng: Random) -> None:
    """The quick path (each distinct move word parsed once) gives exactly what the full
    parse gives, spans included; anything it cannot read falls back to the full parse."""
    from cuckoo.dice.notation import DIALECT

    text = format_record(replace(record, comments=()))
    for variant in (text, _mangle(text, rng)):
        quick = DIALECT._quick(variant)
        full = DIALECT._parse(variant)
        if quick is not None:
            assert quick == full  # tags, moves, their lines and columns, comments, result
    assert DIALECT._quick(text) is not None, "a canonical record is read item by item"


@pytest.mark.parametrize(
    "word",
    ["1+2x3(5;6,2)", "2+1x3(5;6,2)", "3'+2x5(4;1,6)", "2+3'x5(4;1,6)", "1+1+1x3(2;3,1,2)"],
)
def test_an_infection_read_in_parts_is_the_infection_read_whole(word: str) -> None:
    """The item-by-item reading remembers an infection and its re-roll apart; written out of
    canonical order, the re-roll's values follow the dice as written, so there only the
    whole word is read (CD-INFECT-REROLL)."""
    from cuckoo.dice.notation import DIALECT

    text = HEADER + f"1. {word} *"
    reader = DIALECT.item_reader
    assert reader is not None
    reader._words.clear()
    reader._parts.clear()
    quick = DIALECT._quick(text)
    assert quick is not None and quick == DIALECT._parse(text)
    assert quick[1][0] == DIALECT.parse_move(word)
    reader._words.clear()
    assert DIALECT._quick(text) == quick, "the re-roll as remembered gives the same move"
