"""The notation's structure as cases: every lenient form each game's spec allows is read,
and every canonical-writing rule is exercised where it can go wrong.

Two declared tables drive them, one entry per case.  :data:`LENIENT` gives each game's
token classes and their lenient variants: a variant is a record written canonically
(:data:`BASES`) with one form in it written the lenient way, and its case asks ``format``
of it, which must give back the canonical record (tests/kit/test_notation_structure.py
checks that); a variant the spec refuses (names written in another letter case where the
spec wants them as in ``Players``) is an error case instead.  :data:`WRITING` gives each
game's canonical-writing rules and a record that exercises each where it can go wrong (who
begins, unfinished games, every tag, numbering, a record that stops in a deal or a round):
a ``format`` case each.  Every entry cites the words of the spec it comes from, so that
:mod:`.coverage_notation` lists the parts of the spec no entry covers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from .suite_cases import CARDS, KUCKUCK, Case

DICE: Final = "cuckoo-dice"

_ZK_DEAL: Final = (
    "deal Ann 1 2 3 4 25 26 27 28 57 58 59 60 deal Bob 5 6 7 8 29 30 31 32 53 54 55 56 "
    "deal Cy 9 10 11 12 33 34 35 36 49 50 51 52"
)
_DICE_TAGS: Final = (
    '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [First "Blue"] '
    '[BlueRoll "1 1 2 3 4 4 4 4 5 5"] [RedRoll "1 1 2 2 3 3 4 5 6 6"] [Result "1-0"]'
)
_CARD_TAGS: Final = '[Game "cuckoo-cards"] [Players "Ann Ben Cid"] [Dealer "Ann"]'

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
        "game": f"{_DICE_TAGS} 1. 5@003/B 2@120 2. 4@300/B 3@201 3. 4@030/C 6@021 "
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
        f"{_ZK_DEAL} 1.1. nest 3 9 (Ann 60 Bob 53 Cy 9) 1.2. nest 2 12 (Ann 1 Bob 54 Cy 49) *",
        "tactical": '[Game "zum-kuckuck"] [Variant "tactical"] [Players "Ann Bob Cy"] '
        f'[Result "*"] {_ZK_DEAL} 1.1. start Bob nest 3 9 Bob 53 Cy 9 Ann 60 *',
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


def _forms(game: str, base: str) -> Callable[..., Lenient]:
    """A maker of *game*'s lenient forms, written in *base* unless told another."""

    def form(
        token: str, variant: str, clause: str, found: str, written: str, **more: str
    ) -> Lenient:
        return Lenient(game, token, variant, clause, found, written, more.pop("base", base), **more)

    return form


_cards, _dice, _zk = _forms(CARDS, "hands"), _forms(DICE, "game"), _forms(KUCKUCK, "basic")

_CASE: Final = "Any letter case in tag names, keywords and cards"
_VALUES: Final = "in the values of `Game`, `Aces`"
_DICE_CASE: Final = "any letter case in tag names, sides, `x` and `pass`"
_DICE_VALUES: Final = "the values of `Game`, `Ruleset`, `First`"
_ZK_CASE: Final = "any letter case in tag names, in keywords, in players' names in the movetext"
_ZK_VALUES: Final = "in the values of `Game` and `Variant`"
_TIGHT_DICE: Final = (
    '[Game "cuckoo-dice"][Ruleset "cuckoo"][First "Blue"][BlueRoll "1 1 2 3 4 4 4 4 5 5"]'
    '[RedRoll "1 1 2 2 3 3 4 5 6 6"][Result "1-0"]1.5@003/B 2@120 2.4@300/B'
)

