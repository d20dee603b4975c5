"""The conformance suite: cases as versioned JSON, generated from the spec and the engine.

Each case gives a setup (or a whole record), moves, and one expectation.  The inputs are
curated here and in the spec's examples; the expected values are what the reference
engine answers through the protocol, so the suite says exactly what the reference does.
Regenerate with ``python -m cuckoo.conformance.suite`` from the repository root; a test
keeps the committed file equal to a fresh build.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from random import Random
from typing import Any, Final

from .. import kuckuck
from ..cards import apply as cards_apply
from ..cards import new_game as cards_new_game
from ..cards import rules as cards_rules
from ..cards.notation import format_record as cards_format
from ..cards.notation import record_of as cards_record_of
from ..cards.playout import random_game as cards_random_game
from ..cards.state import MAX_PLAYERS as CARD_SEATS
from ..dice import (
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
from ..dice import ruleset as dice_ruleset
from ..dice.notation import format_record, parse, record_of
from ..dice.playout import random_game
from ..dice.rulesets import PARAMETERS as dice_parameters
from ..errors import shown
from ..kuckuck import new_game as kuckuck_new_game
from ..kuckuck import rules as kuckuck_rules
from ..kuckuck.cards import halves
from ..kuckuck.notation import format_record as kuckuck_format
from ..kuckuck.notation import record_of as kuckuck_record_of
from ..kuckuck.playout import random_game as kuckuck_random_game
from ..kuckuck.summary import round_summaries
from .protocol import Session
from .releases import VERSION, changelog
from .rounds import batched, ordered, passed_on
from .runner import quote, read_bounded

__all__ = ["SCHEMA", "SUITE", "build", "load", "load_all", "new_command"]

SCHEMA: Final = "cuckoo-conformance/1"
SUITE: Final = Path(__file__).parent / "data" / "cuckoo-dice.json"
"""Where the suite ships inside the package (the same file as ``tests/conformance``)."""

ROLLS: Final = ("1223445566", "1123345666")  # Blue's and Red's opening rolls
ONES: Final = ("1111111115", "1111111111")  # for filling the pyramid quickly
_FILL: Final = (  # every cell but the apex, in an order that keeps every die supported
    "1@300/B", "1@030/A", "1@003/A", "1@210", "1@201", "1@120", "1@021", "1@102", "1@012",
    "1@111", "1@200/B", "1@020/A", "1@002/A", "1@110", "1@101", "1@011", "1@100/B",
    "1@010/A", "1@001/A",
)  # fmt: skip


@dataclass(frozen=True)
class Case:
    """A curated case: inputs only; the expectation's value comes from the reference."""

    id: str
    rules: tuple[str, ...]
    moves: tuple[str, ...] = ()
    expect: str = "state"
    """``state``, ``legal``, ``result``, ``error``, ``chance MOVE``, ``perft N``, ``format``."""
    ruleset: str = "cuckoo"
    first: str = "Blue"
    rolls: tuple[str, str] = ROLLS
    params: dict[str, Any] = field(default_factory=dict)
    record: str | None = None
    players: tuple[str, ...] = ()
    """For cuckoo-cards: the players in seating order; :attr:`first` is the dealer."""
    game: str = "cuckoo-dice"
    about: str = ""
    """One line on what the case checks; empty for one written from its expectation."""

    def setup(self) -> dict[str, Any]:
        """The setup as the suite file writes it."""
        if self.game == KUCKUCK:
            return {"game": KUCKUCK, "players": list(self.players), "params": self.params}
        if self.players:
            return {
                "game": CARDS,
                "players": list(self.players),
                "dealer": self.first,
                "params": self.params,
            }
        return {
            "ruleset": self.ruleset,
            "params": self.params,
            "first": self.first,
            "rolls": dict(zip(PLAYER_NAMES, self.rolls, strict=True)),
        }


def _cases() -> Iterator[Case]:
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


def _game_cases(root: Path) -> Iterator[Case]:
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
    yield from _order_cases("CD", "record", "\n".join(lines), "pass")
    messy = " ".join(lines).lower().replace('"blue"', '"BLUE"')
    yield Case(
        "record-canonical",
        ("CD-NOTATION-CANONICAL", "CD-NOTATION-LENIENT"),
        expect="format",
        record=messy,
    )


CARDS: Final = "cuckoo-cards"
ABC: Final = ("Ann", "Ben", "Cid")


