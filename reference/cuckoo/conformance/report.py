"""A conformance run's results as data: JSON, Markdown, HTML and a badge.

``cuckoo conform --report FILE.json`` writes :func:`of_run`'s object; the other forms are
rendered from it alone, so a stored report can be rendered again later
(``python -m cuckoo.conformance.report FILE.json --markdown``, ``--html`` or ``--badge``).
The JSON's shape is versioned by its ``schema``; the runner contract (docs/kit/runners.md)
describes it field by field.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..files import atomic_write, read_bounded
from .protocol import PROTOCOL

if TYPE_CHECKING:
    from .verdicts import Report

__all__ = ["REPORT_SCHEMA", "badge", "html", "markdown", "matrix", "of_run", "stored"]

REPORT_SCHEMA: Final = "cuckoo-conformance-report/1"
OUTCOMES: Final = ("pass", "fail", "skip", "xfail", "xpass")


def _counts(outcomes: list[dict[str, Any]]) -> dict[str, int]:
    counted = Counter(o["outcome"] for o in outcomes)
    return {name: counted[name] for name in OUTCOMES}


def of_run(report: Report, suites: list[dict[str, Any]], engine: str) -> dict[str, Any]:
    """The report of a run of *suites* against *engine*: totals, by game, by rule (a case
    counts for every rule it cites), and every case's outcome."""
    outcomes = report.outcomes
    by_rule: dict[str, list[dict[str, Any]]] = {}
    for outcome in outcomes:
        for rule in outcome["rules"]:
            by_rule.setdefault(rule, []).append(outcome)
    games = [suite["game"] for suite in suites]
    return {
        "schema": REPORT_SCHEMA,
        "protocol": PROTOCOL,
        "engine": engine,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "suites": {suite["game"]: suite.get("version", "unversioned") for suite in suites},
        "totals": _counts(outcomes),
        "games": {g: _counts([o for o in outcomes if o["game"] == g]) for g in games},
        "rules": {rule: _counts(by_rule[rule]) for rule in sorted(by_rule)},
        "cases": outcomes,
    }


def _passed(counts: dict[str, int]) -> str:
    """``N/M passed``: of every case, skipped ones included, so that a run that skips
    most of a suite never reads as a whole pass."""
    return f"{counts['pass']}/{sum(counts.values())} passed"


def _extra(counts: dict[str, int]) -> str:
    words = [
        f"{counts[name]} {label}"
        for name, label in (("fail", "failed"), ("skip", "skipped"), ("xfail", "xfailed"))
        if counts[name]
    ]
    words += [f"{counts['xpass']} passed unexpectedly"] if counts["xpass"] else []
    return ", ".join(words)


def _failing_rules(data: dict[str, Any]) -> list[str]:
    return [rule for rule, counts in data["rules"].items() if counts["fail"] or counts["xpass"]]


def markdown(data: dict[str, Any]) -> str:
    """A summary for a CI job's step summary: totals, a line per game, the rules that
    fail, and the failures (folded)."""
    totals = data["totals"]
    mark = "✅" if not (totals["fail"] or totals["xpass"]) else "❌"
    lines = [
        f"## {mark} Cuckoo conformance: {_passed(totals)}",
        "",
        f"Engine `{data['engine']}`, {data['protocol']}, {data['date']}.",
        "",
        "| game | suite | passed | failed | skipped |",
        "|---|---|---:|---:|---:|",
    ]
    for game, counts in data["games"].items():
        version = data["suites"].get(game, "")
        lines.append(
            f"| `{game}` | {version} | {counts['pass']} | {counts['fail'] + counts['xpass']} "
            f"| {counts['skip']} |"
        )
    failing = _failing_rules(data)
    if failing:
        lines += ["", f"Rules with a failing case: {', '.join(f'`{r}`' for r in failing)}."]
        failures = [c for c in data["cases"] if c["outcome"] in ("fail", "xpass")]
        lines += ["", "<details><summary>Failures</summary>", ""]
        lines += [
            f"- `{c['id']}` ({' '.join(c['rules'])}): {c.get('problem', 'passed unexpectedly')}"
            for c in failures
        ]
        lines += ["", "</details>"]
    return "\n".join(lines) + "\n\n"


_STYLE: Final = (
    "body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}"
    "table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #888;padding:.2rem .5rem}"
    "td.n{text-align:right}.fail{background:#fdd}.pass{background:#dfd}"
)


