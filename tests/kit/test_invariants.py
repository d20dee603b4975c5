"""The runner's invariants (issue 49): what must hold at every step, checked around every
exchange of every case and random game, each failure with a line naming the invariant; and
the wrong engines the suite alone lets through that they catch."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cuckoo.conformance.mutants.harness import MUTANTS, command
from cuckoo.conformance.protocol import Session
from cuckoo.conformance.run import invariants
from cuckoo.conformance.run.differential import differential, partly_wrong
from cuckoo.conformance.run.invariants import (
    FORMAT_ROUND_TRIP,
    INVARIANTS,
    PERFT_SUM,
    PERFT_ZERO,
    REFUSED,
    WHOLE_EQUALS_MOVES,
    Broken,
    Watched,
    perft_sums,
)
from cuckoo.conformance.run.records import BREAKS, Recorder, broken, written
from cuckoo.conformance.run.runner import Engine, Report, run_suite
from cuckoo.conformance.suites.build import load_all

CAUGHT = {
    REFUSED: (
        "deal-keeps-earlier-cards",
        "zk-keeps-earlier-parts",
        "refused-record-ends-game",
        "zk-defers-earlier-parts",
    ),
    FORMAT_ROUND_TRIP: ("zero-limit-unwritten",),
    PERFT_ZERO: ("perft-zero-is-zero",),
}
"""For each invariant, wrong engines (mutants of kind ``invariant``) that the suite alone
passes and the invariant catches."""


class Forgetful:
    """A session that keeps the first card of a refused deal of several (CC-CARD-DECK):
    the mistake :data:`REFUSED` is there for."""

    def __init__(self) -> None:
        self.session = Session()

    def ask(self, line: str) -> str:
        answer = self.session.answer(line)
        words = line.split()
        if answer.startswith("?") and words[:2] == ["apply", "deal"] and len(words) > 3:
            self.session.answer(" ".join(words[:3]))
        return answer


def test_a_refusal_that_keeps_part_of_a_move_breaks_refused_changes_nothing() -> None:
    """CC-CARD-DECK: a deal of several cards refused at its second keeps none of them."""
    engine = Watched(Forgetful())
    assert engine.ask("new cuckoo-cards Ann Ann Ben Cid") == "="
    with pytest.raises(Broken) as caught:
        engine.ask("apply deal 7h 7h")
    assert caught.value.invariant == REFUSED
    assert str(caught.value).startswith("invariant refused-changes-nothing: after 'apply deal")
    assert "'cards'" in str(caught.value)


class Deferring:
    """A session that keeps the accepted beginning of a refused move out of sight and plays
    it before the next move (ZK-SETUP-DEAL): ``state`` and ``legal`` answer as before the
    refusal, and the kept cards show one move later."""

    def __init__(self) -> None:
        self.session, self.kept = Session(), list[str]()

    def ask(self, line: str) -> str:
        words = line.split()
        if words[:1] in (["new"], ["record"]):
            self.kept = []
        if words[:1] == ["apply"] and self.kept:
            kept, self.kept = self.kept, []
            next((k for k in kept if self.session.answer(k) == "="), None)
        answer = self.session.answer(line)
        if words[:1] == ["apply"] and answer.startswith("?") and len(words) > 2:
            self.kept = [" ".join(words[:end]) for end in range(len(words) - 1, 1, -1)]
        return answer


@pytest.mark.parametrize("then", [["apply deal Ann 5"], []])
def test_a_refusal_is_checked_again_one_move_later(then: list[str]) -> None:
    """ZK-SETUP-DEAL: the move after a refused deal (the case's next, else the first move
    legal lists, played by settle) reaches what it reaches without the refusal."""
    engine = Watched(Deferring())
    assert engine.ask("new zum-kuckuck Ann Ben Cid") == "="
    assert engine.ask("apply deal Ann 1 2 0").startswith("? illegal ZK-SETUP-DEAL")
    with pytest.raises(Broken) as caught:
        for line in then:
            engine.ask(line)
        engine.settle()
    assert caught.value.invariant == REFUSED  # a kept card seen as the next move is made
    assert "[[1, 2" in str(caught.value) or "without the refusal it is taken" in str(caught.value)


def test_settling_a_refusal_leaves_the_reference_where_it_was() -> None:
    """The first move legal lists is played and the game sent again: nothing to see after."""
    reference = Session()
    engine = Watched(type("Asks", (), {"ask": lambda self, line: reference.answer(line)})())
    for line in ["new cuckoo-cards Ann Ann Ben Cid", "apply deal 7h", "apply deal 3c 3c"]:
        engine.ask(line)
    before = reference.answer("state")
    engine.settle()
    assert reference.answer("state") == before
    assert engine.ask("apply deal 9d") == "="  # and nothing is pending any more


class Unexpressed:
    """A session that answers ``? unsupported`` to every refused apply and plays a legal
    move in its place (hostile review, round 6, item 7)."""

    def __init__(self) -> None:
        self.session = Session()

    def ask(self, line: str) -> str:
        answer = self.session.answer(line)
        if line.startswith("apply ") and answer.startswith("?"):
            moves = self.session.answer("legal").split()
            self.session.answer("apply " + next(m for m in moves if "@" in m))
            return "? unsupported - cannot say why"
        return answer


def test_an_unsupported_answer_must_change_nothing_either() -> None:
    engine = Watched(Unexpressed())
    engine.ask("new cuckoo Blue 1223445566 1123345666")
    with pytest.raises(Broken) as caught:
        engine.ask("apply 9@003/A")
    assert caught.value.invariant == REFUSED
    assert "answered '? unsupported - cannot say why', state" in str(caught.value)


def test_the_reference_keeps_nothing_of_a_refused_command_even_with_no_game() -> None:
    """A refused new, record or apply, before any game and during one (CC-SETUP-PLAYERS,
    ZK-SETUP-DEAL, CD-SETUP-DICE)."""
    reference = Session()
    engine = Watched(type("Asks", (), {"ask": lambda self, line: reference.answer(line)})())
    lines = [
        "new cuckoo-cards Ann Ann",  # no game: state and legal refused before and after
        'record [Game "zum-kuckuck"] *',
        "new zum-kuckuck Ann Ben Cid",
        "apply deal Ann 1 2 2",
        "new zum-kuckuck Ann Ben",
        "new cuckoo Blue 122 1123345666",
        "apply deal Ann 1 2 3",
    ]
    answers = [engine.ask(line) for line in lines]
    assert [a[0] for a in answers] == ["?", "?", "=", "?", "?", "?", "="]


def test_every_command_that_may_change_the_game_is_looked_at_before() -> None:
    """The check holds by construction: whatever line is sent, a new command included."""
    asked: list[str] = []
    reference = Session()

    class Logged:
        def ask(self, line: str) -> str:
            asked.append(line)
            return reference.answer(line)

    engine = Watched(Logged())
    engine.ask("new cuckoo Blue 1223445566 1123345666")
    engine.ask("apply 6@003/A")
    engine.ask("state")
    engine.ask("legal")
    engine.ask("apply 9@003/A")  # refused: looked at again, nothing new asked before
    assert asked == [
        "state", "legal", "new cuckoo Blue 1223445566 1123345666",
        "state", "legal", "apply 6@003/A",
        "state", "legal",
        "apply 9@003/A", "state", "legal",
    ]  # fmt: skip
    assert {"new", "apply", "record"} == invariants.CHANGING


class Miscounting:
    """The reference, but ``perft 1`` one more than it is, and ``perft 0`` 0 if asked."""

    def __init__(self, zero: str = "= 1") -> None:
        self.session, self.zero = Session(), zero

    def ask(self, line: str) -> str:
        if line == "perft 0":
            return self.zero
        answer = self.session.answer(line)
        return f"= {int(answer[2:]) + 1}" if line == "perft 2" else answer


@pytest.mark.parametrize(
    ("engine", "invariant"), [(Miscounting(), PERFT_SUM), (Miscounting("= 0"), PERFT_ZERO)]
)
def test_perft_is_checked_against_the_sum_over_the_legal_moves(
    engine: Miscounting, invariant: str
) -> None:
    """CC-CUT: a cut counts once at depth 1 and once per card it may turn up at depth 2."""
    replay = ["new cuckoo-cards Ann Ann Ben Cid", "apply deal 7h 3c 9d"]
    for line in replay:
        engine.ask(line)
    with pytest.raises(Broken) as caught:
        perft_sums(engine, "cuckoo-cards", replay, 2)
    assert caught.value.invariant == invariant


@pytest.mark.parametrize(
    ("game", "replay"),
    [
        ("cuckoo-cards", ["new cuckoo-cards Ann Ann Ben Cid", "apply deal 7h 3c 9d"]),
        ("cuckoo-cards", ["new cuckoo-cards Ann Ann Ben Cid", "apply deal 7h 3c 9d", "apply keep"]),
        ("cuckoo-dice", ["record " + "[Game \"cuckoo-dice\"] [Ruleset \"cuckoo\"] [First "
                         "\"Blue\"] [BlueRoll \"1 1 2 3 4 4 4 4 5 5\"] [RedRoll \"1 1 2 2 3 3 4 "
                         "5 6 6\"] 1. 5@003/B 2@120 2. 4@300/B 3@201 3. 4@030/C 6@021 *"]),
        ("zum-kuckuck", ["new zum-kuckuck Ann Ben Cid", "apply deal Ann 1 2 3"]),
    ],
)  # fmt: skip
def test_the_reference_counts_perft_as_the_sum_over_its_moves(game: str, replay: list[str]) -> None:
    reference = Session()
    engine = type("Asks", (), {"ask": lambda self, line: reference.answer(line)})()
    for line in replay:
        assert reference.answer(line) == "=", line
    perft_sums(engine, game, replay, 2)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_a_record_broken_in_one_token_differs_from_it_by_that_token(seed: int) -> None:
    text = '[Game "cuckoo-cards"] [Players "Ann Ben"] [Dealer "Ann"] Ah 7c keep *'
    wrong, said = broken(text, Random(seed))
    how = said.split(":")[0]
    before, after = text.split(), wrong.split()
    assert how in BREAKS
    if how == "dropped":
        assert any(before[:k] + before[k + 1 :] == after for k in range(len(before)))
    elif how == "repeated":
        assert any(before[: k + 1] + before[k:] == after for k in range(len(before)))
    else:
        assert len(after) == len(before)
        assert sum(a != b for a, b in zip(before, after, strict=True)) <= 1
        assert how == "changed" or after.count("?") == 1


def test_the_record_of_moves_sent_one_by_one_replays_to_the_same_state() -> None:
    """ZK-NOTATION-DEAL: a match stopped in its deal has no record to send whole."""
    new = "new cuckoo-cards Ann Ann Ben Cid lives=1 direction=right"
    moves = ["deal 7h 3c", "deal 9d", "keep", "swap", "cut Ks", "deal 2c"]
    text = written(new, moves)
    assert text is not None and '[Direction "right"]' in text
    one, whole = Session(), Session()
    for line in [new, *(f"apply {m}" for m in moves)]:
        assert one.answer(line) == "="
    assert whole.answer(f"record {text}") == "="
    assert one.answer("state") == whole.answer("state")
    assert written("new zum-kuckuck Ann Ben Cid", ["deal Ann 1 2 3"]) is None
    assert not Recorder("new zum-kuckuck Ann Ben Cid").can_stop()


def test_a_move_partly_wrong_is_refused_at_a_later_part() -> None:
    reference = Session()
    reference.answer("new cuckoo-cards Ann Ann Ben Cid")
    assert partly_wrong("cuckoo-cards", "deal 7h", reference) == "deal 7h 7h"
    assert partly_wrong("cuckoo-dice", "2+3x5(4;1,6)", reference) == "2+3x5(4;1,6,6)"
    assert partly_wrong("zum-kuckuck", "deal:Ann:17", reference) == "deal Ann 17 17"
    assert partly_wrong("cuckoo-cards", "keep", reference) is None


def test_every_invariant_is_named_and_each_caught_mutant_is_of_its_kind() -> None:
    assert set(INVARIANTS) == {
        REFUSED,
        FORMAT_ROUND_TRIP,
        WHOLE_EQUALS_MOVES,
        PERFT_ZERO,
        PERFT_SUM,
    }
    for names in CAUGHT.values():
        assert all(MUTANTS[name].kind == "invariant" for name in names)


def _failures(name: str, checked: bool) -> dict[str, str]:
    """The cases of mutant *name*'s game it fails, every case run, each with its problem."""
    suites = [s for s in load_all() if s["game"] == MUTANTS[name].game]
    engine = Engine(command(name), timeout=30)
    try:
        report: Report = run_suite(engine, suites, log=lambda line: None, checked=checked)
    finally:
        engine.close()
    return {o["id"]: o["problem"] for o in report.outcomes if o["outcome"] == "fail"}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("invariant", "name"), [(inv, name) for inv, names in CAUGHT.items() for name in names]
)
def test_the_suite_alone_passes_each_wrong_engine_and_its_invariant_catches_it(
    invariant: str, name: str
) -> None:
    """The suite without its invariants (its perft cases included) passes the mutant; with
    them, cases fail on a line naming the invariant."""
    assert _failures(name, checked=False) == {}
    problems = _failures(name, checked=True).values()
    assert problems and all(p.startswith(f"invariant {invariant}:") for p in problems)


@pytest.mark.slow
def test_random_games_catch_a_refusal_that_keeps_part_of_a_move_and_show_it() -> None:
    """Moves sent partly wrong in random games: CC-CARD-DECK, ZK-SETUP-DEAL."""
    lines: list[str] = []
    wrong = command("deal-keeps-earlier-cards")
    report = differential(wrong, 2, 0, ("cuckoo-cards",), log=lines.append)
    assert sum(report.failed.values()) == 2
    (first, *_) = report.disagreements
    assert first["shortest"].startswith("invariant refused-changes-nothing: after 'apply deal")
    dealt_twice = [c.split() for c in first["commands"] if c.startswith("apply deal ")]
    assert any(len(words) == 4 and words[2] == words[3] for words in dealt_twice)
    assert lines[-1] == "0 passed, 2 failed"