def _seated(
    game: str,
    case_id: str,
    rules: tuple[str, ...],
    moves: tuple[str, ...] = (),
    expect: str = "state",
    players: tuple[str, ...] = ABC,
    dealer: str | None = None,
    about: str = "",
    **params: Any,
) -> Case:
    """A case of a card game: the players in seating order (in cuckoo-cards, the first
    deals unless *dealer* is named), the rulesets' parameters, moves sent one ``apply``
    each."""
    return Case(
        case_id,
        rules,
        moves,
        expect,
        first=dealer or players[0],
        players=players,
        params=params,
        game=game,
        about=about,
    )


def _card_cases(root: Path) -> Iterator[Case]:
    """Cuckoo (cards): the spec's examples, curated hands, whole games, perft."""

    hand = partial(_seated, CARDS)
    yield hand("cards-start", ("CC-SETUP-PLAYERS", "CC-SETUP-DEALER", "CC-DEAL"))
    yield hand("cards-deal-outcomes", ("CC-DEAL", "CC-CARD-DECK"), ("deal 7h",), "chance")
    yield hand("cards-after-the-deal", ("CC-DEAL", "CC-TURN-ORDER"), ("deal 7h 3c 9s",))
    yield hand("cards-choices", ("CC-KEEP", "CC-SWAP"), ("deal 7h 3c 9s",), "legal")
    yield hand(
        "cards-dealer-choices", ("CC-CUT", "CC-KEEP"), ("deal 7h 3c 9s", "keep", "keep"), "legal"
    )
    yield hand("cards-swap", ("CC-SWAP", "CC-TURN-ORDER"), ("deal 7h 3c 9s", "swap"))
    yield hand("cards-king-blocks", ("CC-SWAP-KING",), ("deal 7h Ks 3c", "swap"))
    yield hand("cards-king-is-kept", ("CC-KING-HELD",), ("deal 7h Ks 3c", "swap"), "legal")
    yield hand("cards-king-may-not-swap", ("CC-KING-HELD",), ("deal Ks 7h 3c", "swap"), "error")
    yield hand(
        "cards-dealer-may-not-swap",
        ("CC-SWAP",),
        ("deal 7h 3c 9s", "keep", "keep", "swap"),
        "error",
    )
    yield hand("cards-only-the-dealer-cuts", ("CC-CUT",), ("deal 7h 3c 9s", "cut 2d"), "error")
    yield hand("cards-cut-outcomes", ("CC-CUT",), ("deal 7h 3c 9s", "keep", "keep"), "chance cut")
    yield hand(
        "cards-cut",
        ("CC-CUT", "CC-LOWEST", "CC-NEXT-DEALER"),
        ("deal 7h 3c 9s", "keep", "keep", "cut Ad"),
    )
    yield hand(
        "cards-cut-king", ("CC-CUT-KING", "CC-LOWEST"), ("deal 7h 3c 9s", "keep", "keep", "cut Kd")
    )
    yield hand(
        "cards-cut-seen-card",
        ("CC-CARD-DECK",),
        ("deal 7h 3c 9s", "keep", "keep", "cut 7h"),
        "error",
    )
    yield hand("cards-dealt-twice", ("CC-CARD-DECK",), ("deal 7h 7h",), "error")
    yield hand("cards-ties", ("CC-LOWEST",), ("deal 4h 4c 9s", "keep", "keep", "keep"))
    yield hand(
        "cards-void",
        ("CC-VOID", "CC-NEXT-DEALER"),
        ("deal 4h 4c", "keep", "keep"),
        players=("Ann", "Ben"),
        lives=1,
    )
    yield hand(
        "cards-out",
        ("CC-ELIMINATE", "CC-END", "CC-NOTATION-RESULT"),
        ("deal 9h 3c", "keep", "keep"),
        "result",
        players=("Ann", "Ben"),
        lives=1,
    )
    yield hand(
        "cards-over",
        ("CC-TURN-OVER",),
        ("deal 9h 3c", "keep", "keep", "keep"),
        "error",
        players=("Ann", "Ben"),
        lives=1,
    )
    yield hand("cards-chance-first", ("CC-TURN-CHANCE",), ("keep",), "error")
    yield hand("cards-decide-first", ("CC-TURN-CHANCE",), ("deal 7h 3c 9s", "deal 2c"), "error")
    yield hand(
        "cards-to-the-right",
        ("CC-RULESET-PARAMS", "CC-TURN-ORDER", "CC-DEAL", "CC-SWAP"),
        ("deal 7h 3c 9s", "swap"),
        direction="right",
    )
    yield hand(
        "cards-next-dealer-right",
        ("CC-NEXT-DEALER", "CC-RULESET-PARAMS"),
        ("deal 7h 3c 9s", "keep", "keep", "cut Ad"),
        direction="right",
    )
    for aces in ("low", "high"):
        yield hand(
            f"cards-aces-{aces}",
            ("CC-RULESET-PARAMS", "CC-CARD-ORDER", "CC-LOWEST"),
            ("deal Ah 3c 9s", "keep", "keep", "keep"),
            aces=aces,
        )
    yield hand(
        "cards-cut-aces-high",
        ("CC-CUT", "CC-CARD-ORDER", "CC-LOWEST"),
        ("deal 7h 3c 9s", "keep", "keep", "cut Ad"),
        aces="high",
    )
    yield from _two_seat_cases(hand)
    yield hand("cards-one-player", ("CC-SETUP-PLAYERS",), (), "error", players=("Ann",))
    yield hand("cards-bad-variant", ("CC-RULESET-PARAMS",), (), "error", lives=0)
    yield hand("cards-perft", ("CC-TURN-ORDER",), ("deal 7h 3c 9s",), "perft 4")
    yield hand("cards-cut-king-kept", ("CC-CUT-KING",), ("deal 7h 5c 2s", "keep", "keep", "cut Kd"))
    yield hand("cards-second-dealer", ("CC-SETUP-DEALER", "CC-DEAL"), ("deal 7h",), dealer="Ben")
    yield hand("cards-parameter-unknown", ("CC-RULESET-PARAMS",), (), "error", speed=2)
    yield hand("cards-lives-1", ("CC-RULESET-PARAMS",), (), lives=1)
    yield hand("cards-lives-99", ("CC-RULESET-PARAMS",), (), lives=99)
    yield hand("cards-lives-100", ("CC-RULESET-PARAMS",), (), "error", lives=100)
    yield hand(
        "cards-order-swap-before-king",
        ("CC-SWAP", "CC-KING-HELD"),
        ("deal 7h 3c Ks", "keep", "keep", "swap"),
        "error",
    )
    for chapter in sorted((root / "spec" / CARDS).glob("*.md")):
        yield from _examples(chapter)
    texts = []
    for seed in range(4):
        setup, moves = cards_random_game(cards_rules(), Random(seed), 3 + seed % 3)
        texts.append(cards_format(cards_record_of(cards_rules(), setup, moves)))
    yield from _whole_games(
        CARDS,
        texts,
        (
            "cards-game",
            ("CC-END", "CC-ELIMINATE", "CC-LOWEST", "CC-NOTATION-TAGS", "CC-NOTATION-DEAL"),
        ),
        ("cards-canonical", ("CC-NOTATION-CANONICAL", "CC-NOTATION-LENIENT")),
    )
    yield from _card_tag_cases()
    yield from _ordered_card_games()
    yield Case(
        "cards-not-a-record",
        ("CC-NOTATION-SYNTAX",),
        expect="error",
        record='[Game "cuckoo-cards"] [Players "A B"] [Dealer "A"] deal 1h *',
    )


