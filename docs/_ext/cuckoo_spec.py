"""Sphinx extension for the Cuckoo rules: rules, examples and the traceability table.

It adds three directives, written in MyST like this::

    ```{rule} CD-PLACE-SUPPORT
    :title: A die rests on three dice

    A die may be placed on a cell of layer 0, 1 or 2 only if ...
    ```

    ```{example} support-is-required
    :caption: Blue may not put a die on the second layer before the three dice under it.
    :rules: CD-PLACE-SUPPORT
    :expect: illegal CD-PLACE-SUPPORT

    [Game "cuckoo-dice"]
    ...
    ```

    ```{traceability} spec/cuckoo-dice
    ```

``rule``
    A normative rule: a bordered block headed by its ID and title, with the HTML anchor
    ``#CD-PLACE-SUPPORT`` (the ID exactly as written), so ``page.html#CD-PLACE-SUPPORT`` links
    to it.  Its content is ordinary MyST.  The ID goes into the general index and the
    search index (as a main entry, so a search for the ID lists the rule first and lands on
    its block).
``example``
    A game record (the content, shown verbatim) with a caption in plain words
    (``:caption:``), the rules it shows (``:rules:``, rule IDs separated by spaces) and what
    replaying it must give (``:expect:``, the shorthand the tests read, such as
    ``faces 200 B2C1; result 1-0 sides``).  Its anchor is ``#example-SLUG``.  The page shows
    the shorthand written out in words (:func:`expectation_words`), and the engine answers
    at build time: for a refused record, the line ``cuckoo validate`` prints about it; for a
    record ending in an infection, the position before it (the position after it is drawn
    under every example).
``traceability``
    Becomes a table of every rule defined in the documents under the folder it names (one
    game's chapters), linked to its definition, with the test files and the examples that
    cite it.

Inline code that is exactly a rule ID (`` `CD-PLACE-SUPPORT` `` in MyST) becomes a link to the
rule, anywhere in the documentation.  Inline code in a table breaks only between its words,
never inside an option such as ``--in-place`` (the style sheet keeps each word whole).

Every problem is a warning, so ``sphinx -W`` fails on it: a rule ID defined twice, an
example slug used twice, an unknown rule ID cited by an example or in inline code, a rule
cited by no test and no example, a rule in no traceability table (when there are any), and a
table of a folder that holds no rule.
A test cites a rule by containing its ID as a string, for
example ``rule="CD-PLACE-SUPPORT"`` or a comment ``# CD-PLACE-SUPPORT``; the files searched are
``cuckoo_test_patterns`` under ``cuckoo_tests_dir``.  The ID must stand alone: ``CD-CELL``
is not cited by ``CD-CELL-DUNGEON``.

Configuration values:

``cuckoo_tests_dir``
    The tests folder (default: ``tests`` beside the folder holding ``conf.py``).  A missing
    folder counts as one with no tests.
``cuckoo_test_patterns``
    Glob patterns, relative to it, of the files searched for rule IDs (default:
    ``["**/*.py", "conformance/**/*.json"]``).
``cuckoo_example_language``
    The highlighting language of example records (default ``"text"``).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from cuckoo import CuckooError, dice
from cuckoo.games import read_records, validate
from cuckoo.notation import split_records

__all__ = ["RULE_ID", "SLUG", "Replayed", "expectation_words", "replay_example", "setup"]

logger = logging.getLogger(__name__)

RULE_ID = re.compile(r"[A-Z]{2}(?:-[A-Z0-9]+)+")
"""A rule ID, such as ``CD-PLACE-SUPPORT`` (match it whole, with ``fullmatch``)."""

SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""An example's name, such as ``support-is-required`` (match it whole)."""

CITATION = re.compile(r"(?<![\w-])[A-Z]{2}(?:-[A-Z0-9]+)+(?![\w-])")
"""A rule ID standing alone in a text: not part of a longer word or a longer ID."""

DEFAULT_TEST_PATTERNS = ("**/*.py", "conformance/**/*.json")
STATIC = Path(__file__).resolve().parent / "static"
ENV_ATTRIBUTE = "cuckoo_spec"
WARNING_TYPE = "cuckoo"


