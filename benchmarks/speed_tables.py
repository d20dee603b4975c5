"""A stored run of ``benchmarks/run.py`` as Markdown tables: ratios, verdicts, figures.

Everything here is worked out from the runs a result holds, with the standard library
alone, so that the README (between its ``speed`` markers), the docs' ``cuckoo-speed``
directive and the tests show one stored run the same way, and no table is hand-copied.

    python benchmarks/speed_tables.py    # print the tables of every run in benchmarks/results
"""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = [
    "BEGIN",
    "END",
    "RESULT",
    "judge",
    "load",
    "pair_ratios",
    "readme_with",
    "stored_tables",
    "tables",
    "verdict",
]

RESULTS = Path(__file__).resolve().parent / "results"
STORED = {"pure Python": RESULTS / "speed.json", "compiled": RESULTS / "speed-compiled.json"}
"""The stored run of each build of the engine (``cuckoo.build()``): the pure-Python package,
the reference, and the optional compiled build of ``setup.py``."""
RESULT = STORED["pure Python"]
BEGIN, END = "<!-- speed:begin -->", "<!-- speed:end -->"
"""The markers around the generated tables in ``benchmarks/README.md``."""

Result = Mapping[str, Any]


def load(path: Path = RESULT) -> dict[str, Any]:
    """The stored run."""
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


# -- ratios and verdicts ---------------------------------------------------------------------


def _rate(work: Mapping[str, int], unit: str, seconds: float) -> float:
    return work[unit] / seconds


def pair_ratios(result: Result, row: Mapping[str, Any], clock: str = "cpu") -> list[float]:
    """The ratio of each pair of runs of *row*'s two figures (the runs took turns), by
    *clock* (``cpu`` or ``wall``); empty if a figure is missing (a peer not installed).

    A ``rate`` is ours per second over the other's (higher is better); a ``time`` our
    seconds over the other's and ``memory`` the peak RSS over the other run's (lower is
    better for both; memory has no clock, so by ``wall`` it is empty).
    """
    figures = result["figures"]
    ours, other = figures.get(row["ours"]), figures.get(row["other"])
    if ours is None or other is None or (row["kind"] == "memory" and clock != "cpu"):
        return []
    units = row.get("units") or (ours["unit"], other["unit"])
    ratios = []
    for mine, theirs in zip(ours["runs"], other["runs"], strict=True):
        if row["kind"] == "rate":
            mine_rate = _rate(ours["work"], units[0], mine[clock])
            ratios.append(mine_rate / _rate(other["work"], units[1], theirs[clock]))
        elif row["kind"] == "time":
            ratios.append(mine[clock] / theirs[clock])
        else:
            ratios.append(mine["rss_kb"] / theirs["rss_kb"])
    return ratios


def verdict(ratios: Sequence[float], target: float | None, kind: str) -> str:
    """PASS or FAIL on the median ratio; "skipped" with nothing measured; "shown" with no
    target.  A rate passes at or above its target, a time or memory at or below it."""
    if not ratios:
        return "skipped"
    if target is None:
        return "shown"
    middle = statistics.median(ratios)
    return "PASS" if (middle >= target if kind == "rate" else middle <= target) else "FAIL"


def judge(result: Result) -> list[dict[str, Any]]:
    """Every comparison with its ratios, their median and spread, and its verdict."""
    judged = []
    for row in result["comparisons"]:
        ratios = pair_ratios(result, row)
        wall = pair_ratios(result, row, "wall")
        spread = [statistics.median(ratios), min(ratios), max(ratios)] if ratios else []
        judged.append(
            {
                "label": row["label"],
                "ratios": [round(r, 4) for r in ratios],
                "median": round(spread[0], 4) if spread else None,
                "min": round(spread[1], 4) if spread else None,
                "max": round(spread[2], 4) if spread else None,
                "wall_median": round(statistics.median(wall), 4) if wall else None,
                "target": row["target"],
                "verdict": verdict(ratios, row["target"], row["kind"]),
            }
        )
    return judged


