"""Coverage by design: which rule is checked under which value of which parameter.

Every rule that takes a parameter, an option or a limit is listed here with the values it
must be checked under (:data:`DIMENSIONS`): every ruleset, variant, direction, ace rule and
player-count class, both sides of every numeric limit (the lowest and highest legal value,
and one past each, which must be refused), and, for the rules that score, eliminate or
break ties, cases that run over more than one hand or cycle.  The table of rule, value and
cases is generated from the suite's own metadata into ``docs/kit/coverage.md``; a test
fails when a row has no case and is not in the committed list of known gaps
(:data:`GAPS`), which may only shrink.

``python -m cuckoo.conformance.coverage.parameters --write`` rewrites the page and the gaps file.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

from ...cards.state import MAX_PLAYERS as CARD_SEATS
from ...cards.state import State as CardState
from ...errors import CuckooError
from ...files import write_output
from ...kuckuck.state import MAX_PLAYERS as ZK_SEATS
from ..protocol import Session
from ..suites.cases import new_command
from ..suites.precedence import pair_case
from ..suites.protocol import matrix_gaps, matrix_page
from .notation import page_lines as notation_page_lines
from .precedence import pairs

__all__ = ["DIMENSIONS", "GAPS", "PAGE", "REASONS", "Dimension", "Row", "gaps", "page", "rows"]

PAGE: Final = Path("docs/kit/coverage.md")
GAPS: Final = Path("tests/kit/coverage-gaps.json")


def _param(name: str) -> Callable[[dict[str, Any]], Iterable[object]]:
    """A case's value of parameter *name*, from its metadata."""
    return lambda case: [case["params"].get(name)] if "params" in case else []


def _meta(name: str) -> Callable[[dict[str, Any]], Iterable[object]]:
    """A case's value of a metadata field that holds one value or a list of them."""

    def values(case: dict[str, Any]) -> Iterable[object]:
        value = case.get(name)
        return value if isinstance(value, list) else [] if value is None else [value]

    return values


def _seats(case: dict[str, Any]) -> Iterable[object]:
    """The player-count class: two (where left and right are the same neighbour) or more."""
    seats = case.get("players")
    return [] if not isinstance(seats, int) else ["two" if seats == 2 else "three or more"]


def _span(case: dict[str, Any]) -> Iterable[object]:
    """Whether the case runs over one hand or cycle, or over several."""
    span = case.get("span")
    return [] if not isinstance(span, int) else ["one" if span <= 1 else "several"]


def _ordered(case: dict[str, Any]) -> Iterable[object]:
    """``several`` for a case over several hands or cycles in which the order of the events
    of a round decides what follows (the ``round-order`` tag, :mod:`.coverage.rounds`)."""
    span = case.get("span")
    several = isinstance(span, int) and span >= 2
    return ["several"] if several and "round-order" in case.get("tags", []) else []


@dataclass(frozen=True)
class Dimension:
    """A parameter (or limit, or class) and the rules that must be checked under each of
    its values; *refused* are the values one past a limit, which a case must see refused."""

    game: str
    name: str
    values: tuple[object, ...]
    rules: tuple[str, ...]
    refused: tuple[object, ...] = ()
    of: Callable[[dict[str, Any]], Iterable[object]] | None = None

    def values_of(self, case: dict[str, Any]) -> list[object]:
        """The values *case* checks this dimension under."""
        return list((self.of or _param(self.name))(case))


