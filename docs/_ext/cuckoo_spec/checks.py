"""The consistency check: every broken promise of the rules, examples and tables is a
warning, so that ``sphinx -W`` fails on it."""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from .citations import cited_by_tests
from .data import Example, document_order, position, spec_data, under

__all__ = ["check"]

logger = logging.getLogger("cuckoo_spec")
WARNING_TYPE = "cuckoo"


def check(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about every broken promise, once all documents are read."""
    data = spec_data(env)
    order = document_order(env)
    defined = data.defined(order)
    for rule in sorted(data.rules, key=lambda r: position(order, r.docname, r.lineno)):
        first = defined[rule.id]
        if rule is not first:
            _warn(
                f"rule ID {rule.id} is defined twice; first in {first.docname}, "
                f"line {first.lineno}",
                rule.docname,
                rule.lineno,
                "duplicate",
            )
    slugs: dict[str, Example] = {}
    for example in sorted(data.examples, key=lambda e: position(order, e.docname, e.lineno)):
        seen = slugs.setdefault(example.slug, example)
        if seen is not example:
            _warn(
                f"example {example.slug} is defined twice; first in {seen.docname}, "
                f"line {seen.lineno}",
                example.docname,
                example.lineno,
                "duplicate",
            )
        for rule_id in example.rules:
            if rule_id not in defined:
                _warn(
                    f"example {example.slug} cites unknown rule {rule_id}",
                    example.docname,
                    example.lineno,
                    "unknown",
                )
    for mention in data.mentions:
        if mention.rule_id not in defined:
            _warn(
                f"unknown rule {mention.rule_id} in {mention.where}",
                mention.docname,
                mention.lineno,
                "unknown",
            )
    by_tests = cited_by_tests(app)
    by_examples = {rule_id for e in data.examples for rule_id in e.rules}
    folders = {folder for _, folder in data.tables}
    for rule in defined.values():
        if rule.id not in by_tests and rule.id not in by_examples:
            _warn(
                f"rule {rule.id} is cited by no test and no example",
                rule.docname,
                rule.lineno,
                "uncited",
            )
        if folders and not any(under(rule.docname, folder) for folder in folders):
            _warn(f"rule {rule.id} is in no traceability table", rule.docname, rule.lineno, "table")
    for docname, folder in sorted(data.tables):
        if not any(under(rule.docname, folder) for rule in defined.values()):
            _warn(f"traceability table of {folder!r}: no rules there", docname, None, "table")


def _warn(message: str, docname: str, lineno: int | None, subtype: str) -> None:
    location: str | tuple[str, int] = docname if lineno is None else (docname, lineno)
    logger.warning(message, location=location, type=WARNING_TYPE, subtype=subtype)
