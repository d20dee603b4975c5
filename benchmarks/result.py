"""A run as data: where and how it was made, every figure's runs, every comparison.

This is what ``--json OUT`` writes and ``--store`` keeps in ``benchmarks/results/`` (one run of
each build: ``speed.json`` pure Python, ``speed-compiled.json`` compiled);
``speed_tables`` turns it into the tables, working out ratios and verdicts from the runs.
"""

from __future__ import annotations

import os
import platform
import shlex
from dataclasses import asdict
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from harness import Sample, Side
from settings import Config, rows
from speed_tables import judge

import cuckoo

__all__ = ["build", "load_average", "machine", "versions"]

DISTRIBUTIONS = ("cuckoo-rules", "lark", "chess", "open_spiel")


def versions() -> dict[str, str]:
    """The installed version of the engine, its parser and each peer."""
    found = {}
    for name in DISTRIBUTIONS:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "not installed"
    return found


def _cpu_model() -> str:
    """The processor's name, from /proc/cpuinfo where there is one."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    return {
        "os": f"{platform.system()} {platform.release()} {platform.machine()}",
        "cpu": _cpu_model(),
        "cpus": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def load_average() -> list[float]:
    """The 1, 5 and 15 minute load averages; a busy machine shows in the wall times."""
    return [round(x, 2) for x in os.getloadavg()]


def _run(sample: Sample) -> dict[str, Any]:
    run: dict[str, Any] = {
        "cpu": round(sample.cpu, 6),
        "wall": round(sample.wall, 6),
        "rss_kb": sample.rss_kb,
    }
    if sample.warm is not None:
        run["warm_cpu"], run["warm_wall"] = (round(s, 6) for s in sample.warm)
    return run


def figure(side: Side, samples: list[Sample]) -> dict[str, Any]:
    """One figure: what it is, its work (the same in every run), and each run."""
    work = dict(samples[0].work)
    return {"label": side.label, "unit": side.unit, "work": work, "runs": list(map(_run, samples))}


def build(
    config: Config,
    seed: int,
    argv: list[str],
    measured: dict[str, tuple[Side, list[Sample]]],
    expected_perft: dict[str, tuple[int, ...]],
    seconds: float,
    load: dict[str, list[float]],
) -> dict[str, Any]:
    """The whole run: the comparisons' ratios and verdicts are worked out and kept too."""
    result: dict[str, Any] = {
        "run": {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "command": shlex.join(["python", "benchmarks/run.py", *argv]),
            "mode": config.name,
            "repeats": config.repeats,
            "seed": seed,
            "seconds": round(seconds, 1),
            "load_average": load,
        },
        "machine": machine(),
        "build": cuckoo.build(),
        "versions": versions(),
        "config": asdict(config),
        "figures": {key: figure(side, samples) for key, (side, samples) in measured.items()},
        "comparisons": [asdict(row) for row in rows(config, cuckoo.build())],
        "perft_expected": {name: list(numbers) for name, numbers in expected_perft.items()},
    }
    for row, judged in zip(result["comparisons"], judge(result), strict=True):
        row.update({k: v for k, v in judged.items() if k not in row})
    return result