DICE, CARDS, ZK = "cuckoo-dice", "cuckoo-cards", "zum-kuckuck"
_WHOLE_GAME: Final = ("CD-SCORE-SIDE-WIN", "CD-SCORE-MAJORITY", "CD-TURN-ORDER", "CD-TURN-OVER")
_TIES: Final = ("CD-SCORE-DUNGEON", "CD-SCORE-CAPTURES", "CD-SCORE-SHARED")
_AROUND: Final = ("CC-TURN-ORDER", "CC-DEAL", "CC-SWAP", "CC-NEXT-DEALER")
_HANDS: Final = ("CC-LOWEST", "CC-ELIMINATE", "CC-END", "CC-NEXT-DEALER", "CC-VOID")
_VERSIONS: Final = (
    *("ZK-ROUND-PLAY", "ZK-ROUND-TAKE", "ZK-ROUND-DROP", "ZK-ROUND-PASS", "ZK-CYCLE-END"),
    *("ZK-SCORE-COCKATOOS", "ZK-SCORE-LOWEST", "ZK-MATCH-WINNER", "ZK-NOTATION-PLAYS"),
)
_SEATS: Final = ("ZK-SETUP-PLAYERS", "ZK-SETUP-COUNT", "ZK-MATCH-CYCLES")
_CYCLES: Final = (
    *("ZK-SCORE-COCKATOOS", "ZK-SCORE-DROPPED", "ZK-SCORE-LOWEST", "ZK-SCORE-NONE"),
    *("ZK-MATCH-CYCLES", "ZK-MATCH-WINNER", "ZK-CYCLE-PASS"),
)
_ORDERED: Final = (*_CYCLES, "ZK-ROUND-DROP", "ZK-ROUND-PASS", "ZK-TACTICAL-NEXT")
"""Zum Kuckuck!'s scoring, drop-out and tie-break rules."""
_TWO_OR_MORE: Final = ("two", "three or more")
DIMENSIONS: Final = (
    Dimension(DICE, "ruleset", ("cuckoo", "dwnsiwn", "unnamed"), _WHOLE_GAME, of=_meta("ruleset")),
    Dimension(DICE, "handedness", ("western", "eastern"), ("CD-DIE-CORNER", "CD-PLACE-APEX")),
    Dimension(DICE, "infection_pool", ("own", "any"), ("CD-INFECT-POOL", "CD-INFECT-TAKE")),
    Dimension(DICE, "infection_limit", (None, 0, 1, 2), ("CD-INFECT-LIMIT",), refused=(-1,)),
    Dimension(DICE, "side_majority", ("relative", "absolute"), _WHOLE_GAME[:2]),
    Dimension(DICE, "tiebreak", ("dungeon", "captures-dungeon"), _TIES),
    Dimension(DICE, "dungeon_tiebreak", ("placer", "owner"), _TIES[:1]),
    Dimension(DICE, "dungeon_bonus", (False, True), ("CD-PLACE-BONUS",)),
    Dimension(DICE, "dice", (10,), ("CD-SETUP-DICE",), refused=(9, 11), of=_meta("dice")),
    Dimension(DICE, "faces", (1, 6), ("CD-SETUP-ROLL",), refused=(0, 7), of=_meta("faces")),
    Dimension(CARDS, "aces", ("low", "high"), ("CC-CARD-ORDER", "CC-LOWEST", "CC-CUT")),
    Dimension(CARDS, "direction", ("left", "right"), _AROUND),
    Dimension(CARDS, "lives", (1, 99), ("CC-RULESET-PARAMS",), refused=(0, 100)),
    Dimension(CARDS, "lives", (1, 2, 3), ("CC-ELIMINATE", "CC-END")),
    Dimension(
        CARDS,
        "players",
        (2, CARD_SEATS),
        ("CC-SETUP-PLAYERS",),
        (1, CARD_SEATS + 1),
        _meta("players"),
    ),
    Dimension(CARDS, "seats", _TWO_OR_MORE, (*_AROUND, "CC-LOWEST"), of=_seats),
    Dimension(CARDS, "hands", ("one", "several"), _HANDS, of=_span),
    Dimension(ZK, "variant", ("basic", "tactical"), _VERSIONS),
    Dimension(ZK, "players", (3, 4, ZK_SEATS), _SEATS, (2, ZK_SEATS + 1), _meta("players")),
    # A pass needs a player still in after a drop-out, and a third one: never with three.
    Dimension(ZK, "players", (4, ZK_SEATS), ("ZK-ROUND-PASS",), of=_meta("players")),
    Dimension(ZK, "cycles", ("one", "several"), _CYCLES, of=_span),
    Dimension(CARDS, "ordered", ("several",), _HANDS, of=_ordered),
    Dimension(ZK, "ordered", ("several",), _ORDERED, of=_ordered),
)
"""Every rule that takes a parameter, option, limit or class, with the values it must be
checked under."""