def _two_seat_cases(hand: Callable[..., Case]) -> Iterator[Case]:
    """Two players, where left and right are the same neighbour; the fewest and the most
    players (one past each refused); several hands, a void one first."""
    two = ("Ann", "Ben")
    for direction in ("left", "right"):
        yield hand(
            f"cards-two-swap-{direction}",
            ("CC-TURN-ORDER", "CC-DEAL", "CC-SWAP", "CC-SETUP-PLAYERS"),
            ("deal 7h 3c", "swap"),
            players=two,
            direction=direction,
        )
    yield hand(
        "cards-two-lowest",
        ("CC-LOWEST", "CC-NEXT-DEALER"),
        ("deal 7h 3c", "keep", "keep"),
        players=two,
    )
    yield hand(
        "cards-void-then-lowest",
        ("CC-VOID", "CC-LOWEST", "CC-NEXT-DEALER", "CC-ELIMINATE"),
        ("deal 4h 4c", "keep", "keep", "deal 9h 3c", "keep", "keep"),
        players=two,
        lives=2,
    )
    most = tuple(f"P{n}" for n in range(1, CARD_SEATS + 2))
    yield hand("cards-most-players", ("CC-SETUP-PLAYERS",), (), players=most[:-1])
    yield hand("cards-too-many-players", ("CC-SETUP-PLAYERS",), (), "error", players=most)


