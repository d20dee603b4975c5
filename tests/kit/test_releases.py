"""Versioned, dated releases: each suite names its version, and its changelog lists what
was added, removed and changed since the last release, computed, not kept by hand."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path
from typing import Any

from cuckoo.conformance.suites import releases
from cuckoo.conformance.suites.build import load_all
from cuckoo.conformance.suites.releases import RELEASES, VERSION, changelog, fingerprints

ROOT = Path(__file__).resolve().parents[2]


def _key(version: str) -> tuple[int, ...]:
    return tuple(map(int, version.split(".")))


def test_every_suite_is_of_the_current_version_and_dated_releases() -> None:
    assert all(re.fullmatch(r"\d{4}\.\d{2}\.\d+", v) and d for v, d, _ in RELEASES)
    versions = [v for v, _, _ in RELEASES]
    assert versions == sorted(set(versions), key=_key)
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


def test_no_version_names_a_month_later_than_its_date() -> None:
    """A version is YEAR.MONTH.N: the year and month of its date (2027.02, made on
    2026-11-27, once did not), N counting that month's releases from 0."""
    for version, date, _ in RELEASES:
        year, month, _ = _key(version)
        assert (year, month) == tuple(map(int, date.split("-")[:2])), version
    for (version, _, _), (after, _, _) in pairwise(RELEASES):
        same_month = _key(version)[:2] == _key(after)[:2]
        assert _key(after)[2] == (_key(version)[2] + 1 if same_month else 0), after
    assert set(releases.FORMER_NAMES.values()) <= {v for v, _, _ in RELEASES}


_QUOTED = re.compile(
    r"(?:suite |\"version\": \"|`|\"cuckoo-(?:dice|cards)\": \")(20\d\d\.\d\d(?:\.\d+)?)\b"
)
"""A suite version as the pages quote it: "suite 2026.12.0", a version field, in code."""


def test_every_page_quotes_the_version_shipped() -> None:
    """The guide, the runner contract, the kit's pages and the README quote the version of
    the suites shipped; the releases page alone names the others, each under its date."""
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "docs/kit").glob("*.md")]
    quoted = {}
    for page in pages:
        if page == ROOT / releases.PAGE:
            continue
        for version in _QUOTED.findall(page.read_text(encoding="utf-8")):
            quoted.setdefault(version, []).append(page.name)
    assert quoted, "no page quotes the suite version"
    assert set(quoted) == {VERSION}, quoted
    runners = (ROOT / "docs/kit/runners.md").read_text(encoding="utf-8")
    assert f"`{VERSION}`" in runners and f"passes suite {VERSION}" in runners


def test_the_changelog_of_this_release_names_the_cases_it_added() -> None:
    (cards,) = [s for s in load_all() if s["game"] == "cuckoo-cards"]
    latest = cards["changelog"][0]
    assert "cards-text-apply-inside-nbsp" in latest["added"]  # the outside report's item 14
    assert "cards-guide-show-last-hand-moves" in latest["added"]  # and its item 6
    assert "cards-text-tag-value-kept" not in latest["added"]  # the release before
    assert not latest["removed"]


def test_the_changelog_page_is_the_suites_own() -> None:
    """Rerun ``python -m cuckoo.conformance.suites.releases page`` when this fails."""
    text = (ROOT / releases.PAGE).read_text(encoding="utf-8")
    assert text == releases.page(load_all())
    assert "`zk-text-apply-inside-nbsp`" in text
    assert "## 2026.11.1 (2026-11-25, formerly 2026.12)" in text
