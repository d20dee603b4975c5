"""What the play page and the terminal game tell the human of each move, in words: "You
swap with Ben", the bot's dice move, a show-down, the end of a round of Zum Kuckuck!."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from .. import cards, dice, kuckuck
from ..cards.views import SUIT_SIGNS
from ..dice import notation as dice_notation
from ..kuckuck import views as kuckuck_views
from ..kuckuck.rules import settle
from ..kuckuck.state import changed
from ..progress import plural


def describe(text: str) -> str:
    """A dice move in plain words, for announcing the bot's move and every re-roll."""
    move = dice_notation.parse_move(text)
    if isinstance(move, dice.Infect) and move.rolls is not None:
        given = ", ".join(f"{d} → {v}" for d, v in zip(move.give, move.rolls.give, strict=True))
        return (
            f"infects: gives {' + '.join(map(str, move.give))} for {move.take}; "
            f"re-rolled: the taken {move.take} → {move.rolls.take}, given {given}"
        )
    if isinstance(move, dice.Place):
        return f"places {move.die} on cell {dice.CELL_NAMES[move.cell]}"
    return "passes"


_YOU: Final = {
    "places": "place",
    "infects": "infect",
    "passes": "pass",
    "keeps": "keep",
    "swaps": "swap",
    "cuts": "cut",
    "plays": "play",
    "chooses": "choose",
    "shows": "show",
    "loses": "lose",
    "wins": "win",
    "is": "are",
    "drops": "drop",
    "takes": "take",
}


def _subject(names: Sequence[str], seat: int, me: int | None, verb: str) -> str:
    """``Ben swaps`` for another seat, ``You swap`` for the human's."""
    return f"You {_YOU.get(verb, verb)}" if seat == me else f"{names[seat]} {verb}"


def card_words(card: cards.Card) -> str:
    """A card as the picture shows it: ``10♥``."""
    return card.rank.replace("T", "10") + SUIT_SIGNS[card.suit]


def show_down(state: cards.State, me: int | None) -> str:
    """The end of a hand: the cards shown, who lost a life and who is out, who won (*me*
    is "you"; None: nobody, the recorder's words)."""
    names = state.players
    cards_shown = ", ".join(
        f"{'you' if s == me else names[s]} {card_words(c)}"
        for s, c in enumerate(state.shown)
        if c is not None
    )
    lost = [("you" if s == me else names[s]) for s in state.losers]
    if lost:
        verb = "lose" if lost[-1] == "you" or len(lost) > 1 else "loses"
        outcome = f"{' and '.join(lost)} {verb} a life"
        outcome = outcome[0].upper() + outcome[1:]
    else:
        outcome = "Everyone left ties on a last life: nobody loses one (CC-VOID)"
    said = f"Show-down: {cards_shown}. {outcome}."
    for seat in state.losers:
        if not state.lives[seat]:
            said += f" {_subject(names, seat, me, 'is')} out of the game."
    won = cards.winner(state)
    if won is not None:
        said += f" {_subject(names, won, me, 'wins')} the game."
    return said


def _cards_said(before: cards.State, move: Any, after: cards.State, me: int) -> list[str]:
    """A card-game move in words, as the player at *me* may know it."""
    names = before.players
    mover = before.to_act
    said: list[str] = []
    if isinstance(move, cards.Keep):
        said.append(f"{_subject(names, mover, me, 'keeps')} the card.")
    elif isinstance(move, cards.Swap):
        neighbour = cards.next_seat(before, mover)
        mine, theirs = before.cards[mover], before.cards[neighbour]
        assert mine is not None and theirs is not None
        other = "you" if neighbour == me else names[neighbour]
        if theirs.is_king:
            king = _subject(names, neighbour, me, "shows")
            said.append(f"{king} {card_words(theirs)}: a king, so the swap does not happen.")
        elif me == mover:
            said.append(
                f"You swap with {other}: you give {card_words(mine)} and get {card_words(theirs)}."
            )
        elif me == neighbour:
            said.append(
                f"{names[mover]} swaps with you: you give {card_words(theirs)} "
                f"and get {card_words(mine)}."
            )
        else:
            said.append(f"{names[mover]} swaps with {other}.")
    elif isinstance(move, cards.Cut) and move.card is not None:
        turns = "turn" if mover == me else "turns"
        turned = f"{_subject(names, mover, me, 'cuts')} and {turns} up {card_words(move.card)}"
        if move.card.is_king:
            turned += ": a king, so it goes back and the dealer's card stays (CC-CUT-KING)"
        said.append(turned + ".")
    if after.hands > before.hands:
        said.append(show_down(after, me))
    return said


