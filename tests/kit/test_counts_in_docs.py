"""The numbers the README and the implementer's guide give for the suite (cases per game,
rule IDs covered) are the suite's own: they went stale once new cases landed."""

from __future__ import annotations

import re
from pathlib import Path

from cuckoo.conformance.suites.build import load_all
from tests.spec.specdoc import directives

ROOT = Path(__file__).resolve().parents[2]


def _counts() -> tuple[dict[str, int], int]:
    per_game = {suite["game"]: len(suite["cases"]) for suite in load_all()}
    return per_game, len({rule.arg for rule in directives("rule")})


def test_the_readme_counts_the_suite() -> None:
    per_game, rules = _counts()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"passes all (\d+) cases, covering all (\d+) rule IDs", readme)
    assert said and (int(said[1]), int(said[2])) == (sum(per_game.values()), rules)


def test_the_implementers_guide_counts_the_suite() -> None:
    per_game, rules = _counts()
    guide = (ROOT / "docs" / "implementers.md").read_text(encoding="utf-8")
    said = re.search(
        r"(\d+) cases in all \((\d+) for `cuckoo-dice`, (\d+) for `cuckoo-cards`, "
        r"(\d+) for\s+`zum-kuckuck`\)",
        guide,
    )
    assert said
    assert [int(n) for n in said.groups()] == [
        sum(per_game.values()),
        per_game["cuckoo-dice"],
        per_game["cuckoo-cards"],
        per_game["zum-kuckuck"],
    ]
    covering = re.search(r"\((\d+) cases covering all (\d+) rule IDs", guide)
    assert covering and (int(covering[1]), int(covering[2])) == (sum(per_game.values()), rules)
