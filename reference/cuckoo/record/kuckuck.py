"""Recording a game of Zum Kuckuck!: the players and the version; then as little as the
table sees, the hands unseen if need be (``cockatoos 4 3 5`` at the deal, ``show Ann 7 19``
where a hand is shown later, written there: ZK-PARTIAL-SHOW)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from .. import kuckuck
from ..kuckuck import notation
from ..kuckuck.cards import HAND_SIZE, UNSEEN
from ..kuckuck.state import State
from ..notation import is_number
from .asking import Ask, Say, ask_until
from .recorder import Recorder

__all__ = ["HELP", "hand_shown", "moves", "new", "prompt"]


def new(path: Path, ask: Ask, say: Say) -> Recorder:
    """Ask for the players and the version."""

    def players(text: str) -> tuple[str, ...]:
        names = tuple(text.replace(",", " ").split())
        kuckuck.new_game(None, kuckuck.Setup(names))
        return names

    names = ask_until(ask, say, "Players, in seating order (left of each is next): ", players)
    variant = ask_until(
        ask,
        say,
        "Version (basic, tactical) [basic]: ",
        lambda t: kuckuck.rules(variant=t or "basic"),
    )
    return Recorder(notation.GAME, path, variant, kuckuck.Setup(names))


HELP: Final = """Zum Kuckuck!, what to type: at the deal, the twelve number cards of the player
named, or, when the hands were not seen, before any card: cockatoos and the cockatoo cards
each player took, in seating order (cockatoos 4 3 5); at the draw, the player it chose
(Ann, or start Ann); at a round, the two nest cards (3 9); then the cards played: in the
tactical version the card of the player named (45), in the basic version the cards of the
players named, in that order (45 12 33), or written out ((Ann 45 Bob 12 Cy 33)); at any
time after the deal, cards of a hand shown to the table: show, the player and the cards
(show Ann 7 19), written where they were seen."""


def moves(recorder: Recorder, text: str, ask: Ask, say: Say) -> list[Any]:
    """A line of the notation, or less: at the deal only the numbers, at a nest only the two
    cards, at the draw only the name, and in a round only the cards played, in the order the
    prompt names the players; ``cockatoos 4 3 5`` before the first card is dealt."""
    state = recorder.state()
    words = text.split()
    keyword = words[0].lower() if words else ""
    player = keyword in (p.lower() for p in state.players)  # a player named Cockatoos plays
    if keyword == "cockatoos" and (state.step == "deal" or not player):
        _cockatoos(recorder, state, words[1:])
        return []
    if keyword == "show":
        return [hand_shown(state, words[1:], say)]
    if all(is_number(w) for w in words):
        if state.step == "deal":
            text = f"deal {state.players[state.to_deal]} {text}"
        elif state.step == "nest":
            text = f"nest {text}"
        elif state.step == "play":
            text = _named(state, words)
    elif state.step == "start" and len(words) == 1:
        text = f"start {text}"
    item = notation.parse_item(text)
    return notation.moves_of(state, item)


def _named(state: State, numbers: list[str]) -> str:
    """The cards played, typed alone, written with the names of the players the prompt
    names, in its order: one card in turn (tactical), or a basic round's group."""
    seats = kuckuck.choosing(state)
    if len(numbers) != len(seats):
        who = " ".join(state.players[s] for s in seats)
        raise ValueError(f"type {len(seats)} cards, the one each of {who} plays, in that order")
    plays = " ".join(f"{state.players[s]} {n}" for s, n in zip(seats, numbers, strict=True))
    return plays if state.rules.in_turn else f"({plays})"


def _cockatoos(recorder: Recorder, state: State, words: list[str]) -> None:
    """``cockatoos 4 3 5``, at the deal: the cockatoo cards each player took, the hands then
    unseen (ZK-PARTIAL-UNSEEN, ZK-PARTIAL-COUNT).

    :raises CuckooError: for counts that cannot be (nothing is recorded).
    :raises ValueError: for words that are not counts, or typed once a card is dealt."""
    if state.step != "deal" or any(state.dealt):
        raise ValueError("the cockatoo cards taken are typed before any hand is dealt")
    if not all(is_number(w) and len(w) <= 2 for w in words):
        raise ValueError("type the cockatoo cards each player took, e.g. cockatoos 4 3 5")
    setup = kuckuck.Setup(state.players, tuple(int(w) for w in words))
    unseen = [kuckuck.Deal(UNSEEN)] * (HAND_SIZE * len(state.players))
    recorder.revise(unseen, setup)


def hand_shown(state: State, words: Sequence[str], say: Say) -> kuckuck.Show:
    """ZK-PARTIAL-SHOW: the show that ``show NAME 7 19`` (*words* after ``show``) types in
    *state*: the cards of NAME's hand not known already; those known (seen in that hand or
    played from it) are left out, and *say* tells so. Shared by the terminal's recorder and
    the app's (``web/table.py``); the engine checks the rest when the show is made.

    :raises ValueError: for words that are not a name and cards, or only cards known.
    :raises CuckooError: for a name that is not a player's."""
    if not words or not all(is_number(w) and len(w) <= 2 for w in words[1:]):
        raise ValueError("show, the player and the cards their hand shows, e.g. show Ann 7 19")
    seat = notation._seat(state, words[0], "ZK-PARTIAL-SHOW")
    name = state.players[seat]
    if len(words) == 1:
        raise ValueError(f"show {name} and the cards {name}'s hand shows, e.g. show {name} 7 19")
    owner = state.dealt_to(seat)
    numbers = list(dict.fromkeys(int(w) for w in words[1:]))
    known = [n for n in numbers if n in state.dealt[owner]]
    if known and len(known) == len(numbers):
        raise ValueError(f"{' '.join(map(str, known))}: known already in {name}'s hand")
    if known:
        say(f"  {' '.join(map(str, known))}: known already in {name}'s hand, left out")
    return kuckuck.Show(seat, tuple(n for n in numbers if n not in known))


def prompt(state: State) -> str:
    """What the table enters next, in the order it is read: a hand dealt, the player the
    draw chose, the nest cards, or the cards played and by whom."""
    if state.step == "deal":
        name = state.players[state.to_deal]
        if any(state.dealt):
            return f"{name}'s twelve number cards"
        return f"{name}'s twelve number cards (or, unseen: cockatoos, then each one's count)"
    if state.step == "start":
        return "the player the draw chose"
    if state.step == "nest":
        return "the two nest cards turned up"
    waiting = " ".join(state.players[s] for s in kuckuck.choosing(state))
    return f"card played by {waiting}" if state.rules.in_turn else f"cards of {waiting}, in order"
