"""What a run found, as tables for a person and as JSON for a program."""

from __future__ import annotations

import os
import platform
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime

from perft import EXPECTED, PERFT_SETUP
from settings import ALONE, COMPARISONS, GROWTH, Config, labels
from tasks import NOT_INSTALLED, Figure

from cuckoo.dice import PLAYER_NAMES

__all__ = ["Report", "Row", "report_json", "report_text"]


@dataclass(frozen=True, slots=True)
class Row:
    """Two figures side by side; *target* is the least ratio of the first that passes."""

    key: str
    other: str
    target: float | None
    ratio: float | None
    """The first figure over the second; None when the second was not measured."""

    @property
    def verdict(self) -> str:
        """PASS or FAIL; "skipped" with nothing to compare; "" with no target."""
        if self.target is None:
            return ""
        if self.ratio is None:
            return "skipped"
        return "PASS" if self.ratio >= self.target else "FAIL"


@dataclass
class Report:
    """Everything one run found."""

    config: Config
    seed: int
    figures: dict[str, Figure] = field(default_factory=dict)
    peers: dict[str, str] = field(default_factory=dict)
    """Peer name to its version, or to "not installed"."""
    perft: dict[str, list[tuple[int, int, float]]] = field(default_factory=dict)
    """Ruleset to (depth, perft, seconds of one run), for the regression table."""

    def row(self, key: str, other: str, target: float | None) -> Row:
        mine, theirs = self.figures.get(key), self.figures.get(other)
        ratio = mine.value / theirs.value if mine and theirs and theirs.value else None
        return Row(key, other, target, ratio)

    def comparisons(self) -> list[Row]:
        return [self.row(key, other, target) for key, _, other, target in COMPARISONS]

    def growth(self) -> Row:
        """The long file's plies/s against the short file's."""
        return self.row(*GROWTH)


# -- text ------------------------------------------------------------------------------------


def _rate(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], text: Sequence[int] = (0,)) -> str:
    """Columns padded to their widest cell: the *text* columns left-aligned, numbers right."""
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        padded = [
            c.ljust(w) if i in text else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(padded).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


def _value(report: Report, key: str, peer: str | None = None) -> str:
    """A figure as printed: its rate, or why it is missing."""
    figure = report.figures.get(key)
    if figure is not None:
        return _rate(figure.value)
    return NOT_INSTALLED if peer and report.peers.get(peer) == NOT_INSTALLED else "-"


def _verdict_cells(row: Row) -> list[str]:
    ratio = "-" if row.ratio is None else f"{row.ratio:.2f}"
    target = "" if row.target is None else f">= {row.target:g}"
    return [ratio, target, row.verdict]


def comparison_table(report: Report) -> str:
    """Cuckoo's figures beside their peers', with the ratio and the verdict."""
    names, rows, last = labels(report.config), [], ""
    for (key, peer, other, _), row in zip(COMPARISONS, report.comparisons(), strict=True):
        mine = ["", ""] if key == last else [names[key], _value(report, key)]
        rows.append([*mine, names[other], _value(report, other, peer), *_verdict_cells(row)])
        last = key
    header = ["Cuckoo", "per s", "peer", "per s", "ratio", "target", "verdict"]
    return _table(header, rows, text=(0, 2))


def alone_table(report: Report) -> str:
    """Figures with no peer: legal-move generation on the widest positions."""
    names = labels(report.config)
    rows = [[names[key], _value(report, key)] for key in ALONE if key in report.figures]
    return _table(["Cuckoo", "per s"], rows)


def growth_table(report: Report) -> str:
    """Plies/s of the short and of the long file: the cost per ply must not grow."""
    names, row = labels(report.config), report.growth()
    rows = [
        [names[row.other], _value(report, row.other), "", "", ""],
        [names[row.key], _value(report, row.key), *_verdict_cells(row)],
    ]
    return _table(["file", "plies/s", "long/short", "target", "verdict"], rows)


def _recorded(ruleset: str, depth: int, nodes: int) -> str:
    """Whether *nodes* is the perft number recorded in perft.EXPECTED."""
    known = EXPECTED.get(ruleset, ())
    if depth > len(known):
        return "not recorded"
    return "ok" if known[depth - 1] == nodes else f"CHANGED (was {known[depth - 1]:,})"


def perft_table(report: Report) -> str:
    """The perft numbers, each timed once, checked against the recorded ones."""
    rows = [
        [
            ruleset,
            str(depth),
            f"{nodes:,}",
            f"{seconds:.3f}",
            _rate(nodes / seconds),
            _recorded(ruleset, depth, nodes),
        ]
        for ruleset, entries in report.perft.items()
        for depth, nodes, seconds in entries
    ]
    return _table(["ruleset", "depth", "perft", "seconds", "nodes/s", "recorded"], rows)


def perft_setup_text() -> str:
    """The perft setup as a person reads it: each player's roll, who starts."""
    blue, red = ("".join(map(str, roll)) for roll in PERFT_SETUP.rolls)
    return f"(Blue {blue}, Red {red}, {PLAYER_NAMES[PERFT_SETUP.first]} first)"


def work_lines(report: Report) -> list[str]:
    """The work behind the figures, one line for each run that gave one or more figures."""
    names, lines, last = labels(report.config), [], ""
    for key, figure in report.figures.items():
        what = names[key].rsplit(", ", 1)[0]  # without the unit
        if what != last:
            lines.append(f"  {what}: {figure.detail}")
        last = what
    return lines


def _machine() -> str:
    return f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores"


def report_text(report: Report) -> str:
    """The whole report as printed."""
    peers = ", ".join(f"{name} {version}" for name, version in report.peers.items())
    parts = [
        f"Cuckoo benchmarks, {datetime.now(UTC):%Y-%m-%d}, {_machine()}; peers: {peers}",
        f"Each figure per second is the best of {report.config.repeats} runs "
        f"(time.perf_counter), runs of compared work taking turns; seed {report.seed}.",
    ]
    for title, table in (
        ("Against the peers", comparison_table(report)),
        ("Legal-move generation on the widest positions", alone_table(report)),
        ("How cost grows: short and long files of one seed", growth_table(report)),
        (f"Perft from the fixed setup {perft_setup_text()}", perft_table(report)),
    ):
        parts.append(f"\n{title}\n\n{table}")
    parts.append("\nWork behind each figure:")
    parts.extend(work_lines(report))
    return "\n".join(parts)


# -- JSON ------------------------------------------------------------------------------------


def report_json(report: Report, seconds: float) -> dict[str, object]:
    """The run as data: every figure by key, each comparison's ratio and verdict."""
    names = labels(report.config)
    rows = (*report.comparisons(), report.growth())
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "seconds": round(seconds, 1),
        "seed": report.seed,
        "machine": {
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "platform": platform.platform(),
            "cores": os.cpu_count(),
        },
        "config": asdict(report.config),
        "peers": report.peers,
        "figures": {
            key: {"label": names[key], "per_second": round(f.value, 1), "work": f.detail}
            for key, f in report.figures.items()
        },
        "comparisons": [asdict(row) | {"verdict": row.verdict} for row in rows],
        "perft": {
            ruleset: [{"depth": d, "perft": n, "seconds": round(s, 4)} for d, n, s in entries]
            for ruleset, entries in report.perft.items()
        },
    }
