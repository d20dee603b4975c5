"""Golden playthroughs: stored whole games with the position after every step, equal to a
fresh run, one for every ruleset and variant, and able to show where an engine goes wrong."""

from __future__ import annotations

import json

import pytest

from cuckoo.conformance.mutants.harness import command
from cuckoo.conformance.run.runner import Engine
from cuckoo.conformance.suites import golden
from cuckoo.conformance.suites.golden import FOLDER, PLAYTHROUGHS, first_difference, playthrough
from tests.kit.test_runner import SERVE


def test_the_stored_playthroughs_are_what_the_reference_plays() -> None:
    """Rerun ``python -m cuckoo.conformance.suites.golden --write`` if the change is meant."""
    assert golden.main([]) == 0
    assert {p.stem for p in FOLDER.glob("*.json")} == set(PLAYTHROUGHS)


def test_every_ruleset_and_variant_is_played_to_its_end() -> None:
    runs = [
        json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8")) for name in PLAYTHROUGHS
    ]
    assert {r["new"].split()[1] for r in runs if r["game"] == "cuckoo-dice"} == {
        "cuckoo", "dwnsiwn", "unnamed"
    }  # fmt: skip
    assert {r["new"].split()[-1] for r in runs if r["game"] == "zum-kuckuck"} == {
        "variant=basic", "variant=tactical"
    }  # fmt: skip
    assert all(r["result"] != "*" and len(r["steps"]) > 20 for r in runs)


def test_a_stale_playthrough_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    run = playthrough("cuckoo-cards")
    run["steps"][3]["state"]["lives"] = [9, 9, 9]
    monkeypatch.setattr(golden, "playthrough", lambda name, seed=0: run)
    assert golden.main([]) == 1


@pytest.mark.parametrize(
    ("name", "mutant"),
    [("cuckoo-cards-high-right", "aces-swapped"), ("cuckoo-dice-unnamed", "second-face-swapped")],
)
def test_a_wrong_engine_is_caught_at_the_step_where_it_goes_wrong(name: str, mutant: str) -> None:
    run = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    with_reference, wrong = Engine(SERVE), Engine(command(mutant))
    try:
        assert first_difference(with_reference, run) is None
        step = first_difference(wrong, run)
    finally:
        with_reference.close()
        wrong.close()
    assert step is not None and 0 < step < len(run["steps"])
