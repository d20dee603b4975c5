"""The benchmark modules under test, loaded from their files: ``benchmarks/`` is no package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` as module ``bench_NAME`` (a bare name could clash)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def speed_tables() -> ModuleType:
    return load("speed_tables")


@pytest.fixture(scope="session")
def harness() -> ModuleType:
    return load("harness")
