"""Versioned, dated releases of the suite, and the changelog of their cases.

Each suite file carries the version it belongs to (``"version": "2026.12"``) and a
changelog: for the version being made, the cases added, removed and changed since the last
release (computed against that release's stored fingerprints, so nobody has to keep the
list by hand), and for every earlier release its date and note.  An implementation can then
say "passes suite 2026.12 for cuckoo-dice", and see what a new release asks of it.

A case *changed* when what it cites (``rules``), what it sends (``input``: its setup and
moves, or its record) or what it expects (``expect``) changed; its metadata may change
freely.  To make a release: give it a date below, then start the next version with
``python -m cuckoo.conformance.releases store`` (which stores the fingerprints of the
version just released) and a new entry with no date.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Final

__all__ = ["RELEASES", "VERSION", "changelog", "fingerprints"]

RELEASES: Final = (
    (
        "2026.11",
        "2026-11-25",
        "the first versioned release: the 322 cases as they were before versions (commit 95a651b)",
    ),
    (
        "2026.12",
        "2026-11-25",
        "per-case metadata (game, ruleset, params, players, span, tags, about); cases for "
        "every parameter value and both sides of every limit; the card game's canonical "
        "parameter tags",
    ),
)
"""Every release, oldest first: version, date (empty while it is being made), note."""

VERSION: Final = RELEASES[-1][0]
STORED: Final = Path(__file__).parent / "data" / "releases"
"""Where each release's fingerprints are kept, one file per release
(``tests/conformance/releases/VERSION.json``)."""


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def fingerprints(suite: dict[str, Any]) -> dict[str, dict[str, str]]:
    """Each case's fingerprint: a digest of its rules, its input and its expectation."""
    return {
        case["id"]: {
            "rules": _digest(case["rules"]),
            "input": _digest([case.get("record"), case.get("setup"), case.get("moves")]),
            "expect": _digest(case["expect"]),
        }
        for case in suite["cases"]
    }


def changelog(game: str, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The suite's changelog, newest first: the version being made with its cases added,
    removed and changed since the last stored release, then every earlier release."""
    version, date, note = RELEASES[-1]
    entry: dict[str, Any] = {"version": version, "date": date, "note": note}
    previous = STORED / f"{RELEASES[-2][0]}.json" if len(RELEASES) > 1 else None
    if previous is not None:
        before = json.loads(previous.read_text(encoding="utf-8")).get(game, {})
        now = fingerprints({"cases": cases})
        entry["added"] = [i for i in now if i not in before]
        entry["removed"] = [i for i in before if i not in now]
        entry["changed"] = [
            {"id": i, "what": [k for k in now[i] if now[i][k] != before[i].get(k)]}
            for i in now
            if i in before and now[i] != before[i]
        ]
    older = [{"version": v, "date": d, "note": n} for v, d, n in reversed(RELEASES[:-1])]
    return [entry, *older]


def store(folder: Path) -> Path:
    """Store the fingerprints of the suites in *folder* as release :data:`VERSION`."""
    from .suite import load

    suites = [load(path) for path in sorted(folder.glob("*.json"))]
    target = folder / "releases" / f"{VERSION}.json"
    target.parent.mkdir(exist_ok=True)
    data = {suite["game"]: fingerprints(suite) for suite in suites}
    target.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return target


if __name__ == "__main__":
    if sys.argv[1:] != ["store"]:
        print("usage: python -m cuckoo.conformance.releases store", file=sys.stderr)
        sys.exit(2)
    print(f"stored {store(Path('tests/conformance'))}")
