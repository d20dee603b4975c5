"""The load benchmark's table in ``benchmarks/README.md`` is the stored run's, as
``python benchmarks/app_load.py --table`` prints it: never a hand-copied figure."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_shows_the_stored_run() -> None:
    spec = importlib.util.spec_from_file_location("app_load", ROOT / "benchmarks" / "app_load.py")
    assert spec is not None and spec.loader is not None
    benchmark = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(benchmark)
    table = benchmark.table(json.loads(benchmark.RESULT.read_text(encoding="utf-8")))
    assert table in (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
