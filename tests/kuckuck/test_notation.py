"""Zum Kuckuck! records: the grammar, lenient reading, the canonical form, and an error for
each ZK-NOTATION-* rule that says what is wrong and where."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cuckoo.errors import CuckooError, IllegalMoveError, NotationError
from cuckoo.kuckuck import Nest, Play, Setup, apply, new_game, winners
from cuckoo.kuckuck.notation import (
    Draw,
    Hand,
    Played,
    Together,
    format_record,
    parse,
    parse_item,
    read_records,
    record_of,
    replay,
    result_token,
)

from .helpers import BASIC, NAMES, TACTICAL, five_moves, three_moves

DEALS = (
    "deal Ann 1 2 3 4 5 6 49 50 51 52 53 13\n"
    "deal Ben 25 7 8 9 10 11 12 54 55 56 57 58\n"
    "deal Cy 59 60 14 15 16 17 18 19 20 21 22 23\n"
)
"""The deal of the hand-worked match of three (helpers X, Y, Z)."""

BASIC_MATCH = (
    '[Game "zum-kuckuck"]\n'
    '[Variant "basic"]\n'
    '[Players "Ann Ben Cy"]\n'
    '[Result "Ann"]\n'
    "\n" + DEALS + "1.1. nest 7 7 (Ann 1 Ben 54 Cy 59)\n"
    "1.2. nest 2 9 (Ann 49 Ben 8 Cy 14)\n"
    "1.3. nest 1 12 (Ann 50 Ben 55 Cy 15)\n"
    "2.1. nest 4 6 (Ann 14 Ben 1 Cy 7)\n"
    "2.2. nest 1 3 (Ann 15 Ben 49 Cy 8)\n"
    "3.1. nest 2 5 (Ann 58 Ben 23 Cy 1)\n"
    "3.2. nest 1 11 (Ann 57 Ben 14 Cy 53)\n"
    '"Ann"\n'
)
"""The canonical record of tests/kuckuck/test_matches.py's match of three, basic version,
written by hand from ZK-NOTATION-CANONICAL: groups in seating order."""

TACTICAL_MATCH = (
    '[Game "zum-kuckuck"]\n'
    '[Variant "tactical"]\n'
    '[Players "Ann Ben Cy"]\n'
    '[Result "Ann"]\n'
    "\n" + DEALS + "1.1. nest 7 7 Cy 59 Ann 1 Ben 54\n"
    "1.2. nest 2 9 Cy 14 Ann 49 Ben 8\n"
    "1.3. nest 1 12 Ann 50 Ben 55 Cy 15\n"
    "2.1. nest 4 6 Ann 14 Ben 1 Cy 7\n"
    "2.2. nest 1 3 Ann 15 Ben 49 Cy 8\n"
    "3.1. nest 2 5 Ben 23 Cy 1 Ann 58\n"
    "3.2. nest 1 11 Cy 53 Ann 57 Ben 14\n"
    '"Ann"\n'
)
"""The same match, tactical: the cards in the order played."""

FIVE_CYCLE = (
    '[Game "zum-kuckuck"]\n'
    '[Variant "tactical"]\n'
    '[Players "Ann Ben Cy Dee Eve"]\n'
    '[Result "*"]\n'
    "\n"
    "deal Ann 51 52 53 54 55 21 22 23 24 37 38 39\n"
    "deal Ben 9 10 11 12 49 50 59 16 17 18 19 20\n"
    "deal Cy 1 2 3 4 5 6 7 8 60 13 14 15\n"
    "deal Dee 56 57 40 41 42 43 25 26 27 28 29 30\n"
    "deal Eve 58 44 45 46 47 48 31 32 33 34 35 36\n"
    "1.1. start Dee nest 9 9 Dee 25 Eve 58 Ann 55 Ben 9 Cy 1\n"
    "1.2. nest 12 12 Ben 59 Cy 60 Dee 26 Eve 31 Ann 37\n"
    "1.3. nest 3 11 Dee 57 Eve 32 Ann 38 Ben 50 Cy 2\n"
    "1.4. nest 4 5 Dee 56 Eve 45 Ann 39 Ben 10\n"
    "1.5. nest 1 6 Dee 40 Eve 44 Ann 21\n"
    "1.6. nest 2 2 Dee 43 Eve 36 Ann 22\n"
    "2.1. start Eve\n"
    "*\n"
)
"""The first cycle of five (test_matches.py) and the draw that opens the second."""

HEAD = '[Game "zum-kuckuck"]\n[Players "Ann Ben Cy"]\n\n'
TACTICAL_HEAD = '[Game "zum-kuckuck"]\n[Variant "tactical"]\n[Players "Ann Ben Cy"]\n\n'


def _at(text: str, line: int, fragment: str) -> tuple[int, int]:
    """The line and 1-based column of *fragment* on *line* of *text*."""
    return line, text.splitlines()[line - 1].index(fragment) + 1


# -- the grammar -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("movetext", "line", "fragment", "expected"),
    [
        (DEALS + "1.1. nest 7 x (Ann 1 Ben 54 Cy 59)\n*", 7, "x", "a number"),
        (DEALS + "1.1. nest 7 (Ann 1 Ben 54 Cy 59)\n*", 7, "(", "a number"),
        (DEALS + "1.1. nest 7 7 (Ann 1 Ben 54 Cy 59\n*", 8, "*", ")"),
        (DEALS + "1.1. nest 7 7 (Ann Ben 54 Cy 59)\n*", 7, "Ben", "a number"),
        ("deal Ann *", 4, "*", "a number"),
        (DEALS + "1.1. nest 7 7 [x]\n*", 7, "[", "* or the winner's name in quotes"),
    ],
)
def test_malformed_records_say_where_and_what(
    movetext: str, line: int, fragment: str, expected: str
) -> None:
    """ZK-NOTATION-SYNTAX: text the grammar refuses is malformed, with the file, line and
    column of the first token that cannot stand there, and what could have."""
    text = HEAD + movetext
    with pytest.raises(NotationError) as caught:
        parse(text, source="m.zk")
    error = caught.value
    assert error.kind == "malformed" and error.rule == "ZK-NOTATION-SYNTAX"
    assert error.source == "m.zk"
    assert (error.line, error.column) == _at(text, line, fragment)
    assert expected in error.expected
    assert str(error).startswith(f"m.zk:{line}:{error.column}: ZK-NOTATION-SYNTAX: ")


def test_a_record_without_its_result_token() -> None:
    """ZK-NOTATION-SYNTAX, ZK-NOTATION-RESULT: the movetext must end with a result."""
    with pytest.raises(NotationError) as caught:
        parse(HEAD + DEALS + "1.1. nest 7 7 (Ann 1 Ben 54 Cy 59)\n")
    error = caught.value
    assert error.rule == "ZK-NOTATION-SYNTAX" and error.kind == "malformed"
    assert "a record ends with * or the winner's name in quotes" in error.detail
    assert error.line is not None and error.line >= 1


def test_single_items() -> None:
    """ZK-NOTATION-SYNTAX: each kind of item read on its own; nest cards in either order."""
    assert parse_item("deal Ann 3 17") == Hand("Ann", (3, 17))
    assert parse_item("START Ben") == Draw("Ben")
    assert parse_item("nest 9 3") == Nest(3, 9) == parse_item(" Nest  3\t9 ")
    assert parse_item("Cy 45") == Played("Cy", 45)
    assert parse_item("(Ann 1 Ben 2)") == Together((Played("Ann", 1), Played("Ben", 2)))
    with pytest.raises(NotationError) as caught:
        parse_item("nest 3")
    assert caught.value.rule == "ZK-NOTATION-SYNTAX"


# -- the canonical form ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "variant", "moves", "players"),
    [
        (BASIC_MATCH, BASIC, three_moves, 3),
        (TACTICAL_MATCH, TACTICAL, three_moves, 3),
        (FIVE_CYCLE, TACTICAL, five_moves, 5),
    ],
    ids=["basic-3", "tactical-3", "tactical-5"],
)
def test_the_hand_worked_matches_written_canonically(
    text: str, variant: object, moves: object, players: int
) -> None:
    """ZK-NOTATION-CANONICAL, ZK-NOTATION-DEAL, ZK-NOTATION-PLAYS, ZK-NOTATION-RESULT: the
    records of the hand-worked matches, written by hand: tags in order with Result, a
    line per deal, a line per round numbered cycle.round from 1, the start draw on its
    round's line, the result on its own line."""
    made = record_of(variant, Setup(NAMES[:players]), moves(), [])  # type: ignore[arg-type,operator]
    assert format_record(made) == text
    record = parse(text, source="match.zk")
    assert record == made and format_record(record) == text
    *_, last = replay(record)
    assert last.is_over == (record.result != "*")
    if last.is_over:
        assert winners(last) == (0,)


