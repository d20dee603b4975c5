"""Every rule under every value of each parameter it may read: cases made again under
another value.

The coverage table of rule and parameter value (:func:`.coverage.reads_rows`) shows which
rule has no case under which value.  For each such row a case citing the rule is played
again with the parameter changed (its setup's field, or its record's tag): the first, of the
fewest moves, whose answer keeps its kind (an error the same rule, any other answer no
error), so that the rule is still reached.  A case made so covers every rule it cites.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from random import Random
from typing import Any, Final

from ...cards import apply as cards_apply
from ...cards import new_game as cards_new_game
from ...cards import rules as cards_rules
from ...cards.notation import format_record as cards_format
from ...cards.notation import record_of as cards_record_of
from ...cards.playout import random_game as cards_random_game
from ..coverage.parameters import Row, covers, ended, reads_rows, scoring_rows
from ..protocol import Session
from .cases import CARDS, Case, new_command

__all__ = ["parameter_cases", "scoring_cases"]

Entry = Callable[[Case], dict[str, Any] | None]
"""A case's suite entry (its expectation and metadata, as the reference gives them); None
if its kind is not met (an error expected and none comes, or the other way)."""

_KINDS: Final = ("state", "legal", "result", "error", "chance")
"""The kinds of case made again (a perft or a canonical form is not)."""
_TAGS: Final = {"ruleset": "Ruleset", "lives": "Lives", "aces": "Aces", "direction": "Direction"}


def _tag(name: str) -> str:
    """The record tag of parameter *name*: ``InfectionLimit`` for infection_limit."""
    return _TAGS.get(name, "".join(part.title() for part in name.split("_")))


def _written(value: object) -> str:
    if value is None or isinstance(value, bool):
        return {None: "none", True: "yes", False: "no"}[value]
    return str(value)


def under(case: Case, name: str, value: object) -> Case:
    """*case* played with parameter *name* set to *value*."""
    case_id = f"{case.id}-under-{name.replace('_', '-')}-{_written(value)}"
    if case.record is None:
        if name == "ruleset":
            return replace(case, id=case_id, ruleset=str(value), about="")
        made = replace(case, id=case_id, params={**case.params, name: value}, about="")
        return _in_turn(made) if value == "tactical" else made
    tag = f'[{_tag(name)} "{_written(value)}"]'
    pattern = re.compile(rf'\[\s*{_tag(name)}\s+"[^"]*"\s*\]', re.IGNORECASE)
    record = pattern.sub(tag, case.record) if pattern.search(case.record) else None
    if record is None:
        record = re.sub(r'(\[\s*Game\s+"[^"]*"\s*\])', rf"\1 {tag}", case.record, count=1)
    return replace(case, id=case_id, record=record, about="")


def _in_turn(case: Case) -> Case:
    """A Zum Kuckuck! case made tactical: each round written grouped, as the basic version
    writes it, played card by card in the order of the turns (the reference's ``legal``
    says whose turn it is); as it was where a card is not legal in any order."""
    session = Session()
    session.answer(new_command(case.setup()))
    moves = []
    for move in case.moves:
        plays = move.strip("()").split() if move.startswith("(") else []
        cards = [f"{plays[k]} {plays[k + 1]}" for k in range(0, len(plays), 2)]
        while cards:
            legal = set(session.answer("legal")[2:].split())
            turn = next((c for c in cards if c.replace(" ", ":") in legal), None)
            if turn is None:
                return case
            session.answer(f"apply {turn}")
            moves.append(turn)
            cards.remove(turn)
        if not plays:
            session.answer(f"apply {move}")
            moves.append(move)
    return replace(case, moves=tuple(moves))


def _cost(case: Case) -> tuple[int, int]:
    """Moves before records, fewer moves first."""
    return (1, len(case.record)) if case.record is not None else (0, len(case.moves))


def parameter_cases(
    game: str, built: list[tuple[Case, dict[str, Any]]], rules: dict[str, Any], entry_of: Entry
) -> Iterator[dict[str, Any]]:
    """The entries that close the rows of *game* with no case (*built*: the suite's cases
    and their entries; *rules*: the suite's rules by chapter)."""
    entries = [entry for _, entry in built]
    ordered = sorted(built, key=lambda pair: _cost(pair[0]))
    for row in reads_rows([{"game": game, "rules": rules, "cases": entries}]):
        if row.cases or any(covers(e, row) for e in entries[len(built) :]):
            continue
        for case, entry in ordered:
            if not _fits(row, entry):
                continue
            made = entry_of(under(case, row.name, row.value))
            if made is not None and _same(entry["expect"], made["expect"]):
                entries.append(made)
                yield made
                break


def _fits(row: Row, entry: dict[str, Any]) -> bool:
    """Whether *entry* cites the row's rule, is of a kind made again, and does not stop at
    its setup."""
    kind = next(iter(entry["expect"]))
    return row.rule in entry["rules"] and kind in _KINDS and "setup" not in entry["tags"]


def _same(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether *after* is an answer of the same kind as *before*: the same rule's error."""
    if "error" in before:
        return bool(after.get("error", {}).get("rule") == before["error"]["rule"])
    return next(iter(after)) == next(iter(before))


def _card_game(rng: Random) -> tuple[list[Any], Callable[[int], str]]:
    """A random card game of two players and one life (so that hands are often void): its
    states, and its record to a given move."""
    variant = cards_rules(lives=1)
    setup, moves = cards_random_game(variant, rng, 2)
    states = [cards_new_game(variant, setup)]
    for move in moves:
        states.append(cards_apply(states[-1], move))
    return states, lambda end: cards_format(cards_record_of(variant, setup, moves[:end]))


PLAYED: Final = {CARDS: ("cards", _card_game)}
"""A random game of each game whose scoring a case may lack (its case IDs' prefix)."""


def scoring_cases(game: str, entries: list[dict[str, Any]]) -> Iterator[Case]:
    """For each scoring rule that no case triggers in two or more hands or cycles of one
    game, the first random game that does, to the end of the hand or cycle that does it
    twice, asked for its state."""
    for row in scoring_rows([{"game": game, "cases": entries}]):
        if row.cases:
            continue
        prefix, play = PLAYED[game]
        for seed in range(5000):
            states, record = play(Random(seed))
            twice = (k for k in range(len(states)) if ended(states[: k + 1]).count(row.rule) > 1)
            end = next(twice, 0)
            if end:
                text = " ".join(record(end).split())
                about = f"a game in which {row.rule} applies in two hands"
                name = f"{prefix}-{row.rule.split('-', 1)[1].lower()}-twice"
                yield Case(name, (row.rule,), expect="state", record=text, game=game, about=about)
                break
