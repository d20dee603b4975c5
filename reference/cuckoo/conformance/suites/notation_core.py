"""What the notation's cases are made of (:mod:`.suites.notation`): a token class read in a
lenient form (:class:`Lenient`), a canonical-writing rule exercised by a record
(:class:`Writing`), and the records written canonically that the lenient forms are
written into (:data:`BASES`).  Each game's entries are in a module of its own
(:mod:`.suites.notation_cards`, :mod:`.suites.notation_dice`,
:mod:`.suites.notation_kuckuck`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .cases import CARDS, KUCKUCK

DICE: Final = "cuckoo-dice"

ZK_DEAL: Final = (
    "deal Ann 1 2 3 4 25 26 27 28 57 58 59 60 deal Bob 5 6 7 8 29 30 31 32 53 54 55 56 "
    "deal Cy 9 10 11 12 33 34 35 36 49 50 51 52"
)
DICE_TAGS: Final = (
    '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [First "Blue"] '
    '[BlueRoll "1 1 2 3 4 4 4 4 5 5"] [RedRoll "1 1 2 2 3 3 4 5 6 6"] [Result "1-0"]'
)

BASES: Final[dict[str, dict[str, str]]] = {
    CARDS: {
        "hands": '[Game "cuckoo-cards"] [Lives "2"] [Aces "high"] [Direction "right"] '
        '[Players "Ann Ben Cid"] [Dealer "Ann"] [Result "*"] '
        "1. deal Th 3c 9s swap keep cut Qd 2. deal 7h 5d 4s keep keep keep show 7h 5d 4s "
        "3. deal 8c *",
        "won": '[Game "cuckoo-cards"] [Lives "1"] [Players "Ann Ben"] [Dealer "Ann"] '
        '[Result "Ben"] 1. deal 9h 3c keep keep "Ben"',
    },
    DICE: {
        # the spec's example the-dungeon-breaks-a-tie: a whole game, an infection, passes
        "game": f"{DICE_TAGS} 1. 5@003/B 2@120 2. 4@300/B 3@201 3. 4@030/C 6@021 "
        "4. 4@020/A 1+1+2x4(6;2,3,4) 5. 3'@210 6'@200/C 6. 3@111 3@102 7. 5@012 6@011 "
        "8. 2@110 5@002/A 9. 4'@010/A 4@101 10. 1@001/A pass 11. 1@100/C pass "
        "12. 2'@000/BA 1-0",
        "opening": '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [First "Blue"] '
        '[BlueRoll "1 2 2 3 4 4 5 5 6 6"] [RedRoll "1 1 2 3 3 4 5 6 6 6"] [Result "*"] '
        "1. 6@003/A *",
        "parameters": '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [Handedness "eastern"] '
        '[InfectionLimit "none"] [DungeonBonus "yes"] [First "Blue"] '
        '[BlueRoll "1 2 2 3 4 4 5 5 6 6"] [RedRoll "1 1 2 3 3 4 5 6 6 6"] [Result "*"] *',
    },
    KUCKUCK: {
        "basic": '[Game "zum-kuckuck"] [Variant "basic"] [Players "Ann Bob Cy"] [Result "*"] '
        f"{ZK_DEAL} 1.1. nest 3 9 (Ann 60 Bob 53 Cy 9) 1.2. nest 2 12 (Ann 1 Bob 54 Cy 49) *",
        "tactical": '[Game "zum-kuckuck"] [Variant "tactical"] [Players "Ann Bob Cy"] '
        f'[Result "*"] {ZK_DEAL} 1.1. start Bob nest 3 9 Bob 53 Cy 9 Ann 60 *',
        # the spec's example zk-partial-shown-later: nobody saw the hands, one is shown later
        "seen": '[Game "zum-kuckuck"] [Players "Ann Bob Cy"] [Cockatoos "4 4 4"] [Result "*"] '
        "1.1. nest 3 9 (Ann 60 Bob 53 Cy 9) show Ann 59 58 1.2. nest 2 12 (Ann 58 Bob 1 Cy 49) *",
        # the spec's example zk-a-shared-win: three cycles, a win shared by all three
        "won": '[Game "zum-kuckuck"] [Players "Ann Bob Cy"] '
        "deal Ann 1 2 3 4 5 6 49 50 51 52 53 54 deal Bob 25 26 27 28 29 30 31 32 33 55 56 57 "
        "deal Cy 34 35 36 37 38 39 40 41 42 58 59 60 1.1. nest 3 9 (Ann 54 Bob 55 Cy 34) "
        '2.1. nest 3 9 (Ann 34 Bob 54 Cy 55) 3.1. nest 3 9 (Ann 55 Bob 34 Cy 54) "Ann Bob Cy"',
    },
}
"""Records written canonically (on one line, as the protocol sends them), by game and name."""

LENIENCY: Final = {
    CARDS: "CC-NOTATION-LENIENT",
    DICE: "CD-NOTATION-LENIENT",
    KUCKUCK: "ZK-NOTATION-CANONICAL",
}
"""The rule that says what a reader of each game accepts."""

SLUG: Final = {CARDS: "cards", DICE: "dice", KUCKUCK: "zk"}


@dataclass(frozen=True)
class Lenient:
    """A token class read in one lenient form: *found* in the base record written as
    *written*; *refused* names the rule a case must see refused, for a form the spec does
    not allow."""

    game: str
    token: str
    variant: str
    clause: str
    """Words of the spec's leniency rule (or of *rule*) that allow (or refuse) the form."""
    found: str
    written: str
    base: str
    rule: str = ""
    """The rule whose text holds *clause*; the game's leniency rule when empty."""
    refused: str = ""

    @property
    def id(self) -> str:
        """The case's ID."""
        return f"{SLUG[self.game]}-lenient-{self.token}-{self.variant}"

    @property
    def source(self) -> str:
        """The rule whose words allow the form."""
        return self.rule or LENIENCY[self.game]

    def record(self) -> str:
        """The base record with the form written the lenient way."""
        base = BASES[self.game][self.base]
        assert self.found in base, f"{self.id}: {self.found!r} is not in base {self.base}"
        return base.replace(self.found, self.written, 1)


def forms(game: str, base: str) -> Callable[..., Lenient]:
    """A maker of *game*'s lenient forms, written in *base* unless told another."""

    def form(
        token: str, variant: str, clause: str, found: str, written: str, **more: str
    ) -> Lenient:
        return Lenient(game, token, variant, clause, found, written, more.pop("base", base), **more)

    return form


@dataclass(frozen=True)
class Writing:
    """A canonical-writing rule exercised by one record where it can go wrong."""

    game: str
    rule: str
    slug: str
    clause: str
    """Words of *rule* that say how it is written."""
    record: str
    about: str
    also: tuple[str, ...] = ()
    """Words of other clauses of *rule* the record exercises too."""

    @property
    def id(self) -> str:
        """The case's ID."""
        return f"{SLUG[self.game]}-canonical-{self.slug}"
