"""Read and validate a PGN file with python-chess: the whole-process peer of ``cuckoo validate``.

    python benchmarks/pgn_validate.py FILE

A script as a user would write it, importing only ``chess.pgn``: every game is read with
``chess.pgn.read_game``, which parses each move's SAN against the position and plays it; a
game with ``errors`` is a problem.  Prints what it did as ``cuckoo validate`` does (``N
games, M plies, K problems``) and exits with 1 if there was a problem.
"""

import sys

import chess.pgn


def main(path: str) -> int:
    games = plies = problems = 0
    with open(path, encoding="utf-8") as lines:
        while (game := chess.pgn.read_game(lines)) is not None:
            games += 1
            plies += game.end().ply()
            problems += bool(game.errors)
    print(f"{games} games, {plies} plies, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
