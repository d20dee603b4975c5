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
