"""Examples in words, and as the engine answers them: the ``:expect:`` shorthand written
out, and what ``cuckoo validate`` says of an example's record."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from cuckoo import CuckooError, dice
from cuckoo.games import read_records, validate
from cuckoo.notation import split_records

__all__ = ["REFUSALS", "Replayed", "expectation_words", "replay_example", "sentence"]

REFUSALS = ("malformed", "illegal", "ambiguous")
"""The error kinds an example can expect, first in its ``:expect:``."""

REFUSED = {
    "malformed": "the engine refuses the record as malformed notation ({})",
    "illegal": "the engine refuses a move as illegal ({})",
    "ambiguous": "the engine refuses a move as ambiguous: it fits more than one legal move ({})",
}
WINNERS = {"1-0": "Blue wins", "0-1": "Red wins", "1-1": "both players win"}
DECIDED = {
    "sides": ", on the sides won",
    "dungeon": ", by the dungeon tie-break",
    "captures": ", by the captures tie-break",
    "shared": " (the draft's shared win)",
}
SIDE_VIEW = re.compile(r"([A-C])([1-6])")


@dataclass(frozen=True)
class Replayed:
    """What the engine makes of an example's record, for its rendering."""

    source: str
    """The file name the record is shown under, as ``cuckoo validate`` names it."""
    players: tuple[str, ...]
    """The players' names in seating order (Blue and Red in the dice game); empty when
    the record cannot be read."""
    refusal: str | None
    """The line ``cuckoo validate`` prints about the record; None when it replays."""
    before: str | None
    """For a record that ends in an infection: the record without it (its position is the
    one before the infection)."""


def replay_example(record: str, source: str) -> Replayed:
    """Read and replay *record*, as the file *source*, with the engine the CLI uses."""
    lines = record.splitlines(keepends=True)
    (chunk,) = split_records(lines, rule="CD-NOTATION-SYNTAX")
    _, refusal, _ = validate(chunk, source)
    (item,) = read_records(lines)
    if isinstance(item, CuckooError):
        return Replayed(source, (), refusal, None)
    kit, parsed = item
    names = parsed.tag("Players")
    players = tuple(names.split()) if names else dice.PLAYER_NAMES
    before = None
    if refusal is None and parsed.moves and isinstance(parsed.moves[-1], dice.Infect):
        shorter = dataclasses.replace(parsed, moves=parsed.moves[:-1], comments=(), result="*")
        before = kit.format_record(shorter)
    return Replayed(source, players, refusal, before)


def expectation_words(expect: str, players: Sequence[str]) -> list[str]:
    """Each clause of the shorthand *expect* (``faces 200 B2C1; result 1-0 sides``) in
    words, rule IDs left as they are (they become links); *players* in seating order.

    :raises ValueError: for a clause the shorthand does not have, or one that names more
        or fewer values than there are players.
    """
    return [_clause(clause.split(), tuple(players)) for clause in expect.split(";")]


def _clause(words: list[str], players: tuple[str, ...]) -> str:
    """One clause of the shorthand in words (see :func:`expectation_words`)."""

    def each(values: list[str], none: str | None = None) -> str:
        if len(values) != len(players):
            raise ValueError(f"{' '.join(words)!r}: {len(players)} players, {len(values)} values")
        shown = (none if v == "0" and none else v for v in values)
        return ", ".join(f"{p} {v}" for p, v in zip(players, shown, strict=True))

    match words:
        case ["ok"]:
            return "every move is legal"
        case [kind, rule] if kind in REFUSED:
            return REFUSED[kind].format(rule)
        case ["result", token, reason] if token in WINNERS and reason in DECIDED:
            return f"the game is over: {WINNERS[token]}{DECIDED[reason]}"
        case ["faces", cell, view] if SIDE_VIEW.fullmatch(view[:2]):
            shown = [f"{face} on side {side}" for side, face in SIDE_VIEW.findall(view)]
            return f"the die on cell {cell} shows {_and(shown)}"
        case ["lives", *values]:
            return f"lives left: {each(values)}"
        case ["dealer", name]:
            return f"{name} deals the next hand"
        case ["winner", name]:
            return f"{name} wins"
        case ["winner", *names]:
            return f"{_and(names)} share the win"
        case ["totals", *values]:
            return f"match totals: {each(values)}"
        case ["scores", *values]:
            return f"scores of the cycle just ended: {each(values)}"
        case ["cockatoos", *values]:
            return f"cockatoo cards held: {each(values)}"
        case ["tops", *values]:
            return f"top card of each nest: {each(values, none='none')}"
        case ["out", "-"]:
            return "no one is out of the cycle"
        case ["out", *names]:
            return f"out of this cycle: {_and(names)}"
        case ["starter", name]:
            return f"{name} plays first in the next round"
        case ["cycle", number, "0"]:
            return f"cycle {number} has begun, no round played yet"
        case ["cycle", number, "1"]:
            return f"cycle {number}, after its first round"
        case ["cycle", number, played]:
            return f"cycle {number}, after {played} rounds"
    raise ValueError(f"{' '.join(words)!r} is no expectation the shorthand has")


def _and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join(filter(None, (", ".join(items[:-1]), items[-1])))


def sentence(clauses: list[str]) -> str:
    """The clauses as one sentence, capitalised and ended."""
    text = "; ".join(clauses)
    return f"{text[:1].upper()}{text[1:]}."