REASONS: Final[dict[str, str]] = {
    "ZK-SCORE-NONE ordered=several": "a hand without cockatoo cards comes only from a "
    "chosen deal (no random deal of the first thousand seeds gives one), and the spec's "
    "matches with one turn each round in one batch; needs a generator of such deals",
}
"""Why each known gap is open; a gap without a reason fails the tests."""


@dataclass(frozen=True)
class Row:
    """One line of the coverage table: a rule under one value, and the cases that check it."""

    game: str
    rule: str
    name: str
    value: object
    refused: bool
    cases: tuple[str, ...]

    @property
    def key(self) -> str:
        """The row's name in the gaps file."""
        return f"{self.rule} {self.name}={_shown(self.value)}"


def _shown(value: object) -> str:
    """A value as the protocol writes it (``none``, ``yes``, ``no``, or as it is)."""
    if value is None or isinstance(value, bool):
        return {None: "none", True: "yes", False: "no"}[value]
    return str(value)


def rows(suites: list[dict[str, Any]]) -> list[Row]:
    """Every row of the table, in the order of :data:`DIMENSIONS`.

    A legal value counts the cases that cite the rule under it and do not stop at a
    refused setup; a refused value counts the cases that see that setup refused."""
    by_game = {suite["game"]: suite["cases"] for suite in suites}
    table = []
    for dim in DIMENSIONS:
        cases = by_game.get(dim.game, [])
        for rule in dim.rules:
            for value in dim.values:
                found = tuple(
                    c["id"]
                    for c in cases
                    if rule in c["rules"]
                    and _has(dim.values_of(c), value)
                    and not _refused_setup(c)
                )
                table.append(Row(dim.game, rule, dim.name, value, False, found))
            for value in dim.refused if rule == dim.rules[0] else ():
                found = tuple(
                    c["id"] for c in cases if _has(dim.values_of(c), value) and _refused_setup(c)
                )
                table.append(Row(dim.game, rule, dim.name, value, True, found))
    return table


def _has(values: list[object], value: object) -> bool:
    """Whether *value* is among *values*, a bool never taken for 0 or 1."""
    return any(type(v) is type(value) and v == value for v in values)


def _refused_setup(case: dict[str, Any]) -> bool:
    """Whether the case stops at its setup: the setup, or the record's tags, refused."""
    error = case["expect"].get("error")
    return bool(error) and "setup" in case.get("tags", [])


def gaps(suites: list[dict[str, Any]]) -> list[str]:
    """The rows without a case, the protocol matrix's pairs without one, then the pairs of
    checks that can both fail without one."""
    found = [row.key for row in rows(suites) if not row.cases]
    found += [f"reads {row.key}" for row in reads_rows(suites) if not row.cases]
    found += [f"{row.rule} triggered twice" for row in scoring_rows(suites) if not row.cases]
    found += matrix_gaps(suites)
    table = precedence_rows(suites)
    return found + [f"order {key}" for _, key, apart, cases in table if not (apart or cases)]


def precedence_rows(suites: list[dict[str, Any]]) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """Every ordered pair of every game's checks (:mod:`.coverage.precedence`): game, pair, why both
    cannot fail (empty if they can), and the cases that make both fail and expect the
    first's rule."""

    by_game = {suite["game"]: {c["id"]: c for c in suite["cases"]} for suite in suites}
    table = []
    for game in (DICE, CARDS, ZK):
        cases = by_game.get(game, {})
        for pair in pairs(game):
            name = pair_case(game, pair)
            found = tuple(
                i
                for i in (name, f"{name}-record")
                if i in cases and cases[i]["expect"].get("error", {}).get("rule") == pair.first.rule
            )
            table.append((game, pair.key, pair.apart, () if pair.apart else found))
    return table


@dataclass(frozen=True)
class Reads:
    """A parameter, its values, and the spec chapters whose rules may read it: each of
    their rules must be checked under each value."""

    game: str
    name: str
    values: tuple[object, ...]
    chapters: tuple[str, ...]


