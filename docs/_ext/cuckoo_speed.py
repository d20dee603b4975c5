"""The ``cuckoo-speed`` directive: the stored speed benchmark as its tables.

The tables are made by the benchmark's own code (``benchmarks/speed_tables.py``) from the
stored runs (``benchmarks/results/``, one of each build), as ``benchmarks/README.md`` shows them, so
the page never shows figures of another run, nor a hand-copied one.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[2]


def speed_tables() -> ModuleType:
    """``benchmarks/speed_tables.py``, loaded from its file (it is no package)."""
    spec = importlib.util.spec_from_file_location(
        "speed_tables", ROOT / "benchmarks" / "speed_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class SpeedDirective(SphinxDirective):
    """``cuckoo-speed``: the stored run's ratios, verdicts, figures and scaling tables."""

    def run(self) -> list[nodes.Node]:
        tables = speed_tables()
        for path in tables.STORED.values():
            self.env.note_dependency(str(path))
        return self.parse_text_to_nodes(tables.stored_tables())


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cuckoo-speed", SpeedDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
