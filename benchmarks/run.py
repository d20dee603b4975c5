"""Benchmarks of the Cuckoo reference engine against its peers, cold, in one run.

    python benchmarks/run.py [--quick] [--seed N] [--json OUT] [--store]
    python benchmarks/run.py --tables     # the stored runs' tables; rewrites the README's
    python benchmarks/run.py --profile    # cProfile of each game's replay and playout instead

Every figure is measured in a fresh process (CPU time from its rusage or from
``time.process_time`` inside it, wall time beside it), compared runs take turns, and each
target of issue #17 is judged on the median of the paired runs' ratios.  A peer that is
not installed is reported and its comparisons skipped.  See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from tempfile import TemporaryDirectory
from time import perf_counter
from typing import Any

from harness import Sample, Side, bytecode, take_turns
from inputs import Inputs
from measures import GAMES, Plan, pgn_extract
from perft import EXPECTED
from result import build, load_average
from settings import FULL, QUICK, Config
from speed_tables import STORED, readme_with, stored_tables, tables

README = Path(__file__).resolve().parent / "README.md"


def _progress(text: str) -> None:
    """Say what is being done, on stderr, so that a long run shows it is alive."""
    print(f"... {text}", file=sys.stderr, flush=True)


def peers() -> tuple[Any, tuple[str, ...]]:
    """``peer_chess.write_pgn`` and OpenSpiel's games, each None or empty if not installed."""
    try:
        import peer_chess
    except ImportError:
        write_pgn = None
    else:
        write_pgn = peer_chess.write_pgn
    try:
        import peer_spiel
    except ImportError:
        return write_pgn, ()
    return write_pgn, peer_spiel.GAMES


def measure(config: Config, seed: int, folder: Path) -> dict[str, tuple[Side, list[Sample]]]:
    """Every group of the run, in turn; each figure's side and samples by key."""
    import cuckoo

    package = Path(cuckoo.__file__).parent
    if not bytecode(package):
        _progress(f"cannot write bytecode in {package}: every run compiles the sources")
    write_pgn, spiel_games = peers()
    extract = pgn_extract()
    if extract is None:
        _progress("pgn-extract is not installed: its comparisons are skipped (see the README)")
    chess = write_pgn is not None
    plan = Plan(config, Inputs(folder, seed, write_pgn), chess, spiel_games, extract)
    measured: dict[str, tuple[Side, list[Sample]]] = {}
    for group in plan.groups():
        _progress(f"{group.title}: {len(group.sides)} figures, {group.repeats} runs each")
        samples = take_turns(group.sides, group.repeats, _progress)
        measured |= {side.key: (side, samples[side.key]) for side in group.sides}
    return measured


def profile(config: Config, seed: int, folder: Path, top: int) -> None:
    """cProfile of each game's cold replay of its file and of its random playout, in this
    process.

    The parser is built first from a one-game file, as the timed child does, so the replay
    is as cold as the timed figure; the playout follows it in the same process.
    """
    from engine_work import playout, read_file, replay_file

    inputs = Inputs(folder, seed)
    sizes = config.replay_games, config.cards_games, config.kuckuck_matches
    for game, games in zip(GAMES.values(), sizes, strict=True):
        path = inputs.games(game, games)
        read_file(game, inputs.one_game(game))
        for title, call in (
            (f"replay + validate of {path.name}", partial(replay_file, game, path)),
            (f"random playout of {games} {game} games", partial(playout, game, games, seed)),
        ):
            profiler = cProfile.Profile()
            profiler.runcall(call)
            print(f"\nProfile: {title}, top {top} by own time\n")
            pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(top)


def write_tables() -> str:
    """The stored runs' tables, also put into the README between its markers."""
    block = stored_tables()
    README.write_text(readme_with(README.read_text(encoding="utf-8"), block), encoding="utf-8")
    return block


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="benchmarks/run.py", description=__doc__.split("\n")[0] if __doc__ else None
    )
    parser.add_argument("--quick", action="store_true", help="smaller work, 3 runs each")
    parser.add_argument("--seed", type=int, default=1, help="seed of all random work (1)")
    parser.add_argument("--json", metavar="OUT", type=Path, help="also write the run here")
    parser.add_argument(
        "--store",
        action="store_true",
        help="keep the run as the stored run of the build measured, tables in the README",
    )
    parser.add_argument(
        "--tables", action="store_true", help="print the stored runs' tables, into the README"
    )
    parser.add_argument(
        "--profile", action="store_true", help="profile each game's replay and playout instead"
    )
    parser.add_argument("--top", type=int, default=25, help="functions shown by --profile")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.tables:
        print(write_tables())
        return 0
    config = QUICK if args.quick else FULL
    started, before = perf_counter(), load_average()
    with TemporaryDirectory(prefix="cuckoo-bench-") as tmp:
        if args.profile:
            profile(config, args.seed, Path(tmp), args.top)
            return 0
        measured = measure(config, args.seed, Path(tmp))
    loads = {"before": before, "after": load_average()}
    given = list(sys.argv[1:] if argv is None else argv)
    result = build(config, args.seed, given, measured, EXPECTED, perf_counter() - started, loads)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    if args.store:
        STORED[result["build"]].write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        write_tables()
    print(tables(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
