"""The reference engine with one flaw, to prove that the conformance runner catches it.

Run as ``python broken_engine.py FLAW``; the flaws are listed in :data:`FLAWS`.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from cuckoo import dice
from cuckoo.conformance import protocol
from cuckoo.dice import PASS, rules, scoring
from cuckoo.dice.faces import ADJACENT


def _answering(flaw: Callable[[str], str | None]) -> None:
    """Let *flaw* answer a line first; None leaves it to the reference."""
    answer = protocol.Session.answer

    def patched(self: protocol.Session, line: str) -> str:
        return flaw(line) or answer(self, line)

    protocol.Session.answer = patched  # type: ignore[method-assign]


def no_support() -> None:
    """Dice may float: CD-PLACE-SUPPORT is not checked."""
    rules.BELOW = tuple(() for _ in rules.BELOW)  # type: ignore[misc]


def second_face_max() -> None:
    """Own dice show their largest neighbour too (CD-PLACE-SECOND)."""
    rules.second_face = lambda value, own: max(ADJACENT[value])


def pass_anytime() -> None:
    """Pass is offered with dice in the nest (CD-TURN-PASS)."""
    legal = dice.legal_moves
    dice.legal_moves = lambda state: (  # type: ignore[assignment]
        moves if PASS in (moves := legal(state)) or state.is_over else (*moves, PASS)
    )


def dungeon_owner() -> None:
    """The dungeon's owner, not its placer, breaks ties (CD-SCORE-DUNGEON)."""
    scoring._dungeon_taker = lambda state: state.board[15].owner  # type: ignore[union-attr]


def crash() -> None:
    """Dies when asked for the state."""
    _answering(lambda line: sys.exit(3) if line.startswith("state") else None)


def hang() -> None:
    """Never answers a request for the legal moves."""
    _answering(lambda line: time.sleep(3600) if line.startswith("legal") else None)  # type: ignore[func-returns-value]


def garbage() -> None:
    """Answers the result with something that is not an answer."""
    _answering(lambda line: "hello there" if line.startswith("result") else None)


def flood() -> None:
    """Answers the state with a line of 5 MB."""
    _answering(lambda line: "= " + "x" * 5_000_000 if line.startswith("state") else None)


def huge_state() -> None:
    """Answers the state with valid JSON of 3.5 MB: a report must not quote it whole."""
    _answering(
        lambda line: '= {"board": "' + "x" * 3_500_000 + '"}' if line.startswith("state") else None
    )


def deep_state() -> None:
    """Answers the state with 100,000 nested brackets: JSON too deep for most readers."""
    _answering(
        lambda line: "= " + "[" * 100_000 + "]" * 100_000 if line.startswith("state") else None
    )


def text_state() -> None:
    """Answers the state with words, not JSON."""
    _answering(lambda line: "= the board is full" if line.startswith("state") else None)


def no_records() -> None:
    """Cannot read records: says so (a skip), rather than failing."""
    _answering(
        lambda line: (
            "? unsupported - no records here" if line.startswith(("record", "format")) else None
        )
    )


def nothing() -> None:
    """Can express no case at all."""
    _answering(lambda line: None if line.startswith("protocol") else "? unsupported - nothing")


def record_needs_new() -> None:
    """Refuses ``record`` until a ``new`` has been sent (a bug an order of cases that
    starts with a ``new`` hides; a fresh engine for each case shows it)."""
    started: list[bool] = []

    def flaw(line: str) -> str | None:
        if line.startswith("new"):
            started.append(True)
        if line.startswith("record") and not started:
            return "? protocol - no game yet"
        return None

    _answering(flaw)


def one_game() -> None:
    """Plays one game only: a second ``new`` is refused (a fresh engine for each case
    never sees one)."""
    games: list[str] = []

    def flaw(line: str) -> str | None:
        if line.startswith(("new", "record")):
            games.append(line)
        return "? protocol - one game is enough" if len(games) > 1 else None

    _answering(flaw)


def long_reasons() -> None:
    """Cannot express records, and says why at length, in a reason full of markup."""
    why = "? unsupported - <img src=x onerror=alert(1)> </details> [a](http://x) `" * 20_000
    _answering(lambda line: why if line.startswith(("record", "format")) else None)


def markup() -> None:
    """Answers the state with markup: an image, a link, raw HTML, a fold's end, backticks."""
    _answering(
        lambda line: (
            '= {"x": "</details><img src=x> ![i](http://e/i.png) [l](http://e) '
            '``` <script>alert(1)</script> www.example.com |"}'
            if line.startswith("state")
            else None
        )
    )


def chance_nothing_due() -> None:
    """Refuses chance at a card game's decision, where nothing is due (an outside engine
    did): the reference answers nothing, an empty list of outcomes."""
    chance = protocol.CardGame.chance

    def refused(self: protocol.CardGame, text: str) -> str:
        if not text.strip() and self.state.step == "decide":
            raise protocol.ProtocolError("nothing is due")
        return chance(self, text)

    protocol.CardGame.chance = refused  # type: ignore[method-assign]


def no_start() -> None:
    """Exits before reading a single command, as an engine with a broken install does."""
    sys.exit(1)


FLAWS = {
    f.__name__.replace("_", "-"): f
    for f in (
        no_support,
        second_face_max,
        pass_anytime,
        dungeon_owner,
        crash,
        hang,
        garbage,
        flood,
        huge_state,
        deep_state,
        text_state,
        no_records,
        nothing,
        record_needs_new,
        one_game,
        long_reasons,
        markup,
        chance_nothing_due,
        no_start,
    )
}

if __name__ == "__main__":
    if len(sys.argv) > 2:  # where to write this process's id, for the process-group test
        Path(sys.argv[2]).write_text(str(os.getpid()), encoding="utf-8")
    FLAWS[sys.argv[1]]()
    protocol.serve()