def html(data: dict[str, Any]) -> str:
    """A page of its own (no script, no outside resource): totals, games, rules, failures."""
    totals = data["totals"]

    def row(name: str, counts: dict[str, int]) -> str:
        bad = counts["fail"] + counts["xpass"]
        cells = "".join(
            f'<td class="n">{n}</td>'
            for n in (counts["pass"], bad, counts["skip"], counts["xfail"])
        )
        return f'<tr class="{"fail" if bad else "pass"}"><td>{escape(name)}</td>{cells}</tr>'

    head = "<tr><th>{}</th><th>passed</th><th>failed</th><th>skipped</th><th>xfailed</th></tr>"
    failures = [c for c in data["cases"] if c["outcome"] in ("fail", "xpass")]
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Cuckoo conformance: {escape(_passed(totals))}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>Cuckoo conformance: {escape(_passed(totals))}</h1>",
        f"<p>Engine <code>{escape(data['engine'])}</code>, {escape(data['protocol'])}, "
        f"{escape(data['date'])}. {escape(_extra(totals))}</p>",
        "<h2>Games</h2><table>",
        head.format("game"),
        *(row(f"{g} ({data['suites'].get(g, '')})", c) for g, c in data["games"].items()),
        "</table><h2>Rules</h2><table>",
        head.format("rule"),
        *(row(rule, counts) for rule, counts in data["rules"].items()),
        "</table>",
    ]
    if failures:
        parts.append("<h2>Failures</h2><ul>")
        parts += [
            f"<li><code>{escape(c['id'])}</code> ({escape(' '.join(c['rules']))}): "
            f"{escape(c.get('problem', 'passed unexpectedly'))}</li>"
            for c in failures
        ]
        parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def badge(data: dict[str, Any], label: str = "cuckoo conformance") -> str:
    """A flat badge, as shields.io draws them, with the share of every case passed: red when
    something failed, amber when something was skipped (a skip is no pass), else green."""
    totals = data["totals"]
    value = _passed(totals).removesuffix(" passed")
    value += f", {totals['skip']} skipped" if totals["skip"] else ""
    colour = (
        "#e05d44" if totals["fail"] or totals["xpass"] else "#dfb317" if totals["skip"] else "#4c1"
    )
    left, right = (7 * len(text) + 10 for text in (label, value))  # Verdana 11 px, roughly
    width = left + right
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" '
        f'aria-label="{escape(label)}: {escape(value)}"><title>{escape(label)}: '
        f"{escape(value)}</title>"
        f'<rect width="{left}" height="20" fill="#555"/>'
        f'<rect x="{left}" width="{right}" height="20" fill="{colour}"/>'
        '<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" '
        'font-size="11">'
        f'<text x="{left / 2:g}" y="14">{escape(label)}</text>'
        f'<text x="{left + right / 2:g}" y="14">{escape(value)}</text></g></svg>\n'
    )


STORED: Final = Path("tests/kit/reports")
"""Stored runs of implementations, one report each, named after the implementation."""
PAGE: Final = Path("docs/kit/implementations.md")


def _cell(counts: dict[str, int]) -> str:
    """A rule's or game's outcome for one implementation, in a few characters: a skip is
    never counted as a pass, and only a rule or game with no case skipped gets a tick."""
    run = counts["pass"] + counts["fail"] + counts["xfail"] + counts["xpass"]
    bad = counts["fail"] + counts["xpass"]
    skipped = f"{counts['skip']} skipped" if counts["skip"] else ""
    if not run:
        return skipped
    if bad:
        cell = f"✗ {bad} of {run}"
    elif skipped:
        cell = f"{run} of {run + counts['skip']} passed"
    else:
        cell = f"✓ {run}"
    return f"{cell}, {skipped}" if skipped else cell


def _reasons(report: dict[str, Any]) -> list[str]:
    """The reasons an implementation gave for its skips, each with its count per game:
    the words before the first colon (what follows names the move or the setup)."""
    counted: Counter[tuple[str, str]] = Counter(
        (case.get("reason", "left out by --run or --skip").split(": ")[0], case["game"])
        for case in report["cases"]
        if case["outcome"] == "skip"
    )
    reasons = sorted({reason for reason, _ in counted})
    return [
        f"- {reason}: "
        + ", ".join(f"{counted[reason, g]} {g}" for g in report["games"] if counted[reason, g])
        for reason in reasons
    ]


