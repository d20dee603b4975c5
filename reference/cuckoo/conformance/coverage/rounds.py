"""Whether the order of events inside a round decides a case: a dimension of the coverage.

A case is *ordered* when one of its rounds has events whose order changes what follows:

- Zum Kuckuck!: a turning of several batches (ZK-ROUND-PASS), whose losers are those of
  the last batch, after the drop-outs of the earlier ones (ZK-ROUND-DROP, ZK-TACTICAL-NEXT);
- the card game: one card passed on by two swaps in one hand (A swaps with B, then B with
  C), so who ends with which card depends on the order the decisions came in.

The dice game has no rounds: a game is the whole match.  The events are read off the
reference's own replay of the case, up to the first command it refuses.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ... import cards, kuckuck
from ...errors import CuckooError
from ...kuckuck import notation as kuckuck_notation
from ...kuckuck.summary import round_summaries
from ..protocol import CardGame, KuckuckGame, Session

__all__ = ["batched", "ordered", "passed_on"]


def ordered(game: str, commands: list[str]) -> bool:
    """Whether the protocol *commands* of a case (``new`` and ``apply``, or ``record``)
    play a round whose events' order decides what follows."""
    if game == "cuckoo-cards":
        return passed_on(_card_steps(commands))
    if game == "zum-kuckuck":
        first, moves = _kuckuck_moves(commands)
        return first is not None and batched(first, moves)
    return False


def batched(first: kuckuck.State, moves: list[kuckuck.Move]) -> bool:
    """Whether a round of *moves*, played from *first*, turns in several batches."""
    try:
        return any(len(r.turnings) > 1 for r in round_summaries(first, moves))
    except CuckooError:
        return False


def passed_on(steps: Iterator[tuple[cards.State, Any]]) -> bool:
    """Whether a card is passed on by two swaps of one hand (a king stops a swap)."""
    swapped: list[set[int]] = []
    hand = -1
    for before, move in steps:
        if before.hands != hand:
            hand, swapped = before.hands, []
        if not isinstance(move, cards.Swap):
            continue
        seat = before.to_act
        other = cards.next_seat(before, seat)
        held = before.cards[other]
        if held is not None and held.is_king:
            continue
        pair = {seat, other}
        if any(pair & earlier for earlier in swapped):
            return True
        swapped.append(pair)
    return False


def _card_steps(commands: list[str]) -> Iterator[tuple[cards.State, Any]]:
    """Each engine move of the card game with the state it is made in."""
    session = Session()
    for command in commands:
        word, _, text = command.partition(" ")
        if word == "record":
            try:
                kit, record = Session._record(text)
                states = list(kit.replay(record))
            except CuckooError:
                return
            yield from zip(states, record.moves, strict=False)
            return
        before = session.game.state if isinstance(session.game, CardGame) else None
        if session.answer(command).startswith("?"):
            return  # a move refused is read no further
        if word == "apply" and before is not None:
            for move in CardGame.read(before, text):
                yield before, move


def _kuckuck_moves(commands: list[str]) -> tuple[kuckuck.State | None, list[kuckuck.Move]]:
    """The first state of a Zum Kuckuck! case and its engine moves, as far as they go."""
    session = Session()
    first: kuckuck.State | None = None
    moves: list[kuckuck.Move] = []
    for command in commands:
        word, _, text = command.partition(" ")
        try:
            if word == "record":
                _, record = Session._record(text)
                if not isinstance(record, kuckuck_notation.Record):
                    break
                return kuckuck_notation.start(record), kuckuck_notation.engine_moves(record)
            game = session.game
            read = KuckuckGame.read(game.state, text) if isinstance(game, KuckuckGame) else []
        except CuckooError:
            break
        if session.answer(command).startswith("?"):
            break
        if isinstance(session.game, KuckuckGame):
            first = first or session.game.state
            moves += read
    return first, moves
