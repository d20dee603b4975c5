"""The conformance kit: the suite is current, the reference passes it, broken engines fail."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from cuckoo.conformance.protocol import Session
from cuckoo.conformance.run.differential import differential
from cuckoo.conformance.run.runner import Engine, run_suite
from cuckoo.conformance.suites.build import SUITE, build, dump, load_all

from .broken_engine import FLAWS

ROOT = Path(__file__).resolve().parents[2]
SERVE = f"{shlex.quote(sys.executable)} -m cuckoo serve"
BROKEN = (
    f"{shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).parent / 'broken_engine.py'))}"
)


@pytest.fixture(scope="module")
def suites() -> list[dict[str, object]]:
    return load_all()


@pytest.fixture(scope="module")
def suite() -> list[dict[str, object]]:
    """The dice game's suite alone, for the engines broken in dice rules."""
    return [s for s in load_all() if s["game"] == "cuckoo-dice"]


@pytest.mark.parametrize("game", ["cuckoo-dice", "cuckoo-cards", "zum-kuckuck"])
def test_the_committed_suite_is_what_the_spec_and_engine_give(game: str) -> None:
    """Regenerate with ``python -m cuckoo.conformance.suites.build`` when this fails."""
    path = ROOT / "tests" / "conformance" / f"{game}.json"
    assert path.read_text(encoding="utf-8") == dump(build(ROOT, game))
    shipped = SUITE.parent / path.name
    assert shipped.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


def test_cases_are_well_formed(suites: list[dict[str, object]]) -> None:
    assert {s["game"] for s in suites} == {"cuckoo-dice", "cuckoo-cards", "zum-kuckuck"}
    ids = [case["id"] for s in suites for case in s["cases"]]  # type: ignore[attr-defined]
    assert len(ids) == len(set(ids))
    for suite in suites:
        for case in suite["cases"]:  # type: ignore[attr-defined]
            assert case["rules"] and set(case["rules"]) <= set(suite["rules"])  # type: ignore[arg-type]
            assert sum(given in case for given in ("record", "setup", "commands")) == 1
            assert len(case["expect"]) == 1


def test_the_reference_engine_passes_everything(suites: list[dict[str, object]]) -> None:
    """Every case passes, and together they cover every rule ID of both games' specs."""
    lines: list[str] = []
    engine = Engine(SERVE, timeout=30)
    try:
        report = run_suite(engine, suites, log=lines.append)
    finally:
        engine.close()
    assert report.ok, "\n".join(lines)
    total = sum(len(s["cases"]) for s in suites)  # type: ignore[arg-type]
    assert lines[-1] == f"{total} passed, 0 failed"
    assert report.covered == {rule for s in suites for rule in s["rules"]}  # type: ignore[attr-defined]


@pytest.mark.pure
@pytest.mark.parametrize(
    ("flaw", "rule"),
    [
        ("no-support", "CD-PLACE-SUPPORT"),
        ("second-face-max", "CD-PLACE-SECOND"),
        ("pass-anytime", "CD-TURN-PASS"),
        ("dungeon-owner", "CD-SCORE-DUNGEON"),
    ],
)
def test_an_engine_with_a_broken_rule_fails_both_modes(
    suite: list[dict[str, object]], flaw: str, rule: str
) -> None:
    lines: list[str] = []
    engine = Engine(f"{BROKEN} {flaw}", timeout=30)
    try:
        assert engine.ask("protocol") == "= cuckoo-protocol 1", "the broken engine runs"
        report = run_suite(engine, suite, log=lines.append)
        assert not report.ok
        assert not any("exited" in line or "no answer" in line for line in lines)
        assert any(rule in line for line in lines if line.startswith("FAIL")), "\n".join(lines)
        assert lines[-1].endswith(f"{sum(report.failed.values())} failed")
    finally:
        engine.close()
    if flaw != "dungeon-owner":  # random games rarely end on the dungeon
        lines.clear()
        random = differential(f"{BROKEN} {flaw}", 2, 1, ("cuckoo-dice",), log=lines.append)
        assert not random.ok and lines[-1] == f"{2 - sum(random.failed.values())} passed, " + (
            f"{sum(random.failed.values())} failed"
        )
        shown = "\n".join(lines)
        assert "shortest game that shows it" in shown and "\nnew " in shown, shown


