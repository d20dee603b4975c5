"""The timed tasks of a run, grouped so that what is compared is timed together.

A group (replay, playout, perft, legal moves) holds Cuckoo's tasks and its peers'; the
runs of a group take turns (see :func:`harness.best_of_each`), so a burst of load from
another process slows Cuckoo and its peer alike and their ratio holds.  Building a task
does its set-up (writing a file, finding positions) before any clock starts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from cuckoo_figures import (
    clear_all,
    engine_cache_clearers,
    legal_move_calls,
    playout,
    replay_file,
    widest_positions,
    write_random_games,
)
from harness import Nodes, best_of_each
from kuckuck_figures import playout as kuckuck_playout
from kuckuck_figures import replay_file as kuckuck_replay
from kuckuck_figures import write_random_matches
from perft import perft, start_position
from settings import Config

__all__ = ["GROUPS", "NOT_INSTALLED", "Figure", "Task", "build_tasks", "cuckoo_files", "run"]

GROUPS = ("replay", "playout", "perft", "legal moves")
NOT_INSTALLED = "not installed"


@dataclass(frozen=True, slots=True)
class Task:
    """One timed piece of work; each run returns two counts, such as games and plies."""

    key: str
    """The figures' key prefix, such as ``cuckoo.replay.long``."""
    work: Callable[[], tuple[int, int]]
    units: tuple[str, str]
    """What the two counts are, such as ("games", "plies")."""
    rates: tuple[int, ...] = (1,)
    """Which counts become figures per second: 0 the first, 1 the second."""
    note: str = ""
    """Said after the counts in the work behind the figures."""


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured rate and the work behind it, such as "2,000 games, 44,321 plies"."""

    value: float
    detail: str


Tasks = dict[str, list[Task]]
"""Tasks by group."""


def cuckoo_files(tmp: Path, config: Config, seed: int) -> dict[str, Path]:
    """The short and the long file of random games, written by ``cuckoo random``."""
    files = {}
    for size, games in (("short", config.short_games), ("long", config.long_games)):
        files[size] = tmp / f"cuckoo-{games}.txt"
        write_random_games(files[size], games, seed)
    return files


def kuckuck_tasks(config: Config, seed: int, tmp: Path) -> Tasks:
    """Zum Kuckuck!'s tasks: replay of a file of random matches, and random playout."""
    path = tmp / f"zum-kuckuck-{config.kuckuck_matches}.txt"
    write_random_matches(path, config.kuckuck_matches, seed)
    n = config.kuckuck_matches
    return {
        "replay": [Task("kuckuck.replay", partial(kuckuck_replay, path), ("matches", "moves"))],
        "playout": [
            Task("kuckuck.playout", partial(kuckuck_playout, n, seed), ("matches", "moves"))
        ],
    }


def _searched(count: Callable[[], int]) -> Nodes:
    """A perft as work: one search and the nodes it counted."""
    return Nodes(1, count())


def _replay_task(size: str, path: Path, config: Config) -> Task:
    """Replay of one file; the short one is read several times over in each run.

    So each run of the short file lasts as long as one of the long file, and meets the
    same load from other processes: a short run would more often slip between two bursts
    of load, and the best of its runs would flatter it.
    """
    times = max(1, config.long_games // config.short_games) if size == "short" else 1
    note = f" (the file {times} times over)" if times > 1 else ""
    work = partial(replay_file, path, times)
    return Task(f"cuckoo.replay.{size}", work, ("games", "plies"), (0, 1), note)


def cuckoo_tasks(config: Config, seed: int, files: dict[str, Path]) -> Tasks:
    """Cuckoo's tasks: replay of both files, playout, perft, legal moves warm and cold."""
    positions = widest_positions(config.widest_sample, config.widest_count, seed)
    cold = clear_all(engine_cache_clearers())
    state = start_position("cuckoo")
    return {
        "replay": [_replay_task(size, path, config) for size, path in files.items()],
        "playout": [
            Task("cuckoo.playout", partial(playout, config.playout_games, seed), ("games", "plies"))
        ],
        "perft": [
            Task(
                "cuckoo.perft",
                partial(_searched, partial(perft, state, config.perft_depth)),
                ("search", "nodes"),
            )
        ],
        "legal moves": [
            Task(
                "cuckoo.legal.warm",
                partial(legal_move_calls, positions, config.legal_rounds),
                ("calls", "moves"),
                (0, 1),
            ),
            Task(
                "cuckoo.legal.cold",
                partial(legal_move_calls, positions, config.cold_rounds, cold),
                ("calls", "moves"),
                (0, 1),
            ),
        ],
    }


def chess_tasks(config: Config, seed: int, tmp: Path, peers: dict[str, str]) -> Tasks:
    """python-chess's tasks (writing its PGN file first), or none if it is not installed."""
    try:
        import peer_chess
    except ImportError:
        peers["python-chess"] = NOT_INSTALLED
        return {}
    peers["python-chess"] = peer_chess.VERSION
    pgn = tmp / f"chess-{config.chess_pgn_games}.pgn"
    peer_chess.write_pgn(pgn, config.chess_pgn_games, seed)
    n = config.chess_playout_games
    return {
        "replay": [
            Task("chess.pgn", partial(peer_chess.read_pgn, pgn), ("games", "plies"), (0, 1))
        ],
        "playout": [
            Task("chess.playout.lean", partial(peer_chess.playout, n, seed), ("games", "plies")),
            Task(
                "chess.playout.checked",
                partial(peer_chess.playout, n, seed, checked=True),
                ("games", "plies"),
            ),
        ],
        "perft": [
            Task(
                "chess.perft",
                partial(_searched, partial(peer_chess.perft, config.chess_perft_depth)),
                ("search", "nodes"),
            )
        ],
    }


def spiel_tasks(config: Config, seed: int, peers: dict[str, str]) -> Tasks:
    """OpenSpiel's playout tasks, or none if it is not installed."""
    try:
        import peer_spiel
    except ImportError:
        peers["OpenSpiel"] = NOT_INSTALLED
        return {}
    peers["OpenSpiel"] = peer_spiel.VERSION
    episodes = config.spiel_episodes
    return {
        "playout": [
            Task(
                f"spiel.{name}",
                partial(peer_spiel.playout, name, episodes, seed),
                ("episodes", "steps"),
            )
            for name in peer_spiel.GAMES
        ]
    }


def build_tasks(
    config: Config, seed: int, tmp: Path, files: dict[str, Path], peers: dict[str, str]
) -> Tasks:
    """Every task by group, Cuckoo's first; *peers* learns each peer's version."""
    groups: Tasks = {group: [] for group in GROUPS}
    for side in (
        cuckoo_tasks(config, seed, files),
        kuckuck_tasks(config, seed, tmp),
        chess_tasks(config, seed, tmp, peers),
        spiel_tasks(config, seed, peers),
    ):
        for group, tasks in side.items():
            groups[group].extend(tasks)
    return groups


def run(tasks: list[Task], repeats: int) -> dict[str, Figure]:
    """Time *tasks* together, taking turns, and give their figures by key."""
    figures = {}
    for task, timing in zip(tasks, best_of_each(repeats, [t.work for t in tasks]), strict=True):
        counts = zip(timing.work, task.units, strict=True)
        detail = ", ".join(f"{n:,} {unit}" for n, unit in counts) + task.note
        for i in task.rates:
            figures[f"{task.key}.{task.units[i]}"] = Figure(timing.rate(timing.work[i]), detail)
    return figures