# --- What the build environment remembers ------------------------------------------------


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
        for rule in sorted(self.rules, key=lambda r: _position(order, r.docname, r.lineno)):
            found.setdefault(rule.id, rule)
        return found

    def citing_documents(self) -> set[str]:
        """The documents that link to rules (their links change when a rule moves)."""
        return {e.docname for e in self.examples} | {m.docname for m in self.mentions}


def _position(order: dict[str, int], docname: str, lineno: int) -> tuple[int, str, int]:
    """Where a line stands in reading order; documents outside the toctrees come last."""
    return order.get(docname, len(order)), docname, lineno


def spec_data(env: BuildEnvironment) -> SpecData:
    """The extension's data in ``env``, created on first use."""
    data = getattr(env, ENV_ATTRIBUTE, None)
    if not isinstance(data, SpecData):
        data = SpecData()
        setattr(env, ENV_ATTRIBUTE, data)
    return data


# --- Nodes that wait for the whole environment -------------------------------------------


class rule_reference(nodes.Inline, nodes.TextElement):
    """A link to the rule ``rule_id``, made when every document has been read.

    Its children are what the link shows.  An unknown rule leaves them unlinked (the
    consistency check has warned about it).
    """


class traceability_table(nodes.General, nodes.Element):
    """Where the ``traceability`` directive's table goes, once every rule is known."""


def _reference(rule_id: str, *children: nodes.Node) -> rule_reference:
    """A pending link to ``rule_id`` showing ``children`` (the ID as code by default)."""
    shown = list(children) or [nodes.literal(rule_id, rule_id)]
    return rule_reference("", "", *shown, rule_id=rule_id)


# --- Directives ----------------------------------------------------------------------------


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
        expected += _with_rule_links(_sentence(words))
        shown = nodes.paragraph("", "", classes=["cuckoo-example-rules"])
        shown += nodes.strong("Rules shown: ", "Rules shown: ")
        for n, rule_id in enumerate(rules):
            shown += [nodes.Text(", ")] * bool(n) + [_reference(rule_id)]

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
                "Before the infection (the picture under the example shows the position "
                "after it):",
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


def _with_rule_links(text: str) -> list[nodes.Node]:
    """``text`` with each rule ID in it turned into a pending rule link."""
    parts: list[nodes.Node] = []
    start = 0
    for match in CITATION.finditer(text):
        if match.start() > start:
            parts.append(nodes.Text(text[start : match.start()]))
        parts.append(_reference(match.group()))
        start = match.end()
    if start < len(text):
        parts.append(nodes.Text(text[start:]))
    return parts


# --- Examples in words, and as the engine answers them -----------------------------------

REFUSALS = ("malformed", "illegal", "ambiguous")
"""The error kinds an example can expect, first in its ``:expect:``."""

REFUSED = {
    "malformed": "the engine refuses the record as malformed notation ({})",
    "illegal": "the engine refuses a move as illegal ({})",
    "ambiguous": "the engine refuses a move as ambiguous: it fits more than one legal move ({})",
}
WINNERS = {"1-0": "Blue wins", "0-1": "Red wins", "1-1": "both players win"}
DECIDED = {
    "sides": ", on the sides won",
    "dungeon": ", by the dungeon tie-break",
    "captures": ", by the captures tie-break",
    "shared": " (the draft's shared win)",
}
SIDE_VIEW = re.compile(r"([A-C])([1-6])")


@dataclass(frozen=True)
class Replayed:
    """What the engine makes of an example's record, for its rendering."""

    source: str
    """The file name the record is shown under, as ``cuckoo validate`` names it."""
    players: tuple[str, ...]
    """The players' names in seating order (Blue and Red in the dice game); empty when
    the record cannot be read."""
    refusal: str | None
    """The line ``cuckoo validate`` prints about the record; None when it replays."""
    before: str | None
    """For a record that ends in an infection: the record without it (its position is the
    one before the infection)."""