READS: Final = (
    Reads(DICE, "ruleset", ("cuckoo", "dwnsiwn", "unnamed"), ("turn", "place", "infect", "scoring")),  # noqa: E501
    Reads(DICE, "handedness", ("western", "eastern"), ("dice", "place")),
    Reads(DICE, "infection_pool", ("own", "any"), ("infect",)),
    Reads(DICE, "infection_limit", (None, 1), ("infect",)),
    Reads(DICE, "side_majority", ("relative", "absolute"), ("scoring",)),
    Reads(DICE, "tiebreak", ("dungeon", "captures-dungeon"), ("scoring",)),
    Reads(DICE, "dungeon_tiebreak", ("placer", "owner"), ("scoring",)),
    Reads(DICE, "dungeon_bonus", (False, True), ("place",)),
    Reads(CARDS, "aces", ("low", "high"), ("components", "hand", "end")),
    Reads(CARDS, "direction", ("left", "right"), ("hand", "end")),
    Reads(CARDS, "lives", (1, 2, 3), ("end",)),
    Reads(ZK, "variant", ("basic", "tactical"), ("round", "cycle", "scoring")),
)  # fmt: skip
"""Which parameters each rule may read, by the chapter the rule is in: a wrong engine may
tie any of these rules to one value of the parameter.  The infection limit is read under
no limit and under one not yet reached (its own rule, ``CD-INFECT-LIMIT``, has every value
in :data:`DIMENSIONS`)."""

ONE_VERSION: Final = {
    "ZK-TACTICAL-ORDER": "tactical",
    "ZK-TACTICAL-FIRST": "tactical",
    "ZK-TACTICAL-NEXT": "tactical",
    "ZK-BASIC-SIMULTANEOUS": "basic",
}
"""Rules of one version of Zum Kuckuck!, read under that value alone."""


def reads_rows(suites: list[dict[str, Any]]) -> list[Row]:
    """Every rule of a chapter that may read a parameter (:data:`READS`) under each of its
    values, with the cases that cite the rule under it and do not stop at the setup."""
    table = []
    for suite in suites:
        for reads in (r for r in READS if r.game == suite["game"]):
            chapters = set(reads.chapters)
            rules = sorted(r for r, v in suite["rules"].items() if v["section"] in chapters)
            for rule in rules:
                for value in reads.values:
                    if ONE_VERSION.get(rule, value) != value:
                        continue
                    row = Row(reads.game, rule, reads.name, value, False, ())
                    found = tuple(c["id"] for c in suite["cases"] if covers(c, row))
                    table.append(replace(row, cases=found))
    return table


def covers(case: dict[str, Any], row: Row) -> bool:
    """Whether *case* cites the row's rule under its value and does not stop at the setup."""
    return (
        row.rule in case["rules"]
        and _has([_read(case, row.name)], row.value)
        and not _refused_setup(case)
    )


def _read(case: dict[str, Any], name: str) -> object:
    """The value of parameter *name* a case is played under (the dice game's ruleset too)."""
    return case.get("ruleset") if name == "ruleset" else case.get("params", {}).get(name)


def _reads_page(suites: list[dict[str, Any]]) -> list[str]:
    """The page's table of every rule under every value of each parameter it may read."""
    table = reads_rows(suites)
    lines = [
        "## Every rule under every value it may read",
        "",
        "Each rule of a chapter that a parameter changes, under each value of it: "
        + "; ".join(f"{r.game} `{r.name}` for {', '.join(r.chapters)}" for r in READS)
        + ". A row counts the cases that cite the rule under the value.",
        "",
    ]
    for game in (DICE, CARDS, ZK):
        rows_ = [r for r in table if r.game == game]
        covered = sum(1 for r in rows_ if r.cases)
        lines += _headed(
            f"{game}, rule by parameter",
            f"{covered} of {len(rows_)} rows have a case.",
            ("rule", "parameter", "value", "cases"),
        )
        lines += [f"| `{r.rule}` | {r.name} | {_shown(r.value)} | {len(r.cases)} |" for r in rows_]
        lines.append("")
    return lines