# -- Markdown --------------------------------------------------------------------------------


def _table(header: Sequence[str], rows: Iterable[Sequence[str]], right: Sequence[int]) -> str:
    """A Markdown table; the *right* columns (numbers) aligned right."""
    rule = ["---:" if i in right else "---" for i in range(len(header))]
    lines = [header, rule, *rows]
    return "\n".join("| " + " | ".join(cells) + " |" for cells in lines)


def _seconds(values: Sequence[float]) -> str:
    """A median and its spread, such as ``1.234 (1.201 to 1.290)``."""
    middle = statistics.median(values)
    if len(values) == 1:
        return f"{middle:.3f}"
    return f"{middle:.3f} ({min(values):.3f} to {max(values):.3f})"


def _target(row: Mapping[str, Any]) -> str:
    if row["target"] is None:
        return ""
    return f"{'>=' if row['kind'] == 'rate' else '<='} {row['target']:.3g}"


def comparison_table(result: Result) -> str:
    """Each comparison: the median ratio of the paired runs, its spread, the target."""
    rows = []
    for row, judged in zip(result["comparisons"], judge(result), strict=True):
        ratio = "-"
        if judged["median"] is not None:
            ratio = f"{judged['median']:.2f} ({judged['min']:.2f} to {judged['max']:.2f})"
        wall = "-" if judged["wall_median"] is None else f"{judged['wall_median']:.2f}"
        rows.append([row["label"], ratio, wall, _target(row), judged["verdict"]])
    header = ["comparison", "ratio by CPU time, median (min to max)", "by wall clock", "target"]
    return _table([*header, "verdict"], rows, right=(1, 2, 3))


_ONE = {"games": "game", "plies": "ply", "moves": "move", "leaves": "leaf", "calls": "call"}


def _count(n: int, noun: str) -> str:
    """``1 game``, ``2 games``: a count with its noun in the right number."""
    return f"{n:,} {_ONE.get(noun, noun.removesuffix('s')) if n == 1 else noun}"


def _work(figure: Mapping[str, Any]) -> str:
    """What a run did, without the checks (a validator's own count, its 0 problems)."""
    work, unit = figure["work"], figure["unit"]
    shown = [k for k in work if k not in ("counted", "problems") or k == unit]
    return ", ".join(_count(work[k], k) for k in shown)


def _per_second(figure: Mapping[str, Any], clock: str) -> str:
    runs = [r for r in figure["runs"] if r.get(clock)]
    if not runs:
        return ""
    rate = statistics.median(_rate(figure["work"], figure["unit"], r[clock]) for r in runs)
    return f"{rate:,.0f} {figure['unit']}"


def figure_table(result: Result) -> str:
    """Every compared figure: its work, CPU and wall seconds, rates, the warm pass."""
    rows = []
    for key, figure in result["figures"].items():
        if key.startswith(("scaling.", "perft-table.")):
            continue
        runs = figure["runs"]
        rows.append(
            [
                figure["label"],
                _work(figure),
                _seconds([r["cpu"] for r in runs]),
                _seconds([r["wall"] for r in runs]),
                _per_second(figure, "cpu"),
                _per_second(figure, "warm_cpu"),
                f"{statistics.median(r['rss_kb'] for r in runs) / 1024:.1f}",
            ]
        )
    header = ["figure", "work", "CPU s, median (min to max)", "wall s", "per CPU s"]
    return _table([*header, "warm: per CPU s", "peak RSS MB"], rows, right=(2, 3, 4, 5, 6))


_SCALED = {"dice": ("dice", "scaling."), "cards": ("card game", "scaling.cards."),
           "kuckuck": ("Zum Kuckuck!", "scaling.kuckuck.")}  # fmt: skip
"""Each game's name and the prefix of its scaling figures' keys."""


