"""Versioned, dated releases of the suite, and the changelog of their cases.

Each suite file carries the version it belongs to (``"version": "2026.12.0"``) and a
changelog: for the version being made, the cases added, removed and changed since the last
release (computed against that release's stored fingerprints, so nobody has to keep the
list by hand), and for every earlier release its date and note.  An implementation can then
say "passes suite 2026.12.0 for cuckoo-dice", and see what a new release asks of it.

A version is ``YEAR.MONTH.N``: the year and month of its date, and N counting the releases
of that month from 0, so that a version never names a month later than its date.

A case *changed* when what it cites (``rules``), what it sends (``input``: its setup and
moves, its record, or its commands) or what it expects (``expect``) changed; its metadata may change
freely.  To make a release: give it a date below, then start the next version with
``python -m cuckoo.conformance.suites.releases store`` (which stores the fingerprints of the
version just released) and a new entry with no date.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Final

from ...files import write_output

__all__ = ["PAGE", "RELEASES", "VERSION", "changelog", "fingerprints", "page"]

RELEASES: Final = (
    (
        "2026.11.0",
        "2026-11-25",
        "the first versioned release: the 322 cases as they were before versions (commit 95a651b)",
    ),
    (
        "2026.11.1",
        "2026-11-25",
        "per-case metadata (game, ruleset, params, players, span, tags, about); cases for "
        "every parameter value and both sides of every limit; the card game's canonical "
        "parameter tags",
    ),
    (
        "2026.11.2",
        "2026-11-27",
        "the suite covers the spec's structure: every pair of checks that can fail together "
        "(which error wins), every command at every kind of point, records of what was seen "
        "asked move by move, every lenient form and canonical-writing rule, every rule under "
        "every value of the parameters it can read",
    ),
    (
        "2026.11.3",
        "2026-11-27",
        "a hand shown later, written where it was shown (Zum Kuckuck!'s show item, "
        "ZK-PARTIAL-SHOW); a card game's show-down that contradicts what was seen refused at "
        "the show-down; legal at a deal of what was seen offers ?",
    ),
    (
        "2026.12.0",
        "2026-12-02",
        "every text position with characters outside ASCII (letters and their case, digits "
        "of other scripts and superscripts, white space other than the space, escapes in tag "
        "values); orders that differ from the alphabet and from the order given; what the "
        "implementer's guide demands of Zum Kuckuck!'s state, legal and records of what was "
        "seen, and of new and chance; Zum Kuckuck!'s deal of a 0 refused as no card",
    ),
    (
        "2026.12.1",
        "2026-12-02",
        "apply with white space other than the space before, inside and after a move, in "
        "every game (a no-break space, U+2028 or an ideographic space is part of a word: "
        "the reference took it as a separator in the card game); the card game's show-down "
        "after the last hand, as a record and as moves, and a second one; which error a "
        "show-down gets; chance, perft and legal at a deal with a ?; new with one name; "
        "characters outside the Basic Multilingual Plane at every text position, and form "
        "feed and carriage return between a record's tokens",
    ),
)
"""Every release, oldest first: version, date (empty while it is being made), note."""

FORMER_NAMES: Final = {
    "2026.11": "2026.11.0",
    "2026.12": "2026.11.1",
    "2027.01": "2026.11.2",
    "2027.02": "2026.11.3",
}
"""The names the first releases went by, which named months after their dates, and their
names now (a stored report or a claim may quote the old one)."""

VERSION: Final = RELEASES[-1][0]
STORED: Final = Path(__file__).parents[1] / "data" / "releases"
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
            "input": _digest(
                [case.get("record"), case.get("setup"), case.get("moves")]
                + ([case["commands"], case.get("fresh", False)] if "commands" in case else [])
            ),
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
    from .files import load

    suites = [load(path) for path in sorted(folder.glob("*.json"))]
    target = folder / "releases" / f"{VERSION}.json"
    target.parent.mkdir(exist_ok=True)
    data = {suite["game"]: fingerprints(suite) for suite in suites}
    write_output(target, json.dumps(data, indent=1, sort_keys=True) + "\n")
    return target


PAGE: Final = Path("docs/kit/changelog.md")


def page(suites: list[dict[str, Any]]) -> str:
    """The docs page of the suite's releases and what each changed, game by game."""
    lines = [
        "# Suite releases",
        "",
        "<!-- Generated by `python -m cuckoo.conformance.suites.releases page`: do not edit. -->",
        "",
        f'The suites shipped are version **{VERSION}**. Claim conformance as "passes suite '
        f"{VERSION} for cuckoo-dice\": every case of that game's suite of that version "
        "passed (see the runner contract for what may be skipped).",
        "",
        "A version is `YEAR.MONTH.N`: the year and month of its date, then the releases of "
        "that month counted from 0. The first four releases were named otherwise, some after "
        "a month later than their date; each heading below gives the old name too:",
        "",
        *(f"- `{old}` is now `{new}`" for old, new in FORMER_NAMES.items()),
        "",
    ]
    formerly = {new: old for old, new in FORMER_NAMES.items()}
    for version, date, note in reversed(RELEASES):
        was = f", formerly {formerly[version]}" if version in formerly else ""
        lines += [f"## {version} ({date}{was})", "", note[0].upper() + note[1:] + ".", ""]
        for suite in suites:
            (entry,) = [e for e in suite["changelog"] if e["version"] == version]
            if "added" not in entry:
                continue
            changed = [f"`{c['id']}` ({', '.join(c['what'])})" for c in entry["changed"]]
            lines += [f"### {suite['game']}", ""]
            for label, items in (
                ("added", [f"`{i}`" for i in entry["added"]]),
                ("removed", [f"`{i}`" for i in entry["removed"]]),
                ("changed", changed),
            ):
                count = f"{len(items)} case{'' if len(items) == 1 else 's'} {label}"
                lines += [f"- {count}" + (f": {', '.join(items)}." if items else ".")]
            lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    if sys.argv[1:] == ["store"]:
        print(f"stored {store(Path('tests/conformance'))}")
    elif sys.argv[1:] == ["page"]:
        from .files import load_all

        write_output(PAGE, page(load_all()))
        print(f"wrote {PAGE}")
    else:
        print("usage: python -m cuckoo.conformance.suites.releases store|page", file=sys.stderr)
        sys.exit(2)