def _dealt_said(state: cards.State, me: int) -> str:
    """The deal of a card-game hand, as the player at *me* sees it."""
    who = "you deal" if state.dealer == me else f"{state.players[state.dealer]} deals"
    held = state.cards[me]
    mine = f"; you are dealt {card_words(held)}" if held is not None else ""
    return f"Hand {state.hands + 1}: {who}{mine}."


def _kuckuck_said(
    before: kuckuck.State, plays: Sequence[int | None], after: kuckuck.State, me: int
) -> list[str]:
    """A round's end in Zum Kuckuck!: the cards shown, the nest cards taken, cockatoo cards
    turned, drop-outs, and a cycle's score."""
    names = before.players

    def who(seat: int) -> str:
        return "you" if seat == me else names[seat]

    said: list[str] = []
    if not before.rules.in_turn:
        shown = ", ".join(f"{who(s)} {n}" for s, n in enumerate(plays) if n is not None)
        said.append(f"The cards are shown: {shown}.")
    ended = after.cycle > before.cycle or after.is_over
    # the table as the round left it, before the end of a cycle clears it away
    _, turnings = settle(changed(before, plays=tuple(plays)))
    if before.shown is not None:  # ZK-ROUND-TAKE: the highest number the lower nest card
        ranked = sorted(before.active, key=lambda s: -(plays[s] or 0))
        took = zip(ranked, before.shown, strict=False)
        taken = [f"{who(s)} {'take' if s == me else 'takes'} the {n}" for s, n in took]
        said.append("Nest cards: " + ", ".join(taken) + ".")
    for turning in turnings:
        if turning.turned:
            turners = " and ".join(map(who, turning.turned))
            one = len(turning.turned) == 1
            verb = "turns" if one and turning.turned[0] != me else "turn"
            each = "" if one else " each"
            said.append(f"{turners[0].upper()}{turners[1:]} {verb} a cockatoo card{each}.")
        for seat in turning.dropped:
            said.append(f"{_subject(names, seat, me, 'drops')} out of this cycle.")
    if ended:
        score = after.scores[-1]
        points = ", ".join(f"{who(s)} {plural(score[s], 'point')}" for s in range(len(names)))
        said.append(f"Cycle {after.cycle} is over: {points}.")
        if after.is_over:
            said.append(kuckuck_views.status_line(after) + ".")
        else:
            counts = ", ".join(f"{who(s)} {c}" for s, c in enumerate(after.counts))
            said.append(f"The hands pass left; cockatoo cards: {counts}.")
    return said


def told(game: str, states: Sequence[Any], moves: Sequence[Any], me: int, by: str) -> list[str]:
    """What the player at *me* is told of *moves* (made from ``states[0]``; ``states[k+1]``
    after ``moves[k]``), made by *by* ("you", a bot's name, or "" for chance)."""
    first, last = states[0], states[-1]
    if isinstance(first, dice.State):
        names = ("you" if s == me else f"{by} ({c})" for s, c in enumerate(dice.PLAYER_NAMES))
        name = list(names)[first.to_move]
        words = describe(str(moves[0]))
        if name == "you":
            verb = words.split()[0].rstrip(":")  # places, infects:, passes
            return [f"You {_YOU[verb]}{words[len(verb) :]}."]
        return [f"{name} {words}."]
    if isinstance(first, cards.State):
        if isinstance(moves[0], cards.Deal):
            return [_dealt_said(last, me)]
        return _cards_said(first, moves[0], last, me)
    said: list[str] = []
    names = first.players
    for before, move, after in zip(states, moves, states[1:], strict=False):
        if isinstance(move, kuckuck.Deal):
            if after.step != "deal":
                counts = ", ".join(
                    f"{'you' if s == me else names[s]} {c}" for s, c in enumerate(after.counts)
                )
                said.append(f"The number cards are dealt, 12 each; cockatoo cards: {counts}.")
        elif isinstance(move, kuckuck.Start):
            said.append(f"{_subject(names, move.seat, me, 'is')} drawn to start.")
        elif isinstance(move, kuckuck.Nest):
            said.append(f"Nest cards turned up: {move.low} and {move.high}.")
        elif isinstance(move, kuckuck.Play):
            verb = "plays" if first.rules.in_turn else "chooses"
            card = f" {move.number}" if first.rules.in_turn or move.seat == me else " a card"
            said.append(f"{_subject(names, move.seat, me, verb)}{card}.")
            if after.round != before.round or after.cycle != before.cycle or after.is_over:
                plays = [move.number if s == move.seat else n for s, n in enumerate(before.plays)]
                said.extend(_kuckuck_said(before, plays, after, me))
    return said
