"""A conformance run's results as data: JSON, Markdown, HTML and a badge.

``cuckoo conform --report FILE.json`` writes :func:`of_run`'s object; the other forms are
rendered from it alone, so a stored report can be rendered again later
(``python -m cuckoo.conformance.run.report FILE.json --markdown``, ``--html`` or ``--badge``).
The JSON's shape is versioned by its ``schema``; the runner contract (docs/kit/runners.md)
describes it field by field.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ...escaping import code, template, terminal, text, url
from ...files import (
    FileProblem,
    check_output,
    forget_reads,
    read_bounded,
    reading,
    write_output,
)
from ...shapes import ANYTHING, Choice, Fields, Flag, ListOf, MapOf, Maybe, Text, Whole, check
from ..engine import cut, quote
from ..protocol import PROTOCOL

if TYPE_CHECKING:
    from .verdicts import Report

__all__ = ["REPORT_SCHEMA", "badge", "html", "markdown", "matrix", "of_run", "stored"]

REPORT_SCHEMA: Final = "cuckoo-conformance-report/1"
OUTCOMES: Final = ("pass", "fail", "skip", "xfail", "xpass")


def _counts(outcomes: list[dict[str, Any]]) -> dict[str, int]:
    counted = Counter(o["outcome"] for o in outcomes)
    return {name: counted[name] for name in OUTCOMES}


def of_run(
    report: Report | None,
    suites: list[dict[str, Any]],
    engine: str,
    random: Report | None = None,
    run: dict[str, Any] | None = None,
    spec: str | None = None,
) -> dict[str, Any]:
    """The report of a run of *suites* (*report*, None if the suite was not run) and of
    random games (*random*, if played) against *engine*: totals, by game, by rule (a case
    counts for every rule it cites), every case's outcome, each rule's place in the spec
    (under *spec*, the published site's spec folder) and how the run was made (*run*)."""
    outcomes = report.outcomes if report else []
    by_rule: dict[str, list[dict[str, Any]]] = {}
    for outcome in outcomes:
        for rule in outcome["rules"]:
            by_rule.setdefault(rule, []).append(outcome)
    games = [suite["game"] for suite in suites]
    base = SPEC_URL if spec is None else spec.rstrip("/") + "/"
    places = {
        rule: f"{base}{suite['game']}/{info['section']}.html#{rule}"
        for suite in suites
        for rule, info in suite["rules"].items()
        if rule in by_rule
    }
    data = {
        "schema": REPORT_SCHEMA,
        "protocol": PROTOCOL,
        "engine": engine,
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "run": run or {},
        "suites": {suite["game"]: suite.get("version", "unversioned") for suite in suites},
        "totals": _counts(outcomes),
        "games": {g: _counts([o for o in outcomes if o["game"] == g]) for g in games},
        "rules": {rule: _counts(by_rule[rule]) for rule in sorted(by_rule)},
        "links": dict(sorted(places.items())),
        "cases": outcomes,
    }
    if random is not None:
        skipped = Counter(o["game"] for o in random.outcomes)
        data["random"] = {
            "games": {
                game: {
                    "pass": random.passed[game],
                    "fail": random.failed[game],
                    "skip": skipped[game],
                }
                for game in sorted(random.passed.keys() | random.failed.keys() | skipped.keys())
            },
            "disagreements": random.disagreements,
            "skipped": random.outcomes,
        }
    return data


SPEC_URL: Final = "spec/"
"""Where the results files link a rule ID by default: the spec folder of the rulebook site
they are put in (the project names no published address; ``--spec-url`` gives one)."""


def _played(data: dict[str, Any]) -> tuple[int, int]:
    """The random games of a report: how many passed, and how many were played."""
    games = data.get("random", {}).get("games", {}).values()
    return sum(g["pass"] for g in games), sum(sum(g.values()) for g in games)


def _headline(data: dict[str, Any]) -> str:
    """``N/M passed`` of the suite's cases, ``random games N/M passed`` of the random games,
    or both."""
    passed, played = _played(data)
    random = f"random games {passed}/{played} passed" if "random" in data else ""
    suite = _passed(data["totals"]) if data["cases"] or not random else ""
    return "; ".join(filter(None, (suite, random)))


def _bad(data: dict[str, Any]) -> bool:
    """Whether something failed: a case, a case expected to fail that passed, a game."""
    failed = sum(g["fail"] for g in data.get("random", {}).get("games", {}).values())
    return bool(data["totals"]["fail"] or data["totals"]["xpass"] or failed)


def _link(rule: str, data: dict[str, Any]) -> str | None:
    """Where *rule* is in the spec, as a page may link it (a stored report rendered again
    may come from anyone: see :func:`.escaping.url`)."""
    return url(data.get("links", {}).get(rule))


def _rule_md(rule: str, data: dict[str, Any]) -> str:
    """A rule ID as Markdown: a code span, linked to its place in the spec if known."""
    link = _link(rule, data)
    return f"[{code(rule)}]({link})" if link else code(rule)


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
    fail, the failures and the random games that differ (folded).  Whatever an engine or
    a file gave is written as a code span, where nothing it holds is live."""
    mark = "❌" if _bad(data) else "✅"
    lines = [
        f"## {mark} Cuckoo conformance: {_headline(data)}",
        "",
        f"Engine {code(data['engine'])}, {text(data['protocol'])}, {text(data['date'])}.",
    ]
    if data["games"]:
        lines += [
            "",
            "| game | suite | passed | failed | skipped |",
            "|---|---|---:|---:|---:|",
        ]
    for game, counts in data["games"].items():
        version = data["suites"].get(game, "")
        lines.append(
            f"| {code(game, cell=True)} | {code(version, cell=True)} | {counts['pass']} "
            f"| {counts['fail'] + counts['xpass']} | {counts['skip']} |"
        )
    failing = _failing_rules(data)
    if failing:
        rules = ", ".join(_rule_md(r, data) for r in failing)
        lines += ["", f"Rules with a failing case: {rules}."]
        failures = [c for c in data["cases"] if c["outcome"] in ("fail", "xpass")]
        lines += ["", "<details><summary>Failures</summary>", ""]
        for c in failures:
            rules = " ".join(_rule_md(r, data) for r in c["rules"])
            lines.append(f"- {code(c['id'])} ({rules}): {code(c.get('problem', 'passed'))}")
            lines += [f"  - {code(line)}" for line in c.get("commands", [])]
            lines += [f"  - answered {code(quote(c['actual']))}"] if "actual" in c else []
        lines += ["", "</details>"]
    if "random" in data:
        lines += ["", _random_line(data)]
        found = data["random"]["disagreements"]
        if found:
            lines += ["", "<details><summary>Random games that differ</summary>", ""]
            for game in found:
                number, problem = game["number"], code(game["problem"])
                lines.append(f"- game {code(number)} ({code(game['game'])}): {problem}")
                lines += [f"  - {code(line)}" for line in game["commands"]]
            lines += ["", "</details>"]
    return "\n".join(lines) + "\n\n"


def _random_line(data: dict[str, Any]) -> str:
    """The random games in a sentence: how many, their seed, and how they went."""
    games = data["random"]["games"].values()
    passed, failed, skipped = (sum(g[k] for g in games) for k in ("pass", "fail", "skip"))
    seed = data.get("run", {}).get("seed")
    played = f"{passed + failed + skipped} random games against the reference"
    played += f" (seed {cut(str(seed), 40)})" if seed is not None else ""
    return f"{played}: {passed} the same, {failed} different, {skipped} skipped."


_STYLE: Final = (
    "body{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}"
    "table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #888;padding:.2rem .5rem}"
    "td.n{text-align:right}.fail{background:#fdd}.pass{background:#dfd}"
)


_PAGE: Final = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cuckoo conformance: {{ headline }}</title>
<style>{{ style }}</style></head><body>
<h1>Cuckoo conformance: {{ headline }}</h1>
<p>Engine <code>{{ data.engine }}</code>, {{ data.protocol }}, {{ data.date }}. {{ extra }}</p>
{%- macro rule(id) %}{% if links[id] %}<a href="{{ links[id] }}">{{ id }}</a>{% else %}{{ id }}\
{% endif %}{% endmacro %}
{%- macro row(counts) %}<tr class="{{ 'fail' if counts.fail + counts.xpass else 'pass' }}">\
<td>{{ caller() }}</td><td class="n">{{ counts.pass }}</td>\
<td class="n">{{ counts.fail + counts.xpass }}</td><td class="n">{{ counts.skip }}</td>\
<td class="n">{{ counts.xfail }}</td></tr>{% endmacro %}
{%- macro head(what) %}<tr><th>{{ what }}</th><th>passed</th><th>failed</th><th>skipped</th>\
<th>xfailed</th></tr>{% endmacro %}
{% if data.games %}<h2>Games</h2><table>
{{ head("game") }}
{% for game, counts in data.games.items() %}{% call row(counts) %}{{ game }} \
({{ data.suites.get(game, "") }}){% endcall %}
{% endfor %}</table><h2>Rules</h2><table>
{{ head("rule") }}
{% for id, counts in data.rules.items() %}{% call row(counts) %}{{ rule(id) }}{% endcall %}
{% endfor %}</table>
{% endif %}{% if failures %}<h2>Failures</h2><ul>
{% for c in failures %}<li><code>{{ c.id }}</code> ({% for r in c.rules %}{{ rule(r) }}\
{{ " " if not loop.last }}{% endfor %}): {{ c.get("problem", "passed unexpectedly") }}\
<pre>{{ c.get("commands", []) | join("\n") }}</pre>{{ answered(c) }}</li>
{% endfor %}</ul>
{% endif %}{% if skipped %}<h2>Skipped, and why</h2><ul>
{% for why, counts in skipped %}<li><q>{{ why }}</q>: {{ counts }}</li>
{% endfor %}</ul>
{% endif %}{% if random %}<h2>Random games</h2><p>{{ random }}</p>
{% for game in data.random.disagreements %}<p>Game {{ game.number }} ({{ game.game }}): \
{{ game.problem }}</p><pre>{{ game.commands | join("\n") }}</pre>
{% endfor %}{% endif %}</body></html>
"""
"""The web page of a report: every value escaped by the template (:mod:`.escaping`)."""


def html(data: dict[str, Any]) -> str:
    """A page of its own (no script, no outside resource): totals, games, rules (each
    linked to the spec), failures, skips and random games, everything escaped."""
    return template(_PAGE).render(
        data=data,
        style=_STYLE,
        headline=_headline(data),
        extra=_extra(data["totals"]),
        links={rule: _link(rule, data) for rule in data["rules"]} | _case_links(data),
        failures=[c for c in data["cases"] if c["outcome"] in ("fail", "xpass")],
        answered=lambda c: "answered " + quote(c["actual"]) if "actual" in c else "",
        skipped=_reasons(data),
        random=_random_line(data) if "random" in data else "",
    )


def _case_links(data: dict[str, Any]) -> dict[str, str | None]:
    """Where each rule a case cites is in the spec (a rule may be cited by a failure and
    have no counts of its own in a report written by hand)."""
    return {r: _link(r, data) for c in data["cases"] for r in c["rules"]}


_BADGE: Final = """<svg xmlns="http://www.w3.org/2000/svg" width="{{ left + right }}" height="20" \
role="img" aria-label="{{ label }}: {{ value }}"><title>{{ label }}: {{ value }}</title>\
<rect width="{{ left }}" height="20" fill="#555"/>\
<rect x="{{ left }}" width="{{ right }}" height="20" fill="{{ colour }}"/>\
<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">\
<text x="{{ '%g' % (left / 2) }}" y="14">{{ label }}</text>\
<text x="{{ '%g' % (left + right / 2) }}" y="14">{{ value }}</text></g></svg>
"""


def badge(data: dict[str, Any], label: str = "cuckoo conformance") -> str:
    """A flat badge, as shields.io draws them, with the share of every case passed: red when
    something failed, amber when something was skipped (a skip is no pass), else green."""
    totals = data["totals"]
    passed, played = _played(data)
    value = ", ".join(
        filter(
            None,
            (
                _passed(totals).removesuffix(" passed") if data["cases"] or not played else "",
                f"{totals['skip']} skipped" if totals["skip"] else "",
                f"random {passed}/{played}" if "random" in data else "",
            ),
        )
    )
    colour = "#e05d44" if _bad(data) else "#dfb317" if totals["skip"] or played > passed else "#4c1"
    left, right = (7 * len(text) + 10 for text in (label, value))  # Verdana 11 px, roughly
    return template(_BADGE).render(label=label, value=value, colour=colour, left=left, right=right)


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


def _reasons(report: dict[str, Any]) -> list[tuple[str, str]]:
    """The reasons an implementation gave for its skips, each with its count per game:
    the words before the first colon (what follows names the move or the setup), cut as
    an engine's answer is (a report not written by this runner may hold any text)."""
    counted: Counter[tuple[str, str]] = Counter(
        (cut(case.get("reason", "left out by --run or --skip").split(": ")[0]), case["game"])
        for case in report["cases"]
        if case["outcome"] == "skip"
    )
    reasons = sorted({reason for reason, _ in counted})
    games = report["games"]
    return [
        (reason, ", ".join(f"{counted[reason, g]} {g}" for g in games if counted[reason, g]))
        for reason in reasons
    ]


def matrix(reports: dict[str, dict[str, Any]]) -> str:
    """The public page of implementations by game and rule, from stored *reports* (by name):
    ✓ when every case passed, ✗ and the cases failed of those run, else the cases passed of
    all and the cases skipped."""
    names = sorted(reports)
    games = sorted({g for r in reports.values() for g in r["games"]})
    columns = " | ".join(map(text, names))
    lines = [
        "# Implementations",
        "",
        "<!-- Generated by `python -m cuckoo.conformance.run.report page` from the stored runs "
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
        "cuckoo.conformance.run.stored reference|compiled|openspiel`. To see a run of your own "
        "beside them without storing it: `python -m cuckoo.conformance.run.report page "
        "MINE.json --output page.md`.",
        "",
        "| implementation | what | engine | protocol | date |",
        "|---|---|---|---|---|",
        *(
            f"| {text(n)} | {text(reports[n].get('about', ''))} | "
            f"{code(reports[n]['engine'], cell=True)} | {text(reports[n]['protocol'])} "
            f"| {text(reports[n]['date'][:10])} |"
            for n in names
        ),
        "",
        f"| game | {columns} |",
        "|---|" + "---|" * len(names),
    ]
    for game in games:
        cells = [
            f"{_cell(reports[n]['games'][game])} "
            f"(suite {text(reports[n]['suites'].get(game, '?'))})"
            if game in reports[n]["games"]
            else ""
            for n in names
        ]
        lines.append(f"| {code(game, cell=True)} | {' | '.join(cells)} |")
    skipping = [n for n in names if reports[n]["totals"]["skip"]]
    if skipping:
        lines += ["", "## Skipped, and why", ""]
        for n in skipping:
            lines += [f"{text(n)}:", ""]
            lines += [f"- {code(why)}: {text(counts)}" for why, counts in _reasons(reports[n])]
            lines.append("")
        lines.pop()
    prefixes = {"cuckoo-dice": "CD-", "cuckoo-cards": "CC-", "zum-kuckuck": "ZK-"}
    for game in games:
        rules = sorted(
            {r for n in names for r in reports[n]["rules"] if r.startswith(prefixes.get(game, ""))}
        )
        lines += ["", f"## {text(game)}", "", f"| rule | {columns} |"]
        lines.append("|---|" + "---|" * len(names))
        for rule in rules:
            cells = [
                _cell(reports[n]["rules"][rule]) if rule in reports[n]["rules"] else ""
                for n in names
            ]
            lines.append(f"| {code(rule, cell=True)} | {' | '.join(cells)} |")
    return "\n".join(lines) + "\n"


MAX_REPORT: Final = 64_000_000
"""The largest report read, in bytes (a run of every case is well under a megabyte)."""


COUNTS: Final = Fields({name: Whole() for name in OUTCOMES})
CASE: Final = Fields(
    {"id": Text(), "game": Text(), "rules": ListOf(Text()), "outcome": Choice(OUTCOMES)},
    {
        "commands": ListOf(Text()),
        "problem": Text(),
        "about": Text(),
        "reason": Text(),
        "actual": ANYTHING,
        "expected": ANYTHING,
    },
)
RANDOM_SKIP: Final = Fields({"game": Text(), "outcome": Choice(("skip",))}, {"reason": Text()})
DISAGREEMENT: Final = Fields(
    {"number": Whole(), "game": Text(), "problem": Text(), "commands": ListOf(Text())},
    {"shortest": Text()},
)
REPORT_SHAPE: Final = Fields(
    {
        "schema": Choice((REPORT_SCHEMA,)),
        "protocol": Text(),
        "engine": Text(),
        "date": Text(),
        "suites": MapOf(Text()),
        "totals": COUNTS,
        "games": MapOf(COUNTS),
        "rules": MapOf(COUNTS),
        "cases": ListOf(CASE),
    },
    {
        "about": Text(),
        "links": MapOf(Text()),
        "run": Fields(
            {},
            {
                "shuffle": Maybe(Whole()),
                "isolate": Flag(),
                "seed": Whole(),
                "games": Whole(),
            },
        ),
        "random": Fields(
            {
                "games": MapOf(Fields({"pass": Whole(), "fail": Whole(), "skip": Whole()})),
                "disagreements": ListOf(DISAGREEMENT),
                "skipped": ListOf(RANDOM_SKIP),
            }
        ),
    },
)
"""The shape of a report (docs/kit/runners.md), checked whenever one is read: a report
may come from anyone, and a value of the wrong type is one line, never a traceback."""


def read_report(path: Path) -> dict[str, Any]:
    """A report written by ``conform --report``, read at most :data:`MAX_REPORT` bytes of,
    so that a file that never ends (``/dev/zero``) is refused, not waited for, and checked
    against :data:`REPORT_SHAPE`.

    :raises ValueError: for a file too large, not JSON or not a report of this schema and
        shape, each naming the file (:class:`OSError` as ``open``).
    """
    name = terminal(str(path))
    try:
        data = json.loads(read_bounded(path, MAX_REPORT))
    except RecursionError:
        raise ValueError(f"{name}: JSON nested too deep to read") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{name}: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("schema") != REPORT_SCHEMA:
        raise ValueError(f"{name}: not a report of schema {REPORT_SCHEMA!r}")
    check(data, REPORT_SHAPE, str(path))
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
    given = tuple(map(Path, argv))
    for path in (*sorted(STORED.glob("*.json")), *given):
        reading(path, "a report this page is made from")
    try:
        check_output(output, "--output")
    except FileProblem as problem:
        print(f"cuckoo: {problem}", file=sys.stderr)
        return 2
    try:
        page = matrix(stored(given))
    except (OSError, ValueError) as error:
        print(f"cuckoo: cannot read a report: {terminal(str(error))}", file=sys.stderr)
        return 2
    try:
        write_output(output, page)
    except (OSError, FileProblem) as error:
        print(f"cuckoo: cannot write {terminal(str(output))}: {error}", file=sys.stderr)
        return 2
    print(f"wrote {terminal(str(output))}")
    return 0


def main(argv: list[str]) -> int:
    """Render a stored report: ``report.py FILE.json --markdown|--html|--badge``; or
    ``report.py page [REPORT.json ...] [--output FILE]`` to rewrite the page of
    implementations from the stored runs (and the reports given)."""
    forget_reads()
    if argv[:1] == ["page"]:
        return _page(argv[1:])
    forms = {"--markdown": markdown, "--html": html, "--badge": badge}
    if len(argv) != 2 or argv[1] not in forms:
        usage = "usage: python -m cuckoo.conformance.run.report FILE.json --markdown|--html|--badge"
        print(usage, file=sys.stderr)
        return 2
    try:
        data = read_report(Path(argv[0]))
    except (OSError, ValueError) as error:
        print(f"cuckoo: cannot read a report: {terminal(str(error))}", file=sys.stderr)
        return 2
    sys.stdout.write(forms[argv[1]](data))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