@pytest.fixture(scope="module")
def sample(suite: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A few dice cases of every kind of expectation: each restart of a misbehaving
    engine costs a start of Python, so the whole suite would take minutes."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for case in suite[0]["cases"]:
        kinds.setdefault(next(iter(case["expect"])), []).append(case)
    return [{**suite[0], "cases": [case for cases in kinds.values() for case in cases[:4]]}]


@pytest.mark.slow
@pytest.mark.parametrize("flaw", ["crash", "hang", "garbage", "flood"])
def test_a_misbehaving_engine_is_reported_and_the_run_goes_on(
    sample: list[dict[str, Any]], flaw: str
) -> None:
    suite = sample
    lines: list[str] = []
    engine = Engine(f"{BROKEN} {flaw}", timeout=3 if flaw == "hang" else 30)
    try:
        report = run_suite(engine, suite, log=lines.append)
    finally:
        engine.close()
    cases = sum(len(s["cases"]) for s in suite)  # type: ignore[arg-type]
    assert sum(report.passed.values()) + sum(report.failed.values()) == cases
    assert report.failed and report.passed, "the failures are counted, the rest still runs"
    expected = {
        "crash": "exited",
        "hang": "no answer",
        "garbage": "not an answer",
        "flood": "longer than",
    }[flaw]
    assert any(expected in line for line in lines), "\n".join(lines[-5:])


@pytest.mark.slow
@pytest.mark.pure
def test_expected_failures(suite: list[dict[str, object]], tmp_path: Path) -> None:
    lines: list[str] = []
    engine = Engine(f"{BROKEN} no-support", timeout=30)
    try:
        first = run_suite(engine, suite, log=lines.append)
        failing = {line.split()[1] for line in lines if line.startswith("FAIL")}
        report = run_suite(engine, suite, xfail=failing, log=lines.append)
    finally:
        engine.close()
    assert not first.ok and report.ok
    assert sum(report.xfailed.values()) == len(failing)
    assert lines[-1].endswith(f"0 failed, {len(failing)} xfailed")


def test_flaws_are_all_exercised() -> None:
    assert set(FLAWS) == {
        "no-support",
        "second-face-max",
        "pass-anytime",
        "dungeon-owner",
        "crash",
        "hang",
        "garbage",
        "flood",
        "huge-state",
        "deep-state",
        "text-state",
        "no-records",
        "nothing",
        "record-needs-new",
        "one-game",
        "long-reasons",
        "markup",
        "chance-nothing-due",
        "no-start",
    }


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("record", "? malformed CD-NOTATION-SYNTAX holds no game"),
        ("format", "? malformed CD-NOTATION-SYNTAX holds no game"),
        ("perft -1", "? protocol - perft takes a depth of 0 or more, not '-1'"),
        ("perft ²", "? protocol - perft takes a depth of 0 or more, not '²'"),
        ("perft 1000000", "? protocol - perft goes 6 plies deep at most, not 1000000"),
        (
            "new cuckoo Blue 1223445566 1123345666 infection_limit=²",
            "? setup CD-RULESET-PARAMS infection_limit must be a whole number >= 0, not '²'",
        ),
        (
            "new cuckoo Blue 7777777777 111111111",
            "? setup CD-SETUP-DICE Red must roll 10 dice, not 9",
        ),
        ("frobnicate", "? protocol - unknown command 'frobnicate'"),
    ],
)
def test_odd_commands_get_answers_not_crashes(line: str, answer: str) -> None:
    session = Session()
    session.answer("new cuckoo Blue 1223445566 1123345666")
    assert session.answer(line) == answer