SCORING: Final = {
    CARDS: ("CC-LOWEST", "CC-VOID", "CC-ELIMINATE"),
    ZK: ("ZK-SCORE-COCKATOOS", "ZK-SCORE-DROPPED", "ZK-SCORE-LOWEST", "ZK-SCORE-NONE"),
}
"""The rules that score a hand (lives lost) or a cycle (points): each must be triggered in
two or more hands or cycles of one game (the dice game has neither)."""


def scoring_rows(suites: list[dict[str, Any]]) -> list[Row]:
    """Each scoring rule, with the cases that cite it and trigger it in two or more hands or
    cycles of their game, played again to see where it applies."""
    table = []
    for suite in suites:
        rules = SCORING.get(suite["game"], ())
        counted = {c["id"]: _triggered(c) for c in suite["cases"] if set(rules) & set(c["rules"])}
        for rule in rules:
            found = tuple(i for i, seen in counted.items() if seen.count(rule) >= 2)
            table.append(Row(suite["game"], rule, "triggered", "twice or more", False, found))
    return table


def _triggered(case: dict[str, Any]) -> list[str]:
    """The scoring rules that apply at each hand's or cycle's end of *case*'s game, once a
    hand or cycle each, as far as it is legal."""

    session, states = Session(), list[Any]()
    if "commands" in case:
        return []  # the protocol at one point: no game played to a hand's or cycle's end
    if "record" in case:
        kit, record = Session._record(case["record"])  # a record is read before it is played
        with suppress(CuckooError):
            states.extend(kit.replay(record))
    elif session.answer(new_command(case["setup"])).startswith("="):
        states.append(session.current.state)  # type: ignore[attr-defined]
        for move in case["moves"]:
            if not session.answer(f"apply {move}").startswith("="):
                break
            states.append(session.current.state)  # type: ignore[attr-defined]
    return ended(states)


def ended(states: list[Any]) -> list[str]:
    """The scoring rules that apply as a game goes through *states*, once each hand or
    cycle they apply in."""
    seen: list[str] = []
    for before, after in pairwise(states):
        if isinstance(after, CardState):
            seen += _hand_rules(before, after) if after.hands > before.hands else []
        elif len(after.scores) > len(before.scores):
            seen += _cycle_rules(before, after.scores[-1])
    return seen


def _hand_rules(before: Any, after: Any) -> list[str]:
    """CC-VOID for a hand in which nobody lost a life, else CC-LOWEST, and CC-ELIMINATE when
    a player lost the last."""
    if after.lives == before.lives:
        return ["CC-VOID"]
    out = any(b > 0 == a for b, a in zip(before.lives, after.lives, strict=True))
    return ["CC-LOWEST", *(["CC-ELIMINATE"] if out else [])]


def _cycle_rules(before: Any, points: tuple[int, ...]) -> list[str]:
    """The scoring rules of a cycle scored *points* (the counts of cockatoo cards of
    *before*, its last state): every cycle scores the cockatoos and the lowest nest of the
    players still in; a player out scores -1, and with none counted +2, so +1."""
    none = [count == 0 for count in before.counts]
    out = any(p == (1 if n else -1) for p, n in zip(points, none, strict=True))
    rules = ["ZK-SCORE-COCKATOOS", "ZK-SCORE-LOWEST"]
    return rules + ["ZK-SCORE-DROPPED"] * out + ["ZK-SCORE-NONE"] * any(none)


def _scoring_page(suites: list[dict[str, Any]]) -> list[str]:
    """The page's table of the scoring rules triggered in two or more hands or cycles."""
    lines = [
        "## Scoring in two or more hands or cycles of one game",
        "",
        "Each rule that scores a hand of the card game (lives lost) or a cycle of Zum "
        "Kuckuck! (points), with the cases in whose game it applies in two or more hands or "
        "cycles, found by playing each case again.",
        "",
        "| game | rule | cases |",
        "|---|---|---:|",
    ]
    lines += [f"| {r.game} | `{r.rule}` | {len(r.cases)} |" for r in scoring_rows(suites)]
    return [*lines, ""]


