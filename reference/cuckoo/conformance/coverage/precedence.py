"""Which error wins, as data: every game's checks in the order the notation chapters'
"Which error wins" sections give, and every ordered pair of them.

A record or a move can break two rules at once; every engine then names the one checked
first.  :data:`ORDER` lists each game's checks from the first to the last: the text (the
grammar, and in the dice game a cell or a face that cannot be, named as they come in the
text), the tags, the ``Result`` tag against the result token, the setup, each move's checks
(the notation's, then the rules of its action, every action's first) and last the result
the game ends in.  :func:`pairs` makes every ordered pair of it and says, from the checks'
stages and actions and the declared exceptions (:data:`APART`), whether both can fail in
one record or one move, with the reason where they cannot.  The suite's cases for each
pair are made in :mod:`.suites.precedence`; the coverage page counts them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["APART", "ORDER", "Check", "Pair", "pairs"]


@dataclass(frozen=True)
class Check:
    """One check of the order: a rule, where it is made, and for a move's check the action
    it judges (``any`` for every action)."""

    rule: str
    stage: str
    """``text``, ``tags``, ``tag`` (the Result tag), ``setup``, ``move`` or ``end``."""
    action: str = ""
    label: str = ""
    """Which of the rule's checks, where a rule is checked at two places."""

    @property
    def name(self) -> str:
        """The check's name in tables and case IDs: the rule, and its label if any."""
        return f"{self.rule}/{self.label}" if self.label else self.rule


@dataclass(frozen=True)
class Pair:
    """Two checks that could both fail: *first* is named; *apart* says why they cannot
    both fail, empty when they can."""

    first: Check
    second: Check
    apart: str = ""

    @property
    def key(self) -> str:
        """The pair's name in the gaps file."""
        return f"{self.first.name} > {self.second.name}"


def _checks(prefix: str, *rows: tuple[str, str, str]) -> tuple[Check, ...]:
    """A game's order: the record's checks before the moves', the end's after them."""
    before = (
        Check(f"{prefix}-NOTATION-SYNTAX", "text"),
        *(Check(rule, "text") for rule in (("CD-DIE-FACES", "CD-CELL") if prefix == "CD" else ())),
        Check(f"{prefix}-NOTATION-TAGS", "tags"),
        Check(f"{prefix}-NOTATION-RESULT", "tag", label="tag"),
    )
    moves = tuple(
        Check(rule, stage, action, label)
        for stage, action, rules in rows
        for rule, _, label in (r.partition("/") for r in rules.split())
    )
    return (*before, *moves, Check(f"{prefix}-NOTATION-RESULT", "end", label="end"))


DICE, CARDS, ZK = "cuckoo-dice", "cuckoo-cards", "zum-kuckuck"
ORDER: Final = {
    DICE: _checks(
        "CD",
        ("setup", "", "CD-RULESET-PARAMS CD-SETUP-DICE CD-SETUP-ROLL CD-SETUP-FIRST"),
        ("move", "infect", "CD-NOTATION-ROLLS"),
        ("move", "any", "CD-TURN-OVER CD-TURN-CHANCE"),
        ("move", "place", "CD-PLACE-DIE CD-PLACE-EMPTY CD-PLACE-SUPPORT"),
        ("move", "place", "CD-PLACE-BONUS CD-PLACE-DUNGEON CD-PLACE-EXPOSE CD-PLACE-APEX"),
        ("move", "seen", "CD-PLACE-EMPTY/seen CD-PLACE-SUPPORT/seen CD-NOTATION-SEEN"),
        ("move", "infect", "CD-INFECT-LIMIT CD-INFECT-GIVE CD-INFECT-TAKE CD-INFECT-POOL"),
        ("move", "infect", "CD-INFECT-SUM CD-INFECT-REROLL"),
        ("move", "pass", "CD-TURN-PASS"),
    ),
    CARDS: _checks(
        "CC",
        ("setup", "", "CC-RULESET-PARAMS CC-SETUP-PLAYERS CC-SETUP-DEALER"),
        ("move", "any", "CC-TURN-OVER CC-NOTATION-DEAL CC-TURN-CHANCE"),
        ("move", "deal", "CC-CARD-DECK/dealt"),
        ("move", "swap", "CC-SWAP CC-KING-HELD/swap"),
        ("move", "cut", "CC-CUT CC-KING-HELD/cut CC-CARD-DECK/cut"),
    ),
    ZK: _checks(
        "ZK",
        ("setup", "", "ZK-RULESET-PARAMS ZK-SETUP-PLAYERS"),
        ("move", "deal", "ZK-NOTATION-DEAL"),
        ("move", "play", "ZK-NOTATION-PLAYS"),
        ("move", "any", "ZK-TURN-OVER ZK-TURN-CHANCE"),
        ("move", "deal", "ZK-SETUP-DEAL"),
        ("move", "start", "ZK-TACTICAL-FIRST"),
        ("move", "nest", "ZK-ROUND-NEST"),
        ("move", "play", "ZK-ROUND-PLAY/in ZK-TACTICAL-ORDER ZK-ROUND-PLAY/hand"),
        ("move", "show", "ZK-PARTIAL-SHOW"),
    ),
}
"""Every game's checks, first to last, as its notation chapter orders them."""

FREE: Final = frozenset(("CD-NOTATION-ROLLS", "ZK-NOTATION-DEAL"))
"""Move checks made without a position (how the move is written), which a refused setup
does not hide."""

