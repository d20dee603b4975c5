"""The card game's records of what was seen (spec: *cuckoo-cards/notation*,
records of what was seen).

Both directions of the issue: hiding dealt cards of a valid full record (its show-downs
written) gives a valid record that replays to the same lives, dealers and winner; filling
the ?s from the full record validates too.  And records refused because what was seen is
impossible.
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuckoo.cards import Deal, Rules, Setup, State, apply, new_game, rules
from cuckoo.cards.deck import UNSEEN
from cuckoo.cards.moves import Show
from cuckoo.cards.notation import format_record, parse, record_of, replay
from cuckoo.cards.playout import random_game
from cuckoo.cards.state import next_seat
from cuckoo.cards.views import diagram, position, state_dict, table_svg
from cuckoo.conformance.protocol import Session
from cuckoo.errors import CuckooError

SEEDS = st.integers(0, 2**32)
PLAYERS = st.integers(2, 6)
VARIANTS = st.sampled_from([rules(), rules(lives=1), rules(aces="high", direction="right")])


def _shown(variant: Rules, setup: Setup, moves: tuple[object, ...]) -> list[object]:
    """*moves* with each hand's show-down written after the dealer's decision: the cards
    held then, from the dealer's neighbour round to the dealer."""
    state, out = new_game(variant, setup), []
    order: list[int] = []
    for move in moves:
        if isinstance(move, Deal) and not any(state.cards):
            order = [next_seat(state, state.dealer)]
            while order[-1] != state.dealer:
                order.append(next_seat(state, order[-1]))
        before = state.hands
        state = apply(state, move)  # type: ignore[arg-type]
        out.append(move)
        if state.hands > before:
            out.append(Show(tuple(c for c in (state.shown[s] for s in order) if c)))
    return out


def _public(state: State) -> tuple[object, ...]:
    return (state.lives, state.dealer, state.step, state.to_act, state.hands, state.losers)


def _last(text: str) -> State:
    *_, state = replay(parse(text))
    return state


