"""What a run measures and what it compares: sizes, targets, the names of the figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = [
    "ALONE",
    "COMPARISONS",
    "FULL",
    "GROWTH",
    "QUICK",
    "Config",
    "labels",
]


@dataclass(frozen=True, slots=True)
class Config:
    """The sizes of one run; --quick and the full run differ only in these."""

    repeats: int
    """Timed repetitions of each measurement; the best one is kept."""
    playout_games: int
    chess_playout_games: int
    spiel_episodes: int
    legal_rounds: int
    """Passes of ``legal_moves`` over the widest positions, caches warm."""
    cold_rounds: int
    """The same with the engine's memo caches cleared before each call."""
    table_depth: int
    """The deepest perft of the regression table (each depth timed once)."""
    short_games: int = 100
    long_games: int = 2000
    chess_pgn_games: int = 130
    """About as many plies as the long Cuckoo file, so both runs last about as long."""
    perft_depth: int = 3
    chess_perft_depth: int = 4
    widest_sample: int = 300
    """Random games searched for the widest positions."""
    widest_count: int = 16
    kuckuck_matches: int = 200
    """Random matches of Zum Kuckuck! written and replayed, and played out."""


QUICK: Final = Config(
    repeats=3,
    long_games=1000,
    chess_pgn_games=65,
    playout_games=500,
    chess_playout_games=30,
    spiel_episodes=2000,
    legal_rounds=2000,
    cold_rounds=100,
    table_depth=3,
    kuckuck_matches=100,
)
FULL: Final = Config(
    repeats=5,
    playout_games=2000,
    chess_playout_games=100,
    spiel_episodes=10000,
    legal_rounds=5000,
    cold_rounds=300,
    table_depth=4,
)

# Cuckoo's figure, the peer, the peer's figure, the least ratio that passes (None: shown only).
COMPARISONS: Final[tuple[tuple[str, str, str, float | None], ...]] = (
    # Replay-and-validate plies/s at least python-chess's PGN read-and-validate plies/s.
    ("cuckoo.replay.long.plies", "python-chess", "chess.pgn.plies", 1.0),
    ("cuckoo.replay.long.games", "python-chess", "chess.pgn.games", None),
    # Random playout plies/s at least python-chess's.
    ("cuckoo.playout.plies", "python-chess", "chess.playout.lean.plies", 1.0),
    ("cuckoo.playout.plies", "python-chess", "chess.playout.checked.plies", None),
    ("cuckoo.playout.plies", "OpenSpiel", "spiel.python_tic_tac_toe.steps", None),
    ("cuckoo.playout.plies", "OpenSpiel", "spiel.python_kuhn_poker.steps", None),
    # Zum Kuckuck!, a card game with chance, beside the card game with chance of OpenSpiel.
    ("kuckuck.replay.moves", "python-chess", "chess.pgn.plies", None),
    ("kuckuck.playout.moves", "OpenSpiel", "spiel.python_kuhn_poker.steps", None),
    # Perft nodes/s at least half python-chess's.
    ("cuckoo.perft.nodes", "python-chess", "chess.perft.nodes", 0.5),
)

GROWTH: Final = ("cuckoo.replay.long.plies", "cuckoo.replay.short.plies", 0.9)
"""The long file's plies/s at least 90% of the short file's: "must not fall", less noise."""

ALONE: Final = tuple(f"cuckoo.legal.{k}.{u}" for k in ("warm", "cold") for u in ("calls", "moves"))
"""Figures with no peer: legal-move generation on the widest positions."""


def labels(config: Config) -> dict[str, str]:
    """What each figure is, by its key (the keys of --json)."""
    names = {
        f"cuckoo.replay.{size}.{unit}": f"replay + validate, {n} games, {unit}/s"
        for size, n in (("short", config.short_games), ("long", config.long_games))
        for unit in ("plies", "games")
    }
    for key, what in (("warm", ""), ("cold", ", caches cleared")):
        for unit in ("calls", "moves"):
            label = f"legal_moves, {config.widest_count} widest positions{what}, {unit}/s"
            names[f"cuckoo.legal.{key}.{unit}"] = label
    return names | {
        "cuckoo.playout.plies": "random playout, plies/s",
        "kuckuck.replay.moves": "Zum Kuckuck! replay + validate, moves/s",
        "kuckuck.playout.moves": "Zum Kuckuck! random playout, moves/s",
        "cuckoo.perft.nodes": f"perft({config.perft_depth}), nodes/s",
        "chess.pgn.plies": "python-chess PGN read + validate, plies/s",
        "chess.pgn.games": "python-chess PGN read + validate, games/s",
        "chess.playout.lean.plies": "python-chess playout (legal_moves + push), plies/s",
        "chess.playout.checked.plies": "python-chess playout (is_game_over loop), plies/s",
        "chess.perft.nodes": f"python-chess perft({config.chess_perft_depth}), nodes/s",
        "spiel.python_tic_tac_toe.steps": "OpenSpiel python_tic_tac_toe playout, steps/s",
        "spiel.python_kuhn_poker.steps": "OpenSpiel python_kuhn_poker playout, steps/s",
    }
