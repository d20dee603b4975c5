"""Mutants no case names, of the kind an engine written from the docs alone gets wrong where
the spec says something definite about every step: each breaks one invariant the runner
checks (:mod:`cuckoo.conformance.run.invariants`), and the suite's cases alone let it
through.  Each names the rule it is counted under.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from .. import protocol
from .core import CARDS, DICE, KUCKUCK, mutant, reference_module, rewritten

errors = reference_module("errors")
kuckuck = reference_module("kuckuck")


def _record_reads(change: Callable[[protocol.Session, str], str]) -> None:
    """The protocol's ``record`` reads the text *change* makes of its own (which may
    change the session first)."""
    original = protocol.Session.record

    def record(self: protocol.Session, text: str) -> str:
        return original(self, change(self, text))

    protocol.Session.record = record  # type: ignore[method-assign]


# -- a refused command changes nothing ---------------------------------------------------------


@mutant(
    CARDS,
    "CC-CARD-DECK",
    "a deal of several cards refused at a later card keeps the cards before it",
    kind="invariant",
)
def deal_keeps_earlier_cards() -> None:
    original = protocol.CardGame.apply

    def apply(self: protocol.CardGame, text: str) -> None:
        try:
            original(self, text)
        except errors.CuckooError:
            words = text.split()
            for end in range(len(words) - 1, 1, -1):  # the longest beginning taken
                try:
                    original(self, " ".join(words[:end]))
                    break
                except errors.CuckooError:
                    continue
            raise

    protocol.CardGame.apply = apply  # type: ignore[method-assign]


@mutant(
    KUCKUCK,
    "ZK-SETUP-DEAL",
    "a deal or a round's group refused at a later card keeps the cards before it",
    kind="invariant",
)
def zk_keeps_earlier_parts() -> None:
    def apply(self: protocol.KuckuckGame, text: str) -> None:
        for move in self.read(self.state, text):
            self.state = kuckuck.apply(self.state, move)

    protocol.KuckuckGame.apply = apply  # type: ignore[method-assign]


@mutant(
    KUCKUCK,
    "ZK-SETUP-DEAL",
    "a deal or a round's group refused at a later card keeps the cards before it out of "
    "sight: state and legal answer as before, and they show from the next move taken",
    kind="invariant",
)
def zk_defers_earlier_parts() -> None:
    kept: WeakKeyDictionary[protocol.KuckuckGame, Any] = WeakKeyDictionary()

    def apply(self: protocol.KuckuckGame, text: str) -> None:
        state = kept.pop(self, self.state)
        reached = state
        try:
            for move in self.read(state, text):
                reached = kuckuck.apply(reached, move)
        except errors.CuckooError:
            if reached is not state:
                kept[self] = reached
            raise
        self.state = reached

    protocol.KuckuckGame.apply = apply  # type: ignore[method-assign]


@mutant(
    KUCKUCK,
    "ZK-NOTATION-SYNTAX",
    "a refused record ends the match under way: no game is current after it",
    kind="invariant",
)
def refused_record_ends_game() -> None:
    def forget(session: protocol.Session, text: str) -> str:
        session.game = None
        return text

    _record_reads(forget)


# -- round trips --------------------------------------------------------------------------------


@mutant(
    DICE,
    "CD-NOTATION-CANONICAL",
    "the canonical form writes the InfectionLimit tag only when its value is true: a limit "
    "of 0 is left out",
    kind="invariant",
)
def zero_limit_unwritten() -> None:
    notation = reference_module("dice.notation")
    rewritten(notation, lambda lines: [ln for ln in lines if ln != '[InfectionLimit "0"]'])


@mutant(
    CARDS,
    "CC-NOTATION-TAGS",
    "record reads every tag but Direction: a record's hands pass to the left",
    kind="invariant",
)
def record_ignores_direction() -> None:
    def unread(session: protocol.Session, text: str) -> str:
        return re.sub(r'\[\s*Direction\s+"[^"]*"\s*\]', "", text, flags=re.I)

    _record_reads(unread)


# -- perft --------------------------------------------------------------------------------------


@mutant(DICE, "CD-TURN-ORDER", "perft 0 answers 0: no move, no count", kind="invariant")
def perft_zero_is_zero() -> None:
    original = protocol.Session.perft

    def perft(self: protocol.Session, args: list[str]) -> str:
        return "0" if args == ["0"] else original(self, args)

    protocol.Session.perft = perft  # type: ignore[method-assign]
