"""Zum Kuckuck!'s cases: curated rounds and cycles, spec examples, whole matches, and
matches with a round that turns in several batches.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from random import Random
from typing import Any, Final

from ... import kuckuck
from ...kuckuck import new_game as kuckuck_new_game
from ...kuckuck import rules as kuckuck_rules
from ...kuckuck.cards import halves
from ...kuckuck.notation import format_record as kuckuck_format
from ...kuckuck.notation import record_of as kuckuck_record_of
from ...kuckuck.playout import random_game as kuckuck_random_game
from ...kuckuck.summary import round_summaries
from ..coverage.rounds import batched
from .cases import KUCKUCK, Case, first_game, seated, spec_examples, whole_games

HIGH, HALF, WHOLE, LOW = (
    " ".join(map(str, range(first, first + 12))) for first in (49, 13, 25, 1)
)  # hands of 0, 6, 12 and 0 cockatoo cards
DEAL3: Final = (f"deal Ann {HIGH}", f"deal Ben {HALF}", f"deal Cid {WHOLE}")


def kuckuck_cases(root: Path) -> Iterator[Case]:
    """Zum Kuckuck!: curated positions, the spec's examples, whole matches, perft."""

    match = partial(seated, KUCKUCK)
    yield match("zk-start", ("ZK-SETUP-PLAYERS", "ZK-TURN-CHANCE"))
    yield match("zk-deal-outcomes", ("ZK-SETUP-DEAL", "ZK-CARD-NUMBERS"), (), "chance")
    yield match(
        "zk-after-the-deal", ("ZK-SETUP-COUNT", "ZK-CARD-COCKATOOS", "ZK-CYCLE-START"), DEAL3
    )
    yield match("zk-nest-outcomes", ("ZK-ROUND-NEST", "ZK-CARD-NESTS"), DEAL3, "chance")
    opened = (*DEAL3, "nest 3 9")
    yield match("zk-choices", ("ZK-BASIC-SIMULTANEOUS", "ZK-ROUND-PLAY"), opened, "legal")
    yield match("zk-one-chosen", ("ZK-BASIC-SIMULTANEOUS",), (*opened, "Cid 30"))
    yield match("zk-one-chosen-choices", ("ZK-BASIC-SIMULTANEOUS",), (*opened, "Cid 30"), "legal")
    yield match(
        "zk-round",
        ("ZK-ROUND-TAKE", "ZK-NEST-TOP", "ZK-ROUND-TURN", "ZK-ROUND-PLAY"),
        (*opened, "Cid 30", "Ann 50", "Ben 13"),
    )
    dropped = (*DEAL3, "nest 12 12", "(Ann 60 Ben 13 Cid 25)")
    yield match(
        "zk-drop-ends-cycle",
        ("ZK-ROUND-DROP", "ZK-CYCLE-END", "ZK-CYCLE-PASS", "ZK-SCORE-COCKATOOS",
         "ZK-SCORE-DROPPED", "ZK-SCORE-LOWEST", "ZK-SCORE-NONE"),
        dropped,
    )  # fmt: skip
    four = ("Ann", "Ben", "Cid", "Dan")
    passed = (*DEAL3, f"deal Dan {LOW}", "nest 12 12", "(Ann 60 Ben 13 Cid 25 Dan 1)")
    yield match("zk-pass", ("ZK-ROUND-PASS", "ZK-ROUND-DROP"), passed, players=four)
    yield match("zk-nest-outcomes-later", ("ZK-ROUND-NEST",), passed, "chance", players=four)
    yield match(
        "zk-nest-used-up", ("ZK-ROUND-NEST",), (*passed, "nest 1 12"), "error", players=four
    )
    yield match("zk-played-twice", ("ZK-ROUND-PLAY",), (*opened, "Cid 30", "Cid 31"), "error")
    yield match("zk-not-in-hand", ("ZK-ROUND-PLAY",), (*opened, "Cid 60"), "error")
    yield match("zk-no-such-nest", ("ZK-ROUND-NEST",), (*DEAL3, "nest 3 13"), "error")
    yield match("zk-play-before-nest", ("ZK-TURN-CHANCE",), (*DEAL3, "Ann 50"), "error")
    yield match("zk-dealt-twice", ("ZK-SETUP-DEAL",), ("deal Ann 1 1",), "error")
    yield match("zk-two-players", ("ZK-SETUP-PLAYERS",), (), "error", players=("Ann", "Ben"))
    yield match("zk-bad-variant", ("ZK-RULESET-PARAMS",), (), "error", variant="quick")
    yield match("zk-perft", ("ZK-ROUND-NEST", "ZK-BASIC-SIMULTANEOUS"), DEAL3, "perft 3")
    yield match("zk-parameter-unknown", ("ZK-RULESET-PARAMS",), (), "error", speed=2)
    yield match("zk-four-players", ("ZK-SETUP-PLAYERS",), players=four)
    yield match("zk-five-players", ("ZK-SETUP-PLAYERS",), players=(*four, "Eve"))
    five = (*DEAL3, f"deal Dan {LOW}", "deal Eve " + " ".join(map(str, range(37, 49))))
    for seats in (4, 5):
        yield match(
            f"zk-dealt-{seats}", ("ZK-SETUP-COUNT",), five[:seats], players=(*four, "Eve")[:seats]
        )
    yield match(
        "zk-one-cycle-result",
        ("ZK-MATCH-CYCLES", "ZK-MATCH-WINNER"),
        dropped,
        "result",
        about="one cycle scored is not the match: no winner yet",
    )
    yield match("zk-six-players", ("ZK-SETUP-PLAYERS",), (), "error", players=(*four, "Eve", "Fay"))
    yield match(
        "zk-order-turn-before-hand",
        ("ZK-TACTICAL-ORDER", "ZK-ROUND-PLAY"),
        (*DEAL3, "nest 3 9", "Ann 1"),
        "error",
        variant="tactical",
    )
    mixed = (
        f"deal Ann {HIGH}",
        f"deal Ben {HALF}",
        "deal Cid " + " ".join(map(str, range(37, 49))),
    )
    yield match("zk-start-draw", ("ZK-TACTICAL-FIRST",), mixed, "chance", variant="tactical")
    yield match(
        "zk-start-drawn",
        ("ZK-TACTICAL-FIRST", "ZK-TACTICAL-ORDER"),
        (*mixed, "start Cid", "nest 3 9"),
        "legal",
        variant="tactical",
    )
    yield match(
        "zk-start-not-tied",
        ("ZK-TACTICAL-FIRST",),
        (*mixed, "start Ann"),
        "error",
        variant="tactical",
    )
    yield match("zk-start-most", ("ZK-TACTICAL-FIRST",), DEAL3, variant="tactical")
    yield match(
        "zk-out-of-turn",
        ("ZK-TACTICAL-ORDER",),
        (*DEAL3, "nest 3 9", "Ann 60"),
        "error",
        variant="tactical",
    )
    yield match(
        "zk-next-start",
        ("ZK-TACTICAL-NEXT", "ZK-TACTICAL-ORDER"),
        (*DEAL3, "nest 3 9", "Cid 25", "Ann 60", "Ben 13"),
        variant="tactical",
    )
    yield match("zk-plays-grouped", ("ZK-NOTATION-PLAYS",), (*opened, "(Ann 50 Ben 13 Cid 30)"))
    yield match(
        "zk-plays-in-turn-grouped",
        ("ZK-NOTATION-PLAYS",),
        (*DEAL3, "nest 3 9", "(Ann 50 Ben 13 Cid 30)"),
        "error",
        variant="tactical",
    )
    for chapter in sorted((root / "spec" / KUCKUCK).glob("*.md")):
        yield from spec_examples(chapter)
    texts = []
    for seed in range(4):
        variant = kuckuck_rules(variant=("basic", "tactical")[seed % 2])
        setup, moves = kuckuck_random_game(variant, Random(seed), 3 + seed % 3)
        texts.append(kuckuck_format(kuckuck_record_of(variant, setup, moves)))
    tactical = kuckuck_rules(variant="tactical")
    setup, moves = kuckuck_random_game(tactical, Random(60), 5)  # the first seed that shows it
    yield Case(
        "zk-batches-tactical",
        ("ZK-TACTICAL-NEXT", "ZK-ROUND-TURN", "ZK-ROUND-DROP", "ZK-ROUND-PASS"),
        expect="result",
        record=" ".join(kuckuck_format(kuckuck_record_of(tactical, setup, moves)).split()),
        about="a five-player tactical match in which a player who turned in an early batch "
        "drops out in a later one: only the last batch's turners decide who starts next",
    )
    yield from _ordered_matches()
    text = texts[-1]
    yield from whole_games(
        KUCKUCK,
        texts,
        (
            "zk-match",
            (
                "ZK-MATCH-CYCLES",
                "ZK-MATCH-WINNER",
                "ZK-NOTATION-RESULT",
                "ZK-NOTATION-DEAL",
                "ZK-ROUND-TAKE",
                "ZK-CYCLE-END",
                "ZK-SCORE-COCKATOOS",
                "ZK-SCORE-LOWEST",
                "ZK-SCORE-DROPPED",
            ),
        ),
        ("zk-canonical", ("ZK-NOTATION-CANONICAL", "ZK-NOTATION-TAGS")),
    )
    yield Case(
        "zk-not-a-record",
        ("ZK-NOTATION-SYNTAX",),
        expect="error",
        record='[Game "zum-kuckuck"] [Players "A B C"] deal A *',
    )
    yield Case(
        "zk-match-over",
        ("ZK-TURN-OVER",),
        expect="error",
        record=" ".join(re.sub(r'\[Result "[^"]*"\]', "", text).split()[:-1]) + " nest 1 2 *",
    )