def _card_tag_cases() -> Iterator[Case]:
    """CC-NOTATION-CANONICAL on parameter tags: one that names the default is kept (the
    canonical form keeps what the record says), its value written in one way; a record
    without them gains none."""
    hand = '[Players "Ann Ben"] [Dealer "Ann"] deal 7h 3c keep keep *'
    rules = ("CC-NOTATION-CANONICAL", "CC-NOTATION-LENIENT", "CC-RULESET-PARAMS")
    for slug, tags in (
        ("defaults-kept", '[lives " 03 "] [ACES "Low"] [direction "LEFT"]'),
        ("others-kept", '[Lives "099"] [Aces "HIGH"] [Direction "Right"]'),
        ("none-added", ""),
    ):
        record = f'[Game "cuckoo-cards"] {tags} {hand}'
        yield Case(f"cards-canonical-tags-{slug}", rules, expect="format", record=record)


KUCKUCK: Final = "zum-kuckuck"
HIGH, HALF, WHOLE, LOW = (
    " ".join(map(str, range(first, first + 12))) for first in (49, 13, 25, 1)
)  # hands of 0, 6, 12 and 0 cockatoo cards
DEAL3: Final = (f"deal Ann {HIGH}", f"deal Ben {HALF}", f"deal Cid {WHOLE}")


