"""Records made from protocol lines, by the reference: the record of a game played with
``new`` and ``apply`` (to send it whole where it was sent a move at a time), and records
broken in one token (to send where a record is expected).

The reference's own reader and writer do the work, so a record here is what ``cuckoo
format`` would write of that game; the engine under test is only ever sent the text.
"""

from __future__ import annotations

from random import Random
from typing import Any, Final

from ... import cards, dice, kuckuck
from ...cards import notation as cards_notation
from ...dice import notation as dice_notation
from ...errors import CuckooError
from ...kuckuck import notation as kuckuck_notation
from ..protocol import Session

__all__ = ["BREAKS", "broken", "one_line", "written"]


def one_line(text: str) -> str:
    """A record's text on one line, as ``record`` and ``format`` take it."""
    return " ".join(text.split("\n"))


def written(new: str, applied: list[str]) -> str | None:
    """The reference's record, on one line, of the game *new* starts and the ``apply``
    arguments *applied* play; None when the reference refuses a line of it, or the record
    (a Zum Kuckuck! record stops only after its deal, ZK-NOTATION-DEAL; a card game's does
    not wait for a show-down, CC-PARTIAL-SHOW): that game has no record to send whole."""
    session = Session()
    if session.answer(new) != "=":
        return None
    game: Any = session.game
    start, moves = game.state, list[Any]()
    for text in applied:
        try:
            read = type(game).read(game.state, text)
        except (CuckooError, ValueError):
            return None
        if session.answer(f"apply {text}") != "=":
            return None
        moves += read
    try:
        text = one_line(_record_of(new, start, moves))
    except (CuckooError, ValueError):
        return None
    return text if Session().answer(f"record {text}") == "=" else None


def _record_of(new: str, start: Any, moves: list[Any]) -> str:
    """The canonical record of *moves* played from *start*, the state *new* made."""
    words = [w for w in new.split()[1:] if "=" not in w]
    if isinstance(start, cards.State):
        seated = cards.Setup(start.players, start.dealer)
        return cards_notation.format_record(cards_notation.record_of(start.rules, seated, moves))
    if isinstance(start, kuckuck.State):
        named = kuckuck.Setup(start.players)
        return kuckuck_notation.format_record(kuckuck_notation.record_of(start.rules, named, moves))
    first = dice.PLAYER_NAMES.index(words[1])
    rolls = tuple(tuple(int(ch) for ch in roll) for roll in words[2:4])
    rolled = dice.Setup((rolls[0], rolls[1]), first)
    return dice_notation.format_record(dice_notation.record_of(start.ruleset, rolled, moves))


BREAKS: Final = ("changed", "dropped", "repeated")
"""How a record is broken in one token: a token changed for another of the record, left
out, or written twice."""


def broken(text: str, rng: Random) -> tuple[str, str]:
    """*text* with one token broken as *rng* draws (one of :data:`BREAKS`), and what was
    done, to say so in a report."""
    tokens = text.split()
    at = rng.randrange(len(tokens))
    how = rng.choice(BREAKS)
    if how == "changed":
        other = rng.choice(tokens)
        tokens[at] = other
        said = f"token {at + 1} changed to {other!r}"
    elif how == "dropped":
        said = f"token {at + 1} ({tokens.pop(at)!r}) dropped"
    else:
        tokens.insert(at, tokens[at])
        said = f"token {at + 1} ({tokens[at]!r}) repeated"
    return " ".join(tokens), said
