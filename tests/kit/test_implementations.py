"""The page of implementations: the stored runs of the reference, the compiled build and the
OpenSpiel binding are current and shown as they are, a skip is never a pass, and a report
given on the command line takes a column too."""

from __future__ import annotations

import importlib.util
import io
import json
import shlex
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from cuckoo.cli import main
from cuckoo.conformance.run import report as results
from cuckoo.conformance.run import stored
from cuckoo.conformance.suites.build import load_all
from cuckoo.escaping import text

ROOT = Path(__file__).resolve().parents[2]
PYTHON = shlex.quote(sys.executable)
BROKEN = f"{PYTHON} {shlex.quote(str(Path(__file__).parent / 'broken_engine.py'))}"
RUNS = results.stored()
PAGE = (ROOT / results.PAGE).read_text(encoding="utf-8")


def _case_ids() -> set[str]:
    return {case["id"] for suite in load_all() for case in suite["cases"]}


def _row(game: str) -> list[str]:
    """The cells of *game*'s row in the page's table of games, by implementation."""
    (line,) = [line for line in PAGE.splitlines() if line.startswith(f"| `{game}` |")]
    return [cell.strip() for cell in line.strip("|").split("|")][1:]


@pytest.mark.parametrize("name", ["reference", "compiled", "openspiel"])
def test_each_implementation_has_a_current_run_and_its_counts_on_the_page(name: str) -> None:
    """Store the run again (``python -m cuckoo.conformance.run.stored NAME``) and rebuild the
    page if this fails."""
    run = RUNS[name]
    assert {case["id"] for case in run["cases"]} == _case_ids(), "a run of an older suite"
    assert run["suites"] == {suite["game"]: suite["version"] for suite in load_all()}
    assert run["engine"] == stored.IMPLEMENTATIONS[name][0]
    assert f"| {text(name)} | {text(run['about'])} |" in PAGE
    column = sorted(RUNS).index(name)
    for game, counts in run["games"].items():
        total = counts["pass"] + counts["skip"]
        cell = (
            f"{counts['pass']} of {total} passed, {counts['skip']} skipped"
            if counts["skip"]
            else f"✓ {counts['pass']}"
        )
        assert _row(game)[column] == f"{cell} (suite {text(run['suites'][game])})"


def test_the_compiled_build_passes_every_case() -> None:
    assert RUNS["compiled"]["totals"] == RUNS["reference"]["totals"]
    assert RUNS["compiled"]["totals"]["pass"] == len(_case_ids())


def test_the_openspiel_binding_passes_or_skips_with_a_reason_never_records() -> None:
    suites = {case["id"]: case for suite in load_all() for case in suite["cases"]}
    outcomes = RUNS["openspiel"]["cases"]
    assert {o["outcome"] for o in outcomes} == {"pass", "skip"}
    assert all(o["reason"].strip() for o in outcomes if o["outcome"] == "skip")
    for outcome in outcomes:
        case = suites[outcome["id"]]
        if _uses_records(case) or "perft" in case["expect"]:
            assert outcome["outcome"] == "skip", outcome["id"]
    passed = sum(o["outcome"] == "pass" for o in outcomes)
    assert passed == RUNS["openspiel"]["totals"]["pass"] > 50
    no_records = [o for o in outcomes if "no records" in o.get("reason", "")]
    assert {o["id"] for o in no_records} >= {i for i, c in suites.items() if "record" in c}
    assert all(_uses_records(suites[o["id"]]) for o in no_records)
    counts = ", ".join(
        f"{sum(o['game'] == g for o in no_records)} {g}" for g in RUNS["openspiel"]["games"]
    )
    assert f"- `OpenSpiel reads and writes no records`: {text(counts)}" in PAGE


def _uses_records(case: dict[str, Any]) -> bool:
    """Whether *case* sends a record (with ``record`` or ``format``)."""
    sent = [(c.split() or [""])[0] for c in case.get("commands", [])]  # an empty line too
    return "record" in case or "record" in sent or "format" in sent


