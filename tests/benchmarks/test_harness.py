"""The harness measures a child on its own and stops a run whose work changes."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest


def test_a_child_is_measured_with_its_own_rusage(harness: ModuleType) -> None:
    child = harness.run_child([sys.executable, "-c", "pass"])
    assert child.status == 0
    assert child.cpu > 0
    assert child.wall >= child.cpu / 2  # one thread cannot spend much more CPU than time
    assert 0 < child.rss_kb < 60_000  # its own peak, not this test process's


def test_a_childs_exit_status_and_output_are_kept(harness: ModuleType) -> None:
    code = "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"
    child = harness.run_child([sys.executable, "-c", code])
    assert (child.status, child.stdout, child.stderr) == (3, "out\n", "err\n")


def test_runs_take_turns(harness: ModuleType) -> None:
    order: list[str] = []

    def side(key: str, plies: int) -> object:
        def run() -> object:
            order.append(key)
            return harness.Sample(1.0, 1.0, {"plies": plies})

        return harness.Side(key, key, "plies", run)

    samples = harness.take_turns([side("A", 10), side("B", 5)], 2)
    assert order == ["A", "B", "A", "B"]
    assert [s.work for s in samples["A"]] == [{"plies": 10}] * 2


def test_changed_work_stops_the_run(harness: ModuleType) -> None:
    counts = iter([10, 11])
    side = harness.Side(
        "A", "A", "plies", lambda: harness.Sample(1.0, 1.0, {"plies": next(counts)})
    )
    with pytest.raises(harness.WorkChanged, match="A: the work changed"):
        harness.take_turns([side], 2)


def test_the_work_check_compares_every_count(harness: ModuleType) -> None:
    first = harness.Sample(1.0, 1.0, {"games": 2, "plies": 40})
    harness.check_same_work("x", first, harness.Sample(2.0, 3.0, {"games": 2, "plies": 40}))
    with pytest.raises(harness.WorkChanged):
        harness.check_same_work("x", first, harness.Sample(1.0, 1.0, {"games": 2, "plies": 41}))


def test_the_measured_packages_bytecode_is_written_even_where_python_writes_none(
    harness: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "package"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "module.py").write_text("VALUE = 1\n", encoding="utf-8")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # PYTHONDONTWRITEBYTECODE
    assert harness.bytecode(package)
    assert Path(importlib.util.cache_from_source(str(package / "module.py"))).is_file()