LENIENT: Final[tuple[Lenient, ...]] = (
    # -- the card game ---------------------------------------------------------------------
    _cards("tag-name", "lower", _CASE, "[Game ", "[game "),
    _cards("tag-name", "upper", _CASE, "[Players ", "[PLAYERS "),
    _cards("tag-name", "mixed", _CASE, "[Dealer ", "[dEALER "),
    _cards("parameter-tag-name", "lower", _CASE, '[Lives "2"] [Aces', '[lives "2"] [aces'),
    _cards("parameter-tag-name", "upper", _CASE, "[Direction ", "[DIRECTION "),
    _cards("game-value", "upper", _VALUES, '"cuckoo-cards"', '"CUCKOO-CARDS"'),
    _cards("game-value", "mixed", _VALUES, '"cuckoo-cards"', '"Cuckoo-Cards"'),
    _cards("aces-value", "upper", _VALUES, '"high"', '"HIGH"'),
    _cards("direction-value", "mixed", _VALUES, '"right"', '"Right"'),
    _cards("lives-value", "leading-zeros", "lives with leading zeros", '"2"', '"002"'),
    *(
        _cards(word, case, _CASE, f" {word} ", f" {form} ")
        for word, forms in (
            ("deal", ("DEAL", "Deal")),
            ("keep", ("KEEP", "kEEP")),
            ("swap", ("SWAP", "Swap")),
            ("cut", ("CUT", "Cut")),
            ("show", ("SHOW", "sHOW")),
        )
        for case, form in zip(("upper", "mixed"), forms, strict=True)
    ),
    _cards("card-rank", "lower", _CASE, "cut Qd", "cut qd"),
    _cards("card-ten", "lower", _CASE, "deal Th", "deal th"),
    _cards("card-ten", "as-10", "`10` for `T`", "deal Th", "deal 10h"),
    _cards("card-suit", "upper", _CASE, "3c 9s", "3C 9S"),
    _cards("card-shown", "upper", _CASE, "show 7h 5d 4s", "show 7H 5D 4S"),
    _cards("hand-number", "missing", "missing or wrong hand numbers", "2. deal", "deal"),
    _cards("hand-number", "wrong", "missing or wrong hand numbers", "2. deal", "7. deal"),
    _cards(
        "hand-number",
        "inside-a-hand",
        "one written inside a hand numbers that hand",
        "2. deal 7h 5d 4s keep",
        "deal 7h 5d 4s 2. keep",
        rule="CC-NOTATION-NUMBERING",
    ),
    _cards(
        "tag-order",
        "reversed",
        "tags in any order",
        '[Game "cuckoo-cards"] [Lives "2"] [Aces "high"] [Direction "right"] '
        '[Players "Ann Ben Cid"] [Dealer "Ann"] [Result "*"]',
        '[Result "*"] [Dealer "Ann"] [Players "Ann Ben Cid"] [Direction "right"] '
        '[Aces "high"] [Lives "2"] [Game "cuckoo-cards"]',
    ),
    _cards("white-space", "several", "any white space between tokens", "swap keep", "swap    keep"),
    _cards("players", "commas", "separated by commas", '"Ann Ben Cid"', '"Ann, Ben,Cid"'),
    _cards("deal", "split", "the cards of one deal under more", "deal 7h 5d", "deal 7h deal 5d"),
    _cards(
        "dealer-name",
        "lower",
        "Players' names, in `Dealer` and in the result token, are written as",
        '[Dealer "Ann"]',
        '[Dealer "ann"]',
        refused="CC-SETUP-DEALER",
    ),
    _cards(
        "result-name",
        "lower",
        "Players' names, in `Dealer` and in the result token, are written as",
        'keep keep "Ben"',
        'keep keep "ben"',
        base="won",
        refused="CC-NOTATION-RESULT",
    ),
    # -- the dice game ---------------------------------------------------------------------
    _dice("tag-name", "lower", _DICE_CASE, "[Game ", "[game "),
    _dice("tag-name", "upper", _DICE_CASE, "[BlueRoll ", "[BLUEROLL "),
    _dice("tag-name", "mixed", _DICE_CASE, "[First ", "[fIRST "),
    _dice("side", "lower", _DICE_CASE, "5@003/B", "5@003/b"),
    _dice("apex-sides", "lower", _DICE_CASE, "2'@000/BA", "2'@000/ba"),
    _dice("apex-sides", "mixed", _DICE_CASE, "2'@000/BA", "2'@000/bA"),
    _dice("infect-x", "upper", _DICE_CASE, "1+1+2x4", "1+1+2X4"),
    _dice("pass", "upper", _DICE_CASE, "1@001/A pass", "1@001/A PASS"),
    _dice("pass", "mixed", _DICE_CASE, "1@100/C pass", "1@100/C Pass"),
    _dice(
        "white-space",
        "none",
        "(none, or several",
        _DICE_TAGS + " 1. 5@003/B 2@120 2. 4@300/B",
        _TIGHT_DICE,
    ),
    _dice("white-space", "several", "(none, or several", "2@120 2.", "2@120     2.   "),
    _dice("move-number", "missing", "missing or wrong move numbers", "2. 4@300/B", "4@300/B"),
    _dice("move-number", "wrong", "missing or wrong move numbers", "2. 4@300/B", "9. 4@300/B"),
    _dice("move-number", "second-ply", "and `N...`", "3@201 3.", "2... 3@201 3."),
    _dice(
        "tag-order",
        "reversed",
        "tags in any order",
        _DICE_TAGS,
        '[Result "1-0"] [RedRoll "1 1 2 2 3 3 4 5 6 6"] [BlueRoll "1 1 2 3 4 4 4 4 5 5"] '
        '[First "Blue"] [Ruleset "cuckoo"] [Game "cuckoo-dice"]',
    ),
    _dice(
        "roll", "any-order", "rolls in any order", '"1 1 2 3 4 4 4 4 5 5"', '"5 4 4 1 3 4 2 1 4 5"'
    ),
    _dice("roll", "no-spaces", "without spaces", '"1 1 2 2 3 3 4 5 6 6"', '"1122334566"'),
    _dice("game-value", "upper", _DICE_VALUES, '"cuckoo-dice"', '"CUCKOO-DICE"'),
    _dice("ruleset-value", "mixed", _DICE_VALUES, '"cuckoo"]', '"Cuckoo"]'),
    _dice("first-value", "lower", _DICE_VALUES, '"Blue"', '"blue"'),
    _dice("first-value", "upper", _DICE_VALUES, '"Blue"', '"BLUE"'),
    _dice("parameter-value", "upper", _DICE_VALUES, '"none"', '"NONE"', base="parameters"),
    _dice("parameter-value", "mixed", _DICE_VALUES, '"eastern"', '"Eastern"', base="parameters"),
    _dice("parameter-value", "yes-upper", _DICE_VALUES, '"yes"', '"YES"', base="parameters"),
    _dice(
        "seen-placement",
        "as-seen",
        "A placement written `@CELL/` followed by side-and-face pairs",
        "6@003/A",
        "@003/A6B2",
        base="opening",
        rule="CD-NOTATION-SEEN",
    ),
    _dice("seen-placement", "lower", _DICE_CASE, "6@003/A", "@003/a6b2", base="opening"),
    # -- Zum Kuckuck! ----------------------------------------------------------------------
    _zk("tag-name", "lower", _ZK_CASE, "[Game ", "[game "),
    _zk("tag-name", "upper", _ZK_CASE, "[Players ", "[PLAYERS "),
    _zk("game-value", "upper", _ZK_VALUES, '"zum-kuckuck"', '"ZUM-KUCKUCK"'),
    _zk("variant-value", "mixed", _ZK_VALUES, '"basic"', '"Basic"'),
    _zk("variant-value", "upper", _ZK_VALUES, '"tactical"', '"TACTICAL"', base="tactical"),
    _zk("deal", "upper", _ZK_CASE, "deal Bob", "DEAL Bob"),
    _zk("deal", "mixed", _ZK_CASE, "deal Cy", "Deal Cy"),
    _zk("nest", "upper", _ZK_CASE, "nest 2 12", "NEST 2 12"),
    _zk("nest", "mixed", _ZK_CASE, "nest 3 9", "Nest 3 9"),
    _zk("start", "upper", _ZK_CASE, "start Bob", "START Bob", base="tactical"),
    _zk("name-in-deal", "lower", _ZK_CASE, "deal Ann", "deal ann"),
    _zk("name-in-group", "upper", _ZK_CASE, "(Ann 60 Bob 53", "(ANN 60 bob 53"),
    _zk("name-in-play", "lower", _ZK_CASE, "Cy 9 Ann 60", "cy 9 aNN 60", base="tactical"),
    _zk("name-in-draw", "lower", _ZK_CASE, "start Bob", "start bob", base="tactical"),
    _zk(
        "name-in-result",
        "lower",
        "The names may be written in any letter case",
        '54) "Ann Bob Cy"',
        '54) "ann BOB cy"',
        base="won",
        rule="ZK-NOTATION-RESULT",
    ),
    _zk(
        "nest-cards", "higher-first", "the two nest cards in either order", "nest 2 12", "nest 12 2"
    ),
    _zk("round-number", "missing", "round numbers missing or wrong", "1.2. nest", "nest"),
    _zk("round-number", "wrong", "round numbers missing or wrong", "1.2. nest", "7.7. nest"),
    _zk(
        "round-number",
        "wrong-cycle",
        "round numbers missing or wrong",
        "2.1. nest",
        "1.2. nest",
        base="won",
    ),
    _zk(
        "group",
        "any-order",
        "the cards of a basic round's group in any order",
        "(Ann 1 Bob 54 Cy 49)",
        "(Cy 49 Ann 1 Bob 54)",
    ),
    _zk(
        "white-space",
        "several",
        "any white space between tokens",
        "(Ann 1 Bob",
        "(   Ann  1    Bob",
    ),
    _zk(
        "players",
        "commas",
        "names in `Players` separated by commas",
        '"Ann Bob Cy"]',
        '"Ann, Bob,Cy"]',
    ),
    _zk(
        "tag-order",
        "reversed",
        "tags in any order",
        '[Game "zum-kuckuck"] [Variant "basic"] [Players "Ann Bob Cy"] [Result "*"]',
        '[Result "*"] [Players "Ann Bob Cy"] [Variant "basic"] [Game "zum-kuckuck"]',
    ),
)
"""Each game's token classes, each read in each lenient form its spec allows."""


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


