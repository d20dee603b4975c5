"""The traceability table: every rule under a folder, linked to its definition, with the
test files and the examples that cite it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.nodes import make_refnode

from .citations import cited_by_tests, tests_dir
from .data import Example, document_order, position, spec_data, under

__all__ = ["traceability"]

Line = list[nodes.Node]
"""One line of a table cell: the nodes of one paragraph."""


@dataclass
class Row:
    """A table row: each cell a list of lines; an uncited row is marked for the style sheet."""

    cells: list[list[Line]]
    uncited: bool = False


def traceability(app: Sphinx, docname: str, folder: str) -> list[nodes.Node]:
    """The table of the rules under ``folder``, with the tests and examples citing them,
    seen from ``docname``."""
    env = app.env
    data = spec_data(env)
    order = document_order(env)
    rules = [rule for rule in data.defined(order).values() if under(rule.docname, folder)]
    by_tests = cited_by_tests(app)
    examples: dict[str, list[Example]] = {}
    for example in sorted(data.examples, key=lambda e: position(order, e.docname, e.lineno)):
        for rule_id in example.rules:
            examples.setdefault(rule_id, []).append(example)

    def link(target_doc: str, anchor: str | None, shown: nodes.Node) -> nodes.Node:
        return make_refnode(app.builder, docname, target_doc, anchor, shown)

    rows: list[Row] = []
    for rule in rules:
        title = env.titles.get(rule.docname)
        chapter = title.astext() if title is not None else rule.docname
        tests: list[Line] = [
            [nodes.literal(path, path), *([nodes.Text(f" {detail}")] if detail else [])]
            for path, detail in by_tests.get(rule.id, [])
        ]
        shown_in: list[Line] = [
            [link(e.docname, e.anchor, nodes.literal(e.slug, e.slug))]
            for e in examples.get(rule.id, [])
        ]
        cells: list[list[Line]] = [
            [
                [link(rule.docname, rule.id, nodes.literal(rule.id, rule.id))],
                [nodes.Text(rule.title)],
                [nodes.Text("in "), link(rule.docname, None, nodes.Text(chapter))],
            ],
            [_joined(tests)],
            [_joined(shown_in)],
        ]
        rows.append(Row(cells, uncited=not tests and not shown_in))

    uncited = sum(1 for row in rows if row.uncited)
    tested = sum(1 for rule in rules if rule.id in by_tests)
    shown_by_examples = sum(1 for rule in rules if rule.id in examples)
    summary = nodes.paragraph(
        "",
        f"{len(rules)} rules: {tested} cited by tests, {shown_by_examples} by examples, "
        f"{uncited} by neither.",
        classes=["cuckoo-traceability-summary"],
    )
    folder_name = tests_dir(app.config, Path(app.confdir)).name
    header = ["Rule", f"Tests (in {folder_name}/)", "Examples"]
    return [summary, _table(header, rows, widths=[32, 42, 26])]


def _joined(items: list[Line]) -> Line:
    """The items on one line, separated by commas; *none* if there are none."""
    if not items:
        return [nodes.emphasis("none", "none")]
    line: Line = []
    for n, item in enumerate(items):
        line += [nodes.Text(", ")] * bool(n) + item
    return line


def _table(header: list[str], rows: list[Row], widths: list[int]) -> nodes.table:
    """A docutils table with a header row."""
    table = nodes.table(classes=["cuckoo-traceability"])
    group = nodes.tgroup(cols=len(header))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)

    def make(row: Row) -> nodes.row:
        made = nodes.row(classes=["cuckoo-uncited"] if row.uncited else [])
        for lines in row.cells:
            made += nodes.entry("", *(nodes.paragraph("", "", *line) for line in lines))
        return made

    head = nodes.thead()
    head += make(Row([[[nodes.Text(h)]] for h in header]))
    group += head
    body = nodes.tbody()
    for row in rows:
        body += make(row)
    group += body
    return table
