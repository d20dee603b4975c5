"""One truth: every rule has an ID, every ID is tested, and the engine names only real IDs."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from .specdoc import ROOT, RULE_ID, directives

RULES = directives("rule")
DEFINED = {r.arg for r in RULES}
HERE = Path(__file__).resolve().parent


def _ids_in(paths: list[Path]) -> dict[str, set[Path]]:
    cited: dict[str, set[Path]] = {}
    for path in paths:
        for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(rule, set()).add(path)
    return cited


TESTS = _ids_in([p for p in (ROOT / "tests").rglob("*.py") if HERE not in p.parents])
ENGINE = _ids_in(sorted((ROOT / "reference").rglob("*.py")))
EXAMPLES = {rule for e in directives("example") for rule in e.options.get("rules", "").split()}


def test_rule_ids_are_unique_and_well_formed() -> None:
    counts = Counter(r.arg for r in RULES)
    assert RULES
    assert [rule for rule, n in counts.items() if n > 1] == []
    assert all(RULE_ID.fullmatch(rule) for rule in counts)
    assert all(r.options.get("title") for r in RULES), "every rule has a title"


def test_every_rule_is_cited_by_a_test() -> None:
    untested = sorted(DEFINED - set(TESTS) - EXAMPLES)
    assert untested == []


def test_the_engine_names_only_rules_of_the_spec() -> None:
    assert sorted(set(ENGINE) - DEFINED) == []


def test_tests_cite_only_rules_of_the_spec() -> None:
    stale = {
        rule: sorted(str(p.relative_to(ROOT)) for p in paths)
        for rule, paths in TESTS.items()
        if rule not in DEFINED
    }
    assert stale == {}
