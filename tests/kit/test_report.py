"""What an implementer gets from the kit beyond pass/fail: per-case metadata, cases chosen
by ID, rule, game, tag or parameter, and results as JSON, Markdown, HTML and a badge."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from cuckoo.cli import main
from cuckoo.conformance.run import report as results
from cuckoo.conformance.run.runner import _selection
from cuckoo.conformance.suites.build import load_all

ROOT = Path(__file__).resolve().parents[2]
PYTHON = shlex.quote(sys.executable)
SERVE = f"{PYTHON} -m cuckoo serve"
BROKEN = f"{PYTHON} {shlex.quote(str(Path(__file__).parent / 'broken_engine.py'))}"


def test_every_case_carries_its_metadata() -> None:
    for suite in load_all():
        for case in suite["cases"]:
            assert case["game"] == suite["game"]
            assert isinstance(case["params"], dict) and isinstance(case["players"], int)
            assert case["tags"] and all(isinstance(t, str) for t in case["tags"])
            assert isinstance(case["about"], str) and case["about"].strip()
            assert "\n" not in case["about"], case["id"]
            assert next(iter(case["expect"])) in case["tags"]


def _chosen(run: list[str], skip: list[str] = []) -> set[str]:  # noqa: B006
    suites = load_all()
    left_out = _selection(run, skip, suites)
    return {c["id"] for s in suites for c in s["cases"] if not left_out(c)}


def _ids(test: Any) -> set[str]:
    return {c["id"] for s in load_all() for c in s["cases"] if test(s, c)}


def test_cases_are_chosen_by_id_rule_game_tag_and_parameter() -> None:
    assert _chosen(["cards-aces-high"]) == {"cards-aces-high"}
    assert _chosen(["CC-CARD-ORDER"]) == _ids(lambda s, c: "CC-CARD-ORDER" in c["rules"])
    assert _chosen(["CD-SCORE-*"]) == _ids(
        lambda s, c: any(r.startswith("CD-SCORE-") for r in c["rules"])
    )
    assert _chosen(["zum-kuckuck"]) == _ids(lambda s, c: s["game"] == "zum-kuckuck")
    assert _chosen(["perft"]) == _ids(lambda s, c: "perft" in c["expect"])
    assert _chosen(["aces=high"]) == _ids(lambda s, c: c["params"].get("aces") == "high")
    everything = _ids(lambda s, c: True)
    assert _chosen([], ["perft", "cuckoo-dice"]) == everything - _chosen(["perft", "cuckoo-dice"])
    assert _chosen(["cuckoo-cards"], ["CC-NOTATION-*"]) < _chosen(["cuckoo-cards"])


def test_a_run_with_skips_says_how_many_it_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    command = ["conform", "--engine", SERVE, "--suite-only"]
    assert main([*command, "--run", "cards-aces-*"]) == 0
    skipped = sum(len(s["cases"]) for s in load_all()) - 2
    assert capsys.readouterr().out.splitlines()[-1] == f"2 passed, 0 failed, {skipped} skipped"


def test_a_selector_that_matches_nothing_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conform", "--engine", SERVE, "--skip", "no-such-thing"]) == 2
    assert "'no-such-thing' matches no case" in capsys.readouterr().err


def test_selectors_are_for_the_suite_not_random_games_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = str(tmp_path / "r.json")
    command = ["conform", "--engine", SERVE, "--random-only", "--report", report]
    assert main([*command, "--run", "CC-*"]) == 2
    assert "for the suite, not --random-only" in capsys.readouterr().err
    assert not (tmp_path / "r.json").exists()


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--random", "0"], "expected a number of games >= 1 (--suite-only plays none), not '0'"),
        (["--suite-only", "--random", "3"], "--suite-only plays no random game"),
        (["--suite-only", "--seed", "3"], "--suite-only plays no random game"),
        (["--suite-only", "--random-only"], "not allowed with argument"),
    ],
)
def test_the_parts_of_a_run_are_chosen_without_contradiction(
    capsys: pytest.CaptureFixture[str], options: list[str], says: str
) -> None:
    assert main(["conform", "--engine", SERVE, *options]) == 2
    assert says in capsys.readouterr().err


def test_a_plain_run_plays_random_games_after_the_suite_and_reports_both(tmp_path: Path) -> None:
    paths = [tmp_path / name for name in ("r.json", "s.md", "r.html", "b.svg")]
    code = main(
        [
            "conform", "--engine", SERVE, "--run", "cards-aces-high",
            "--random", "3", "--seed", "5", "--report", str(paths[0]), "--summary",
            str(paths[1]), "--html", str(paths[2]), "--badge", str(paths[3]),
        ]
    )  # fmt: skip
    assert code == 0
    data = json.loads(paths[0].read_text(encoding="utf-8"))
    assert data["totals"]["pass"] == 1 and data["run"]["games"] == 3 and data["run"]["seed"] == 5
    assert sum(g["pass"] for g in data["random"]["games"].values()) == 3
    assert data["random"]["disagreements"] == []
    assert "3 random games against the reference (seed 5): 3 the same" in paths[1].read_text(
        encoding="utf-8"
    )
    assert "3 the same" in paths[2].read_text(encoding="utf-8")
    assert "random 3/3" in paths[3].read_text(encoding="utf-8")


def test_random_games_that_differ_are_reported_with_their_commands(tmp_path: Path) -> None:
    path, summary = tmp_path / "r.json", tmp_path / "s.md"
    command = ["conform", "--engine", f"{BROKEN} pass-anytime", "--random-only"]
    options = ["--game", "cuckoo-dice", "--random", "2", "--report", str(path)]
    assert main([*command, *options, "--summary", str(summary), "--badge", str(path) + ".svg"]) == 1
    data = json.loads(path.read_text(encoding="utf-8"))
    found = data["random"]["disagreements"]
    assert len(found) == 2 and data["cases"] == []
    assert all(f["commands"][0].startswith("new ") and f["problem"] for f in found)
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("## ❌ Cuckoo conformance: random games 0/2 passed")
    assert f"`{found[0]['commands'][0]}`" in text
    assert "#e05d44" in (tmp_path / "r.json.svg").read_text(encoding="utf-8")


def _run(tmp_path: Path, engine: str, *options: str) -> tuple[int, dict[str, Any]]:
    paths = [tmp_path / name for name in ("r.json", "s.md", "r.html", "b.svg")]
    code = main(
        [
            "conform", "--engine", engine, "--game", "cuckoo-dice", "--run", "CD-PLACE-*",
            "--report", str(paths[0]), "--summary", str(paths[1]), "--html", str(paths[2]),
            "--badge", str(paths[3]), "--suite-only", *options,
        ]
    )  # fmt: skip
    return code, json.loads(paths[0].read_text(encoding="utf-8"))


def test_a_failing_engine_is_reported_as_data_and_in_every_form(tmp_path: Path) -> None:
    code, data = _run(tmp_path, f"{BROKEN} no-support", "--skip", "perft")
    assert code == 1 and data["schema"] == results.REPORT_SCHEMA
    failed = [c for c in data["cases"] if c["outcome"] == "fail"]
    assert failed and all(c["problem"] for c in failed)
    assert data["rules"]["CD-PLACE-SUPPORT"]["fail"] >= 1
    assert data["totals"]["skip"] == sum(1 for c in data["cases"] if c["outcome"] == "skip") > 0
    assert data["suites"]["cuckoo-dice"] == load_all()[0]["version"]
    summary = (tmp_path / "s.md").read_text(encoding="utf-8")
    assert summary.startswith("## ❌") and "`CD-PLACE-SUPPORT`" in summary
    assert failed[0]["id"] in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "#e05d44" in (tmp_path / "b.svg").read_text(encoding="utf-8")


def test_a_passing_run_appends_its_summary_and_its_badge_counts_the_cases_left_out(
    tmp_path: Path,
) -> None:
    (tmp_path / "s.md").write_text("earlier step\n", encoding="utf-8")
    code, data = _run(tmp_path, SERVE)
    assert code == 0 and data["totals"]["fail"] == 0 and data["totals"]["pass"] > 0
    summary = (tmp_path / "s.md").read_text(encoding="utf-8")
    assert summary.startswith("earlier step\n## ✅ Cuckoo conformance:")
    badge = (tmp_path / "b.svg").read_text(encoding="utf-8")
    totals = data["totals"]
    every = totals["pass"] + totals["skip"]
    assert f"{totals['pass']}/{every}, {totals['skip']} skipped" in badge and "#dfb317" in badge


def test_a_stored_report_renders_again_and_text_is_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {
        "schema": results.REPORT_SCHEMA,
        "protocol": "cuckoo-protocol 1",
        "engine": "<script>alert(1)</script>",
        "date": "2026-11-25T00:00:00+00:00",
        "suites": {"cuckoo-dice": "2026.12"},
        "totals": {"pass": 1, "fail": 1, "skip": 0, "xfail": 0, "xpass": 0},
        "games": {"cuckoo-dice": {"pass": 1, "fail": 1, "skip": 0, "xfail": 0, "xpass": 0}},
        "rules": {"CD-CELL": {"pass": 1, "fail": 1, "skip": 0, "xfail": 0, "xpass": 0}},
        "cases": [{"id": "a&b", "game": "cuckoo-dice", "rules": ["CD-CELL"], "outcome": "fail",
                   "problem": "expected <x>"}],
    }  # fmt: skip
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert results.main([str(path), "--html"]) == 0
    page = capsys.readouterr().out
    assert "<script>" not in page and "&lt;script&gt;" in page and "a&amp;b" in page
    assert results.main([str(path), "--badge"]) == 0
    assert "1/2" in capsys.readouterr().out
    path.write_text("{}", encoding="utf-8")
    assert results.main([str(path), "--markdown"]) == 2


def test_the_page_of_implementations_is_rebuilt_from_the_stored_runs() -> None:
    """Rerun ``python -m cuckoo.conformance.run.report page`` (after storing a run) if this
    fails; store the reference's run again when the suite's version changes."""
    runs = results.stored()
    page = (ROOT / results.PAGE).read_text(encoding="utf-8")
    assert page == results.matrix(runs)
    reference = runs["reference"]
    versions = {suite["game"]: suite["version"] for suite in load_all()}
    assert reference["suites"] == versions and reference["engine"] == "cuckoo serve"
    assert reference["totals"]["fail"] == 0 and reference["totals"]["pass"] > 0
    (row,) = [line for line in page.splitlines() if line.startswith("| `CC-CARD-ORDER` |")]
    assert "| ✗ 4 of 4 |" in row, "the demo run shows a failing rule"


def test_every_rule_id_links_to_its_place_in_the_published_spec(tmp_path: Path) -> None:
    """In the report's data, the page and the summary: URL/GAME/CHAPTER.html#RULE-ID, the
    chapter the suite gives for the rule."""
    code, data = _run(tmp_path, f"{BROKEN} no-support", "--spec-url", "https://rules.example/spec/")
    assert code == 1
    chapters = {r: i["section"] for s in load_all() for r, i in s["rules"].items()}
    assert set(data["links"]) == set(data["rules"])
    for rule, link in data["links"].items():
        assert link == f"https://rules.example/spec/cuckoo-dice/{chapters[rule]}.html#{rule}"
    link = data["links"]["CD-PLACE-SUPPORT"]
    assert f'<a href="{link}">CD-PLACE-SUPPORT</a>' in (tmp_path / "r.html").read_text(
        encoding="utf-8"
    )
    assert f"[`CD-PLACE-SUPPORT`]({link})" in (tmp_path / "s.md").read_text(encoding="utf-8")