def test_lenient_reading() -> None:
    """ZK-NOTATION-CANONICAL (what a reader accepts): tag names and keywords in any case,
    Game and Variant values in any case, names in Players separated by commas, tags in any
    order, any white space, nest cards in either order, round numbers missing or wrong, a
    basic group in any order; it reads as the canonical record."""
    messy = (
        '[RESULT "Ann"] [players "Ann,  Ben,Cy"]\n[GAME "Zum-Kuckuck"][variant "BASIC"]\n'
        + DEALS.replace("deal", "DEAL").replace(" 13\n", "   13\n\n")
        + "NEST 7 7 ( Ann 1  Ben 54 Cy 59 )\n"
        "9.9. Nest 9 2\t(Ann 49 Ben 8 Cy 14)\n"
        "nest 12 1 (Ann 50 Ben 55 Cy 15) 2.1. nest 6 4\n(Ann 14 Ben 1 Cy 7)\n"
        "2.2. nest 3 1 (Cy 8 Ben 49 Ann 15) nest 2 5 (Ann 58 Ben 23 Cy 1)\n"
        'nest 1 11 (Ann 57 Ben 14 Cy 53) "Ann"'
    )
    record = parse(messy)
    *_, last = replay(record)
    assert last.is_over and winners(last) == (0,)
    assert record.tags == parse(BASIC_MATCH).tags
    # the group of 2.2 is written in another order; with it in seating order, the records
    # are the same
    tidy = messy.replace("(Cy 8 Ben 49 Ann 15)", "(Ann 15 Ben 49 Cy 8)")
    assert parse(tidy) == parse(BASIC_MATCH)
    assert format_record(parse(tidy)) == format_record(record) == BASIC_MATCH


