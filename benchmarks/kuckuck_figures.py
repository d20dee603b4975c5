"""The work the Zum Kuckuck! engine is timed on: replay of a file, random playout.

A move is one engine move: a dealt card, a start draw, a pair of nest cards, or one
player's number card, so a match of three players is about 36 + 3 x 12 x (1 + 3) moves.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from random import Random

from harness import Tally

from cuckoo import cli
from cuckoo.errors import NotationError
from cuckoo.kuckuck import rules
from cuckoo.kuckuck.notation import Hand, Item, Together, read_records, replay
from cuckoo.kuckuck.playout import random_game

__all__ = ["playout", "replay_file", "write_random_matches"]


def write_random_matches(path: Path, matches: int, seed: int) -> None:
    """*matches* random matches of the basic version, four players, by ``cuckoo random``."""
    argv = ["random", "--game", "zum-kuckuck", "--players", "4", "--seed", str(seed)]
    status = cli.main([*argv, "--games", str(matches), "--output", str(path)])
    if status != 0:
        raise RuntimeError(f"cuckoo {' '.join(argv)} failed with status {status}")


def replay_file(path: Path) -> Tally:
    """Read and replay every match of *path*, as ``cuckoo validate`` does; moves counted
    as the engine's moves (a dealt hand is twelve)."""
    matches = moves = 0
    with path.open(encoding="utf-8") as lines:
        for record in read_records(lines, source=str(path)):
            if isinstance(record, NotationError):
                raise record
            moves += sum(_moves(item) for item in record.moves)
            deque(replay(record), maxlen=0)
            matches += 1
    return Tally(matches, moves)


def _moves(item: Item) -> int:
    if isinstance(item, Hand):
        return len(item.numbers)
    return len(item.plays) if isinstance(item, Together) else 1


def playout(matches: int, seed: int) -> Tally:
    """Play *matches* random matches (basic version, four players) with ``random_game``:
    per move ``legal_moves`` and a uniform choice, or a chance draw, then ``apply``."""
    rng, basic = Random(seed), rules()
    moves = sum(len(random_game(basic, rng, 4)[1]) for _ in range(matches))
    return Tally(matches, moves)
