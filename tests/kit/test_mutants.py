"""The mutation harness: its mutants cover every chapter, the stored run is current and
published, and a sample of mutants really is caught (the full run is a command)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cuckoo.conformance.mutants import harness as mutants
from cuckoo.conformance.mutants.harness import KINDS, MUTANTS, command, table, with_table
from cuckoo.conformance.protocol import Session
from cuckoo.conformance.run.runner import Engine, run_suite
from cuckoo.conformance.suites.build import load_all
from cuckoo.kuckuck.cards import NUMBERS, cockatoos, halves

ROOT = Path(__file__).resolve().parents[2]
STORED = json.loads((ROOT / mutants.STORED).read_text(encoding="utf-8"))


def test_every_chapter_with_rules_has_mutants_and_every_mutant_a_rule() -> None:
    suites = load_all()
    chapters = {(s["game"], r["section"]) for s in suites for r in s["rules"].values()}
    rules = {
        rule: (s["game"], info["section"]) for s in suites for rule, info in s["rules"].items()
    }
    assert all(m.rule in rules and rules[m.rule][0] == m.game for m in MUTANTS.values())
    assert {rules[m.rule] for m in MUTANTS.values()} == chapters
    for game in ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck"):
        assert sum(m.game == game for m in MUTANTS.values()) >= 15, game


def test_the_stored_run_is_of_these_mutants_and_the_guide_shows_it() -> None:
    """Rerun ``python -m cuckoo.conformance.mutants.harness score --write`` when this fails."""
    stored = {
        (e["name"], e["kind"], e["rule"], e["misreading"], e["equivalent"])
        for e in STORED["mutants"]
    }
    defined = {(m.name, m.kind, m.rule, m.misreading, m.equivalent) for m in MUTANTS.values()}
    assert stored == defined
    guide = (ROOT / mutants.GUIDE).read_text(encoding="utf-8")
    assert with_table(guide, STORED) == guide
    assert table(STORED) in guide
    assert (ROOT / mutants.PAGE).read_text(encoding="utf-8") == mutants.rule_page(STORED)


def test_every_survivor_is_equivalent_or_explained() -> None:
    survivors = {e["name"] for e in STORED["mutants"] if not e["cases"] and not e["equivalent"]}
    assert survivors <= set(mutants.SURVIVORS)


def test_the_operators_make_mutants_of_every_kind_the_issue_names() -> None:
    """Swap an option's value, move a limit by one either way, score per match instead of
    per cycle (and back), take a tie-break from the wrong batch."""
    swapped = {m.name for m in MUTANTS.values() if m.name.endswith("-swapped")}
    options = {"infection-pool", "side-majority", "tiebreak", "dungeon-tiebreak"}
    options |= {"dungeon-bonus", "direction", "aces", "variant"}
    assert {f"{o}-swapped" for o in options} <= swapped
    limits = {"lives-from-two", "lives-from-zero", "lives-to-98", "lives-to-100"}
    limits |= {"cards-players-one-fewer", "cards-players-one-more", "zk-players-to-four"}
    limits |= {"zk-players-to-six", "limit-plus-one", "limit-minus-one", "long-roll"}
    spans = {"scored-per-match", "won-per-cycle", "lives-per-hand"}
    batches = {"first-batch-loses", "every-batch-loses"}
    assert limits | spans | batches <= set(MUTANTS)


NEW_KINDS = ("check-order", "protocol", "leniency", "canonical", "seen", "invariant")
"""The kinds of mistake added for issue 40, whose cases are written in parallel, and for
issue 49 the kind only the runner's invariants catch: their survivors of the suite alone
are each explained (:data:`mutants.SURVIVORS`)."""


def test_the_suite_alone_kills_at_least_98_percent_of_each_game() -> None:
    """Of the mutants of the older kinds; the newer kinds' survivors are each explained."""
    for game in ("cuckoo-dice", "cuckoo-cards", "zum-kuckuck"):
        counted = [
            e
            for e in STORED["mutants"]
            if e["game"] == game and not e["equivalent"] and e["kind"] not in NEW_KINDS
        ]
        killed = [e for e in counted if e["cases"]]
        assert len(killed) >= 0.98 * len(counted), (
            game,
            [e["name"] for e in counted if not e["cases"]],
        )