def test_a_basic_group_is_written_in_seating_order() -> None:
    """ZK-NOTATION-CANONICAL, ZK-NOTATION-PLAYS: the order inside a group means nothing, so
    the canonical form writes it in seating order, whatever order it was read in."""
    swapped = BASIC_MATCH.replace("(Ann 15 Ben 49 Cy 8)", "(Cy 8 Ben 49 Ann 15)")
    assert swapped != BASIC_MATCH
    assert format_record(parse(swapped)) == BASIC_MATCH


def test_names_in_the_movetext_in_any_case() -> None:
    """ZK-NOTATION-PLAYS, ZK-NOTATION-CANONICAL: no two names differ only in case, so a name
    in a deal, a draw or a play may be written in any case; it is written as in Players."""
    text = BASIC_MATCH.replace("deal Ben", "deal BEN").replace("(Ann 1 Ben 54", "(ann 1 ben 54")
    assert format_record(parse(text)) == BASIC_MATCH
    five = FIVE_CYCLE.replace("start Dee", "start dEE").replace("Eve 58", "EVE 58")
    assert format_record(parse(five)) == FIVE_CYCLE


def test_comments_stay_after_their_item() -> None:
    """ZK-NOTATION-CANONICAL: a comment before the first item on its own line; others after
    the item they follow, on its line."""
    text = BASIC_MATCH.replace("\n\ndeal Ann", "\n\n{a match of three}\ndeal Ann").replace(
        "(Ann 1 Ben 54 Cy 59)", "(Ann 1 Ben 54 Cy 59) {Ben and Cy tie}"
    )
    record = parse(text)
    # after 0 items, and after 5 (three deals, the nest cards, the group)
    assert record.comments == ((0, "a match of three"), (5, "Ben and Cy tie"))
    assert format_record(record) == text