def _kuckuck_cases(root: Path) -> Iterator[Case]:
    """Zum Kuckuck!: curated positions, the spec's examples, whole matches, perft."""

    match = partial(_seated, KUCKUCK)
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
        yield from _examples(chapter)
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
    yield from _whole_games(
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


_ORDERED_CARDS: Final = ("CC-LOWEST", "CC-ELIMINATE", "CC-END", "CC-NEXT-DEALER", "CC-SWAP")


def _ordered_card_games() -> Iterator[Case]:
    """Random games of several hands, one of them with a card passed on by two swaps (so
    the order of the decisions decides who ends with it), cut after the first hand that
    completes them, the state then: one with a void hand, one played to the right."""
    for slug, params, void in (("void", {}, True), ("right", {"direction": "right"}, False)):
        variant = cards_rules(**params)
        setup, moves, cut = _first_game(
            partial(_some_players, variant), partial(_ordered_cut, variant, void=void)
        )
        record = cards_format(cards_record_of(variant, setup, moves[:cut]))
        extra = ("CC-VOID",) if void else ("CC-TURN-ORDER",)
        yield Case(
            f"cards-ordered-{slug}",
            (*_ORDERED_CARDS, *extra),
            expect="state",
            record=" ".join(record.split()),
            about=f"{len(setup.players)} players, several hands, a card passed on by two "
            f"swaps in one hand, {'a void hand' if void else 'play to the right'}",
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


def _some_players(variant: Any, rng: Random) -> tuple[Any, Any]:
    """A random card game of three to five players."""
    return cards_random_game(variant, rng, 3 + rng.randrange(3))


def _batched_match(variant: Any, setup: Any, moves: tuple[Any, ...]) -> bool:
    return batched(kuckuck_new_game(variant, setup), list(moves))


def _first_game(
    play: Callable[[Random], tuple[Any, Any]], test: Callable[[Any, Any], Any]
) -> tuple[Any, Any, Any]:
    """The first random game *play* makes from seeds 0, 1, ... that *test* accepts (gives
    a true value for), with that value."""
    for seed in range(1000):
        setup, moves = play(Random(seed))
        if found := test(setup, moves):
            return setup, moves, found
    raise AssertionError("no random game of the first 1,000 seeds shows it")


def _ordered_cut(variant: Any, setup: Any, moves: tuple[Any, ...], *, void: bool) -> int:
    """How many of *moves* make up whole hands that include a card passed on by two swaps
    in one hand and, if *void*, a void hand, after at least two hands; 0 if none do."""
    state = cards_new_game(variant, setup)
    passed = voided = False
    hand: list[tuple[Any, Any]] = []
    for k, move in enumerate(moves):
        after = cards_apply(state, move)
        hand.append((state, move))
        if after.hands > state.hands:
            passed = passed or passed_on(iter(hand))
            voided = voided or after.lives == state.lives
            hand = []
            if passed and (voided or not void) and after.hands >= 2 and not after.is_over:
                return k + 1
        state = after
    return 0


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
        setup, moves, _ = _first_game(
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
    setup, moves, _ = _first_game(
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


def _whole_games(
    game: str,
    texts: list[str],
    results: tuple[str, tuple[str, ...]],
    canonical: tuple[str, tuple[str, ...]],
) -> Iterator[Case]:
    """Whole random games as record cases that must end as they say (numbered from 0,
    ...), and the last of them shouted in capitals, which must come back canonical."""
    for seed, text in enumerate(texts):
        yield Case(
            f"{results[0]}-{seed}", results[1], expect="result", record=" ".join(text.split())
        )
    shouted = texts[-1].upper().replace(game.upper(), game)
    yield Case(canonical[0], canonical[1], expect="format", record=" ".join(shouted.split()))
    prefix = {CARDS: "CC", KUCKUCK: "ZK"}[game]
    yield from _order_cases(prefix, results[0], texts[0], {"CC": "keep", "ZK": "nest 1 2"}[prefix])


def _order_cases(prefix: str, slug: str, text: str, late: str) -> Iterator[Case]:
    """Which error wins, for a finished game's record *text* (the notation chapters' order
    of checks): a Result tag that disagrees with the movetext's token is refused before
    any move is replayed; a move illegal after the end (*late*) before the result the
    game ends in is compared with the record's."""
    words = text.split()
    token = words[-1].strip('"')
    assert token != "*" and f'[Result "{token}"]' in text, "a finished game, one-word result"
    unknown = " ".join([*words[:-1], "*"]).replace(f'[Result "{token}"]', '[Result "*"]')
    result, over = f"{prefix}-NOTATION-RESULT", f"{prefix}-TURN-OVER"
    yield Case(f"{slug}-result-replayed", (result,), expect="error", record=unknown)
    late_and_tag = " ".join([*words[:-1], late, "*"])
    yield Case(f"{slug}-order-tag-first", (result, over), expect="error", record=late_and_tag)
    late_only = " ".join([*unknown.split()[:-1], late, "*"])
    yield Case(f"{slug}-order-moves-first", (over, result), expect="error", record=late_only)


def _examples(path: Path) -> Iterator[Case]:
    """The spec's examples as record cases: their final state, or their error."""
    pattern = re.compile(r"^```\{example\} (\S+)\n((?::\w+:[^\n]*\n)*)\n(.*?)^```", re.M | re.S)
    for slug, options, body in pattern.findall(path.read_text(encoding="utf-8")):
        fields = dict(re.findall(r"^:(\w+):\s*(.*)$", options, re.M))  # caption, rules, expect
        rules, expect = fields["rules"], fields["expect"]
        kind = "error" if expect.split()[0] in ("illegal", "malformed", "ambiguous") else "state"
        record = " ".join(body.split())
        about = " ".join(fields.get("caption", "").split())
        yield Case(f"spec-{slug}", tuple(rules.split()), expect=kind, record=record, about=about)
        if kind == "state" and "ZK-MATCH-WINNER" in rules.split():  # not in the state
            yield Case(
                f"spec-{slug}-result",
                ("ZK-MATCH-WINNER",),
                expect="result",
                record=record,
                about=about,
            )


SETTINGS: Final = (
    ("side_majority", "absolute", ("CD-SCORE-MAJORITY",), "dungeon"),
    ("dungeon_tiebreak", "owner", ("CD-SCORE-DUNGEON",), "dungeon"),
    ("tiebreak", "captures-dungeon", ("CD-SCORE-CAPTURES",), "captures"),
    ("tiebreak", "captures-dungeon", ("CD-SCORE-SHARED", "CD-SCORE-CAPTURES"), "shared"),
)
"""Scoring parameters, each with a reason its setting must give for a different result."""


def _settings_cases() -> Iterator[Case]:
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


def _perft_cases() -> Iterator[Case]:
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


def _ask(session: Session, line: str) -> tuple[bool, str]:
    answer = session.answer(line)
    return answer.startswith("="), answer[2:] if len(answer) > 1 else ""


def _run(case: Case, game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The expectation of *case*, and what its run shows about it: whether it stopped at
    the setup, and how many hands or cycles it ran over (its metadata)."""
    session = Session()
    expect = _answers(case, session)
    ok, payload = _ask(session, "state")
    state = json.loads(payload) if ok else {}
    span = state.get({CARDS: "hands", KUCKUCK: "cycle"}.get(game, ""))
    error = expect.get("error", {})
    setup = bool(error) and bool(re.search(r"-(SETUP|RULESET)-", error["rule"]))
    commands = (
        [f"record {case.record}"]
        if case.record is not None
        else [new_command(case.setup()), *(f"apply {m}" for m in case.moves)]
    )
    seen = {"span": span, "setup": setup and _stops_at_setup(case)}
    return expect, {**seen, "ordered": ordered(game, commands)}


def _stops_at_setup(case: Case) -> bool:
    """Whether the case's first command (``new``, or a record before its first move) is
    what the reference refuses."""
    session = Session()
    if case.record is None:
        return not _ask(session, new_command(case.setup()))[0]
    tags = re.match(r"(\s*\[[^\]]*\])*", case.record)
    head = tags[0] if tags else ""
    return not _ask(session, f"record {head} *")[0] and not _ask(session, f"format {head} *")[0]


def _answers(case: Case, session: Session) -> dict[str, Any]:
    """The expectation of *case*, run in *session*."""
    if case.record is not None:
        commands = (
            ["format " + case.record] if case.expect == "format" else ["record " + case.record]
        )
    else:
        commands = [new_command(case.setup()), *(f"apply {m}" for m in case.moves)]
    kind, *args = case.expect.split()
    query = {
        "state": "state",
        "legal": "legal",
        "result": "result",
        "error": None,
        "chance": "chance " + " ".join(args),
        "perft": "perft 1",
        "format": None,
    }[kind]
    for command in commands:
        ok, payload = _ask(session, command)
        if not ok:
            error, rule = payload.split()[:2]
            assert kind == "error", f"{case.id}: {command}: {payload}"
            return {"error": {"kind": error, "rule": rule}}
    assert kind != "error", f"{case.id}: expected an error, but every command succeeded"
    if kind == "format":
        return {"format": json.loads(payload)}
    if kind == "perft":
        counts = [int(_ask(session, f"perft {d}")[1]) for d in range(1, int(args[0]) + 1)]
        return {"perft": counts}
    assert query is not None
    ok, payload = _ask(session, query)
    assert ok, f"{case.id}: {query}: {payload}"
    if kind == "state":
        return {"state": json.loads(payload)}
    if kind == "legal":
        return {"legal": payload.split()}
    if kind == "chance":
        pairs = (item.split("=") for item in payload.split())
        return {"chance": {"move": " ".join(args), "outcomes": dict(pairs)}}
    return {"result": payload}


def _sections(spec: Path) -> dict[str, dict[str, str]]:
    """Each rule's spec chapter and title, read from the ``{rule}`` directives."""
    rules = {}
    pattern = re.compile(r"^`{3,}\{rule\}\s+(\S+)\s*\n:title:\s*(.*)$", re.M)
    for path in sorted(spec.glob("*.md")):
        for rule, title in pattern.findall(path.read_text(encoding="utf-8")):
            rules[rule] = {"section": path.stem, "title": title.strip()}
    return rules


_TAG: Final = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


def _given(game: str, case: Case) -> tuple[str | None, dict[str, Any], list[str], list[str]]:
    """What *case* sets up, from its setup or its record's tags, as written: the ruleset
    (the dice game's; Zum Kuckuck!'s variant), the parameters given, the players, the
    rolls."""
    if case.record is None:
        params = dict(case.params)
        if game in (CARDS, KUCKUCK):
            named = params.get("variant") if game == KUCKUCK else None
            return named, params, list(case.players), []
        return case.ruleset, params, ["Blue", "Red"], list(case.rolls)
    tags = {name.lower(): value for name, value in _TAG.findall(case.record)}
    if game in (CARDS, KUCKUCK):
        names = tags.get("players", "").replace(",", " ").split()
        wanted = {"lives", "aces", "direction"} if game == CARDS else {"variant"}
        params = {k: _value(v) for k, v in tags.items() if k in wanted}
        return params.get("variant"), params, names, []
    params = {
        name: _value(tags[name.replace("_", "")])
        for name in dice_parameters
        if name.replace("_", "") in tags
    }
    rolls = [tags.get("blueroll", ""), tags.get("redroll", "")]
    return tags.get("ruleset", "cuckoo").strip().lower(), params, ["Blue", "Red"], rolls


def _value(text: str) -> Any:
    """A tag's value as the setup would give it: a number, yes/no, none, or lower case."""
    text = text.strip().lower()
    words: dict[str, Any] = {"none": None, "yes": True, "no": False}
    if text.lstrip("-").isdigit() and text.isascii():
        return int(text)
    return words.get(text, text)


def metadata(game: str, case: Case, expect: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any]:
    """The case's metadata (the runner contract's per-case fields): game, ruleset, every
    parameter's value (the defaults filled in), players, feature tags, one line about it;
    and, where they apply, the dice per roll and faces rolled, and the hands or cycles run
    over (``span``)."""
    ruleset, given, players, rolls = _given(game, case)
    defaults: dict[str, Any]
    if game == CARDS:
        defaults = {"lives": 3, "aces": "low", "direction": "left"}
    elif game == KUCKUCK:
        defaults = {"variant": "basic"}
        ruleset = given.get("variant", "basic")
    else:
        base = RULESETS.get(ruleset or "", RULESETS["cuckoo"])
        defaults = {name: getattr(base, name) for name in dice_parameters}
    params = {**defaults, **given}
    meta: dict[str, Any] = {
        "game": game,
        "ruleset": ruleset,
        "params": params,
        "players": len(players),
    }
    if game == "cuckoo-dice":
        rolled = [[int(c) for c in roll if c.isdigit()] for roll in rolls]
        meta["dice"] = sorted({len(roll) for roll in rolled})
        meta["faces"] = sorted({face for roll in rolled for face in roll})
    elif isinstance(seen["span"], int):
        meta["span"] = seen["span"]
    kind = next(iter(expect))
    tags = [kind, "record" if case.record is not None else "moves"]
    tags += ["setup"] if seen["setup"] else []
    tags += ["spec-example"] if case.id.startswith("spec-") else []
    tags += ["order-of-checks"] if "order-" in case.id else []
    tags += ["non-default"] if any(params[k] != v for k, v in defaults.items()) else []
    if case.record is not None and re.search(r"(^|\s)(\?|show)(\s|$)", case.record, re.I):
        tags.append("partial")
    if isinstance(seen["span"], int) and seen["span"] >= 2:
        tags.append("several-cycles" if game == KUCKUCK else "several-hands")
    tags += ["round-order"] if seen["ordered"] else []
    meta["tags"] = tags
    meta["about"] = case.about or _about(case, expect, params, defaults)
    return meta


_ASKED: Final = {
    "state": "state",
    "legal": "legal moves",
    "result": "result",
    "chance": "chance outcomes",
    "perft": "perft counts",
}


def _about(
    case: Case, expect: dict[str, Any], params: dict[str, Any], defaults: dict[str, Any]
) -> str:
    """One line on what *case* checks, from its expectation, when none was written."""
    kind, value = next(iter(expect.items()))
    if case.record is not None:
        where = "a record"
    else:
        count = len(case.moves)
        where = f"{count} move{'' if count == 1 else 's'} from the setup"
    if kind == "error":
        what = f"{where} refused under {value['rule']}"
    elif kind == "format":
        what = "the canonical form of a record"
    else:
        what = f"the {_ASKED[kind]} after {where}"
    changed = [f"{k}={v}" for k, v in params.items() if defaults.get(k) != v]
    return what + (f" ({', '.join(changed)})" if changed else "")


def new_command(setup: dict[str, Any]) -> str:
    """The protocol's ``new`` command for a suite case's setup."""
    words = {None: "none", True: "yes", False: "no"}
    params = " ".join(
        f"{k}={words[v] if v is None or isinstance(v, bool) else v}"
        for k, v in setup["params"].items()
    )
    if setup.get("game") == KUCKUCK:
        return f"new {KUCKUCK} {' '.join(setup['players'])} {params}".rstrip()
    if setup.get("game") == CARDS:
        return f"new {CARDS} {setup['dealer']} {' '.join(setup['players'])} {params}".rstrip()
    rolls = setup["rolls"]
    line = f"new {setup['ruleset']} {setup['first']} {rolls['Blue']} {rolls['Red']} {params}"
    return line.rstrip()


def build(root: Path, game: str = "cuckoo-dice") -> dict[str, Any]:
    """The suite of *game*, built from the repository at *root* (spec and examples)."""
    if game == CARDS:
        sources: tuple[Case, ...] = (*_card_cases(root),)
    elif game == KUCKUCK:
        sources = (*_kuckuck_cases(root),)
    else:
        examples = [
            case
            for chapter in sorted((root / "spec" / "cuckoo-dice").glob("*.md"))
            for case in _examples(chapter)
        ]
        sources = (*_cases(), *examples, *_game_cases(root), *_settings_cases(), *_perft_cases())
    cases = []
    for case in sources:
        entry: dict[str, Any] = {"id": case.id, "rules": list(case.rules)}
        if case.record is not None:
            entry["record"] = case.record
        else:
            entry["setup"] = case.setup()
            entry["moves"] = list(case.moves)
        entry["expect"], seen = _run(case, game)
        entry.update(metadata(game, case, entry["expect"], seen))
        cases.append(entry)
    return {
        "schema": SCHEMA,
        "game": game,
        "version": VERSION,
        "changelog": changelog(game, cases),
        "rules": _sections(root / "spec" / game),
        "cases": cases,
    }


def load_all() -> list[dict[str, Any]]:
    """Every suite shipped, one per game."""
    return [load(path) for path in sorted(SUITE.parent.glob("*.json"))]


MAX_SUITE: Final = 64_000_000
"""The largest suite file read, in bytes (the shipped ones are well under 1 MB)."""


def load(path: Path = SUITE) -> dict[str, Any]:
    """The suite at *path*, checked to be of a schema this runner reads and of its shape,
    case by case, before the first case is run.

    :raises ValueError: naming the file, the case and what is wrong.
    """
    try:
        suite = json.loads(read_bounded(path, MAX_SUITE))
    except RecursionError:
        raise ValueError(f"{shown(str(path))}: JSON nested too deep to read") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{shown(str(path))}:{error.lineno}:{error.colno}: {error.msg}") from None
    if not isinstance(suite, dict) or suite.get("schema") != SCHEMA:
        found = suite.get("schema") if isinstance(suite, dict) else type(suite).__name__
        raise ValueError(f"{shown(str(path))}: schema {quote(found)}, expected {SCHEMA!r}")
    problem = _shape(suite)
    if problem:
        raise ValueError(f"{shown(str(path))}: {problem}")
    return suite


EXPECTED: Final[dict[str, Callable[[Any], bool]]] = {
    "error": lambda v: isinstance(v, dict) and _all(str, (v.get("kind"), v.get("rule"))),
    "format": lambda v: True,
    "perft": lambda v: isinstance(v, list) and _all(int, v),
    "state": lambda v: True,
    "legal": lambda v: isinstance(v, list) and _all(str, v),
    "chance": lambda v: (
        isinstance(v, dict)
        and isinstance(v.get("move"), str)
        and isinstance(v.get("outcomes"), dict)
    ),
    "result": lambda v: isinstance(v, str),
}
"""What each kind of expected answer must hold."""


METADATA: Final[dict[str, type]] = {
    "game": str,
    "params": dict,
    "players": int,
    "tags": list,
    "about": str,
}
"""The per-case metadata a runner may select by (each optional, as in older suites)."""


def _all(kind: type, values: Any) -> bool:
    return all(isinstance(v, kind) and not isinstance(v, bool) for v in values)


def _shape(suite: dict[str, Any]) -> str | None:
    """What is wrong with the shape of *suite*, if anything: the first problem found."""
    rules, cases = suite.get("rules"), suite.get("cases")
    if not isinstance(suite.get("game"), str):
        return "'game' must be a name"
    if not isinstance(suite.get("version", ""), str):
        return "'version' must be a text, such as '2026.12'"
    if not (isinstance(rules, dict) and all(isinstance(r, dict) for r in rules.values())):
        return "'rules' must map each rule ID to its section"
    if not isinstance(cases, list):
        return "'cases' must be a list"
    seen: set[str] = set()
    for number, case in enumerate(cases, 1):
        problem = _case_problem(case)
        name = case.get("id") if isinstance(case, dict) else None
        if problem is None and name in seen:
            problem = "the same ID as an earlier case"
        if problem:
            return f"case {number}{f' ({quote(name)})' if isinstance(name, str) else ''}: {problem}"
        seen.add(case["id"])
    return None


def _case_problem(case: Any) -> str | None:
    """What is wrong with one case, if anything."""
    if not isinstance(case, dict):
        return "not an object"
    if not (isinstance(case.get("id"), str) and case["id"].strip()):
        return "'id' must be a non-empty text"
    if not (isinstance(case.get("rules"), list) and case["rules"] and _all(str, case["rules"])):
        return "'rules' must be a non-empty list of rule IDs"
    expect = case.get("expect")
    if not (isinstance(expect, dict) and len(expect) == 1 and next(iter(expect)) in EXPECTED):
        return f"'expect' must hold one of {', '.join(EXPECTED)}"
    kind, value = next(iter(expect.items()))
    if not EXPECTED[kind](value):
        return f"'expect' {kind!r} is not of the right type"
    for name, kind_of in METADATA.items():
        if name in case and not isinstance(case[name], kind_of):
            return f"metadata {name!r} must be a {kind_of.__name__}"
    if not _all(str, case.get("tags", [])):
        return "'tags' must be a list of words"
    if "record" in case:
        return None if isinstance(case["record"], str) else "'record' must be a text"
    if not (isinstance(case.get("moves"), list) and _all(str, case["moves"])):
        return "'moves' must be a list of moves (or give a 'record')"
    try:
        new_command(case.get("setup"))  # type: ignore[arg-type]
    except (AttributeError, KeyError, TypeError):
        return "'setup' lacks a field or has one of the wrong type"
    return None


def dump(suite: dict[str, Any]) -> str:
    """The suite as its file holds it: stable key order, one case per block."""
    return json.dumps(suite, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("tests/conformance")
    for name in ("cuckoo-dice", CARDS, KUCKUCK):
        (folder / f"{name}.json").write_text(dump(build(Path.cwd(), name)), encoding="utf-8")
        print(f"wrote {folder / name}.json")