@given(VARIANTS, SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_hiding_dealt_cards_of_a_full_record_gives_a_valid_record(
    variant: Rules, seed: int, players: int, rng: Random
) -> None:
    """CC-PARTIAL-UNSEEN, CC-PARTIAL-SHOW, CC-PARTIAL-CANONICAL: any dealt cards written ?,
    show-downs written, replay to the same lives, dealers and result after every move, and
    the canonical text is a fixed point."""
    setup, moves = random_game(variant, Random(seed), players)
    full = record_of(variant, setup, _shown(variant, setup, moves))
    full_states = list(replay(parse(format_record(full))))
    hidden = [Deal(UNSEEN) if isinstance(m, Deal) and rng.random() < 0.6 else m for m in full.moves]
    record = record_of(variant, setup, hidden)
    text = format_record(record)
    states = list(replay(parse(text)))
    assert [_public(s) for s in states] == [_public(s) for s in full_states]
    assert record.result == full.result
    assert format_record(parse(text)) == text
    for state, truth in zip(states, full_states, strict=True):  # what shows is true
        assert [c for c in state.cards if c not in state.unseen] == [
            t for c, t in zip(state.cards, truth.cards, strict=True) if c not in state.unseen
        ]


@given(VARIANTS, SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_filling_the_unseen_cards_from_the_full_record_validates(
    variant: Rules, seed: int, players: int, rng: Random
) -> None:
    """CC-PARTIAL-UNSEEN, CC-PARTIAL-CHECKS: the ?s of a record of what was seen, some or
    all filled in with the full record's cards, validate; all filled, the game is the full
    one, card for card."""
    setup, moves = random_game(variant, Random(seed), players)
    shown = _shown(variant, setup, moves)
    hidden = {k for k, m in enumerate(shown) if isinstance(m, Deal) and rng.random() < 0.7}
    partial = record_of(
        variant, setup, [Deal(UNSEEN) if k in hidden else m for k, m in enumerate(shown)]
    )
    refill = set(rng.sample(sorted(hidden), rng.randint(0, len(hidden))))
    filled = [shown[k] if k in refill else m for k, m in enumerate(partial.moves)]
    states = list(replay(parse(format_record(record_of(variant, setup, filled)))))
    truth = list(replay(record_of(variant, setup, shown)))
    assert [_public(s) for s in states] == [_public(s) for s in truth]
    if refill == hidden:
        assert [s.cards for s in states] == [s.cards for s in truth]


TAGS = '[Game "cuckoo-cards"]\n[Players "Ann Ben Cid"]\n[Dealer "Ann"]\n\n'


IMPOSSIBLE = {
    "show 7h 3c Ks *": "malformed CC-PARTIAL-SHOW",  # no hand before it
    "deal ? ? ? swap show 7h 3c Ks keep keep *": "malformed CC-PARTIAL-SHOW",
    "deal ? ? ? keep keep keep show 7h 3c *": "malformed CC-PARTIAL-SHOW",
    "deal ? ? ? keep keep keep show 7h 3c Ks show 7h 3c Ks *": "malformed CC-PARTIAL-SHOW",
    "deal 7h ? 7h keep keep keep show 7h 2c 7h *": "illegal CC-CARD-DECK",
    "deal ? ? ? keep keep cut 9d show 5c 4h 8d *": "illegal CC-PARTIAL-SHOW",
    "deal ? ? Ks keep keep cut 9d show 5c 4h 9d *": "illegal CC-KING-HELD",
    "deal ? ? ? keep keep keep show 9c 3c Ks deal ? ? keep *": "malformed CC-NOTATION-DEAL",
    "deal 9h 3c Ks keep keep keep show 9h 3c Kd *": "illegal CC-PARTIAL-SHOW",
}


@pytest.mark.parametrize("movetext", IMPOSSIBLE)
def test_what_was_seen_is_impossible(movetext: str) -> None:
    """CC-PARTIAL-SHOW, CC-CARD-DECK, CC-KING-HELD: show-downs out of place, of the wrong
    size, or that no deal leads to, a card seen twice, a cut by a dealer seen with a king;
    a full record's show-down is checked too."""
    with pytest.raises(CuckooError) as caught:
        _last(TAGS + "1. " + movetext + "\n")
    assert f"{caught.value.kind} {caught.value.rule}" == IMPOSSIBLE[movetext], caught.value


CONTRADICTED = {
    # a card seen in the deal for another player, shown by a player who cannot hold it
    "deal 7h ? ? keep keep keep show 3c 7h 9s": "Ben cannot show 3c: the deal and the "
    "decisions leave 7h in that hand",
    "deal ? 7h ? keep keep keep show 7h 3c 9s": "Ben cannot show 7h: the deal and the "
    "decisions leave it in Cid's hand",
    "deal ? ? 7h keep keep keep show 7h 3c 9s": "Ben cannot show 7h: the deal and the "
    "decisions leave it in Ann's hand",
    # the cut's card, shown by a player other than the dealer who kept it
    "deal ? ? ? keep keep cut 9d show 9d 3c 5s": "Ben cannot show 9d: the deal and the "
    "decisions leave it in Ann's hand",
    "deal ? ? ? keep keep cut 9d show 5c 9d 4h": "Cid cannot show 9d: the deal and the "
    "decisions leave it in Ann's hand",
    "deal ? ? ? keep keep cut Kd show 5c Kd 4h": "Cid cannot show Kd: the cut turned it up, "
    "and a king turned up goes back on the stock",
    "deal ? ? 5h keep keep cut 9d show 5h 3c 9d": "Ben cannot show 5h: Ann discarded it by cutting",
    # a king seen in the deal, shown by another player
    "deal Ks ? ? keep keep keep show 7h Ks 3c": "Ben cannot show 7h: the deal and the "
    "decisions leave Ks in that hand",
    "deal ? Ks ? keep keep keep show Ks 7h 3c": "Ben cannot show Ks: the deal and the "
    "decisions leave it in Cid's hand",
}


@pytest.mark.parametrize("movetext", CONTRADICTED)
def test_a_show_down_that_contradicts_what_was_seen_is_refused_at_the_show_down(
    movetext: str,
) -> None:
    """CC-PARTIAL-SHOW: a card the table saw (dealt face up, turned up by the cut) shown
    where the deal and the decisions cannot have put it is refused at the show-down, which
    it names, not as CC-CARD-DECK at another player's ? or at the cut."""
    with pytest.raises(CuckooError) as caught:
        _last(TAGS + "1. " + movetext + " *\n")
    error = caught.value
    assert (error.kind, error.rule) == ("illegal", "CC-PARTIAL-SHOW"), error
    assert f", show {movetext.split(' show ')[1]}: {CONTRADICTED[movetext]}" in str(error)


def test_a_card_shown_twice_is_refused_at_the_show_down() -> None:
    """CC-CARD-DECK: two players cannot show one card; the show-down is named, not the ?
    the card would be dealt to."""
    with pytest.raises(CuckooError) as caught:
        _last(TAGS + "1. deal ? ? ? keep keep keep show 7h 3c 7h *\n")
    assert caught.value.rule == "CC-CARD-DECK"
    assert "move 7, show 7h 3c 7h: Ben and Ann cannot both show 7h" in str(caught.value)


@pytest.mark.parametrize(
    ("movetext", "where"),
    [
        ("deal Ks ? ? swap keep keep show 3c Ks 7h", "move 4, swap: Ben holds a king"),
        ("deal Ks ? ? swap keep keep show Ks 3c 7h", "move 4, swap: Ben holds a king"),
        ("deal ? Ks ? keep swap keep show 7h 3c Ks", "move 5, swap: Cid holds a king"),
    ],
)
def test_a_king_seen_in_the_deal_and_swapped_away_is_refused_at_the_swap(
    movetext: str, where: str
) -> None:
    """CC-KING-HELD: a player seen dealt a king may not swap it, as in a full record,
    whatever the show-down says after (not CC-CARD-DECK at another player's ?)."""
    with pytest.raises(CuckooError) as caught:
        _last(TAGS + "1. " + movetext + " *\n")
    assert caught.value.rule == "CC-KING-HELD" and where in str(caught.value), caught.value


def test_the_position_shows_unseen_cards_as_unseen() -> None:
    """CC-PARTIAL-UNSEEN: replay and render show a card nobody saw as ?, face down, and the
    show-down's cards once it is written."""
    record = parse(TAGS + "1. deal ? 3c ? swap\n*\n")
    *_, state = replay(record)
    assert state.cards[2] in state.unseen  # Cid holds Ben's card, which nobody saw
    assert "Cid  3 lives   ?" in diagram(state) and "Ben  3 lives   3c" in diagram(state)
    assert state_dict(state)["cards"] == ["?", "3c", "?"]
    picture = table_svg(state)
    assert "holds a card nobody has seen" in picture and "holds the 3 of clubs" in picture
    *_, after = replay(parse(TAGS + "1. deal ? ? ? swap keep keep show 3c 7h Ks\n*\n"))
    assert [str(c) for c in after.shown] == ["Ks", "3c", "7h"] and not after.unseen


def test_validate_notes_what_it_could_not_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CC-PARTIAL-CHECKS: a note, not a problem; none for a full record."""
    from cuckoo.cli import main

    path = tmp_path / "seen.txt"
    full = TAGS + "1. deal 7h Ks 3c swap keep keep *\n"
    path.write_text(TAGS + "1. deal ? ? ? swap keep keep show 3c 7h Ks *\n\n" + full, "utf-8")
    assert main(["validate", str(path)]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"{path}:1: note: CC-PARTIAL-CHECKS: game 1: 3 dealt cards written ?")
    assert main(["validate", "--json", str(path)]) == 0
    note, summary = (json.loads(x) for x in capsys.readouterr().out.splitlines())
    assert note["kind"] == "note" and summary["problems"] == 0


def test_a_full_record_keeps_its_form() -> None:
    """CC-NOTATION-CANONICAL: a record without ? or show is read and written as before."""
    text = TAGS.replace("\n\n", '\n[Result "*"]\n\n') + "1. deal 7h 3c 9s swap swap keep\n*\n"
    assert format_record(parse(text)) == text
    assert not any(isinstance(m, Show) for m in parse(text).moves)


def _session(*lines: str) -> tuple[Session, list[str]]:
    session = Session()
    return session, [session.answer(line) for line in lines]


def _position(session: Session) -> dict[str, object]:
    answer = session.answer("state")
    assert answer.startswith("= "), answer
    return dict(json.loads(answer[2:]))


NEW = "new cuckoo-cards Ann Ann Ben Cid"


def test_the_protocol_takes_unseen_cards_one_move_at_a_time() -> None:
    """CC-PARTIAL-UNSEEN, CC-PARTIAL-SHOW through ``cuckoo serve``: ``deal ?``, the
    decisions, a step ``show`` after the dealer's decision, where only the show-down is
    taken, and the lives it decides."""
    session, answers = _session(NEW, "apply deal ? ? ?", "apply swap", "apply keep", "apply keep")
    assert answers == ["="] * 5
    assert _position(session)["cards"] == ["?", "?", "?"]
    assert _position(session)["step"] == "show" and _position(session)["lives"] == [3, 3, 3]
    assert session.answer("legal") == "= show"
    assert session.answer("apply deal 2c").startswith("? malformed CC-PARTIAL-SHOW ")
    assert session.answer("apply show 3c 7h Ks") == "="
    assert _position(session)["lives"] == [3, 2, 3] and _position(session)["step"] == "deal"
    assert session.answer("apply deal ? 2c") == "="  # Ben deals: Cid, then Ann
    assert "2c" not in session.answer("legal").split() and "Ks" in session.answer("legal")
    assert session.answer("chance").startswith("? protocol - chance needs every card held")


def test_a_show_down_the_protocol_refuses_leaves_the_game_as_it_was() -> None:
    """CC-KING-HELD, CC-PARTIAL-SHOW: the show-down is checked against the whole hand, as
    in a record; a refused one changes nothing."""
    session, answers = _session(NEW, "apply deal ? ? ?", "apply keep", "apply keep", "apply cut Kd")
    assert answers == ["="] * 5
    before = _position(session)
    assert session.answer("apply show 5c 4h Ks").startswith("? illegal CC-KING-HELD ")
    assert session.answer("apply show 5c 4h").startswith("? malformed CC-PARTIAL-SHOW ")
    assert _position(session) == before
    assert session.answer("apply show 5c 4h 7d") == "="  # Ben, Cid, Ann: Cid's 4 is lowest
    assert _position(session)["lives"] == [3, 3, 2]


def test_the_protocol_goes_on_from_a_record_with_a_hand_under_way() -> None:
    """``record`` then ``apply``: the hand under way keeps its moves for its show-down; a
    full record's show-down is checked too."""
    record = f"record {' '.join(TAGS.split())} 1. deal ? 3c ? swap *"
    session, answers = _session(record, "apply keep", "apply keep", "apply show 3c 9h 8d")
    assert answers == ["="] * 4
    assert _position(session)["lives"] == [3, 2, 3]
    session, answers = _session(NEW, "apply deal 7h 3c 9s", "apply swap", "apply keep")
    assert session.answer("apply keep") == "=" and _position(session)["hands"] == 1
    assert session.answer("apply show 7h 3c 9s").startswith("? illegal CC-PARTIAL-SHOW ")
    assert session.answer("apply show 3c 7h 9s") == "="


@given(VARIANTS, SEEDS, PLAYERS, st.randoms(use_true_random=False))
def test_a_record_of_what_was_seen_sent_move_by_move_replays_alike(
    variant: Rules, seed: int, players: int, rng: Random
) -> None:
    """The protocol, sent a record of what was seen one move at a time, is after each move
    in the state the record written so far replays to (a hand under way assumes no ? a
    king, CC-PARTIAL-SHOW), and after each show-down in the whole record's; between the
    dealer's decision and the show-down, it waits at step ``show``, the lives as before."""
    setup, moves = random_game(variant, Random(seed), players)
    shown = _shown(variant, setup, moves)
    hidden = [Deal(UNSEEN) if isinstance(m, Deal) and rng.random() < 0.6 else m for m in shown]
    states = list(replay(record_of(variant, setup, hidden)))
    params = " ".join(f"{k}={getattr(variant, k)}" for k in ("lives", "aces", "direction"))
    session = Session()
    players_text = " ".join(setup.players)
    new = f"new cuckoo-cards {setup.players[setup.dealer]} {players_text} {params}"
    assert session.answer(new) == "="
    checked = set(rng.sample(range(len(hidden)), min(len(hidden), 20)))
    for k, move in enumerate(hidden):
        text = f"deal {move}" if isinstance(move, Deal) else str(move)
        assert session.answer(f"apply {text}") == "=", text
        if isinstance(move, Show) or k + 1 == len(hidden):
            assert _position(session) == position(states[k + 1])
        elif isinstance(hidden[k + 1], Show) and (states[k].unseen or states[k + 1].unseen):
            assert _position(session)["step"] == "show"
            assert _position(session)["lives"] == list(states[k].lives)
        elif k in checked:
            *_, so_far = replay(record_of(variant, setup, hidden[: k + 1]))
            assert _position(session) == position(so_far)
