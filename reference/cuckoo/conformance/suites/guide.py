"""What the implementer's guide demands where no other case stood on it: the fields of a
Zum Kuckuck! ``state`` in a record of what was seen (``unseen``, ``dealt`` filled by what
was seen later), ``legal`` where the ``Cockatoos`` counts rule numbers out, a record that
stops within its deal, a show naming no player before the deal is complete, and the
protocol's reading of ``new``, ``chance`` and an empty line."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Final

from .cases import CARDS, KUCKUCK, Case, scripted

_TAGS: Final = '[Game "zum-kuckuck"] [Players "Ann Ben Cid"] [Cockatoos "{}"]'
_UNSEEN: Final = " ".join(["?"] * 12)

_guide: Final = partial(scripted, tags=("guide",))


def guide_cases(game: str) -> Iterator[Case]:
    """The cases of *game*."""
    if game == KUCKUCK:
        yield from _kuckuck()
    elif game == CARDS:
        yield from _cards()
    else:
        yield _guide(
            "cuckoo-dice",
            "guide-new-word-without-value",
            ("CD-RULESET-PARAMS",),
            "error",
            ("new cuckoo Blue 1223445566 1123345666 dungeon_bonus",),
            "every word after the rolls is name=value (? protocol)",
        )
        yield _guide(
            "cuckoo-dice",
            "guide-chance-nothing",
            ("CD-TURN-CHANCE",),
            "error",
            ("new cuckoo Blue 1223445566 1123345666", "chance"),
            "chance with no infection (? protocol)",
        )
        yield _guide(
            "cuckoo-dice",
            "guide-empty-line",
            ("CD-TURN-ORDER",),
            "error",
            ("new cuckoo Blue 1223445566 1123345666", " \t "),
            "a line with no word (? protocol)",
        )


_CC: Final = '[Game "cuckoo-cards"] [Players "Ann Ben"] [Dealer "Ann"]'
_CC_LAST: Final = _CC + ' [Lives "1"] 1. deal 9h 3c keep keep'
"""A game of one hand: Ann keeps the 3c and goes out, Ben wins."""
_CC_THREE: Final = ("new cuckoo-cards Ann Ann Ben Cid", "apply deal ? 3c")
"""A deal under way with a card nobody saw (Ben's); Cid's 3c seen, Ann's still due."""


def _cards() -> Iterator[Case]:
    yield _guide(
        CARDS,
        "cards-guide-new-parameter-twice",
        ("CC-RULESET-PARAMS",),
        "error",
        ("new cuckoo-cards Ann Ann Ben lives=2 lives=3",),
        "a parameter given twice is refused (? protocol)",
    )
    yield _guide(
        CARDS,
        "cards-guide-new-dealer-case",
        ("CC-SETUP-DEALER",),
        "error",
        ("new cuckoo-cards ann Ann Ben",),
        "new is exact about letter case: the dealer ann is not the player Ann",
    )
    yield _guide(
        CARDS,
        "cards-guide-new-one-name",
        ("CC-SETUP-PLAYERS",),
        "error",
        ("new cuckoo-cards Ann",),
        "fewer than a dealer and two players: the usage (? protocol)",
    )
    for case_id, rules, expect, commands, about in (
        ("cards-guide-show-last-hand-record", ("CC-PARTIAL-SHOW", "CC-TURN-OVER"), "state",
         (f'record {_CC_LAST} show 9h 3c "Ben"',),
         "the show-down of the game's last hand ends that hand: no move, so CC-TURN-OVER "
         "does not refuse it"),
        ("cards-guide-show-last-hand-moves", ("CC-PARTIAL-SHOW", "CC-TURN-OVER"), "state",
         ("new cuckoo-cards Ann Ann Ben lives=1", "apply deal 9h 3c", "apply keep",
          "apply keep", "apply show 9h 3c"),
         "the same moves one at a time: the same state as the record"),
        ("cards-guide-show-again-after-end", ("CC-PARTIAL-SHOW",), "error",
         (f'record {_CC_LAST} show 9h 3c "Ben"', "apply show 9h 3c"),
         "a second show-down is out of place (malformed), not CC-TURN-OVER"),
        ("cards-guide-show-again-record", ("CC-PARTIAL-SHOW",), "error",
         (f'record {_CC_LAST} show 9h 3c show 9h 3c "Ben"',),
         "the same, in a record"),
        ("cards-guide-deal-after-show-at-end", ("CC-TURN-OVER",), "error",
         (f'record {_CC_LAST} show 9h 3c "Ben"', "apply deal 2c"),
         "after the last hand's show-down, a deal is refused as after the end"),
        ("cards-guide-show-count", ("CC-PARTIAL-SHOW", "CC-CARD-DECK"), "error",
         (*_CC_THREE, "apply deal 9h", "apply keep", "apply keep", "apply keep",
          "apply show 3c 3c"),
         "another number of cards than players in the hand: malformed, before the cards "
         "are looked at"),
        ("cards-guide-show-twice-before-seen", ("CC-CARD-DECK", "CC-PARTIAL-SHOW"), "error",
         (*_CC_THREE, "apply deal 9h", "apply keep", "apply keep", "apply keep",
          "apply show 7h 3c 3c"),
         "one card shown by two players (CC-CARD-DECK) before a card the table saw "
         "elsewhere (CC-PARTIAL-SHOW)"),
        ("cards-guide-chance-in-deal", ("CC-PARTIAL-UNSEEN",), "error",
         (*_CC_THREE, "chance"),
         "chance is refused from the deal of a ? on, until the hand is shown (? protocol)"),
        ("cards-guide-perft-in-deal", ("CC-PARTIAL-UNSEEN",), "error",
         (*_CC_THREE, "perft 1"),
         "perft is refused there too (? protocol)"),
        ("cards-guide-legal-in-deal", ("CC-PARTIAL-UNSEEN",), "legal",
         (*_CC_THREE,),
         "legal at a deal lists the cards not seen in the hand, never ?"),
        ("cards-guide-tag-values-trimmed", ("CC-NOTATION-LENIENT", "CC-NOTATION-CANONICAL"),
         "format", ('format [Game " cuckoo-cards "] [Players "Ann Ben"] [Dealer " Ann"] '
                    '[Lives " 03 "] *',),
         "white space around Game, Dealer and Lives dropped, the values written as read"),
        ("cards-guide-result-tag-kept", ("CC-NOTATION-RESULT",), "error",
         (f'record {_CC} [Lives "1"] [Result " Ben "] 1. deal 9h 3c keep keep "Ben"',),
         "a Result tag is compared as written: \" Ben \" is not Ben"),
        ("cards-guide-comments-before-first-hand", ("CC-NOTATION-CANONICAL",), "format",
         (f"format {_CC} {{a}} {{b}} {{c}} 1. deal 7h *",),
         "each comment before the first hand on a line of its own, in order"),
        ("cards-guide-canonical-result-tag", ("CC-NOTATION-CANONICAL",), "format",
         (f'format {_CC} [Lives "1"] [Event "a \\"b\\" \\\\"] 1. deal 9h 3c keep keep "Ben"',),
         "the Result tag written though the record had none; escapes kept; a line break last"),
        ("cards-guide-no-separators-record", ("CC-NOTATION-SYNTAX",), "state",
         (f"record {_CC} deal7h3c keepkeep *",),
         "tokens that read apart need no white space between them"),
        ("cards-guide-no-separators-apply", ("CC-NOTATION-SYNTAX", "CC-DEAL"), "state",
         ("new cuckoo-cards Ann Ann Ben", "apply deal7h3c"),
         "apply reads a deal as a record does: both cards dealt"),
        ("cards-guide-without-game-tag", ("CC-NOTATION-TAGS",), "error",
         ('record [Players "Ann Ben"] [Dealer "Ann"] 1. deal 7h 3c *',),
         "no Game tag: a dice record, refused by the dice grammar at deal"),
        ("cards-guide-without-game-tag-no-moves", ("CC-NOTATION-TAGS",), "error",
         ('record [Players "Ann Ben"] [Dealer "Ann"] *',),
         "no Game tag and no moves: a dice record without its tags"),
        ("cards-guide-unknown-game", ("CC-NOTATION-TAGS",), "error",
         ('record [Game "cuckoo-card"] [Players "Ann Ben"] [Dealer "Ann"] *',),
         "a Game tag naming no game: CD-NOTATION-TAGS, before any check of the card game"),
        ("cards-guide-game-tag-first", ("CC-NOTATION-TAGS",), "error",
         ('record [Game "Ann [Lives "1"] [Players "Ann Ben"] [Dealer "Ann"] *',),
         "the Game tag's value is found before the syntax is checked"),
        ("cards-guide-new-game-misspelled", ("CC-SETUP-PLAYERS",), "error",
         ("new CUCKOO-CARDS Ann Ann Ben",),
         "any first word but cuckoo-cards and zum-kuckuck is a dice ruleset"),
        ("cards-guide-new-unknown-short", ("CC-SETUP-PLAYERS",), "error",
         ("new foo Ann Ben",),
         "the same with fewer than four words: the dice game's usage (? protocol)"),
    ):  # fmt: skip
        yield _guide(CARDS, case_id, rules, expect, commands, about)


def _kuckuck() -> Iterator[Case]:
    seen = _TAGS.format("4 3 5") + " nest 1 2 (Ann 49 Ben 13 Cid 25)"
    yield _guide(
        KUCKUCK,
        "zk-guide-state-unseen",
        ("ZK-PARTIAL-UNSEEN", "ZK-PARTIAL-PLAY"),
        "state",
        (f"record {seen} *",),
        "unseen counts each hand's cards nobody saw; dealt holds the cards played "
        "since, the rest ?",
    )
    yield _guide(
        KUCKUCK,
        "zk-guide-dealt-shown-later",
        ("ZK-PARTIAL-SHOW",),
        "state",
        (f"record {seen} show Ben 14 15 *",),
        "a hand shown later fills its ? in dealt",
    )
    yield _guide(
        KUCKUCK,
        "zk-guide-legal-counts",
        ("ZK-PARTIAL-PLAY", "ZK-PARTIAL-COUNT"),
        "legal",
        (f"record {_TAGS.format('0 0 12')} nest 1 2 *",),
        "legal leaves out the numbers the counts rule out",
    )
    yield _guide(
        KUCKUCK,
        "zk-guide-record-within-deal",
        ("ZK-PARTIAL-CANONICAL",),
        "format",
        (f"format {_TAGS.format('4 3 5')} deal Ann {_UNSEEN} *",),
        "a record stopping within its deal keeps its deal items",
    )
    yield _guide(
        KUCKUCK,
        "zk-guide-record-within-deal-legal",
        ("ZK-PARTIAL-UNSEEN",),
        "legal",
        (f"record {_TAGS.format('4 3 5')} deal Ann {_UNSEEN} deal Ben 13 {_UNSEEN[:-2]} *",),
        "legal at a deal of what was seen: deal:Cid:? besides the cards left",
    )
    yield _guide(
        KUCKUCK,
        "zk-guide-show-no-player",
        ("ZK-PARTIAL-SHOW",),
        "error",
        ("new zum-kuckuck Ann Ben Cid", "apply show Dan 13"),
        "a show naming no player is malformed, before the deal is complete",
    )
    plain = '[Game "zum-kuckuck"] [Players "Ann Ben Cid"]'
    for case_id, rules, commands, about in (
        ("zk-guide-deal-due-before-unseen", ("ZK-NOTATION-DEAL", "ZK-PARTIAL-COUNT"),
         (f"record {plain} deal Ben ? 1 *",), "the player due, before the ? without the tag"),
        ("zk-guide-deal-unseen-before-size", ("ZK-PARTIAL-COUNT", "ZK-NOTATION-DEAL"),
         (f"record {plain} deal Ann ? 1 *",), "the ? without the tag, before the twelve cards"),
        ("zk-guide-deal-unseen-before-card", ("ZK-PARTIAL-COUNT", "ZK-SETUP-DEAL"),
         ("new zum-kuckuck Ann Ben Cid", "apply deal Ann 0 ?"),
         "the ? without the tag, before the card 0 that is none"),
    ):  # fmt: skip
        yield _guide(KUCKUCK, case_id, rules, "error", commands, about)
    yield _guide(
        KUCKUCK,
        "zk-guide-chance-argument",
        ("ZK-TURN-CHANCE",),
        "error",
        ("new zum-kuckuck Ann Ben Cid", "chance deal"),
        "chance takes nothing in Zum Kuckuck! (? protocol)",
    )
    yield _guide(
        KUCKUCK,
        "zk-guide-new-parameter-twice",
        ("ZK-RULESET-PARAMS",),
        "error",
        ("new zum-kuckuck Ann Ben Cid variant=basic variant=tactical",),
        "a parameter given twice is refused (? protocol)",
    )
