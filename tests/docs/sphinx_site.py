"""A small Sphinx site built in this process, for the tests of the docs' extensions."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Sphinx comes with the docs extra; the README's test command installs only the test extra.
Sphinx = pytest.importorskip("sphinx.application", reason="needs the docs extra").Sphinx


def build(src: Path, out: Path) -> str:
    """Build the site in *src* into *out* as HTML; what Sphinx warned, as one text."""
    warnings: list[str] = []

    class Collect:
        def write(self, text: str) -> None:
            warnings.append(text)

        def flush(self) -> None:
            pass

    app = Sphinx(str(src), str(src), str(out), str(out / ".doctrees"), "html",
                 status=None, warning=Collect(), freshenv=True)  # fmt: skip
    app.build()
    return "".join(warnings)


def docs_site(out: Path) -> Path:
    """The rulebook's built site: the one CI built (``CUCKOO_SITE``), or ``docs/`` built into
    *out* (the whole site, the app included: about a minute)."""
    given = os.environ.get("CUCKOO_SITE")
    if given:
        return Path(given)
    docs = Path(__file__).resolve().parents[2] / "docs"
    Sphinx(str(docs), str(docs), str(out), str(out / ".doctrees"), "html",
           status=None, warning=None, freshenv=True).build()  # fmt: skip
    return out