def _headed(title: str, summary: str, columns: tuple[str, ...]) -> list[str]:
    """A game's table on the page: its title, one line on it, its header (cases counted
    right-aligned)."""
    rule = "|".join("---:" if c == "cases" else "---" for c in columns)
    return [f"### {title}", "", summary, "", f"| {' | '.join(columns)} |", f"|{rule}|"]


def _precedence_page(suites: list[dict[str, Any]]) -> list[str]:
    """The page's tables of which error wins, one per game, and the count."""
    table = precedence_rows(suites)
    lines = [
        "## Which error wins",
        "",
        "Every ordered pair of a game's checks, in the order of its notation chapter's "
        "*Which error wins*: the first is named when both fail. A pair that can fail in one "
        "record or move has cases in which both fail; the others say why they cannot.",
        "",
    ]
    for game in (DICE, CARDS, ZK):
        rows_ = [r for r in table if r[0] == game]
        can = [r for r in rows_ if not r[2]]
        covered = sum(1 for r in can if r[3])
        lines += _headed(
            game,
            f"{len(rows_)} pairs; {len(can)} can both fail, {covered} of them with a case.",
            ("first", "then", "cases", "or why both cannot fail"),
        )
        for _, key, apart, cases in rows_:
            first, second = key.split(" > ")
            lines.append(f"| `{first}` | `{second}` | {len(cases)} | {apart} |")
        lines.append("")
    return lines


def page(suites: list[dict[str, Any]]) -> str:
    """The docs page: the table, then the gaps."""
    table = rows(suites)
    lines = [
        "# Coverage by design",
        "",
        "<!-- Generated by `python -m cuckoo.conformance.coverage.parameters --write`: "
        "do not edit. -->",
        "",
        "Every rule that takes a parameter, an option, a limit or a player-count class, with "
        "the number of suite cases that check it under each value. A value marked *refused* "
        "is one past a limit: its cases see the setup refused. *hands* and *cycles* say "
        "whether a case runs over one hand (cycle) or several; *ordered* counts the cases "
        "over several that have a round whose events' order decides what follows: a card "
        "passed on by two swaps in one hand, or a Zum Kuckuck! turning of several batches "
        "(the dice game has no rounds). A test fails when a row "
        "without cases appears that is not among the known gaps below, and when a known gap "
        "is closed but still listed. After these tables come three more, held by the same "
        "test: every rule under every value of each parameter that may change it, the scoring "
        "rules over two or more hands or cycles of one game, and which error wins when two "
        "checks fail at once.",
        "",
    ]
    for game in (DICE, CARDS, ZK):
        lines += [f"## {game}", "", "| rule | parameter | value | cases |", "|---|---|---|---:|"]
        for row in (r for r in table if r.game == game):
            value = f"{_shown(row.value)} (refused)" if row.refused else _shown(row.value)
            lines.append(f"| `{row.rule}` | {row.name} | {value} | {len(row.cases)} |")
        lines.append("")
    lines += _reads_page(suites)
    lines += _scoring_page(suites)
    lines += _precedence_page(suites)
    lines += matrix_page(suites)
    missing = gaps(suites)
    lines += ["## Known gaps", ""]
    lines += [f"- `{key}`: {REASONS.get(key, 'no reason given')}." for key in missing] or [
        "None: every row has a case."
    ]
    counted = sum(1 for row in table if row.cases)
    lines += ["", f"{counted} of {len(table)} rows have at least one case.", ""]
    lines += notation_page_lines(suites)
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Print the gaps; with ``--write``, rewrite the docs page and the gaps file."""
    from ..suites.files import load_all

    suites = load_all()
    missing = gaps(suites)
    if "--write" in argv:
        PAGE.parent.mkdir(parents=True, exist_ok=True)
        write_output(PAGE, page(suites))
        write_output(GAPS, json.dumps(missing, indent=1) + "\n")
    for key in missing:
        print(f"gap: {key}")
    print(f"{len(missing)} gaps of {len(rows(suites))} rows and the pairs of checks")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