def replay_example(record: str, source: str) -> Replayed:
    """Read and replay *record*, as the file *source*, with the engine the CLI uses."""
    lines = record.splitlines(keepends=True)
    (chunk,) = split_records(lines, rule="CD-NOTATION-SYNTAX")
    _, refusal, _ = validate(chunk, source)
    (item,) = read_records(lines)
    if isinstance(item, CuckooError):
        return Replayed(source, (), refusal, None)
    kit, parsed = item
    names = parsed.tag("Players")
    players = tuple(names.split()) if names else dice.PLAYER_NAMES
    before = None
    if refusal is None and parsed.moves and isinstance(parsed.moves[-1], dice.Infect):
        shorter = dataclasses.replace(parsed, moves=parsed.moves[:-1], comments=(), result="*")
        before = kit.format_record(shorter)
    return Replayed(source, players, refusal, before)


def expectation_words(expect: str, players: Sequence[str]) -> list[str]:
    """Each clause of the shorthand *expect* (``faces 200 B2C1; result 1-0 sides``) in
    words, rule IDs left as they are (they become links); *players* in seating order.

    :raises ValueError: for a clause the shorthand does not have, or one that names more
        or fewer values than there are players.
    """
    return [_clause(clause.split(), tuple(players)) for clause in expect.split(";")]


def _clause(words: list[str], players: tuple[str, ...]) -> str:
    """One clause of the shorthand in words (see :func:`expectation_words`)."""

    def each(values: list[str], none: str | None = None) -> str:
        if len(values) != len(players):
            raise ValueError(f"{' '.join(words)!r}: {len(players)} players, {len(values)} values")
        shown = (none if v == "0" and none else v for v in values)
        return ", ".join(f"{p} {v}" for p, v in zip(players, shown, strict=True))

    match words:
        case ["ok"]:
            return "every move is legal"
        case [kind, rule] if kind in REFUSED:
            return REFUSED[kind].format(rule)
        case ["result", token, reason] if token in WINNERS and reason in DECIDED:
            return f"the game is over: {WINNERS[token]}{DECIDED[reason]}"
        case ["faces", cell, view] if SIDE_VIEW.fullmatch(view[:2]):
            shown = [f"{face} on side {side}" for side, face in SIDE_VIEW.findall(view)]
            return f"the die on cell {cell} shows {_and(shown)}"
        case ["lives", *values]:
            return f"lives left: {each(values)}"
        case ["dealer", name]:
            return f"{name} deals the next hand"
        case ["winner", name]:
            return f"{name} wins"
        case ["winner", *names]:
            return f"{_and(names)} share the win"
        case ["totals", *values]:
            return f"match totals: {each(values)}"
        case ["scores", *values]:
            return f"scores of the cycle just ended: {each(values)}"
        case ["cockatoos", *values]:
            return f"cockatoo cards held: {each(values)}"
        case ["tops", *values]:
            return f"top card of each nest: {each(values, none='none')}"
        case ["out", "-"]:
            return "no one is out of the cycle"
        case ["out", *names]:
            return f"out of this cycle: {_and(names)}"
        case ["starter", name]:
            return f"{name} plays first in the next round"
        case ["cycle", number, "0"]:
            return f"cycle {number} has begun, no round played yet"
        case ["cycle", number, "1"]:
            return f"cycle {number}, after its first round"
        case ["cycle", number, played]:
            return f"cycle {number}, after {played} rounds"
    raise ValueError(f"{' '.join(words)!r} is no expectation the shorthand has")


def _and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join(filter(None, (", ".join(items[:-1]), items[-1])))


def _sentence(clauses: list[str]) -> str:
    """The clauses as one sentence, capitalised and ended."""
    text = "; ".join(clauses)
    return f"{text[:1].upper()}{text[1:]}."


# --- Citations by the tests ----------------------------------------------------------------


def _tests_dir(config: Config, confdir: Path) -> Path:
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
    tests = _tests_dir(app.config, Path(app.confdir))
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


# --- Event handlers ------------------------------------------------------------------------


def _add_static_path(app: Sphinx, config: Config) -> None:
    """Ship the extension's style sheet with the HTML."""
    config.html_static_path.append(str(STATIC))


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    spec_data(env).purge(docname)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    spec_data(env).merge(spec_data(other), docnames)