def _report(outcomes: list[tuple[str, str]]) -> dict[str, Any]:
    """A report of cases (id, outcome) of the card game citing CC-CUT."""
    cases = [
        {"id": i, "game": "cuckoo-cards", "rules": ["CC-CUT"], "outcome": o}
        | ({"reason": "cannot say"} if o == "skip" else {})
        for i, o in outcomes
    ]
    counts = {o: sum(c["outcome"] == o for c in cases) for o in results.OUTCOMES}
    return {
        "schema": results.REPORT_SCHEMA,
        "protocol": "cuckoo-protocol 1",
        "engine": "./mine",
        "date": "2026-12-01T00:00:00+00:00",
        "suites": {"cuckoo-cards": "2026.12"},
        "totals": counts,
        "games": {"cuckoo-cards": counts},
        "rules": {"CC-CUT": counts},
        "cases": cases,
    }


def test_a_skip_is_never_counted_as_a_pass() -> None:
    page = results.matrix({"mine": _report([("a", "pass"), ("b", "skip"), ("c", "skip")])})
    assert "| `CC-CUT` | 1 of 3 passed, 2 skipped |" in page and "| `CC-CUT` | ✓" not in page
    page = results.matrix({"mine": _report([("a", "skip")])})
    assert "| `CC-CUT` | 1 skipped |" in page and "| `cuckoo-cards` | 1 skipped (" in page
    assert f"- `cannot say`: {text('1 cuckoo-cards')}" in page


def test_a_badge_and_a_summary_count_the_skipped_cases_and_never_read_green() -> None:
    """One case passed of three: "1/3", not a green "1/1"."""
    data = _report([("a", "pass"), ("b", "skip"), ("c", "skip")])
    badge = results.badge(data)
    assert "1/3, 2 skipped" in badge and "#dfb317" in badge and "#4c1" not in badge
    assert "1/3 passed" in results.markdown(data)
    whole = results.badge(_report([("a", "pass")]))
    assert "1/1<" in whole and "#4c1" in whole


