"""The work the engine is timed on, for each of its games: read a file, replay it, play out.

Moves are counted as the engine's moves, so a figure per move means the same in every
game: a ply of the dice game; a dealt card, a decision or a cut of the card game; a dealt
card, a start draw, a pair of nest cards or one player's card of Zum Kuckuck!, where a
written item can hold several (a dealt hand is twelve).  A game's modules are imported at
the first call, so a process that times one game loads no other.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from random import Random
from typing import Any

__all__ = ["UNIT", "playout", "read_file", "replay_file", "study"]

UNIT = {"cuckoo-dice": "plies", "cuckoo-cards": "moves", "zum-kuckuck": "moves"}
"""What a game's moves are called in the figures."""

_PACKAGE = {
    "cuckoo-dice": "cuckoo.dice",
    "cuckoo-cards": "cuckoo.cards",
    "zum-kuckuck": "cuckoo.kuckuck",
}


def _notation(game: str) -> Any:
    return import_module(f"{_PACKAGE[game]}.notation")


def _engine_moves(game: str) -> Callable[[Any], int]:
    """How many engine moves a record holds."""
    if game != "zum-kuckuck":
        return lambda record: len(record.moves)
    notation = _notation(game)

    def item_moves(item: Any) -> int:
        if isinstance(item, notation.Hand):
            return len(item.numbers)
        return len(item.plays) if isinstance(item, notation.Together) else 1

    return lambda record: sum(map(item_moves, record.moves))


def _pass(game: str, path: Path, replay: bool) -> dict[str, int]:
    from cuckoo.errors import NotationError

    notation, count = _notation(game), _engine_moves(game)
    games = moves = 0
    with path.open(encoding="utf-8") as lines:
        for record in notation.read_records(lines, source=str(path)):
            if isinstance(record, NotationError):
                raise record  # timing a failure would time the wrong thing
            if replay:
                deque(notation.replay(record), maxlen=0)  # raises on an illegal move
            games += 1
            moves += count(record)
    return {"games": games, UNIT[game]: moves}


def read_file(game: str, path: Path) -> dict[str, int]:
    """Read every record of *path*, replaying none: the count of its games and moves."""
    return _pass(game, path, replay=False)


def replay_file(game: str, path: Path) -> dict[str, int]:
    """Read every record of *path* and replay it to its end, as ``cuckoo validate`` does:
    every move checked by the rules, the result compared with the final position."""
    return _pass(game, path, replay=True)


def playout(game: str, games: int, seed: int) -> dict[str, int]:
    """Play *games* random games with the engine's own ``random_game`` (the dice game under
    its ruleset ``cuckoo``, the card games with four players): per move ``legal_moves``
    and a uniform choice, or a draw at chance, then ``apply``."""
    package, rng = import_module(_PACKAGE[game]), Random(seed)
    random_game = import_module(f"{_PACKAGE[game]}.playout").random_game
    if game == "cuckoo-dice":
        rules = package.RULESETS["cuckoo"]
        moves = sum(len(random_game(rules, rng)[1]) for _ in range(games))
    else:
        moves = sum(len(random_game(package.RULES, rng, 4)[1]) for _ in range(games))
    return {"games": games, UNIT[game]: moves}


def study(game: str, bots: list[str], games: int) -> dict[str, int]:
    """Play *games* games of *game* with *bots* (one a seat) as ``cuckoo study`` plays
    them: each a task of its own (``play_task``), the bots taking turns in the seats."""
    from cuckoo.study.spec import parse_study
    from cuckoo.study.tasks import play_task, tasks_of

    match = {"game": game, "games": games, "matches": [bots]}
    played = sum(
        1 for task in tasks_of(parse_study({"seed": 1, "part": [match]})) if play_task(task)
    )
    return {"games": played}
