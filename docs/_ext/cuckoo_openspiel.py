"""The ``cuckoo-openspiel`` directive: the stored match of OpenSpiel's information-set
search against the hard bots, as its table.

The table is made by the benchmark's own code (``benchmarks/openspiel_ismcts.py``) from
its stored run (``benchmarks/results/openspiel-ismcts.json``), so the page never shows a
hand-copied figure.
"""

from __future__ import annotations

import importlib.util
import json
from typing import Any

from cuckoo_speed import ROOT
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

BENCHMARK = ROOT / "benchmarks" / "openspiel_ismcts.py"


class OpenSpielDirective(SphinxDirective):
    """``cuckoo-openspiel``: IS-MCTS's share of the wins in each match of the stored run."""

    def run(self) -> list[nodes.Node]:
        spec = importlib.util.spec_from_file_location("openspiel_ismcts", BENCHMARK)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.env.note_dependency(str(module.RESULT))
        return self.parse_text_to_nodes(module.table(json.loads(module.RESULT.read_text())))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("cuckoo-openspiel", OpenSpielDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