def scaling_table(result: Result) -> str:
    """``cuckoo validate`` and ``cuckoo random`` of each size of each game: time and peak
    memory, and the peak over the smallest file's."""
    figures, rows = result["figures"], []
    for name, prefix in _SCALED.values():
        for command in ("validate", "random"):
            sizes = [k for k in figures if k.startswith(f"{prefix}{command}.")]
            base = figures[sizes[0]]["runs"][0]["rss_kb"] if sizes else 0
            for key in sizes:
                n = key.rsplit(".", 1)[1]
                run = figures[key]["runs"][0]
                moves = figures.get(f"{prefix}validate.{n}", {}).get("work", {}).get("counted")
                rows.append(
                    [
                        f"cuckoo validate, {name}"
                        if command == "validate"
                        else f"cuckoo random, {name}",
                        f"{int(n):,}",
                        "" if moves is None else f"{moves:,}",
                        f"{run['cpu']:.2f}",
                        f"{run['wall']:.2f}",
                        f"{run['rss_kb'] / 1024:.1f}",
                        f"{run['rss_kb'] / base:.2f}",
                    ]
                )
    header = ["command", "games", "moves read", "CPU s", "wall s", "peak RSS MB"]
    return _table([*header, "RSS ÷ smallest's"], rows, right=range(1, 7))


def perft_table(result: Result) -> str:
    """Both perfts per leaf, per node (a position whose moves are generated) and per move
    generated: bulk counting makes leaves per second grow with the branching factor."""
    rows = []
    for key in ("perft.cuckoo", "perft.chess"):
        figure = result["figures"].get(key)
        if figure is None:
            continue
        work = figure["work"]
        cpu = statistics.median(r["cpu"] for r in figure["runs"])
        counts = [work["leaves"], work["nodes"], work["moves generated"]]
        rates = [f"{n / cpu:,.0f}" for n in counts]
        rows.append([figure["label"], *(f"{n:,}" for n in counts), f"{cpu:.3f}", *rates])
    header = ["perft", "leaves", "nodes", "moves generated", "CPU s"]
    per = ["leaves per CPU s", "nodes per CPU s", "moves generated per CPU s"]
    return _table([*header, *per], rows, right=range(1, 8))


def _recorded(nodes: int, expected: Sequence[int], depth: int) -> str:
    if depth > len(expected):
        return "not recorded"
    known = expected[depth - 1]
    return "ok" if known == nodes else f"CHANGED (was {known:,})"


def perft_regression_table(result: Result) -> str:
    """The perft numbers against ``perft.EXPECTED``, each depth measured once."""
    rows = []
    for key, figure in result["figures"].items():
        if not key.startswith("perft-table."):
            continue
        _, ruleset, depth = key.split(".")
        nodes, run = figure["work"]["leaves"], figure["runs"][0]
        expected = result["perft_expected"].get(ruleset, [])
        recorded = _recorded(nodes, expected, int(depth))
        rows.append([ruleset, depth, f"{nodes:,}", f"{run['cpu']:.3f}", recorded])
    return _table(["ruleset", "depth", "perft", "CPU s", "recorded"], rows, right=(1, 2, 3))


def run_line(result: Result) -> str:
    """Where and how the run was made."""
    run, machine = result["run"], result["machine"]
    versions = ", ".join(f"{name} {v}" for name, v in result["versions"].items())
    versions += f" ({result.get('build', 'pure Python')})"
    load = "; ".join(
        f"{when} {', '.join(f'{x:.2f}' for x in values)}"
        for when, values in run["load_average"].items()
    )
    return (
        f"Stored run: {run['date']}, `{run['command']}` ({run['repeats']} repetitions, "
        f"seed {run['seed']}), {run['seconds']:.0f} s; {machine['os']}, {machine['cpu']}, "
        f"{machine['cpus']} CPUs, {machine['python']}; {versions}; load average {load}."
    )


