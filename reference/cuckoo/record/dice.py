"""Recording a game of the dice pyramid: the setup as the dice were rolled, a turn typed in
notation or as the pyramid shows it, an infection's real re-roll asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import dice
from ..dice import notation
from ..dice.state import State
from .asking import Ask, Say, ask_until
from .recorder import Recorder

__all__ = ["moves", "new", "prompt"]


def new(path: Path, ask: Ask, say: Say) -> Recorder:
    """Ask for the setup of a dice game as the table shows it."""

    def rules(text: str) -> dice.Ruleset:
        return dice.ruleset(text or "cuckoo")

    ruleset = ask_until(ask, say, "Ruleset (cuckoo, dwnsiwn, unnamed) [cuckoo]: ", rules)
    names = [(p, ask(f"{p}'s name (optional): ").strip()) for p in dice.PLAYER_NAMES]
    rolls = []
    for player in dice.PLAYER_NAMES:

        def roll(text: str, player: str = player) -> tuple[int, ...]:
            values = tuple(_digits(text))
            setup = dice.Setup((values, values), 0)
            dice.new_game(ruleset, setup)
            return values

        rolls.append(ask_until(ask, say, f"{player}'s ten dice as rolled, e.g. 1223445566: ", roll))

    def first(text: str) -> int:
        if text.title() not in dice.PLAYER_NAMES:
            raise ValueError("answer Blue or Red")
        return dice.PLAYER_NAMES.index(text.title())

    setup = dice.Setup((rolls[0], rolls[1]), ask_until(ask, say, "Who moves first? ", first))
    tags = [(p, n) for p, n in names if n]
    return Recorder(notation.GAME, path, ruleset, setup, tags)


def _digits(text: str) -> list[int]:
    """The digits 0-9 typed in *text*, each one value (``²`` is not a digit here)."""
    return [int(ch) for ch in text if ch in "0123456789"]


def moves(recorder: Recorder, text: str, ask: Ask, say: Say) -> list[Any]:
    """The turn typed, a placement written as seen resolved; for an infection typed without
    its re-roll, the dice rolled again are asked for."""
    move = notation.parse_move(text)
    state = recorder.state()
    if isinstance(move, notation.Seen):
        move = notation.resolve(state, move)
    if isinstance(move, dice.Infect) and move.rolls is None:
        dice.apply(state, move)  # refuse an illegal infection before asking for dice

        count = len(move.give)

        def reroll(answer: str) -> dice.Infect:
            values = _digits(answer)
            if len(values) != count + 1:
                raise ValueError(f"type {count + 1} dice: the taken die, then the given ones")
            written = f"{text}({values[0]};{','.join(map(str, values[1:]))})"
            infection = notation.parse_move(written)
            assert isinstance(infection, dice.Infect)
            return infection

        move = ask_until(
            ask, say, f"  re-roll: the taken die, then the {count} given dice: ", reroll
        )
    return [move]


def prompt(state: State) -> str:
    """Whose turn it is, and which."""
    return f"{dice.PLAYER_NAMES[state.to_move]} (turn {state.ply + 1})"
