"""Recording a game of Zum Kuckuck!: the players and the version; then as little as the
table sees, the hands unseen if need be (``cockatoos 4 3 5`` at the deal, ``show Ann 7 19``
for a hand shown later)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import kuckuck
from ..kuckuck import notation
from ..kuckuck.cards import HAND_SIZE, UNSEEN
from ..kuckuck.state import State
from .asking import Ask, Say, ask_until
from .recorder import Recorder

__all__ = ["hand_shown", "moves", "new", "prompt"]


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


def moves(recorder: Recorder, text: str, ask: Ask, say: Say) -> list[Any]:
    """A line of the notation, or less: at the deal only the numbers, at a nest only the two
    cards, at the draw only the name, and in the tactical version only the card played."""
    state = recorder.state()
    words = text.split()
    keyword = words[0].lower() if words else ""
    if keyword in ("cockatoos", "show"):
        _seen(recorder, state, keyword, words[1:])
        return []
    if all(w.isdigit() for w in words):
        if state.step == "deal":
            text = f"deal {state.players[state.to_deal]} {text}"
        elif state.step == "nest":
            text = f"nest {text}"
        elif state.step == "play" and state.rules.in_turn:
            (seat,) = kuckuck.choosing(state)
            text = f"{state.players[seat]} {text}"
    elif state.step == "start" and len(words) == 1:
        text = f"start {text}"
    item = notation.parse_item(text)
    return notation.moves_of(state, item)


def _seen(recorder: Recorder, state: State, keyword: str, words: list[str]) -> None:
    """What the table saw instead of the hands (ZK-PARTIAL-UNSEEN, ZK-PARTIAL-COUNT):
    ``cockatoos 4 3 5``, at the deal, the cockatoo cards each player took, the hands then
    unseen; ``show Ann 7 19 ...``, at any time, cards of the hand Ann holds, written into
    its deal in place of unseen cards.

    :raises CuckooError: for counts or cards that cannot be (nothing is recorded).
    :raises ValueError: for words that are not counts, names or cards."""
    if keyword == "cockatoos":
        if state.step != "deal" or any(state.dealt):
            raise ValueError("the cockatoo cards taken are typed before any hand is dealt")
        if not all(w.isdecimal() and len(w) <= 2 for w in words):
            raise ValueError("type the cockatoo cards each player took, e.g. cockatoos 4 3 5")
        setup = kuckuck.Setup(state.players, tuple(int(w) for w in words))
        unseen = [kuckuck.Deal(UNSEEN)] * (HAND_SIZE * len(state.players))
        recorder.revise(unseen, setup)
        return
    recorder.revise(hand_shown(state, recorder.moves, words))


def hand_shown(state: State, moves: Sequence[Any], words: Sequence[str]) -> list[Any]:
    """ZK-PARTIAL-UNSEEN: *moves* (a match's, from its deal) with the cards that ``show NAME
    7 19`` (*words* after ``show``) says NAME's hand holds written into its deal in place of
    unseen cards; *state* is the position after *moves*. Shared by the terminal's recorder
    and the app's (``web/recorder.py``); the caller replays the result, which checks it.

    :raises ValueError: for words that are not a name and cards, or more cards than unseen.
    :raises CuckooError: for a name that is not a player's."""
    if not state.given or not words or not all(w.isdecimal() for w in words[1:]):
        raise ValueError("show NAME and the cards the hand NAME holds shows, e.g. show Ann 7 19")
    seat = notation._seat(state, words[0], "ZK-PARTIAL-UNSEEN")
    owner = (seat - state.cycle) % len(state.players) if state.hands else seat
    shown = [int(w) for w in words[1:] if int(w) not in state.dealt[owner]]
    filled = list(moves)
    slots = [
        k
        for k in range(HAND_SIZE * owner, HAND_SIZE * owner + HAND_SIZE)
        if filled[k] == kuckuck.Deal(UNSEEN)
    ]
    if len(shown) > state.dealt[owner].count(UNSEEN):
        raise ValueError(f"{words[0]}'s hand has {state.dealt[owner].count(UNSEEN)} unseen cards")
    for k, number in zip(slots, shown, strict=False):
        filled[k] = kuckuck.Deal(number)
    return filled


def prompt(state: State) -> str:
    """What the table enters next: a hand dealt, the player the draw chose, the nest cards,
    or the cards played and by whom."""
    if state.step == "deal":
        name = state.players[state.to_deal]
        if any(state.dealt):
            return f"{name}'s twelve number cards"
        return f"{name}'s twelve number cards (unseen: cockatoos and the count of each)"
    if state.step == "start":
        return "the player the draw chose"
    if state.step == "nest":
        return "the two nest cards turned up"
    waiting = " ".join(state.players[s] for s in kuckuck.choosing(state))
    return f"card played by {waiting}" if state.rules.in_turn else f"cards of {waiting}"
