"""Every value a replay makes by the thousand, whose ``__init__`` is written out for the
compiled build, pickles and copies whole (``values.rebuilt``).

Compiled, the default way called that ``__init__`` without arguments and failed: a state
could not be copied or sent to a worker process.  This file is also run as a script by CI's
compiled step, in the compiled build's environment, which has no pytest.
"""

from __future__ import annotations

import copy
import pickle
from random import Random
from typing import Any


def values() -> list[Any]:
    """A value of each such class, each game's taken from a random record."""
    from cuckoo import random_records
    from cuckoo.cards import notation as cards_notation
    from cuckoo.dice import Rolls, notation, result
    from cuckoo.kuckuck import notation as kuckuck_notation
    from cuckoo.notation import Chunk

    rng = Random(11)
    dice_written = random_records.dice_record(rng, "cuckoo", 2, 1)
    dice_record = notation.parse(notation.format_record(dice_written))
    dice_states = list(notation.replay(dice_record))
    infections = [m for m in dice_record.moves if type(m).__name__ == "Infect"]
    cards_written = random_records.cards_record(rng, "", 4, 1)
    cards_record = cards_notation.parse(cards_notation.format_record(cards_written))
    cards_states = list(cards_notation.replay(cards_record))
    kuckuck_written = random_records.kuckuck_record(rng, "basic", 4, 1)
    kuckuck_record = kuckuck_notation.parse(kuckuck_notation.format_record(kuckuck_written))
    kuckuck_states = list(kuckuck_notation.replay(kuckuck_record))
    return [
        dice_states[0],
        dice_states[-1],
        result(dice_states[-1]),
        *infections[:1],
        Rolls(3, (1, 6)),
        cards_states[-1],
        kuckuck_states[len(kuckuck_states) // 2],
        Chunk('[Game "cuckoo-dice"]\n\n1. pass *\n', 41, 7),
    ]


def check() -> int:
    """Round-trip each value through pickle (every protocol), ``copy`` and ``deepcopy``."""
    made = values()
    kinds = {type(value).__name__ for value in made}
    assert {"State", "Outcome", "Infect", "Rolls", "Chunk"} <= kinds, kinds
    for value in made:
        again = [
            pickle.loads(pickle.dumps(value, p)) for p in range(2, pickle.HIGHEST_PROTOCOL + 1)
        ]
        again += [copy.copy(value), copy.deepcopy(value)]
        for other in again:
            assert type(other) is type(value) and other == value, (value, other)
    return len(made)


def test_the_values_of_a_replay_pickle_and_copy_whole() -> None:
    assert check() == 8


if __name__ == "__main__":
    print(f"{check()} values pickled and copied whole")
