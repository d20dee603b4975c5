"""What the build environment remembers of the rules, examples and tables it read, and the
reading order of the documents, for every part of the extension."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from sphinx.environment import BuildEnvironment

__all__ = [
    "CITATION",
    "RULE_ID",
    "SLUG",
    "Example",
    "Mention",
    "Rule",
    "SpecData",
    "document_order",
    "position",
    "spec_data",
    "under",
]

RULE_ID = re.compile(r"[A-Z]{2}(?:-[A-Z0-9]+)+")
"""A rule ID, such as ``CD-PLACE-SUPPORT`` (match it whole, with ``fullmatch``)."""

SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""An example's name, such as ``support-is-required`` (match it whole)."""

CITATION = re.compile(r"(?<![\w-])[A-Z]{2}(?:-[A-Z0-9]+)+(?![\w-])")
"""A rule ID standing alone in a text: not part of a longer word or a longer ID."""

ENV_ATTRIBUTE = "cuckoo_spec"


@dataclass(frozen=True)
class Rule:
    """A rule as defined by a ``rule`` directive."""

    id: str
    title: str
    docname: str
    lineno: int


@dataclass(frozen=True)
class Example:
    """An example as defined by an ``example`` directive."""

    slug: str
    rules: tuple[str, ...]
    expect: str
    docname: str
    lineno: int

    @property
    def anchor(self) -> str:
        """The HTML anchor of the example."""
        return f"example-{self.slug}"


@dataclass(frozen=True)
class Mention:
    """A rule ID that must name a rule, although citing it does not count as testing it."""

    rule_id: str
    where: str
    docname: str
    lineno: int | None


@dataclass
class SpecData:
    """Everything the extension records while reading, kept in the build environment.

    Each entry knows its document, so a document that is read again (or removed) is first
    purged, and the entries read in parallel by other processes are merged by document.
    """

    rules: list[Rule] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    tables: set[tuple[str, str]] = field(default_factory=set)
    """Each ``traceability`` directive: its document and the folder whose rules it lists."""

    def purge(self, docname: str) -> None:
        """Forget what ``docname`` defined."""
        self.rules = [r for r in self.rules if r.docname != docname]
        self.examples = [e for e in self.examples if e.docname != docname]
        self.mentions = [m for m in self.mentions if m.docname != docname]
        self.tables = {t for t in self.tables if t[0] != docname}

    def merge(self, other: SpecData, docnames: Iterable[str]) -> None:
        """Take over what ``other`` recorded for ``docnames`` (read by another process)."""
        docs = set(docnames)
        self.rules += [r for r in other.rules if r.docname in docs]
        self.examples += [e for e in other.examples if e.docname in docs]
        self.mentions += [m for m in other.mentions if m.docname in docs]
        self.tables |= {t for t in other.tables if t[0] in docs}

    def defined(self, order: dict[str, int]) -> dict[str, Rule]:
        """Every rule ID with its first definition, in reading ``order``, in that order."""
        found: dict[str, Rule] = {}
        for rule in sorted(self.rules, key=lambda r: position(order, r.docname, r.lineno)):
            found.setdefault(rule.id, rule)
        return found

    def citing_documents(self) -> set[str]:
        """The documents that link to rules (their links change when a rule moves)."""
        return {e.docname for e in self.examples} | {m.docname for m in self.mentions}


def position(order: dict[str, int], docname: str, lineno: int) -> tuple[int, str, int]:
    """Where a line stands in reading order; documents outside the toctrees come last."""
    return order.get(docname, len(order)), docname, lineno


def spec_data(env: BuildEnvironment) -> SpecData:
    """The extension's data in ``env``, created on first use."""
    data = getattr(env, ENV_ATTRIBUTE, None)
    if not isinstance(data, SpecData):
        data = SpecData()
        setattr(env, ENV_ATTRIBUTE, data)
    return data


def document_order(env: BuildEnvironment) -> dict[str, int]:
    """Each document's position in reading order (the toctrees from the root document)."""
    order: dict[str, int] = {}
    stack = [env.config.root_doc]
    while stack:
        docname = stack.pop()
        if docname in order:
            continue
        order[docname] = len(order)
        stack.extend(reversed(env.toctree_includes.get(docname, [])))
    return order


def under(docname: str, folder: str) -> bool:
    """Whether ``docname`` is a document in ``folder`` or below it."""
    return docname.startswith(folder + "/")
