"""python-chess, the peer a Python user of a game-rules library compares with.

The same three kinds of work as Cuckoo's: read and validate a PGN file of random games,
random playout, and perft with bulk counting.  Importing this module fails when
python-chess is not installed; the runner reports that peer as "not installed".
"""

from __future__ import annotations

from pathlib import Path
from random import Random

import chess
import chess.pgn
from harness import Tally

__all__ = ["VERSION", "perft", "playout", "read_pgn", "write_pgn"]

VERSION: str = chess.__version__

FIFTY_MOVES_TWICE = 150
"""Halfmove clock at which the 75-move rule ends a game (plies without capture or pawn move)."""


def _ended(board: chess.Board, moves: list[chess.Move]) -> bool:
    """The cheapest test that ends every game: no move, the 75-move rule, dead material.

    ``board.is_game_over()`` also looks for a fivefold repetition, which costs more than the
    rest of a random ply; leaving it out makes the peer faster, so the target stricter.
    """
    return (
        not moves or board.halfmove_clock >= FIFTY_MOVES_TWICE or board.is_insufficient_material()
    )


def random_board(rng: Random) -> chess.Board:
    """A random game from the start position: ``legal_moves``, a uniform choice, ``push``."""
    board = chess.Board()
    while True:
        moves = list(board.legal_moves)
        if _ended(board, moves):
            return board
        board.push(rng.choice(moves))


def random_board_checked(rng: Random) -> chess.Board:
    """The same, ended by ``board.is_game_over()``: the loop most users write."""
    board = chess.Board()
    while not board.is_game_over():
        board.push(rng.choice(list(board.legal_moves)))
    return board


def playout(games: int, seed: int, *, checked: bool = False) -> Tally:
    """Play *games* random games; *checked* ends them with ``is_game_over()``."""
    rng = Random(seed)
    play = random_board_checked if checked else random_board
    return Tally(games, sum(play(rng).ply() for _ in range(games)))


def write_pgn(path: Path, games: int, seed: int) -> None:
    """Write *games* random games to *path* as PGN, as ``cuckoo random`` does for Cuckoo."""
    rng = Random(seed)
    with path.open("w", encoding="utf-8") as out:
        for number in range(1, games + 1):
            game = chess.pgn.Game.from_board(random_board(rng))
            game.headers["Event"] = f"random, seed {seed}"
            game.headers["Round"] = str(number)
            print(game, file=out, end="\n\n")


def read_pgn(path: Path) -> Tally:
    """Read every game of *path* with ``chess.pgn.read_game``, which checks each move.

    ``read_game`` parses each move's SAN against the position and plays it, so a game it
    returns without errors has been validated move by move, like a Cuckoo replay.
    """
    games = plies = 0
    with path.open(encoding="utf-8") as lines:
        while (game := chess.pgn.read_game(lines)) is not None:
            if game.errors:
                raise RuntimeError(f"{path}: game {games + 1}: {game.errors[0]}")
            games += 1
            plies += game.end().ply()
    return Tally(games, plies)


def perft(depth: int, board: chess.Board | None = None) -> int:
    """Perft with bulk counting at the last level, as in python-chess's own example."""
    board = board or chess.Board()
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    count = 0
    for move in board.legal_moves:
        board.push(move)
        count += perft(depth - 1, board)
        board.pop()
    return count
