"""Every value class of the modules the compiled build compiles pickles and copies whole
(``values.rebuilt``, from each class's ``__reduce__``).

Compiled, the default ways failed: a class whose ``__init__`` is written out was made again
by calling it without arguments, and a frozen dataclass by assigning its fields one by one,
which a frozen class refuses.  So a state, a move or a ruleset could not be copied or sent
to a worker process.  This file is also run as a script by CI's compiled step, in the
compiled build's environment, which has no pytest.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import importlib
import pickle
from pathlib import Path
from random import Random
from typing import Any

SETUP = Path(__file__).resolve().parents[1] / "setup.py"
NOT_VALUES = {"Kit"}
"""Dataclasses of the compiled modules that are not values: a game's kit holds functions."""


def compiled_classes() -> set[type[Any]]:
    """The dataclasses and named tuples defined in the modules setup.py compiles."""
    tree = ast.parse(SETUP.read_text(encoding="utf-8"))
    names = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED"
    )
    found = set()
    for name in names:
        module = importlib.import_module("cuckoo." + name.replace("/", "."))
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == module.__name__
                and value.__name__ not in NOT_VALUES
                and (dataclasses.is_dataclass(value) or issubclass(value, tuple))
            ):
                found.add(value)
    return found


def values() -> list[Any]:
    """Values of every game: the states, moves, setups and rules of a random record of each,
    and the few kinds a short random game may not hold, made directly."""
    from cuckoo import cards, kuckuck, random_records
    from cuckoo.cards import moves as cards_moves
    from cuckoo.cards import notation as cards_notation
    from cuckoo.cards import playout as cards_playout
    from cuckoo.dice import PASS, Die, Rolls, notation, random_setup, result
    from cuckoo.dice.recorded import Seen
    from cuckoo.dice.state import Bonus
    from cuckoo.kuckuck import moves as kuckuck_moves
    from cuckoo.kuckuck import notation as kuckuck_notation
    from cuckoo.kuckuck import playout as kuckuck_playout
    from cuckoo.kuckuck.rules import Turning
    from cuckoo.notation import Chunk

    rng = Random(11)
    made: list[Any] = []
    dice_written = random_records.dice_record(rng, "cuckoo", 2, 1)
    dice_record = notation.parse(notation.format_record(dice_written))
    dice_states = list(notation.replay(dice_record))
    made += [*dice_states, *dice_record.moves, result(dice_states[-1]), random_setup(rng)]
    made += [PASS, Rolls(3, (1, 6)), Bonus(1, (2, 3, 1)), Seen(5, (1, 2, 0))]
    cards_written = random_records.cards_record(rng, "", 4, 1)
    cards_record = cards_notation.parse(cards_notation.format_record(cards_written))
    made += [*cards_notation.replay(cards_record), *cards_record.moves, cards.RULES]
    made += [cards_playout.random_game(cards.RULES, rng, 4)[0], cards_moves.Reveal(cards.DECK[0])]
    rules = kuckuck.rules(variant="tactical")
    kuckuck_written = random_records.kuckuck_record(rng, "tactical", 4, 1)
    kuckuck_record = kuckuck_notation.parse(kuckuck_notation.format_record(kuckuck_written))
    made += [*kuckuck_notation.replay(kuckuck_record), *kuckuck_record.moves, rules]
    made += [kuckuck_playout.random_game(rules, rng, 4)[0], Turning(40, (1,), (2,))]
    made += [kuckuck_moves.Start(2), kuckuck_moves.Play(1, 17)]
    made += [cards_moves.Show(cards.DECK[:3]), cards.DECK[5], Die(4, True)]
    made += [placed for placed in dice_states[-1].board[:3]]
    made.append(Chunk('[Game "cuckoo-dice"]\n\n1. pass *\n', 41, 7))
    return made


def check() -> int:
    """Round-trip each value through pickle (every protocol), ``copy`` and ``deepcopy``; a
    value of every class of the compiled modules is among them."""
    made = values()
    missing = {c.__qualname__ for c in compiled_classes()} - {type(v).__qualname__ for v in made}
    assert not missing, f"no value of {sorted(missing)}"
    for value in made:
        again = [
            pickle.loads(pickle.dumps(value, p)) for p in range(2, pickle.HIGHEST_PROTOCOL + 1)
        ]
        again += [copy.copy(value), copy.deepcopy(value)]
        for other in again:
            assert type(other) is type(value) and other == value, (value, other)
    return len(made)


def test_every_value_of_the_compiled_modules_pickles_and_copies_whole() -> None:
    assert check() > 100


if __name__ == "__main__":
    print(f"{check()} values pickled and copied whole")