# -- errors, rule by rule ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule", "says", "line"),
    [
        ('[Game "zum-kuckuck"]\n\n*', "ZK-NOTATION-TAGS", "Players is missing", 1),
        ('[Players "Ann Ben Cy"]\n\n*', "ZK-NOTATION-TAGS", "Game is missing", 1),
        ('[Game "chess"]\n[Players "Ann Ben Cy"]\n\n*', "ZK-NOTATION-TAGS", "chess", 1),
        (
            HEAD.replace("\n\n", '\n[players "Ann Ben Cy"]\n\n') + "*",
            "ZK-NOTATION-TAGS",
            "twice",
            3,
        ),
        (HEAD.replace("Ann Ben Cy", "Ann Ben") + "*", "ZK-SETUP-PLAYERS", "3 to 5", 2),
        (HEAD.replace("Cy", "Nest") + "*", "ZK-SETUP-PLAYERS", "Nest", 2),
        (HEAD + '[Variant "fast"]\n*', "ZK-RULESET-PARAMS", "fast", 4),
        (HEAD.replace("\n\n", '\n[Result "Ben"]\n\n') + "*", "ZK-NOTATION-RESULT", "Ben", 3),
    ],
)
def test_bad_tags(text: str, rule: str, says: str, line: int) -> None:
    """ZK-NOTATION-TAGS (with ZK-SETUP-PLAYERS, ZK-RULESET-PARAMS, ZK-NOTATION-RESULT): the
    record's tags must name a possible match; the error points at the tag to blame (at the
    record's first line when a tag is missing)."""
    with pytest.raises(NotationError) as caught:
        parse(text, source="t.zk")
    error = caught.value
    assert error.kind == "malformed" and error.rule == rule
    assert error.source == "t.zk" and error.line == line
    assert says in error.detail


def _replay_error(text: str) -> CuckooError:
    with pytest.raises(CuckooError) as caught:
        list(replay(parse(text, source="r.zk")))
    return caught.value


ANN_DEAL = DEALS.split("\n")[0] + "\n"
BEN_DEAL = DEALS.split("\n")[1] + "\n"
ROUND = "1.1. nest 7 7 (Ann 1 Ben 54 Cy 59)"
BARE = "1.1. nest 7 7 Ann 1 Ben 54 Cy 59"


@pytest.mark.parametrize(
    ("movetext", "rule", "item", "line", "fragment", "says"),
    [
        # ZK-NOTATION-DEAL: wrong count, no such player, wrong order, twice, after the deal
        ("deal Ann 1 2 3\n*", "ZK-NOTATION-DEAL", 1, 4, "deal", "not 3"),
        (DEALS.replace("deal Ann", "deal Zed") + "*", "ZK-NOTATION-DEAL", 1, 4, "deal", "Zed"),
        (BEN_DEAL + "*", "ZK-NOTATION-DEAL", 1, 4, "deal", "next is Ann"),
        (ANN_DEAL + ANN_DEAL + "*", "ZK-NOTATION-DEAL", 2, 5, "deal", "next is Ben"),
        (DEALS + ANN_DEAL + "*", "ZK-NOTATION-DEAL", 4, 7, "deal", "dealt once"),
        # which numbers can be dealt is ZK-SETUP-DEAL's business (Ann holds 1)
        (DEALS.replace(" 58\n", " 1\n") + "*", "ZK-SETUP-DEAL", 2, 5, "deal", "1 is not"),
        # ZK-NOTATION-PLAYS: a basic round without parentheses, no such player, a group
        # missing a player or naming one twice
        (DEALS + BARE + "\n*", "ZK-NOTATION-PLAYS", 5, 7, "Ann", "parentheses"),
        (DEALS + ROUND.replace("Ben", "Zed") + "\n*", "ZK-NOTATION-PLAYS", 5, 7, "(", "Zed"),
        (DEALS + ROUND.replace(" Ben 54", "") + "\n*", "ZK-NOTATION-PLAYS", 5, 7, "(", "each"),
        (DEALS + ROUND.replace("Ben", "Ann") + "\n*", "ZK-NOTATION-PLAYS", 5, 7, "(", "each"),
        # the engine's rules: a card not held, cards before the nest cards, a nest card
        # no longer in the pile
        (DEALS + ROUND.replace("59", "58") + "\n*", "ZK-ROUND-PLAY", 5, 7, "(", "Cy"),
        (DEALS + ROUND.replace("nest 7 7 ", "") + "\n*", "ZK-TURN-CHANCE", 4, 7, "(", "nest"),
        (DEALS + ROUND + "\n1.2. nest 3 7\n*", "ZK-ROUND-NEST", 6, 8, "nest", "7"),
    ],
)
def test_replay_errors_say_which_item_and_where(
    movetext: str, rule: str, item: int, line: int, fragment: str, says: str
) -> None:
    """ZK-NOTATION-DEAL, ZK-NOTATION-PLAYS (and the engine's rules): an item that cannot
    be played is an error naming the record, the item by number and text, its line and
    column, and the rule."""
    text = HEAD + movetext
    error = _replay_error(text)
    assert error.rule == rule, str(error)
    assert error.kind == ("malformed" if "NOTATION" in rule else "illegal")
    assert error.source == "r.zk"
    assert (error.line, error.column) == _at(text, line, fragment)
    assert f"game 1, item {item}, " in str(error) and says in error.detail


