"""What each player can still show at a show-down entered card by card (spec:
*cuckoo-cards/notation*, CC-PARTIAL-SHOW): every offered completion is one the engine
accepts, every card not offered one it refuses, by the rule named."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo.cards import Rules, Setup, State, apply, legal_moves, new_game, rules
from cuckoo.cards.deck import DECK, UNSEEN, Card
from cuckoo.cards.moves import Cut, Deal, Keep, Move, Reveal, Show, Swap
from cuckoo.cards.partial import deal_order, follow
from cuckoo.cards.showdown import offer, ruled_out, standing
from cuckoo.errors import CuckooError

KINGS = [c for c in DECK if c.is_king]
# kings are what the decisions read of a card: a deck rich in them reaches every case
FEW = [*KINGS, *(Card(r, s) for r in "3579" for s in "ch")]
VARIANTS = st.sampled_from([rules(), rules(direction="right")])
REFUSALS = {"CC-PARTIAL-SHOW", "CC-CARD-DECK", "CC-KING-HELD", "CC-SWAP-KING"}


def _card(text: str) -> Card:
    return Card(text[0], text[1])


def _accepts(dealt: State, hand: list[Move | Deal], shown: list[Card]) -> str | None:
    """None if the engine accepts the show-down *shown* ending *hand*, else its rule."""
    try:
        for _ in follow(dealt, [*hand, Show(tuple(shown))]):
            pass
    except CuckooError as error:
        return error.rule or "?"
    return None


@st.composite
def hands(draw: st.DrawFn) -> tuple[State, list[Move | Deal], list[Move | Deal], list[Card]]:
    """A first hand played with every card known: the state before it, its moves with some
    dealt cards hidden, the same moves in full, and what each player then showed."""
    players = draw(st.integers(2, 6))
    variant: Rules = draw(VARIANTS)
    dealt = new_game(
        variant,
        Setup(tuple(f"P{i + 1}" for i in range(players)), draw(st.integers(0, players - 1))),
    )
    cards = draw(
        st.lists(st.sampled_from(FEW), min_size=players + 1, max_size=players + 1, unique=True)
    )
    state, full = dealt, []
    for card in cards[:players]:
        state = apply(state, Deal(card))
        full.append(Deal(card))
    while state.hands == 0:
        if state.step == "cut":  # the stock's top card, seen: the record holds it
            state = apply(state, Reveal(cards[-1]))
            full[-1] = Cut(cards[-1])
            continue
        move = draw(st.sampled_from(legal_moves(state)))
        state = apply(state, move)
        full.append(move)
    order = deal_order(dealt)
    shown = [state.shown[seat] for seat in order]
    assert all(shown)
    hide = draw(st.lists(st.booleans(), min_size=players, max_size=players))
    hidden = [Deal(UNSEEN) if k < players and hide[k] else m for k, m in enumerate(full)]
    return dealt, hidden, full, shown  # type: ignore[return-value]


@settings(max_examples=80, deadline=None)
@given(hands(), st.data())
def test_every_offered_completion_is_accepted_and_every_other_card_refused(
    hand: tuple[State, list[Move | Deal], list[Move | Deal], list[Card]], data: st.DataObject
) -> None:
    """CC-PARTIAL-SHOW: the cards really held are always offered; a show-down made of
    offered cards, any of them at each step, is accepted; a card not offered, after cards
    offered, is refused by the engine whatever the players after it show, by the rule
    named (given them cards seen nowhere)."""
    dealt, hidden, _, truth = hand
    for k in range(len(truth)):
        still = offer(dealt, hidden, truth[:k]).cards
        assert all(truth[j] in still[j - k] for j in range(k, len(truth)))
    shown: list[Card] = []
    while len(shown) < len(truth):
        can = offer(dealt, hidden, shown).cards[0]
        assert offer(dealt, hidden, shown, 1).cards == (can,)  # the next player's alone
        assert can, "a show-down begun with offered cards can always be completed"
        out = [c for c in DECK if c not in can]
        for card in (
            data.draw(st.lists(st.sampled_from(out), max_size=6, unique=True)) if out else []
        ):
            ruled = ruled_out(dealt, hidden, shown, card)
            assert ruled.rule in REFUSALS and ruled.why.startswith("P") and str(card) in ruled.why
            rest = [c for c in DECK if c not in {*shown, card} and not c.is_king]
            rest = rest[: len(truth) - len(shown) - 1]
            assert _accepts(dealt, hidden, [*shown, card, *rest]) == ruled.rule
        others = data.draw(st.permutations([c for c in DECK if c not in shown]))
        refused = data.draw(st.sampled_from([c for c in DECK if c not in can] or [None]))
        if refused is not None:  # any cards after it: still refused
            after = [c for c in others if c != refused][: len(truth) - len(shown) - 1]
            assert _accepts(dealt, hidden, [*shown, refused, *after]) is not None
        shown.append(data.draw(st.sampled_from(can)))
        assert standing(dealt, hidden, shown) == len(shown)
    assert _accepts(dealt, hidden, shown) is None


def _hand(texts: str, dealer: int = 0) -> tuple[State, list[Move | Deal]]:
    """Ann, Ben, Cid and Dan's first hand, as a record's items (deal order: from the
    dealer's neighbour)."""
    dealt = new_game(rules(), Setup(("Ann", "Ben", "Cid", "Dan"), dealer))
    moves: list[Move | Deal] = []
    for word in texts.split():
        if word == "?":
            moves.append(Deal(UNSEEN))
        elif word in ("keep", "swap"):
            moves.append(Keep() if word == "keep" else Swap())
        elif word.startswith("cut:"):
            moves.append(Cut(_card(word[4:])))
        else:
            moves.append(Deal(_card(word)))
    return dealt, moves


def test_a_card_cut_to_the_dealer_is_offered_to_the_dealer_alone() -> None:
    """CC-PARTIAL-SHOW, CC-CUT: the dealer cut the As (the issue's table): nobody else is
    offered it, the dealer only it, and the refusal says so before the next card."""
    dealt, hand = _hand("? ? ? ? keep swap keep cut:As")
    first = offer(dealt, hand, [])
    assert first.names == ("Ben", "Cid", "Dan", "Ann")
    assert all(_card("As") not in cards for cards in first.cards[:3])
    assert first.cards[3] == (_card("As"),)
    ruled = ruled_out(dealt, hand, [], _card("As"))
    assert ruled.rule == "CC-PARTIAL-SHOW"
    assert ruled.why == "Ben cannot show As: the dealer's cut turned it up"
    ruled = ruled_out(dealt, hand, [_card("7h"), _card("3c"), _card("9d")], _card("8d"))
    assert ruled.why == "Ann cannot show 8d: the dealer's cut gave them As"


def test_a_card_seen_dealt_and_kept_is_the_only_one_offered() -> None:
    """CC-PARTIAL-SHOW, CC-PARTIAL-UNSEEN: Cid was seen to be dealt the 7h and kept it."""
    dealt, hand = _hand("? 7h ? ? keep keep keep keep")
    assert offer(dealt, hand, [_card("3c")]).cards[0] == (_card("7h"),)
    assert _card("7h") not in offer(dealt, hand, []).cards[0]
    ruled = ruled_out(dealt, hand, [_card("3c")], _card("9c"))
    assert (
        ruled.why
        == "Cid cannot show 9c: 7h was dealt to them face up, and the decisions leave it with them"
    )


def test_a_king_never_moves_and_stops_a_swap() -> None:
    """CC-KING-HELD, CC-SWAP-KING: Ben swapped, so held no king, and none came to him;
    once Ben shows the card Cid was seen to be dealt... a king stopped nothing, and once
    Ben shows what he was dealt face up, Cid's king stopped his swap."""
    dealt, hand = _hand("? ? ? ? swap keep keep keep")
    assert not any(c.is_king for c in offer(dealt, hand, []).cards[0])
    assert ruled_out(dealt, hand, [], _card("Ks")).rule == "CC-PARTIAL-SHOW"
    dealt, hand = _hand("5c ? ? ? swap keep keep keep")
    assert offer(dealt, hand, [_card("5c")]).cards[0] == tuple(KINGS)
    ruled = ruled_out(dealt, hand, [_card("5c")], _card("3c"))
    assert ruled.why == "Cid cannot show 3c: a king stopped a swap there, so they hold a king"


def test_an_answer_ruled_out_and_those_after_it_do_not_stand() -> None:
    """CC-PARTIAL-SHOW: the cards entered before one the hand rules out stand."""
    dealt, hand = _hand("? ? ? ? keep keep keep cut:As")
    assert standing(dealt, hand, [_card("7h"), _card("As"), _card("3c")]) == 1
    assert standing(dealt, hand, [_card("7h"), _card("8h"), _card("3c"), _card("As")]) == 4