def test_the_page_takes_reports_given_on_the_command_line(tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(_report([("a", "pass"), ("b", "fail")])), encoding="utf-8")
    out = tmp_path / "page.md"
    assert results.main(["page", str(mine), "--output", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    names = ("compiled", "demo-aces-swapped", "mine", "openspiel", "reference")
    assert f"| game | {' | '.join(map(text, names))} |" in page
    assert "| `CC-CUT` | " in page and "✗ 1 of 2" in page
    assert f"| ✗ 1 of 2 (suite {text('2026.12')}) " in page
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    assert results.main(["page", str(tmp_path / "bad.json"), "--output", str(out)]) == 2


def test_same_verdicts_are_checked_case_by_case() -> None:
    run = RUNS["compiled"]
    assert stored.differences(run, {**run, "engine": "other", "date": "now"}) == []
    changed = json.loads(json.dumps(run))
    changed["cases"][0]["outcome"] = "fail"
    assert stored.differences(run, changed) == [f"{run['cases'][0]['id']}: pass stored, fail now"]
    del changed["cases"][1]
    assert len(stored.differences(run, changed)) == 2


def test_an_engine_that_cannot_express_a_case_gets_a_skip_with_its_reason(
    tmp_path: Path,
) -> None:
    """``? unsupported - WHY`` makes a skip, even where the case expects an error; a run
    with a skip is no pass of the whole suite (exit 1, "not conformant") unless
    ``--partial`` accepts a partial engine; an engine that supports nothing has checked
    nothing, which is a failed run even so."""
    path = tmp_path / "run.json"
    command = ["conform", "--engine", f"{BROKEN} no-records", "--game", "cuckoo-cards"]
    command.append("--suite-only")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(command) == 1
    assert out.getvalue().splitlines()[-1].endswith(" skipped: not conformant")
    command.append("--partial")
    with redirect_stdout(out):
        assert main([*command, "--report", str(path)]) == 0
    assert out.getvalue().splitlines()[-1].endswith(" skipped: a partial engine")
    data = json.loads(path.read_text(encoding="utf-8"))
    records = {
        c["id"]
        for s in load_all()
        if s["game"] == "cuckoo-cards"
        for c in s["cases"]
        if _uses_records(c)
    }
    skipped = {c["id"]: c["reason"] for c in data["cases"] if c["outcome"] == "skip"}
    assert set(skipped) == records and set(skipped.values()) == {"no records here"}
    cases = sum(len(s["cases"]) for s in load_all() if s["game"] == "cuckoo-cards")
    assert data["totals"]["pass"] == cases - len(records)
    assert main([*command[:2], f"{BROKEN} nothing", *command[3:]]) == 1


OPENSPIEL = f"{PYTHON} -m cuckoo.conformance.run.openspiel"
needs_pyspiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None, reason="needs the openspiel extra"
)


@needs_pyspiel
def test_the_openspiel_binding_gives_the_stored_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "openspiel.json"
    command = ["conform", "--engine", OPENSPIEL, "--suite-only", "--report", str(path)]
    assert main([*command, "--partial"]) == 0  # a partial engine, accepted as one
    new = json.loads(path.read_text(encoding="utf-8"))
    assert stored.differences(RUNS["openspiel"], new) == []


def _failed_with(flaw: str, game: str, tmp_path: Path) -> list[dict[str, Any]]:
    """The cases that fail when the OpenSpiel engine runs *flaw* (Python that breaks the
    binding, then serves); the run itself must fail."""
    path = tmp_path / "run.json"
    engine = f"{PYTHON} -c {shlex.quote(flaw)}"
    command = ["conform", "--engine", engine, "--game", game, "--suite-only"]
    assert main([*command, "--report", str(path)]) == 1
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    return [c for c in cases if c["outcome"] == "fail"]


@pytest.mark.slow
@needs_pyspiel
def test_a_binding_that_misses_a_legal_action_fails_and_is_not_skipped(tmp_path: Path) -> None:
    """No swap among the card game's legal actions: the cases that swap fail (the reference
    takes the swap), rather than being skipped as moves OpenSpiel cannot name a rule for."""
    flaw = (
        "from cuckoo.openspiel import cards; legal = cards.CuckooCardsState._legal_actions; "
        "cards.CuckooCardsState._legal_actions = lambda s, p: [a for a in legal(s, p) if a != 1]; "
        "from cuckoo.conformance.run.openspiel import main; main()"
    )
    failed = _failed_with(flaw, "cuckoo-cards", tmp_path)
    assert len(failed) == 13 and all("'swap'" in c["problem"] for c in failed)


@pytest.mark.slow
@needs_pyspiel
def test_a_binding_that_raises_an_engine_error_fails_and_is_not_skipped(tmp_path: Path) -> None:
    """A binding that refuses every infection with the engine's own error, where the
    reference takes it: those cases fail. (Read as "the reference's notation refuses it",
    they would be skipped and the run would pass.)"""
    flaw = (
        "from cuckoo import IllegalMoveError; from cuckoo.openspiel import dice; "
        "apply = dice.CuckooDiceState._apply_action\n"
        "def refuse(s, a):\n"
        "    if s.state is not None and not s.state.is_chance and "
        "'x' in str(dice.ACTIONS[a]):\n"
        "        raise IllegalMoveError('no infection', rule='CD-INFECT-GIVE')\n"
        "    apply(s, a)\n"
        "dice.CuckooDiceState._apply_action = refuse\n"
        "from cuckoo.conformance.run.openspiel import main; main()"
    )
    failed = _failed_with(flaw, "cuckoo-dice", tmp_path)
    assert failed and all("refuses" in c["problem"] for c in failed)


def test_the_openspiel_engine_without_pyspiel_says_what_it_needs() -> None:
    """Without the openspiel extra: one line naming it, exit 2, no traceback."""
    code = (
        "import sys; sys.modules['pyspiel'] = None; "
        "from cuckoo.conformance.run.openspiel import main; sys.exit(main())"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "cuckoo: the OpenSpiel engine needs the openspiel extra: pip install '.[openspiel]'\n"
    )


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"x":', "not JSON"),
        ('{"schema": "other"}', "not a report of schema"),
    ],
)
def test_a_file_that_is_not_a_report_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, says: str
) -> None:
    """The page, a rendering and the stored-run check: one line naming the file, exit 2,
    and nothing written."""
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    page = tmp_path / "page.md"
    assert results.main(["page", str(bad), "--output", str(page)]) == 2
    assert results.main([str(bad), "--badge"]) == 2
    assert stored.main(["same", str(bad), str(bad)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3 and all(f"{bad}: {says}" in line for line in lines)
    assert not page.exists()


def test_a_report_that_never_ends_is_refused_not_waited_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert results.main(["/dev/zero", "--markdown"]) == 2
    assert "/dev/zero: larger than 64,000,000 bytes" in capsys.readouterr().err
