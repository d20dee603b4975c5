"""The runner as a user meets it: an engine that cannot start, hostile answers, progress,
the closing line, and no process left behind."""

from __future__ import annotations

import io
import json
import shlex
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path
from random import Random
from typing import Any

import pytest

from cuckoo.cli import main
from cuckoo.conformance.run.differential import differential, draw_game
from cuckoo.conformance.run.runner import Engine, Report, run_suite
from cuckoo.conformance.suites.build import load_all, new_command
from cuckoo.progress import Progress

PYTHON = shlex.quote(sys.executable)
BROKEN = f"{PYTHON} {shlex.quote(str(Path(__file__).parent / 'broken_engine.py'))}"
SERVE = f"{PYTHON} -m cuckoo serve"


@pytest.mark.parametrize(
    "command",
    ["/nonexistent/engine --protocol", f"{BROKEN} no-start", "'unclosed"],
)
def test_an_engine_that_cannot_start_is_one_message_and_exit_2(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    assert main(["conform", "--engine", command]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and "cannot start" in err, err


def dice_suite_against(flaw: str) -> tuple[Report, list[str]]:
    """The dice suite run against the broken engine with *flaw*: its report and its lines."""
    lines: list[str] = []
    engine = Engine(f"{BROKEN} {flaw}", timeout=30)
    try:
        cases = [s for s in load_all() if s["game"] == "cuckoo-dice"]
        return run_suite(engine, cases, log=lines.append), lines
    finally:
        engine.close()


@pytest.mark.slow
@pytest.mark.parametrize("flaw", ["deep-state", "text-state"])
def test_an_unreadable_state_is_a_failure_not_a_crash(flaw: str) -> None:
    report, lines = dice_suite_against(flaw)
    assert report.failed and report.passed
    assert any("the state is not JSON" in line for line in lines if line.startswith("FAIL"))
    assert lines[-1] == report.summary()


@pytest.mark.slow
@pytest.mark.parametrize("flaw", ["deep-state", "text-state"])
def test_random_games_report_an_unreadable_state_as_failures(flaw: str) -> None:
    lines: list[str] = []
    report = differential(f"{BROKEN} {flaw}", 3, 1, ("cuckoo-dice",), log=lines.append)
    assert sum(report.failed.values()) == 3
    assert lines[-1] == "0 passed, 3 failed"
    assert any("the state is not JSON" in line for line in lines)


def test_random_games_end_with_the_count_of_passed_and_failed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    serve = f"{PYTHON} -m cuckoo serve"
    options = ["--random-only", "--random", "6", "--seed", "3", "-j", "2"]
    assert main(["conform", "--engine", serve, *options]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "6 passed, 0 failed"
    assert {line.split()[0] for line in out[:-1]} == {"cuckoo-dice", "cuckoo-cards", "zum-kuckuck"}


def test_random_games_cover_every_ruleset_and_parameter() -> None:
    """Over a few hundred draws, every ruleset and every parameter appears in a ``new``."""
    games = ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck")
    text = " ".join(draw_game(game, Random(n)) for n in range(300) for game in games)
    for word in WORDS:
        assert word in text, word


WORDS = (
    *("new cuckoo ", "new dwnsiwn ", "new unnamed ", "infection_limit=none", "infection_limit=0"),
    *("handedness=eastern", "infection_pool=any", "side_majority=absolute"),
    *("tiebreak=captures-dungeon", "dungeon_tiebreak=owner", "dungeon_bonus=yes"),
    *("lives=1", "aces=high", "direction=right", "variant=tactical", " Fay ", " Eve "),
)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_shown_on_a_terminal_only() -> None:
    shown, hidden = _Terminal(), io.StringIO()
    for stream in (shown, hidden):
        progress = Progress("case", 3, stream=stream)
        for _ in range(3):
            progress.advance()
        progress.close()
    assert "\r3/3 cases" in shown.getvalue()
    assert hidden.getvalue() == ""


def _alive(pid: int) -> bool:
    """Whether *pid* runs (a zombie no init has reaped yet counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status


def test_an_engine_behind_a_wrapper_script_leaves_nothing_running(tmp_path: Path) -> None:
    """The engine is a grandchild of the runner: restarting kills the whole group."""
    pidfile = tmp_path / "pid"
    wrapper = tmp_path / "engine.sh"
    wrapper.write_text(f"#!/bin/sh\n{BROKEN} hang {shlex.quote(str(pidfile))}\necho done\n")
    wrapper.chmod(0o755)
    engine = Engine(str(wrapper), timeout=2)
    try:
        assert engine.ask("protocol") == "= cuckoo-protocol 1"
        pid = int(pidfile.read_text(encoding="utf-8"))
        assert _alive(pid)
        with pytest.raises(Exception, match="no answer"):
            engine.ask("legal")
    finally:
        engine.close()
    deadline = time.monotonic() + 5
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(pid)


def _cards(engine: str, *options: str) -> tuple[int, list[str]]:
    """``conform --suite-only`` of the card game's suite against *engine*: status, lines."""
    out = io.StringIO()
    command = ["conform", "--engine", engine, "--game", "cuckoo-cards", "--suite-only"]
    with redirect_stdout(out):
        status = main([*command, *options])
    return status, out.getvalue().splitlines()


SAMPLE = ("result", "command-new", "point-no-game", "several-hands")
"""Tags of 36 of the card game's 390 cases: games begun by a record and by ``new``, cases
that ask a fresh engine, cases that start several games.  ``--isolate`` starts an engine
for each case (0.2 s of CPU), so the whole suite is run behind the ``slow`` mark."""

SAMPLE_OR_WHOLE = [
    pytest.param(SAMPLE, id="sample"),
    pytest.param((), marks=pytest.mark.slow, id="whole"),
]


def _sample(tags: tuple[str, ...]) -> tuple[list[dict[str, Any]], list[str]]:
    """The card game's cases with one of *tags* (all of them but the guide's for none), and
    the options that run just those. The guide's cases (2026.12.1) send a record to an
    engine with no game yet, as their point, which these broken engines fail in any order:
    the runner's isolation is judged on the rest."""
    cases = [c for s in load_all() if s["game"] == "cuckoo-cards" for c in s["cases"]]
    if not tags:
        return [c for c in cases if "guide" not in c["tags"]], ["--skip", "guide"]
    chosen = [c for c in cases if set(tags) & set(c["tags"])]
    return chosen, [option for tag in tags for option in ("--run", tag)]


@pytest.mark.slow
@pytest.mark.parametrize("tags", SAMPLE_OR_WHOLE)
def test_an_engine_that_needs_a_game_before_a_record_fails_only_isolated(
    tags: tuple[str, ...],
) -> None:
    """In file order a ``new`` comes first and hides the bug but for the cases that ask a
    fresh engine; each case in an engine of its own shows it, in every case that starts
    its game with a record (not ``format``)."""
    engine = f"{BROKEN} record-needs-new"
    cases, run = _sample(tags)
    status, lines = _cards(engine, "--isolate", "-j", "2", *run)
    if tags:  # one engine at a time gives the same (the whole suite, 390 starts, only -j 2)
        assert _cards(engine, "--isolate", *run) == (status, lines), "in workers, the same"
    records = {c["id"] for c in cases if _record_first(c)}
    assert status == 1 and _failed(lines) == records
    in_order = _failed(_cards(engine, *run)[1])
    assert in_order < records and in_order <= {c["id"] for c in cases if c.get("fresh")} | {
        c["id"] for c in cases if "record" in c
    }


def _failed(lines: list[str]) -> set[str]:
    return {line.split()[1] for line in lines if line.startswith("FAIL ")}


def _record_first(case: dict[str, Any]) -> bool:
    """Whether *case* starts its game with ``record`` (a record that is not formatted, or
    a script whose first game-starting line is a ``record``)."""
    if "commands" in case:
        starts = [
            line.split()[0] for line in case["commands"] if line.startswith(("new", "record"))
        ]
        return starts[:1] == ["record"]
    return "record" in case and "format" not in case["expect"]


def _games(case: dict[str, Any]) -> int:
    """How many games *case* starts (``new`` or ``record`` lines sent), the records the
    runner sends after it to check the round trips (issue 49) included, and the game sent
    again after a refusal to check it one move later (hostile round six)."""
    again = "error" in case["expect"]
    if "commands" in case:
        return again + sum(line.startswith(("new ", "record ")) for line in case["commands"])
    round_trips = not {"error", "format", "answer"} & set(case["expect"])
    return 0 if "format" in case["expect"] else 1 + round_trips + again


@pytest.mark.slow
@pytest.mark.parametrize("tags", SAMPLE_OR_WHOLE)
def test_isolated_cases_each_get_an_engine_of_their_own(tags: tuple[str, ...]) -> None:
    """An engine that plays one game only fails in file order, and isolated only the cases
    that start a second game themselves, or after which the runner sends a record to
    check a round trip."""
    engine = f"{BROKEN} one-game"
    cases, run = _sample(tags)
    status, lines = _cards(engine, *run)
    assert status == 1 and " 0 failed" not in lines[-1]
    twice = {c["id"] for c in cases if _games(c) > 1}
    assert _failed(_cards(engine, "--isolate", "-j", "2", *run)[1]) <= twice


@pytest.mark.slow
def test_a_shuffled_run_says_its_seed_and_the_seed_repeats_its_order(tmp_path: Path) -> None:
    def order(*options: str) -> tuple[list[str], list[str]]:
        path = tmp_path / "r.json"
        status, lines = _cards(f"{PYTHON} -m cuckoo serve", "--report", str(path), *options)
        assert status == 0
        data = json.loads(path.read_text(encoding="utf-8"))
        return [c["id"] for c in data["cases"]], lines

    in_file = [c["id"] for s in load_all() if s["game"] == "cuckoo-cards" for c in s["cases"]]
    assert order()[0] == in_file
    first, lines = order("--shuffle", "7")
    assert lines[0] == "cases in a random order, seed 7: --shuffle 7 repeats it"
    assert first != in_file and sorted(first) == sorted(in_file)
    assert order("--shuffle", "7")[0] == first
    drawn, lines = order("--shuffle")
    seed = lines[0].split()[-3]
    assert lines[0].startswith("cases in a random order, seed ") and seed.isdigit()
    assert order("--shuffle", seed)[0] == drawn


def test_a_failing_case_shows_what_to_paste_into_the_engine(tmp_path: Path) -> None:
    """The case's description, every command line sent (as sent, one a line), and the
    engine's answer quoted; the report has them as fields."""
    path = tmp_path / "r.json"
    engine = f"{BROKEN} no-support"
    command = ["conform", "--engine", engine, "--suite-only", "--run", "cell-unsupported"]
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([*command, "--report", str(path)]) == 1
    (case,) = [c for s in load_all() for c in s["cases"] if c["id"] == "cell-unsupported"]
    sent = [new_command(case["setup"]), *(f"apply {m}" for m in case["moves"])]
    lines = out.getvalue().splitlines()
    at = lines.index(
        "FAIL cell-unsupported (CD-PLACE-SUPPORT): expected ? illegal CD-PLACE-SUPPORT, got '='"
    )
    assert lines[at + 1 : at + 3 + len(sent) + 1] == [
        f"  about: {case['about']}",
        "  sent, to paste into the engine:",
        *sent,
        "  answered: '='",
    ]
    (outcome,) = [
        c for c in json.loads(path.read_text(encoding="utf-8"))["cases"] if c["outcome"] == "fail"
    ]
    assert outcome["commands"] == sent and outcome["expected"] == case["expect"]
    assert outcome["actual"] == "=" and outcome["about"] == case["about"]


def test_a_run_with_cases_the_engine_cannot_express_is_no_pass_unless_partial() -> None:
    """A skip is never a pass of the whole suite: ``? unsupported`` makes the run "not
    conformant" (exit 1) unless ``--partial`` accepts a partial engine; a case left out by
    ``--run`` or ``--skip`` carries no reason and is the user's choice."""
    report = Report()
    report.passed["cuckoo-dice/setup"] = 3
    report.outcomes = [{"outcome": "skip", "reason": "no records here"}, {"outcome": "skip"}]
    assert report.unexpressed == 1 and not report.ok
    assert report.summary() == "3 passed, 0 failed, 2 skipped: not conformant"
    report.partial = True
    assert report.ok and report.summary() == "3 passed, 0 failed, 2 skipped: a partial engine"
    report.partial, report.optional = False, 1  # a perft case: a claim may leave it out
    assert report.ok and report.summary() == "3 passed, 0 failed, 2 skipped"


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("commands", ["protocol", "state\nprotocol"], "command 2 holds U+000A"),
        ("commands", ["new cuckoo-cards Ann\x1bAnn Ben"], "command 1 holds U+001B"),
        ("moves", ["6@003/A\r"], "move 1 holds U+000D"),
        ("record", '[Game "cuckoo-cards"]\n*', "the record holds U+000A"),
    ],
)
def test_a_suite_whose_case_would_put_the_protocol_out_of_step_is_refused(
    tmp_path: Path, field: str, value: object, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A case's command line holds no line break nor other control character but the tab
    (a record may hold CR and FF, white space of the notation, but no line feed): one line
    names the case, before any case is run."""
    case: dict[str, Any] = {
        "id": "broken-line",
        "rules": ["CD-TURN-ORDER"],
        "expect": {"answer": "="},
    }
    case[field] = value
    if field == "moves":
        case["setup"] = {"ruleset": "cuckoo", "params": {}, "first": "Blue",
                         "rolls": {"Blue": "1223445566", "Red": "1123345666"}}  # fmt: skip
    suite = {"schema": "cuckoo-conformance/2", "game": "cuckoo-dice", "rules": {}, "cases": [case]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(suite), encoding="utf-8")
    assert main(["conform", "--engine", SERVE, "--suite", str(path), "--suite-only"]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "case 1 ('broken-line'): " + said in line


@pytest.mark.slow
@pytest.mark.parametrize("name", ["astral-as-replacement", "no-ff-cr-in-records"])
def test_the_text_cases_kill_the_engines_of_narrow_characters(name: str) -> None:
    """A name outside the BMP read as U+FFFD; FF and CR no white space in a record: each
    passed the whole suite before the text positions had such cases (hostile review 6)."""
    from cuckoo.conformance.mutants.harness import MUTANTS, command

    suites = [s for s in load_all() if s["game"] == MUTANTS[name].game]
    engine = Engine(command(name), timeout=30)
    try:
        report = run_suite(
            engine, suites, log=lambda _: None, skip=lambda c: "text" not in c.get("tags", [])
        )
    finally:
        engine.close()
    failed = set(report.failed_ids)
    assert failed and all("astral" in i or "ff-cr" in i for i in failed)
