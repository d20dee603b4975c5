"""How fast a study's games go: ``python benchmarks/studies/scale.py >
benchmarks/results/study-scale.json``.

Games a CPU second for each match of the stored study's bots (played in this process), and
one fixed set of games run on one worker and on two, with wall time, CPU time and the load
average, since the machine is shared.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

from cuckoo.study.executors import cpu_seconds, run_batches
from cuckoo.study.spec import parse_study
from cuckoo.study.tasks import Task, play_task, tasks_of

SPEED = (
    ("cuckoo-dice", ["random", "random"], 300),
    ("cuckoo-dice", ["greedy", "random"], 150),
    ("cuckoo-dice", ["greedy", "greedy"], 100),
    ("cuckoo-dice", ["mcts:100", "greedy"], 6),
    ("cuckoo-dice", ["mcts:50", "mcts:50"], 6),
    ("zum-kuckuck", ["random", "random", "random", "random"], 100),
    ("zum-kuckuck", ["careful", "random", "random", "random"], 100),
    ("cuckoo-cards", ["random", "random", "random"], 500),
    ("cuckoo-cards", ["greedy", "random", "random"], 500),
)


def _tasks(game: str, match: list[str], games: int) -> list[Task]:
    study = parse_study({"seed": 1, "part": [{"game": game, "games": games, "matches": [match]}]})
    return list(tasks_of(study))


def speed() -> list[dict[str, Any]]:
    rows = []
    for game, match, games in SPEED:
        tasks = _tasks(game, match, games)
        wall, cpu = time.perf_counter(), time.process_time()
        for task in tasks:
            play_task(task)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        rows.append(
            {"game": game, "match": " v ".join(match), "games": games, "cpu": cpu, "wall": wall}
        )
        print(f"{game} {match}: {games / cpu:.1f} games a CPU second", file=sys.stderr)
    return rows


def runs() -> list[dict[str, Any]]:
    tasks = _tasks("cuckoo-dice", ["greedy", "greedy"], 1200)
    found = []
    for jobs in (1, 2, 1, 2):  # in turn, as the neighbours' load comes and goes
        wall, cpu = time.perf_counter(), cpu_seconds()
        played = sum(len(batch) for batch in run_batches(tasks, len(tasks), jobs=jobs))
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        found.append(
            {"jobs": jobs, "games": played, "wall": wall, "cpu": cpu, "load": os.getloadavg()[0]}
        )
        print(f"{jobs} job(s): {wall:.1f} s wall, {cpu:.1f} s CPU", file=sys.stderr)
    return found


if __name__ == "__main__":
    command = "python benchmarks/studies/scale.py > benchmarks/results/study-scale.json"
    data = {"command": command, "cores": os.cpu_count(), "speed": speed(), "runs": runs()}
    json.dump(data, sys.stdout, indent=1)
    print()
