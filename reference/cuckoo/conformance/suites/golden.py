"""Golden playthroughs: whole games with the position after every step, as OpenSpiel keeps
them, one file per game and ruleset or variant.

Each is played by the reference through the protocol, choosing among its legal moves and
chance outcomes with a fixed seed, so an implementation can replay the same ``apply``
commands and compare its ``state`` answer step by step: where the suite says *that* an
engine differs, a playthrough shows the first step *where*.  A test keeps the stored files
equal to a fresh run; they change only on purpose, with
``python -m cuckoo.conformance.suites.golden --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from random import Random
from typing import Any, Final

from ...files import write_output
from ..engine import Engine, chance_pairs
from ..protocol import Session
from ..run.invariants import apply_argument
from .build import new_command

__all__ = ["FOLDER", "PLAYTHROUGHS", "dump", "first_difference", "playthrough"]

FOLDER: Final = Path(__file__).parents[1] / "data" / "golden"
"""Where the playthroughs are stored (``tests/conformance/golden``)."""

SCHEMA: Final = "cuckoo-golden/1"
ROLLS: Final = {"Blue": "1223445566", "Red": "1123345666"}
PLAYTHROUGHS: Final[dict[str, dict[str, Any]]] = {
    **{
        f"cuckoo-dice-{name}": {
            "ruleset": name, "params": {}, "first": "Blue", "rolls": ROLLS,
        }
        for name in ("cuckoo", "dwnsiwn", "unnamed")
    },
    "cuckoo-cards": {
        "game": "cuckoo-cards", "players": ["Ann", "Ben", "Cid"], "dealer": "Ann", "params": {},
    },
    "cuckoo-cards-high-right": {
        "game": "cuckoo-cards", "players": ["Ann", "Ben", "Cid", "Dan"], "dealer": "Ben",
        "params": {"aces": "high", "direction": "right", "lives": 2},
    },
    **{
        f"zum-kuckuck-{variant}": {
            "game": "zum-kuckuck", "players": ["Ann", "Ben", "Cid"],
            "params": {"variant": variant},
        }
        for variant in ("basic", "tactical")
    },
}  # fmt: skip
"""Each playthrough's setup, as a suite case writes it."""


def _ask(session: Session, command: str) -> str:
    answer = session.answer(command)
    assert answer.startswith("="), f"{command}: {answer}"
    return answer[2:]


def playthrough(name: str, seed: int = 0) -> dict[str, Any]:
    """The playthrough *name*: its ``new`` command, then each ``apply`` argument with the
    ``state`` after it, to the end of the game, and the result."""
    setup = PLAYTHROUGHS[name]
    game = setup.get("game", "cuckoo-dice")
    session, rng = Session(), Random(seed)
    new = new_command(setup)
    _ask(session, new)
    steps = [{"apply": None, "state": json.loads(_ask(session, "state"))}]
    while legal := _ask(session, "legal").split():
        move = apply_argument(
            game,
            rng.choice(legal),
            lambda query: rng.choice(sorted(chance_pairs(_ask(session, query)))),
        )
        _ask(session, f"apply {move}")
        steps.append({"apply": move, "state": json.loads(_ask(session, "state"))})
    return {
        "schema": SCHEMA,
        "name": name,
        "game": game,
        "new": new,
        "result": _ask(session, "result"),
        "steps": steps,
    }


def first_difference(engine: Engine, run: dict[str, Any]) -> int | None:
    """The first step of the playthrough *run* at which *engine*'s ``state`` differs (or
    its ``apply`` fails), counting the position after ``new`` as step 0; None if none."""
    engine.ask(run["new"])
    for number, step in enumerate(run["steps"]):
        if step["apply"] is not None and engine.ask(f"apply {step['apply']}").startswith("?"):
            return number
        answer = engine.ask("state")
        if not answer.startswith("= ") or json.loads(answer[2:]) != step["state"]:
            return number
    return None


def dump(run: dict[str, Any]) -> str:
    """A playthrough as its file holds it: one step a line, so a diff shows the step."""
    head = {k: v for k, v in run.items() if k != "steps"}
    lines = [json.dumps(step, sort_keys=True, ensure_ascii=False) for step in run["steps"]]
    body = ",\n  ".join(lines)
    return json.dumps(head, ensure_ascii=False)[:-1] + f', "steps": [\n  {body}\n]}}\n'


def main(argv: list[str]) -> int:
    """Check the stored playthroughs against fresh ones; with ``--write``, rewrite them."""
    stale = []
    for name in PLAYTHROUGHS:
        path = FOLDER / f"{name}.json"
        text = dump(playthrough(name))
        if "--write" in argv:
            FOLDER.mkdir(exist_ok=True)
            write_output(path, text)
        elif not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    for name in stale:
        print(f"stale: {FOLDER / name}.json (rerun with --write if the change is meant)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