def _no_cockatoos(variant: Any, rng: Random) -> tuple[Any, tuple[Any, ...]]:
    """A random match of four in which the first seat is dealt the numbers that earn the
    fewest cockatoo cards (ZK-SETUP-COUNT), so that a hand earns none; the rest random."""
    setup = kuckuck.Setup(("P1", "P2", "P3", "P4"))
    state, moves = kuckuck_new_game(variant, setup), []
    while not state.is_over:
        move: kuckuck.Move
        if state.is_chance and state.step == "deal" and state.to_deal == 0:
            outcomes = [o for o, _ in kuckuck.chance_outcomes(state) if isinstance(o, kuckuck.Deal)]
            move = min(outcomes, key=lambda o: (halves(o.number), rng.random()))
        elif state.is_chance:
            move = kuckuck.random_outcome(state, rng)
        else:
            move = rng.choice(kuckuck.legal_moves(state))
        moves.append(move)
        state = kuckuck.apply(state, move)
    return setup, tuple(moves)


def _no_cockatoos_batched(variant: Any, setup: Any, moves: tuple[Any, ...]) -> bool:
    """Whether a later cycle has a hand without cockatoo cards, and a round turns in
    several batches."""
    summaries = list(round_summaries(kuckuck_new_game(variant, setup), list(moves)))
    none = any(0 in r.counts for r in summaries if r.cycle > 1)
    return none and any(len(r.turnings) > 1 for r in summaries)