_CC: Final = "CC-NOTATION-CANONICAL"
_CD: Final = "CD-NOTATION-CANONICAL"
_ZK: Final = "ZK-NOTATION-CANONICAL"
_DICE_HEAD: Final = (
    '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [First "Blue"] '
    '[BlueRoll "1 2 2 3 4 4 5 5 6 6"] [RedRoll "1 1 2 3 3 4 5 6 6 6"]'
)
_ZK_HEAD: Final = '[Game "zum-kuckuck"] [Players "Ann Bob Cy"]'

WRITING: Final[tuple[Writing, ...]] = (
    # -- the card game ---------------------------------------------------------------------
    Writing(
        CARDS,
        _CC,
        "every-tag",
        "the tags one per line in the order",
        '[Zed "z"] [Round "4"] [Result "*"] [Dealer "Cid"] [Date "2026.11.27"] '
        '[Direction "left"] [Players "Ann Ben Cid"] [Site "Bonn"] [Alpha "a"] [Aces "low"] '
        '[Event "Cup"] [Lives "3"] [Game "cuckoo-cards"] *',
        "every known tag given out of order, and two others: the known ones in the roster's "
        "order, the others after them as read",
    ),
    Writing(
        CARDS,
        _CC,
        "free-tags-repeated",
        "then any other tags in the order read",
        f'{_CARD_TAGS} [Event "heat 1"] [Note "b"] [Event "heat 2"] [Note "a"] *',
        "free tags given twice keep both values, in the order read",
    ),
    Writing(
        CARDS,
        _CC,
        "escapes",
        "As for the dice game",
        f'{_CARD_TAGS} [Event "the \\"big\\" one \\\\ 2"] *',
        "a quote and a backslash in a tag value written escaped, as the dice game's",
    ),
    Writing(
        CARDS,
        _CC,
        "result-tag-added",
        "`Result`, then any other tags",
        f"{_CARD_TAGS} 1. deal 7h 3c 9s keep *",
        "a record without a Result tag gains one",
    ),
    Writing(
        CARDS,
        _CC,
        "empty-record",
        "an empty line",
        f"{_CARD_TAGS} *",
        "no move yet: the tags, the empty line, the result token",
    ),
    Writing(
        CARDS,
        _CC,
        "comment-first",
        "a comment written before the first hand on a line of its own",
        f"{_CARD_TAGS} {{before}} {{and again}} 1. deal 7h 3c 9s keep *",
        "comments before the first hand on a line of their own",
    ),
    Writing(
        CARDS,
        _CC,
        "comment-in-a-deal",
        "a comment stands only after a deal's last card",
        f"{_CARD_TAGS} 1. deal 7h {{one}} deal 3c {{two}} deal 9s swap {{three}} keep *",
        "comments among the cards of a deal written after its last card",
    ),
    Writing(
        CARDS,
        _CC,
        "dealer-not-first",
        "one line per hand, `N. deal` and the cards",
        '[Game "cuckoo-cards"] [Players "Ann Ben Cid Dan"] [Dealer "Cid"] '
        "1. deal 7h 3c 9s 5d swap keep swap cut Qd 2. deal 2c *",
        "who begins: a first dealer other than the first player; the players stay in "
        "seating order and the hands are numbered from the first",
    ),
    Writing(
        CARDS,
        _CC,
        "stopped-in-a-deal",
        "one line per hand, `N. deal` and the cards",
        f"{_CARD_TAGS} 1. deal 7h 3c *",
        "a record that stops in the middle of a deal: the line holds the cards dealt so far",
    ),
    Writing(
        CARDS,
        _CC,
        "stopped-in-the-decisions",
        "then the decisions, each followed by its comments",
        f"{_CARD_TAGS} 1. deal 7h 3c 9s keep {{Ben thinks}} swap *",
        "a record that stops between two decisions",
    ),
    Writing(
        CARDS,
        _CC,
        "finished",
        "the result token on a line of its own",
        '[Game "cuckoo-cards"] [Lives "1"] [Players "Ann Ben"] [Dealer "Ann"] '
        '1. deal 9h 3c keep keep {over} "Ben"',
        "a finished game: the winner's name quoted on its own line, and in the Result tag",
    ),
    Writing(
        CARDS,
        _CC,
        "cards-and-keywords",
        "Cards are written with a capital rank",
        f"{_CARD_TAGS} DEAL 10h tc 9S KEEP Keep CUT kd *",
        "cards with a capital rank, T for ten and a small suit, keywords in small letters",
        also=("keywords in small letters",),
    ),
    Writing(
        CARDS,
        _CC,
        "parameters-one-way",
        "A parameter tag the record has is kept",
        '[Game "cuckoo-cards"] [lives "003"] [aces "LOW"] [direction "Left"] '
        '[Players "Ann Ben"] [Dealer "Ann"] *',
        "parameter tags naming the defaults are kept, each value written one way",
        also=("the canonical form keeps what the record says",),
    ),
    Writing(
        CARDS,
        "CC-NOTATION-NUMBERING",
        "void-hand-numbered",
        "a void hand included",
        '[Game "cuckoo-cards"] [Players "Ann Ben"] [Dealer "Ann"] '
        "deal 4h 4c keep keep deal 9h 3c keep keep deal 2c *",
        "hands numbered from 1 with a void one counted, numbers written where none were",
    ),
    Writing(
        CARDS,
        "CC-NOTATION-NUMBERING",
        "numbers-rewritten",
        "A number stands before its hand's `deal`",
        f"{_CARD_TAGS} 4. deal 7h 3c 9s keep keep 1. keep show 7h 3c 9s 9. deal 2c *",
        "wrong numbers, one inside a hand and one before a show-down, written right",
    ),
    Writing(
        CARDS,
        "CC-PARTIAL-CANONICAL",
        "seen",
        "with a card nobody saw written `?`",
        f"{_CARD_TAGS} deal ? 3C ? swap keep cut 9d SHOW 3c 4h 9d deal ? *",
        "a record of what was seen: ? for a card nobody saw, the show-down at the end of its "
        "hand's line, a hand under way after it",
    ),
    # -- the dice game ---------------------------------------------------------------------
    Writing(
        DICE,
        _CD,
        "every-tag",
        'The tags, one per line as `[Name "value"]`, in this order',
        '[Zed "z"] [Result "*"] [RedRoll "6 6 6 5 4 3 3 2 1 1"] [Red "Ben"] [Round "2"] '
        '[DungeonBonus "no"] [Tiebreak "dungeon"] [InfectionPool "own"] [Handedness "western"] '
        '[Game "cuckoo-dice"] [Alpha "a"] [First "Blue"] [BlueRoll "6 6 5 5 4 4 3 2 2 1"] '
        '[Blue "Ann"] [Date "2026.11.27"] [Site "Bonn"] [Event "Cup"] [SideMajority "relative"] '
        '[InfectionLimit "2"] [DungeonTiebreak "placer"] [Ruleset "cuckoo"] *',
        "every known tag given out of order, and two others: the known ones in the table's "
        "order, the others after them as read; rolls sorted",
        also=(
            "One empty line",
            "exactly one way",
        ),
    ),
    Writing(
        DICE,
        _CD,
        "escapes",
        'A `"` or `\\` in a value is written `\\"` or `\\\\`',
        f'{_DICE_HEAD} [Event "say \\"cuckoo\\" \\\\ twice"] *',
        "a quote and a backslash in a tag value written escaped",
    ),
    Writing(
        DICE,
        _CD,
        "values-cased",
        "Known tag values are written in their canonical case",
        '[Game "CUCKOO-DICE"] [Ruleset "Dwnsiwn"] [First "red"] '
        '[BlueRoll "6,5,4 3 2 1 1 2 3 4"] [RedRoll "1 1 2 3 3 4 5 6 6 6"] *',
        "known tag values in their canonical case, rolls sorted and separated by one space",
        also=("rolls are sorted and separated by one space",),
    ),
    Writing(
        DICE,
        _CD,
        "comment-first",
        "A comment that comes before the first ply, on its own line",
        f"{_DICE_HEAD} {{before}} 1. 6@003/A {{after}} *",
        "a comment before the first ply on its own line, one after a ply beside it",
        also=("The `Result` tag is always written",),
    ),
    Writing(
        DICE,
        _CD,
        "red-begins-odd-plies",
        "One line per move number",
        '[Game "cuckoo-dice"] [Ruleset "cuckoo"] [First "Red"] '
        '[BlueRoll "1 2 2 3 4 4 5 5 6 6"] [RedRoll "1 1 2 3 3 4 5 6 6 6"] '
        "6@300/B 6@003/A 1@030/C *",
        "who begins: Red first, numbers missing, an odd number of plies (the last line holds one)",
    ),
    Writing(
        DICE,
        _CD,
        "second-ply-numbered",
        "separated by single spaces, any comments that follow it, the second ply",
        f"{_DICE_HEAD} 1. 6@003/A {{a}} 1... 6@300/B {{b}} 5. 2+3x5(4;1,6) *",
        "a number before the second ply and a wrong one are not written; each comment stays "
        "after its ply",
    ),
    Writing(
        DICE,
        _CD,
        "within-a-ply",
        "Within a ply: sides are capital letters",
        f"{_DICE_HEAD} 1. 6@003/a 6@300/b 2. 3+2X5(4;6,1) @030/c3a1 *",
        "capital sides, given dice sorted, their new values sorted, a seen placement written "
        "as the placement it stands for",
        also=(
            "an infection's given dice are sorted by value",
            "the new values of given dice of one colour are sorted",
            "a seen placement is written as the placement",
        ),
    ),
    Writing(
        DICE,
        _CD,
        "finished",
        "The result token on its own line",
        BASES[DICE]["game"].replace('[Result "1-0"] ', "").replace(" pass", " PASS"),
        "a whole game: the Result tag written from the token, which stands on its own line",
        also=("and a line break after it",),
    ),
    Writing(
        DICE,
        "CD-NOTATION-NUMBERING",
        "numbers-rewritten",
        "`N.` stands before the first of them",
        f"{_DICE_HEAD} 3. 6@003/A 3... 6@300/B 1. 2+3x5(4;1,6) *",
        "wrong numbers written right",
    ),
    # -- Zum Kuckuck! ----------------------------------------------------------------------
    Writing(
        KUCKUCK,
        _ZK,
        "every-tag",
        'The tags, one per line as `[Name "value"]`, in the order',
        '[Zed "z"] [Result "*"] [Round "3"] [Players "Ann, Bob,Cy"] [Date "2026.11.27"] '
        '[Alpha "a"] [Site "Bonn"] [Variant "BASIC"] [Event "Cup"] [Game "Zum-Kuckuck"] *',
        "every known tag given out of order, and two others; Game and Variant in small "
        "letters, the names separated by single spaces",
        also=(
            "`Game` and `Variant` are written in small letters",
            "the names in `Players` are separated by single spaces",
            "One empty line",
        ),
    ),
    Writing(
        KUCKUCK,
        _ZK,
        "escapes",
        'A `"` or `\\` in a value is written `\\"` or `\\\\`',
        f'{_ZK_HEAD} [Event "a \\"b\\" \\\\ c"] *',
        "a quote and a backslash in a tag value written escaped",
    ),
    Writing(
        KUCKUCK,
        _ZK,
        "no-variant-added",
        "The `Variant` tag is written when the record has one",
        f"{_ZK_HEAD} {_ZK_DEAL} *",
        "a record without a Variant tag gains none, and gains a Result tag",
        also=("The `Result` tag is always written",),
    ),
    Writing(
        KUCKUCK,
        _ZK,
        "comment-first",
        "A comment that comes before the first item, on its own line",
        f"{_ZK_HEAD} {{before}} {_ZK_DEAL} {{dealt}} *",
        "a comment before the first item on its own line, one after a deal item beside it",
    ),
    Writing(
        KUCKUCK,
        _ZK,
        "stopped-in-the-deal",
        "One line per deal item",
        f"{_ZK_HEAD} deal ann 1 2 3 4 25 26 27 28 57 58 59 60 *",
        "a record that stops after the first deal item",
    ),
    Writing(
        KUCKUCK,
        _ZK,
        "stopped-in-a-round",
        "then `nest a b` with `a ≤ b`",
        f"{_ZK_HEAD} {_ZK_DEAL} nest 9 3 (Cy 9 Ann 60 Bob 53) nest 12 2 *",
        "a record that stops after a round's nest cards: its number and nest cards written, "
        "the nest cards lower first, the group in seating order",
        also=("then the cards, as a group in seating order",),
    ),
    Writing(
        KUCKUCK,
        _ZK,
        "tactical-who-begins",
        "then the start draw `start NAME`, if the round has one",
        '[Game "zum-kuckuck"] [Variant "tactical"] [Players "Ann Bob Cy"] '
        f"{_ZK_DEAL} start bob nest 3 9 bob 53 {{led}} cy 9 ann 60 nest 2 12 Cy 49 *",
        "who begins: the start draw before the first nest cards, the cards in the order "
        "played, a round stopped after its first card, the names as the Players tag writes "
        "them",
        also=(
            "Items are separated by single spaces",
            "Keywords are written in small letters",
        ),
    ),
    Writing(
        KUCKUCK,
        _ZK,
        "cycles-numbered",
        "with `C` the cycle and `R` the round within the cycle",
        '[Game "zum-kuckuck"] [Players "Ann Bob Cy"] '
        "deal Ann 1 2 3 4 5 6 49 50 51 52 53 54 deal Bob 25 26 27 28 29 30 31 32 33 55 56 57 "
        "deal Cy 34 35 36 37 38 39 40 41 42 58 59 60 nest 3 9 (Ann 54 Bob 55 Cy 34) "
        "nest 3 9 (Ann 34 Bob 54 Cy 55) 9.9. nest 3 9 (Ann 55 Bob 34 Cy 54) "
        '"ANN bob Cy"',
        "rounds numbered across three cycles (1.1., 2.1., 3.1.); a finished match's shared "
        "win written with the names as in Players",
        also=("The result token on a line of its own",),
    ),
    Writing(
        KUCKUCK,
        "ZK-PARTIAL-CANONICAL",
        "seen",
        "with the `Cockatoos` tag after `Players`",
        '[Cockatoos "4  4 4"] [Game "zum-kuckuck"] [Players "Ann Bob Cy"] '
        "deal Ann 1 2 3 4 25 26 27 28 57 58 59 60 deal Bob ? ? ? ? ? ? ? ? ? ? ? ? "
        "deal Cy ? ? ? ? ? ? ? ? ? ? ? ? nest 3 9 (Ann 60 Bob 53 Cy 9) *",
        "a record of what was seen: the Cockatoos tag after Players, ? for a card nobody saw",
    ),
    Writing(
        KUCKUCK,
        "ZK-PARTIAL-CANONICAL",
        "nothing-seen",
        "when the tag is given and every dealt card is `?`, no deal item is written",
        '[Game "zum-kuckuck"] [Players "Ann Bob Cy"] [Cockatoos "4 4 4"] '
        "deal Ann ? ? ? ? ? ? ? ? ? ? ? ? deal Bob ? ? ? ? ? ? ? ? ? ? ? ? "
        "deal Cy ? ? ? ? ? ? ? ? ? ? ? ? nest 3 9 (Ann 60 Bob 53 Cy 9) *",
        "a deal nobody saw a card of is left out",
    ),
)
"""Each game's canonical-writing rules, each exercised where it can go wrong."""


