"""Versioned, dated releases: each suite names its version, and its changelog lists what
was added, removed and changed since the last release, computed, not kept by hand."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cuckoo.conformance.suites import releases
from cuckoo.conformance.suites.build import load_all
from cuckoo.conformance.suites.releases import RELEASES, VERSION, changelog, fingerprints

ROOT = Path(__file__).resolve().parents[2]


def test_every_suite_is_of_the_current_version_and_dated_releases() -> None:
    assert all(re.fullmatch(r"\d{4}\.\d{2}", v) and d for v, d, _ in RELEASES)
    assert [v for v, _, _ in RELEASES] == sorted({v for v, _, _ in RELEASES})
    for suite in load_all():
        assert suite["version"] == VERSION
        assert [e["version"] for e in suite["changelog"]] == [v for v, _, _ in RELEASES][::-1]
        assert (releases.STORED / f"{RELEASES[-2][0]}.json").is_file()


def test_the_changelog_tells_added_removed_and_what_changed() -> None:
    """Against the stored fingerprints of the last release (these three cases are in it)."""
    (suite,) = [s for s in load_all() if s["game"] == "cuckoo-cards"]
    cases: list[dict[str, Any]] = [dict(c) for c in suite["cases"]]
    first, second, third = (c["id"] for c in cases[:3])
    cases[0]["expect"] = {"result": "changed"}
    cases[1]["rules"] = [*cases[1]["rules"], "CC-CUT"]
    del cases[2]
    cases.append({**cases[3], "id": "brand-new"})
    latest = changelog("cuckoo-cards", cases)[0]
    assert latest["added"] == [*suite["changelog"][0]["added"], "brand-new"]
    assert latest["removed"] == [third]
    changed = {c["id"]: c["what"] for c in latest["changed"]}
    assert changed[first] == ["expect"] and changed[second] == ["rules"]
    assert (
        fingerprints({"cases": cases[:1]})[first]["expect"] != fingerprints(suite)[first]["expect"]
    )


def test_the_changelog_of_this_release_names_the_cases_it_added() -> None:
    (cards,) = [s for s in load_all() if s["game"] == "cuckoo-cards"]
    latest = cards["changelog"][0]
    assert "spec-cards-partial-a-seen-king-swapped" in latest["added"]  # #42's show-down
    assert "cards-protocol-decide-chance" not in latest["added"]  # a case of the release before
    assert not latest["removed"]


def test_the_changelog_page_is_the_suites_own() -> None:
    """Rerun ``python -m cuckoo.conformance.suites.releases page`` when this fails."""
    text = (ROOT / releases.PAGE).read_text(encoding="utf-8")
    assert text == releases.page(load_all())
    assert "`spec-zk-partial-shown-later`" in text