@pytest.mark.parametrize(
    ("movetext", "rule", "fragment", "says"),
    [
        ("1.1. nest 7 7 (Cy 59 Ann 1 Ben 54)\n*", "ZK-NOTATION-PLAYS", "(", "one by one"),
        ("1.1. nest 7 7 Cy 59 Zed 1 Ben 54\n*", "ZK-NOTATION-PLAYS", "Zed", "Zed"),
        ("1.1. start Zed nest 7 7\n*", "ZK-NOTATION-PLAYS", "start", "Zed"),
        # Cy alone has the most cockatoo cards: there is no draw to write
        ("1.1. start Cy nest 7 7\n*", "ZK-TURN-CHANCE", "start", "no start player"),
    ],
)
def test_tactical_plays_are_written_one_by_one(
    movetext: str, rule: str, fragment: str, says: str
) -> None:
    """ZK-NOTATION-PLAYS: in the tactical version a group is an error, as is a play or a
    draw naming no player; a draw where there is none is ZK-TURN-CHANCE."""
    text = TACTICAL_HEAD + DEALS + movetext
    error = _replay_error(text)
    assert error.rule == rule
    assert error.kind == ("malformed" if "NOTATION" in rule else "illegal")
    assert (error.line, error.column) == _at(text, 8, fragment)
    assert says in error.detail


def test_tactical_cards_out_of_turn() -> None:
    """ZK-TACTICAL-ORDER through the notation: Cy (most cockatoo cards) plays first."""
    text = TACTICAL_HEAD + DEALS + "1.1. nest 7 7 Ann 1 Cy 59 Ben 54\n*"
    error = _replay_error(text)
    assert isinstance(error, IllegalMoveError) and error.rule == "ZK-TACTICAL-ORDER"
    assert (error.line, error.column) == _at(text, 8, "Ann 1")
    assert "item 5, Ann 1" in str(error)


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('"Ann"\n', "*\n", 'the result is "Ann", but the record says *'),
        ('"Ann"\n', '"Ben"\n', 'the result is "Ann", but the record says "Ben"'),
        ('"Ann"\n', '"Ann Ben"\n', 'but the record says "Ann Ben"'),
        (
            "3.2. nest 1 11 (Ann 57 Ben 14 Cy 53)\n",
            "",
            'the result is *, but the record says "Ann"',
        ),
    ],
)
def test_the_result_must_be_the_match_s(old: str, new: str, says: str) -> None:
    """ZK-NOTATION-RESULT: * while the match goes on, then the winner's name in quotes;
    a wrong token is an error at the last item's line."""
    text = BASIC_MATCH.replace('[Result "Ann"]\n', "").replace(old, new)
    error = _replay_error(text)
    assert isinstance(error, NotationError) and error.rule == "ZK-NOTATION-RESULT"
    assert error.kind == "malformed"
    assert says in error.detail and error.source == "r.zk"
    assert error.line == len(text.splitlines()) - 1, "the line of the last item"


def test_a_shared_win_is_written_with_both_names() -> None:
    """ZK-NOTATION-RESULT, ZK-MATCH-WINNER: the names of the players sharing the win, in
    seating order, separated by one space (a match whose end is set up directly)."""
    state = new_game(None, Setup(NAMES[:3]))
    over = replace(state, step="over", cycle=3, scores=((4, 4, 0), (0, 0, 1), (1, 1, 1)))
    assert result_token(over) == "Ann Ben" and result_token(state) == "*"