def _outdated(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """The documents to read again although their source did not change.

    The traceability table depends on files that Sphinx does not track (the tests), so its
    documents are read on every build; this also makes every build run the consistency
    check and its warnings.  When any document changed, rules may have moved, so the
    documents linking to rules are read again too.
    """
    data = spec_data(env)
    again = {docname for docname, _ in data.tables}
    if added or changed or removed:
        again |= data.citing_documents()
    return sorted(again)


def _link_inline_ids(app: Sphinx, doctree: nodes.document) -> None:
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
        literal.replace_self(_reference(text, literal.deepcopy()))


def _relink_symlinked(app: Sphinx, doctree: nodes.document) -> None:
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


def _check(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about every broken promise, once all documents are read."""
    data = spec_data(env)
    order = _document_order(env)
    defined = data.defined(order)
    for rule in sorted(data.rules, key=lambda r: _position(order, r.docname, r.lineno)):
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
    for example in sorted(data.examples, key=lambda e: _position(order, e.docname, e.lineno)):
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
        if folders and not any(_under(rule.docname, folder) for folder in folders):
            _warn(f"rule {rule.id} is in no traceability table", rule.docname, rule.lineno, "table")
    for docname, folder in sorted(data.tables):
        if not any(_under(rule.docname, folder) for rule in defined.values()):
            _warn(f"traceability table of {folder!r}: no rules there", docname, None, "table")


def _under(docname: str, folder: str) -> bool:
    """Whether ``docname`` is a document in ``folder`` or below it."""
    return docname.startswith(folder + "/")


def _warn(message: str, docname: str, lineno: int | None, subtype: str) -> None:
    location: str | tuple[str, int] = docname if lineno is None else (docname, lineno)
    logger.warning(message, location=location, type=WARNING_TYPE, subtype=subtype)


def _resolve(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Make the pending rule links and traceability tables of ``docname``."""
    data = spec_data(app.env)
    defined = data.defined(_document_order(app.env))
    for pending in list(doctree.findall(rule_reference)):
        rule = defined.get(pending["rule_id"])
        shown = [child.deepcopy() for child in pending.children]
        if rule is None:
            pending.replace_self(shown)
        else:
            link = make_refnode(app.builder, docname, rule.docname, rule.id, shown, rule.title)
            pending.replace_self(link)
    for placeholder in list(doctree.findall(traceability_table)):
        placeholder.replace_self(_traceability(app, docname, placeholder["folder"]))


# --- The traceability table ----------------------------------------------------------------


def _document_order(env: BuildEnvironment) -> dict[str, int]:
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


Line = list[nodes.Node]
"""One line of a table cell: the nodes of one paragraph."""


@dataclass
class Row:
    """A table row: each cell a list of lines; an uncited row is marked for the style sheet."""

    cells: list[list[Line]]
    uncited: bool = False


def _traceability(app: Sphinx, docname: str, folder: str) -> list[nodes.Node]:
    """The table of the rules under ``folder``, with the tests and examples citing them,
    seen from ``docname``."""
    env = app.env
    data = spec_data(env)
    order = _document_order(env)
    rules = [rule for rule in data.defined(order).values() if _under(rule.docname, folder)]
    by_tests = cited_by_tests(app)
    examples: dict[str, list[Example]] = {}
    for example in sorted(data.examples, key=lambda e: _position(order, e.docname, e.lineno)):
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
    tests_dir = _tests_dir(app.config, Path(app.confdir)).name
    header = ["Rule", f"Tests (in {tests_dir}/)", "Examples"]
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


# --- Registration --------------------------------------------------------------------------


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the configuration values and the event handlers."""
    app.add_config_value("cuckoo_tests_dir", "", "env", types=(str,))
    app.add_config_value("cuckoo_test_patterns", list(DEFAULT_TEST_PATTERNS), "env", types=(list,))
    app.add_config_value("cuckoo_example_language", "text", "env", types=(str,))
    app.add_directive("rule", RuleDirective)
    app.add_directive("example", ExampleDirective)
    app.add_directive("traceability", TraceabilityDirective)
    app.add_css_file("cuckoo_spec.css")
    app.connect("config-inited", _add_static_path)
    app.connect("env-get-outdated", _outdated)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("doctree-read", _link_inline_ids)
    app.connect("doctree-read", _relink_symlinked)
    app.connect("env-check-consistency", _check)
    app.connect("doctree-resolved", _resolve)
    return {
        "version": "1",
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
