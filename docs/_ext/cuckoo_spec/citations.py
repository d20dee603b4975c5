"""Citations by the tests: which rule IDs the test files cite, read anew on every build
(Sphinx does not track the tests)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config

from .data import CITATION

__all__ = ["DEFAULT_TEST_PATTERNS", "cited_by_tests", "tests_dir"]

DEFAULT_TEST_PATTERNS = ("**/*.py", "conformance/**/*.json")


def tests_dir(config: Config, confdir: Path) -> Path:
    """The configured tests folder, ``tests`` beside the docs folder by default."""
    configured = str(config.cuckoo_tests_dir)
    return Path(configured) if configured else confdir.parent / "tests"


def _cited_in(path: Path) -> Iterator[tuple[str, str]]:
    """The rule IDs that ``path`` cites, each with how to show the citation.

    A conformance suite (a JSON object with ``cases``) cites only through its cases, not
    through the catalogue of rules that may sit beside them (or every rule would count as
    tested); the citation shows how many cases cite the rule.  Any other file cites every
    rule ID in its text.
    """
    text = path.read_text(encoding="utf-8", errors="replace")
    cases: object = None
    if path.suffix == ".json":
        try:
            suite = json.loads(text)
        except ValueError:
            suite = None
        if isinstance(suite, dict):
            cases = suite.get("cases")
    if isinstance(cases, list):
        counts: dict[str, int] = {}
        for case in cases:
            for rule_id in set(CITATION.findall(json.dumps(case))):
                counts[rule_id] = counts.get(rule_id, 0) + 1
        for rule_id, n in counts.items():
            yield rule_id, f"({n} case{'s' if n > 1 else ''})"
    else:
        for rule_id in set(CITATION.findall(text)):
            yield rule_id, ""


def cited_by_tests(app: Sphinx) -> dict[str, list[tuple[str, str]]]:
    """Each rule ID cited by a test file: the files (relative to the tests folder) and their
    details.

    The files are read anew on every call; Sphinx does not track them.
    """
    tests = tests_dir(app.config, Path(app.confdir))
    found: dict[str, list[tuple[str, str]]] = {}
    if not tests.is_dir():
        return found
    paths: set[Path] = set()
    for pattern in app.config.cuckoo_test_patterns:
        paths.update(p for p in tests.glob(pattern) if p.is_file())
    for path in sorted(paths):
        shown = path.relative_to(tests).as_posix()
        for rule_id, detail in _cited_in(path):
            found.setdefault(rule_id, []).append((shown, detail))
    return found