def test_a_file_of_records_goes_on_after_a_bad_one() -> None:
    """ZK-NOTATION-SYNTAX: records are read one at a time; a malformed one is reported with
    its line in the file, and reading goes on."""
    bad = HEAD + "deal Ann x\n*\n"
    lines = (bad + "\n" + BASIC_MATCH).splitlines(keepends=True)
    first, second = read_records(lines, source="f.zk")
    assert isinstance(first, NotationError) and first.rule == "ZK-NOTATION-SYNTAX"
    assert first.line == 4 and first.source == "f.zk"
    assert second == parse(BASIC_MATCH)


def test_nest_cards_in_the_record_are_the_engine_s_chance_moves() -> None:
    """ZK-ROUND-NEST: a record's ``nest 9 2`` is the move Nest(2, 9)."""
    record = parse(HEAD + DEALS + "1.1. nest 9 2 *")
    assert record.moves[-1] == Nest(2, 9)
    *_, last = replay(record)
    assert last.shown == (2, 9) and last.pile[1] == last.pile[8] == 1
    assert apply(last, Play(0, 1)).plays[0] == 1


def test_no_record_stops_inside_a_basic_round() -> None:
    """ZK-NOTATION-PLAYS: a basic round's cards are shown together, so a record cannot hold
    some of them; record_of says so rather than leave the chosen cards out."""
    moves = [*three_moves()[:36], Nest(3, 9), Play(0, 1)]
    with pytest.raises(NotationError) as raised:
        record_of(BASIC, Setup(NAMES[:3]), moves)
    assert raised.value.rule == "ZK-NOTATION-PLAYS" and "Ben Cy still to choose" in str(
        raised.value
    )
    assert record_of(BASIC, Setup(NAMES[:3]), moves[:-1]).moves[-1] == Nest(3, 9)


def test_a_number_too_long_to_be_a_card_is_refused_where_it_stands() -> None:
    """ZK-NOTATION-SYNTAX: five thousand digits are refused at once, with their place, not
    turned into an integer."""
    text = HEAD + "deal Ann " + "9" * 5000 + " 2\n*\n"
    with pytest.raises(NotationError) as raised:
        parse(text, source="big.zk")
    error = raised.value
    assert error.rule == "ZK-NOTATION-SYNTAX" and (error.line, error.column) == (4, 10)
    assert "is not a card" in error.detail and len(str(error)) < 200


def test_a_badly_written_group_is_named_before_the_moves_it_holds() -> None:
    """ZK-NOTATION-PLAYS: how an item is written is checked before its moves, even where
    no card can be played yet."""
    error = _replay_error(HEAD + DEALS + "(Ann 1 Ann 54 Cy 59) *")
    assert isinstance(error, NotationError) and error.rule == "ZK-NOTATION-PLAYS"
    error = _replay_error(HEAD + DEALS + "(Ann 1 Ben 54 Cy 59) *")
    assert isinstance(error, IllegalMoveError) and error.rule == "ZK-TURN-CHANCE"


def test_the_result_token_in_any_case_comes_back_as_the_players_tag_writes_it() -> None:
    """ZK-NOTATION-RESULT, ZK-NOTATION-CANONICAL: ``"ann"`` is Ann's win."""
    shouted = BASIC_MATCH.replace('[Result "Ann"]\n', "").replace('"Ann"\n', '"aNN"\n')
    record = parse(shouted)
    *_, last = replay(record)
    assert winners(last) == (0,)
    assert format_record(record) == BASIC_MATCH


def test_the_protocol_deals_no_card_beyond_a_hand() -> None:
    """ZK-NOTATION-DEAL: a deal sent a few cards at a time still gives each player 12, and
    a deal naming Ann never spills into Ben's hand."""
    from cuckoo.conformance.protocol import Session

    session = Session()
    assert session.answer("new zum-kuckuck Ann Ben Cy") == "="
    assert session.answer("apply deal Ann 1 2 3 4 5 6 7 8 9 10") == "="
    assert session.answer("apply deal Ann 11 12 13").startswith("? malformed ZK-NOTATION-DEAL")
    assert session.answer("apply deal:Ann:11:12") == "="
    assert session.answer("apply deal Ann 13").startswith("? malformed ZK-NOTATION-DEAL")
    assert '"dealt":[[1,2,3,4,5,6,7,8,9,10,11,12],[],[]]' in session.answer("state")
