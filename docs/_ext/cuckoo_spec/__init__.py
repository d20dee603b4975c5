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

The package, one concern a module: :mod:`.data` (what the build environment remembers, and
the reading order), :mod:`.directives` (the three directives), :mod:`.examples` (an
example's expectation in words, and what the engine says of its record), :mod:`.links`
(rule IDs as links), :mod:`.citations` (which rules the tests cite), :mod:`.traceability`
(the table), :mod:`.checks` (the warnings); this module registers them with Sphinx.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util.nodes import make_refnode

from .checks import check
from .citations import DEFAULT_TEST_PATTERNS
from .data import document_order, spec_data
from .directives import ExampleDirective, RuleDirective, TraceabilityDirective, traceability_table
from .links import link_inline_ids, relink_symlinked, rule_reference
from .traceability import traceability

__all__ = ["setup"]

STATIC = Path(__file__).resolve().parent.parent / "static"


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


def _resolve(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Make the pending rule links and traceability tables of ``docname``."""
    data = spec_data(app.env)
    defined = data.defined(document_order(app.env))
    for pending in list(doctree.findall(rule_reference)):
        rule = defined.get(pending["rule_id"])
        shown = [child.deepcopy() for child in pending.children]
        if rule is None:
            pending.replace_self(shown)
        else:
            link = make_refnode(app.builder, docname, rule.docname, rule.id, shown, rule.title)
            pending.replace_self(link)
    for placeholder in list(doctree.findall(traceability_table)):
        placeholder.replace_self(traceability(app, docname, placeholder["folder"]))


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
    app.connect("doctree-read", link_inline_ids)
    app.connect("doctree-read", relink_symlinked)
    app.connect("env-check-consistency", check)
    app.connect("doctree-resolved", _resolve)
    return {
        "version": "1",
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