@pytest.mark.slow
@pytest.mark.pure
@pytest.mark.parametrize(
    "name", ["one-support", "king-does-not-block", "hands-pass-right", "every-batch-loses"]
)
def test_a_sample_of_mutants_fails_the_suite_where_the_stored_run_says(name: str) -> None:
    suites = [s for s in load_all() if s["game"] == MUTANTS[name].game]
    engine = Engine(command(name), timeout=30)
    try:
        report = run_suite(
            engine, suites, log=lambda line: None, skip=lambda c: "perft" in c["expect"]
        )
    finally:
        engine.close()
    (stored,) = [e for e in STORED["mutants"] if e["name"] == name]
    assert report.failed_ids == stored["cases"] and report.failed_ids


def test_a_mutant_engine_is_the_reference_with_one_patch() -> None:
    assert command("one-support").split()[-3:] == [
        "cuckoo.conformance.mutants.harness",
        "serve",
        "one-support",
    ]
    assert sys.executable in command("one-support")


def test_the_fewest_cards_without_a_cockatoo_in_three_hands_earning_none() -> None:
    """The spec's count (zum-kuckuck/interpretations): a hand earning no cockatoo card holds
    at most one card with half a cockatoo, so three such hands need 33 cards with none."""
    plain = [n for n in NUMBERS if halves(n) == 0]
    half = [n for n in NUMBERS if halves(n) == 1]
    assert cockatoos([*plain[:11], half[0]]) == 0 and cockatoos([*plain[:10], *half[:2]]) == 1
    assert len(plain) == 24 < 3 * 11
    text = (ROOT / "spec" / "zum-kuckuck" / "interpretations.md").read_text(encoding="utf-8")
    assert "at least 33 cards without a cockatoo" in " ".join(text.split())


def test_a_score_run_prints_mutants_made_and_killed_per_rule(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(mutants, "score", lambda *args: STORED)
    assert mutants.main(["score", "--game", "zum-kuckuck"]) == 0
    out = capsys.readouterr().out
    assert "| rule | mutants |" in out
    assert "| ZK-TACTICAL-NEXT | 2 | 0 | 2 | 0 | 100% |" in out


def test_every_name_a_mutant_assigns_in_a_module_is_one_the_module_has() -> None:
    """A mutant that sets a name its module no longer has patches nothing, and the engine it
    makes is the reference: renaming a function must rename it in the mutants too."""
    import ast
    import types

    from cuckoo.conformance.mutants import core

    folder = Path(core.__file__).parent
    modules = {
        name: value
        for name, value in vars(core).items()
        if isinstance(value, types.ModuleType)
    }
    assigned = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id in modules
                ):
                    assigned.append((path.name, node.lineno, target.value.id, target.attr))
    assert len(assigned) > 20  # the mutants patch modules this way
    missing = [a for a in assigned if not hasattr(modules[a[2]], a[3])]
    assert missing == []


def test_every_mutant_has_a_kind_and_every_kind_mutants_of_each_game_it_can_reach() -> None:
    kinds = {m.kind for m in MUTANTS.values()}
    assert kinds == set(KINDS)
    for kind in NEW_KINDS:
        of_kind = [m for m in MUTANTS.values() if m.kind == kind]
        assert len(of_kind) >= 3 and len({m.game for m in of_kind}) >= 2, kind


PROBES = json.loads((Path(__file__).parent / "mutant-probes.json").read_text(encoding="utf-8"))
"""For each mutant of the newer kinds, commands on which it answers otherwise than the
reference: proof that its patch changes what an engine says (a patch that changed nothing
would be an equivalent mutant scored as a survivor)."""


@pytest.mark.slow
def test_each_mutant_of_the_new_kinds_answers_its_probe_otherwise_than_the_reference() -> None:
    assert set(PROBES) == {m.name for m in MUTANTS.values() if m.kind in NEW_KINDS}
    same = []
    for name, lines in sorted(PROBES.items()):
        reference, engine = Session(), Engine(command(name), timeout=30)
        try:
            if all(reference.answer(line) == engine.ask(line) for line in lines):
                same.append(name)
        finally:
            engine.close()
    assert same == []
