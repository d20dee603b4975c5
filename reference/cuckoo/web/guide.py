"""The play page's guided first game: a Learn page's example game, played by taps.

The guide's script is the Learn page's own record (the page sends its text): chance and
the other players move as it says, and the player is asked for their moves in it, one at
a time.  A different legal tap is not made; the page answers it with the reason the guide
asks for the written move.  Every call is a function of its arguments, like the rest of
this package.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .. import cards, dice
from ..errors import CuckooError, IllegalMoveError, NotationError, SetupError
from ..games import read_records
from ..kuckuck import notation as kuckuck_notation
from .common import problem, read_table, to_json
from .play import _moved, _my_choices, _seat, next_moves
from .table import Table, load

_LEFT = "this game is no longer the guided one: start it again"


@lru_cache(maxsize=4)
def script(record: str) -> tuple[dict[str, Any], tuple[Any, ...]]:
    """The table a record starts (its setup, no moves) and the engine's moves it holds.

    :raises SetupError: for a text that is not one whole legal record.
    """
    items = list(read_records(record.splitlines(keepends=True)))
    if len(items) != 1 or isinstance(items[0], CuckooError):
        raise SetupError("the guide's record is not one legal game", rule="CD-NOTATION-SYNTAX")
    kit, read = items[0]
    tags = dict(read.tags)
    game = tags.get("Game", "cuckoo-dice")
    states = list(kit.replay(read))
    moves: list[Any] = []
    for state, move in zip(states, read.moves, strict=False):
        if game == kuckuck_notation.GAME:
            moves.extend(kuckuck_notation.moves_of(state, move))
        else:
            moves.append(move)
    table: dict[str, Any] = {"game": game, "seed": 0, "moves": []}
    if game == "cuckoo-dice":
        rolls = [[int(v) for v in tags[f"{c}Roll"].split()] for c in dice.PLAYER_NAMES]
        table.update(ruleset=tags["Ruleset"], first=tags["First"], rolls=rolls)
    elif game == "cuckoo-cards":
        table.update(players=tags["Players"].split(), dealer=tags["Dealer"])
        table["lives"] = int(tags.get("Lives", "3"))
    else:
        table.update(players=tags["Players"].split(), variant=tags.get("Variant", "basic"))
    return table, tuple(moves)


def _on_script(loaded: Table, record: str) -> tuple[Any, ...]:
    """The moves of the script still to come after those of *loaded*.

    :raises IllegalMoveError: when the table's moves are not the script's first ones.
    """
    moves = script(record)[1]
    done = len(loaded.moves)
    if tuple(loaded.moves) != moves[:done]:
        raise IllegalMoveError(_LEFT, rule="CD-NOTATION-SYNTAX")
    return moves[done:]


def play_guide_start(record: str) -> str:
    """The table of a new guided game of *record*, as JSON: ``{"ok": table}``."""
    try:
        return to_json({"ok": script(record)[0]})
    except CuckooError as error:
        return to_json({"problem": problem(error)})


def _matches(typed: Any, written: Any) -> bool:
    """Whether the player's *typed* move is the *written* one, the chance it calls for
    left out (a cut's card, an infection's re-roll)."""
    if isinstance(typed, cards.Cut):
        return isinstance(written, cards.Cut)
    if isinstance(typed, dice.Infect) and isinstance(written, dice.Infect):
        return (typed.give, typed.take) == (written.give, written.take)
    return bool(typed == written)


def play_guide_next(table_json: str, record: str, human: str) -> str:
    """The next moves of the script that are not the player's, as :func:`play_next`
    answers; ``{"yours": {"text", "path"}}`` when the script asks the player for a move
    (the tap that makes it), ``{"end": true}`` once it is all played, or ``{"problem"}``."""
    try:
        table = read_table(table_json)
        loaded = load(table)
        seat = _seat(loaded, human)
        left = list(_on_script(loaded, record))
        if not left:
            return to_json({"end": True})
        mine = _my_choices(loaded, seat)
        if mine:
            return to_json({"yours": _asked(loaded, seat, left[0])})
        written = lambda *_: left.pop(0)  # noqa: E731  (chance and the others alike)
        return next_moves(table, loaded, human, written, written, "the bot")
    except CuckooError as error:
        return to_json({"problem": problem(error)})


def _asked(loaded: Table, seat: int, written: Any) -> dict[str, Any]:
    """The player's choice that makes the *written* move: its text and its taps."""
    from ..players.tables import TABLES

    kit = TABLES[loaded.game]
    for choice in _my_choices(loaded, seat):
        if any(_matches(m, written) for m in kit.read(loaded.state, seat, choice.text)):
            return {"text": choice.text, "path": list(choice.path)}
    raise IllegalMoveError(_LEFT, rule="CD-NOTATION-SYNTAX")


def play_guide_move(table_json: str, text: str, record: str, human: str) -> str:
    """The player's move *text* (as :func:`play_move` takes it): made as the script writes
    it (``{"ok": table, "said": [...]}``) if it is the script's, else ``{"other": true}``
    (a legal move the guide does not ask for: nothing is made), or ``{"problem"}``."""
    from ..players.tables import TABLES

    try:
        table = read_table(table_json)
        loaded = load(table)
        seat = _seat(loaded, human)
        left = _on_script(loaded, record)
        if not left or not _my_choices(loaded, seat):
            raise IllegalMoveError("it is not your move", rule="CD-NOTATION-SYNTAX")
        typed = TABLES[loaded.game].read(loaded.state, seat, text)
        written = left[: len(typed)]
        if len(written) != len(typed) or not all(map(_matches, typed, written)):
            return to_json({"other": True})
        return _moved(table, loaded.state, list(written), seat, "you")
    except CuckooError as error:
        return to_json({"problem": problem(error)})
    except ValueError as error:  # the players' reader's own refusals
        return to_json({"problem": problem(NotationError(str(error), rule="CD-NOTATION-SYNTAX"))})


def play_guide_record(table_json: str, record: str, human: str) -> str:
    """The whole record of a guided game, every card shown (the Learn page shows them
    all): once the script is played, the Learn page's record itself; ``{"ok": text}``."""
    try:
        loaded = load(read_table(table_json))
        _seat(loaded, human)
        _on_script(loaded, record)
        return to_json({"ok": loaded.text()})
    except CuckooError as error:
        return to_json({"problem": problem(error)})
