"""The protocol matrix: every command at every kind of point of every game, and records of
what was seen played move by move.

:data:`COMMANDS` are the protocol's commands (all but ``quit``, which ends the session);
:func:`points` gives, for each game, the kinds of point a session can be at: no game yet,
after a refused setup, each step kind of the game's engine (:data:`STEPS`, read from the
engines), the game over, and a record of what was seen with cards unknown.  Each point is
reached from an engine with no game (:attr:`Point.base`, then :attr:`Point.after`), and
:func:`matrix_cases` makes one case for each pair, tagged ``command-C`` and ``point-P``:
as a plain case where one can say it (a setup and moves, or a record, then the query), as
a case of ``commands`` where the point needs more (no game yet, a command after a refused
one, a query the reference refuses).  :func:`matrix` reads the suite's tags back into the
table of the coverage page, with its gaps.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache, partial
from pathlib import Path
from random import Random
from typing import Any, Final, get_args

from ...cards import Deal as CardDeal
from ...cards.notation import parse as cards_parse
from ...cards.state import Step as CardStep
from ...dice.notation import parse as dice_parse
from ...errors import NotationError
from ...kuckuck import rules as kuckuck_rules
from ...kuckuck.notation import format_record as kuckuck_format
from ...kuckuck.notation import parse as kuckuck_parse
from ...kuckuck.notation import record_of as kuckuck_record_of
from ...kuckuck.playout import random_game as kuckuck_random_game
from ...kuckuck.state import Step as KuckuckStep
from ..protocol import Session
from .cases import CARDS, KUCKUCK, Case, new_command, seated, spec_examples
from .kuckuck import DEAL3, HIGH

__all__ = [
    "COMMANDS",
    "STEPS",
    "Point",
    "letter_case_cases",
    "matrix",
    "matrix_cases",
    "matrix_gaps",
    "matrix_page",
    "points",
    "protocol_cases",
    "seen_cases",
]

COMMANDS: Final = (
    "protocol", "new", "record", "format", "apply", "legal", "state", "result", "chance", "perft",
)  # fmt: skip
"""Every command of the protocol but ``quit``, which ends the session (the runner sends it
at the end of every run, and nothing can be asked after it)."""

DICE: Final = "cuckoo-dice"
ROOT: Final = Path()
"""The checkout these tables are made and checked in (the current folder, as for the
suite's builder and the coverage page): the spec and the examples are not installed."""
"""The repository, whose spec and examples give points and records (the suite is built
there, never where the package is installed)."""

STEPS: Final[dict[str, tuple[str, ...]]] = {
    DICE: ("place", "infect", "over"),
    CARDS: get_args(CardStep),
    KUCKUCK: get_args(KuckuckStep),
}
"""The step kinds of each game's engine: the card game's and Zum Kuckuck!'s ``step``; the
dice game's, which has no such field, a placement, an infection (its re-roll the chance
step, never left open by the protocol) and the end."""


@dataclass(frozen=True)
class Point:
    """A kind of point a session can be at, and how a case gets there."""

    name: str
    about: str
    """How the point is reached, in a few words (the case's ``about`` begins with it)."""
    rules: tuple[str, ...]
    base: Case | None
    """The setup and moves, or the record, that reach it; None for no game yet."""
    move: str
    """What ``apply`` sends here."""
    chance: str = ""
    """What ``chance`` asks here (the dice game's infection, ``cut``, or nothing)."""
    after: tuple[str, ...] = ()
    """Commands sent after :attr:`base`: the refused ``new`` of a bad setup."""
    steps: tuple[str, ...] = ()
    """The engine's step kinds the point stands for."""
    bad: str = ""
    """At a bad setup: what ``new`` sends (the record of ``record`` and ``format`` is
    :data:`BAD_RECORDS`')."""


def _dice(case_id: str, moves: tuple[str, ...] = (), **fields: Any) -> Case:
    return Case(case_id, ("CD-TURN-ORDER",), moves, **fields)


def _dice_over() -> Case:
    """A whole game of the dice pyramid, from the examples, as a setup and moves."""
    record = dice_parse((ROOT / "examples" / "cuckoo-sides.cuckoo").read_text(encoding="utf-8"))
    blue, red = ("".join(map(str, roll)) for roll in record.setup().rolls)
    first = ("Blue", "Red")[record.setup().first]
    moves = tuple(str(m) for m in record.moves)
    return _dice("over", moves, ruleset=record.ruleset().name, first=first, rolls=(blue, red))


def _kuckuck_over() -> Case:
    """A whole match of Zum Kuckuck!, random, as a record."""
    rules = kuckuck_rules()
    setup, moves = kuckuck_random_game(rules, Random(0), 3)
    text = kuckuck_format(kuckuck_record_of(rules, setup, moves))
    return Case("over", ("ZK-TURN-OVER",), expect="state", record=" ".join(text.split()))


RECORDS: Final = {
    DICE: '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [First "Blue"] '
    '[BlueRoll "1 2 2 3 4 4 5 5 6 6"] [RedRoll "1 1 2 3 3 4 5 6 6 6"] 1. 6@003/A 2+3x5(4;1,6) *',
    CARDS: '[Game "cuckoo-cards"] [Players "Ann Ben"] [Dealer "Ann"] deal 7h 3c keep keep *',
    KUCKUCK: '[Game "zum-kuckuck"] [Players "Ann Ben Cid"] ' + " ".join(DEAL3) + " nest 3 9 *",
}
"""A short record of each game, sent by ``record`` and ``format`` at every point."""

BAD_RECORDS: Final = {
    DICE: RECORDS[DICE].replace("1 2 2 3 4 4 5 5 6 6", "1 2 2 3 4 4 5 5 6"),
    CARDS: '[Game "cuckoo-cards"] [Players "Ann"] [Dealer "Ann"] *',
    KUCKUCK: '[Game "zum-kuckuck"] [Players "Ann Ben"] *',
}
"""A record of each game whose setup is refused (nine dice; too few players)."""


def _seen_examples(game: str) -> list[Case]:
    """The spec's examples of records of what was seen (cards unknown, ``?``)."""
    return [
        case
        for case in spec_examples(ROOT / "spec" / game / "notation.md")
        if "-partial-" in case.id and not case.id.endswith("-result")
    ]


def _points() -> dict[str, tuple[Point, ...]]:
    """Every kind of point of every game."""
    hand = partial(seated, CARDS)
    match = partial(seated, KUCKUCK)
    tactical = (f"deal Ann {HIGH}", "deal Ben " + " ".join(map(str, range(13, 25))),
                "deal Cid " + " ".join(map(str, range(37, 49))))  # fmt: skip
    own = next(c for c in _seen_examples(KUCKUCK) if c.id.endswith("-own-hand"))
    assert own.record is not None
    dealt = replace(own, record=own.record.split(" 1.1.")[0] + " *")
    no_game = ("no-game", "no game yet: an engine just started")
    refused = ("bad-setup", "after a refused new (a game under way before it)")
    dice = (
        Point(*no_game, ("CD-SETUP-ROLL",), None, "6@003/A"),
        Point(*refused, ("CD-SETUP-DICE",), _dice("bad", ("6@003/A",)), "2+3x5(4;1,6)",
              after=("new cuckoo Blue 122344556 1123345666",),
              bad="new cuckoo Blue 122344556 1123345666"),
        Point("place", "the start: a placement due, nothing to roll", ("CD-PLACE-DIE",),
              _dice("start"), "6@003/A", steps=("place",)),
        Point("infect", "an infection legal, its re-roll asked by chance",
              ("CD-INFECT-REROLL", "CD-TURN-CHANCE"), _dice("infect", ("6@003/A",)),
              "2+3x5(4;1,6)", "2+3x5", steps=("infect",)),
        Point("over", "a whole game played", ("CD-TURN-OVER",), _dice_over(), "pass", "2+3x5",
              steps=("over",)),
    )  # fmt: skip
    cards = (
        Point(*no_game, ("CC-SETUP-PLAYERS",), None, "deal 7h"),
        Point(*refused, ("CC-SETUP-PLAYERS",), hand("bad", (), ("deal 7h",)), "deal 3c",
              after=("new cuckoo-cards Ann Ann",), bad="new cuckoo-cards Ann Ann"),
        Point("deal", "in the middle of a deal: one card dealt of three", ("CC-DEAL",),
              hand("deal", (), ("deal 7h",)), "deal 3c", steps=("deal",)),
        Point("decide", "a player's decision: nothing due", ("CC-KEEP", "CC-SWAP"),
              hand("decide", (), ("deal 7h 3c 9s",)), "swap", steps=("decide",)),
        Point("cut", "the dealer's decision: cut, its card turned up with it, or keep",
              ("CC-CUT",), hand("cut", (), ("deal 7h 3c 9s", "keep", "keep")), "cut Ad", "cut",
              steps=("cut",)),
        Point("show", "a hand dealt with ? cards, decided: its show-down due",
              ("CC-PARTIAL-SHOW",), hand("show", (), ("deal ? 3c ?", "swap", "keep", "keep")),
              "show 3c 7h Ks", steps=("show",)),
        Point("seen", "a hand dealt with ? cards, under way", ("CC-PARTIAL-UNSEEN",),
              hand("seen", (), ("deal ? 3c ?",)), "swap"),
        Point("over", "a game won", ("CC-TURN-OVER", "CC-END"),
              hand("over", (), ("deal 9h 3c", "keep", "keep"), players=("Ann", "Ben"), lives=1),
              "keep", steps=("over",)),
    )  # fmt: skip
    zk = (
        Point(*no_game, ("ZK-SETUP-PLAYERS",), None, "deal Ann 49"),
        Point(*refused, ("ZK-SETUP-PLAYERS",), match("bad", (), DEAL3[:1]), "deal Ben 13",
              after=("new zum-kuckuck Ann Ben",), bad="new zum-kuckuck Ann Ben"),
        Point("deal", "in the middle of a deal: a hand dealt in part", ("ZK-SETUP-DEAL",),
              match("deal", (), ("deal Ann 49 50",)), "deal Ann 51", steps=("deal",)),
        Point("start", "the tactical version's start draw: the most cockatoos tied",
              ("ZK-TACTICAL-FIRST",), match("start", (), tactical, variant="tactical"), "start Cid",
              steps=("start",)),
        Point("nest", "a round's nest cards due", ("ZK-ROUND-NEST",), match("nest", (), DEAL3),
              "nest 3 9", steps=("nest",)),
        Point("play", "a round under way: one card chosen, nothing due", ("ZK-ROUND-PLAY",),
              match("play", (), (*DEAL3, "nest 3 9", "Cid 30")), "Ann 50", steps=("play",)),
        Point("seen", "a record of what was seen: hands of ? cards dealt", ("ZK-PARTIAL-UNSEEN",),
              dealt, "nest 3 9"),
        Point("over", "a whole match played", ("ZK-TURN-OVER",), _kuckuck_over(), "nest 1 2",
              steps=("over",)),
    )  # fmt: skip
    return {DICE: dice, CARDS: cards, KUCKUCK: zk}


@cache
def points() -> dict[str, tuple[Point, ...]]:
    """Every kind of point of every game, in the order of the coverage table: made when
    first asked (from the repository's spec and examples), never on import, since the
    runner imports this module through the suite's."""
    return _points()


PREFIX: Final = {DICE: "", CARDS: "cards-", KUCKUCK: "zk-"}
START: Final = {
    DICE: "new cuckoo Blue 1223445566 1123345666",
    CARDS: "new cuckoo-cards Ann Ann Ben Cid",
    KUCKUCK: "new zum-kuckuck Ann Ben Cid",
}
"""The ``new`` a case sends where a game is started at a point."""


def _reach(point: Point) -> list[str]:
    """The commands that bring an engine with no game to *point*."""
    base = point.base
    if base is None:
        return []
    if base.record is not None:
        return [f"record {base.record}", *point.after]
    return [new_command(base.setup()), *(f"apply {m}" for m in base.moves), *point.after]


def _refused(commands: list[str]) -> bool:
    """Whether the reference refuses the last of *commands*, sent to a new session."""
    session = Session()
    answers = [session.answer(line) for line in commands]
    return answers[-1].startswith("?")


def _line(game: str, point: Point, command: str) -> str:
    """The command line *command* sends at *point*."""
    record = BAD_RECORDS[game] if point.bad else RECORDS[game]
    return {
        "protocol": "protocol",
        "new": point.bad or START[game],
        "record": f"record {record}",
        "format": f"format {record}",
        "apply": f"apply {point.move}",
        "chance": f"chance {point.chance}".rstrip(),
        "perft": "perft 1",
    }.get(command, command)


def _cell(game: str, point: Point, command: str) -> Case:
    """The case of *command* at *point*: a plain one where the point is a setup and moves,
    or a record, and the command a query (or a move) the reference answers; else one of
    ``commands``."""
    reach, line = _reach(point), _line(game, point, command)
    template = point.base or points()[game][2].base
    assert template is not None
    case = replace(
        template,
        id=f"{PREFIX[game]}protocol-{point.name}-{command}",
        rules=point.rules,
        about=f"{command} at {point.about}",
        tags=("protocol", f"command-{command}", f"point-{point.name}"),
    )
    refused = _refused([*reach, line])
    query = command in ("legal", "state", "result", "chance", "perft")
    depth = 1 if game == DICE else 2  # the re-rolls take the dice game's perft 2 past the budget
    expect = {"perft": f"perft {depth}", "chance": f"chance {point.chance}".rstrip()}.get(
        command, command
    )
    plain = point.base is not None and not point.after and not refused
    if plain and query:
        return replace(case, expect=expect)
    if plain and command == "apply" and template.record is None:
        return replace(case, moves=(*template.moves, point.move), expect="state")
    fresh = point.base is None
    if refused:
        return replace(case, commands=(*reach, line), fresh=fresh, expect="error")
    if command in ("protocol", "format") and fresh:  # no game made: a query is refused
        return replace(case, commands=(line, "state"), fresh=True, expect="error")
    if command == "protocol":
        return replace(case, commands=(*reach, line), fresh=fresh, expect="answer")
    kind = expect if query else "state"
    return replace(case, commands=(*reach, *([] if query else [line])), fresh=fresh, expect=kind)


def protocol_cases(game: str) -> Iterator[Case]:
    """This module's cases of *game*: the matrix, the records of what was seen move by
    move, letter case in ``new``."""
    yield from matrix_cases(game)
    yield from seen_cases(game) if game != DICE else ()
    yield from letter_case_cases(game)


def letter_case_cases(game: str) -> Iterator[Case]:
    """``new`` is exact about letter case (the notation's leniency is for records): a
    ruleset's name, a parameter's value, written in capitals, are refused."""
    about = "new with a word in capitals: the protocol is exact about letter case"
    tags = ("protocol", "letter-case")
    if game == DICE:
        yield Case("protocol-new-ruleset-capitals", ("CD-RULESET-PARAMS",), expect="error",
                   ruleset="CUCKOO", about=about, tags=tags)  # fmt: skip
        yield Case("protocol-new-value-capitals", ("CD-RULESET-PARAMS",), expect="error",
                   params={"handedness": "Eastern"}, about=about, tags=tags)  # fmt: skip
    elif game == CARDS:
        case = seated(CARDS, "cards-protocol-new-value-capitals", ("CC-RULESET-PARAMS",), (),
                      "error", about=about, aces="HIGH")  # fmt: skip
        yield replace(case, tags=tags)
    else:
        case = seated(KUCKUCK, "zk-protocol-new-value-capitals", ("ZK-RULESET-PARAMS",), (),
                      "error", about=about, variant="Tactical")  # fmt: skip
        yield replace(case, tags=tags)


def matrix_cases(game: str) -> Iterator[Case]:
    """One case for each command at each kind of point of *game*."""
    for point in points()[game]:
        # With no game, the commands that start one come last: until then, the runner may
        # keep its fresh engine for the next case (every other answer is refused, or is
        # protocol's or format's, which change nothing).
        later = ("new", "record") if point.base is None else ()
        for command in sorted(COMMANDS, key=lambda c: c in later):
            yield _cell(game, point, command)


# -- records of what was seen, move by move ---------------------------------------------------


def seen_cases(game: str) -> Iterator[Case]:
    """Each of the spec's records of what was seen (cards unknown), played through the
    protocol: asked partway (after the deal, in the middle, before its last move) with
    ``legal``, ``chance``, ``state`` and ``perft``, and whole, move by move (where it ends
    as the reference says, which may differ from the record's end: a hand that waits for
    its show-down is no error until the record ends without one).

    The card game's are sent as ``new`` and one ``apply`` a move; Zum Kuckuck!'s need the
    ``Cockatoos`` tag, which ``new`` cannot give, so they begin with the record of their
    tags alone, the items then sent one ``apply`` each."""
    asked = (("legal", "chance"), ("state", "perft"), ("state", "legal"))
    for example in _seen_examples(game):
        assert example.record is not None
        head = re.match(r"(\s*\[[^\]]*\])*", example.record)
        tags = head[0].strip() if head else ""
        try:
            if game == CARDS:
                parsed = cards_parse(example.record).moves
                moves = [f"deal {m}" if isinstance(m, CardDeal) else str(m) for m in parsed]
                base = _seated_record(example, tags)
            else:  # the deal goes with the tags: a hand of ? cards must be dealt whole
                items = [str(m) for m in kuckuck_parse(example.record).moves]
                deals = [m for m in items if m.startswith("deal ")]
                moves = items[len(deals) :]
                base = replace(example, record=" ".join([tags, *deals, "*"]))
        except NotationError:
            continue  # its tags are refused: nothing to play (the whole record's case says so)
        start = _reach(Point("", "", (), base, ""))
        if _refused(start):
            continue  # likewise
        taken = _taken([*start, *(f"apply {m}" for m in moves)]) - len(start)
        dealt = sum(1 for m in moves if m.startswith("deal "))
        stops = sorted({min(dealt, taken), (dealt + taken) // 2, max(taken - 1, 0)})
        slug = example.id.removeprefix("spec-")
        for stop, queries in zip(stops, asked, strict=False):
            for query in queries:
                yield _seen_case(game, base, moves[:stop], query, f"{slug}-at-{stop}-{query}")
        # in the middle of a deal, after a card nobody saw: what may come next is every
        # card not seen, and ?
        hidden = next((k + 1 for k, m in enumerate(moves[:taken]) if m == "deal ?"), dealt)
        if hidden < min(dealt, taken) and hidden not in stops:
            yield _seen_case(game, base, moves[:hidden], "legal", f"{slug}-at-{hidden}-legal")
        whole = "state" if taken == len(moves) else "error"
        yield _seen_case(game, base, moves[: taken + 1], whole, f"{slug}-moves")


def _seated_record(example: Case, tags: str) -> Case:
    """A card game's record of what was seen as a setup: its players and dealer."""
    players = re.search(r'\[Players "([^"]*)"\]', tags)
    dealer = re.search(r'\[Dealer "([^"]*)"\]', tags)
    assert players and dealer
    names = tuple(players[1].split())
    return seated(CARDS, example.id, example.rules, (), players=names, dealer=dealer[1])


def _taken(commands: list[str]) -> int:
    """How many of *commands* the reference takes before it refuses one."""
    session = Session()
    for count, line in enumerate(commands):
        if session.answer(line).startswith("?"):
            return count
    return len(commands)


def _seen_case(game: str, base: Case, moves: list[str], query: str, name: str) -> Case:
    """The case of *query* after *moves* of a record of what was seen."""
    rule = "CC-PARTIAL-UNSEEN" if game == CARDS else "ZK-PARTIAL-UNSEEN"
    case = replace(
        base,
        id=name,
        rules=tuple(dict.fromkeys((*base.rules, rule))),
        about=f"{query} after {len(moves)} moves, one apply each, of {base.id}",
        tags=("seen-move-by-move",),
        expect=query if query != "perft" else "perft 1",
    )
    start = _reach(Point("", "", (), base, ""))
    commands = (*start, *(f"apply {m}" for m in moves))
    line = {"perft": "perft 1", "chance": "chance"}.get(query, query)
    if query not in ("state", "error") and _refused([*commands, line]):
        return replace(case, commands=(*commands, line), expect="error")
    if game == CARDS:
        return replace(case, moves=tuple(moves))
    return replace(case, commands=commands)


# -- the table of the coverage page ------------------------------------------------------------


Cells = dict[tuple[str, str], list[dict[str, Any]]]


def matrix(suites: list[dict[str, Any]]) -> dict[str, Cells]:
    """For each game, each (point, command) pair declared with the suite's cases tagged
    with it: an empty list is a gap."""
    by_game = {suite["game"]: suite["cases"] for suite in suites}
    table: dict[str, Cells] = {}
    for game in (g for g in points() if g in by_game):
        cells: Cells = {(p.name, c): [] for p in points()[game] for c in COMMANDS}
        for case in by_game[game]:
            tags = case.get("tags", [])
            for point, command in cells:
                if f"point-{point}" in tags and f"command-{command}" in tags:
                    cells[point, command].append(case)
        table[game] = cells
    return table


def _answer(case: dict[str, Any], command: str) -> str:
    """What a case of *command* expects, in a word or two: ``? KIND``, or the query's
    name; prefixed ``then state:`` where the case asks ``state`` after the command (the
    answer shown is that of ``state``, not of the command)."""
    kind: str
    kind, value = next(iter(case["expect"].items()))
    if kind == "error":
        said = f"? {value['kind']}"
    elif kind == "chance" and not value["outcomes"]:
        said = "nothing"
    else:
        said = {"answer": "=", "perft": "count"}.get(kind, kind)
    last = case.get("commands", [command])[-1].split(" ")[0]
    return f"then state: {said}" if last == "state" and command != "state" else said


def matrix_gaps(suites: list[dict[str, Any]]) -> list[str]:
    """The pairs without a case, as ``game point command``."""
    return [
        f"{game} {point} {command}"
        for game, cells in matrix(suites).items()
        for (point, command), cases in cells.items()
        if not cases
    ]


def matrix_page(suites: list[dict[str, Any]]) -> list[str]:
    """The coverage page's section: per game, a row per kind of point, a column per
    command, the cases in each cell; then the gaps."""
    lines = [
        "## The protocol at every kind of point",
        "",
        "Every command of the protocol (but `quit`, which ends the session) at every kind of "
        "point of every game: no game yet, after a refused setup, each step of the game's "
        "engine, the game over, and a record of what was seen with cards unknown. Each cell "
        "gives what the cases tagged `point-P` and `command-C` expect (generated by "
        "`cuckoo.conformance.suites.protocol`): `=` the protocol's version, a `state`, the "
        "`legal` moves, a `result`, the `chance` outcomes or *nothing* (none due), a perft "
        "`count`, or `? KIND` an error of that kind; the implementer's guide says why. "
        "A cell that reads *then state: ...* gives the answer to a `state` sent after the "
        "command, not the command's own: `format` is followed by `state`, to show that it "
        "changed nothing (with no game yet `protocol` too: the runner checks its answer "
        "when it starts an engine), so *then state: ? protocol* there means that `format` "
        "worked and there is still no game. A case at *no "
        'game yet* runs in a fresh engine (`"fresh": true`). Besides these, the records '
        "of what was seen are played move by move (tag `seen-move-by-move`).",
        "",
    ]
    for game, cells in matrix(suites).items():
        lines += [f"### {game}", "", "| point | how it is reached | " + " | ".join(
            f"`{c}`" for c in COMMANDS) + " |", "|---|---|" + "---|" * len(COMMANDS)]  # fmt: skip
        for point in points()[game]:
            said = [", ".join(sorted({_answer(c, command) for c in cells[point.name, command]})) or
                    "**gap**" for command in COMMANDS]  # fmt: skip
            lines.append(f"| {point.name} | {point.about} | " + " | ".join(said) + " |")
        seen = sum(
            1 for s in suites if s["game"] == game for c in s["cases"]
            if "seen-move-by-move" in c.get("tags", [])
        )  # fmt: skip
        lines += ["", f"{seen} more cases play records of what was seen move by move.", ""]
        lines = lines if seen else lines[:-2]
    missing = matrix_gaps(suites)
    lines += ["Gaps: " + (", ".join(f"`{g}`" for g in missing) if missing else "none."), ""]
    return lines
