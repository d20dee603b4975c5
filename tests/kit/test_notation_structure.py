"""The notation's structure is covered from the spec: every lenient form is read in a case,
every canonical-writing rule is exercised, every normative sentence has an error case
(cuckoo.conformance.suites.notation, cuckoo.conformance.coverage.notation)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from cuckoo.conformance.coverage.notation import (
    EXCUSED,
    READER,
    SHOWN,
    TARGETS,
    clauses,
    gaps,
    rows,
    rule_texts,
    sentences,
)
from cuckoo.conformance.protocol import Session
from cuckoo.conformance.suites.build import load_all
from cuckoo.conformance.suites.notation import BASES, LENIENT, WRITING

ROOT = Path(__file__).resolve().parents[2]


def _without(suites: list[dict[str, Any]], *ids: str) -> list[dict[str, Any]]:
    return [{**s, "cases": [c for c in s["cases"] if c["id"] not in ids]} for s in suites]


def _format(text: str) -> str:
    answer = Session().answer("format " + text)
    assert answer.startswith("= "), answer
    text = json.loads(answer[2:])
    assert isinstance(text, str)
    return text


def test_no_lenient_form_canonical_rule_or_normative_sentence_lacks_a_case() -> None:
    """Rerun ``python -m cuckoo.conformance.suites.build`` and ``coverage --write`` after adding
    cases; a gap is closed by a case, or excused in coverage.notation.EXCUSED with a reason."""
    assert gaps(load_all()) == []


def test_every_declared_words_are_the_specs_and_match_once() -> None:
    """A clause cited, a sentence mapped, shown or excused must be found in the spec, once:
    an entry the spec no longer says is dead, and fails here."""
    texts = rule_texts()
    said = list(sentences(texts))
    for table in (TARGETS, SHOWN):
        for rule, words in table:
            assert sum(1 for r, s in said if r == rule and words in s) == 1, (rule, words)
    every = said + [(r, c) for r in texts for c in clauses(texts, r)]
    for rule, words in EXCUSED:
        assert any(r == rule and words in s for r, s in every), (rule, words)
    for form in LENIENT:
        assert " ".join(form.clause.split()) in texts[form.source], form.id
    for writing in WRITING:
        for words in (writing.clause, *writing.also):
            assert words in texts[writing.rule], (writing.id, words)


@pytest.mark.parametrize("form", [f for f in LENIENT if not f.refused], ids=lambda f: f.id)
def test_a_lenient_form_reads_as_the_canonical_record(form: Any) -> None:
    """The case's expectation is the canonical record it was made from, byte for byte."""
    base = BASES[form.game][form.base]
    assert form.record() != base
    case = {c["id"]: c for s in load_all() for c in s["cases"]}[form.id]
    assert case["expect"]["format"] == _format(base)


def test_every_format_case_is_written_as_it_reads() -> None:
    """The canonical text of every format case of the suite, read again, is written the
    same: canonical writing never writes what its reader refuses or reads otherwise."""
    cases = [c for s in load_all() for c in s["cases"] if "format" in c["expect"]]
    assert len(cases) > 100
    for case in cases:
        text = case["expect"]["format"]
        assert _format(text.replace("\n", " ")) == text, case["id"]  # a tag value's spaces kept


def test_a_case_taken_away_opens_a_gap() -> None:
    suites = load_all()
    found = gaps(_without(suites, "cards-lenient-keep-upper", "cards-canonical-stopped-in-a-deal"))
    assert "lenient: CC-NOTATION-LENIENT: keep upper" in found
    assert "canonical: CC-NOTATION-CANONICAL: stopped-in-a-deal" in found
    dealt = gaps(_without(suites, "spec-cards-a-card-short"))
    assert any(g.startswith("errors: CC-NOTATION-DEAL: A card dealt") for g in dealt)
    clause = gaps(_without(suites, "cards-lenient-card-ten-as-10"))
    assert "lenient: CC-NOTATION-LENIENT: `10` for `T`;" in clause


def test_a_sentence_or_lenient_form_added_to_the_spec_is_found(tmp_path: Path) -> None:
    """The check reads the spec: a new "is an error" sentence, or a new clause in a list of
    lenient forms, is a gap until a case shows it."""
    shutil.copytree(ROOT / "spec", tmp_path / "spec")
    chapter = tmp_path / "spec" / "cuckoo-cards" / "notation.md"
    text = chapter.read_text(encoding="utf-8")
    text = text.replace(
        "commas as well as spaces;", "commas as well as spaces; a dash for a missing card;"
    )
    made_up = "CC-Made-Up"  # a rule of this copy only: not written as the spec's IDs are
    text += f"\n```{{rule}} {made_up}\n:title: New\n\nA deal of jokers is an error.\n```\n"
    chapter.write_text(text, encoding="utf-8")
    found = gaps(load_all(), tmp_path)
    assert f"errors: {made_up}: A deal of jokers is an error." in found
    assert "lenient: CC-NOTATION-LENIENT: a dash for a missing card;" in found
    assert clauses(rule_texts(tmp_path), "CC-NOTATION-LENIENT", READER["CC-NOTATION-LENIENT"])


def test_the_tables_count_what_they_cover() -> None:
    """Every game has lenient forms and canonical-writing records, and every row of the
    three tables is on the page."""
    table = rows(load_all())
    for game in BASES:
        assert any(r.table == "lenient" and r.game == game and r.cases for r in table)
        assert any(r.table == "canonical" and r.game == game and r.cases for r in table)
    page = (ROOT / "docs" / "kit" / "coverage.md").read_text(encoding="utf-8")
    assert "## Notation: what a reader accepts" in page and "cards-lenient-deal-split" in page
