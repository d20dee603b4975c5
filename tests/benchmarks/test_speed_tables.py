"""The speed tables: ratios of paired runs, verdicts on their median, and the README's block
is the stored run's, as the generator makes it (a stale table fails here)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _figure(
    unit: str, work: dict[str, int], cpus: list[float], rss: int = 20_000
) -> dict[str, Any]:
    runs = [{"cpu": cpu, "wall": 2 * cpu, "rss_kb": rss} for cpu in cpus]
    return {"label": f"{unit} figure", "unit": unit, "work": work, "runs": runs}


def _row(label: str, ours: str, other: str, kind: str, target: float | None) -> dict[str, Any]:
    return {
        "label": label,
        "ours": ours,
        "other": other,
        "kind": kind,
        "target": target,
        "units": None,
    }


@pytest.fixture
def result() -> dict[str, Any]:
    """A small run: our rates 1000, 1000, 250 plies/s beside a peer's 500 in each pair."""
    work = {"games": 10, "plies": 1000}
    return {
        "run": {"date": "2026-11-23", "command": "python benchmarks/run.py --quick",
                "mode": "quick", "repeats": 3, "seed": 1, "seconds": 60.0,
                "load_average": {"before": [1.0, 1.0, 1.0], "after": [2.0, 1.5, 1.0]}},
        "machine": {"os": "Linux", "cpu": "a CPU", "cpus": 2, "python": "CPython 3.11.7"},
        "versions": {"cuckoo-rules": "0.1.0", "chess": "not installed"},
        "figures": {
            "ours": _figure("plies", work, [1.0, 1.0, 4.0]),
            "peer": _figure("plies", work, [2.0, 2.0, 2.0]),
            "fast": _figure("plies", work, [0.25, 0.25, 0.25]),
            "start": _figure("plies", {"games": 1, "plies": 20}, [0.30, 0.30, 0.36]),
            "start.peer": _figure("plies", {"games": 1, "plies": 300}, [0.2, 0.2, 0.2]),
            "scaling.validate.1000": _figure("counted", {"counted": 22_000}, [1.0], 20_000),
            "scaling.validate.10000": _figure("counted", {"counted": 220_000}, [9.0], 23_000),
        },
        "comparisons": [
            _row("judged", "ours", "peer", "rate", 2.0),
            _row("failing", "ours", "fast", "rate", 1.0),
            _row("shown", "ours", "peer", "rate", None),
            _row("no peer", "ours", "chess.absent", "rate", 2.0),
            _row("start-up", "start", "start.peer", "time", 1.5),
            _row("memory", "scaling.validate.10000", "scaling.validate.1000", "memory", 1.10),
        ],
        "perft_expected": {},
    }  # fmt: skip


def test_ratios_pair_the_runs_in_turn(speed_tables: ModuleType, result: dict[str, Any]) -> None:
    judged, failing, *_ = result["comparisons"]
    assert speed_tables.pair_ratios(result, judged) == [2.0, 2.0, 0.5]
    assert speed_tables.pair_ratios(result, failing) == [0.25, 0.25, 0.0625]
    assert speed_tables.pair_ratios(result, judged, "wall") == [2.0, 2.0, 0.5]


def test_verdicts_are_on_the_median(speed_tables: ModuleType, result: dict[str, Any]) -> None:
    judged = {row["label"]: row for row in speed_tables.judge(result)}
    assert {label: row["verdict"] for label, row in judged.items()} == {
        "judged": "PASS",  # one slow run of three does not fail it
        "failing": "FAIL",
        "shown": "shown",
        "no peer": "skipped",
        "start-up": "PASS",  # a time: 1.5 at most
        "memory": "FAIL",  # 23 MB over 20 MB
    }
    assert (judged["judged"]["median"], judged["judged"]["min"]) == (2.0, 0.5)
    assert judged["memory"]["median"] == 1.15
    assert judged["memory"]["wall_median"] is None
    assert judged["no peer"]["median"] is None


def test_a_lone_slow_median_fails(speed_tables: ModuleType) -> None:
    assert speed_tables.verdict([2.5, 1.9, 1.8], 2.0, "rate") == "FAIL"
    assert speed_tables.verdict([1.6, 1.4, 1.0], 1.5, "time") == "PASS"
    assert speed_tables.verdict([], None, "rate") == "skipped"


def test_the_tables_show_the_verdicts(speed_tables: ModuleType, result: dict[str, Any]) -> None:
    text = speed_tables.tables(result)
    assert "| judged | 2.00 (0.50 to 2.00) | 2.00 | >= 2 | PASS |" in text
    assert "| start-up | 1.50 (1.50 to 1.80) | 1.50 | <= 1.5 | PASS |" in text
    assert "| no peer | - | - | >= 2 | skipped |" in text
    assert "| memory | 1.15 (1.15 to 1.15) | - | <= 1.1 | FAIL |" in text
    assert "| cuckoo validate, dice | 10,000 | 220,000 | 9.00 | 18.00 | 22.5 | 1.15 |" in text
    assert "chess not installed" in text
    assert "| plies figure | 1 game, 20 plies |" in text


def test_the_readme_shows_the_stored_run(speed_tables: ModuleType) -> None:
    readme = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    block = speed_tables.stored_tables()
    assert speed_tables.readme_with(readme, block) == readme, (
        "benchmarks/README.md is stale: python benchmarks/run.py --tables"
    )


def test_the_readme_block_needs_its_markers(speed_tables: ModuleType) -> None:
    block = f"a\n{speed_tables.BEGIN}\nold\n{speed_tables.END}\nb"
    assert speed_tables.readme_with(block, "new") == block.replace("old", "new")
    with pytest.raises(ValueError, match="no"):
        speed_tables.readme_with("no markers", "new")


def test_the_docs_page_shows_the_stored_run() -> None:
    assert "```{cuckoo-speed}" in (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")


def test_the_by_game_table_takes_each_build_from_its_own_run(speed_tables: ModuleType) -> None:
    """The compiled column and ratio come from the compiled run, the peers from the pure
    run's; a game or build missing is a dash, not a number from elsewhere."""
    work = {"games": 10, "plies": 1000}

    def run(ours_cpu: float) -> dict[str, Any]:
        return {
            "figures": {
                "dice.validate": _figure("plies", work, [ours_cpu] * 3),
                "chess.validate.dice": _figure("plies", work, [2.0] * 3),
                "pgn-extract.validate.dice": _figure("plies", work, [0.1] * 3),
            },
            "comparisons": [
                _row("a", "dice.validate", "chess.validate.dice", "rate", 1.0),
                _row("b", "dice.validate", "pgn-extract.validate.dice", "rate", None),
            ],
        }

    table = speed_tables.by_game_table({"pure Python": run(1.0), "compiled": run(0.5)})
    dice = next(line for line in table.splitlines() if line.startswith("| dice"))
    assert (
        dice
        == "| dice: 10 games, 1,000 plies | 1,000 | 2,000 | 500 | 10,000 | 2.00 | 4.00 | 0.20 |"
    )
    assert "| card game: - | - | - | - | - | - | - | - |" in table
