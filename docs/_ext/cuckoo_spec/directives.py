"""The directives: ``rule``, ``example`` and ``traceability`` (see the package's
docstring for how they are written)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from .data import CITATION, RULE_ID, SLUG, Example, Mention, Rule, spec_data
from .examples import REFUSALS, Replayed, expectation_words, replay_example, sentence
from .links import rule_link, with_rule_links

__all__ = ["ExampleDirective", "RuleDirective", "TraceabilityDirective", "traceability_table"]


class traceability_table(nodes.General, nodes.Element):
    """Where the ``traceability`` directive's table goes, once every rule is known."""


class RuleDirective(SphinxDirective):
    """``rule``: a normative rule with a stable ID and a title."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "title": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """Check the ID and title, record the rule and render it as a headed block."""
        rule_id = self.arguments[0]
        if not RULE_ID.fullmatch(rule_id):
            raise self.error(f"{rule_id!r} is not a rule ID (such as CD-PLACE-SUPPORT)")
        title = " ".join(self.options.get("title", "").split())
        if not title:
            raise self.error(f"rule {rule_id} has no :title:")
        if not self.content:
            raise self.error(f"rule {rule_id} is empty")

        block = nodes.container(classes=["cuckoo-rule"], ids=[rule_id])
        self.set_source_info(block)
        _note_target(self, block)
        header = nodes.paragraph(classes=["cuckoo-rule-header"])
        header += nodes.inline(rule_id, rule_id, classes=["cuckoo-rule-id"])
        header += nodes.Text(" ")  # search snippets read the header as plain text
        title_nodes, messages = self.state.inline_text(title, self.lineno)
        header += nodes.inline("", "", *title_nodes, classes=["cuckoo-rule-title"])
        header += nodes.reference(
            "",
            "¶",
            refuri=f"#{rule_id}",
            internal=True,
            classes=["headerlink"],
            reftitle=f"Link to rule {rule_id}",
        )
        block += header
        body = nodes.container(classes=["cuckoo-rule-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        block += body

        spec_data(self.env).rules.append(Rule(rule_id, title, self.env.docname, self.lineno))
        entry = f"{rule_id}; {title.replace(';', ',')}"  # a second ';' would nest a level
        index = addnodes.index(entries=[("single", entry, rule_id, "main", None)])
        return [index, block, *messages]


class ExampleDirective(SphinxDirective):
    """``example``: a game record with the rules it shows and what replaying it gives."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "caption": directives.unchanged_required,
        "rules": directives.unchanged_required,
        "expect": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """Check the slug and options, record the example and render it with its caption,
        its expectation in words and what the engine says of it."""
        slug = self.arguments[0]
        if not SLUG.fullmatch(slug):
            raise self.error(f"{slug!r} is not an example name (such as apex-third-face)")
        rules = tuple(self.options.get("rules", "").split())
        if not rules:
            raise self.error(f"example {slug} names no :rules:")
        malformed = " ".join(repr(r) for r in rules if not RULE_ID.fullmatch(r))
        if malformed:
            raise self.error(
                f"example {slug}: {malformed} in :rules: not rule IDs (separate IDs with spaces)"
            )
        expect = " ".join(self.options.get("expect", "").split())
        if not expect:
            raise self.error(f"example {slug} has no :expect:")
        if not self.content:
            raise self.error(f"example {slug} has no record")
        text = " ".join(self.options.get("caption", "").split())
        if not text:
            raise self.error(f"example {slug} has no :caption: (what it shows, in plain words)")
        record = "\n".join(self.content)
        replayed = replay_example(record, f"{slug}.cuckoo")
        try:
            words = expectation_words(expect, replayed.players)
        except ValueError as error:
            raise self.error(f"example {slug}: {error}") from None
        first = expect.split(";")[0].split()
        refused = first[0] in REFUSALS
        said = replayed.refusal or "nothing: it replays"
        cites = f": {first[-1]}: " in said
        if refused != (replayed.refusal is not None) or (refused and not cites):
            raise self.error(f"example {slug} expects {expect!r}; the engine says {said}")

        data = spec_data(self.env)
        example = Example(slug, rules, expect, self.env.docname, self.lineno)
        data.examples.append(example)
        for rule_id in CITATION.findall(expect):
            data.mentions.append(
                Mention(rule_id, f"the :expect: of example {slug}", self.env.docname, self.lineno)
            )

        language = self.config.cuckoo_example_language
        literal = nodes.literal_block(record, record, language=language)
        literal["classes"].append("cuckoo-example-record")
        self.set_source_info(literal)

        caption = nodes.caption("", "")
        self.set_source_info(caption)
        caption_nodes, messages = self.state.inline_text(text, self.lineno)
        caption += nodes.inline("", "", *caption_nodes, classes=["cuckoo-example-caption"])
        caption += nodes.Text(" ")
        caption += nodes.inline(slug, slug, classes=["cuckoo-example-slug"])

        expected = nodes.paragraph("", "", classes=["cuckoo-example-expect"])
        expected += nodes.strong("Expected: ", "Expected: ")
        expected += with_rule_links(sentence(words))
        shown = nodes.paragraph("", "", classes=["cuckoo-example-rules"])
        shown += nodes.strong("Rules shown: ", "Rules shown: ")
        for n, rule_id in enumerate(rules):
            shown += [nodes.Text(", ")] * bool(n) + [rule_link(rule_id)]

        wrapper = nodes.container(
            "",
            caption,
            literal,
            expected,
            *self._engine_says(replayed),
            shown,
            literal_block=True,
            classes=["literal-block-wrapper", "cuckoo-example"],
            ids=[example.anchor],
        )
        self.set_source_info(wrapper)
        _note_target(self, wrapper)
        return [wrapper, *messages]

    def _engine_says(self, replayed: Replayed) -> list[nodes.Node]:
        """The refusal as ``cuckoo validate`` prints it, or the position before an infection
        (the position after it is drawn under every example, by ``cuckoo_pictures``)."""
        if replayed.refusal is not None:
            label = nodes.paragraph("", "", classes=["cuckoo-example-refusal-label"])
            label += nodes.strong("The engine refuses it. ", "The engine refuses it. ")
            label += nodes.Text("What ")
            label += nodes.literal("cuckoo validate", "cuckoo validate")
            label += nodes.Text(" prints:")
            console = f"$ cuckoo validate {replayed.source}\n{replayed.refusal}"
            message = nodes.literal_block(console, console, language="text")
            message["classes"].append("cuckoo-example-refusal")
            return [label, message]
        if replayed.before is not None:
            from cuckoo_pictures import position_picture  # the pictures' own extension

            picture = position_picture(replayed.before, self.env)
            label = nodes.paragraph(
                "",
                "Before the infection (the picture under the example shows the position after it):",
                classes=["cuckoo-example-before"],
            )
            return [label, *([picture] if picture is not None else [])]
        return []


class TraceabilityDirective(SphinxDirective):
    """``traceability FOLDER``: the table of the rules under FOLDER and what cites them."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Leave a placeholder, filled in when every document has been read."""
        folder = self.arguments[0].strip("/")
        spec_data(self.env).tables.add((self.env.docname, folder))
        placeholder = traceability_table(folder=folder)
        self.set_source_info(placeholder)
        return [placeholder]


def _note_target(directive: SphinxDirective, node: nodes.Element) -> None:
    """Make ``node`` an explicit link target named after its (exact, unchanged) ID.

    Sphinx's standard domain then knows it, so MyST links such as
    ``[support](place.md#CD-PLACE-SUPPORT)`` and ``[support](#CD-PLACE-SUPPORT)`` resolve.
    """
    node["names"].append(nodes.fully_normalize_name(node["ids"][0]))
    directive.state.document.note_explicit_target(node, node)
