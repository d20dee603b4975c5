"""Rule IDs as links: a pending link to a rule, made once every document has been read;
inline code that is exactly a rule ID turned into one; and MyST links into a symlinked
folder (``docs/spec``) repaired."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from .data import CITATION, RULE_ID, Mention, spec_data

__all__ = ["link_inline_ids", "relink_symlinked", "rule_link", "rule_reference", "with_rule_links"]


class rule_reference(nodes.Inline, nodes.TextElement):
    """A link to the rule ``rule_id``, made when every document has been read.

    Its children are what the link shows.  An unknown rule leaves them unlinked (the
    consistency check has warned about it).
    """


def rule_link(rule_id: str, *children: nodes.Node) -> rule_reference:
    """A pending link to ``rule_id`` showing ``children`` (the ID as code by default)."""
    shown = list(children) or [nodes.literal(rule_id, rule_id)]
    return rule_reference("", "", *shown, rule_id=rule_id)


def with_rule_links(text: str) -> list[nodes.Node]:
    """``text`` with each rule ID in it turned into a pending rule link."""
    parts: list[nodes.Node] = []
    start = 0
    for match in CITATION.finditer(text):
        if match.start() > start:
            parts.append(nodes.Text(text[start : match.start()]))
        parts.append(rule_link(match.group()))
        start = match.end()
    if start < len(text):
        parts.append(nodes.Text(text[start:]))
    return parts


def link_inline_ids(app: Sphinx, doctree: nodes.document) -> None:
    """Turn inline code that is exactly a rule ID into a pending link, and record it."""
    env = app.env
    data = spec_data(env)
    for literal in list(doctree.findall(nodes.literal)):
        text = literal.astext()
        if not RULE_ID.fullmatch(text):
            continue
        if any(isinstance(a, (nodes.reference, rule_reference, nodes.title)) for a in _up(literal)):
            continue
        data.mentions.append(Mention(text, "inline code", env.docname, literal.line))
        literal.replace_self(rule_link(text, literal.deepcopy()))


def relink_symlinked(app: Sphinx, doctree: nodes.document) -> None:
    """Repair MyST links to documents in a symlinked folder, such as ``docs/spec``.

    Sphinx resolves symlinks in the paths of links, so ``[support](place.md)`` written in
    ``docs/spec/cuckoo-dice/turn.md`` points at ``spec/cuckoo-dice/place.md`` outside the
    source folder, which names no document.  Such a target is mapped back to the document it
    is inside the source folder, so the spec's ordinary relative links (the ones that also
    work on a forge's web view of ``spec/``) work in the built site too.
    """
    srcdir = Path(app.srcdir)
    folders = {
        entry.resolve(): entry.name
        for entry in srcdir.iterdir()
        if entry.is_symlink() and entry.is_dir()
    }
    if not folders:
        return
    for xref in doctree.findall(addnodes.pending_xref):
        target = Path(str(xref.get("reftarget", "")))
        if xref.get("reftype") != "myst" or xref.get("refdomain") != "doc":
            continue
        if not target.is_absolute():
            continue
        for real, name in folders.items():
            if target.is_relative_to(real):
                docname = (Path(name) / target.relative_to(real)).as_posix()
                if docname in app.env.found_docs:
                    xref["reftarget"] = docname
                break


def _up(node: nodes.Node) -> Iterator[nodes.Node]:
    """The ancestors of ``node``, nearest first."""
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent
