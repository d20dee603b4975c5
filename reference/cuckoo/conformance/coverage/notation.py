"""Coverage of the notation's structure, read from the spec: which lenient forms, which
canonical-writing rules and which normative sentences have a case.

Three tables, each generated into the coverage page (``docs/kit/coverage.md``, through
:func:`cuckoo.conformance.coverage.parameters.page`):

- every clause of each game's "what a reader accepts" text, and every token class and
  lenient form of :data:`.suites.notation.LENIENT` that reads it, with its case;
- every clause of each game's canonical-form rules, and every entry of
  :data:`.suites.notation.WRITING` that exercises it, with its case;
- every normative sentence of the spec (``is an error``, ``is refused``, ``must`` and the
  like, inside a rule), and the error cases (curated, generated or spec examples) that
  expect the rule it names.

A clause no entry cites, an entry without its case, and a sentence without an error case
are gaps; :data:`EXCUSED` says why a clause or sentence needs no case, and a test fails on
any other gap (tests/kit/test_notation_structure.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..suites.notation import LENIENCY, LENIENT, WRITING

__all__ = [
    "CANONICAL",
    "EXCUSED",
    "Row",
    "clauses",
    "gaps",
    "page_lines",
    "rows",
    "rule_texts",
    "sentences",
]

ROOT: Final = Path()
"""The checkout these tables are made and checked in (the current folder, as for the
suite's builder and the coverage page): the spec and the examples are not installed."""

READER: Final = {
    "CC-NOTATION-LENIENT": "",
    "CD-NOTATION-LENIENT": "besides the canonical form:",
    "ZK-NOTATION-CANONICAL": "A reader accepts more:",
}
"""Where each game's list of lenient forms starts in its rule's text (its whole text if
empty); the lists are split into clauses at semicolons and sentence ends."""

CANONICAL: Final = {
    "CC-NOTATION-CANONICAL": "",
    "CC-PARTIAL-CANONICAL": "",
    "CD-NOTATION-CANONICAL": "",
    "ZK-NOTATION-CANONICAL": "A reader accepts more:",
    "ZK-PARTIAL-CANONICAL": "",
}
"""The canonical-form rules, each up to where its text stops saying how records are
written (Zum Kuckuck!'s goes on with what a reader accepts)."""

_NORMATIVE: Final = re.compile(
    r"\b(is an error|are errors|is refused|are refused|is malformed|is illegal|is invalid"
    r"|must(?! accept))\b",
    re.I,
)

TARGETS: Final[dict[tuple[str, str], tuple[str, ...]]] = {
    ("CC-NOTATION-TAGS", "must equal the result token"): ("CC-NOTATION-RESULT",),
    ("CC-PARTIAL-SHOW", "that deal breaks a rule is refused"): ("CC-CARD-DECK", "CC-PARTIAL-SHOW"),
    ("CD-NOTATION-TAGS", "must equal the result token"): ("CD-NOTATION-RESULT",),
    ("CD-NOTATION-TAGS", "must name a ruleset"): ("CD-RULESET-PARAMS",),
    ("CD-NOTATION-ROLLS", "Each new value must be a face"): ("CD-INFECT-REROLL",),
    ("CD-NOTATION-SYNTAX", "A number where a die value stands"): ("CD-DIE-FACES", "CD-CELL"),
    ("CD-DIE-FACES", "Any other number"): ("CD-DIE-FACES", "CD-SETUP-ROLL", "CD-INFECT-REROLL"),
    ("CD-SETUP-ROLL", "A recorded roll must have"): ("CD-SETUP-DICE", "CD-SETUP-ROLL"),
    ("CD-NOTATION-SEEN", "If no legal placement"): ("CD-NOTATION-SEEN",),
    ("ZK-NOTATION-TAGS", "must equal the result token"): ("ZK-NOTATION-RESULT",),
    ("ZK-PARTIAL-PLAY", "The play is refused"): ("ZK-ROUND-PLAY", "ZK-PARTIAL-PLAY"),
    ("CD-NOTATION-SYNTAX", "a number where a cell stands"): ("CD-CELL",),
    ("CD-INFECT-GIVE", "must be at least 2"): ("CD-NOTATION-SYNTAX",),
}
"""Sentences whose error is another rule's (or several rules'), by their rule and words;
every other sentence's error is its own rule's."""

SHOWN: Final[dict[tuple[str, str], tuple[str, ...]]] = {
    ("CC-NOTATION-DEAL", "A card dealt where a decision is due"): (
        "spec-cards-a-card-too-many",
        "spec-cards-a-card-short",
    ),
    ("CC-SETUP-PLAYERS", "at least two and at most 51"): (
        "cards-one-player",
        "cards-too-many-players",
    ),
    ("CD-INFECT-GIVE", "must be at least 2"): ("spec-one-die-for-one-is-no-infection",),
    ("CD-INFECT-GIVE", "must hold every die given"): ("giving-dice-not-held",),
    ("CD-PLACE-EXPOSE", "the side named must be one of the two"): ("dice-refused-side-not-shown",),
    ("ZK-NOTATION-TAGS", "must equal the result token"): ("zk-refused-result-tag-case",),
    ("ZK-SETUP-PLAYERS", "A name must not be one of the notation's words"): (
        "zk-refused-name-deal",
        "zk-refused-name-in-a-record",
    ),
}
"""Sentences that rule-wide error cases do not show, by their rule and words: the cases
that show each (every one must be an error case of the sentence's rule)."""

EXCUSED: Final[dict[tuple[str, str], str]] = {
    ("CC-NOTATION-CANONICAL", "A program that writes a new record"): "a program writing a "
    "new record, not `format`, which keeps the record's tags (tests/cards/test_cards.py)",
    ("ZK-NOTATION-CANONICAL", "a program that writes a new record writes it always"): "a "
    "program writing a new record, not `format`, which keeps the record's tags",
    ("CD-NOTATION-CANONICAL", "Records in one file are separated"): "`format` in the "
    "protocol takes one record; `cuckoo format` of a file writes several (tests/cli)",
    ("CD-NOTATION-SYNTAX", "The error must give the file"): "says what an error message "
    "holds, which the protocol's one-line answer does not carry (tests/notation)",
    ("CC-NOTATION-SYNTAX", "the error gives the file"): "says what an error message holds",
    ("ZK-NOTATION-SYNTAX", "the error gives the file"): "says what an error message holds",
    ("ZK-ROUND-TURN", "must turn one of their cockatoo cards"): "says what happens, not "
    "what is refused",
    ("ZK-ROUND-TURN", "who must turn but has no cockatoo side"): "says what happens",
    ("ZK-ROUND-DROP", "who must turn a cockatoo card"): "says what happens",
    ("ZK-ROUND-DROP", "the first time they must turn one"): "says what happens",
    ("ZK-SCORE-NONE", "If they must turn a card"): "says what happens",
}
"""Clauses and normative sentences that need no case, by rule and words, and why."""

_RULE: Final = re.compile(r"^(`{3,})\{rule\}\s+(\S+)\s*\n(.*?)^\1\s*$", re.M | re.S)


def rule_texts(root: Path = ROOT) -> dict[str, str]:
    """Every rule's text by ID, its options and tables left out, white space made single."""
    texts = {}
    for path in sorted((root / "spec").glob("*/*.md")):
        for match in _RULE.finditer(path.read_text(encoding="utf-8")):
            kept = [line for line in match[3].splitlines() if not re.match(r"\s*(:\w+:|\|)", line)]
            texts[match[2]] = " ".join(" ".join(kept).split())
    return texts


def _split(text: str) -> list[str]:
    """*text* cut at semicolons, sentence ends and list items; a clause that only leads
    into a list (ending with a colon) dropped."""
    parts = re.split(r"(?<=;)\s+|(?<=\.)\s+(?=[A-Z`(])|\s+-\s+|(?<=[.:])\s+\d\.\s", text)
    return [p.strip(" -") for p in parts if len(p.split()) > 2 and not p.rstrip().endswith(":")]


def clauses(texts: dict[str, str], rule: str, start: str = "", *, before: str = "") -> list[str]:
    """The clauses of *rule*'s text from *start* on, and before *before*."""
    text = texts[rule]
    text = text.split(start, 1)[1] if start else text
    return _split(text.split(before, 1)[0] if before else text)


def sentences(texts: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Every normative sentence of the spec's rules: (rule, sentence)."""
    for rule, text in texts.items():
        for sentence in _split(text):
            if _NORMATIVE.search(sentence):
                yield rule, sentence


@dataclass(frozen=True)
class Row:
    """One line of a table: what must be covered, and the cases that cover it."""

    table: str
    """``lenient``, ``canonical`` or ``errors``."""
    game: str
    rule: str
    what: str
    cases: tuple[str, ...]
    excused: str = ""

    @property
    def key(self) -> str:
        """The row's name in a list of gaps."""
        return f"{self.table}: {self.rule}: {self.what}"


def _game(rule: str) -> str:
    return {"CC": "cuckoo-cards", "CD": "cuckoo-dice", "ZK": "zum-kuckuck"}[rule[:2]]


def _flat(words: str) -> str:
    return " ".join(words.split())


def _excuse(rule: str, text: str) -> str | None:
    """Why the clause or sentence *text* of *rule* needs no case; None if it needs one."""
    for (excused, words), reason in EXCUSED.items():
        if excused == rule and words in text:
            return reason
    return None


def rows(suites: list[dict[str, Any]], root: Path = ROOT) -> list[Row]:
    """Every row of the three tables."""
    cases = {c["id"]: c for suite in suites for c in suite["cases"]}
    texts = rule_texts(root)
    return [*_lenient(cases, texts), *_canonical(cases, texts), *_refused(cases, texts)]


def _lenient(cases: dict[str, Any], texts: dict[str, str]) -> Iterator[Row]:
    """The clauses of the lists of lenient forms, then each form's case."""
    for rule, start in READER.items():
        for clause in clauses(texts, rule, start):
            cited = [f.id for f in LENIENT if f.source == rule and _flat(f.clause) in clause]
            yield _clause_row("lenient", rule, clause, cited, cases)
    for form in LENIENT:
        what = f"{form.token} {form.variant}"
        what += f" (refused, {form.refused})" if form.refused else ""
        said = _flat(form.clause) in texts.get(form.source, "")
        found = _found(cases, form.id, form.refused or "format") if said else ()
        yield Row("lenient", form.game, form.source, what, found)


def _canonical(cases: dict[str, Any], texts: dict[str, str]) -> Iterator[Row]:
    """The clauses of the canonical-form rules, then each writing's case."""
    for rule, stop in CANONICAL.items():
        for clause in clauses(texts, rule, before=stop):
            cited = [
                w.id
                for w in WRITING
                if w.rule == rule and any(_flat(c) in clause for c in (w.clause, *w.also))
            ]
            yield _clause_row("canonical", rule, clause, cited, cases)
    for writing in WRITING:
        text = texts.get(writing.rule, "")
        said = all(_flat(c) in text for c in (writing.clause, *writing.also))
        found = _found(cases, writing.id, "format") if said else ()
        yield Row("canonical", writing.game, writing.rule, writing.slug, found)


def _refused(cases: dict[str, Any], texts: dict[str, str]) -> Iterator[Row]:
    """Each normative sentence, and the error cases of the rules it names."""
    by_rule: dict[str, list[str]] = {}
    for case in cases.values():
        if "error" in case["expect"]:
            by_rule.setdefault(case["expect"]["error"]["rule"], []).append(case["id"])
    for rule, sentence in sentences(texts):
        targets = next((t for (r, w), t in TARGETS.items() if r == rule and w in sentence), (rule,))
        shown = next((s for (r, w), s in SHOWN.items() if r == rule and w in sentence), None)
        if shown is not None:
            found = tuple(c for c in shown if any(_found(cases, c, t) for t in targets))
            found = found if len(found) == len(shown) else ()
        else:
            found = tuple(c for t in targets for c in by_rule.get(t, [])[:3])
            found = found if all(by_rule.get(t) for t in targets) else ()
        what = sentence + ("" if targets == (rule,) else f" ({', '.join(targets)})")
        yield Row("errors", _game(rule), rule, what, found, _excuse(rule, sentence) or "")


def _clause_row(table: str, rule: str, clause: str, cited: list[str], cases: dict[str, Any]) -> Row:
    """A clause's row: the cases of the entries that cite it, that exist."""
    found = tuple(c for c in cited if c in cases)
    return Row(table, _game(rule), rule, clause, found, _excuse(rule, clause) or "")


def _found(cases: dict[str, Any], case_id: str, wanted: str) -> tuple[str, ...]:
    """(*case_id*,) if the suite has it and it expects *wanted*: ``format``, or an error
    naming the rule *wanted*; else ()."""
    expect = cases.get(case_id, {}).get("expect", {})
    if wanted == "format":
        return (case_id,) if "format" in expect else ()
    return (case_id,) if expect.get("error", {}).get("rule") == wanted else ()


def gaps(suites: list[dict[str, Any]], root: Path = ROOT) -> list[str]:
    """The rows without a case and without an excuse."""
    return [row.key for row in rows(suites, root) if not row.cases and not row.excused]


_TITLES: Final = {
    "lenient": (
        "Notation: what a reader accepts",
        "Each clause of each game's list of lenient forms (the rules "
        + ", ".join(f"`{r}`" for r in LENIENCY.values())
        + "), then each token class in each lenient form (declared in "
        "`cuckoo.conformance.suites.notation.LENIENT`), with its `format` case: the record "
        "written canonically but for that one form, whose answer must be the canonical "
        "record. A form the spec refuses is an error case.",
    ),
    "canonical": (
        "Notation: canonical writing",
        "Each clause of each game's canonical-form rules, then each record that exercises "
        "one where it can go wrong (declared in `cuckoo.conformance.suites.notation.WRITING`), "
        "with its `format` case.",
    ),
    "errors": (
        "Notation and rules: what is refused",
        "Each sentence of the spec that says something is an error, refused, illegal or "
        "malformed, or must be so, and the error cases (curated, generated, or the spec's "
        "own examples) that expect the rule it names (at most three shown).",
    ),
}


def page_lines(suites: list[dict[str, Any]], root: Path = ROOT) -> list[str]:
    """The coverage page's three tables of the notation's structure, and their gaps."""
    table = rows(suites, root)
    lines: list[str] = []
    for kind, (title, intro) in _TITLES.items():
        mine = [r for r in table if r.table == kind]
        lines += [f"## {title}", "", intro, "", "| rule | what | cases |", "|---|---|---|"]
        for row in mine:
            shown = ", ".join(f"`{c}`" for c in row.cases) or (
                f"none needed: {row.excused}" if row.excused else "**gap**"
            )
            what = row.what.replace("|", "\\|")
            lines.append(f"| `{row.rule}` | {what} | {shown} |")
        covered = sum(1 for r in mine if r.cases or r.excused)
        lines += ["", f"{covered} of {len(mine)} rows have a case or need none.", ""]
    missing = gaps(suites, root)
    lines += ["### Gaps in the notation's structure", ""]
    lines += [f"- {key}" for key in missing] or ["None: every row has a case or needs none."]
    return [*lines, ""]
