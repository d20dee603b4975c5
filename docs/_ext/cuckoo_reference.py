"""Sphinx extension for the Rules Reference books (``docs/reference/``).

A Rules Reference states every rule of a game in a player's words, by topic, with the rule's
ID small beside it; this extension gives it three things:

``{ruleid}`CD-PLACE-SUPPORT``` (a role)
    The ID, set small, linking to the rule in the spec (``cuckoo_spec`` turns the inline code
    into the link and warns about an ID that names no rule).
``cuckoo-reference-table NAME`` (a directive)
    A table a player looks things up in, made from the engine, so that no number in it is
    typed by hand: ``second-face`` (the dice pyramid's second face, own and foreign die),
    ``card-values`` (the card game's card values, aces low and high), ``cockatoos`` (the
    cockatoos printed on Zum Kuckuck!'s number cards) and ``nest-cards`` (its nest cards).
Examples under each topic
    Each topic ends with links to the examples that show its rules beside them, in the
    chapter that defines them (at most :data:`EXAMPLES_PER_TOPIC`, by chapter and line; not
    those of the notation chapters), named by their slugs in words: records the engine
    replays at every build, so the reference shows nothing the engine has not checked.
Topics in the general index
    Every section of a page under ``reference/`` goes into the general index as
    *topic; game*, the game taken from the page title (``Cuckoo, the dice pyramid: Rules
    Reference``), so the index lists each topic of each game's reference; the section *For
    implementers*, a list of the notation rules, is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby
from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from cuckoo.cards.deck import RANKS, Card, rank_value
from cuckoo.dice.faces import FACES, second_face
from cuckoo.kuckuck.cards import NEST_CARDS, NUMBERS, halves

__all__ = ["TABLES", "setup"]

FOLDER = "reference/"
TITLE_END = ": Rules Reference"
EXAMPLES_PER_TOPIC = 3
IMPLEMENTERS = "for-implementers"
"""The section of a reference page that lists the rules for programs."""


def ruleid_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``{ruleid}`ID```: the ID as small code; ``cuckoo_spec`` links it to its rule."""
    rule_id = text.strip()
    span = nodes.inline(rawtext, "", nodes.literal(rule_id, rule_id), classes=["cuckoo-ref-id"])
    return [span], []


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table."""
    lines: list[Sequence[object]] = [header, ["---"] * len(header), *rows]
    return "\n".join("| " + " | ".join(str(cell) for cell in line) + " |" for line in lines)


def _second_face() -> str:
    rows = [[v, second_face(v, True), second_face(v, False)] for v in FACES]
    return _table(["value", "beside your own die", "beside your opponent's die"], rows)


RANK_NAMES = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}


def _card_values() -> str:
    """One row per picture card and the ace; the number cards in one row when each is
    worth its number (so the table fits a phone)."""
    rows: list[list[object]] = []
    for named, group in groupby(RANKS, key=lambda rank: rank in "AJQK"):
        ranks = list(group)
        values = [[rank_value(Card(r, "s"), aces) for aces in ("low", "high")] for r in ranks]
        names = [RANK_NAMES.get(r, r) for r in ranks]
        if not named and all(v == [int(n)] * 2 for n, v in zip(names, values, strict=True)):
            span = f"{names[0]} to {names[-1]}"
            rows.append([span, span, span])
        else:
            rows += [[n, *v] for n, v in zip(names, values, strict=True)]
    return _table(["card", "aces low", "aces high"], rows)


def _cockatoos() -> str:
    shown = {0: "none", 1: "half a cockatoo", 2: "a whole cockatoo"}
    rows = []
    for value, group in groupby(NUMBERS, key=halves):
        numbers = list(group)
        rows.append([f"{numbers[0]} to {numbers[-1]}", shown[value]])
    return _table(["number cards", "cockatoo printed"], rows)


def _nest_cards() -> str:
    values = sorted(NEST_CARDS)
    (each,) = set(NEST_CARDS.values())  # the deck has as many cards of every value
    row = [sum(NEST_CARDS.values()), f"{values[0]} to {values[-1]}", each]
    return _table(["nest cards", "cuckoos on each", "cards of each value"], [row])


TABLES: dict[str, Callable[[], str]] = {
    "second-face": _second_face,
    "card-values": _card_values,
    "cockatoos": _cockatoos,
    "nest-cards": _nest_cards,
}
"""Each table the directive makes, as Markdown, by name."""


class TableDirective(SphinxDirective):
    """``cuckoo-reference-table NAME``: one of :data:`TABLES`, made from the engine."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """Parse the named table's Markdown into nodes."""
        make = TABLES.get(self.arguments[0])
        if make is None:
            raise self.error(f"no table {self.arguments[0]!r}; one of {', '.join(TABLES)}")
        self.env.note_dependency(__file__)
        return self.parse_text_to_nodes(make())


class IndexTopics(SphinxTransform):
    """Put every section of a Rules Reference page in the general index, under its game.

    It runs before Sphinx collects the index entries (``SphinxDomains``, priority 850)."""

    default_priority = 840

    def apply(self, **kwargs: Any) -> None:
        """Add an index entry at the head of each section but the page's own."""
        if not self.env.docname.startswith(FOLDER):
            return
        title = next(iter(self.document.findall(nodes.title)), None)
        if title is None or not title.astext().endswith(TITLE_END):
            return
        game = title.astext().removesuffix(TITLE_END).replace(";", ",")
        for section in list(self.document.findall(nodes.section)):
            if section.parent is self.document or not section["ids"]:
                continue
            if section["ids"][0] == IMPLEMENTERS:
                continue  # the notation rules, listed for programs: no topic for players
            topic = section[0].astext().replace(";", ",")
            entry = ("single", f"{topic}; {game}", section["ids"][0], "", None)
            section.insert(1, addnodes.index(entries=[entry]))


def _add_examples(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """End each topic of a reference page with links to the examples of its rules."""
    if not docname.startswith(FOLDER):
        return
    from cuckoo_spec.data import spec_data  # the examples the spec extension recorded

    data = spec_data(app.env)
    chapter = {rule.id: rule.docname for rule in data.rules}
    examples = sorted(data.examples, key=lambda e: (e.docname, e.lineno))
    for section in doctree.findall(nodes.section):
        cited = {
            span.astext()
            for span in section.findall(nodes.inline)
            if "cuckoo-ref-id" in span["classes"]
        }
        shown = [
            e for e in examples if any(chapter.get(r) == e.docname for r in cited & set(e.rules))
        ][:EXAMPLES_PER_TOPIC]
        if not shown or section.next_node(nodes.section, include_self=False, descend=True):
            continue  # no examples, or a topic with topics under it
        line = nodes.paragraph("", "", classes=["cuckoo-ref-examples"])
        line += nodes.Text("Examples, replayed by the engine: ")
        for n, example in enumerate(shown):
            words = nodes.Text(example.slug.replace("-", " "))
            line += [nodes.Text("; ")] * bool(n)
            line += make_refnode(app.builder, docname, example.docname, example.anchor, words)
        section += line


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the role, the directive, the index transform and the style sheet."""
    app.setup_extension("cuckoo_spec")  # links the IDs, and ships the style sheet's folder
    app.add_role("ruleid", ruleid_role)
    app.add_directive("cuckoo-reference-table", TableDirective)
    app.add_transform(IndexTopics)
    app.connect("doctree-resolved", _add_examples)
    app.add_css_file("cuckoo_reference.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
