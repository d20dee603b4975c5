"""The card game's entries of the notation's cases (:mod:`.suites.notation`): each token class
read in each lenient form its spec allows, and each canonical-writing rule exercised where
it can go wrong."""

from __future__ import annotations

from typing import Final

from .cases import CARDS
from .notation_core import Lenient, Writing, forms

_cards = forms(CARDS, "hands")

_CASE: Final = "Any letter case in tag names, keywords and cards"
_VALUES: Final = "in the values of `Game`, `Aces`"
_SPACED: Final = "white space around the value of `Game`, `Dealer`"
_CARD_TAGS: Final = '[Game "cuckoo-cards"] [Players "Ann Ben Cid"] [Dealer "Ann"]'

LENIENT: Final[tuple[Lenient, ...]] = (
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
        _cards(
            f"{tag}-value",
            "spaces",
            _SPACED,
            f'[{tag.title()} "{value}"]',
            f'[{tag.title()} " {value}  "]',
        )
        for tag, value in (("game", "cuckoo-cards"), ("dealer", "Ann"), ("lives", "2"))
    ),
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
)
"""The card game's token classes, each read in each lenient form its spec allows."""

_CC: Final = "CC-NOTATION-CANONICAL"

WRITING: Final[tuple[Writing, ...]] = (
    Writing(
        CARDS,
        _CC,
        "every-tag",
        'The tags one per line, `[Name "value"]`, in the order',
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
        'a tag value is written with `"` and `\\` escaped',
        f'{_CARD_TAGS} [Event "the \\"big\\" one \\\\ 2"] *',
        "a quote and a backslash in a tag value written escaped, as the dice game's",
    ),
    Writing(
        CARDS,
        _CC,
        "result-tag-added",
        "the `Result` tag is always written",
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
        "each comment written before the first hand on a line of its own, in the order written",
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
)
"""The card game's canonical-writing rules, each exercised where it can go wrong."""
