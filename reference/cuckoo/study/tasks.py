"""Every game of a study as an independent task, with its own seed.

A task's seed is drawn from the study's seed, the part, the setting, the match and the
game's index, by a hash: it depends on nothing else, so a game comes out the same whichever
worker plays it, in whatever order, on one core or a cluster.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Container, Iterator, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, Final

from .. import cards, dice
from ..players.bots import bot_named
from ..players.tables import TABLES
from .spec import SEPARATOR, Part, Setting, Study, rules_of

__all__ = [
    "LENGTH",
    "Games",
    "Task",
    "game_count",
    "play_task",
    "play_tasks",
    "task_seed",
    "tasks_of",
]

LENGTH: Final = {
    "cuckoo-dice": "moves",
    "cuckoo-cards": "hands",
    "zum-kuckuck": "number cards played",
}
"""What a game's length counts."""


@dataclass(frozen=True)
class Task:
    """One game to play."""

    part: str
    game: str
    setting: Setting
    match: tuple[str, ...]
    index: int
    seed: int

    @property
    def key(self) -> str:
        """What names the game in the results file: part, setting, match and index."""
        return SEPARATOR.join((self.part, self.setting.key, ",".join(self.match), str(self.index)))


def task_seed(study_seed: int, part: str, setting: str, match: Sequence[str], index: int) -> int:
    """A 64-bit seed for one game, from what names it (SHA-256, so stable everywhere)."""
    text = f"{study_seed}|{part}|{setting}|{','.join(match)}|{index}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _part_tasks(seed: int, part: Part) -> Iterator[Task]:
    for setting in part.settings:
        for match in part.matches:
            for index in range(part.games):
                yield Task(
                    part.name,
                    part.game,
                    setting,
                    match,
                    index,
                    task_seed(seed, part.name, setting.key, match, index),
                )


def tasks_of(study: Study) -> Iterator[Task]:
    """Every game of *study*, part by part, setting by setting, match by match: made one at
    a time, so that a study of a billion games starts at once and in little memory."""
    for part in study.parts:
        yield from _part_tasks(study.seed, part)


def game_count(study: Study) -> int:
    """How many games *study* plays in all, counted without making them."""
    return sum(len(p.settings) * len(p.matches) * p.games for p in study.parts)


class Games:
    """The games of a study found by their keys, without making them all: what checks that
    a results file belongs to the study."""

    def __init__(self, study: Study) -> None:
        self.seed = study.seed
        self.parts = {
            part.name: (
                part,
                {setting.key: setting for setting in part.settings},
                {",".join(match): match for match in part.matches},
            )
            for part in study.parts
        }

    def task(self, key: str) -> Task | None:
        """The game named *key*, or None if *study* has no such game."""
        fields = key.split(SEPARATOR)
        if len(fields) != 4:
            return None
        part_name, setting_key, match_key, number = fields
        found = self.parts.get(part_name)
        if found is None or not (number.isascii() and number.isdigit() and len(number) <= 10):
            return None
        part, settings, matches = found
        setting, match, index = settings.get(setting_key), matches.get(match_key), int(number)
        if setting is None or match is None or index >= part.games or str(index) != number:
            return None
        seed = task_seed(self.seed, part.name, setting.key, match, index)
        return Task(part.name, part.game, setting, match, index, seed)

    def starting(self, prefix: str, taken: Container[str] = ()) -> Task | None:
        """The first game not *taken* whose key starts with *prefix*, or None: what a line
        cut short before the end of its key was the start of (or could have been: any
        such game completes it as a game of the study)."""
        *whole, last = prefix.split(SEPARATOR)
        if len(whole) > 3:
            return None
        for part, settings, matches in self.parts.values():
            fields = [[part.name], list(settings), list(matches)]
            if any(name not in options for name, options in zip(whole, fields, strict=False)):
                continue
            choices = [[name] for name in whole]
            if len(whole) < 3:
                choices.append([name for name in fields[len(whole)] if name.startswith(last)])
                choices += fields[len(whole) + 1 :]
            for names in itertools.product(*choices):
                for index in _numbers(last if len(whole) == 3 else "", part.games):
                    task = self.task(SEPARATOR.join([*names, str(index)]))
                    if task is not None and task.key not in taken:
                        return task
        return None


def _numbers(start: str, below: int) -> Iterator[int]:
    """The numbers under *below* written with *start* first, smallest first, made lazily."""
    if not start or start == "0":
        yield from range(below if not start else min(below, 1))
        return
    if not (start.isascii() and start.isdigit()) or start[0] == "0" or len(start) > 10:
        return
    low, width = int(start), 1
    while low < below:
        yield from range(low, min(low + width, below))
        low, width = low * 10, width * 10


def play_task(task: Task) -> dict[str, Any]:
    """Play the game of *task* and say what happened, as a line of the results file.

    The bots take the seats in the match's order turned by the game's index, so over a
    series each bot sits in every seat equally often.
    """
    table = TABLES[task.game]
    rng = Random(task.seed)
    n = len(task.match)
    seats = tuple(task.match[(seat + task.index) % n] for seat in range(n))
    bots = [bot_named(name, task.game) for name in seats]
    _, setup = table.new(rng, "", tuple(f"P{seat + 1}" for seat in range(n)))
    state = table.start(rules_of(task.game, task.setting), setup)
    first: int | None = None
    decisions = 0
    history: list[tuple[Any, Any]] = []
    while not state.is_over:
        choosing = table.choosing(state)
        if choosing:
            first = choosing[0] if first is None else first
            decisions += 1
            seat = choosing[0]
            move = table.complete(state, bots[seat].choose(state, rng, seat, history), rng)
        else:
            move = table.chance(state, rng)
        history.append((state, move))
        state = table.apply(state, move)
    record: dict[str, Any] = {
        "key": task.key,
        "seed": task.seed,
        "seats": list(seats),
        "winners": list(table.winners(state)),
        "first": first,
        "length": state.hands if isinstance(state, cards.State) else decisions,
    }
    if isinstance(state, dice.State):
        outcome = dice.result(state)
        assert outcome is not None
        won = sorted(outcome.sides_won, reverse=True)
        record["decided"] = outcome.reason
        record["sides"] = f"{won[0]}-{won[1]}"
    return record


def play_tasks(tasks: Sequence[Task]) -> list[dict[str, Any]]:
    """Play a batch of tasks: what an executor hands a worker at a time."""
    return [play_task(task) for task in tasks]
