"""``cuckoo play``: a person against a bot in the terminal, the position drawn after every
move, illegal input refused with its rule, the game saved as a record after every move."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from random import Random

from . import dice
from .bots import Bot
from .dice import Infect
from .dice import notation as dice_notation
from .dice.views import diagram
from .errors import CuckooError
from .record import Recorder

__all__ = ["run"]


def run(
    bot: Bot,
    human: int,
    rules: dice.Ruleset,
    seed: int,
    path: Path,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    complete: Callable[[Iterable[str]], None],
) -> int:
    """Play until the game ends or the person quits; the dice are rolled with *seed*."""
    rng = Random(seed)
    tags = [(dice.PLAYER_NAMES[human], "you"), (dice.PLAYER_NAMES[1 - human], bot.name)]
    recorder = Recorder(dice_notation.GAME, path, rules, dice.random_setup(rng), tags)
    recorder.save()
    say(
        f"you play {dice.PLAYER_NAMES[human]}; 'legal' lists your moves, 'quit' stops. "
        f"The game is saved in {path}."
    )
    while True:
        state = recorder.state()
        say(diagram(state).rstrip())
        if state.is_over:
            return 0
        if state.to_move == human:
            legal = [str(m) for m in dice.legal_moves(state)]
            complete([*legal, "legal", "quit"])
            text = ask(f"{dice.PLAYER_NAMES[human]} (ply {state.ply + 1})> ").strip()
            if text in ("quit", "exit"):
                say(f"saved in {path}")
                return 0
            if text == "legal" or not text:
                say("  " + " ".join(legal))
                continue
            try:
                move = dice_notation.parse_move(text)
                if isinstance(move, dice_notation.Seen):
                    move = dice_notation.resolve(state, move)
            except CuckooError as error:
                say(f"  refused: {error}")
                continue
        else:
            move = bot.choose(state, rng)
        if isinstance(move, Infect) and move.rolls is None:
            try:
                rolls = dice.random_rolls(dice.apply(state, move), rng)
            except CuckooError as error:
                say(f"  refused: {error}")
                continue
            move = Infect(move.give, move.take, rolls)
        try:
            recorder.play(move)
        except CuckooError as error:
            say(f"  refused: {error}")
            continue
        if state.to_move != human:
            say(f"{bot.name} plays {move}")
