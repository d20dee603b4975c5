"""Records made from protocol lines, by the reference: the record of a game played with
``new`` and ``apply`` (to send it whole where it was sent a move at a time), and records
broken in one token (to send where a record is expected).

The reference's own reader and writer do the work, so a record here is what ``cuckoo
format`` would write of that game; the engine under test is only ever sent the text.
"""

from __future__ import annotations

import re
from random import Random
from typing import Any, Final

from ... import cards, dice, kuckuck
from ...cards import notation as cards_notation
from ...dice import notation as dice_notation
from ...errors import CuckooError
from ...kuckuck import notation as kuckuck_notation
from ...seen import seen_moves
from ..protocol import Session

__all__ = ["BREAKS", "Recorder", "broken", "one_line", "written"]


def one_line(text: str) -> str:
    """A record's text on one line, as ``record`` and ``format`` take it."""
    return " ".join(text.split("\n"))


class Recorder:
    """A game played by protocol lines in a reference session of its own, each line's
    moves kept, so that the record of the game so far, or of its first lines, is written
    without reading a line twice."""

    def __init__(self, new: str) -> None:
        self.new, self.session = new, Session()
        self.started = self.session.answer(new) == "="
        game: Any = self.session.game
        self.start: Any = game.state if game else None
        self.lines: list[list[Any]] = []
        """The moves each ``apply`` line played."""

    def apply(self, text: str) -> bool:
        """Play the ``apply`` argument *text*; whether the reference took it."""
        game: Any = self.session.game
        try:
            read = type(game).read(game.state, text)
            game.apply(text)
        except (CuckooError, ValueError):
            return False
        self.lines.append(read)
        return True

    def can_stop(self) -> bool:
        """Whether a record of the game so far can stop here: not in a Zum Kuckuck! deal
        (ZK-NOTATION-DEAL: a record's deal is written whole)."""
        game: Any = self.session.game
        state = game.state if game else None
        return not (isinstance(state, kuckuck.State) and state.step == "deal")

    def written(self, lines: int | None = None) -> str | None:
        """The record, on one line, of the game so far (of its first *lines* lines)."""
        moves = [move for read in self.lines[:lines] for move in read]
        try:
            return one_line(_record_of(self.new, self.start, moves))
        except (CuckooError, ValueError):
            return None

    def seen(self, seat: int) -> str | None:
        """The record, on one line, of the card game so far as the player at *seat* would
        have written it: the cards that player did not see ``?``, each finished hand's
        show-down written (CC-PARTIAL-*, ZK-PARTIAL-*); None for the dice pyramid, which
        hides nothing, or where no record can stop."""
        if not isinstance(self.start, cards.State | kuckuck.State) or not self.can_stop():
            return None
        moves = [move for read in self.lines for move in read]
        states = [self.start]
        engine: Any = cards if isinstance(self.start, cards.State) else kuckuck
        for move in moves:
            states.append(engine.apply(states[-1], move))
        if seat >= len(self.start.players):
            return None
        named = (
            cards.Setup(self.start.players, self.start.dealer)
            if isinstance(self.start, cards.State)
            else kuckuck.Setup(self.start.players)
        )
        setup, hidden = seen_moves(_game(self.start), named, moves, states, seat)
        notation: Any = cards_notation if engine is cards else kuckuck_notation
        try:
            record = notation.record_of(self.start.rules, setup, list(hidden))
            return one_line(notation.format_record(record))
        except (CuckooError, ValueError):
            return None


def _game(start: Any) -> str:
    """The Game tag of the game *start* begins."""
    return cards_notation.GAME if isinstance(start, cards.State) else kuckuck_notation.GAME


def written(new: str, applied: list[str]) -> str | None:
    """The reference's record, on one line, of the game *new* starts and the ``apply``
    arguments *applied* play; None when the reference refuses a line of it, or the record
    (a Zum Kuckuck! record stops only after its deal, ZK-NOTATION-DEAL; a card game's does
    not wait for a show-down, CC-PARTIAL-SHOW): that game has no record to send whole."""
    game = Recorder(new)
    if not (game.started and all(game.apply(text) for text in applied)):
        return None
    text = game.written()
    return text if text and Session().answer(f"record {text}") == "=" else None


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


BREAKS: Final = ("changed", "dropped", "repeated", "unseen")
"""How a record is broken in one token: a token changed for another of the record, left
out, written twice, or a card (a number) written ``?``, as in a record of what was seen."""


_CARD: Final = re.compile(r"[0-9]{1,2}|(10|[2-9TJQKA])[cdhs]")
"""A card of the card game, or a number card of Zum Kuckuck!."""


def broken(text: str, rng: Random) -> tuple[str, str]:
    """*text* with one token broken as *rng* draws, and what was done, starting with
    which of :data:`BREAKS` it is (``dropped: token 4 ('7c')``)."""
    tokens = text.split()
    at = rng.randrange(len(tokens))
    how = rng.choice(BREAKS)
    if how == "changed":
        other = rng.choice(tokens)
        tokens[at] = other
        said = f"changed: token {at + 1} to {other!r}"
    elif how == "dropped":
        said = f"dropped: token {at + 1} ({tokens.pop(at)!r})"
    elif how == "repeated":
        tokens.insert(at, tokens[at])
        said = f"repeated: token {at + 1} ({tokens[at]!r})"
    else:
        cards = [k for k, token in enumerate(tokens) if _CARD.fullmatch(token)] or [at]
        at = rng.choice(cards)
        said = f"unseen: token {at + 1} ({tokens[at]!r}) written ?"
        tokens[at] = "?"
    return " ".join(tokens), said