def _batched_match(variant: Any, setup: Any, moves: tuple[Any, ...]) -> bool:
    return batched(kuckuck_new_game(variant, setup), list(moves))


_ORDERED_MATCH: Final = (
    *("ZK-ROUND-PASS", "ZK-ROUND-DROP", "ZK-CYCLE-PASS", "ZK-MATCH-CYCLES", "ZK-MATCH-WINNER"),
    *("ZK-SCORE-COCKATOOS", "ZK-SCORE-DROPPED", "ZK-SCORE-LOWEST"),
)


def _ordered_matches() -> Iterator[Case]:
    """A random match of each version, four players, with a round that turns in several
    batches (so the order of the batches decides who turns a card and who drops out): the
    state at its end, every cycle's points in it."""
    for name in ("basic", "tactical"):
        variant = kuckuck_rules(variant=name)
        setup, moves, _ = first_game(
            partial(kuckuck_random_game, variant), partial(_batched_match, variant)
        )
        record = kuckuck_format(kuckuck_record_of(variant, setup, moves))
        yield Case(
            f"zk-ordered-{name}",
            (*_ORDERED_MATCH, *(("ZK-TACTICAL-NEXT",) if name == "tactical" else ())),
            expect="state",
            record=" ".join(record.split()),
            about=f"a four-player {name} match with a round that turns in several batches: "
            "every cycle's points",
        )
    variant = kuckuck_rules()
    setup, moves, _ = first_game(
        partial(_no_cockatoos, variant), partial(_no_cockatoos_batched, variant)
    )
    yield Case(
        "zk-ordered-no-cockatoos",
        (*_ORDERED_MATCH, "ZK-SCORE-NONE", "ZK-SETUP-COUNT"),
        expect="state",
        record=" ".join(kuckuck_format(kuckuck_record_of(variant, setup, moves)).split()),
        about="a match in which a hand earns no cockatoo card, passed on from cycle to cycle, "
        "and a round turns in several batches: every cycle's points",
    )
