"""The dice pyramid's cases: curated, from whole games, every ruleset setting, and perft."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Final

from ...dice import (
    PASS,
    PLAYER_NAMES,
    RULESETS,
    Infect,
    Move,
    Outcome,
    Rolls,
    Ruleset,
    Setup,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
    result,
)
from ...dice import ruleset as dice_ruleset
from ...dice.notation import format_record, parse, record_of
from ...dice.playout import random_game
from .cases import ROLLS, Case, order_cases

ONES: Final = ("1111111115", "1111111111")  # for filling the pyramid quickly
_FILL: Final = (  # every cell but the apex, in an order that keeps every die supported
    "1@300/B", "1@030/A", "1@003/A", "1@210", "1@201", "1@120", "1@021", "1@102", "1@012",
    "1@111", "1@200/B", "1@020/A", "1@002/A", "1@110", "1@101", "1@011", "1@100/B",
    "1@010/A", "1@001/A",
)  # fmt: skip


def curated_cases() -> Iterator[Case]:
    """The curated cases: every rule ID of the spec is cited by at least one."""
    yield Case("start-position", ("CD-SETUP-DICE", "CD-SETUP-ROLL", "CD-DIE-OWNER"))
    yield Case("red-first", ("CD-SETUP-FIRST", "CD-TURN-ORDER"), first="Red")
    for name in ("dwnsiwn", "unnamed"):
        yield Case(f"red-first-{name}", ("CD-TURN-ORDER",), ("6@003/A",), ruleset=name, first="Red")
    yield Case(
        "start-legal-moves",
        (
            "CD-TURN-ORDER",
            "CD-PLACE-DIE",
            "CD-PLACE-SUPPORT",
            "CD-PLACE-EXPOSE",
            "CD-INFECT-GIVE",
            "CD-INFECT-TAKE",
            "CD-INFECT-SUM",
            "CD-NOTATION-CANONICAL",
        ),
        expect="legal",
    )
    yield Case("too-few-dice", ("CD-SETUP-DICE",), rolls=("122", ROLLS[1]), expect="error")
    yield Case(
        "too-many-dice", ("CD-SETUP-DICE",), rolls=(ROLLS[0] + "1", ROLLS[1]), expect="error"
    )
    yield Case("roll-below-one", ("CD-SETUP-ROLL",), rolls=("0223445566", ROLLS[1]), expect="error")
    yield Case(
        "roll-not-a-face", ("CD-SETUP-ROLL",), rolls=("1223445567", ROLLS[1]), expect="error"
    )
    yield Case("first-player-unknown", ("CD-SETUP-FIRST",), first="Green", expect="error")
    yield Case("ruleset-unknown", ("CD-RULESET-PARAMS",), ruleset="chess", expect="error")
    yield Case("parameter-unknown", ("CD-RULESET-PARAMS",), params={"speed": 2}, expect="error")
    yield Case(
        "cells-and-sides",
        (
            "CD-CELL",
            "CD-SIDE",
            "CD-LAYER",
            "CD-CELL-DUNGEON",
            "CD-PLACE-DUNGEON",
            "CD-PLACE-SECOND",
            "CD-DIE-ADJACENT",
        ),
        moves=("6@003/A", "1@021", "4@111", "6@300/C"),
    )
    yield Case("no-such-cell", ("CD-CELL",), moves=("5@400",), expect="error")
    yield Case("no-such-face", ("CD-DIE-FACES",), moves=("7@300",), expect="error")
    yield Case("cell-taken", ("CD-PLACE-EMPTY",), moves=("6@003/A", "5@003/B"), expect="error")
    yield Case(
        "cell-unsupported", ("CD-PLACE-SUPPORT",), moves=("6@003/A", "5@011"), expect="error"
    )
    yield Case("die-not-held", ("CD-PLACE-DIE",), moves=("5'@300/B",), expect="error")
    yield Case("edge-needs-a-side", ("CD-PLACE-EXPOSE",), moves=("6@003",), expect="error")
    yield Case("face-cell-takes-no-side", ("CD-PLACE-EXPOSE",), moves=("6@021/A",), expect="error")
    yield Case("side-not-shown", ("CD-PLACE-EXPOSE",), moves=("6@003/C",), expect="error")
    yield Case("dungeon-takes-no-side", ("CD-PLACE-DUNGEON",), moves=("6@111/A",), expect="error")
    infect = "2+3x5(4;1,6)"
    yield Case(
        "infection-swaps-dice",
        ("CD-INFECT-SWAP", "CD-INFECT-REROLL", "CD-TURN-CHANCE"),
        moves=(infect,),
    )
    yield Case(
        "foreign-die-second-face",
        ("CD-PLACE-SECOND", "CD-DIE-OWNER"),
        moves=(infect, "6'@300/B", "4'@003/A"),
    )
    yield Case("reroll-distribution", ("CD-INFECT-REROLL", "CD-TURN-CHANCE"), expect="chance 2+3x5")
    yield Case("reroll-distribution-three", ("CD-INFECT-REROLL",), expect="chance 1+2+3x6")
    yield Case(
        "one-die-is-not-an-infection",
        ("CD-INFECT-GIVE", "CD-NOTATION-SYNTAX"),
        moves=("5x5(1;1)",),
        expect="error",
    )
    yield Case("giving-dice-not-held", ("CD-INFECT-GIVE",), moves=("3+3x6(1;1,1)",), expect="error")
    yield Case(
        "taking-a-die-not-held", ("CD-INFECT-TAKE",), moves=("2+3x5'(1;1,1)",), expect="error"
    )
    yield Case("sum-must-match", ("CD-INFECT-SUM",), moves=("2+2x5(1;1,1)",), expect="error")
    yield Case("reroll-count", ("CD-INFECT-REROLL",), moves=("2+3x5(1;1)",), expect="error")
    yield Case("infection-needs-reroll", ("CD-NOTATION-ROLLS",), moves=("2+3x5",), expect="error")
    yield Case(
        "foreign-dice-do-not-infect",
        ("CD-INFECT-POOL",),
        moves=(infect, "6@300/B", "2+4'x6(1;1,1)"),
        expect="error",
    )
    yield Case(
        "any-pool-lets-them",
        ("CD-INFECT-POOL",),
        params={"infection_pool": "any"},
        moves=(infect, "6@300/B", "2+4'x6(1;1,1)"),
    )
    yield Case(
        "any-pool-legal-moves",
        ("CD-INFECT-POOL",),
        params={"infection_pool": "any"},
        moves=(infect,),
        expect="legal",
    )
    yield Case(
        "limit-reached",
        ("CD-INFECT-LIMIT",),
        params={"infection_limit": 1},
        moves=(infect, "1+1x2(1;1,1)"),
        expect="error",
    )
    yield Case(
        "limit-legal-moves",
        ("CD-INFECT-LIMIT",),
        params={"infection_limit": 1},
        moves=(infect,),
        expect="legal",
    )
    yield Case("pass-with-dice", ("CD-TURN-PASS",), moves=("pass",), expect="error")
    yield Case(
        "apex-orientation",
        ("CD-PLACE-APEX", "CD-DIE-CORNER", "CD-DIE-FACES"),
        rolls=ONES,
        first="Red",
        moves=(*_FILL, "5@000/AB"),
    )
    yield Case(
        "apex-eastern",
        ("CD-PLACE-APEX", "CD-DIE-CORNER"),
        rolls=ONES,
        first="Red",
        params={"handedness": "eastern"},
        moves=(*_FILL, "5@000/AB"),
    )
    yield Case(
        "apex-legal-moves", ("CD-PLACE-APEX",), rolls=ONES, first="Red", moves=_FILL, expect="legal"
    )
    yield Case(
        "apex-needs-two-sides",
        ("CD-PLACE-APEX",),
        rolls=ONES,
        first="Red",
        moves=(*_FILL, "5@000/A"),
        expect="error",
    )
    yield Case(
        "bonus-legal-moves",
        ("CD-PLACE-BONUS", "CD-RULESET-UNNAMED"),
        ruleset="unnamed",
        expect="legal",
    )
    yield Case(
        "bonus-taken", ("CD-PLACE-BONUS", "CD-SCORE-SIDE"), ruleset="unnamed", moves=("1@111/AB",)
    )
    yield Case(
        "bonus-orientation",
        ("CD-PLACE-BONUS",),
        ruleset="unnamed",
        moves=("1@111/BA",),
        expect="error",
    )
    yield Case(
        "bonus-second-player", ("CD-PLACE-BONUS",), ruleset="unnamed", moves=("6@003/A", "1@111/CA")
    )
    for name, params in (("cuckoo", {}), ("unnamed", {"dungeon_bonus": False})):
        yield Case(
            f"no-bonus-{name}",
            ("CD-PLACE-BONUS", "CD-PLACE-DUNGEON"),
            ruleset=name,
            params=params,
            moves=("1@111/AB",),
            expect="error",
            about="without the dungeon bonus, a first die in the dungeon takes no sides",
        )
    yield Case(
        "no-bonus-later",
        ("CD-PLACE-BONUS", "CD-PLACE-DUNGEON"),
        ruleset="unnamed",
        moves=("6@003/A", "1@021", "4@111/AB"),
        expect="error",
    )
    yield Case("seen-placement", ("CD-NOTATION-SEEN",), moves=("@003/A6B2",))
    yield Case("seen-ambiguous", ("CD-NOTATION-SEEN",), moves=("@003/A1B2",), expect="error")
    yield Case("lenient-move", ("CD-NOTATION-LENIENT",), moves=("6 @ 003 / a",))
    yield Case("not-a-move", ("CD-NOTATION-SYNTAX",), moves=("6@003/A!",), expect="error")
    yield from _limit_cases(infect)


def _limit_cases(infect: str) -> Iterator[Case]:
    """Cases on both sides of a limit, and cases whose answer a misreading would change."""
    yield Case("every-die-below", ("CD-PLACE-SUPPORT",), moves=("6@111", "5@011"), expect="error")
    yield Case("sum-too-big", ("CD-INFECT-SUM",), moves=("3+4x5(1;1,1)",), expect="error")
    take = (infect, "1+3x4'(1;1,1)")
    yield Case("own-pool-takes-own", ("CD-INFECT-POOL",), moves=take, expect="error")
    any_pool = {"infection_pool": "any"}
    yield Case(
        "any-pool-takes-any", ("CD-INFECT-POOL", "CD-INFECT-TAKE"), params=any_pool, moves=take
    )
    twice = (infect, "1+1x2(1;1,1)")
    yield Case("limit-none", ("CD-INFECT-LIMIT",), moves=twice, about="no limit: two infections")
    yield Case(
        "limit-below-zero",
        ("CD-INFECT-LIMIT", "CD-RULESET-PARAMS"),
        params={"infection_limit": -1},
        expect="error",
        about="a limit one below the lowest (0) is refused",
    )
    for limit, expect in ((0, "legal"), (2, "state")):
        yield Case(
            f"limit-{limit}",
            ("CD-INFECT-LIMIT",),
            params={"infection_limit": limit},
            moves=(infect, "1+1x2(1;1,1)")[:limit],
            expect=expect,
        )
    # Which error wins (the notation chapter's order of checks): the die before its cell,
    # the limit before the dice given.
    yield Case(
        "order-die-before-cell",
        ("CD-PLACE-DIE", "CD-PLACE-EMPTY"),
        moves=("6@003/A", "4'@003/A"),
        expect="error",
    )
    yield Case(
        "order-limit-before-sum",
        ("CD-INFECT-LIMIT", "CD-INFECT-SUM"),
        params={"infection_limit": 0},
        moves=("2+2x5(1;1,1)",),
        expect="error",
    )


def _rolls(setup: Setup) -> tuple[str, str]:
    blue, red = ("".join(map(str, roll)) for roll in setup.rolls)
    return blue, red


def game_cases(root: Path) -> Iterator[Case]:
    """Whole games: results under every ruleset and tie-break reading, passes, the end."""
    for path in sorted((root / "examples").glob("*.cuckoo")):
        text = path.read_text(encoding="utf-8")
        if '[Game "cuckoo-dice"]' not in text:
            continue  # the examples of other games are in their own suites
        record = parse(text)
        setup, name = record.setup(), record.ruleset().name
        seat = {"ruleset": name, "first": PLAYER_NAMES[setup.first], "rolls": _rolls(setup)}
        rules = [
            "CD-SCORE-SIDE",
            "CD-SCORE-SIDE-WIN",
            "CD-SCORE-MAJORITY",
            "CD-TURN-OVER",
            f"CD-RULESET-{name.upper()}",
        ]
        rules += {
            "dungeon": ["CD-SCORE-DUNGEON"],
            "captures": ["CD-SCORE-CAPTURES"],
            "shared": ["CD-SCORE-SHARED", "CD-SCORE-CAPTURES"],
        }.get(record.tag("Termination") or "", [])
        moves = tuple(str(m) for m in record.moves)
        yield Case(f"game-{path.stem}", tuple(rules), moves, "result", **seat)  # type: ignore[arg-type]
        for param, value in (("dungeon_tiebreak", "owner"), ("side_majority", "absolute")):
            yield Case(
                f"game-{path.stem}-{param.replace('_', '-')}-{value}",
                ("CD-RULESET-PARAMS", "CD-SCORE-DUNGEON", "CD-SCORE-MAJORITY", "CD-SCORE-SIDE-WIN"),
                moves,
                "result",
                params={param: value},
                **seat,  # type: ignore[arg-type]
            )
        yield Case(f"game-{path.stem}-over", ("CD-TURN-OVER",), (*moves, "pass"), "error", **seat)  # type: ignore[arg-type]
        yield Case(
            f"record-{path.stem}",
            ("CD-NOTATION-TAGS", "CD-NOTATION-RESULT"),
            expect="result",
            record=" ".join(text.split()),
        )
    cuckoo = RULESETS["cuckoo"]
    setup, played = random_game(cuckoo, Random(0))
    state = new_game(cuckoo, setup)
    for ply, move in enumerate(played):
        if legal_moves(state) == (PASS,):
            yield Case(
                "only-pass",
                ("CD-TURN-PASS",),
                tuple(map(str, played[:ply])),
                "legal",
                first=PLAYER_NAMES[setup.first],
                rolls=_rolls(setup),
            )
            break
        state = apply(state, move)
    record = record_of(cuckoo, setup, played)
    lines = format_record(record).splitlines()
    wrong = "1-1" if record.result != "1-1" else "0-1"
    yield Case(
        "record-result-wrong",
        ("CD-NOTATION-RESULT",),
        expect="error",
        record=" ".join([*lines[:-1], wrong]),
    )
    yield Case(
        "record-tags-missing", ("CD-NOTATION-TAGS",), expect="error", record=" ".join(lines[1:])
    )
    yield from order_cases("CD", "record", "\n".join(lines), "pass")
    messy = " ".join(lines).lower().replace('"blue"', '"BLUE"')
    yield Case(
        "record-canonical",
        ("CD-NOTATION-CANONICAL", "CD-NOTATION-LENIENT"),
        expect="format",
        record=messy,
    )


SETTINGS: Final = (
    ("side_majority", "absolute", ("CD-SCORE-MAJORITY",), "dungeon"),
    ("dungeon_tiebreak", "owner", ("CD-SCORE-DUNGEON",), "dungeon"),
    ("tiebreak", "captures-dungeon", ("CD-SCORE-CAPTURES",), "captures"),
    ("tiebreak", "captures-dungeon", ("CD-SCORE-SHARED", "CD-SCORE-CAPTURES"), "shared"),
)
"""Scoring parameters, each with a reason its setting must give for a different result."""


def settings_cases() -> Iterator[Case]:
    """For each scoring parameter and tie-break, the first random game whose result (its
    winners or its reason) the setting changes, ending with the reason asked for, played
    under both settings."""
    base = RULESETS["cuckoo"]
    for param, value, rules, reason in SETTINGS:
        changed = dice_ruleset("cuckoo", **{param: value})
        for seed in range(5000):
            setup, moves = _tie_prone_game(base, Random(seed))
            before, after = (_final(r, setup, moves) for r in (base, changed))
            if after.reason == reason and after != before:
                break
        else:
            raise AssertionError(f"no random game tells {param}={value} apart")
        seat = {"first": PLAYER_NAMES[setup.first], "rolls": _rolls(setup)}
        played = tuple(map(str, moves))
        slug = f"settings-{param.replace('_', '-')}-{reason}"
        yield Case(f"{slug}-default", rules, played, "result", **seat)  # type: ignore[arg-type]
        yield Case(f"{slug}-{value}", rules, played, "result", params={param: value}, **seat)  # type: ignore[arg-type]


def _tie_prone_game(rules: Ruleset, rng: Random) -> tuple[Setup, tuple[Move, ...]]:
    """A random game in which sides often tie: both players roll the same few values."""
    roll = tuple(rng.choice((1, 1, 2, 6)) for _ in range(10))
    setup = Setup((roll, roll), rng.choice((0, 1)))
    state, moves = new_game(rules, setup), []
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        assert not isinstance(move, Rolls)
        if isinstance(move, Infect):
            outcomes = chance_outcomes(apply(state, move))
            move = replace(move, rolls=rng.choice(outcomes)[0])
        state = apply(state, move)
        moves.append(move)
    return setup, tuple(moves)


def _final(rules: Ruleset, setup: Setup, moves: tuple[Move, ...]) -> Outcome:
    state = new_game(rules, setup)
    for move in moves:
        state = apply(state, move)
    outcome = result(state)
    assert outcome is not None
    return outcome


def perft_cases() -> Iterator[Case]:
    """Perft tables: distinct records of n more plies, from chosen positions."""
    setup, moves = random_game(RULESETS["cuckoo"], Random(3))
    for plies, depth in ((0, 1), (4, 1), (8, 2), (12, 3), (14, 3)):
        yield Case(
            f"perft-{plies}",
            ("CD-TURN-ORDER",),
            tuple(map(str, moves[:plies])),
            f"perft {depth}",
            first=PLAYER_NAMES[setup.first],
            rolls=_rolls(setup),
        )