_NOBODY: Final = "nobody is to decide after the end or while a card is due"
_ONE_ORIENTATION: Final = "one orientation rule governs a cell"
APART: Final[dict[str, dict[tuple[str, str], str]]] = {
    DICE: {
        ("CD-TURN-OVER", "CD-PLACE-SUPPORT"): "at the end every cell is filled, so supported",
        ("CD-TURN-OVER", "CD-PLACE-SUPPORT/seen"): "at the end every cell is filled",
        ("CD-TURN-OVER", "CD-PLACE-BONUS"): "the bonus is due only while the dungeon is empty",
        ("CD-TURN-OVER", "CD-TURN-PASS"): "at the end both nests are empty: a pass breaks no "
        "rule of its own",
        ("CD-PLACE-EMPTY", "CD-PLACE-SUPPORT"): "a taken cell stood on the dice below it",
        ("CD-PLACE-EMPTY/seen", "CD-PLACE-SUPPORT/seen"): "a taken cell stood on the dice below it",
        ("CD-PLACE-EMPTY", "CD-PLACE-BONUS"): "the bonus is due only while the dungeon is empty",
        ("CD-PLACE-EMPTY", "CD-PLACE-APEX"): "the apex is filled last, and the game is then "
        "over (CD-TURN-OVER is named)",
        ("CD-PLACE-SUPPORT", "CD-PLACE-BONUS"): "the dungeon is on the bottom layer",
        ("CD-PLACE-SUPPORT", "CD-PLACE-DUNGEON"): "the dungeon is on the bottom layer",
        ("CD-NOTATION-ROLLS", "CD-INFECT-REROLL"): "an infection without its re-roll has no "
        "re-roll to count",
        **{
            (a, b): _ONE_ORIENTATION
            for n, a in enumerate(("CD-PLACE-BONUS", "CD-PLACE-DUNGEON", "CD-PLACE-EXPOSE"))
            for b in ("CD-PLACE-DUNGEON", "CD-PLACE-EXPOSE", "CD-PLACE-APEX")[n:]
        },
    },
    CARDS: {
        **{
            (first, second): _NOBODY
            for first in ("CC-TURN-OVER", "CC-NOTATION-DEAL", "CC-TURN-CHANCE")
            for second in ("CC-SWAP", "CC-KING-HELD/swap", "CC-CUT", "CC-KING-HELD/cut")
        },
        ("CC-TURN-CHANCE", "CC-NOTATION-RESULT/end"): "in a record a card or a decision out "
        "of its place is refused as written (CC-NOTATION-DEAL)",
    },
    ZK: {
        **{
            (first, second): "nobody plays after the end or while a card is due"
            for first in ("ZK-TURN-OVER", "ZK-TURN-CHANCE")
            for second in ("ZK-ROUND-PLAY/in", "ZK-TACTICAL-ORDER", "ZK-ROUND-PLAY/hand")
        },
        ("ZK-TURN-OVER", "ZK-TACTICAL-FIRST"): "no start player is drawn after the end",
        ("ZK-TURN-CHANCE", "ZK-TACTICAL-FIRST"): "the draw is judged only when it is due",
        ("ZK-NOTATION-DEAL", "ZK-NOTATION-PLAYS"): "one item is a deal or a play",
        ("ZK-TURN-OVER", "ZK-SETUP-DEAL"): "a deal after the end is refused as written "
        "(ZK-NOTATION-DEAL): the cards are dealt once",
        ("ZK-TURN-CHANCE", "ZK-SETUP-DEAL"): "a deal out of its place is refused as written "
        "(ZK-NOTATION-DEAL)",
        **{
            (first, "ZK-PARTIAL-SHOW"): "a show is no move of the game: it may follow the end "
            "and stand where a chance outcome is due, and ZK-PARTIAL-SHOW alone judges it"
            for first in ("ZK-TURN-OVER", "ZK-TURN-CHANCE")
        },
    },
}
"""The pairs whose checks cannot both fail that the stages and actions do not tell apart,
with the reason."""

UNREACHED: Final = {
    "CD-TURN-CHANCE": "no text makes a re-roll due: a record and the protocol write an "
    "infection with its re-roll",
}
"""Checks that no record or protocol command can make fail."""


def _apart(game: str, first: Check, second: Check) -> str:
    """Why *first* and *second* cannot both fail in one record or move; empty if they can."""
    for check in (first, second):
        if check.rule in UNREACHED:
            return UNREACHED[check.rule]
    if first.stage == "setup" and second.stage == "end":
        return "a refused setup plays no game to end"
    if first.stage == "setup" and second.stage == "move" and second.rule not in FREE:
        return "a refused setup gives no position to judge a move in"
    actions = {first.action, second.action}
    if first.stage == second.stage == "move" and len(actions) == 2 and "any" not in actions:
        return f"one move is one action: {first.action} or {second.action}"
    return APART[game].get((first.name, second.name), "")


def pairs(game: str) -> list[Pair]:
    """Every ordered pair of *game*'s checks, the one named first.  Checks of the text are
    named in the order they come in it, so each of their pairs is listed both ways."""
    order = ORDER[game]
    found = []
    for i, first in enumerate(order):
        for second in order[i + 1 :]:
            found.append(Pair(first, second, _apart(game, first, second)))
            if first.stage == second.stage == "text":
                found.append(Pair(second, first))
    return found
