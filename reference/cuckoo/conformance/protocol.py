"""The engine protocol, reference side: one command a line in, one answer a line out.

Like GTP and UCI: an answer starts ``=`` (success, then the payload) or ``?`` (failure,
then the error kind, the rule ID or ``-``, and a message).  The implementer's guide in the
docs is the normative description; this module is its reference implementation.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import IO, Final

from ..dice import (
    PLAYER_NAMES,
    Infect,
    Setup,
    State,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
    result,
    ruleset,
)
from ..dice.notation import Seen, format_record, parse, parse_move, replay, resolve
from ..dice.views import position
from ..errors import CuckooError, NotationError

__all__ = ["PROTOCOL", "Session", "perft", "serve"]

PROTOCOL: Final = "cuckoo-protocol 1"


class ProtocolError(Exception):
    """A command the protocol does not know, or one sent at the wrong time."""


def perft(state: State, depth: int) -> int:
    """The number of distinct records of *depth* more plies: every legal move, and for an
    infection every re-roll outcome, is a branch.  Leaves are counted in bulk."""
    if depth == 0 or state.is_over:
        return 1 if depth == 0 else 0
    total = 0
    for move in legal_moves(state):
        after = apply(state, move)
        if after.is_chance:
            if depth == 1:
                total += len(chance_outcomes(after))
            else:
                total += sum(perft(apply(after, r), depth - 1) for r, _ in chance_outcomes(after))
        else:
            total += 1 if depth == 1 else perft(after, depth - 1)
    return total


def _fraction(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


class Session:
    """One engine session: the current state and the commands that read or change it."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol": lambda _: PROTOCOL,
            "new": self.new,
            "apply": self.apply,
            "legal": lambda _: " ".join(sorted(str(m) for m in legal_moves(self.current))),
            "state": lambda _: json.dumps(
                position(self.current), sort_keys=True, separators=(",", ":")
            ),
            "result": self.result,
            "chance": self.chance,
            "perft": lambda args: str(perft(self.current, int(_one(args)))),
            "record": self.record,
            "format": lambda args: json.dumps(format_record(parse(" ".join(args)))),
        }

    @property
    def current(self) -> State:
        if self.state is None:
            raise ProtocolError("no game: send new first")
        return self.state

    def new(self, args: list[str]) -> str:
        """``new RULESET FIRST BLUEROLL REDROLL [param=value ...]``."""
        if len(args) < 4:
            raise ProtocolError("usage: new RULESET FIRST BLUEROLL REDROLL [param=value ...]")
        name, first, blue, red, *params = args
        overrides: dict[str, object] = {}
        for param in params:
            key, _, value = param.partition("=")
            overrides[key] = (
                int(value)
                if value.isdigit()
                else None
                if value == "none"
                else ({"yes": True, "no": False}.get(value, value))
            )
        rolls = tuple(tuple(int(ch) if ch.isdigit() else -1 for ch in r) for r in (blue, red))
        player = PLAYER_NAMES.index(first) if first in PLAYER_NAMES else -1
        self.state = new_game(ruleset(name, **overrides), Setup((rolls[0], rolls[1]), player))
        return ""

    def apply(self, args: list[str]) -> str:
        move = parse_move(" ".join(args))
        state = self.current
        if isinstance(move, Seen):
            move = resolve(state, move)
        if isinstance(move, Infect) and move.rolls is None:
            raise NotationError(
                "an infection must carry its re-roll, such as 2+3x5(4;1,6)",
                rule="CD-NOTATION-ROLLS",
            )
        self.state = apply(state, move)
        return ""

    def record(self, args: list[str]) -> str:
        """``record TEXT``: replay a whole record written on one line; the game it ends in
        becomes the current one."""
        for state in replay(parse(" ".join(args))):
            self.state = state
        return ""

    def result(self, _: list[str]) -> str:
        outcome = result(self.current)
        return f"{outcome.token} {outcome.reason}" if outcome else "*"

    def chance(self, args: list[str]) -> str:
        """``chance MOVE``: the re-roll outcomes of an infection and their probabilities."""
        move = parse_move(" ".join(args))
        if not isinstance(move, Infect) or move.rolls is not None:
            raise ProtocolError("chance takes an infection without its re-roll, such as 2+3x5")
        waiting = apply(self.current, move)
        return " ".join(f"{r}={_fraction(p)}" for r, p in chance_outcomes(waiting))

    def answer(self, line: str) -> str:
        """The answer line to one command line."""
        words = line.split()
        if not words:
            return "? protocol - empty command"
        command = self.commands.get(words[0])
        if command is None:
            return f"? protocol - unknown command {words[0]!r}"
        try:
            payload = command(words[1:])
        except CuckooError as error:
            return f"? {error.kind} {error.rule or '-'} {error.detail}"
        except (ProtocolError, ValueError) as error:
            return f"? protocol - {error}"
        return f"= {payload}" if payload else "="


def _one(args: list[str]) -> str:
    if len(args) != 1:
        raise ProtocolError("expected one argument")
    return args[0]


def serve(lines: Iterable[str] = sys.stdin, out: IO[str] = sys.stdout) -> int:
    """Answer commands until ``quit`` or the end of input."""
    session = Session()
    for line in lines:
        if line.split()[:1] == ["quit"]:
            out.write("=\n")
            out.flush()
            break
        out.write(session.answer(line) + "\n")
        out.flush()
    return 0
