"""Sphinx configuration of the Cuckoo rules site.

Build from the repository root (warnings are errors):

    python -m sphinx -W --keep-going -b html docs docs/_build/html

The spec chapters are rendered from ``spec/`` through the symlink ``docs/spec``; the
``rule``, ``example`` and ``traceability`` directives come from ``docs/_ext/cuckoo_spec/``.
The API page imports the installed ``cuckoo`` package (``pip install '.[docs]'``).
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(DOCS / "_ext"))

with (ROOT / "pyproject.toml").open("rb") as pyproject:
    release = tomllib.load(pyproject)["project"]["version"]

project = "Cuckoo rules"
copyright = "the Cuckoo rules authors, MIT licence"
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "cuckoo_spec",
    "cuckoo_reference",
    "cuckoo_pictures",
    "cuckoo_app",
    "cuckoo_study",
    "cuckoo_speed",
    "cuckoo_openspiel",
    "cuckoo_books",
]

root_doc = "index"
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext", "app", "Thumbs.db", ".DS_Store"]

# Every warning is a real problem; with -W each one fails the build.
nitpicky = False
suppress_warnings: list[str] = []

# MyST: ::: fences, $math$, definition lists, field lists; anchors for ## and ### headings so
# that [text](chapter.md#a-heading) links work.
myst_enable_extensions = ["colon_fence", "dollarmath", "deflist", "fieldlist"]
myst_heading_anchors = 3

# The API page.
autodoc_member_order = "bysource"

# cuckoo_spec: where the tests that cite rule IDs live, and what is searched there.
cuckoo_tests_dir = str(ROOT / "tests")
cuckoo_test_patterns = ["**/*.py", "conformance/**/*.json"]
cuckoo_example_language = "cuckoo"

html_theme = "furo"
html_title = "Cuckoo rules"

# The print style sheet of the rulebook's PDFs (docs/print.py), and the screen fixes the
# accessibility check found (tests/web/test_rulebook.py).
html_static_path = ["_static/rulebook"]
html_css_files = ["rulebook.css"]
html_js_files = ["rulebook.js"]


def _heading_levels(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Give a level to the toctree captions Sphinx marks ``role="heading"`` without one:
    axe-core reports a heading role with no ``aria-level`` as critical (aria-required-attr),
    and screen readers cannot place such a heading in the page's outline."""
    for key in ("furo_navigation_tree", "body"):
        if isinstance(context.get(key), str):
            context[key] = context[key].replace(
                'class="caption" role="heading">', 'class="caption" role="heading" aria-level="2">'
            )


def setup(app: Sphinx) -> None:
    """After furo has built the navigation (priority 500), fix its headings."""
    app.connect("html-page-context", _heading_levels, priority=900)
