"""Every example in the spec is run, the CommonMark way: the spec cannot drift from the engine."""

from __future__ import annotations

import pytest

from cuckoo import CuckooError, NotationError
from cuckoo.cards import winner
from cuckoo.dice import CELL_NAMES, SIDE_NAMES, result
from cuckoo.games import read_records
from cuckoo.kuckuck import State as KuckuckState
from cuckoo.kuckuck import totals
from cuckoo.kuckuck.notation import result_token

from .specdoc import RULE_ID, Directive, directives

EXAMPLES = directives("example")
RULES = {d.arg for d in directives("rule")}


def test_examples_exist_with_unique_slugs() -> None:
    slugs = [e.arg for e in EXAMPLES]
    assert slugs and len(slugs) == len(set(slugs))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.arg)
def test_example(example: Directive) -> None:
    cited = example.options.get("rules", "").split()
    assert cited, "an example names the rules it shows"
    assert set(cited) <= RULES, f"unknown rule IDs {set(cited) - RULES}"
    source = f"{example.path.name}:{example.arg}"
    expectations = [e.split() for e in example.options["expect"].split(";")]
    errors = [e for e in expectations if e[0] in ("malformed", "illegal", "ambiguous")]
    try:
        (item,) = read_records(example.body.splitlines(keepends=True), source=source)
        if isinstance(item, NotationError):
            raise item
        kit, record = item
        *_, state = kit.replay(record)
    except CuckooError as error:
        assert errors, f"unexpected error: {error}"
        ((kind, rule),) = errors
        assert (error.kind, error.rule) == (kind, rule), str(error)
        assert RULE_ID.fullmatch(rule)
        return
    assert not errors, f"expected {errors} but the record replays"
    for expectation in expectations:
        match expectation:
            case ["ok"]:
                pass
            case ["result", token, reason]:
                outcome = result(state)
                assert outcome is not None and (outcome.token, outcome.reason) == (token, reason)
            case ["faces", cell, view]:
                placed = state.board[CELL_NAMES.index(cell)]
                assert placed is not None
                shown = "".join(f"{SIDE_NAMES[s]}{f}" for s, f in enumerate(placed.faces) if f)
                assert shown == view
            case ["lives", *lives]:
                assert list(state.lives) == [int(n) for n in lives]
            case ["dealer", name]:
                assert state.players[state.dealer] == name
            case ["winner", *names] if isinstance(state, KuckuckState):
                assert result_token(state).split() == names
            case ["winner", name]:
                seat = winner(state)
                assert seat is not None and state.players[seat] == name
            case ["totals", *points]:
                assert list(totals(state)) == [int(n) for n in points]
            case ["scores", *points]:
                assert list(state.scores[-1]) == [int(n) for n in points]
            case ["cockatoos", *counts]:
                assert list(state.cockatoos) == [int(n) for n in counts]
            case ["tops", *values]:
                assert [state.top(s) for s in range(len(state.players))] == [int(v) for v in values]
            case ["out", *names]:
                assert sorted(state.players[s] for s in state.out) == sorted(
                    n for n in names if n != "-"
                )
            case ["starter", name]:
                assert state.players[state.starter] == name
            case ["cycle", number, played]:
                assert (state.cycle + 1, state.round) == (int(number), int(played))
            case _:
                pytest.fail(f"unknown expectation {expectation}")
