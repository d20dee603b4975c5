"""Benchmarks of the Cuckoo reference engine against its peers, in one run.

    PYTHONPATH=reference python benchmarks/run.py [--quick] [--json OUT] [--seed N] [--profile]

Measures, each as the best of a few seeded repetitions: replay-and-validate of a notation
file, random playout, perft and legal-move generation on the widest positions for Cuckoo;
PGN read-and-validate, random playout and perft for python-chess; random playout for
OpenSpiel's pure-Python games.  Prints every figure beside its peer's, the ratio, and
PASS or FAIL for each target; a peer that is not installed is reported, never fatal.
See benchmarks/README.md for what every figure means.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from tempfile import TemporaryDirectory
from time import perf_counter

from cuckoo_figures import playout, replay_file
from perft import perft, start_position
from report import Report, report_json, report_text
from settings import FULL, QUICK, Config
from tasks import build_tasks, cuckoo_files, run

RULESETS_TABLED = ("cuckoo", "unnamed")
"""The rulesets of the perft table: the final rules, and the draft with its dungeon bonus."""


def _progress(text: str) -> None:
    """Say what is being done, on stderr, so that a long run shows it is alive."""
    print(f"... {text}", file=sys.stderr, flush=True)


def measure(report: Report, tmp: Path, files: dict[str, Path]) -> None:
    """Every group of tasks, each group's runs taking turns, then the perft table."""
    config = report.config
    _progress("setting up: peers' files, widest positions")
    groups = build_tasks(config, report.seed, tmp, files, report.peers)
    for group, tasks in groups.items():
        _progress(f"timing {group}: {', '.join(task.key for task in tasks)}")
        report.figures |= run(tasks, config.repeats)
    for ruleset in RULESETS_TABLED:
        _progress(f"perft table, ruleset {ruleset}, depths 1 to {config.table_depth}")
        report.perft[ruleset] = [_timed_perft(ruleset, d) for d in range(1, config.table_depth + 1)]


def _timed_perft(ruleset: str, depth: int) -> tuple[int, int, float]:
    """One perft, timed once: deep ones take seconds, and their numbers are the point."""
    state = start_position(ruleset)
    start = perf_counter()
    nodes = perft(state, depth)
    return depth, nodes, perf_counter() - start


def profile(config: Config, seed: int, files: dict[str, Path], top: int) -> None:
    """cProfile of the replay and the playout work: the hottest functions by own time.

    Each task runs once unprofiled first, so that the profile shows the steady state the
    timings measure (parser built, memo caches filled), not the first call's set-up.
    """
    tasks: dict[str, Callable[[], object]] = {
        f"replay + validate of {files['long'].name}": partial(replay_file, files["long"]),
        f"random playout of {config.playout_games} games": partial(
            playout, config.playout_games, seed
        ),
    }
    for title, task in tasks.items():
        task()
        profiler = cProfile.Profile()
        profiler.runcall(task)
        print(f"\nProfile: {title}, top {top} by own time\n")
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(top)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="benchmarks/run.py", description=__doc__.split("\n")[0] if __doc__ else None
    )
    parser.add_argument("--quick", action="store_true", help="smaller work, 3 runs (~25 s)")
    parser.add_argument("--json", metavar="OUT", type=Path, help="also write the figures here")
    parser.add_argument("--seed", type=int, default=1, help="seed of all random work (1)")
    parser.add_argument(
        "--profile",
        action="store_true",
        help="instead of timing, profile the replay and playout work with cProfile",
    )
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    started = perf_counter()
    report = Report(QUICK if args.quick else FULL, args.seed)
    with TemporaryDirectory(prefix="cuckoo-bench-") as tmp:
        _progress(f"writing random games with cuckoo random --seed {args.seed}")
        files = cuckoo_files(Path(tmp), report.config, args.seed)
        if args.profile:
            profile(report.config, args.seed, files, args.top)
            return 0
        measure(report, Path(tmp), files)
    seconds = perf_counter() - started
    print(report_text(report))
    print(f"\nWhole run: {seconds:.0f} s.")
    if args.json:
        args.json.write_text(json.dumps(report_json(report, seconds), indent=2) + "\n")
        print(f"Figures written to {args.json}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
