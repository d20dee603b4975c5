"""python-chess, the peer a Python user of a game-rules library compares with.

The same kinds of work as the engine's: read and validate a PGN file of random games,
random playout, and perft with bulk counting.  Importing this module fails when
python-chess is not installed; the runner reports that peer as "not installed".
"""

from __future__ import annotations

from pathlib import Path
from random import Random

import chess
import chess.pgn

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


def playout(games: int, seed: int) -> dict[str, int]:
    """Play *games* random games (see :func:`random_board`)."""
    rng = Random(seed)
    return {"games": games, "plies": sum(random_board(rng).ply() for _ in range(games))}


def write_pgn(path: Path, plies: int, seed: int, games: int | None = None) -> dict[str, int]:
    """Write random games to *path* as PGN until they hold at least *plies* plies (or
    exactly *games* games), as ``cuckoo random`` does for the engine; what was written."""
    rng, written, total = Random(seed), 0, 0
    with path.open("w", encoding="utf-8") as out:
        while (total < plies) if games is None else (written < games):
            board = random_board(rng)
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"random, seed {seed}"
            game.headers["Round"] = str(written + 1)
            print(game, file=out, end="\n\n")
            written, total = written + 1, total + board.ply()
    return {"games": written, "plies": total}


def read_pgn(path: Path, *, board_only: bool = False) -> dict[str, int]:
    """Read every game of *path* with ``chess.pgn.read_game``, which checks each move.

    ``read_game`` parses each move's SAN against the position and plays it, so a game it
    returns without errors has been validated move by move, like a replay.  With
    *board_only* it builds no game tree (``Visitor=BoardBuilder``: the final board, the
    moves on its stack), and an illegal move raises.
    """
    games = plies = 0
    with path.open(encoding="utf-8") as lines:
        while True:
            if board_only:
                board = chess.pgn.read_game(lines, Visitor=chess.pgn.BoardBuilder)
                if board is None:
                    break
                plies += len(board.move_stack)
            else:
                game = chess.pgn.read_game(lines)
                if game is None:
                    break
                if game.errors:
                    raise RuntimeError(f"{path}: game {games + 1}: {game.errors[0]}")
                plies += game.end().ply()
            games += 1
    return {"games": games, "plies": plies}


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