def matrix(reports: dict[str, dict[str, Any]]) -> str:
    """The public page of implementations by game and rule, from stored *reports* (by name):
    ✓ when every case passed, ✗ and the cases failed of those run, else the cases passed of
    all and the cases skipped."""
    names = sorted(reports)
    games = sorted({g for r in reports.values() for g in r["games"]})
    lines = [
        "# Implementations",
        "",
        "<!-- Generated by `python -m cuckoo.conformance.report page` from the stored runs "
        "in tests/kit/reports: do not edit. -->",
        "",
        "Each implementation's last stored run of the suite (`cuckoo conform --report`), "
        "game by game and rule by rule: ✓ and the count when every case passed, ✗ and the "
        "cases failed of those run, else the cases passed of all and the cases skipped: a "
        "skip never counts as a pass, and a conforming implementation skips only perft "
        "cases (docs/kit/runners.md). A case counts under "
        "every rule it cites. A `demo-` run is the reference with one rule misread on "
        "purpose (a mutant, docs/kit/mutation.md), kept to show what a failing "
        "implementation looks like. Store a run with `cuckoo conform --engine COMMAND "
        "--report tests/kit/reports/NAME.json`; the runs of the reference, the compiled "
        "build and the OpenSpiel binding are made again with `python -m "
        "cuckoo.conformance.stored reference|compiled|openspiel`. To see a run of your own "
        "beside them without storing it: `python -m cuckoo.conformance.report page "
        "MINE.json --output page.md`.",
        "",
        "| implementation | what | engine | protocol | date |",
        "|---|---|---|---|---|",
        *(
            f"| {n} | {reports[n].get('about', '')} | `{reports[n]['engine']}` | "
            f"{reports[n]['protocol']} | {reports[n]['date'][:10]} |"
            for n in names
        ),
        "",
        f"| game | {' | '.join(names)} |",
        "|---|" + "---|" * len(names),
    ]
    for game in games:
        cells = [
            f"{_cell(reports[n]['games'][game])} (suite {reports[n]['suites'].get(game, '?')})"
            if game in reports[n]["games"]
            else ""
            for n in names
        ]
        lines.append(f"| `{game}` | {' | '.join(cells)} |")
    skipping = [n for n in names if reports[n]["totals"]["skip"]]
    if skipping:
        lines += ["", "## Skipped, and why", ""]
        for n in skipping:
            lines += [f"{n}:", "", *_reasons(reports[n]), ""]
        lines.pop()
    prefixes = {"cuckoo-dice": "CD-", "cuckoo-cards": "CC-", "zum-kuckuck": "ZK-"}
    for game in games:
        rules = sorted(
            {r for n in names for r in reports[n]["rules"] if r.startswith(prefixes.get(game, ""))}
        )
        lines += ["", f"## {game}", "", f"| rule | {' | '.join(names)} |"]
        lines.append("|---|" + "---|" * len(names))
        for rule in rules:
            cells = [
                _cell(reports[n]["rules"][rule]) if rule in reports[n]["rules"] else ""
                for n in names
            ]
            lines.append(f"| `{rule}` | {' | '.join(cells)} |")
    return "\n".join(lines) + "\n"


MAX_REPORT: Final = 64_000_000
"""The largest report read, in bytes (a run of every case is well under a megabyte)."""


def read_report(path: Path) -> dict[str, Any]:
    """A report written by ``conform --report``, read at most :data:`MAX_REPORT` bytes of,
    so that a file that never ends (``/dev/zero``) is refused, not waited for.

    :raises ValueError: for a file too large, not JSON or not a report of this schema,
        each naming the file (:class:`OSError` as ``open``).
    """
    try:
        data = json.loads(read_bounded(path, MAX_REPORT))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("schema") != REPORT_SCHEMA:
        raise ValueError(f"{path}: not a report of schema {REPORT_SCHEMA!r}")
    return data


def stored(extra: tuple[Path, ...] = ()) -> dict[str, dict[str, Any]]:
    """The stored runs, by implementation name (the file's stem), and the reports *extra*
    beside them (one of the same name takes the stored one's place)."""
    return {path.stem: read_report(path) for path in (*sorted(STORED.glob("*.json")), *extra)}


def _page(argv: list[str]) -> int:
    """``page [REPORT.json ...] [--output FILE]``: the page of implementations, from the
    stored runs and any reports given, to *FILE* (default: the docs page)."""
    output = PAGE
    if "--output" in argv:
        at = argv.index("--output")
        if at + 1 == len(argv):
            print("cuckoo: --output needs a file", file=sys.stderr)
            return 2
        output = Path(argv[at + 1])
        argv = argv[:at] + argv[at + 2 :]
    try:
        page = matrix(stored(tuple(map(Path, argv))))
    except (OSError, ValueError) as error:
        print(f"cuckoo: cannot read a report: {error}", file=sys.stderr)
        return 2
    try:
        with atomic_write(output) as handle:
            handle.write(page)
    except OSError as error:
        print(f"cuckoo: cannot write {output}: {error}", file=sys.stderr)
        return 2
    print(f"wrote {output}")
    return 0


def main(argv: list[str]) -> int:
    """Render a stored report: ``report.py FILE.json --markdown|--html|--badge``; or
    ``report.py page [REPORT.json ...] [--output FILE]`` to rewrite the page of
    implementations from the stored runs (and the reports given)."""
    if argv[:1] == ["page"]:
        return _page(argv[1:])
    forms = {"--markdown": markdown, "--html": html, "--badge": badge}
    if len(argv) != 2 or argv[1] not in forms:
        usage = "usage: python -m cuckoo.conformance.report FILE.json --markdown|--html|--badge"
        print(usage, file=sys.stderr)
        return 2
    try:
        data = read_report(Path(argv[0]))
    except (OSError, ValueError) as error:
        print(f"cuckoo: cannot read a report: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(forms[argv[1]](data))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
