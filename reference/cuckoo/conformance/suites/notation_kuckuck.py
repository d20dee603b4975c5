"""Zum Kuckuck!'s entries of the notation's cases (:mod:`.suites.notation`): each token class
read in each lenient form its spec allows, and each canonical-writing rule exercised where
it can go wrong."""

from __future__ import annotations

from typing import Final

from .cases import KUCKUCK
from .notation_core import ZK_DEAL, Lenient, Writing, forms

_zk = forms(KUCKUCK, "basic")

_ZK_CASE: Final = "any letter case in tag names, in keywords, in players' names in the movetext"
_ZK_VALUES: Final = "in the values of `Game` and `Variant`"

LENIENT: Final[tuple[Lenient, ...]] = (
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
    _zk("show", "upper", _ZK_CASE, "show Ann", "SHOW Ann", base="seen"),
    _zk("show", "mixed", _ZK_CASE, "show Ann", "Show Ann", base="seen"),
    _zk("name-in-show", "lower", _ZK_CASE, "show Ann", "show aNN", base="seen"),
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
"""Zum Kuckuck!'s token classes, each read in each lenient form its spec allows."""

_ZK: Final = "ZK-NOTATION-CANONICAL"
_ZK_HEAD: Final = '[Game "zum-kuckuck"] [Players "Ann Bob Cy"]'

WRITING: Final[tuple[Writing, ...]] = (
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
        f"{_ZK_HEAD} {ZK_DEAL} *",
        "a record without a Variant tag gains none, and gains a Result tag",
        also=("The `Result` tag is always written",),
    ),
    Writing(
        KUCKUCK,
        _ZK,
        "comment-first",
        "A comment that comes before the first item, on its own line",
        f"{_ZK_HEAD} {{before}} {ZK_DEAL} {{dealt}} *",
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
        f"{_ZK_HEAD} {ZK_DEAL} nest 9 3 (Cy 9 Ann 60 Bob 53) nest 12 2 *",
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
        f"{ZK_DEAL} start bob nest 3 9 bob 53 {{led}} cy 9 ann 60 nest 2 12 Cy 49 *",
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
        _ZK,
        "shown-where-read",
        "A hand shown (`ZK-PARTIAL-SHOW`) is written where it was read",
        '[Game "zum-kuckuck"] [Variant "tactical"] [Players "Ann Bob Cy"] [Cockatoos "4 4 4"] '
        "show cy 9 {seen} show Bob 53 1.1. start Bob nest 3 9 Bob 53 show ann 60 59 {late} "
        "Cy 9 Ann 60 show Bob 54 1.2. nest 2 12 *",
        "shows where they were read: two before the first round on a line of their own, one "
        "in the middle of a tactical round, one after the round's last card on its line, a "
        "comment after a show kept beside it, the names as the Players tag writes them",
        also=(
            "on the line of the round it follows or stands in",
            "before the first round, on a line of its own after the deal",
        ),
    ),
    Writing(
        KUCKUCK,
        "ZK-PARTIAL-CANONICAL",
        "shows",
        "each show where it was read, its cards in the order written",
        '[Game "zum-kuckuck"] [Players "Ann Bob Cy"] [Cockatoos "4 4 4"] '
        "deal Ann ? ? ? ? ? ? ? ? ? ? ? ? deal Bob ? ? ? ? ? ? ? ? ? ? ? ? "
        "deal Cy ? ? ? ? ? ? ? ? ? ? ? ? show ANN 60 2 59 nest 3 9 (Ann 60 Bob 53 Cy 9) *",
        "a deal nobody saw left out, a show before the first round kept after it, its cards "
        "in the order written (not sorted), its name as in Players",
        also=("its name as the `Players` tag writes it",),
    ),
    Writing(
        KUCKUCK,
        "ZK-PARTIAL-CANONICAL",
        "nothing-seen",
        "when the tag is given, the deal is complete and every dealt card is `?`, no deal "
        "item is written",
        '[Game "zum-kuckuck"] [Players "Ann Bob Cy"] [Cockatoos "4 4 4"] '
        "deal Ann ? ? ? ? ? ? ? ? ? ? ? ? deal Bob ? ? ? ? ? ? ? ? ? ? ? ? "
        "deal Cy ? ? ? ? ? ? ? ? ? ? ? ? nest 3 9 (Ann 60 Bob 53 Cy 9) *",
        "a deal nobody saw a card of is left out",
    ),
    Writing(
        KUCKUCK,
        "ZK-PARTIAL-CANONICAL",
        "seen-stopped-in-the-deal",
        "a record that stops before its last deal item keeps the items it has",
        '[Game "zum-kuckuck"] [Players "Ann Bob Cy"] [Cockatoos "4 4 4"] '
        "deal Ann ? ? ? ? ? ? ? ? ? ? ? ? deal Bob ? ? ? ? ? ? ? ? ? ? ? ? *",
        "a deal nobody saw, stopped before Cy's hand, is kept: without it the record would "
        "start after the deal",
    ),
)
"""Zum Kuckuck!'s canonical-writing rules, each exercised where it can go wrong."""
