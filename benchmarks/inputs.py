"""The files a run reads: random games written once per run, then reused by every figure.

The engine's files are written by the ``cuckoo random`` command in a process of its own,
exactly what a user gets from it; the peer's PGN files by python-chess, seeded, sized to
hold about as many plies as the engine's file they are compared with.  The one-game files
of the start-up figures have another seed than the timed files, since a replay reads one
of them first to build its parser, and should not have seen a game it then times.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from harness import Child, run_child

__all__ = ["Inputs", "random_command", "written"]

WritePgn = Callable[[Path, int, int, int | None], dict[str, int]]
"""How a PGN file is written: path, least plies, seed, games (see ``peer_chess``)."""

_WRITTEN = re.compile(r"^(\d+) games? of ", re.MULTILINE)


def random_command(game: str, games: int, seed: int, path: Path) -> list[str]:
    """``cuckoo random`` writing *games* random games of *game* to *path*."""
    players = [] if game == "cuckoo-dice" else ["--players", "4"]
    return [sys.executable, "-m", "cuckoo", "random", "--game", game, *players,
            "--seed", str(seed), "--games", str(games), "--output", str(path)]  # fmt: skip


def written(child: Child) -> dict[str, int]:
    """What ``cuckoo random`` says it wrote; a failure stops the run."""
    found = _WRITTEN.search(child.stderr) if child.status == 0 else None
    if found is None:
        raise RuntimeError(f"cuckoo random failed ({child.status}): {child.stderr.strip()}")
    return {"games": int(found.group(1))}


class Inputs:
    """The files of one run in a directory, each written at its first use."""

    def __init__(self, folder: Path, seed: int, write_pgn: WritePgn | None = None) -> None:
        self.folder = folder
        self.seed = seed
        self.write_pgn = write_pgn
        """``peer_chess.write_pgn``; None when python-chess is not installed."""
        self._pgn_plies: dict[Path, int] = {}
        self._pgn_games: dict[Path, int] = {}

    def path(self, game: str, games: int, seed: int | None = None) -> Path:
        return self.folder / f"{game}-{games}-seed{self.seed if seed is None else seed}.txt"

    def write(self, game: str, games: int, seed: int | None = None) -> Child:
        """Write the file of *games* random games with ``cuckoo random``, measured."""
        seed = self.seed if seed is None else seed
        child = run_child(random_command(game, games, seed, self.path(game, games, seed)))
        written(child)
        return child

    def games(self, game: str, games: int) -> Path:
        """The file of *games* random games of *game* (the run's seed)."""
        path = self.path(game, games)
        if not path.exists():
            self.write(game, games)
        return path

    def one_game(self, game: str) -> Path:
        """A one-game file of *game*, of another seed than the timed files."""
        path = self.path(game, 1, self.seed + 1)
        if not path.exists():
            self.write(game, 1, self.seed + 1)
        return path

    def pgn(self, plies: int, games: int | None = None) -> tuple[Path, int]:
        """A PGN file of random chess games holding at least *plies* plies (or exactly
        *games* games, of another seed), and the plies it holds."""
        if self.write_pgn is None:
            raise RuntimeError("python-chess is not installed")
        seed = self.seed if games is None else self.seed + 1
        path = self.folder / (f"chess-{games}-games.pgn" if games else f"chess-{plies}-plies.pgn")
        if path not in self._pgn_plies:
            written = self.write_pgn(path, plies, seed, games)
            self._pgn_plies[path], self._pgn_games[path] = written["plies"], written["games"]
        return path, self._pgn_plies[path]

    def pgn_games(self, path: Path) -> int:
        """How many games the PGN file *path*, written by :meth:`pgn`, holds."""
        return self._pgn_games[path]
