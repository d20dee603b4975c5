"""Coverage by design: every rule that takes a parameter, limit or class is checked under
every value (one past each limit refused), and the table in the docs is the suite's own."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cuckoo.cards.rulesets import PARAMETERS as CARD_PARAMETERS
from cuckoo.conformance.coverage import parameters as coverage
from cuckoo.conformance.coverage.parameters import DIMENSIONS, gaps, page, rows
from cuckoo.conformance.suites.build import load_all
from cuckoo.dice.rulesets import _CHOICES
from cuckoo.dice.rulesets import PARAMETERS as DICE_PARAMETERS
from cuckoo.kuckuck.rulesets import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
KNOWN = json.loads((ROOT / coverage.GAPS).read_text(encoding="utf-8"))


def test_no_rule_or_value_gains_a_gap_and_a_closed_one_leaves_the_list() -> None:
    """Rerun ``python -m cuckoo.conformance.coverage.parameters --write`` after closing a gap."""
    found = gaps(load_all())
    assert not set(found) - set(KNOWN), "new gaps: add cases for them"
    assert found == KNOWN, "closed gaps still listed: rewrite the list"
    assert set(KNOWN) <= set(coverage.REASONS), "say why a gap is open"


def test_the_docs_table_is_the_suites_own() -> None:
    text = (ROOT / coverage.PAGE).read_text(encoding="utf-8")
    assert text == page(load_all())


def test_every_parameter_and_every_value_of_it_is_a_dimension() -> None:
    """A new parameter, or a new value of one, must be added to the table (and so get
    cases): the dimensions list every value the rulesets accept."""
    values: dict[tuple[str, str], set[object]] = {}
    for dim in DIMENSIONS:
        values.setdefault((dim.game, dim.name), set()).update(map(repr, dim.values))
    for name in DICE_PARAMETERS:
        accepted = _CHOICES.get(name, (None, 0))
        assert {repr(v) for v in accepted} <= values[("cuckoo-dice", name)], name
    assert values[("cuckoo-cards", "aces")] >= {"'low'", "'high'"}
    assert values[("cuckoo-cards", "direction")] >= {"'left'", "'right'"}
    assert {name for game, name in values if game == "cuckoo-cards"} >= set(CARD_PARAMETERS)
    assert values[("zum-kuckuck", "variant")] >= {repr(v) for v in VARIANTS}
    suites = {suite["game"]: suite["rules"] for suite in load_all()}
    assert all(rule in suites[dim.game] for dim in DIMENSIONS for rule in dim.rules)


def _without(suites: list[dict[str, Any]], *ids: str) -> list[dict[str, Any]]:
    return [{**s, "cases": [c for c in s["cases"] if c["id"] not in ids]} for s in suites]


def test_a_case_taken_away_opens_a_gap_on_each_side_of_a_limit() -> None:
    suites = load_all()
    assert "CD-INFECT-LIMIT infection_limit=none" in gaps(_without(suites, "limit-none"))
    assert "CD-INFECT-LIMIT infection_limit=-1" in gaps(_without(suites, "limit-below-zero"))
    refused = [r for r in rows(suites) if r.refused]
    assert refused and all(r.cases for r in refused if r.key not in KNOWN)


def test_scoring_rules_run_over_several_hands_and_cycles() -> None:
    spans = {
        (row.rule, row.value): len(row.cases)
        for row in rows(load_all())
        if row.name in ("hands", "cycles")
    }
    assert spans[("CC-ELIMINATE", "several")] and spans[("ZK-SCORE-COCKATOOS", "several")]
    assert spans[("ZK-MATCH-WINNER", "one")], "a case where one cycle scored is not the match"


def test_scoring_elimination_and_tie_breaks_run_where_the_order_in_a_round_decides() -> None:
    """Every such rule of the card game and Zum Kuckuck! has a row of the *ordered*
    dimension; taking away the cases that show an order opens gaps there."""
    ordered = {(d.game, r) for d in DIMENSIONS if d.name == "ordered" for r in d.rules}
    for dim in DIMENSIONS:
        if dim.name in ("hands", "cycles"):
            assert {(dim.game, r) for r in dim.rules} <= ordered
    assert ("zum-kuckuck", "ZK-TACTICAL-NEXT") in ordered
    suites = load_all()
    found = gaps(_without(suites, "cards-ordered-void", "zk-ordered-no-cockatoos"))
    assert "CC-VOID ordered=several" in found and "ZK-SCORE-NONE ordered=several" in found
    tagged = {c["id"] for s in suites for c in s["cases"] if "round-order" in c["tags"]}
    assert {"zk-batches-tactical", "cards-ordered-right", "zk-ordered-basic"} <= tagged
    assert "cards-start" not in tagged and "zk-start" not in tagged


def test_a_round_is_ordered_by_a_card_passed_on_or_a_second_batch() -> None:
    """:func:`cuckoo.conformance.coverage.rounds.ordered` on commands: two swaps that share a
    player order the hand; two that do not, or one stopped by a king, do not."""
    from cuckoo.conformance.coverage.rounds import ordered

    new = "new cuckoo-cards Ann Ann Ben Cid Dan"
    deal = "apply deal 7h 3c 9s 5d"
    assert ordered("cuckoo-cards", [new, deal, "apply swap", "apply swap"])
    assert not ordered("cuckoo-cards", [new, deal, "apply swap", "apply keep", "apply swap"])
    king = "apply deal 7h Kc 9s 5d"
    assert not ordered("cuckoo-cards", [new, king, "apply swap", "apply swap"])
    assert not ordered("cuckoo-dice", ["new cuckoo Blue 1234561234 1234561234"])


def test_every_rule_a_parameter_may_change_is_checked_under_each_of_its_values() -> None:
    """The table of rule by parameter value (:data:`READS`, by chapter): its chapters are
    the games' own, its parameters the rulesets' own, and a case made under another value
    taken away opens its row again."""
    from cuckoo.conformance.coverage.parameters import ONE_VERSION, READS, reads_rows

    suites = load_all()
    chapters = {s["game"]: {v["section"] for v in s["rules"].values()} for s in suites}
    params = {s["game"]: set(s["cases"][0]["params"]) | {"ruleset"} for s in suites}
    for reads in READS:
        assert set(reads.chapters) <= chapters[reads.game], reads
        assert reads.name in params[reads.game], reads
    read = {(r.game, r.name) for r in READS}
    assert read >= {("cuckoo-dice", name) for name in (*DICE_PARAMETERS, "ruleset")}
    assert read >= {("cuckoo-cards", name) for name in CARD_PARAMETERS}
    assert ("zum-kuckuck", "variant") in read
    table = reads_rows(suites)
    assert len(table) > 250 and all(row.cases for row in table)
    made = "cards-cut-king-under-aces-high"
    assert "reads CC-CUT-KING aces=high" in gaps(_without(suites, made))
    assert not any(ONE_VERSION.get(r.rule, r.value) != r.value for r in table)
    assert {r.value for r in table if r.rule == "ZK-TACTICAL-ORDER"} == {"tactical"}


def test_a_case_made_under_another_value_keeps_its_situation() -> None:
    """:func:`~cuckoo.conformance.suites.params.under`: a record's tag changed or added; a
    basic round played tactical card by card in the order of the turns."""
    from cuckoo.conformance.suites.cases import Case, seated
    from cuckoo.conformance.suites.params import under

    record = Case("r", (), expect="state", record='[Game "cuckoo-dice"] [RULESET "cuckoo"] *')
    assert under(record, "ruleset", "unnamed").record == (
        '[Game "cuckoo-dice"] [Ruleset "unnamed"] *'
    )
    added = under(record, "infection_limit", None).record
    assert added == '[Game "cuckoo-dice"] [InfectionLimit "none"] [RULESET "cuckoo"] *'
    deal = tuple(
        f"deal {name} " + " ".join(map(str, range(first, first + 12)))
        for name, first in (("Ann", 49), ("Ben", 13), ("Cid", 25))
    )
    basic = seated("zum-kuckuck", "b", (), (*deal, "nest 12 12", "(Ann 60 Ben 13 Cid 25)"))
    tactical = under(basic, "variant", "tactical")
    assert tactical.id == "b-under-variant-tactical"
    assert tactical.moves[-3:] == ("Cid 25", "Ann 60", "Ben 13")


def test_every_scoring_rule_applies_in_two_or_more_hands_or_cycles_of_one_case() -> None:
    """Played again, each case shows where its game's scoring rules apply: a cycle of Zum
    Kuckuck! scores a player's cockatoos and the lowest nest always, a drop-out and a hand
    of none where they happen; taking away the one card game with two void hands opens
    its row."""
    from cuckoo.conformance.coverage.parameters import SCORING, scoring_rows

    suites = load_all()
    table = scoring_rows(suites)
    assert {r.rule for r in table} == {r for rules in SCORING.values() for r in rules}
    assert all(row.cases for row in table)
    by_rule = {row.rule: row.cases for row in table}
    assert "zk-drop-ends-cycle" not in by_rule["ZK-SCORE-DROPPED"], "one cycle only"
    assert "spec-zk-a-short-match" in by_rule["ZK-SCORE-NONE"]
    assert "CC-VOID triggered twice" in gaps(_without(suites, "cards-void-twice"))