def tables(result: Result) -> str:
    """The whole stored run as Markdown, as the README and the docs show it."""
    parts = [
        run_line(result),
        "Ratios by CPU time of runs that took turns; a rate is ours ÷ the peer's per CPU "
        "second (higher is better), a time or a peak memory ours ÷ the other (lower is "
        "better).",
        comparison_table(result),
        "The figures (medians of the runs; warm: a second pass in the same process):",
        figure_table(result),
        "Memory and time by size of file (each size run once):",
        scaling_table(result),
        "Perft per leaf, per node and per move generated:",
        perft_table(result),
        "The perft regression table (`perft.EXPECTED`):",
        perft_regression_table(result),
    ]
    return "\n\n".join(parts)


_GAMES = {"dice": "dice", "cards": "card game", "kuckuck": "Zum Kuckuck!"}
"""Each game's key in a run's figures, and its name in a table."""


def _median_ratio(result: Result, ours: str, other: str) -> str:
    """The judged median of the comparison of *ours* with *other*, or ``-``."""
    for row, judged in zip(result["comparisons"], judge(result), strict=True):
        if (row["ours"], row["other"]) == (ours, other) and judged["median"] is not None:
            return f"{judged['median']:.2f}"
    return "-"


def _figure(result: Result | None, key: str) -> Mapping[str, Any] | None:
    """A run's figure, or None when the run or the figure is missing."""
    return result["figures"].get(key) if result else None


def _rate_of(result: Result | None, key: str) -> str:
    """A figure's median rate per CPU second, its number alone, or ``-``."""
    found = _figure(result, key)
    return _per_second(found, "cpu").split(" ")[0] if found else "-"


def by_game_table(runs: Mapping[str, Result]) -> str:
    """``validate`` of each game, whole process, in both builds beside both peers: engine
    moves (a chess ply) per CPU second, and the ratios each build is judged on."""
    pure, compiled = runs.get("pure Python"), runs.get("compiled")
    rows = []
    for key, name in _GAMES.items():
        pair = (f"{key}.validate", f"chess.validate.{key}")
        rows.append(
            [
                f"{name}: {_work(work) if (work := _figure(pure, pair[0])) else '-'}",
                _rate_of(pure, pair[0]),
                _rate_of(compiled, pair[0]),
                _rate_of(pure, pair[1]),
                _rate_of(pure, f"pgn-extract.validate.{key}"),
                _median_ratio(pure, *pair) if pure else "-",
                _median_ratio(compiled, *pair) if compiled else "-",
                _median_ratio(compiled, pair[0], f"pgn-extract.validate.{key}")
                if compiled
                else "-",
            ]
        )
    header = ["validate, whole process", "pure", "compiled", "python-chess", "pgn-extract (C)"]
    ratios = ["pure ÷ chess", "compiled ÷ chess", "compiled ÷ pgn-extract"]
    return _table([*header, *ratios], rows, right=(1, 2, 3, 4, 5, 6, 7))


def stored_tables() -> str:
    """The tables of every stored run, a heading naming each build, after a table of each
    game's validate in both builds (moves per CPU second; each ratio the median of its
    build's run)."""
    runs = {build: load(path) for build, path in STORED.items() if path.exists()}
    summary = (
        "### Each game, both builds\n\nEngine moves (python-chess and pgn-extract: plies) "
        "per CPU second of `validate`, whole process; the peers' figures are those of the "
        "pure build's run, and each ratio is the median of the runs that took turns in its "
        f"build's run.\n\n{by_game_table(runs)}"
    )
    return "\n\n".join(
        [summary]
        + [
            f"### {build[0].upper()}{build[1:]} build\n\n{tables(run)}"
            for build, run in runs.items()
        ]
    )


def readme_with(readme: str, block: str) -> str:
    """*readme* with *block* between its markers.

    :raises ValueError: if the markers are not there, in order.
    """
    start, end = readme.find(BEGIN), readme.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the README has no {BEGIN} ... {END} block")
    return f"{readme[: start + len(BEGIN)]}\n{block}\n{readme[end:]}"


if __name__ == "__main__":
    print(tables(load(Path(sys.argv[1]))) if len(sys.argv) > 1 else stored_tables())