REFUSALS: Final[tuple[Case, ...]] = (
    Case(
        "dice-refused-side-not-shown",
        ("CD-PLACE-EXPOSE",),
        ("6@003/C",),
        "error",
        about="a side the edge cell does not show (003 shows A and B)",
    ),
    Case(
        "zk-refused-name-deal",
        ("ZK-SETUP-PLAYERS",),
        expect="error",
        players=("Ann", "deal", "Cy"),
        game=KUCKUCK,
        about="a player named as a word of the notation",
    ),
    Case(
        "zk-refused-name-in-a-record",
        ("ZK-SETUP-PLAYERS",),
        expect="error",
        record='[Game "zum-kuckuck"] [Players "Ann Start Cy"] *',
        game=KUCKUCK,
        about="a player named as a word of the notation, in any letter case",
    ),
    Case(
        "zk-refused-result-tag-case",
        ("ZK-NOTATION-TAGS", "ZK-NOTATION-RESULT"),
        expect="error",
        record=BASES[KUCKUCK]["won"]
        .replace('[Players "Ann Bob Cy"]', '[Players "Ann Bob Cy"] [Result "Ann Bob Cy"]')
        .replace('54) "Ann Bob Cy"', '54) "ann bob cy"'),
        game=KUCKUCK,
        about="a Result tag compared with the result token as written, letter case included",
    ),
)
"""Normative sentences no other case showed (:data:`.coverage_notation.SHOWN`)."""


def notation_cases(game: str) -> Iterator[Case]:
    """*game*'s cases of :data:`LENIENT`, :data:`WRITING` and :data:`REFUSALS`."""
    for form in LENIENT:
        if form.game == game:
            yield Case(
                form.id,
                (form.source, *((form.refused,) if form.refused else ())),
                expect="error" if form.refused else "format",
                record=form.record(),
                about=f"{form.token} written {form.variant}: "
                + ("refused" if form.refused else "read, and written canonically"),
            )
    for writing in WRITING:
        if writing.game == game:
            yield Case(
                writing.id,
                (writing.rule,),
                expect="format",
                record=writing.record,
                about=writing.about,
            )
    yield from (case for case in REFUSALS if case.game == game)
