"""One in-process figure, measured in a fresh process: set up untimed, then time the work.

    python benchmarks/child.py [--cold-only] TASK ARG...

The harness starts one such process per repetition, so every memo cache of the engine
starts empty and the timed pass is cold without anyone having to know which caches there
are.  Imports and preparation (for a replay: reading a tiny one-game file, which builds
the notation's parser) come before the clock starts: start-up is a figure of its own.
The work is then timed twice, with ``time.process_time`` (CPU) and ``time.perf_counter``
(wall): the first pass is the cold figure, the second, in the same process, the warm one
(left out with ``--cold-only``).  Prints one line of JSON: the work counted, and the
seconds of each pass.
"""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from time import perf_counter, process_time
from typing import NamedTuple

Work = dict[str, int]


class Task(NamedTuple):
    """A prepared task: the timed work, the warm pass, and counts added after timing."""

    cold: Callable[[], Work]
    warm: Callable[[], Work]
    after: Callable[[Work], Work] = lambda _: {}


def replay(game: str, path: str, tiny: str) -> Task:
    """``read_records`` and ``replay`` of every record of *path*."""
    import engine_work

    engine_work.read_file(game, Path(tiny))  # the parser is start-up, not replay
    work = partial(engine_work.replay_file, game, Path(path))
    return Task(work, work)


def count(game: str, path: str) -> Task:
    """How many games and engine moves *path* holds (read, not replayed)."""
    import engine_work

    work = partial(engine_work.read_file, game, Path(path))
    return Task(work, work)


def playout(game: str, games: str, seed: str) -> Task:
    import engine_work

    work = partial(engine_work.playout, game, int(games), int(seed))
    return Task(work, work)


def legal(sample: str, widest: str, rounds: str, seed: str) -> Task:
    """``legal_moves`` of the widest positions, every engine cache cleared before each call
    (cold); the warm pass leaves the caches alone."""
    import widest as positions

    found = positions.widest_positions(int(sample), int(widest), int(seed))
    clear = positions.clear_all(positions.engine_cache_clearers())
    cold = partial(positions.legal_move_calls, found, int(rounds), clear)
    return Task(cold, partial(positions.legal_move_calls, found, int(rounds)))


def _search_counts(perft_at: Callable[[int], int], depth: int) -> Callable[[Work], Work]:
    """The nodes of a perft of *depth*, positions whose moves it generates (all above the
    leaves: the perft numbers of depths 0 to *depth* - 1), and the moves it generates (the
    perft numbers of depths 1 to *depth*; bulk counting generates the last level's too)."""

    def after(work: Work) -> Work:
        below = [perft_at(d) for d in range(depth)]
        return {"nodes": sum(below), "moves generated": sum(below[1:]) + work["leaves"]}

    return after


def perft(ruleset: str, depth: str) -> Task:
    """Cuckoo perft from the fixed setup (see ``perft.py``)."""
    from perft import perft as count_leaves
    from perft import start_position

    state = start_position(ruleset)

    def leaves_at(d: int) -> int:
        return count_leaves(state, d)

    def work() -> Work:
        return {"leaves": leaves_at(int(depth))}

    return Task(work, work, _search_counts(leaves_at, int(depth)))


def study(game: str, bots: str, games: str) -> Task:
    """A study's games of *game*, *bots* (comma-separated, one a seat) each."""
    import engine_work

    work = partial(engine_work.study, game, bots.split(","), int(games))
    return Task(work, work)


def pgn(path: str, tiny: str, visitor: str) -> Task:
    """python-chess ``read_game`` over *path*, building games or (``board``) boards."""
    import peer_chess

    board_only = visitor == "board"
    peer_chess.read_pgn(Path(tiny), board_only=board_only)
    work = partial(peer_chess.read_pgn, Path(path), board_only=board_only)
    return Task(work, work)


def chess_playout(games: str, seed: str) -> Task:
    import peer_chess

    work = partial(peer_chess.playout, int(games), int(seed))
    return Task(work, work)


def chess_perft(depth: str) -> Task:
    import peer_chess

    def work() -> Work:
        return {"leaves": peer_chess.perft(int(depth))}

    return Task(work, work, _search_counts(peer_chess.perft, int(depth)))


def spiel_playout(name: str, episodes: str, seed: str) -> Task:
    import peer_spiel

    work = partial(peer_spiel.playout, name, int(episodes), int(seed))
    return Task(work, work)


TASKS: dict[str, Callable[..., Task]] = {
    "replay": replay,
    "count": count,
    "playout": playout,
    "study": study,
    "legal": legal,
    "perft": perft,
    "pgn": pgn,
    "chess-playout": chess_playout,
    "chess-perft": chess_perft,
    "spiel-playout": spiel_playout,
}


def timed(work: Callable[[], Work]) -> tuple[Work, float, float]:
    """*work* run once: what it counted, its CPU and its wall seconds."""
    gc.collect()  # no garbage of the set-up is paid for by the work
    cpu, wall = process_time(), perf_counter()
    done = work()
    return done, process_time() - cpu, perf_counter() - wall


def main(argv: Sequence[str]) -> int:
    cold_only = argv[0] == "--cold-only"
    name, *args = argv[cold_only:]
    task = TASKS[name](*args)
    work, cpu, wall = timed(task.cold)
    out: dict[str, object] = {"cpu": cpu, "wall": wall}
    if not cold_only:
        again, out["warm_cpu"], out["warm_wall"] = timed(task.warm)
        if again != work:
            raise RuntimeError(f"{name}: the warm pass did other work: {work}, {again}")
    print(json.dumps({"work": work | task.after(work)} | out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
