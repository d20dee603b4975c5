"""The protocol matrix: every command at every kind of point of every game has a case,
the points stand for every step of the engines, and the engines an outside implementer
got wrong fail it."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from cuckoo.conformance.run.runner import Engine, run_suite
from cuckoo.conformance.suites.build import load_all
from cuckoo.conformance.suites.protocol import (
    COMMANDS,
    STEPS,
    matrix,
    matrix_gaps,
    matrix_page,
    points,
)

ROOT = Path(__file__).resolve().parents[2]
BROKEN = (
    f"{shlex.quote(sys.executable)} {shlex.quote(str(Path(__file__).parent / 'broken_engine.py'))}"
)


def test_every_command_at_every_point_of_every_game_has_a_case() -> None:
    suites = load_all()
    assert matrix_gaps(suites) == []
    table = matrix(suites)
    assert set(table) == {"cuckoo-dice", "cuckoo-cards", "zum-kuckuck"}
    assert all(len(cells) == len(points()[game]) * len(COMMANDS) for game, cells in table.items())
    assert {"new", "record", "format", "apply", "legal", "chance", "state", "perft"} <= set(
        COMMANDS
    )


def test_a_case_taken_away_is_a_gap() -> None:
    suites = [
        {**s, "cases": [c for c in s["cases"] if c["id"] != "cards-protocol-decide-chance"]}
        for s in load_all()
    ]
    assert matrix_gaps(suites) == ["cuckoo-cards decide chance"]
    assert any("`cuckoo-cards decide chance`" in line for line in matrix_page(suites))


def test_the_points_stand_for_every_step_of_each_engine() -> None:
    """A new step kind in an engine needs a point of its own (and so its cases)."""
    for game, steps in STEPS.items():
        covered = {step for point in points()[game] for step in point.steps}
        assert covered == set(steps), game
        names = [point.name for point in points()[game]]
        assert names[:2] == ["no-game", "bad-setup"] and "over" in names
    assert "show" in STEPS["cuckoo-cards"] and "start" in STEPS["zum-kuckuck"]
    assert {"seen"} <= {p.name for p in points()["cuckoo-cards"]} & {
        p.name for p in points()["zum-kuckuck"]
    }


def test_no_game_yet_runs_in_a_fresh_engine_and_the_answers_are_as_the_guide_says() -> None:
    cases = {c["id"]: c for s in load_all() for c in s["cases"]}
    record = cases["cards-protocol-no-game-record"]
    assert record["fresh"] and record["commands"][0].startswith("record ")
    assert cases["cards-protocol-decide-chance"]["expect"] == {
        "chance": {"move": "", "outcomes": {}}
    }
    assert cases["protocol-place-chance"]["expect"] == {"error": {"kind": "protocol", "rule": "-"}}
    assert cases["cards-protocol-seen-perft"]["expect"]["error"]["kind"] == "protocol"
    for game in ("", "cards-", "zk-"):
        bad = cases[f"{game}protocol-bad-setup-record"]["expect"]["error"]["kind"]
        assert (cases[f"{game}protocol-bad-setup-new"]["expect"]["error"]["kind"], bad) == (
            "setup",
            "malformed",
        )


def _failed(flaw: str) -> list[str]:
    suites = [s for s in load_all() if s["game"] == "cuckoo-cards"]
    engine = Engine(f"{BROKEN} {flaw}", timeout=30)
    try:
        report = run_suite(engine, suites, log=lambda line: None, skip=_perft)
    finally:
        engine.close()
    return report.failed_ids


def _perft(case: dict[str, Any]) -> bool:
    return "perft" in case["expect"]


@pytest.mark.pure
@pytest.mark.parametrize(
    ("flaw", "case"),
    [
        ("record-needs-new", "cards-protocol-no-game-record"),
        ("chance-nothing-due", "cards-protocol-decide-chance"),
    ],
)
def test_what_an_outside_engine_got_wrong_fails_the_new_cases_only(flaw: str, case: str) -> None:
    """The two bugs an engine written from the docs alone had: both pass every case of
    the card game's suite but the protocol matrix's (and its move-by-move records, and the
    guide's cases that send a record to an engine with no game yet)."""
    failed = _failed(flaw)
    assert case in failed
    tags = {c["id"]: c["tags"] for s in load_all() for c in s["cases"]}
    assert all({"protocol", "seen-move-by-move", "guide"} & set(tags[i]) for i in failed), failed


def test_a_case_of_commands_starts_a_game_or_needs_none() -> None:
    """Cases are independent: each sends new or record first (the reference takes it), or
    is run in an engine that has had no game."""
    from cuckoo.conformance.protocol import Session

    for suite in load_all():
        for case in suite["cases"]:
            if "commands" in case and not case.get("fresh"):
                first = case["commands"][0]
                assert first.split()[0] in ("new", "record"), case["id"]
                assert Session().answer(first).startswith("="), case["id"]


def test_the_guide_gives_the_range_of_j_that_help_gives(capsys: pytest.CaptureFixture[str]) -> None:
    """The guide once said 1 to 256; ``--help`` caps -j at four per CPU."""
    from cuckoo.cli import main
    from cuckoo.cli.options import MAX_JOBS

    with pytest.raises(SystemExit):
        main(["conform", "--help"])
    helped = " ".join(capsys.readouterr().out.split())
    assert f"1 to {MAX_JOBS} (4 per CPU" in helped
    guide = " ".join((ROOT / "docs" / "implementers.md").read_text(encoding="utf-8").split())
    said = "`-j J` plays J games at once (1 to four per CPU the run may use, as `cuckoo conform"
    assert said in guide
    assert "1 to 256" not in guide


def test_the_guide_names_every_step_and_every_command_at_every_point() -> None:
    guide = (ROOT / "docs" / "implementers.md").read_text(encoding="utf-8")
    every = guide[guide.index("### At every point") : guide.index("### The card game")]
    assert all(f"`{command}`" in every for command in COMMANDS)
    cards = guide[guide.index("### The card game") : guide.index("### Zum Kuckuck!")]
    kuckuck = guide[guide.index("### Zum Kuckuck!") : guide.index("### The position")]
    for game, text in (("cuckoo-cards", cards), ("zum-kuckuck", kuckuck)):
        assert all(f"`{step}`" in text for step in STEPS[game]), game
        assert all(f"`{c}`" in text for c in ("legal", "chance", "perft", "state")), game


def test_fresh_cases_share_an_engine_until_one_starts_a_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ten cases of each game need no game yet; an engine is started for the first, and
    again only after one that started a game (no-game-new, before no-game-record): twice,
    not ten times."""
    starts: list[int] = []
    start = Engine._start

    def counted(self: Engine) -> Any:
        starts.append(1)
        return start(self)

    monkeypatch.setattr(Engine, "_start", counted)
    suites = [s for s in load_all() if s["game"] == "cuckoo-cards"]
    fresh = [c for c in suites[0]["cases"] if c.get("fresh") and "-no-game-" in c["id"]]
    engine = Engine(f"{shlex.quote(sys.executable)} -m cuckoo serve", timeout=30)
    try:
        report = run_suite(engine, suites, log=lambda line: None, skip=lambda c: c not in fresh)
    finally:
        engine.close()
    assert report.ok and len(fresh) == 10
    assert len(starts) == 2
